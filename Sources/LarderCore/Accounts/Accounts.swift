import Foundation

/// A user account's identifier: random, never shown as a name.
public struct UserID: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
  /// The identifier's text.
  public let rawValue: String
  /// Wraps an identifier's text as is.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The identifier's text.
  public var description: String { rawValue }

  /// Encodes as a plain string.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// Decodes from a plain string.
  public init(from decoder: Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }
}

/// What a member may do in a household.
public enum Role: String, Codable, Sendable, CaseIterable, Comparable {
  /// Reads recipes and cooks from the pantry; changes nothing.
  case viewer
  /// Everything a household keeps: recipes, pantry, plan, list, foods, imports.
  case member
  /// A member who also manages members, invitations, share links and the household's name.
  case owner

  /// Viewer < member < owner.
  public static func < (lhs: Role, rhs: Role) -> Bool {
    let order: [Role] = [.viewer, .member, .owner]
    return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
  }
}

/// A person who signs in.
public struct UserAccount: Hashable, Sendable {
  /// The account's identifier.
  public var id: UserID
  /// The name typed to sign in; unique without regard to case.
  public var login: String
  /// The name shown to others.
  public var displayName: String
  /// The password as an Argon2id hash string (never the password itself).
  public var passwordHash: String
  /// When the account was made.
  public var createdAt: Date

  /// Makes an account.
  public init(
    id: UserID, login: String, displayName: String, passwordHash: String, createdAt: Date
  ) {
    self.id = id
    self.login = login
    self.displayName = displayName
    self.passwordHash = passwordHash
    self.createdAt = createdAt
  }
}

/// A group of people who share recipes, a pantry, a plan and a list.
public struct Household: Hashable, Sendable, Codable {
  /// The household's identifier.
  public var id: HouseholdID
  /// The household's name, as its members see it ("Home").
  public var name: String
  /// When it was made.
  public var createdAt: Date

  /// Makes a household.
  public init(id: HouseholdID, name: String, createdAt: Date) {
    self.id = id
    self.name = name
    self.createdAt = createdAt
  }
}

/// A user's place in a household.
public struct Membership: Hashable, Sendable {
  /// The household.
  public var householdID: HouseholdID
  /// The member.
  public var userID: UserID
  /// What the member may do there.
  public var role: Role
  /// When the user joined.
  public var joinedAt: Date

  /// Makes a membership.
  public init(householdID: HouseholdID, userID: UserID, role: Role, joinedAt: Date) {
    self.householdID = householdID
    self.userID = userID
    self.role = role
    self.joinedAt = joinedAt
  }
}

/// A signed-in browser: the cookie's token is kept only as its hash.
public struct SessionRecord: Hashable, Sendable {
  /// A public identifier, for listing and revoking sessions (not the token).
  public var id: String
  /// The SHA-256 of the session token, hex.
  public var tokenHash: String
  /// Who signed in.
  public var userID: UserID
  /// The household the session acts in now.
  public var householdID: HouseholdID
  /// When the user signed in.
  public var createdAt: Date
  /// When the session was last used; it ends after a while unused.
  public var lastSeenAt: Date
  /// When the session ends however much it is used.
  public var expiresAt: Date
  /// The browser's own description of itself, for the list of sessions.
  public var userAgent: String
  /// The address the user signed in from.
  public var clientAddress: String

  /// Makes a session record.
  public init(
    id: String, tokenHash: String, userID: UserID, householdID: HouseholdID, createdAt: Date,
    lastSeenAt: Date, expiresAt: Date, userAgent: String, clientAddress: String
  ) {
    self.id = id
    self.tokenHash = tokenHash
    self.userID = userID
    self.householdID = householdID
    self.createdAt = createdAt
    self.lastSeenAt = lastSeenAt
    self.expiresAt = expiresAt
    self.userAgent = userAgent
    self.clientAddress = clientAddress
  }
}

/// A personal API token for scripts and other apps: kept only as its hash.
public struct APITokenRecord: Hashable, Sendable {
  /// A public identifier, for listing and revoking.
  public var id: String
  /// The SHA-256 of the token, hex.
  public var tokenHash: String
  /// Whose token it is; it acts as them.
  public var userID: UserID
  /// The household it acts in.
  public var householdID: HouseholdID
  /// The label its owner gave it ("shopping script").
  public var name: String
  /// Whether it may only read.
  public var isReadOnly: Bool
  /// When it was made.
  public var createdAt: Date
  /// When it was last used; nil when never.
  public var lastUsedAt: Date?

  /// Makes a token record.
  public init(
    id: String, tokenHash: String, userID: UserID, householdID: HouseholdID, name: String,
    isReadOnly: Bool, createdAt: Date, lastUsedAt: Date? = nil
  ) {
    self.id = id
    self.tokenHash = tokenHash
    self.userID = userID
    self.householdID = householdID
    self.name = name
    self.isReadOnly = isReadOnly
    self.createdAt = createdAt
    self.lastUsedAt = lastUsedAt
  }
}

/// A link that lets people join a household: kept only as its token's hash.
public struct InvitationRecord: Hashable, Sendable {
  /// A public identifier, for listing and revoking.
  public var id: String
  /// The SHA-256 of the link's token, hex.
  public var tokenHash: String
  /// The household it joins.
  public var householdID: HouseholdID
  /// The role people who join by it get.
  public var role: Role
  /// Who made it.
  public var createdBy: UserID
  /// When it was made.
  public var createdAt: Date
  /// When it stops working.
  public var expiresAt: Date
  /// How many people may join by it.
  public var maxUses: Int
  /// How many have.
  public var uses: Int

