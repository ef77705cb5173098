import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// A Larder on a fresh SQLite file with accounts, a hand-moved clock and cheap hashes.
struct AccountsFixture {
  let larder: Larder
  let clock: TestClock
  let client = ClientInfo(address: "192.0.2.7", userAgent: "Test Browser")

  init(starterRecipes: Bool = false) throws {
    let clock = TestClock()
    self.clock = clock
    larder = try Larder.open(
      databasePath: OpeningALarderTests.databasePath(),
      options: OpeningOptions(
        seedsStarterRecipes: starterRecipes, passwordHashing: .leastForTests),
      caller: .defaultHousehold, clock: { clock.now }
    ).larder
  }

  /// The first owner, signed in.
  func owner(_ login: String = "ana") throws -> SignedIn {
    try larder.createFirstOwner(
      NewAccountRequest(login: login, displayName: "Ana", password: "correct horse"),
      setupCode: larder.accounts!.setupCode, client: client)
  }

  /// A new user who joined the caller's household by invitation with `role`.
  func join(_ login: String, role: Role, invitedBy owner: Caller) throws -> SignedIn {
    let invitation = try larder.createInvitation(NewInvitationRequest(role: role), as: owner)
    return try larder.acceptInvitation(
      token: token(of: invitation.path),
      newAccount: NewAccountRequest(login: login, password: "password \(login)"), client: client)
  }

  func token(of path: String) -> String { String(path.split(separator: "/").last ?? "") }
}

@Suite struct FirstOwnerTests {
  @Test func tokensAreHashedAsSHA256InHexadecimal() {
    // The standard's own test vectors: a stored hash must stay readable after a rewrite.
    #expect(
      Secrets.sha256Hex("abc")
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      Secrets.sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  @Test func theFirstAccountOwnsWhatWasStoredBefore() throws {
    let fixture = try AccountsFixture(starterRecipes: true)
    let before = try fixture.larder.health(as: .defaultHousehold).recipes
    #expect(before > 10)
    #expect(try fixture.larder.hasAccounts() == false)
    let signedIn = try fixture.owner()
    #expect(try fixture.larder.hasAccounts())
    #expect(signedIn.caller.household == .default)
    #expect(signedIn.caller.role == .owner)
    #expect(try fixture.larder.health(as: signedIn.caller).recipes == before)
    let me = try fixture.larder.whoAmI(as: signedIn.caller)
    #expect(me.user?.login == "ana")
    #expect(me.canManage)
    #expect(me.households.map(\.role) == [.owner])
  }

  @Test func aSecondFirstOwnerIsRefused() throws {
    let fixture = try AccountsFixture()
    _ = try fixture.owner()
    #expect(
      throws: ApplicationError.conflict(reason: "this Larder already has an account; sign in")
    ) {
      _ = try fixture.owner("mallory")
    }
  }

  @Test func theFirstAccountMadeAtTheCommandLineMustBeAnOwner() throws {
    let fixture = try AccountsFixture()
    #expect(throws: ApplicationError.self) {
      _ = try fixture.larder.addUser(
        NewAccountRequest(login: "bo", password: "long enough"), role: .member,
        as: .defaultHousehold)
    }
    let owner = try fixture.larder.addUser(
      NewAccountRequest(login: "bo", password: "long enough"), role: .owner,
      as: .defaultHousehold)
    #expect(owner.login == "bo")
    #expect(try fixture.larder.members(as: .defaultHousehold).map(\.role) == [.owner])
  }

  @Test(arguments: [
    (NewAccountRequest(login: "", password: "long enough"), "field 'login' is required"),
    (
      NewAccountRequest(login: "a b", password: "long enough"),
      "field 'login': use 1 to 64 letters (a–z), digits, '.', '_', '-' or '@' (got 'a b')"
    ),
    (
      NewAccountRequest(login: "ana", password: "short"),
      "field 'password': needs at least 8 characters"
    ),
  ])
  func badAccountsAreRefusedNamingTheField(request: NewAccountRequest, message: String) throws {
    let fixture = try AccountsFixture()
    do {
      _ = try fixture.larder.createFirstOwner(
        request, setupCode: fixture.larder.accounts!.setupCode, client: fixture.client)
      Issue.record("accepted \(request.login)")
    } catch let error as ApplicationError {
      #expect(error.description == message)
    }
    #expect(try fixture.larder.hasAccounts() == false)
  }

  @Test func aTakenLoginIsRefusedWithoutRegardToCase() throws {
    let fixture = try AccountsFixture()
    let owner = try fixture.owner()
    #expect(
      throws: ApplicationError.refusedValue(
        Field("login"), value: "ANA", reason: "is already taken")
    ) {
      _ = try fixture.larder.addUser(
        NewAccountRequest(login: "ANA", password: "long enough"), role: .member, as: owner.caller)
    }
  }
}

