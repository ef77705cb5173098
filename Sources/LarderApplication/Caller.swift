import LarderCore

/// Who is asking: every use case takes the caller explicitly, and checks there, in the
/// application layer, what the caller may do, so no front end decides it on its own.
///
/// A caller is made by authenticating a session or an API token (see `Larder+Accounts`), or
/// for the command line, which acts as the owner of the chosen household
/// (``local(household:)``): whoever can run the binary can read the database file anyway.
public struct Caller: Hashable, Sendable {
  /// The household whose recipes, pantry, plan and foods the request reads and changes.
  public var household: HouseholdID
  /// The signed-in user; nil for the command line.
  public var user: UserID?
  /// What the caller may do in the household.
  public var role: Role
  /// Whether the caller may only read whatever its role (a read-only API token).
  public var isReadOnly: Bool
  /// How the caller proved who it is.
  public var credential: Credential

  /// How a caller proved who it is.
  public enum Credential: Hashable, Sendable {
    /// The command line, on the machine that holds the database.
    case local
    /// A signed-in browser; the session's public id.
    case session(id: String)
    /// A personal API token; the token's public id.
    case apiToken(id: String)
  }

  /// What a use case needs the caller to be allowed.
  public enum Permission: Sendable {
    /// Reading the household's recipes, pantry, plan and list, and cooking from them.
    case read
    /// Changing anything the household keeps.
    case change
    /// Managing members, invitations and the household's settings.
    case manage
    /// Changing the caller's own account (leaving a household, the password): refused to a
    /// read-only token, whatever its user's role.
    case ownAccount
  }

  /// A caller with everything spelled out.
  public init(
    household: HouseholdID, user: UserID?, role: Role, isReadOnly: Bool = false,
    credential: Credential
  ) {
    self.household = household
    self.user = user
    self.role = role
    self.isReadOnly = isReadOnly
    self.credential = credential
  }

  /// The owner of `household` acting from the command line.
  public init(household: HouseholdID) {
    self.init(household: household, user: nil, role: .owner, credential: .local)
  }

  /// The owner of `household` acting from the command line.
  public static func local(household: HouseholdID) -> Caller { Caller(household: household) }

  /// The owner of the one household a database without accounts has, from the command line.
  public static let defaultHousehold = Caller(household: .default)

  /// Whether the caller has the permission.
  public func may(_ permission: Permission) -> Bool {
    switch permission {
    case .read: return true
    case .change: return !isReadOnly && role >= .member
    case .manage: return !isReadOnly && role == .owner
    case .ownAccount: return !isReadOnly
    }
  }

  /// Throws ``ApplicationError/forbidden(reason:)`` unless the caller has the permission.
  public func require(_ permission: Permission) throws {
    guard !may(permission) else { return }
    if isReadOnly {
      throw ApplicationError.forbidden(reason: "this API token may only read")
    }
    switch permission {
    case .read, .ownAccount: return
    case .change:
      throw ApplicationError.forbidden(
        reason: "a viewer can read recipes and cook from the pantry but not change anything; "
          + "ask an owner of the household to make you a member")
    case .manage:
      throw ApplicationError.forbidden(
        reason: "only an owner of the household can manage members and invitations")
    }
  }
}
