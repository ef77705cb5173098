import Foundation
import LarderCore

/// Accounts, households, memberships, sessions, tokens, invitations and share links in the
/// same PostgreSQL database as the recipes. Behaves as ``SQLiteAccountStore`` does: the same
/// contract tests run on both.
///
/// Login names are unique without regard to case through the `users_by_login` index on
/// `lower(login)`, as SQLite's `COLLATE NOCASE` column keeps them. Every write holds the
/// database's write lock, as every write to SQLite holds its file's.
public final class PostgresAccountStore: AccountStore {
  let database: PostgresDatabase

  /// The account store of the database a recipe store has open.
  public init(sharing recipeStore: PostgresRecipeStore) {
    database = recipeStore.database
  }

  private func read<T>(
    _ operation: String, _ body: (PostgresConnection) throws -> T
  ) throws -> T {
    try database.read(operation, body)
  }

  private func write<T>(
    _ operation: String, _ body: (PostgresConnection) throws -> T
  ) throws -> T {
    try database.write(operation, body)
  }

  private func run(_ sql: String, _ values: [PostgresValue], _ operation: String) throws {
    _ = try write(operation) { try $0.run(sql, values, operation: operation) }
  }

  private static func date(_ value: Date) -> PostgresValue { .real(value.timeIntervalSince1970) }
  private static func date(_ row: PostgresRow, _ column: Int32) -> Date {
    Date(timeIntervalSince1970: row.double(column))
  }

  // MARK: - Users

  /// How many accounts there are.
  public func userCount() throws -> Int {
    try read("counting accounts") {
      try $0.query("SELECT count(*) FROM users", operation: "counting accounts") {
        Int($0.int(0))
      }.first ?? 0
    }
  }

  private static let userColumns = "id, login, display_name, password_hash, created_at"
  /// The expression `users_by_login` indexes: a login name folded for comparing.
  private static let foldedLogin = #"lower(login) COLLATE "C""#
  private static func user(_ row: PostgresRow) -> UserAccount {
    UserAccount(
      id: UserID(rawValue: row.string(0) ?? ""), login: row.string(1) ?? "",
      displayName: row.string(2) ?? "", passwordHash: row.string(3) ?? "",
      createdAt: date(row, 4))
  }

  /// Every account, by login name without regard to case.
  public func users() throws -> [UserAccount] {
    try read("listing accounts") {
      try $0.query(
        "SELECT \(Self.userColumns) FROM users ORDER BY \(Self.foldedLogin)",
        operation: "listing accounts", row: Self.user)
    }
  }

  /// The account with this id, or nil.
  public func user(id: UserID) throws -> UserAccount? {
    try read("reading an account") {
      try $0.query(
        "SELECT \(Self.userColumns) FROM users WHERE id = $1", [.text(id.rawValue)],
        operation: "reading an account", row: Self.user
      ).first
    }
  }

  /// The account with this login name, without regard to case, or nil.
  public func user(login: String) throws -> UserAccount? {
    try read("reading an account") {
      try $0.query(
        #"SELECT \#(Self.userColumns) FROM users WHERE \#(Self.foldedLogin) = lower($1) COLLATE "C""#,
        [.text(login)], operation: "reading an account", row: Self.user
      ).first
    }
  }

  /// Adds an account; a login name already taken, in any case, is refused with
  /// ``LarderCoreError/invalidField(field:value:reason:item:)``.
  public func insertUser(_ user: UserAccount) throws {
    try write("adding an account") { connection in
      // The index decides, in the same statement: nothing can take the name in between.
      let added = try connection.run(
        """
        INSERT INTO users (\(Self.userColumns)) VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT ((lower(login)) COLLATE "C") DO NOTHING
        """,
        [
          .text(user.id.rawValue), .text(user.login), .text(user.displayName),
          .text(user.passwordHash), Self.date(user.createdAt),
        ], operation: "adding an account")
      if added == 0 {
        throw LarderCoreError.invalidField(
          field: "login", value: user.login, reason: "is already taken")
      }
    }
  }

  /// Changes an account's names or password hash.
  public func updateUser(_ user: UserAccount) throws {
    try run(
      "UPDATE users SET login = $1, display_name = $2, password_hash = $3 WHERE id = $4",
      [
        .text(user.login), .text(user.displayName), .text(user.passwordHash),
        .text(user.id.rawValue),
      ],
      "changing an account")
  }

  /// Removes an account with its memberships, sessions and tokens.
  public func deleteUser(id: UserID) throws {
    try run("DELETE FROM users WHERE id = $1", [.text(id.rawValue)], "removing an account")
  }