@Suite struct SignInTests {
  @Test func signingInGivesANewSessionEachTimeStoredOnlyAsAHash() throws {
    let fixture = try AccountsFixture()
    let first = try fixture.owner()
    let second = try fixture.larder.signIn(
      SignInRequest(login: "ANA", password: "correct horse"), client: fixture.client)
    #expect(first.token != second.token)
    #expect(second.token.count >= 43)
    let caller = try fixture.larder.authenticate(sessionToken: second.token)
    #expect(caller.user == first.caller.user)
    #expect(caller.role == .owner)
    let store = try #require(fixture.larder.accounts).store
    #expect(try store.session(tokenHash: second.token) == nil)
    #expect(try store.session(tokenHash: Secrets.sha256Hex(second.token)) != nil)
    #expect(try fixture.larder.sessions(as: caller).filter(\.isCurrent).count == 1)
  }

  @Test func aWrongPasswordAndAnUnknownNameGetTheSameAnswer() throws {
    let fixture = try AccountsFixture()
    _ = try fixture.owner()
    for request in [
      SignInRequest(login: "ana", password: "wrong horse"),
      SignInRequest(login: "nobody", password: "correct horse"),
    ] {
      #expect(throws: ApplicationError.signInRefused) {
        _ = try fixture.larder.signIn(request, client: fixture.client)
      }
    }
  }

  @Test func repeatedFailuresMustWaitLongerAndLonger() throws {
    let fixture = try AccountsFixture()
    _ = try fixture.owner()
    let wrong = SignInRequest(login: "ana", password: "guess")
    for _ in 0..<5 {
      #expect(throws: ApplicationError.signInRefused) {
        _ = try fixture.larder.signIn(wrong, client: fixture.client)
      }
    }
    // Five failures are free; then even the right password must wait.
    #expect(throws: ApplicationError.tooManyAttempts(retryAfter: 1)) {
      _ = try fixture.larder.signIn(
        SignInRequest(login: "ana", password: "correct horse"), client: fixture.client)
    }
    fixture.clock.advance(by: 1)
    #expect(throws: ApplicationError.signInRefused) {
      _ = try fixture.larder.signIn(wrong, client: fixture.client)
    }
    #expect(throws: ApplicationError.tooManyAttempts(retryAfter: 2)) {
      _ = try fixture.larder.signIn(wrong, client: fixture.client)
    }
    // Another client guessing the same name waits too: the name is throttled on its own.
    let elsewhere = ClientInfo(address: "198.51.100.9", userAgent: "other")
    #expect(throws: ApplicationError.tooManyAttempts(retryAfter: 2)) {
      _ = try fixture.larder.signIn(wrong, client: elsewhere)
    }
    fixture.clock.advance(by: 2)
    let signedIn = try fixture.larder.signIn(
      SignInRequest(login: "ana", password: "correct horse"), client: elsewhere)
    #expect(signedIn.user.login == "ana")
  }

  @Test func beforeAnyAccountSignInSaysToSetUp() throws {
    let fixture = try AccountsFixture()
    #expect(throws: ApplicationError.setupRequired) {
      _ = try fixture.larder.signIn(
        SignInRequest(login: "ana", password: "whatever1"), client: fixture.client)
    }
  }

  @Test func sessionsEndWhenIdleOrPastTheirLifetime() throws {
    let fixture = try AccountsFixture()
    let signedIn = try fixture.owner()
    fixture.clock.advance(by: 29 * 86_400)
    _ = try fixture.larder.authenticate(sessionToken: signedIn.token)
    fixture.clock.advance(by: 29 * 86_400)
    _ = try fixture.larder.authenticate(sessionToken: signedIn.token)
    fixture.clock.advance(by: 31 * 86_400)
    #expect(throws: ApplicationError.notSignedIn(reason: "your session has ended; sign in again")) {
      _ = try fixture.larder.authenticate(sessionToken: signedIn.token)
    }
    let again = try fixture.larder.signIn(
      SignInRequest(login: "ana", password: "correct horse"), client: fixture.client)
    for _ in 0..<4 {
      fixture.clock.advance(by: 25 * 86_400)
      _ = try? fixture.larder.authenticate(sessionToken: again.token)
    }
    #expect(throws: ApplicationError.self) {
      _ = try fixture.larder.authenticate(sessionToken: again.token)
    }
  }

  @Test func signingOutAndRevokingEndSessions() throws {
    let fixture = try AccountsFixture()
    let phone = try fixture.owner()
    let laptop = try fixture.larder.signIn(
      SignInRequest(login: "ana", password: "correct horse"), client: fixture.client)
    try fixture.larder.signOut(sessionToken: phone.token)
    #expect(throws: ApplicationError.self) {
      _ = try fixture.larder.authenticate(sessionToken: phone.token)
    }
    let caller = try fixture.larder.authenticate(sessionToken: laptop.token)
    let other = try fixture.larder.signIn(
      SignInRequest(login: "ana", password: "correct horse"), client: fixture.client)
    let otherID = try #require(
      fixture.larder.sessions(as: caller).first { !$0.isCurrent }?.id)
    try fixture.larder.endSession(otherID, as: caller)
    #expect(throws: ApplicationError.self) {
      _ = try fixture.larder.authenticate(sessionToken: other.token)
    }
  }

  @Test func changingThePasswordNeedsTheOldOneAndEndsOtherSessions() throws {
    let fixture = try AccountsFixture()
    let phone = try fixture.owner()
    let laptop = try fixture.larder.signIn(
      SignInRequest(login: "ana", password: "correct horse"), client: fixture.client)
    #expect(throws: ApplicationError.self) {
      try fixture.larder.changePassword(
        ChangePasswordRequest(currentPassword: "wrong", newPassword: "battery staple"),
        as: phone.caller)
    }
    try fixture.larder.changePassword(
      ChangePasswordRequest(currentPassword: "correct horse", newPassword: "battery staple"),
      as: phone.caller)
    _ = try fixture.larder.authenticate(sessionToken: phone.token)
    #expect(throws: ApplicationError.self) {
      _ = try fixture.larder.authenticate(sessionToken: laptop.token)
    }
    #expect(throws: ApplicationError.signInRefused) {
      _ = try fixture.larder.signIn(
        SignInRequest(login: "ana", password: "correct horse"), client: fixture.client)
    }
    _ = try fixture.larder.signIn(
      SignInRequest(login: "ana", password: "battery staple"), client: fixture.client)
  }
}

