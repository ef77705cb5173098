import Foundation
import LarderCore

/// Accounts: the first owner, members, passwords. Identity is proven here (sessions, tokens)
/// and every use case checks what its caller may do with ``Caller/require(_:)``.
extension Larder {
  /// The account support, or a conflict saying this Larder has none (a Larder assembled
  /// without a database).
  func accountSupport() throws -> AccountSupport {
    guard let accounts else {
      throw ApplicationError.conflict(reason: "this Larder keeps no accounts")
    }
    return accounts
  }

  /// Whether any account exists: until one does, the server asks for the first one on its
  /// setup page and answers nothing else.
  public func hasAccounts() throws -> Bool {
    try accountSupport().store.userCount() > 0
  }

  /// Makes the first account, owner of every household already stored (a database made before
  /// accounts keeps everything in its one household, which becomes theirs, with the
  /// favourites, ratings and notes its recipes carry as the owner's own), and signs it in.
  /// `setupCode` must be this Larder's ``AccountSupport/setupCode``.
  ///
  /// - Throws: ``ApplicationError/conflict(reason:)`` once any account exists;
  ///   ``ApplicationError/refusedValue(_:value:reason:)`` naming `code` for a wrong code.
  public func createFirstOwner(
    _ request: NewAccountRequest, setupCode: String, client: ClientInfo
  ) throws -> SignedIn {
    let accounts = try accountSupport()
    guard Secrets.constantTimeEqual(setupCode, accounts.setupCode) else {
      throw ApplicationError.refusedValue(
        Field("code"), value: "",
        reason: "is not the setup code 'larder serve' printed when it started")
    }
    try request.validate()
    guard try accounts.store.userCount() == 0 else {
      throw ApplicationError.conflict(reason: "this Larder already has an account; sign in")
    }
    let user = try insertAccount(request, accounts: accounts)
    try makeOwnerOfEveryHousehold(user, accounts: accounts)
    return try startSession(
      for: user, household: try defaultHousehold(of: user, accounts: accounts), client: client,
      accounts: accounts)
  }

  /// Adds an account to the caller's household with `role`; the command line's
  /// `users add`. The first account of a Larder must be an owner, and owns every household
  /// already stored.
  public func addUser(
    _ request: NewAccountRequest, role: Role, as caller: Caller
  ) throws -> AccountView {
    try caller.require(.manage)
    try request.validate()
    let accounts = try accountSupport()
    let isFirst = try accounts.store.userCount() == 0
    if isFirst && role != .owner {
      throw ApplicationError.refusedValue(
        Field("role"), value: role.rawValue,
        reason: "the first account must be an owner (larder users add NAME --owner)")
    }
    let user = try insertAccount(request, accounts: accounts)
    if isFirst {
      try makeOwnerOfEveryHousehold(user, accounts: accounts)
    } else {
      try accounts.store.saveMembership(
        Membership(householdID: caller.household, userID: user.id, role: role, joinedAt: clock()))
    }
    return AccountView(user)
  }

  /// Every account with its households: the command line's `users list`, for the machine's
  /// operator; a signed-in caller sees the members of their household instead
  /// (``members(as:)``).
  public func allUsers(
    as caller: Caller
  ) throws -> [(account: AccountView, households: [Membership])] {
    guard caller.credential == .local else {
      throw ApplicationError.forbidden(reason: "only the command line lists every account")
    }
    let store = try accountSupport().store
    return try store.users().map { (AccountView($0), try store.memberships(user: $0.id)) }
  }

  /// Every household, oldest first: for the command line, which names them in `users list`
  /// and acts in whichever it is told to (`--household`).
  public func allHouseholds(as caller: Caller) throws -> [Household] {
    guard caller.credential == .local else {
      throw ApplicationError.forbidden(reason: "only the command line lists every household")
    }
    return try accountSupport().store.households()
  }

  /// The members of the caller's household, oldest first.
  public func members(as caller: Caller) throws -> [MemberView] {
    let store = try accountSupport().store
    return try store.members(household: caller.household).compactMap { membership in
      guard let user = try store.user(id: membership.userID) else { return nil }
      return MemberView(
        user: AccountView(user), role: membership.role, joinedAt: membership.joinedAt)
    }
  }

