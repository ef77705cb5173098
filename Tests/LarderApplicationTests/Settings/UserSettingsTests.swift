import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// Each user's own staples, diets and units, through the use cases on the in-memory store.
@Suite struct UserSettingsTests {
  let larder = Larder(recipes: InMemoryRecipeStore(), userSettings: InMemoryUserSettingsStore())

  static func caller(
    _ user: String, household: String = "default", role: Role = .member, readOnly: Bool = false
  ) -> Caller {
    Caller(
      household: HouseholdID(rawValue: household), user: UserID(rawValue: user), role: role,
      isReadOnly: readOnly, credential: .session(id: "session-\(user)"))
  }

  @Test func aUserWithoutSettingsGetsTheUsualOnes() throws {
    let answer = try larder.userSettings(as: Self.caller("ana"))
    #expect(answer == .usual)
    #expect(answer.staples == ["salt", "black pepper", "water"])
    #expect(!answer.isStored)
  }

  @Test func savedSettingsReadBack() throws {
    let ana = Self.caller("ana")
    let saved = try larder.saveUserSettings(
      UserSettingsRequest(staples: ["salt", "olive oil"], diets: ["Vegetarian"], units: .metric),
      as: ana)
    #expect(saved.unknownStaples == [])
    let read = try larder.userSettings(as: ana)
    #expect(read.staples == ["salt", "olive oil"])
    #expect(read.diets == ["vegetarian"])
    #expect(read.units == "metric")
    #expect(read.isStored)
  }

  @Test func anUnknownStapleIsLeftOutAndNamedWhileTheRestIsSaved() throws {
    let ana = Self.caller("ana")
    let saved = try larder.saveUserSettings(
      UserSettingsRequest(staples: ["salt", "blak peper", "water"]), as: ana)
    #expect(saved.unknownStaples == ["blak peper"])
    #expect(saved.staples == ["salt", "water"])
    #expect(try larder.userSettings(as: ana).staples == ["salt", "water"])
  }

  @Test func anUnknownDietIsRefusedNamingTheFieldAndNothingIsSaved() throws {
    let ana = Self.caller("ana")
    #expect {
      try larder.saveUserSettings(UserSettingsRequest(diets: ["carnivore"]), as: ana)
    } throws: { error in
      guard case ApplicationError.invalidValue(let field, let value, _) = error else {
        return false
      }
      return field.name == "diets" && value == "carnivore"
    }
    #expect(try larder.userSettings(as: ana) == .usual)
  }

  @Test func anUnknownUnitIsRefusedNamingTheField() throws {
    #expect {
      try UserSettingsRequest.decode(json: Data(#"{"units": "imperial"}"#.utf8))
    } throws: { error in
      guard case ApplicationError.invalidValue(let field, _, _) = error else { return false }
      return field.name == "units"
    }
  }

  @Test func eachUserAndHouseholdKeepsTheirOwn() throws {
    let ana = Self.caller("ana", role: .owner)
    _ = try larder.saveUserSettings(
      UserSettingsRequest(staples: ["saffron"], diets: ["vegan"], units: .us), as: ana)
    for other in [
      Self.caller("vi", role: .viewer), Self.caller("ana", household: "b", role: .owner),
      Self.caller("bo", household: "b", role: .owner),
    ] {
      #expect(try larder.userSettings(as: other) == .usual)
    }
    // A viewer keeps settings of their own; Ana's stay hers.
    let viewer = Self.caller("vi", role: .viewer)
    _ = try larder.saveUserSettings(UserSettingsRequest(staples: ["butter"]), as: viewer)
    #expect(try larder.userSettings(as: viewer).staples == ["butter"])
    #expect(try larder.userSettings(as: ana).staples == ["saffron"])
  }

  @Test func aReadOnlyTokenCannotSaveAndTheCommandLineHasNoSettingsToSave() throws {
    #expect(throws: ApplicationError.self) {
      try larder.saveUserSettings(
        UserSettingsRequest(staples: ["butter"]), as: Self.caller("ana", readOnly: true))
    }
    #expect(throws: ApplicationError.self) {
      try larder.saveUserSettings(UserSettingsRequest(), as: .local(household: .default))
    }
    #expect(try larder.userSettings(as: .local(household: .default)) == .usual)
  }

  @Test func aVersionTenDatabaseUpgradesAndKeepsSettings() throws {
    let path = try OpeningALarderTests.databasePath()
    do {
      let database = try SQLiteDatabase(path: path)
      #expect(try Migrations.migrate(database, upTo: 10) == 0)
    }
    #expect(try SQLiteRecipeStore.open(path: path).previousSchemaVersion == 10)
    let larder = try Larder.open(
      databasePath: path,
      options: OpeningOptions(seedsStarterRecipes: false, passwordHashing: .leastForTests),
      caller: .defaultHousehold
    ).larder
    let owner = try larder.createFirstOwner(
      NewAccountRequest(login: "ana", password: "correct horse"),
      setupCode: larder.accounts!.setupCode,
      client: ClientInfo(address: "192.0.2.7", userAgent: "Test"))
    _ = try larder.saveUserSettings(
      UserSettingsRequest(staples: ["salt"], diets: ["vegan"], units: .us), as: owner.caller)
    let reopened = try SQLiteRecipeStore.open(path: path)
    #expect(reopened.previousSchemaVersion == SQLiteRecipeStore.schemaVersion)
    #expect(
      try reopened.userSettings(user: try #require(owner.caller.user), household: .default)
        == StoredUserSettings(staples: ["salt"], diets: ["vegan"], units: "us"))
  }
}