@Suite struct RoleAndTokenTests {
  @Test func aViewerReadsAndCooksButChangesNothing() throws {
    let fixture = try AccountsFixture()
    let owner = try fixture.owner()
    let stored = try fixture.larder.createRecipe(Fixtures.pancakes(), as: owner.caller)
    let viewer = try fixture.join("vi", role: .viewer, invitedBy: owner.caller).caller
    #expect(viewer.role == .viewer)
    #expect(try fixture.larder.recipe(stored.id, as: viewer).name == stored.name)
    _ = try fixture.larder.findRecipes(FinderRequest(have: ["egg"]), as: viewer)
    #expect(throws: ApplicationError.self) {
      _ = try fixture.larder.createRecipe(Fixtures.tomatoSoup(), as: viewer)
    }
    #expect(throws: ApplicationError.self) {
      try fixture.larder.deleteRecipe(stored.id, as: viewer)
    }
    #expect(throws: ApplicationError.self) {
      _ = try fixture.larder.createInvitation(NewInvitationRequest(), as: viewer)
    }
    #expect(try fixture.larder.recipe(stored.id, as: owner.caller).name == stored.name)
  }

  @Test func aReadOnlyTokenReadsAndARevokedOneIsRefused() throws {
    let fixture = try AccountsFixture()
    let owner = try fixture.owner()
    let readOnly = try fixture.larder.createAPIToken(
      NewAPITokenRequest(name: "script", readOnly: true), as: owner.caller)
    #expect(readOnly.token.hasPrefix(Larder.apiTokenPrefix))
    let caller = try fixture.larder.authenticate(apiToken: readOnly.token)
    #expect(caller.isReadOnly)
    _ = try fixture.larder.listRecipes(RecipeListRequest(), as: caller)
    #expect(throws: ApplicationError.forbidden(reason: "this API token may only read")) {
      _ = try fixture.larder.createRecipe(Fixtures.pancakes(), as: caller)
    }
    let writing = try fixture.larder.createAPIToken(
      NewAPITokenRequest(name: "sync"), as: owner.caller)
    let writer = try fixture.larder.authenticate(apiToken: writing.token)
    _ = try fixture.larder.createRecipe(Fixtures.pancakes(), as: writer)
    #expect(
      try fixture.larder.apiTokens(as: owner.caller).map(\.name).sorted() == ["script", "sync"])
    try fixture.larder.revokeAPIToken(writing.apiToken.id, as: owner.caller)
    #expect(throws: ApplicationError.notSignedIn(reason: "the API token is unknown or was revoked"))
    {
      _ = try fixture.larder.authenticate(apiToken: writing.token)
    }
  }

  @Test func theLastOwnerStaysAnOwner() throws {
    let fixture = try AccountsFixture()
    let owner = try fixture.owner()
    let member = try fixture.join("mo", role: .member, invitedBy: owner.caller)
    let ownerID = try #require(owner.caller.user).rawValue
    #expect(throws: ApplicationError.self) {
      _ = try fixture.larder.changeRole(
        ofMember: ownerID, RoleChangeRequest(role: .member), as: owner.caller)
    }
    #expect(throws: ApplicationError.self) {
      try fixture.larder.removeMember(ownerID, as: owner.caller)
    }
    let memberID = try #require(member.caller.user).rawValue
    _ = try fixture.larder.changeRole(
      ofMember: memberID, RoleChangeRequest(role: .owner), as: owner.caller)
    _ = try fixture.larder.changeRole(
      ofMember: ownerID, RoleChangeRequest(role: .member), as: owner.caller)
    #expect(try fixture.larder.members(as: owner.caller).map(\.role).sorted() == [.member, .owner])
  }
}