  /// Gives a member of the caller's household another role. The last owner stays an owner.
  public func changeRole(
    ofMember id: String, _ request: RoleChangeRequest, as caller: Caller
  ) throws -> MemberView {
    try caller.require(.manage)
    let store = try accountSupport().store
    let members = try store.members(household: caller.household)
    guard var membership = members.first(where: { $0.userID.rawValue == id }),
      let user = try store.user(id: membership.userID)
    else { throw ApplicationError.notFound(.account, id: id) }
    if membership.role == .owner && request.role != .owner {
      try requireAnotherOwner(besides: membership.userID, in: members)
    }
    membership.role = request.role
    try store.saveMembership(membership)
    return MemberView(user: AccountView(user), role: membership.role, joinedAt: membership.joinedAt)
  }

  /// Takes a member out of the caller's household (ending their sessions and tokens there).
  /// Members may leave themselves; owners may remove anyone; the last owner stays.
  public func removeMember(_ id: String, as caller: Caller) throws {
    try caller.require(caller.user?.rawValue == id ? .ownAccount : .manage)
    let store = try accountSupport().store
    let members = try store.members(household: caller.household)
    guard let membership = members.first(where: { $0.userID.rawValue == id }) else {
      throw ApplicationError.notFound(.account, id: id)
    }
    if membership.role == .owner {
      try requireAnotherOwner(besides: membership.userID, in: members)
    }
    try store.removeMembership(household: caller.household, user: membership.userID)
    // Their favourites, ratings and notes there go with them (a store keeping memberships
    // and marks together has removed them already).
    try ApplicationError.translating {
      try marks?.deleteMarks(user: membership.userID, household: caller.household)
    }
  }

  /// Removes an account altogether: the command line's `users remove`. An account that is
  /// the last owner of a household with other members is refused.
  public func removeUser(login: String, as caller: Caller) throws {
    guard caller.credential == .local else {
      throw ApplicationError.forbidden(reason: "only the command line removes accounts")
    }
    let store = try accountSupport().store
    guard let user = try store.user(login: login) else {
      throw ApplicationError.notFound(.account, id: login)
    }
    let memberships = try store.memberships(user: user.id)
    for membership in memberships where membership.role == .owner {
      let members = try store.members(household: membership.householdID)
      if members.count > 1 { try requireAnotherOwner(besides: user.id, in: members) }
    }
    try store.deleteUser(id: user.id)
    for membership in memberships {
      try ApplicationError.translating {
        try marks?.deleteMarks(user: user.id, household: membership.householdID)
      }
    }
  }

  /// Changes a password and ends the account's other sessions. Users change their own and
  /// must give the current one; the command line may set anyone's (`login`).
  public func changePassword(
    _ request: ChangePasswordRequest, login: String? = nil, as caller: Caller
  ) throws {
    try request.validate()
    let accounts = try accountSupport()
    let user: UserAccount
    if caller.credential == .local {
      guard let login, let found = try accounts.store.user(login: login) else {
        throw ApplicationError.notFound(.account, id: login ?? "")
      }
      user = found
    } else {
      try caller.require(.ownAccount)
      guard let id = caller.user, let found = try accounts.store.user(id: id) else {
        throw ApplicationError.notSignedIn(reason: "sign in to change your password")
      }
      // Guessing the current password with a stolen session is slowed like signing in.
      let key = SignInThrottle.nameKey(found.login)
      let wait = try accounts.throttle.begin([key], now: clock())
      if wait > 0 { throw ApplicationError.tooManyAttempts(retryAfter: wait) }
      guard PasswordHashing.verify(request.currentPassword, hash: found.passwordHash) else {
        throw ApplicationError.refusedValue(
          Field("currentPassword"), value: "", reason: "is not your current password")
      }
      try accounts.throttle.succeed([key])
      user = found
    }
    var changed = user
    changed.passwordHash = try accounts.hashing.hash(request.newPassword)
    try accounts.store.updateUser(changed)
    let keep: String? = {
      if case .session(let id) = caller.credential { return id }
      return nil
    }()
    for session in try accounts.store.sessions(user: user.id) where session.id != keep {
      try accounts.store.deleteSession(id: session.id)
    }
  }

