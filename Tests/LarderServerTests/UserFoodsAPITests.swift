import Foundation
import LarderCore
import LarderHTTP
import LarderServer
import LarderTestSupport
import Testing

/// A household's own foods over the API: saved, live at once, and named errors.
@Suite struct UserFoodsAPITests {
  static func makeClient() -> (TestClient, InMemoryFoodStore) {
    let foods = InMemoryFoodStore()
    let app = LarderApp(store: InMemoryRecipeStore(), foodStore: foods, clock: { Fixtures.now })
    return (TestClient(app: app, logged: LogRecorder()), foods)
  }

  /// The default household's catalog as the app's Larder holds it now.
  static func catalog(_ client: TestClient) throws -> FoodCatalog {
    try client.app.larder.foodCatalog(as: .defaultHousehold)
  }

  @Test func anAddedFoodIsSavedAndTheFinderKnowsItAtOnce() throws {
    let (client, store) = Self.makeClient()
    let before = client.send("GET", "/api/v1/finder", query: ["have": "sudachi"])
    #expect((before.object["unknown"] as? [String]) == ["sudachi"], "\(before.text)")

    let added = client.send(
      "POST", "/api/v1/user-foods",
      json:
        #"{"name": "sudachi", "parent": "citrus", "aisle": "produce", "synonyms": ["sudachi lime"]}"#
    )
    #expect(added.status == 201, "\(added.text)")
    #expect(added.object["id"] as? String == "sudachi")
    #expect(added.object["parentID"] as? String == "citrus")
    #expect(try store.userFoods(household: .default).foods.map(\.id) == ["sudachi"])
    #expect(try Self.catalog(client).food(id: "sudachi") != nil)

    let after = client.send("GET", "/api/v1/finder", query: ["have": "sudachi lime"])
    #expect((after.object["unknown"] as? [String] ?? []).isEmpty, "\(after.text)")

    let listed = client.send("GET", "/api/v1/user-foods")
    #expect((listed.object["foods"] as? [[String: Any]])?.count == 1)

    #expect(client.send("DELETE", "/api/v1/user-foods/sudachi").status == 204)
    #expect(try store.userFoods(household: .default).isEmpty)
    #expect(try Self.catalog(client).food(id: "sudachi") == nil)
  }

  @Test func synonymsAreAddedAndRemoved() throws {
    let (client, store) = Self.makeClient()
    let added = client.send(
      "POST", "/api/v1/user-synonyms", json: #"{"synonym": "nana's greens", "food": "spinach"}"#)
    #expect(added.status == 201, "\(added.text)")
    #expect(added.object["foodID"] as? String == "spinach")
    let finder = client.send("GET", "/api/v1/finder", query: ["have": "nana's greens"])
    let pantry = finder.object["pantry"] as? [[String: Any]] ?? []
    #expect((pantry.first?["food"] as? [String: Any])?["id"] as? String == "spinach")
    #expect(client.send("DELETE", "/api/v1/user-synonyms/NANA'S GREENS").status == 204)
    #expect(try store.userFoods(household: .default).synonyms.isEmpty)
  }

  @Test(arguments: [
    (#"{"parent": "citrus"}"#, "name"),
    (#"{"name": "sudachi", "parent": "unobtainium"}"#, "parent"),
    (#"{"name": "sudachi", "aisle": "garden"}"#, "aisle"),
    (#"{"name": "sudachi", "density": "heavy"}"#, "density"),
    (#"{"name": "tomato"}"#, "id"),
    (#"{"name": "sudachi", "synonyms": "sudachi lime"}"#, "synonyms"),
  ])
  func badFoodsAreRefusedNamingTheField(body: String, field: String) throws {
    let (client, store) = Self.makeClient()
    let response = client.send("POST", "/api/v1/user-foods", json: body)
    #expect(response.status == 422, "\(response.text)")
    #expect(response.errorMessage?.contains("'\(field)'") == true, "\(response.text)")
    #expect(try store.userFoods(household: .default).isEmpty)
    #expect(try Self.catalog(client).food(id: "sudachi") == nil)
  }

  /// An unknown field is a field-level mistake like any other: 422, as on every endpoint (it
  /// was 400 here while the paste endpoint said 422).
  @Test(arguments: [
    ("/api/v1/user-foods", #"{"name": "sudachi", "colour": "green"}"#),
    ("/api/v1/user-synonyms", #"{"synonym": "courgette", "food": "zucchini", "colour": 1}"#),
  ])
  func anUnknownFieldIs422NamingIt(path: String, body: String) throws {
    let (client, store) = Self.makeClient()
    let response = client.send("POST", path, json: body)
    #expect(response.status == 422, "\(response.text)")
    #expect(response.errorCode == "invalid_field")
    #expect(response.errorMessage?.contains("unknown field 'colour'") == true, "\(response.text)")
    #expect(try store.userFoods(household: .default).isEmpty)
    #expect(try Self.catalog(client).food(id: "sudachi") == nil)
  }

  @Test func removingWhatIsNotThereIsNotFound() {
    let (client, _) = Self.makeClient()
    let response = client.send("DELETE", "/api/v1/user-foods/nothing")
    #expect(response.status == 404)
    #expect(response.errorMessage?.contains("'nothing'") == true)
  }
}
