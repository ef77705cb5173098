import Foundation
import LarderCore
import LarderHTTP
import LarderTestSupport
import Testing

@testable import LarderServer

/// The finder's answer over the API is the engine's page, each hit as the card the web app
/// and the command line show, read from the library's summaries rather than by loading each
/// hit's whole recipe (issue 14, item 1).
@Suite struct FinderResultViewTests {
  static let foods = [
    "egg", "butter", "flour", "milk", "sugar", "onion", "garlic", "tomato", "rice", "carrot",
    "potato", "lemon",
  ]

  /// Thirty recipes of three to six foods each, some with an image, a time, a rating or a
  /// favourite flag, every fifth with a line no food matches.
  static func library() -> [Recipe] {
    (0..<30).map { index in
      let count = 3 + index % 4
      let chosen = (0..<count).map { foods[(index * 5 + $0 * 7) % foods.count] }
      var recipe = FinderAPITests.recipe(
        "Dish \(index)", foods: Array(Set(chosen)).sorted(),
        unmatched: index % 5 == 0 ? ["a pinch of something \(index)"] : [])
      if index % 3 == 0 { recipe.images = ["https://example.com/\(index).jpg"] }
      if index % 4 == 0 { recipe.totalTime = RecipeDuration(minutes: 10 + index) }
      recipe.rating = index % 2 == 0 ? 1 + index % 5 : nil
      recipe.isFavorite = index % 7 == 0
      return recipe
    }
  }

  /// JSON text with sorted keys, so two objects compare as text.
  static func canonical(_ object: Any) throws -> String {
    String(
      decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
      as: UTF8.self)
  }

  static func canonical(encoding value: some Encodable) throws -> String {
    try canonical(JSONSerialization.jsonObject(with: LarderJSON.encode(value)))
  }

  @Test func theAnswerIsTheEnginesPageWithEachHitsCard() throws {
    let store = ReadCountingRecipeStore(base: InMemoryRecipeStore())
    let (client, stored) = try TestClient.make(store: store, recipes: Self.library())
    let have = ["egg", "butter", "flour", "milk", "onion", "garlic", "tomato"]
    // The engine alone on the same recipes and the same query.
    let engine = FinderEngine(catalog: FinderCatalog(foods: .bundled))
    engine.build(
      recipes: try store.foodProfiles(household: .default).map(FinderRecipe.init(profile:)),
      clock: { 0 })
    for missing in [0, 1, 2, 3] {
      let query = FinderQuery(
        pantryItems: PantryTerm.resolve(have, catalog: .bundled).compactMap { term in
          term.food.map { FinderQuery.PantryItem(food: $0.foodID, kinds: term.kinds) }
        }, maxMissing: missing, limit: 50)
      let expected = engine.find(query)
      let response = client.send(
        "GET", "/api/v1/finder",
        query: ["have": have.joined(separator: ","), "missing": "\(missing)", "limit": "50"])
      #expect(response.status == 200, "\(response.text)")
      let items = response.object["items"] as? [[String: Any]] ?? []
      let ids = items.compactMap { ($0["recipe"] as? [String: Any])?["id"] as? String }
      #expect(ids == expected.items.map(\.recipeID), "missing \(missing)")
      #expect(response.object["total"] as? Int == expected.total)
      if missing == 3 { #expect(ids.count > 10) }
      // Each card is the stored recipe's summary, card fields included.
      for item in items {
        let card = try #require(item["recipe"] as? [String: Any])
        let recipe = try #require(stored.first { $0.id.rawValue == card["id"] as? String })
        #expect(
          try Self.canonical(card) == Self.canonical(encoding: RecipeSummary(recipe)), "\(card)")
        for field in ["id", "name", "cardFacts", "placeholderHue", "isFavorite"] {
          #expect(card[field] != nil, "\(field) missing from \(card)")
        }
        #expect((card["imagePath"] != nil) == !recipe.images.isEmpty)
        // The lines Larder could not read are still named, for the cook page and the CLI.
        let unread = item["unmatchedLineTexts"] as? [String] ?? []
        #expect(unread == recipe.ingredientLines.filter { $0.facts?.foodID == nil }.map(\.text))
      }
    }
  }

  @Test func hitsAreNotReadAsWholeRecipesUnlessALineIsUnread() throws {
    let store = ReadCountingRecipeStore(base: InMemoryRecipeStore())
    let (client, _) = try TestClient.make(store: store, recipes: Self.library())
    let request = ["have": Self.foods.joined(separator: ","), "missing": "3", "limit": "50"]
    _ = client.send("GET", "/api/v1/finder", query: request)
    store.reset()
    let response = client.send("GET", "/api/v1/finder", query: request)
    let items = response.object["items"] as? [[String: Any]] ?? []
    #expect(items.count == 30, "\(response.text)")
    // Only the six recipes with a line no food matches are read whole, for that line's text.
    #expect(store.count == 6)
  }
}