@Suite struct HouseholdTests {
  @Test func anotherHouseholdsRecipesAreNotFound() throws {
    let fixture = try AccountsFixture()
    let ana = try fixture.owner()
    let soup = try fixture.larder.createRecipe(Fixtures.tomatoSoup(), as: ana.caller)
    let member = try fixture.join("bo", role: .member, invitedBy: ana.caller)
    let own = try fixture.larder.createHousehold(
      HouseholdNameRequest(name: "Bo's flat"), as: member.caller)
    let bo = try fixture.larder.authenticate(sessionToken: member.token)
    #expect(bo.household.rawValue == own.id)
    #expect(throws: ApplicationError.notFound(.recipe, id: soup.id.rawValue)) {
      _ = try fixture.larder.recipe(soup.id, as: bo)
    }
    #expect(throws: ApplicationError.self) { try fixture.larder.deleteRecipe(soup.id, as: bo) }
    #expect(try fixture.larder.listRecipes(RecipeListRequest(), as: bo).total == 0)
    let back = try fixture.larder.switchHousehold(
      HouseholdChoiceRequest(household: "default"), as: bo)
    #expect(try fixture.larder.recipe(soup.id, as: back).name == soup.name)
    #expect(throws: ApplicationError.notFound(.household, id: "elsewhere")) {
      _ = try fixture.larder.switchHousehold(HouseholdChoiceRequest(household: "elsewhere"), as: bo)
    }
  }
}

@Suite struct InvitationTests {
  @Test func anInvitationWorksForItsUsesAndUntilItExpires() throws {
    let fixture = try AccountsFixture()
    let owner = try fixture.owner()
    let invitation = try fixture.larder.createInvitation(
      NewInvitationRequest(role: .member, days: 2, uses: 2), as: owner.caller)
    let token = fixture.token(of: invitation.path)
    let preview = try fixture.larder.invitationPreview(token: token)
    #expect(preview.household == "Home")
    #expect(preview.invitedBy == "Ana")
    _ = try fixture.larder.acceptInvitation(
      token: token, newAccount: NewAccountRequest(login: "b1", password: "password1"),
      client: fixture.client)
    _ = try fixture.larder.acceptInvitation(
      token: token, newAccount: NewAccountRequest(login: "b2", password: "password2"),
      client: fixture.client)
    #expect(throws: ApplicationError.notFound(.invitation, id: "")) {
      _ = try fixture.larder.acceptInvitation(
        token: token, newAccount: NewAccountRequest(login: "b3", password: "password3"),
        client: fixture.client)
    }
    let later = try fixture.larder.createInvitation(
      NewInvitationRequest(days: 1), as: owner.caller)
    fixture.clock.advance(by: 86_401)
    #expect(throws: ApplicationError.notFound(.invitation, id: "")) {
      _ = try fixture.larder.invitationPreview(token: fixture.token(of: later.path))
    }
    let revoked = try fixture.larder.createInvitation(NewInvitationRequest(), as: owner.caller)
    try fixture.larder.revokeInvitation(revoked.invitation.id, as: owner.caller)
    #expect(throws: ApplicationError.notFound(.invitation, id: "")) {
      _ = try fixture.larder.invitationPreview(token: fixture.token(of: revoked.path))
    }
    #expect(try fixture.larder.members(as: owner.caller).map(\.user.login) == ["ana", "b1", "b2"])
  }

  @Test func invitationsNeverMakeOwners() throws {
    let fixture = try AccountsFixture()
    let owner = try fixture.owner()
    #expect(throws: ApplicationError.self) {
      _ = try fixture.larder.createInvitation(NewInvitationRequest(role: .owner), as: owner.caller)
    }
  }
}