  // MARK: - Households and members

  /// Every household, oldest first.
  public func households() throws -> [Household] {
    try read("listing households") {
      try $0.query(
        #"SELECT id, name, created_at FROM households ORDER BY created_at, id COLLATE "C""#,
        operation: "listing households"
      ) { row in
        Household(
          id: HouseholdID(rawValue: row.string(0) ?? ""), name: row.string(1) ?? "",
          createdAt: Self.date(row, 2))
      }
    }
  }

  /// Adds a household.
  public func insertHousehold(_ household: Household) throws {
    try run(
      "INSERT INTO households (id, name, created_at) VALUES ($1, $2, $3)",
      [.text(household.id.rawValue), .text(household.name), Self.date(household.createdAt)],
      "adding a household")
  }

  /// Renames a household.
  public func renameHousehold(_ id: HouseholdID, to name: String) throws {
    try run(
      "UPDATE households SET name = $1 WHERE id = $2", [.text(name), .text(id.rawValue)],
      "renaming a household")
  }

  private static func membership(_ row: PostgresRow) -> Membership {
    Membership(
      householdID: HouseholdID(rawValue: row.string(0) ?? ""),
      userID: UserID(rawValue: row.string(1) ?? ""),
      role: Role(rawValue: row.string(2) ?? "") ?? .viewer, joinedAt: date(row, 3))
  }

  /// The user's memberships, oldest first (those made at the same moment in the order they
  /// were saved).
  public func memberships(user: UserID) throws -> [Membership] {
    try read("listing memberships") {
      try $0.query(
        "SELECT household_id, user_id, role, joined_at FROM memberships WHERE user_id = $1 "
          + "ORDER BY joined_at, seq", [.text(user.rawValue)],
        operation: "listing memberships", row: Self.membership)
    }
  }

  /// The household's members, oldest first (those who joined at the same moment in the order
  /// they were saved).
  public func members(household: HouseholdID) throws -> [Membership] {
    try read("listing members") {
      try $0.query(
        "SELECT household_id, user_id, role, joined_at FROM memberships "
          + "WHERE household_id = $1 ORDER BY joined_at, seq", [.text(household.rawValue)],
        operation: "listing members", row: Self.membership)
    }
  }

  /// Adds a membership or changes its role.
  public func saveMembership(_ membership: Membership) throws {
    try run(
      """
      INSERT INTO memberships (household_id, user_id, role, joined_at) VALUES ($1, $2, $3, $4)
      ON CONFLICT (household_id, user_id) DO UPDATE SET role = excluded.role
      """,
      [
        .text(membership.householdID.rawValue), .text(membership.userID.rawValue),
        .text(membership.role.rawValue), Self.date(membership.joinedAt),
      ], "saving a membership")
  }

  /// Takes a user out of a household, ending their sessions and tokens there.
  public func removeMembership(household: HouseholdID, user: UserID) throws {
    try write("removing a member") { connection in
      let values: [PostgresValue] = [.text(household.rawValue), .text(user.rawValue)]
      for table in ["memberships", "sessions", "api_tokens"] {
        try connection.run(
          "DELETE FROM \(table) WHERE household_id = $1 AND user_id = $2", values,
          operation: "removing a member")
      }
    }
  }

  // MARK: - Sessions

  private static let sessionColumns =
    "id, token_hash, user_id, household_id, created_at, last_seen_at, expires_at, user_agent, "
    + "client_address"
  private static func session(_ row: PostgresRow) -> SessionRecord {
    SessionRecord(
      id: row.string(0) ?? "", tokenHash: row.string(1) ?? "",
      userID: UserID(rawValue: row.string(2) ?? ""),
      householdID: HouseholdID(rawValue: row.string(3) ?? ""), createdAt: date(row, 4),
      lastSeenAt: date(row, 5), expiresAt: date(row, 6), userAgent: row.string(7) ?? "",
      clientAddress: row.string(8) ?? "")
  }

  /// Adds a session.
  public func insertSession(_ session: SessionRecord) throws {
    try run(
      "INSERT INTO sessions (\(Self.sessionColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
      [
        .text(session.id), .text(session.tokenHash), .text(session.userID.rawValue),
        .text(session.householdID.rawValue), Self.date(session.createdAt),
        Self.date(session.lastSeenAt), Self.date(session.expiresAt), .text(session.userAgent),
        .text(session.clientAddress),
      ], "starting a session")
  }

