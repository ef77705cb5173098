import Foundation
import LarderCore

/// Signing in and out, sessions and personal API tokens: how a request proves who it is.
extension Larder {
  /// The prefix of personal API tokens, so a leaked one is recognisable in a scan.
  public static let apiTokenPrefix = "lda_"

  /// Signs in with a login name and password, starting a new session (a new token each time,
  /// so a session fixed before sign-in is never reused).
  ///
  /// Failed attempts are counted per login name and per client address; past a few, each
  /// attempt must wait longer (``ApplicationError/tooManyAttempts(retryAfter:)``). A wrong name
  /// and a wrong password get the same answer in about the same time.
  public func signIn(_ request: SignInRequest, client: ClientInfo) throws -> SignedIn {
    try request.validate()
    let accounts = try accountSupport()
    guard try accounts.store.userCount() > 0 else { throw ApplicationError.setupRequired }
    let now = clock()
    let keys = [SignInThrottle.nameKey(request.login), SignInThrottle.clientKey(client.address)]
    let wait = try accounts.throttle.begin(keys, now: now)
    if wait > 0 { throw ApplicationError.tooManyAttempts(retryAfter: wait) }
    let user = try accounts.store.user(login: request.login.trimmingCharacters(in: .whitespaces))
    let matches = PasswordHashing.verify(
      request.password, hash: user?.passwordHash ?? accounts.decoy.value)
    guard let user, matches else { throw ApplicationError.signInRefused }
    try accounts.throttle.succeed(keys)
    if accounts.hashing.needsRehash(user.passwordHash) {
      var upgraded = user
      upgraded.passwordHash = try accounts.hashing.hash(request.password)
      try accounts.store.updateUser(upgraded)
    }
    return try startSession(
      for: user, household: try defaultHousehold(of: user, accounts: accounts), client: client,
      accounts: accounts)
  }

  /// Starts a session for the user in the household.
  func startSession(
    for user: UserAccount, household: HouseholdID, client: ClientInfo, accounts: AccountSupport
  ) throws -> SignedIn {
    let now = clock()
    try accounts.store.deleteExpiredSessions(
      idleBefore: now.addingTimeInterval(-accounts.sessionIdleLifetime), now: now)
    let token = Secrets.randomToken()
    let session = SessionRecord(
      id: Secrets.randomToken(bytes: 12), tokenHash: Secrets.sha256Hex(token), userID: user.id,
      householdID: household, createdAt: now, lastSeenAt: now,
      expiresAt: now.addingTimeInterval(accounts.sessionLifetime),
      userAgent: String(client.userAgent.prefix(300)), clientAddress: client.address)
    try accounts.store.insertSession(session)
    let role =
      try accounts.store.memberships(user: user.id).first { $0.householdID == household }?.role
      ?? .viewer
    return SignedIn(
      token: token,
      caller: Caller(
        household: household, user: user.id, role: role, credential: .session(id: session.id)),
      user: AccountView(user))
  }

  /// The caller a session token stands for.
  ///
  /// - Throws: ``ApplicationError/notSignedIn(reason:)`` for a token that matches no session,
  ///   or a session unused too long, past its lifetime, or whose user left the household.
  public func authenticate(sessionToken token: String) throws -> Caller {
    let accounts = try accountSupport()
    let now = clock()
    guard var session = try accounts.store.session(tokenHash: Secrets.sha256Hex(token)) else {
      throw ApplicationError.notSignedIn(reason: "you are not signed in, or your session ended")
    }
    let idle = now.timeIntervalSince(session.lastSeenAt) > accounts.sessionIdleLifetime
    if idle || session.expiresAt <= now {
      try accounts.store.deleteSession(id: session.id)
      throw ApplicationError.notSignedIn(reason: "your session has ended; sign in again")
    }
    let memberships = try accounts.store.memberships(user: session.userID)
    guard
      let membership = memberships.first(where: { $0.householdID == session.householdID })
        ?? memberships.first
    else {
      try accounts.store.deleteSession(id: session.id)
      throw ApplicationError.notSignedIn(
        reason: "your account belongs to no household any more; ask an owner for an invitation")
    }
    // A session is written back at most once a minute, not on every request.
    if membership.householdID != session.householdID
      || now.timeIntervalSince(session.lastSeenAt) > 60
    {
      session.householdID = membership.householdID
      session.lastSeenAt = now
      try accounts.store.updateSession(session)
    }
    return Caller(
      household: membership.householdID, user: session.userID, role: membership.role,
      credential: .session(id: session.id))
  }

  /// The caller a personal API token (`Authorization: Bearer …`) stands for: its user, in
  /// its household, with the user's role there, read-only when the token is.
  public func authenticate(apiToken token: String) throws -> Caller {
    let accounts = try accountSupport()
    guard let record = try accounts.store.apiToken(tokenHash: Secrets.sha256Hex(token)) else {
      throw ApplicationError.notSignedIn(reason: "the API token is unknown or was revoked")
    }
    guard
      let membership = try accounts.store.memberships(user: record.userID).first(where: {
        $0.householdID == record.householdID
      })
    else {
      throw ApplicationError.notSignedIn(
        reason: "the API token's user no longer belongs to its household")
    }
    let now = clock()
    if record.lastUsedAt.map({ now.timeIntervalSince($0) > 60 }) ?? true {
      try accounts.store.touchAPIToken(id: record.id, at: now)
    }
    return Caller(
      household: record.householdID, user: record.userID, role: membership.role,
      isReadOnly: record.isReadOnly, credential: .apiToken(id: record.id))
  }