@Suite struct ShareLinkTests {
  @Test func aShareLinkShowsOneRecipeUntilRevokedAndCanBeCopied() throws {
    let fixture = try AccountsFixture()
    let ana = try fixture.owner()
    let soup = try fixture.larder.createRecipe(Fixtures.tomatoSoup(), as: ana.caller)
    let link = try fixture.larder.createShareLink(
      NewShareLinkRequest(recipe: soup.id.rawValue), as: ana.caller)
    let token = fixture.token(of: link.path)
    #expect(try fixture.larder.sharedRecipe(token: token).recipe.name == soup.name)

    let bo = try fixture.join("bo", role: .member, invitedBy: ana.caller)
    _ = try fixture.larder.createHousehold(HouseholdNameRequest(name: "Bo's"), as: bo.caller)
    let boNow = try fixture.larder.authenticate(sessionToken: bo.token)
    let copy = try fixture.larder.saveSharedCopy(token: token, as: boNow)
    #expect(copy.householdID == boNow.household)
    #expect(copy.id != soup.id)
    #expect(try fixture.larder.listRecipes(RecipeListRequest(), as: boNow).total == 1)

    try fixture.larder.revokeShareLink(link.link.id, as: ana.caller)
    #expect(throws: ApplicationError.notFound(.shareLink, id: "")) {
      _ = try fixture.larder.sharedRecipe(token: token)
    }
    #expect(throws: ApplicationError.notFound(.shareLink, id: "")) {
      _ = try fixture.larder.sharedRecipe(token: "guess")
    }
  }
}

/// A database file made by the Larder before accounts (schema 6) upgrades in place: the first
/// account owns every recipe, pantry item and food already stored.
@Suite struct UpgradeBeforeAccountsTests {
  @Test func aSchemaSixDatabaseIsOwnedByItsFirstAccount() throws {
    let path = try OpeningALarderTests.databasePath()
    do {
      let database = try SQLiteDatabase(path: path)
      #expect(try Migrations.migrate(database, upTo: 6) == 0)
    }
    // What an older Larder had stored, written through the stores as it wrote them.
    do {
      let old = try SQLiteRecipeStore(
        database: SQLiteDatabase(path: path), previousVersion: 6)
      _ = try old.createRecipe(Fixtures.pancakes(), household: .default, now: Fixtures.now)
      _ = try old.createRecipe(Fixtures.tomatoSoup(), household: .default, now: Fixtures.now)
      try old.saveUserFood(
        Food(id: "sudachi", name: "sudachi", parentID: "citrus"), household: .default,
        now: Fixtures.now)
    }
    let fixtureClock = TestClock()
    let opened = try Larder.open(
      databasePath: path,
      options: OpeningOptions(passwordHashing: .leastForTests),
      caller: .defaultHousehold, clock: { fixtureClock.now })
    #expect(opened.notes.starterRecipes == nil, "an existing database gets no starter recipes")
    let larder = opened.larder
    #expect(try larder.hasAccounts() == false)
    let owner = try larder.createFirstOwner(
      NewAccountRequest(login: "ana", password: "correct horse"),
      setupCode: larder.accounts!.setupCode, client: ClientInfo(address: "127.0.0.1", userAgent: "")
    )
    let names = try larder.listRecipes(RecipeListRequest(), as: owner.caller).items.map(\.name)
    #expect(names.sorted() == ["Buttermilk Pancakes", "Tomato Soup"])
    #expect(try larder.userFoods(as: owner.caller).foods.map(\.id) == ["sudachi"])
    #expect(try larder.whoAmI(as: owner.caller).household.name == "Home")
  }
}