  /// The session whose token has this hash, or nil.
  public func session(tokenHash: String) throws -> SessionRecord? {
    try read("reading a session") {
      try $0.query(
        "SELECT \(Self.sessionColumns) FROM sessions WHERE token_hash = $1", [.text(tokenHash)],
        operation: "reading a session", row: Self.session
      ).first
    }
  }

  /// The user's sessions, newest first.
  public func sessions(user: UserID) throws -> [SessionRecord] {
    try read("listing sessions") {
      try $0.query(
        "SELECT \(Self.sessionColumns) FROM sessions WHERE user_id = $1 "
          + "ORDER BY created_at DESC", [.text(user.rawValue)], operation: "listing sessions",
        row: Self.session)
    }
  }

  /// Saves a session's last use or household.
  public func updateSession(_ session: SessionRecord) throws {
    try run(
      "UPDATE sessions SET household_id = $1, last_seen_at = $2 WHERE id = $3",
      [.text(session.householdID.rawValue), Self.date(session.lastSeenAt), .text(session.id)],
      "saving a session")
  }

  /// Ends a session.
  public func deleteSession(id: String) throws {
    try run("DELETE FROM sessions WHERE id = $1", [.text(id)], "ending a session")
  }

  /// Ends every session of the user.
  public func deleteSessions(user: UserID) throws {
    try run(
      "DELETE FROM sessions WHERE user_id = $1", [.text(user.rawValue)], "ending sessions")
  }

  /// Ends every session unused since `idleBefore` or past its expiry at `now`.
  public func deleteExpiredSessions(idleBefore: Date, now: Date) throws {
    try run(
      "DELETE FROM sessions WHERE last_seen_at < $1 OR expires_at <= $2",
      [Self.date(idleBefore), Self.date(now)], "ending expired sessions")
  }

  // MARK: - API tokens

  private static let tokenColumns =
    "id, token_hash, user_id, household_id, name, is_read_only, created_at, last_used_at"
  private static func token(_ row: PostgresRow) -> APITokenRecord {
    APITokenRecord(
      id: row.string(0) ?? "", tokenHash: row.string(1) ?? "",
      userID: UserID(rawValue: row.string(2) ?? ""),
      householdID: HouseholdID(rawValue: row.string(3) ?? ""), name: row.string(4) ?? "",
      isReadOnly: row.bool(5), createdAt: date(row, 6),
      lastUsedAt: row.isNull(7) ? nil : date(row, 7))
  }

  /// Adds an API token.
  public func insertAPIToken(_ token: APITokenRecord) throws {
    try run(
      "INSERT INTO api_tokens (\(Self.tokenColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
      [
        .text(token.id), .text(token.tokenHash), .text(token.userID.rawValue),
        .text(token.householdID.rawValue), .text(token.name), .boolean(token.isReadOnly),
        Self.date(token.createdAt), token.lastUsedAt.map(Self.date) ?? .null,
      ], "adding an API token")
  }

  /// The token with this hash, or nil.
  public func apiToken(tokenHash: String) throws -> APITokenRecord? {
    try read("reading an API token") {
      try $0.query(
        "SELECT \(Self.tokenColumns) FROM api_tokens WHERE token_hash = $1", [.text(tokenHash)],
        operation: "reading an API token", row: Self.token
      ).first
    }
  }

  /// The user's tokens, newest first.
  public func apiTokens(user: UserID) throws -> [APITokenRecord] {
    try read("listing API tokens") {
      try $0.query(
        "SELECT \(Self.tokenColumns) FROM api_tokens WHERE user_id = $1 "
          + "ORDER BY created_at DESC", [.text(user.rawValue)],
        operation: "listing API tokens", row: Self.token)
    }
  }

  /// Records a token's use.
  public func touchAPIToken(id: String, at date: Date) throws {
    try run(
      "UPDATE api_tokens SET last_used_at = $1 WHERE id = $2", [Self.date(date), .text(id)],
      "recording an API token's use")
  }

  /// Revokes a token.
  public func deleteAPIToken(id: String) throws {
    try run("DELETE FROM api_tokens WHERE id = $1", [.text(id)], "revoking an API token")
  }

  // MARK: - Invitations

  private static let invitationColumns =
    "id, token_hash, household_id, role, created_by, created_at, expires_at, max_uses, uses"
  private static func invitation(_ row: PostgresRow) -> InvitationRecord {
    InvitationRecord(
      id: row.string(0) ?? "", tokenHash: row.string(1) ?? "",
      householdID: HouseholdID(rawValue: row.string(2) ?? ""),
      role: Role(rawValue: row.string(3) ?? "") ?? .viewer,
      createdBy: UserID(rawValue: row.string(4) ?? ""), createdAt: date(row, 5),
      expiresAt: date(row, 6), maxUses: Int(row.int(7)), uses: Int(row.int(8)))
  }

