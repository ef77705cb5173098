import Foundation
import LarderCore

/// An account as others see it: never its password hash.
public struct AccountView: Encodable, Sendable, Equatable {
  /// The account's id.
  public var id: String
  /// The name typed to sign in.
  public var login: String
  /// The name shown to others.
  public var displayName: String
  /// When it was made.
  public var createdAt: Date

  init(_ user: UserAccount) {
    id = user.id.rawValue
    login = user.login
    displayName = user.displayName
    createdAt = user.createdAt
  }
}

/// A member of a household.
public struct MemberView: Encodable, Sendable, Equatable {
  /// The member's account.
  public var user: AccountView
  /// What they may do in the household.
  public var role: Role
  /// When they joined.
  public var joinedAt: Date
}

/// A household a user belongs to.
public struct HouseholdView: Encodable, Sendable, Equatable {
  /// The household's id.
  public var id: String
  /// Its name.
  public var name: String
  /// The user's role in it.
  public var role: Role
  /// Whether the caller acts in it now.
  public var isCurrent: Bool
}

/// Who the caller is, for the web app's header and for scripts.
public struct CallerView: Encodable, Sendable, Equatable {
  /// The signed-in account; nil for the command line.
  public var user: AccountView?
  /// The household the caller acts in.
  public var household: HouseholdView
  /// Every household the user belongs to.
  public var households: [HouseholdView]
  /// Whether the caller may only read (a viewer, or a read-only token).
  public var readOnly: Bool
  /// Whether the caller may manage members, invitations and links.
  public var canManage: Bool
}

/// A signed-in browser, for the list where a user revokes sessions.
public struct SessionView: Encodable, Sendable, Equatable {
  /// The session's public id.
  public var id: String
  /// When it started.
  public var createdAt: Date
  /// When it was last used.
  public var lastSeenAt: Date
  /// When it ends at the latest.
  public var expiresAt: Date
  /// The browser, as it describes itself.
  public var userAgent: String
  /// The address it signed in from.
  public var clientAddress: String
  /// Whether it is the session asking.
  public var isCurrent: Bool
}

/// A personal API token, without the token itself.
public struct APITokenView: Encodable, Sendable, Equatable {
  /// The token's public id.
  public var id: String
  /// Its label.
  public var name: String
  /// Whether it may only read.
  public var readOnly: Bool
  /// The household it acts in.
  public var household: String
  /// When it was made.
  public var createdAt: Date
  /// When it was last used.
  public var lastUsedAt: Date?

  init(_ record: APITokenRecord) {
    id = record.id
    name = record.name
    readOnly = record.isReadOnly
    household = record.householdID.rawValue
    createdAt = record.createdAt
    lastUsedAt = record.lastUsedAt
  }

  /// Writes `lastUsedAt` as null when never used.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(readOnly, forKey: .readOnly)
    try container.encode(household, forKey: .household)
    try container.encode(createdAt, forKey: .createdAt)
    try container.encode(lastUsedAt, forKey: .lastUsedAt)
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, readOnly, household, createdAt, lastUsedAt
  }
}

/// A token just made: the only time the token itself is shown.
public struct CreatedAPIToken: Encodable, Sendable, Equatable {
  /// The token to send as `Authorization: Bearer …`.
  public var token: String
  /// The token's record.
  public var apiToken: APITokenView
}

/// An invitation to join a household, without its token.
public struct InvitationView: Encodable, Sendable, Equatable {
  /// The invitation's public id.
  public var id: String
  /// The role people who join by it get.
  public var role: Role
  /// When it was made.
  public var createdAt: Date
  /// When it stops working.
  public var expiresAt: Date
  /// How many people may join by it.
  public var maxUses: Int
  /// How many have.
  public var uses: Int

  init(_ record: InvitationRecord) {
    id = record.id
    role = record.role
    createdAt = record.createdAt
    expiresAt = record.expiresAt
    maxUses = record.maxUses
    uses = record.uses
  }
}

/// An invitation just made: the only time its link is shown.
public struct CreatedInvitation: Encodable, Sendable, Equatable {
  /// The link's path on this Larder (`/join/…`).
  public var path: String
  /// The invitation.
  public var invitation: InvitationView
}

/// What the join page shows about an invitation before anyone accepts it.
public struct InvitationPreview: Encodable, Sendable, Equatable {
  /// The household's name.
  public var household: String
  /// The role joining gives.
  public var role: Role
  /// Who made the invitation.
  public var invitedBy: String
  /// When it stops working.
  public var expiresAt: Date
}

/// A public link to a recipe or a collection, without its token.
///
/// As JSON: `{"id": "…", "kind": "recipe", "recipeID": "…", "createdAt": …}` or `{"id": "…",
/// "kind": "collection", "collection": "weeknight", "createdAt": …}`.
public struct ShareLinkView: Encodable, Sendable, Equatable {
  /// What a link shows.
  public enum Kind: String, Encodable, Sendable {
    /// One recipe.
    case recipe
    /// The recipes with a tag.
    case collection
  }

  /// The link's public id.
  public var id: String
  /// Whether it shows a recipe or a collection.
  public var kind: Kind
  /// The recipe it shows, for a link to a recipe.
  public var recipeID: String?
  /// The tag whose recipes it shows, for a link to a collection.
  public var collection: String?
  /// When it was made.
  public var createdAt: Date

  init(_ record: ShareLinkRecord) {
    id = record.id
    switch record.subject {
    case .recipe(let recipe):
      kind = .recipe
      recipeID = recipe.rawValue
    case .collection(let tag):
      kind = .collection
      collection = tag
    }
    createdAt = record.createdAt
  }
}

/// A share link just made: the only time its path is shown.
public struct CreatedShareLink: Encodable, Sendable, Equatable {
  /// The link's path on this Larder (`/s/…`).
  public var path: String
  /// The link.
  public var link: ShareLinkView
}

/// A recipe opened through a share link, alone or as one of a shared collection; the
/// household's own marks on it (favourite, rating) are left out.
public struct SharedRecipe: Sendable {
  /// The recipe.
  public var recipe: Recipe
  /// The link it was opened by.
  public var link: ShareLinkRecord
}

/// A collection opened through a share link: the household's recipes with the tag as they are
/// now, by name, with the household's own marks on them (favourite, rating) left out.
public struct SharedCollection: Sendable {
  /// The tag as the recipes spell it ("Weeknight").
  public var name: String
  /// The recipes with the tag.
  public var recipes: [RecipeSummary]
  /// The link it was opened by.
  public var link: ShareLinkRecord
}

/// What a share link opens.
public enum SharedContent: Sendable {
  /// A link to one recipe.
  case recipe(SharedRecipe)
  /// A link to a collection.
  case collection(SharedCollection)
}

/// A session just started: the token goes into the cookie; the caller acts for it.
public struct SignedIn: Sendable {
  /// The session token, for the cookie; stored only as its hash.
  public var token: String
  /// The caller the session acts as.
  public var caller: Caller
  /// The account.
  public var user: AccountView
}

/// Where a request comes from, as far as sign-in and the list of sessions care.
public struct ClientInfo: Sendable, Equatable {
  /// The client's address (after trusted proxies).
  public var address: String
  /// The browser, as it describes itself.
  public var userAgent: String

  /// Makes client information.
  public init(address: String, userAgent: String) {
    self.address = address
    self.userAgent = userAgent
  }
}