  /// Who the caller is and which households they belong to.
  public func whoAmI(as caller: Caller) throws -> CallerView {
    let store = try accountSupport().store
    let user = try caller.user.flatMap { try store.user(id: $0) }
    let households = try store.households()
    let names = Dictionary(households.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    let memberships = try caller.user.map { try store.memberships(user: $0) } ?? []
    let views = memberships.map {
      HouseholdView(
        id: $0.householdID.rawValue, name: names[$0.householdID] ?? $0.householdID.rawValue,
        role: $0.role, isCurrent: $0.householdID == caller.household)
    }
    let current =
      views.first(where: \.isCurrent)
      ?? HouseholdView(
        id: caller.household.rawValue,
        name: names[caller.household] ?? caller.household.rawValue, role: caller.role,
        isCurrent: true)
    return CallerView(
      user: user.map(AccountView.init), household: current, households: views,
      readOnly: !caller.may(.change), canManage: caller.may(.manage))
  }

  // MARK: - Households

  /// Makes a new household with the signed-in caller as its owner, and switches the caller's
  /// session to it.
  public func createHousehold(
    _ request: HouseholdNameRequest, as caller: Caller
  ) throws -> HouseholdView {
    try request.validate()
    guard let user = caller.user, !caller.isReadOnly else {
      throw ApplicationError.forbidden(reason: "sign in (not with a token) to make a household")
    }
    let store = try accountSupport().store
    let household = Household(
      id: HouseholdID(rawValue: Secrets.randomToken(bytes: 9)), name: request.name,
      createdAt: clock())
    try store.insertHousehold(household)
    try store.saveMembership(
      Membership(householdID: household.id, userID: user, role: .owner, joinedAt: clock()))
    if case .session(let id) = caller.credential {
      try moveSession(id: id, user: user, to: household.id, store: store)
    }
    return HouseholdView(
      id: household.id.rawValue, name: household.name, role: .owner, isCurrent: true)
  }

  /// Renames the caller's household.
  public func renameHousehold(_ request: HouseholdNameRequest, as caller: Caller) throws {
    try caller.require(.manage)
    try request.validate()
    try accountSupport().store.renameHousehold(caller.household, to: request.name)
  }

  /// Moves the caller's session to another of the user's households; returns the caller as
  /// it now is.
  public func switchHousehold(
    _ request: HouseholdChoiceRequest, as caller: Caller
  ) throws -> Caller {
    try request.validate()
    guard case .session(let id) = caller.credential, let user = caller.user else {
      throw ApplicationError.forbidden(
        reason: "only a signed-in browser switches households; a token keeps its own")
    }
    let store = try accountSupport().store
    let target = HouseholdID(rawValue: request.household)
    guard
      let membership = try store.memberships(user: user).first(where: { $0.householdID == target })
    else { throw ApplicationError.notFound(.household, id: request.household) }
    try moveSession(id: id, user: user, to: target, store: store)
    var moved = caller
    moved.household = target
    moved.role = membership.role
    return moved
  }

  // MARK: - Helpers

  private func insertAccount(
    _ request: NewAccountRequest, accounts: AccountSupport
  ) throws -> UserAccount {
    let login = request.trimmedLogin
    let display = request.displayName.trimmingCharacters(in: .whitespaces)
    let user = UserAccount(
      id: UserID(rawValue: Secrets.randomToken(bytes: 12)), login: login,
      displayName: display.isEmpty ? login : display,
      passwordHash: try accounts.hashing.hash(request.password), createdAt: clock())
    try ApplicationError.translating { try accounts.store.insertUser(user) }
    return user
  }

  /// Makes the first account the owner of every household, keeping the favourites, ratings
  /// and notes the households' recipes carry as the owner's own marks, so signing in loses
  /// none of them. The recipes keep theirs too, for the command line.
  private func makeOwnerOfEveryHousehold(_ user: UserAccount, accounts: AccountSupport) throws {
    for household in try accounts.store.households() {
      try accounts.store.saveMembership(
        Membership(householdID: household.id, userID: user.id, role: .owner, joinedAt: clock()))
      try ApplicationError.translating {
        try marks?.adoptRecipeMarks(user: user.id, household: household.id)
      }
    }
  }

  func defaultHousehold(of user: UserAccount, accounts: AccountSupport) throws -> HouseholdID {
    let memberships = try accounts.store.memberships(user: user.id)
    guard let first = memberships.first else {
      throw ApplicationError.forbidden(
        reason: "your account belongs to no household any more; ask an owner for an invitation")
    }
    return first.householdID
  }

  private func requireAnotherOwner(besides user: UserID, in members: [Membership]) throws {
    guard members.contains(where: { $0.role == .owner && $0.userID != user }) else {
      throw ApplicationError.conflict(
        reason: "a household needs an owner: make another member an owner first")
    }
  }

  private func moveSession(
    id: String, user: UserID, to household: HouseholdID, store: any AccountStore
  ) throws {
    guard var session = try store.sessions(user: user).first(where: { $0.id == id }) else {
      throw ApplicationError.notSignedIn(reason: "your session has ended; sign in again")
    }
    session.householdID = household
    try store.updateSession(session)
  }
}