  /// Makes an invitation record.
  public init(
    id: String, tokenHash: String, householdID: HouseholdID, role: Role, createdBy: UserID,
    createdAt: Date, expiresAt: Date, maxUses: Int, uses: Int = 0
  ) {
    self.id = id
    self.tokenHash = tokenHash
    self.householdID = householdID
    self.role = role
    self.createdBy = createdBy
    self.createdAt = createdAt
    self.expiresAt = expiresAt
    self.maxUses = maxUses
    self.uses = uses
  }
}

/// What a share link shows: one recipe, or a collection (a tag) of the household's recipes.
public enum SharedSubject: Hashable, Sendable {
  /// One recipe.
  case recipe(RecipeID)
  /// Every recipe of the household with this tag (a recipe's keyword, compared ignoring case)
  /// at the time the link is opened: a recipe tagged later shows, one untagged no longer does.
  case collection(String)
}

/// A read-only public link to one recipe or one collection: kept only as its token's hash.
public struct ShareLinkRecord: Hashable, Sendable {
  /// A public identifier, for listing and revoking.
  public var id: String
  /// The SHA-256 of the link's token, hex.
  public var tokenHash: String
  /// The household whose recipe or collection it shows.
  public var householdID: HouseholdID
  /// What it shows.
  public var subject: SharedSubject
  /// Who made it.
  public var createdBy: UserID
  /// When it was made.
  public var createdAt: Date

  /// Makes a share link record.
  public init(
    id: String, tokenHash: String, householdID: HouseholdID, subject: SharedSubject,
    createdBy: UserID, createdAt: Date
  ) {
    self.id = id
    self.tokenHash = tokenHash
    self.householdID = householdID
    self.subject = subject
    self.createdBy = createdBy
    self.createdAt = createdAt
  }
}

/// Where accounts, households, memberships, sessions, tokens, invitations and share links are
/// kept. Tokens are looked up by their hash only; no method takes a token itself.
///
/// Methods that add a record with a unique value already taken (a login name) throw
/// ``LarderCoreError/invalidField(_:value:reason:item:)``.
public protocol AccountStore: Sendable {
  /// How many accounts there are.
  func userCount() throws -> Int
  /// Every account, by login name.
  func users() throws -> [UserAccount]
  /// The account with this id, or nil.
  func user(id: UserID) throws -> UserAccount?
  /// The account with this login name (without regard to case), or nil.
  func user(login: String) throws -> UserAccount?
  /// Adds an account; a login name already taken is refused.
  func insertUser(_ user: UserAccount) throws
  /// Changes an account's names or password hash.
  func updateUser(_ user: UserAccount) throws
  /// Removes an account with its memberships, sessions and tokens.
  func deleteUser(id: UserID) throws

  /// Every household, oldest first.
  func households() throws -> [Household]
  /// Adds a household.
  func insertHousehold(_ household: Household) throws
  /// Renames a household.
  func renameHousehold(_ id: HouseholdID, to name: String) throws

  /// The user's memberships, oldest first.
  func memberships(user: UserID) throws -> [Membership]
  /// The household's members, oldest first.
  func members(household: HouseholdID) throws -> [Membership]
  /// Adds a membership or changes its role.
  func saveMembership(_ membership: Membership) throws
  /// Takes a user out of a household.
  func removeMembership(household: HouseholdID, user: UserID) throws

  /// Adds a session.
  func insertSession(_ session: SessionRecord) throws
  /// The session whose token has this hash, or nil.
  func session(tokenHash: String) throws -> SessionRecord?
  /// The user's sessions, newest first.
  func sessions(user: UserID) throws -> [SessionRecord]
  /// Saves a session's last use or household.
  func updateSession(_ session: SessionRecord) throws
  /// Ends a session.
  func deleteSession(id: String) throws
  /// Ends every session of the user (a password change, a removed account).
  func deleteSessions(user: UserID) throws
  /// Ends every session whose time is up: unused since `idleBefore`, or past its expiry at
  /// `now`.
  func deleteExpiredSessions(idleBefore: Date, now: Date) throws

  /// Adds an API token.
  func insertAPIToken(_ token: APITokenRecord) throws
  /// The token with this hash, or nil.
  func apiToken(tokenHash: String) throws -> APITokenRecord?
  /// The user's tokens, newest first.
  func apiTokens(user: UserID) throws -> [APITokenRecord]
  /// Records a token's use.
  func touchAPIToken(id: String, at date: Date) throws
  /// Revokes a token.
  func deleteAPIToken(id: String) throws

  /// Adds an invitation.
  func insertInvitation(_ invitation: InvitationRecord) throws
  /// The invitation with this token hash, or nil.
  func invitation(tokenHash: String) throws -> InvitationRecord?
  /// The household's invitations, newest first.
  func invitations(household: HouseholdID) throws -> [InvitationRecord]
  /// Counts one use if the invitation has uses left and has not expired at `now`; returns
  /// whether it did, in one step so two people cannot take the last use.
  func consumeInvitation(id: String, now: Date) throws -> Bool
  /// Revokes an invitation.
  func deleteInvitation(id: String) throws

  /// Adds a share link.
  func insertShareLink(_ link: ShareLinkRecord) throws
  /// The share link with this token hash, or nil.
  func shareLink(tokenHash: String) throws -> ShareLinkRecord?
  /// The household's share links, newest first.
  func shareLinks(household: HouseholdID) throws -> [ShareLinkRecord]
  /// Revokes a share link.
  func deleteShareLink(id: String) throws
}