/// What the security review found, each shown fixed.
@Suite struct ReviewFindingTests {
  @Test func aReadOnlyTokenCannotLeaveTheHouseholdOrChangeThePassword() throws {
    let fixture = try AccountsFixture()
    let owner = try fixture.owner()
    let bob = try fixture.join("bob", role: .member, invitedBy: owner.caller)
    let token = try fixture.larder.createAPIToken(
      NewAPITokenRequest(name: "reader", readOnly: true), as: bob.caller)
    let reader = try fixture.larder.authenticate(apiToken: token.token)
    let bobID = try #require(bob.caller.user).rawValue
    #expect(throws: ApplicationError.forbidden(reason: "this API token may only read")) {
      try fixture.larder.removeMember(bobID, as: reader)
    }
    #expect(throws: ApplicationError.forbidden(reason: "this API token may only read")) {
      try fixture.larder.changePassword(
        ChangePasswordRequest(currentPassword: "password bob", newPassword: "a new one!"),
        as: reader)
    }
    #expect(try fixture.larder.members(as: owner.caller).count == 2)
  }

  @Test func guessingTheCurrentPasswordIsSlowedLikeSigningIn() throws {
    let fixture = try AccountsFixture()
    let owner = try fixture.owner()
    for _ in 0..<5 {
      #expect(throws: ApplicationError.self) {
        try fixture.larder.changePassword(
          ChangePasswordRequest(currentPassword: "guess", newPassword: "a new password"),
          as: owner.caller)
      }
    }
    #expect(throws: ApplicationError.tooManyAttempts(retryAfter: 1)) {
      try fixture.larder.changePassword(
        ChangePasswordRequest(currentPassword: "correct horse", newPassword: "a new password"),
        as: owner.caller)
    }
  }

  @Test func theThrottleRemembersFailuresForADay() throws {
    let fixture = try AccountsFixture()
    _ = try fixture.owner()
    var guesses = 0
    // Two hours of guessing whenever allowed: five free tries, then waits that grow to 15
    // minutes and stay there.
    for _ in 0..<(2 * 3600) {
      do {
        _ = try fixture.larder.signIn(
          SignInRequest(login: "ana", password: "guess"), client: fixture.client)
      } catch ApplicationError.signInRefused {
        guesses += 1
      } catch {}
      fixture.clock.advance(by: 1)
    }
    // 5 free, 10 during the growing waits (1 s … 512 s), then one each 15 minutes: about 22;
    // a throttle that forgot after 15 minutes allowed 60.
    #expect(guesses <= 25, "\(guesses) guesses in two hours")
  }

  @Test func acceptingAHigherRoleRaisesAMembersRole() throws {
    let fixture = try AccountsFixture()
    let owner = try fixture.owner()
    let viewer = try fixture.join("vi", role: .viewer, invitedBy: owner.caller)
    let invitation = try fixture.larder.createInvitation(
      NewInvitationRequest(role: .member), as: owner.caller)
    let raised = try fixture.larder.acceptInvitation(
      token: fixture.token(of: invitation.path), as: viewer.caller)
    #expect(raised.role == .member)
  }

  @Test func aShareLinkShowsNeitherTheHouseholdsNotesNorItsFavourite() throws {
    let fixture = try AccountsFixture()
    let ana = try fixture.owner()
    var soup = Fixtures.tomatoSoup()
    soup.notes = "PRIVATE: spare key under the mat"
    soup.isFavorite = true
    soup.rating = 5
    let stored = try fixture.larder.createRecipe(soup, as: ana.caller)
    let link = try fixture.larder.createShareLink(
      NewShareLinkRequest(recipe: stored.id.rawValue), as: ana.caller)
    let shared = try fixture.larder.sharedRecipe(token: fixture.token(of: link.path)).recipe
    #expect(shared.notes == nil)
    #expect(shared.isFavorite == false)
    #expect(shared.rating == nil)
    let bo = try fixture.join("bo", role: .member, invitedBy: ana.caller)
    _ = try fixture.larder.createHousehold(HouseholdNameRequest(name: "Bo's"), as: bo.caller)
    let copy = try fixture.larder.saveSharedCopy(
      token: fixture.token(of: link.path),
      as: fixture.larder.authenticate(sessionToken: bo.token))
    #expect(copy.notes == nil)
  }

  @Test func setupNeedsTheCode() throws {
    let fixture = try AccountsFixture()
    #expect(throws: ApplicationError.self) {
      _ = try fixture.larder.createFirstOwner(
        NewAccountRequest(login: "mallory", password: "long enough"), setupCode: "guess",
        client: fixture.client)
    }
    #expect(try fixture.larder.hasAccounts() == false)
  }

  @Test(arguments: ["anа", "ana\u{301}", "ｆｕｌｌ", "名前"])
  func loginNamesAreASCIISoLookAlikesCannotCoexist(login: String) throws {
    #expect(throws: ApplicationError.self) {
      try NewAccountRequest(login: login, password: "long enough").validate()
    }
  }
}