  /// Ends the session whose token this is; nothing happens for an unknown token.
  public func signOut(sessionToken token: String) throws {
    let store = try accountSupport().store
    if let session = try store.session(tokenHash: Secrets.sha256Hex(token)) {
      try store.deleteSession(id: session.id)
    }
  }

  /// The form token a signed-in browser's forms and uploads carry, proving they come from
  /// Larder's own pages: derived from the session's id (which never leaves the user's own
  /// pages), so nothing more is stored; nil for callers that are not a browser session.
  public static func formToken(for caller: Caller) -> String? {
    guard case .session(let id) = caller.credential else { return nil }
    return String(Secrets.sha256Hex("larder-form:" + id).prefix(32))
  }

  /// Whether `token` is the caller's form token; always true for callers that are not a
  /// browser session (a bearer token or the command line cannot be forged by another site).
  public static func formTokenMatches(_ token: String?, for caller: Caller) -> Bool {
    guard let expected = formToken(for: caller) else { return true }
    return Secrets.constantTimeEqual(token ?? "", expected)
  }

  /// The caller's own sessions, newest first, the asking one marked.
  public func sessions(as caller: Caller) throws -> [SessionView] {
    guard let user = caller.user else { return [] }
    let current: String? = {
      if case .session(let id) = caller.credential { return id }
      return nil
    }()
    return try accountSupport().store.sessions(user: user).map {
      SessionView(
        id: $0.id, createdAt: $0.createdAt, lastSeenAt: $0.lastSeenAt, expiresAt: $0.expiresAt,
        userAgent: $0.userAgent, clientAddress: $0.clientAddress, isCurrent: $0.id == current)
    }
  }

  /// Ends one of the caller's own sessions (signing that browser out).
  public func endSession(_ id: String, as caller: Caller) throws {
    guard let user = caller.user, !caller.isReadOnly else {
      throw ApplicationError.forbidden(reason: "sign in to end sessions")
    }
    let store = try accountSupport().store
    guard try store.sessions(user: user).contains(where: { $0.id == id }) else {
      throw ApplicationError.notFound(.session, id: id)
    }
    try store.deleteSession(id: id)
  }

  // MARK: - API tokens

  /// Makes a personal API token acting as the caller in the caller's household; the command
  /// line names the user (`login`). The token is shown this once and stored only hashed.
  public func createAPIToken(
    _ request: NewAPITokenRequest, login: String? = nil, as caller: Caller
  ) throws -> CreatedAPIToken {
    try request.validate()
    let store = try accountSupport().store
    let user: UserID
    if caller.credential == .local {
      guard let login, let found = try store.user(login: login) else {
        throw ApplicationError.notFound(.account, id: login ?? "")
      }
      guard
        try store.memberships(user: found.id).contains(where: { $0.householdID == caller.household }
        )
      else {
        throw ApplicationError.refusedValue(
          Field("user"), value: login,
          reason: "does not belong to household '\(caller.household)'")
      }
      user = found.id
    } else {
      guard let id = caller.user, !caller.isReadOnly else {
        throw ApplicationError.forbidden(reason: "a read-only token cannot make tokens")
      }
      user = id
    }
    let token = Secrets.randomToken(prefix: Self.apiTokenPrefix)
    let record = APITokenRecord(
      id: Secrets.randomToken(bytes: 9), tokenHash: Secrets.sha256Hex(token), userID: user,
      householdID: caller.household, name: request.name, isReadOnly: request.readOnly,
      createdAt: clock())
    try store.insertAPIToken(record)
    return CreatedAPIToken(token: token, apiToken: APITokenView(record))
  }

  /// The caller's tokens (the named user's, from the command line), newest first.
  public func apiTokens(login: String? = nil, as caller: Caller) throws -> [APITokenView] {
    let store = try accountSupport().store
    let user: UserID?
    if caller.credential == .local, let login {
      user = try store.user(login: login)?.id
      if user == nil { throw ApplicationError.notFound(.account, id: login) }
    } else {
      user = caller.user
    }
    guard let user else { return [] }
    return try store.apiTokens(user: user).map(APITokenView.init)
  }

  /// Revokes one of the caller's tokens (any user's, from the command line).
  ///
  /// - Throws: ``ApplicationError/notFound(_:id:)`` for an id that names no token the caller
  ///   may revoke, so a mistyped id is never taken for a revoked one.
  public func revokeAPIToken(_ id: String, as caller: Caller) throws {
    let store = try accountSupport().store
    let owners: [UserID]
    if caller.credential == .local {
      owners = try store.users().map(\.id)
    } else {
      guard let user = caller.user, !caller.isReadOnly else {
        throw ApplicationError.forbidden(reason: "a read-only token cannot revoke tokens")
      }
      owners = [user]
    }
    guard try owners.contains(where: { try store.apiTokens(user: $0).contains { $0.id == id } })
    else { throw ApplicationError.notFound(.apiToken, id: id) }
    try store.deleteAPIToken(id: id)
  }
}
