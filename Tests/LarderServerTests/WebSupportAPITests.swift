import Foundation
import LarderCore
import LarderHTTP
import LarderTestSupport
import Testing

@testable import LarderServer

/// The endpoints behind the web app: food autocomplete and aisles, the library with facets,
/// "surprise me", live parsing, and a recipe's lines scaled, converted and checked against a
/// pantry.
@Suite struct WebSupportAPITests {
  static func client() throws -> (TestClient, [Recipe]) {
    try TestClient.make(recipes: [
      Fixtures.pancakes(), Fixtures.tomatoSoup(), Fixtures.cremeBrulee(),
    ])
  }

  static func items(_ response: HTTPResponse) -> [[String: Any]] {
    response.object["items"] as? [[String: Any]] ?? []
  }

  @Test(arguments: [
    ("egg", "egg"), ("aubergine", "eggplant"), ("PARMESAN", "parmesan"), ("chedd", "cheddar"),
  ])
  func foodSearchFindsNamesAndSynonyms(query: String, expectedID: String) throws {
    let (client, _) = try Self.client()
    let response = client.send("GET", "/api/v1/foods", query: ["q": query, "limit": "5"])
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
    let ids = Self.items(response).compactMap { $0["id"] as? String }
    #expect(ids.first == expectedID, "\(query) → \(ids)")
  }

  @Test func foodSearchWithNoTextIsEmpty() throws {
    let (client, _) = try Self.client()
    #expect(Self.items(client.send("GET", "/api/v1/foods", query: ["q": " "])).isEmpty)
  }