/// Links to a collection: the recipes of one household with one tag, as they are tagged when
/// the link is opened.
@Suite struct CollectionShareLinkTests {
  /// Ana's household with pancakes (tagged brunch), a soup (not) and a brunch recipe of Bo's
  /// own household, and a link to Ana's brunch collection.
  struct World {
    let fixture: AccountsFixture
    let ana: SignedIn
    let bo: Caller
    let pancakes: Recipe
    let soup: Recipe
    let bosBrunch: Recipe
    let token: String
    let link: CreatedShareLink

    init() throws {
      fixture = try AccountsFixture()
      let larder = fixture.larder
      ana = try fixture.owner()
      pancakes = try larder.createRecipe(Fixtures.pancakes(), as: ana.caller)
      soup = try larder.createRecipe(Fixtures.tomatoSoup(), as: ana.caller)
      let joined = try fixture.join("bo", role: .member, invitedBy: ana.caller)
      _ = try larder.createHousehold(HouseholdNameRequest(name: "Bo's"), as: joined.caller)
      bo = try larder.authenticate(sessionToken: joined.token)
      var brunch = Fixtures.cremeBrulee()
      brunch.keywords = ["Brunch"]
      bosBrunch = try larder.createRecipe(brunch, as: bo)
      link = try larder.createShareLink(NewShareLinkRequest(collection: "BRUNCH "), as: ana.caller)
      token = fixture.token(of: link.path)
    }

    func collection() throws -> SharedCollection {
      guard case .collection(let collection) = try fixture.larder.openShareLink(token: token)
      else { throw WorldError.notACollection }
      return collection
    }

    func retag(_ recipe: Recipe, _ keywords: [String]) throws {
      var changed = try fixture.larder.recipe(recipe.id, as: ana.caller)
      changed.keywords = keywords
      _ = try fixture.larder.replaceRecipe(recipe.id, with: changed, as: ana.caller)
    }
  }

  enum WorldError: Error { case notACollection }

