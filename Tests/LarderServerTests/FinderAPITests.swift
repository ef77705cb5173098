import Foundation
import LarderCore
import LarderHTTP
import LarderTestSupport
import Testing

@testable import LarderServer

/// The pantry finder over the API, with recipes whose lines are already matched to foods.
@Suite struct FinderAPITests {
  /// A recipe whose lines name catalog foods directly.
  static func recipe(
    _ name: String, foods: [String], optional: [String] = [], unmatched: [String] = []
  )
    -> Recipe
  {
    var lines = foods.map { IngredientLine(text: $0, facts: IngredientFacts(name: $0, foodID: $0)) }
    lines += optional.map {
      IngredientLine(
        text: "\($0), to taste", facts: IngredientFacts(name: $0, isOptional: true, foodID: $0))
    }
    lines += unmatched.map { IngredientLine(text: $0, facts: IngredientFacts(name: $0)) }
    return Recipe(
      name: name, sourceID: "urn:test:\(name)",
      ingredientSections: [IngredientSection(lines: lines)],
      courses: ["Dinner"], cuisines: ["Test"], diets: [])
  }

  /// An app over a store holding three recipes; the finder loads them on its first search.
  static func makeClient() throws -> TestClient {
    let store = InMemoryRecipeStore()
    for recipe in [
      recipe("Omelette", foods: ["egg", "butter"], optional: ["salt", "chives"]),
      recipe("Pancakes", foods: ["egg", "flour", "milk", "butter"]),
      recipe("Mystery Stew", foods: ["egg"], unmatched: ["1 tin of something"]),
    ] {
      _ = try store.createRecipe(recipe, household: .default, now: Fixtures.now)
    }
    let app = LarderApp(store: store, clock: { Fixtures.now })
    return TestClient(app: app, logged: LogRecorder())
  }

  static func names(_ response: HTTPResponse) -> [String] {
    (response.object["items"] as? [[String: Any]] ?? []).compactMap {
      ($0["recipe"] as? [String: Any])?["name"] as? String
    }
  }

  @Test func plainFoodsInThePantryStandForTheirEverydayKinds() throws {
    let store = InMemoryRecipeStore()
    _ = try store.createRecipe(
      Self.recipe("Shortbread", foods: ["unsalted-butter", "all-purpose-flour", "caster-sugar"]),
      household: .default, now: Fixtures.now)
    _ = try store.createRecipe(
      Self.recipe("Salted Caramel", foods: ["salted-butter", "cream", "sugar"]),
      household: .default, now: Fixtures.now)
    let client = TestClient(
      app: LarderApp(store: store, clock: { Fixtures.now }),
      logged: LogRecorder())
    let plain = client.send("GET", "/api/v1/finder", query: ["have": "butter, flour, sugar"])
    #expect(Self.names(plain) == ["Shortbread"], "\(plain.text)")
    // The reverse does not hold: unsalted butter in the pantry is not salted butter.
    let specific = client.send(
      "GET", "/api/v1/finder", query: ["have": "unsalted butter, cream, sugar"])
    #expect(Self.names(specific).isEmpty, "\(specific.text)")
  }

  @Test func canMakeNowListsOnlyRecipesWithNothingMissing() throws {
    let client = try Self.makeClient()
    let response = client.send("GET", "/api/v1/finder", query: ["have": "eggs, butter"])
    #expect(response.status == 200, "\(response.text)")
    #expect(Self.names(response) == ["Omelette"])
    let pantry = response.object["pantry"] as? [[String: Any]] ?? []
    #expect((pantry.first?["food"] as? [String: Any])?["id"] as? String == "egg")
  }