  @Test func categoriesGroupFoodsByAisleWithRecipeFoodsFirst() throws {
    let engine = FinderEngine(catalog: FinderCatalog(foods: .bundled))
    let store = FinderIndexedStore(base: InMemoryRecipeStore(), engine: engine)
    _ = try store.createRecipe(
      FinderAPITests.recipe("Omelette", foods: ["egg", "butter"]), household: .default,
      now: Fixtures.now)
    let app = LarderApp(store: store, finder: engine, clock: { Fixtures.now })
    let response = app.respond(to: HTTPRequest(method: "GET", path: "/api/v1/foods/categories"))
    #expect(response.status == 200)
    let groups = response.object["categories"] as? [[String: Any]] ?? []
    #expect(groups.first?["name"] as? String == "Produce")
    let dairy = groups.first { $0["id"] as? String == "dairy-eggs" }
    let foods = (dairy?["foods"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    #expect(Set(foods.prefix(2)) == ["egg", "butter"])
    #expect(foods.count <= 36)
  }

  @Test func libraryFiltersByFacetsAndCountsThem() throws {
    let (client, _) = try Self.client()
    let all = client.send("GET", "/api/v1/library")
    #expect(all.object["total"] as? Int == 3)
    let facets = all.object["facets"] as? [String: Any] ?? [:]
    let diets = (facets["diet"] as? [[String: Any]] ?? []).map {
      "\($0["value"] ?? "")=\($0["count"] ?? "")"
    }
    #expect(diets.contains("vegan=2"))
    let vegetarian = client.send("GET", "/api/v1/library", query: ["diet": "vegetarian"])
    // Vegan implies vegetarian: pancakes say vegetarian, the soup and crème brûlée are vegan.
    #expect(vegetarian.object["total"] as? Int == 3)
    let soup = client.send(
      "GET", "/api/v1/library", query: ["course": "soup", "maxTime": "30", "sort": "time"])
    #expect(Self.items(soup).compactMap { $0["name"] as? String } == ["Tomato Soup"])
    let quick = client.send("GET", "/api/v1/library", query: ["maxTime": "20"])
    #expect(quick.object["total"] as? Int == 0)
  }

  @Test func librarySearchCombinesTextAndFacets() throws {
    let (client, _) = try Self.client()
    let text = client.send("GET", "/api/v1/library", query: ["q": "soup"])
    #expect(Self.items(text).compactMap { $0["name"] as? String } == ["Tomato Soup"])
    let none = client.send("GET", "/api/v1/library", query: ["q": "soup", "cuisine": "french"])
    #expect(none.object["total"] as? Int == 0)
    // Pancakes and soup both take 30 minutes (then A–Z); crème brûlée takes over four hours.
    let sorted = client.send("GET", "/api/v1/library", query: ["sort": "time", "limit": "2"])
    #expect(
      Self.items(sorted).compactMap { $0["name"] as? String } == [
        "Buttermilk Pancakes", "Tomato Soup",
      ])
    #expect(sorted.object["total"] as? Int == 3)
  }

  @Test func libraryRefreshesAfterAnEdit() throws {
    let (client, stored) = try Self.client()
    #expect(
      client.send("GET", "/api/v1/library", query: ["favorites": "1"]).object["total"] as? Int == 0)
    _ = client.send("PATCH", "/api/v1/recipes/\(stored[1].id)", json: #"{"isFavorite": true}"#)
    let favorites = client.send(
      "GET", "/api/v1/library", query: ["favorites": "1", "course": "Soup"])
    #expect(Self.items(favorites).compactMap { $0["name"] as? String } == ["Tomato Soup"])
  }

  @Test func libraryShowsCreatedAndDeletedRecipesAtOnce() throws {
    let (client, _) = try Self.client()
    #expect(client.send("GET", "/api/v1/library").object["total"] as? Int == 3)
    let created = client.send(
      "POST", "/api/v1/recipes", json: #"{"name": "Quick Dal", "courses": ["Dinner"]}"#)
    let id = try #require(created.object["id"] as? String)
    let dinner = client.send("GET", "/api/v1/library", query: ["course": "dinner"])
    #expect(Self.items(dinner).compactMap { $0["name"] as? String } == ["Quick Dal"])
    _ = client.send("DELETE", "/api/v1/recipes/\(id)")
    #expect(client.send("GET", "/api/v1/library").object["total"] as? Int == 3)
  }

  @Test func badLibraryParametersAre400s() throws {
    let (client, _) = try Self.client()
    #expect(client.send("GET", "/api/v1/library", query: ["maxTime": "soon"]).status == 400)
    #expect(client.send("GET", "/api/v1/library", query: ["sort": "price"]).status == 400)
  }

  @Test func surpriseMeRespectsFilters() throws {
    let (client, _) = try Self.client()
    for _ in 0..<5 {
      let response = client.send("GET", "/api/v1/recipes/random", query: ["cuisine": "french"])
      #expect(
        (response.object["recipe"] as? [String: Any])?["name"] as? String == "Crème brûlée (vegan)")
    }
    let none = client.send("GET", "/api/v1/recipes/random", query: ["cuisine": "klingon"])
    #expect(none.status == 404)
    #expect(none.errorCode == "not_found")
  }

  @Test func parseReadsEachLineAndMatchesItsFood() throws {
    let (client, _) = try Self.client()
    let response = client.send(
      "POST", "/api/v1/ingredients/parse",
      json: #"{"lines": ["2 cups plain flour, sifted", "For the sauce:", "a glug of zzzz"]}"#)
    #expect(response.status == 200)
    let items = Self.items(response)
    #expect(items.count == 3)
    #expect(items[0]["quantity"] as? Double == 2)
    #expect(items[0]["unit"] as? String == "cup")
    #expect((items[0]["food"] as? [String: Any])?["id"] as? String == "all-purpose-flour")
    #expect(items[1]["isSectionHeader"] as? Bool == true)
    #expect(items[2]["food"] is NSNull)
  }

  @Test func parseRefusesABodyWithoutLines() throws {
    let (client, _) = try Self.client()
    let response = client.send("POST", "/api/v1/ingredients/parse", json: #"{"text": 1}"#)
    #expect(response.status == 422)
    #expect(client.send("POST", "/api/v1/ingredients/parse", json: "[").status == 400)
  }

  @Test func linesScaleAndConvertAmounts() throws {
    let (client, stored) = try Self.client()
    let path = "/api/v1/recipes/\(stored[0].id)/lines"
    let doubled = client.send("GET", path, query: ["servings": "8", "units": "us"])
    #expect(doubled.status == 200)
    #expect(doubled.object["factor"] as? Double == 2)
    let sections = doubled.object["sections"] as? [[String: Any]] ?? []
    let shown = sections.flatMap { $0["lines"] as? [[String: Any]] ?? [] }
      .compactMap { $0["shown"] as? String }
    #expect(shown.prefix(3) == ["4 cups plain flour", "4 eggs", "3 cups buttermilk"])
    let metric = client.send("GET", path, query: ["units": "metric"])
    let metricLines = (metric.object["sections"] as? [[String: Any]] ?? []).flatMap {
      $0["lines"] as? [[String: Any]] ?? []
    }
    // Flour is weighed in metric kitchens; buttermilk is poured.
    #expect(metricLines.first?["shown"] as? String == "250 g plain flour", "\(metricLines)")
    #expect(metricLines[1]["shown"] as? String == "2 eggs")
    #expect((metricLines[2]["shown"] as? String)?.hasSuffix("ml buttermilk") == true)
    #expect(metricLines[3]["shown"] as? String == "Maple syrup")
  }

  @Test func linesAreMarkedAgainstThePantry() throws {
    let (client, stored) = try Self.client()
    let response = client.send(
      "GET", "/api/v1/recipes/\(stored[0].id)/lines", query: ["have": "eggs,buttermilk"])
    let lines = (response.object["sections"] as? [[String: Any]] ?? []).flatMap {
      $0["lines"] as? [[String: Any]] ?? []
    }
    #expect(lines.compactMap { $0["status"] as? String } == ["missing", "have", "have", "missing"])
    #expect(response.object["have"] as? Int == 2)
    #expect(response.object["needed"] as? Int == 4)
  }

  @Test func linesRefuseBadParametersAndUnknownRecipes() throws {
    let (client, stored) = try Self.client()
    let path = "/api/v1/recipes/\(stored[0].id)/lines"
    #expect(client.send("GET", path, query: ["servings": "-1"]).status == 400)
    #expect(client.send("GET", path, query: ["units": "imperial-ish"]).status == 400)
    #expect(client.send("GET", "/api/v1/recipes/nope/lines").status == 404)
  }

  @Test func shownKeepsTheWordsAroundTheAmount() {
    let parser = IngredientParser()
    let line = "about 2 tbsp olive oil, divided"
    let shown = WebSupportAPI.shown(
      line, parsed: parser.parse(line), factor: 3, format: .us, density: nil)
    #expect(shown == "about 6 tbsp olive oil, divided")
    #expect(
      WebSupportAPI.shown(line, parsed: parser.parse(line), factor: 1, format: nil, density: nil)
        == line)
  }
}