  @Test func aCollectionLinkShowsExactlyItsHouseholdsTaggedRecipes() throws {
    let world = try World()
    #expect(world.link.link.kind == .collection)
    #expect(world.link.link.collection == "brunch")
    #expect(world.link.link.recipeID == nil)
    let collection = try world.collection()
    #expect(collection.name == "brunch")
    #expect(collection.recipes.map(\.id) == [world.pancakes.id])
    let larder = world.fixture.larder
    #expect(
      try larder.sharedRecipe(token: world.token, recipe: world.pancakes.id).recipe.name
        == world.pancakes.name)
    for outside in [world.soup.id, world.bosBrunch.id, RecipeID(rawValue: "nothing")] {
      #expect(throws: ApplicationError.notFound(.recipe, id: outside.rawValue)) {
        _ = try larder.sharedRecipe(token: world.token, recipe: outside)
      }
    }
    // A collection's link shows its recipes one by one, never one without saying which.
    #expect(throws: ApplicationError.notFound(.shareLink, id: "")) {
      _ = try larder.sharedRecipe(token: world.token)
    }
  }

  @Test func aCollectionLinkFollowsTheTagsAsTheyChange() throws {
    let world = try World()
    try world.retag(world.soup, ["soup", "Brunch"])
    #expect(try world.collection().recipes.map(\.id) == [world.pancakes.id, world.soup.id])
    try world.retag(world.pancakes, ["sweet"])
    #expect(try world.collection().recipes.map(\.id) == [world.soup.id])
    #expect(throws: ApplicationError.notFound(.recipe, id: world.pancakes.id.rawValue)) {
      _ = try world.fixture.larder.sharedRecipe(token: world.token, recipe: world.pancakes.id)
    }
    try world.retag(world.soup, ["soup"])
    #expect(try world.collection().recipes.isEmpty)
  }

  @Test func theHouseholdsOwnMarksAreLeftOut() throws {
    let world = try World()
    _ = try world.fixture.larder.patchRecipe(
      world.pancakes.id, with: RecipePatch(json: Data(#"{"isFavorite": true, "rating": 5}"#.utf8)),
      as: world.ana.caller)
    let card = try #require(try world.collection().recipes.first)
    #expect(!card.isFavorite)
    #expect(card.rating == nil)
    let recipe = try world.fixture.larder.sharedRecipe(
      token: world.token, recipe: world.pancakes.id
    ).recipe
    #expect(!recipe.isFavorite)
    #expect(recipe.rating == nil)
  }

  @Test func aReaderSavesOneRecipeOfTheCollection() throws {
    let world = try World()
    let larder = world.fixture.larder
    let png =
      Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]) + Data("IHDR".utf8)
    let image = try larder.storeImage(
      ImageUpload(data: png, declaredType: "image/png"), as: world.ana.caller)
    var pictured = try larder.recipe(world.pancakes.id, as: world.ana.caller)
    pictured.images = [image.url]
    _ = try larder.replaceRecipe(world.pancakes.id, with: pictured, as: world.ana.caller)
    #expect(
      try larder.sharedImage(token: world.token, recipe: world.pancakes.id).data == png)
    #expect(throws: ApplicationError.self) {
      _ = try larder.sharedImage(token: world.token, recipe: world.soup.id)
    }

    let copy = try larder.saveSharedCopy(
      token: world.token, recipe: world.pancakes.id, as: world.bo)
    #expect(copy.householdID == world.bo.household)
    #expect(copy.name == world.pancakes.name)
    #expect(copy.images.first != image.url)
    #expect(try larder.listRecipes(RecipeListRequest(), as: world.bo).total == 2)
    #expect(throws: ApplicationError.notFound(.recipe, id: world.soup.id.rawValue)) {
      _ = try larder.saveSharedCopy(token: world.token, recipe: world.soup.id, as: world.bo)
    }
  }

  @Test func revokingACollectionLinkStopsAllOfIt() throws {
    let world = try World()
    let larder = world.fixture.larder
    #expect(try larder.shareLinks(as: world.ana.caller).map(\.id) == [world.link.link.id])
    #expect(try larder.shareLinks(as: world.bo).isEmpty)
    #expect(throws: ApplicationError.notFound(.shareLink, id: world.link.link.id)) {
      try larder.revokeShareLink(world.link.link.id, as: world.bo)
    }
    try larder.revokeShareLink(world.link.link.id, as: world.ana.caller)
    let gone = ApplicationError.notFound(.shareLink, id: "")
    #expect(throws: gone) { _ = try larder.openShareLink(token: world.token) }
    #expect(throws: gone) {
      _ = try larder.sharedRecipe(token: world.token, recipe: world.pancakes.id)
    }
    #expect(throws: gone) {
      _ = try larder.sharedImage(token: world.token, recipe: world.pancakes.id)
    }
    #expect(throws: gone) {
      _ = try larder.saveSharedCopy(token: world.token, recipe: world.pancakes.id, as: world.bo)
    }
  }

  @Test func aLinkNamesOneRecipeOrOneTagThatARecipeHas() throws {
    let world = try World()
    let larder = world.fixture.larder
    #expect(
      throws: ApplicationError.refusedValue(
        Field("collection"), value: "sweets",
        reason: "no recipe in this household has this tag; tag some recipes with it first")
    ) {
      _ = try larder.createShareLink(
        NewShareLinkRequest(collection: "sweets"), as: world.ana.caller)
    }
    // Bo's household has no soup, though Ana's has.
    #expect(throws: ApplicationError.self) {
      _ = try larder.createShareLink(NewShareLinkRequest(collection: "soup"), as: world.bo)
    }
    for request in [
      NewShareLinkRequest(recipe: world.soup.id.rawValue, collection: "soup"),
      NewShareLinkRequest(recipe: nil, collection: nil),
      NewShareLinkRequest(recipe: " ", collection: ""),
    ] {
      #expect(throws: ApplicationError.self) {
        _ = try larder.createShareLink(request, as: world.ana.caller)
      }
    }
    let decoded = try NewShareLinkRequest.decode(json: Data(#"{"collection": "soup"}"#.utf8))
    #expect(decoded == NewShareLinkRequest(collection: "soup"))
    #expect(throws: ApplicationError.self) {
      _ = try NewShareLinkRequest.decode(json: Data(#"{"tag": "soup"}"#.utf8))
    }
    let viewer = try world.fixture.join("vi", role: .viewer, invitedBy: world.ana.caller)
    #expect(throws: ApplicationError.self) {
      _ = try larder.createShareLink(NewShareLinkRequest(collection: "soup"), as: viewer.caller)
    }
  }
}