  @Test func missingOneShowsWhatIsMissingAndUnreadableLinesCount() throws {
    let client = try Self.makeClient()
    let response = client.send(
      "POST", "/api/v1/finder", json: #"{"have": ["egg", "butter", "flour"], "missing": 1}"#)
    // Both miss one; the pancakes use more of the pantry.
    #expect(Self.names(response) == ["Omelette", "Pancakes", "Mystery Stew"], "\(response.text)")
    let items = response.object["items"] as? [[String: Any]] ?? []
    let stew = try #require(
      items.first { ($0["recipe"] as? [String: Any])?["name"] as? String == "Mystery Stew" })
    #expect(stew["missingCount"] as? Int == 1)
    #expect(stew["unmatchedLineTexts"] as? [String] == ["1 tin of something"])
    let pancakes = try #require(items.dropFirst().first)
    #expect(
      (pancakes["missing"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["milk"])
    #expect(response.object["total"] as? Int == 3)
  }

  @Test func newAndDeletedRecipesShowUpWithoutARebuild() throws {
    let client = try Self.makeClient()
    let larder = client.app.larder
    #expect(larder.finderRecipeCount(as: .defaultHousehold) == nil)
    #expect(client.send("GET", "/api/v1/finder", query: ["have": "egg"]).status == 200)
    #expect(larder.finderRecipeCount(as: .defaultHousehold) == 3)
    let created = client.send(
      "POST", "/api/v1/recipes",
      json: #"{"name": "Buttered Eggs", "ingredients": ["2 eggs", "1 tbsp butter"]}"#)
    #expect(created.status == 201)
    #expect(larder.finderRecipeCount(as: .defaultHousehold) == 4)
    let id = try #require(created.object["id"] as? String)
    #expect(client.send("DELETE", "/api/v1/recipes/\(id)").status == 204)
    #expect(larder.finderRecipeCount(as: .defaultHousehold) == 3)
  }

  @Test func unknownFoodsAreReportedNotDropped() throws {
    let client = try Self.makeClient()
    let response = client.send("GET", "/api/v1/finder", query: ["have": "egg, butter, unobtainium"])
    #expect(response.object["unknown"] as? [String] == ["unobtainium"])
    let strict = client.send(
      "GET", "/api/v1/finder", query: ["have": "egg", "exclude": "unobtainium"])
    #expect(strict.status == 422)
    #expect(strict.errorCode == "unknown_food")
  }

  @Test(arguments: [
    (
      ["have": "egg", "missing": "many"],
      "query parameter 'missing': 'many' is not a whole number from 0 to 50"
    ),
    (
      ["have": "egg", "maxTime": "0"],
      "query parameter 'maxTime': '0' is not a whole number from 1 to 100000"
    ),
    (
      ["have": "egg", "favorites": "perhaps"],
      "query parameter 'favorites': 'perhaps' is not true or false"
    ),
  ])
  func badParametersAreNamed(query: [String: String], message: String) throws {
    let client = try Self.makeClient()
    let response = client.send("GET", "/api/v1/finder", query: query)
    // A field's bad value is 422 `invalid_field` on every endpoint.
    #expect(response.status == 422)
    #expect(response.errorCode == "invalid_field")
    #expect(response.errorMessage == message)
  }

  @Test func unknownDietAndBadBodyFieldsAreErrors() throws {
    let client = try Self.makeClient()
    let diet = client.send("GET", "/api/v1/finder", query: ["have": "egg", "diet": "carnivore"])
    #expect(diet.status == 422)
    #expect(diet.errorMessage?.contains("vegetarian") == true)
    let field = client.send("POST", "/api/v1/finder", json: #"{"have": ["egg"], "missng": 1}"#)
    // An unknown field is 422 `invalid_field` everywhere, named the same way everywhere.
    #expect(field.status == 422)
    #expect(field.errorMessage?.hasPrefix("unknown field 'missng'; expected one of") == true)
    let type = client.send("POST", "/api/v1/finder", json: #"{"have": ["egg"], "missing": "one"}"#)
    #expect(type.status == 422)
  }

  @Test func vegetarianDietExcludesRecipesWithMeat() throws {
    let store = InMemoryRecipeStore()
    _ = try store.createRecipe(
      Self.recipe("Bacon and Eggs", foods: ["egg", "bacon"]), household: .default, now: Fixtures.now
    )
    _ = try store.createRecipe(
      Self.recipe("Fried Eggs", foods: ["egg"]), household: .default, now: Fixtures.now)
    let client = TestClient(app: LarderApp(store: store), logged: LogRecorder())
    let all = client.send("GET", "/api/v1/finder", query: ["have": "egg, bacon"])
    #expect(Set(Self.names(all)) == ["Bacon and Eggs", "Fried Eggs"])
    let vegetarian = client.send(
      "GET", "/api/v1/finder", query: ["have": "egg, bacon", "diet": "vegetarian"])
    #expect(Self.names(vegetarian) == ["Fried Eggs"])
  }
}

/// Diets against the real catalog's ids.
@Suite struct FinderCatalogDietTests {
  @Test(arguments: [
    ("gluten-free", "spaghetti", false), ("gluten-free", "bread-flour", false),
    ("gluten-free", "soy-sauce", false), ("gluten-free", "rice", true),
    ("vegetarian", "chicken-thigh", false), ("vegetarian", "cheddar", true),
    ("vegan", "cheddar", false), ("vegan", "tofu", true), ("nut-free", "walnut", false),
    ("dairy-free", "butter", false), ("egg-free", "egg", false),
  ])
  func dietsExcludeTheCatalogsFoods(diet: String, food: String, passes: Bool) throws {
    let catalog = FoodCatalog.bundled
    #expect(catalog.food(id: food) != nil, "\(food) is not in the catalog")
    let engine = FinderEngine(catalog: FinderCatalog(foods: catalog))
    engine.add(FinderRecipe(id: "r", requiredFoods: [food]))
    let page = engine.find(
      FinderQuery(pantry: [food], diets: [try #require(DietLabel(parsing: diet))]))
    #expect((page.total == 1) == passes)
  }
}
