import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// Looking foods up without a running Larder: the same answers and rules as the Larder's.
@Suite struct FoodLookupTests {
  let lookup = FoodLookup(catalog: .bundled)

  @Test(arguments: ["egg", "aubergine", "chedd", "PARMESAN", "  "])
  func suggestionsAreTheLarders(text: String) throws {
    let larder = Larder(recipes: InMemoryRecipeStore())
    let request = FoodSuggestionRequest(text: text, limit: 7)
    #expect(try lookup.suggest(request) == larder.suggestFoods(request, as: .defaultHousehold))
  }

  @Test(arguments: [0, 51])
  func theLimitIsTheAPIs(limit: Int) throws {
    let error = try #require(throws: ApplicationError.self) {
      try lookup.suggest(FoodSuggestionRequest(text: "egg", limit: limit))
    }
    #expect(
      error.message(naming: .api(defaultLocation: .query))
        == "query parameter 'limit': '\(limit)' is not a whole number from 1 to 50")
  }

  @Test func aFoodIsFoundByIdOrNameAndAnUnknownOneIsRefusedNamingTheField() throws {
    #expect(try lookup.food("eggplant").id == "eggplant")
    #expect(try lookup.food("aubergines").id == "eggplant")
    let error = try #require(throws: ApplicationError.self) { try lookup.food("unobtainium") }
    #expect(
      error
        == .refusedValue(
          Field("food"), value: "unobtainium",
          reason: "no food has this id or name (try 'larder foods search')"))
    #expect(error.isAboutAField)
  }

  @Test func aMatchIsWrittenAsIngredientsParseWritesItsFood() throws {
    let match = lookup.match("2 cloves garlic, minced")
    #expect(match.name == "garlic")
    #expect(match.food?.foodID == "garlic")
    let object = try #require(
      try JSONSerialization.jsonObject(with: LarderJSON.encode(match)) as? [String: Any])
    #expect(Set(object.keys) == ["input", "name", "food"])
    let food = try #require(object["food"] as? [String: Any])
    #expect(Set(food.keys) == ["id", "name", "how"])
    let none = try #require(
      try JSONSerialization.jsonObject(with: LarderJSON.encode(lookup.match("3 sudachis")))
        as? [String: Any])
    #expect(none["food"] is NSNull)
  }

  @Test func withoutADatabaseTheBundledFoodsAreLookedUpAndNoneIsCreated() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("no-larder-\(UUID()).sqlite").path
    let lookup = try Larder.foodLookup(databasePath: path, as: .defaultHousehold)
    #expect(lookup.warnings.isEmpty)
    #expect(try lookup.food("garlic").id == "garlic")
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}
