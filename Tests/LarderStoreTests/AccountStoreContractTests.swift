import Foundation
import LarderCore
import LarderStore
import LarderTestSupport
import Testing

/// The account store implementations that must behave alike. PostgreSQL is among them when a
/// server is there to test against (``TestPostgres``).
enum AccountStoreKind: String, CaseIterable, CustomStringConvertible, Sendable {
  case sqlite
  case postgres

  /// Every kind that can be tested here: PostgreSQL only with a server.
  static var allCases: [AccountStoreKind] {
    TestPostgres.url == nil ? [.sqlite] : [.sqlite, .postgres]
  }

  var description: String { rawValue }

  /// A fresh database's account store (with its one household, the default one).
  func makeStore() throws -> any AccountStore {
    switch self {
    case .sqlite:
      return SQLiteAccountStore(
        sharing: try SQLiteRecipeStore.open(
          path: TemporaryFolder.make().appending("larder.sqlite")))
    case .postgres: return PostgresAccountStore(sharing: try TestPostgres.makeStore())
    }
  }
}

/// The behaviour every AccountStore must have, checked against each implementation.
@Suite struct AccountStoreContractTests {
  /// A time with a fraction of a second, which must come back exactly.
  let now = Fixtures.now.addingTimeInterval(0.123_456)
  let cabin = HouseholdID(rawValue: "cabin")

  func account(_ login: String, id: String? = nil) -> UserAccount {
    UserAccount(
      id: UserID(rawValue: id ?? "\(login.lowercased())-id"), login: login,
      displayName: login.capitalized, passwordHash: "$argon2id$\(login)", createdAt: now)
  }

  func session(
    _ id: String, user: UserID, household: HouseholdID = .default, createdAfter: TimeInterval = 0,
    lastSeenAfter: TimeInterval = 0, expiresAfter: TimeInterval = 3600
  ) -> SessionRecord {
    SessionRecord(
      id: id, tokenHash: "hash-\(id)", userID: user, householdID: household,
      createdAt: now.addingTimeInterval(createdAfter),
      lastSeenAt: now.addingTimeInterval(lastSeenAfter),
      expiresAt: now.addingTimeInterval(expiresAfter), userAgent: "Browser/\(id)",
      clientAddress: "192.0.2.1")
  }

  func token(
    _ id: String, user: UserID, household: HouseholdID = .default, after: TimeInterval = 0,
    readOnly: Bool = false
  ) -> APITokenRecord {
    APITokenRecord(
      id: id, tokenHash: "hash-\(id)", userID: user, householdID: household,
      name: "script \(id)", isReadOnly: readOnly, createdAt: now.addingTimeInterval(after))
  }

  func invitation(
    _ id: String, maxUses: Int = 1, after: TimeInterval = 0, expiresAfter: TimeInterval = 3600
  ) -> InvitationRecord {
    InvitationRecord(
      id: id, tokenHash: "hash-\(id)", householdID: .default, role: .member,
      createdBy: UserID(rawValue: "ana-id"), createdAt: now.addingTimeInterval(after),
      expiresAt: now.addingTimeInterval(expiresAfter), maxUses: maxUses)
  }

  /// A store with accounts ana and bo, both members of the default household.
  func storeWithMembers(_ kind: AccountStoreKind) throws -> any AccountStore {
    let store = try kind.makeStore()
    for login in ["ana", "bo"] {
      let user = account(login)
      try store.insertUser(user)
      try store.saveMembership(
        Membership(householdID: .default, userID: user.id, role: .member, joinedAt: now))
    }
    return store
  }

  // MARK: - Users

  @Test(arguments: AccountStoreKind.allCases)
  func accountsReadBackByIdAndByLoginInAnyCase(kind: AccountStoreKind) throws {
    let store = try kind.makeStore()
    #expect(try store.userCount() == 0)
    #expect(try store.users().isEmpty)
    let ana = account("Ana")
    try store.insertUser(ana)
    #expect(try store.userCount() == 1)
    #expect(try store.user(id: ana.id) == ana)
    for login in ["Ana", "ana", "ANA", "aNa"] {
      #expect(try store.user(login: login) == ana, "\(login)")
    }
    #expect(try store.user(login: "an") == nil)
    #expect(try store.user(login: "ana ") == nil)
    #expect(try store.user(id: UserID(rawValue: "ghost")) == nil)
  }

