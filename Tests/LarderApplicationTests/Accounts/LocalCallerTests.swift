import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// The command line's caller (`Caller.local(household:)`): the owner of the household it is
/// told to act in, which must exist.
@Suite struct LocalCallerTests {
  @Test func openingAsAnUnknownHouseholdIsRefusedAndMakesNoDatabase() throws {
    let path = try OpeningALarderTests.databasePath()
    let nowhere = Caller.local(household: HouseholdID(rawValue: "nope"))
    #expect(throws: ApplicationError.notFound(.household, id: "nope")) {
      try Larder.open(databasePath: path, caller: nowhere)
    }
    #expect(!FileManager.default.fileExists(atPath: path), "no database is made for it")
    #expect(throws: ApplicationError.notFound(.household, id: "nope")) {
      try Larder.foodLookup(databasePath: path, as: nowhere)
    }

    _ = try Larder.open(
      databasePath: path, options: OpeningOptions(seedsStarterRecipes: false),
      caller: .defaultHousehold)
    #expect(throws: ApplicationError.notFound(.household, id: "nope")) {
      try Larder.open(databasePath: path, caller: nowhere)
    }
    #expect(throws: ApplicationError.notFound(.household, id: "nope")) {
      try Larder.foodLookup(databasePath: path, as: nowhere)
    }
  }

  @Test func theCommandLineActsInAnotherHouseholdOnceItExists() throws {
    let path = try OpeningALarderTests.databasePath()
    let first = try Larder.open(
      databasePath: path,
      options: OpeningOptions(seedsStarterRecipes: false, passwordHashing: .leastForTests),
      caller: .defaultHousehold
    ).larder
    let owner = try first.createFirstOwner(
      NewAccountRequest(login: "ana", password: "correct horse"),
      setupCode: first.accounts!.setupCode,
      client: ClientInfo(address: "127.0.0.1", userAgent: "Test"))
    let cabin = try first.createHousehold(HouseholdNameRequest(name: "Cabin"), as: owner.caller)
    let local = Caller.local(household: HouseholdID(rawValue: cabin.id))
    let opened = try Larder.open(
      databasePath: path, options: OpeningOptions(seedsStarterRecipes: false), caller: local
    ).larder
    _ = try opened.createRecipe(Fixtures.pancakes(), as: local)
    #expect(try opened.health(as: local).recipes == 1)
    #expect(try opened.health(as: .defaultHousehold).recipes == 0)
    let households = try opened.allHouseholds(as: local)
    #expect(households.map(\.name) == ["Home", "Cabin"])
    #expect(
      throws: ApplicationError.forbidden(reason: "only the command line lists every household")
    ) {
      try first.allHouseholds(as: owner.caller)
    }
  }

  @Test func revokingAnUnknownTokenSaysSo() throws {
    let fixture = try AccountsFixture()
    let owner = try fixture.owner()
    let made = try fixture.larder.createAPIToken(
      NewAPITokenRequest(name: "script"), login: "ana", as: .defaultHousehold)
    #expect(throws: ApplicationError.notFound(.apiToken, id: "nope")) {
      try fixture.larder.revokeAPIToken("nope", as: .defaultHousehold)
    }
    #expect(throws: ApplicationError.notFound(.apiToken, id: "nope")) {
      try fixture.larder.revokeAPIToken("nope", as: owner.caller)
    }
    try fixture.larder.revokeAPIToken(made.apiToken.id, as: .defaultHousehold)
    #expect(throws: ApplicationError.notFound(.apiToken, id: made.apiToken.id)) {
      try fixture.larder.revokeAPIToken(made.apiToken.id, as: .defaultHousehold)
    }
  }
}