  /// Adds an invitation.
  public func insertInvitation(_ invitation: InvitationRecord) throws {
    try run(
      "INSERT INTO invitations (\(Self.invitationColumns)) "
        + "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
      [
        .text(invitation.id), .text(invitation.tokenHash),
        .text(invitation.householdID.rawValue), .text(invitation.role.rawValue),
        .text(invitation.createdBy.rawValue), Self.date(invitation.createdAt),
        Self.date(invitation.expiresAt), .integer(Int64(invitation.maxUses)),
        .integer(Int64(invitation.uses)),
      ], "adding an invitation")
  }

  /// The invitation with this token hash, or nil.
  public func invitation(tokenHash: String) throws -> InvitationRecord? {
    try read("reading an invitation") {
      try $0.query(
        "SELECT \(Self.invitationColumns) FROM invitations WHERE token_hash = $1",
        [.text(tokenHash)], operation: "reading an invitation", row: Self.invitation
      ).first
    }
  }

  /// The household's invitations, newest first.
  public func invitations(household: HouseholdID) throws -> [InvitationRecord] {
    try read("listing invitations") {
      try $0.query(
        "SELECT \(Self.invitationColumns) FROM invitations WHERE household_id = $1 "
          + "ORDER BY created_at DESC", [.text(household.rawValue)],
        operation: "listing invitations", row: Self.invitation)
    }
  }

  /// Counts one use when uses are left and it has not expired; one statement, so two people
  /// cannot both take the last use.
  public func consumeInvitation(id: String, now: Date) throws -> Bool {
    try write("using an invitation") { connection in
      try connection.run(
        """
        UPDATE invitations SET uses = uses + 1
        WHERE id = $1 AND uses < max_uses AND expires_at > $2
        """, [.text(id), Self.date(now)], operation: "using an invitation") == 1
    }
  }

  /// Revokes an invitation.
  public func deleteInvitation(id: String) throws {
    try run("DELETE FROM invitations WHERE id = $1", [.text(id)], "revoking an invitation")
  }

  // MARK: - Share links

  // A collection's link keeps its tag in `collection` and an empty `recipe_id`, as SQLite's.
  private static let shareColumns =
    "id, token_hash, household_id, recipe_id, created_by, created_at, collection"
  private static func shareLink(_ row: PostgresRow) -> ShareLinkRecord {
    let subject: SharedSubject =
      row.string(6).map { .collection($0) } ?? .recipe(RecipeID(rawValue: row.string(3) ?? ""))
    return ShareLinkRecord(
      id: row.string(0) ?? "", tokenHash: row.string(1) ?? "",
      householdID: HouseholdID(rawValue: row.string(2) ?? ""), subject: subject,
      createdBy: UserID(rawValue: row.string(4) ?? ""), createdAt: date(row, 5))
  }

  /// Adds a share link.
  public func insertShareLink(_ link: ShareLinkRecord) throws {
    let recipe: PostgresValue
    let collection: PostgresValue
    switch link.subject {
    case .recipe(let id): (recipe, collection) = (.text(id.rawValue), .null)
    case .collection(let tag): (recipe, collection) = (.text(""), .text(tag))
    }
    try run(
      "INSERT INTO share_links (\(Self.shareColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7)",
      [
        .text(link.id), .text(link.tokenHash), .text(link.householdID.rawValue), recipe,
        .text(link.createdBy.rawValue), Self.date(link.createdAt), collection,
      ], "adding a share link")
  }

  /// The share link with this token hash, or nil.
  public func shareLink(tokenHash: String) throws -> ShareLinkRecord? {
    try read("reading a share link") {
      try $0.query(
        "SELECT \(Self.shareColumns) FROM share_links WHERE token_hash = $1", [.text(tokenHash)],
        operation: "reading a share link", row: Self.shareLink
      ).first
    }
  }

  /// The household's share links, newest first.
  public func shareLinks(household: HouseholdID) throws -> [ShareLinkRecord] {
    try read("listing share links") {
      try $0.query(
        "SELECT \(Self.shareColumns) FROM share_links WHERE household_id = $1 "
          + "ORDER BY created_at DESC", [.text(household.rawValue)],
        operation: "listing share links", row: Self.shareLink)
    }
  }

  /// Revokes a share link.
  public func deleteShareLink(id: String) throws {
    try run("DELETE FROM share_links WHERE id = $1", [.text(id)], "revoking a share link")
  }
}