  @Test(arguments: AccountStoreKind.allCases)
  func aLoginNameTakenInAnyCaseIsRefusedAndNothingIsAdded(kind: AccountStoreKind) throws {
    let store = try kind.makeStore()
    let ana = account("ana")
    try store.insertUser(ana)
    for login in ["ana", "ANA", "Ana"] {
      #expect(
        throws: LarderCoreError.invalidField(
          field: "login", value: login, reason: "is already taken")
      ) {
        try store.insertUser(account(login, id: "other-\(login)"))
      }
    }
    #expect(try store.userCount() == 1)
    #expect(try store.users() == [ana])
    // An id already taken is refused too, whatever the login.
    #expect(throws: LarderStoreError.self) {
      try store.insertUser(account("someone", id: ana.id.rawValue))
    }
    #expect(try store.users() == [ana])
  }

  @Test(arguments: AccountStoreKind.allCases)
  func accountsListByLoginWithoutRegardToCase(kind: AccountStoreKind) throws {
    let store = try kind.makeStore()
    for login in ["cy", "Bo", "ana", "Dee", "_root", "zed"] {
      try store.insertUser(account(login))
    }
    #expect(try store.users().map(\.login) == ["_root", "ana", "Bo", "cy", "Dee", "zed"])
  }

  @Test(arguments: AccountStoreKind.allCases)
  func updatingAnAccountChangesItsNamesAndPasswordOnly(kind: AccountStoreKind) throws {
    let store = try kind.makeStore()
    let ana = account("ana")
    let bo = account("bo")
    try store.insertUser(ana)
    try store.insertUser(bo)
    var changed = ana
    changed.login = "Anabel"
    changed.displayName = "Anabel K."
    changed.passwordHash = "$argon2id$new"
    changed.createdAt = now.addingTimeInterval(99)
    try store.updateUser(changed)
    var expected = changed
    expected.createdAt = ana.createdAt
    #expect(try store.user(id: ana.id) == expected)
    #expect(try store.user(login: "ANABEL") == expected)
    #expect(try store.user(login: "ana") == nil)
    // Taking another's login name, in any case, is refused and changes nothing.
    var clash = bo
    clash.login = "ANABEL"
    #expect(throws: LarderStoreError.self) { try store.updateUser(clash) }
    #expect(try store.user(id: bo.id) == bo)
  }

  @Test(arguments: AccountStoreKind.allCases)
  func removingAnAccountTakesItsMembershipsSessionsAndTokens(kind: AccountStoreKind) throws {
    let store = try storeWithMembers(kind)
    let (ana, bo) = (account("ana").id, account("bo").id)
    try store.insertSession(session("s-ana", user: ana))
    try store.insertSession(session("s-bo", user: bo))
    try store.insertAPIToken(token("t-ana", user: ana))
    try store.insertAPIToken(token("t-bo", user: bo))
    try store.deleteUser(id: ana)
    #expect(try store.user(id: ana) == nil)
    #expect(try store.userCount() == 1)
    #expect(try store.memberships(user: ana).isEmpty)
    #expect(try store.members(household: .default).map(\.userID) == [bo])
    #expect(try store.session(tokenHash: "hash-s-ana") == nil)
    #expect(try store.apiToken(tokenHash: "hash-t-ana") == nil)
    #expect(try store.session(tokenHash: "hash-s-bo") != nil)
    #expect(try store.apiToken(tokenHash: "hash-t-bo") != nil)
    // Removing an account that is not there is not an error.
    try store.deleteUser(id: ana)
  }

  // MARK: - Households and members

  @Test(arguments: AccountStoreKind.allCases)
  func householdsListOldestFirstAndCanBeRenamed(kind: AccountStoreKind) throws {
    let store = try kind.makeStore()
    let first = try #require(try store.households().first)
    #expect(first.id == .default)
    #expect(try store.households().count == 1)
    // Well after the default household, made when the database was (a fixed time, as an
    // arbitrary Date's seconds since 1970 need not read back to the same Date).
    let later = Fixtures.now.addingTimeInterval(10 * 365 * 86_400)
    let lake = Household(id: cabin, name: "Cabin", createdAt: later.addingTimeInterval(0.5))
    let barn = Household(id: HouseholdID(rawValue: "barn"), name: "Barn", createdAt: later)
    let attic = Household(id: HouseholdID(rawValue: "attic"), name: "Attic", createdAt: later)
    for household in [lake, barn, attic] { try store.insertHousehold(household) }
    #expect(try store.households().map(\.id.rawValue) == ["default", "attic", "barn", "cabin"])
    #expect(try store.households().last == lake)
    try store.renameHousehold(cabin, to: "Lake cabin")
    #expect(try store.households().last?.name == "Lake cabin")
    #expect(try store.households().first?.name == first.name)
    #expect(throws: LarderStoreError.self) { try store.insertHousehold(barn) }
    #expect(try store.households().count == 4)
  }

  @Test(arguments: AccountStoreKind.allCases)
  func membershipsListOldestFirstAndSavingAgainChangesOnlyTheRole(
    kind: AccountStoreKind
  )
    throws
  {
    let store = try kind.makeStore()
    try store.insertHousehold(Household(id: cabin, name: "Cabin", createdAt: now))
    let users = ["ana", "bo", "cy"].map { account($0) }
    for user in users { try store.insertUser(user) }
    let (ana, bo, cy) = (users[0].id, users[1].id, users[2].id)
    // Saved in this order. Memberships made at the same moment (cy and bo at home; ana's
    // two) list in the order they were saved, whatever their ids.
    let earlier = now.addingTimeInterval(-60)
    let saved = [
      Membership(householdID: .default, userID: cy, role: .viewer, joinedAt: now),
      Membership(householdID: .default, userID: bo, role: .member, joinedAt: now),
      Membership(householdID: .default, userID: ana, role: .owner, joinedAt: earlier),
      Membership(householdID: cabin, userID: ana, role: .member, joinedAt: earlier),
    ]
    for membership in saved { try store.saveMembership(membership) }
    #expect(try store.members(household: .default) == [saved[2], saved[0], saved[1]])
    #expect(try store.memberships(user: ana) == [saved[2], saved[3]])
    #expect(try store.members(household: cabin) == [saved[3]])

    var promoted = saved[0]
    promoted.role = .owner
    promoted.joinedAt = now.addingTimeInterval(500)
    try store.saveMembership(promoted)
    var expected = saved[0]
    expected.role = .owner
    #expect(try store.members(household: .default) == [saved[2], expected, saved[1]])
    #expect(try store.memberships(user: cy) == [expected])
  }

  @Test(arguments: AccountStoreKind.allCases)
  func aMembershipNeedsItsAccountAndHousehold(kind: AccountStoreKind) throws {
    let store = try storeWithMembers(kind)
    let ana = account("ana").id
    #expect(throws: LarderStoreError.self) {
      try store.saveMembership(
        Membership(householdID: cabin, userID: ana, role: .member, joinedAt: now))
    }
    #expect(throws: LarderStoreError.self) {
      try store.saveMembership(
        Membership(
          householdID: .default, userID: UserID(rawValue: "ghost"), role: .member, joinedAt: now))
    }
    #expect(try store.memberships(user: ana).map(\.householdID) == [.default])
  }

  @Test(arguments: AccountStoreKind.allCases)
  func leavingAHouseholdEndsTheSessionsAndTokensThereOnly(kind: AccountStoreKind) throws {
    let store = try storeWithMembers(kind)
    let (ana, bo) = (account("ana").id, account("bo").id)
    try store.insertHousehold(Household(id: cabin, name: "Cabin", createdAt: now))
    try store.saveMembership(
      Membership(householdID: cabin, userID: ana, role: .owner, joinedAt: now))
    try store.insertSession(session("home", user: ana))
    try store.insertSession(session("away", user: ana, household: cabin))
    try store.insertSession(session("bo", user: bo))
    try store.insertAPIToken(token("home", user: ana))
    try store.insertAPIToken(token("away", user: ana, household: cabin))
    try store.removeMembership(household: .default, user: ana)
    #expect(try store.memberships(user: ana).map(\.householdID) == [cabin])
    #expect(try store.members(household: .default).map(\.userID) == [bo])
    #expect(try store.sessions(user: ana).map(\.id) == ["away"])
    #expect(try store.apiTokens(user: ana).map(\.id) == ["away"])
    #expect(try store.sessions(user: bo).map(\.id) == ["bo"])
    #expect(try store.user(id: ana) != nil)
  }

  // MARK: - Sessions

  @Test(arguments: AccountStoreKind.allCases)
  func sessionsReadBackByTokenHashAndListNewestFirst(kind: AccountStoreKind) throws {
    let store = try storeWithMembers(kind)
    let (ana, bo) = (account("ana").id, account("bo").id)
    let older = session("older", user: ana)
    let newer = session("newer", user: ana, createdAfter: 60, lastSeenAfter: 60)
    try store.insertSession(older)
    try store.insertSession(newer)
    try store.insertSession(session("bo", user: bo))
    #expect(try store.session(tokenHash: "hash-older") == older)
    #expect(try store.session(tokenHash: "older") == nil)
    #expect(try store.sessions(user: ana) == [newer, older])
    // A token hash or id already taken is refused.
    var clash = session("third", user: ana)
    clash.tokenHash = older.tokenHash
    #expect(throws: LarderStoreError.self) { try store.insertSession(clash) }
    #expect(throws: LarderStoreError.self) {
      try store.insertSession(session("older", user: bo))
    }
    #expect(try store.sessions(user: ana).count == 2)
  }

  @Test(arguments: AccountStoreKind.allCases)
  func updatingASessionSavesOnlyItsHouseholdAndLastUse(kind: AccountStoreKind) throws {
    let store = try storeWithMembers(kind)
    let ana = account("ana").id
    try store.insertHousehold(Household(id: cabin, name: "Cabin", createdAt: now))
    let original = session("s", user: ana)
    try store.insertSession(original)
    var moved = original
    moved.householdID = cabin
    moved.lastSeenAt = now.addingTimeInterval(30.5)
    moved.expiresAt = now.addingTimeInterval(99_999)
    moved.userAgent = "Other/1"
    moved.clientAddress = "198.51.100.7"
    try store.updateSession(moved)
    var expected = original
    expected.householdID = cabin
    expected.lastSeenAt = moved.lastSeenAt
    #expect(try store.session(tokenHash: original.tokenHash) == expected)
  }

  @Test(arguments: AccountStoreKind.allCases)
  func sessionsEndOneByOneAllAtOnceOrWhenTheirTimeIsUp(kind: AccountStoreKind) throws {
    let store = try storeWithMembers(kind)
    let (ana, bo) = (account("ana").id, account("bo").id)
    try store.insertSession(session("a1", user: ana))
    try store.insertSession(session("a2", user: ana, createdAfter: 1))
    try store.insertSession(session("b1", user: bo))
    try store.deleteSession(id: "a1")
    #expect(try store.sessions(user: ana).map(\.id) == ["a2"])
    try store.deleteSession(id: "a1")
    try store.deleteSessions(user: ana)
    #expect(try store.sessions(user: ana).isEmpty)
    #expect(try store.sessions(user: bo).map(\.id) == ["b1"])

    // Idle since before the cut-off, or at or past expiry, ends; the edges stay or go exactly.
    let cutoff = now.addingTimeInterval(100)
    let clock = now.addingTimeInterval(1000)
    try store.deleteSessions(user: bo)
    let cases: [(String, TimeInterval, TimeInterval, Bool)] = [
      ("idle", 99.5, 5000, false), ("idle-edge", 100, 5000, true), ("fresh", 500, 5000, true),
      ("expired", 500, 999, false), ("expiry-edge", 500, 1000, false),
      ("nearly", 500, 1000.25, true),
    ]
    for (id, seen, expires, _) in cases {
      try store.insertSession(
        session(id, user: bo, lastSeenAfter: seen, expiresAfter: expires))
    }
    try store.deleteExpiredSessions(idleBefore: cutoff, now: clock)
    #expect(
      Set(try store.sessions(user: bo).map(\.id))
        == Set(cases.filter { $0.3 }.map(\.0)))
  }

  // MARK: - API tokens

  @Test(arguments: AccountStoreKind.allCases)
  func apiTokensReadBackAreTouchedAndRevoked(kind: AccountStoreKind) throws {
    let store = try storeWithMembers(kind)
    let (ana, bo) = (account("ana").id, account("bo").id)
    let writer = token("writer", user: ana)
    let reader = token("reader", user: ana, after: 10, readOnly: true)
    try store.insertAPIToken(writer)
    try store.insertAPIToken(reader)
    try store.insertAPIToken(token("bo", user: bo))
    #expect(try store.apiToken(tokenHash: "hash-writer") == writer)
    #expect(try store.apiToken(tokenHash: "hash-reader")?.isReadOnly == true)
    #expect(try store.apiToken(tokenHash: "hash-writer")?.lastUsedAt == nil)
    #expect(try store.apiToken(tokenHash: "writer") == nil)
    #expect(try store.apiTokens(user: ana) == [reader, writer])

    let used = now.addingTimeInterval(42.75)
    try store.touchAPIToken(id: "writer", at: used)
    var touched = writer
    touched.lastUsedAt = used
    #expect(try store.apiToken(tokenHash: "hash-writer") == touched)
    #expect(try store.apiToken(tokenHash: "hash-reader")?.lastUsedAt == nil)

    var clash = token("third", user: ana)
    clash.tokenHash = writer.tokenHash
    #expect(throws: LarderStoreError.self) { try store.insertAPIToken(clash) }

    try store.deleteAPIToken(id: "writer")
    #expect(try store.apiToken(tokenHash: "hash-writer") == nil)
    #expect(try store.apiTokens(user: ana) == [reader])
    #expect(try store.apiTokens(user: bo).map(\.id) == ["bo"])
  }

  @Test(arguments: AccountStoreKind.allCases)
  func aTokenWithAnEarlierUseReadsItBack(kind: AccountStoreKind) throws {
    let store = try storeWithMembers(kind)
    var used = token("used", user: account("ana").id)
    used.lastUsedAt = now.addingTimeInterval(-3.5)
    try store.insertAPIToken(used)
    #expect(try store.apiToken(tokenHash: "hash-used") == used)
  }

  // MARK: - Invitations

  @Test(arguments: AccountStoreKind.allCases)
  func invitationsReadBackListNewestFirstAndAreRevoked(kind: AccountStoreKind) throws {
    let store = try storeWithMembers(kind)
    try store.insertHousehold(Household(id: cabin, name: "Cabin", createdAt: now))
    let first = invitation("first", maxUses: 3)
    var second = invitation("second", after: 5)
    second.role = .viewer
    second.uses = 1
    second.maxUses = 4
    var elsewhere = invitation("elsewhere")
    elsewhere.householdID = cabin
    for record in [first, second, elsewhere] { try store.insertInvitation(record) }
    #expect(try store.invitation(tokenHash: "hash-second") == second)
    #expect(try store.invitation(tokenHash: "second") == nil)
    #expect(try store.invitations(household: .default) == [second, first])
    #expect(try store.invitations(household: cabin) == [elsewhere])
    try store.deleteInvitation(id: "second")
    #expect(try store.invitation(tokenHash: "hash-second") == nil)
    #expect(try store.invitations(household: .default) == [first])
    #expect(try store.consumeInvitation(id: "second", now: now) == false)
  }

  @Test(arguments: AccountStoreKind.allCases)
  func anInvitationIsUsedUntilItsUsesRunOutOrItExpires(kind: AccountStoreKind) throws {
    let store = try storeWithMembers(kind)
    try store.insertInvitation(invitation("twice", maxUses: 2, expiresAfter: 60))
    #expect(try store.consumeInvitation(id: "twice", now: now))
    #expect(try store.invitation(tokenHash: "hash-twice")?.uses == 1)
    #expect(try store.consumeInvitation(id: "twice", now: now.addingTimeInterval(59.5)))
    #expect(try store.consumeInvitation(id: "twice", now: now) == false)
    #expect(try store.invitation(tokenHash: "hash-twice")?.uses == 2)

    try store.insertInvitation(invitation("late", maxUses: 5, expiresAfter: 60))
    // It stops working at its expiry, not after.
    #expect(try store.consumeInvitation(id: "late", now: now.addingTimeInterval(60)) == false)
    #expect(try store.consumeInvitation(id: "late", now: now.addingTimeInterval(61)) == false)
    #expect(try store.invitation(tokenHash: "hash-late")?.uses == 0)
    #expect(try store.consumeInvitation(id: "ghost", now: now) == false)
  }

  @Test(arguments: AccountStoreKind.allCases)
  func peopleUsingAnInvitationAtOnceTakeOnlyTheUsesThereAre(kind: AccountStoreKind) throws {
    let store = try storeWithMembers(kind)
    try store.insertInvitation(invitation("party", maxUses: 5))
    let taken = Recorder<Bool>()
    let failures = Recorder<String>()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<3 {
        do {
          taken.append(try store.consumeInvitation(id: "party", now: now))
        } catch {
          failures.append("\(error)")
        }
      }
    }
    #expect(failures.all.isEmpty, "\(failures.all)")
    #expect(taken.all.filter { $0 }.count == 5)
    #expect(taken.all.count == 24)
    #expect(try store.invitation(tokenHash: "hash-party")?.uses == 5)
  }

  // MARK: - Share links

  @Test(arguments: AccountStoreKind.allCases)
  func shareLinksToARecipeOrACollectionReadBackAndAreRevoked(kind: AccountStoreKind) throws {
    let store = try storeWithMembers(kind)
    try store.insertHousehold(Household(id: cabin, name: "Cabin", createdAt: now))
    let ana = account("ana").id
    let recipe = ShareLinkRecord(
      id: "recipe", tokenHash: "hash-recipe", householdID: .default,
      subject: .recipe(RecipeID(rawValue: "tomato-soup")), createdBy: ana, createdAt: now)
    let collection = ShareLinkRecord(
      id: "collection", tokenHash: "hash-collection", householdID: .default,
      subject: .collection("Weeknight"), createdBy: ana, createdAt: now.addingTimeInterval(1))
    let elsewhere = ShareLinkRecord(
      id: "elsewhere", tokenHash: "hash-elsewhere", householdID: cabin,
      subject: .collection(""), createdBy: ana, createdAt: now)
    for link in [recipe, collection, elsewhere] { try store.insertShareLink(link) }
    #expect(try store.shareLink(tokenHash: "hash-recipe") == recipe)
    #expect(try store.shareLink(tokenHash: "hash-collection") == collection)
    #expect(try store.shareLink(tokenHash: "hash-elsewhere") == elsewhere)
    #expect(try store.shareLink(tokenHash: "recipe") == nil)
    #expect(try store.shareLinks(household: .default) == [collection, recipe])
    #expect(try store.shareLinks(household: cabin) == [elsewhere])
    var clash = recipe
    clash.id = "again"
    #expect(throws: LarderStoreError.self) { try store.insertShareLink(clash) }
    try store.deleteShareLink(id: "collection")
    #expect(try store.shareLink(tokenHash: "hash-collection") == nil)
    #expect(try store.shareLinks(household: .default) == [recipe])
  }
}
