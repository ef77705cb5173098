import Foundation
import LarderCore
import LarderHTTP
import LarderTestSupport
import Testing

@testable import LarderServer

/// `POST /api/v1/import/text`, called in-process.
@Suite struct PasteAPITests {
  static let soup = """
    Leek and Potato Soup
    Serves 4
    Cook time: 30 min

    Ingredients
    - 3 leeks, sliced
    - 500 g potatoes, diced
    - 1 litre chicken stock

    Method
    1. Soften the leeks in a little butter for 10 minutes.
    2. Add the potatoes and stock and simmer for 20 minutes, then blend.
    """

  /// A JSON body with the text (and `save`, when given) encoded properly.
  static func body(_ text: String, save: Bool? = nil) throws -> String {
    var object: [String: Any] = ["text": text]
    object["save"] = save
    return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
  }

  /// A client whose store parses and matches lines, as the server's does.
  static func analyzingClient() throws -> (TestClient, InMemoryRecipeStore) {
    let memory = InMemoryRecipeStore()
    let analyzing = AnalyzingRecipeStore(
      base: memory,
      analyzer: RecipeAnalyzer(matchFood: { FoodCatalog.bundled.match($0)?.foodID }))
    let (client, _) = try TestClient.make(store: analyzing)
    return (client, memory)
  }

  @Test func savingStoresTheRecipeWithParsedLinesAndAnswers201() throws {
    let (client, memory) = try Self.analyzingClient()
    let response = client.send("POST", "/api/v1/import/text", json: try Self.body(Self.soup))
    #expect(response.status == 201, "\(response.text)")
    let recipe = try #require(response.object["recipe"] as? [String: Any])
    let id = try #require(recipe["id"] as? String)
    #expect(response.headers["Location"] == "/api/v1/recipes/\(id)")
    #expect(response.object["warnings"] as? [String] == [])
    let stored = try #require(try memory.recipe(id: RecipeID(rawValue: id), household: .default))
    #expect(stored.name == "Leek and Potato Soup")
    #expect(stored.yield == RecipeYield(servings: 4))
    #expect(stored.cookTime == RecipeDuration(minutes: 30))
    #expect(
      stored.ingredientLines.map(\.text) == [
        "3 leeks, sliced", "500 g potatoes, diced", "1 litre chicken stock",
      ])
    #expect(stored.ingredientLines[1].facts?.quantity == 500)
    #expect(stored.ingredientLines[1].facts?.unit == "g")
    #expect(stored.ingredientLines[1].facts?.foodID != nil)
    #expect(stored.steps.count == 2)
  }

  @Test func aPreviewStoresNothingAndShowsParsedLines() throws {
    let (client, memory) = try Self.analyzingClient()
    let response = client.send(
      "POST", "/api/v1/import/text", json: try Self.body(Self.soup, save: false))
    #expect(response.status == 200, "\(response.text)")
    #expect(response.headers["Location"] == nil)
    let recipe = try #require(response.object["recipe"] as? [String: Any])
    #expect(recipe["name"] as? String == "Leek and Potato Soup")
    #expect(recipe["id"] == nil)
    #expect(recipe["createdAt"] == nil)
    let sections = try #require(recipe["ingredientSections"] as? [[String: Any]])
    let lines = try #require(sections.first?["lines"] as? [[String: Any]])
    let facts = try #require(lines[1]["facts"] as? [String: Any])
    #expect(facts["unit"] as? String == "g")
    #expect(try memory.recipeCount(household: .default) == 0)
  }

  @Test func warningsComeBackWithTheRecipe() throws {
    let (client, _) = try TestClient.make()
    let response = client.send(
      "POST", "/api/v1/import/text", json: try Self.body("Mystery Dish", save: false))
    #expect(response.status == 200)
    #expect(
      response.object["warnings"] as? [String] == [
        "no ingredients found; put them under an 'Ingredients' heading",
        "no steps found; put them under a 'Method' heading",
      ])
  }

  @Test(arguments: [
    (#"{"text": "   "}"#, 422, "invalid_field", "is empty"),
    (#"{"text": "Ingredients\nMethod"}"#, 422, "invalid_field", "has no title"),
    (#"{}"#, 422, "invalid_field", "field 'text' is required"),
    (#"{"text": 42}"#, 422, "invalid_field", "field 'text': expected a text"),
    (#"{"text": "Toast", "save": 1}"#, 422, "invalid_field", "field 'save': expected true or"),
    (#"{"text": "Toast", "sav": false}"#, 422, "invalid_field", "unknown field 'sav'"),
    (#"["Toast"]"#, 400, "invalid_json", "expected a JSON object"),
    (#"{"text": "#, 400, "invalid_json", "not valid JSON"),
  ])
  func badRequestsAreNamed(body: String, status: Int, code: String, message: String) throws {
    let (client, _) = try TestClient.make()
    let response = client.send("POST", "/api/v1/import/text", json: body)
    #expect(response.status == status, "\(response.text)")
    #expect(response.errorCode == code)
    #expect(response.errorMessage?.contains(message) == true, "\(response.text)")
  }

  @Test func aBodyThatIsNotJSONIsRefused() throws {
    let (client, _) = try TestClient.make()
    let response = client.send(
      "POST", "/api/v1/import/text", json: "Toast", headers: ["content-type": "text/plain"])
    #expect(response.status == 415)
    #expect(response.errorCode == "unsupported_media_type")
  }

  @Test func onlyPostIsAllowed() throws {
    let (client, _) = try TestClient.make()
    let response = client.send("GET", "/api/v1/import/text")
    #expect(response.status == 405)
    #expect(response.headers["Allow"] == "POST")
  }
}
