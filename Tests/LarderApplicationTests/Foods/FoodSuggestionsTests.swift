import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// Autocomplete over the catalog's names and synonyms.
@Suite struct FoodSuggestionsTests {
  let larder = Larder(recipes: InMemoryRecipeStore())

  @Test(arguments: [
    ("egg", "egg"), ("aubergine", "eggplant"), ("PARMESAN", "parmesan"), ("chedd", "cheddar"),
  ])
  func namesAndSynonymsAreFound(text: String, expectedID: String) throws {
    let found = try larder.suggestFoods(
      FoodSuggestionRequest(text: text, limit: 5), as: .defaultHousehold)
    #expect(found.items.first?.id == expectedID, "\(found.items)")
    #expect(found.items.count <= 5)
  }

  @Test func aSynonymSaysWhichNameMatched() throws {
    let found = try larder.suggestFoods(
      FoodSuggestionRequest(text: "aubergine"), as: .defaultHousehold)
    let eggplant = try #require(found.items.first)
    #expect(eggplant.matched?.lowercased() == "aubergine")
    let object = try #require(
      try JSONSerialization.jsonObject(with: LarderJSON.encode(eggplant)) as? [String: Any])
    #expect(Set(object.keys) == ["id", "name", "aisle", "matched"])
  }

  @Test func blankTextFindsNothing() throws {
    let found = try larder.suggestFoods(FoodSuggestionRequest(text: "  "), as: .defaultHousehold)
    #expect(found.items.isEmpty)
    #expect(found.query == "")
  }

  @Test func theLimitIsChecked() throws {
    #expect(throws: ApplicationError.self) {
      _ = try larder.suggestFoods(
        FoodSuggestionRequest(text: "egg", limit: 0), as: .defaultHousehold)
    }
    #expect(throws: ApplicationError.self) {
      _ = try larder.suggestFoods(
        try FoodSuggestionRequest.decode(query: ["q": "egg", "limit": "lots"]),
        as: .defaultHousehold)
    }
    #expect(try FoodSuggestionRequest.decode(query: ["q": "egg"]).limit == 10)
  }

  @Test func aFoodWithoutAnAisleWritesNull() throws {
    let item = FoodSuggestions.Item(id: "x", name: "X", aisle: nil, matched: nil)
    let object = try #require(
      try JSONSerialization.jsonObject(with: LarderJSON.encode(item)) as? [String: Any])
    #expect(object["aisle"] is NSNull)
    #expect(object["matched"] == nil)
  }
}
