import Foundation
import LarderCore
import LarderHTTP
import LarderTestSupport
import Testing

@testable import LarderServer

/// Food autocomplete and foods by aisle through the API.
@Suite struct FoodsAPITests {
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
    let store = InMemoryRecipeStore()
    _ = try store.createRecipe(
      FinderAPITests.recipe("Omelette", foods: ["egg", "butter"]), household: .default,
      now: Fixtures.now)
    let app = LarderApp(store: store, clock: { Fixtures.now })
    let response = TestClient(app: app, logged: LogRecorder()).send(
      "GET", "/api/v1/foods/categories")
    #expect(response.status == 200)
    let groups = response.object["categories"] as? [[String: Any]] ?? []
    #expect(groups.first?["name"] as? String == "Produce")
    let dairy = groups.first { $0["id"] as? String == "dairy-eggs" }
    let foods = (dairy?["foods"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    #expect(Set(foods.prefix(2)) == ["egg", "butter"])
    #expect(foods.count <= 36)
  }
}
