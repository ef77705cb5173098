import Foundation
import LarderCore
import LarderHTTP
import LarderTestSupport
import Testing

@testable import LarderServer

/// Live parsing of ingredient lines through the API.
@Suite struct IngredientsAPITests {
  static func client() throws -> (TestClient, [Recipe]) {
    try TestClient.make(recipes: [
      Fixtures.pancakes(), Fixtures.tomatoSoup(), Fixtures.cremeBrulee(),
    ])
  }

  static func items(_ response: HTTPResponse) -> [[String: Any]] {
    response.object["items"] as? [[String: Any]] ?? []
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

  @Test func parseReadsLinesInTheLanguageGivenOrTheOneTheyReadAs() throws {
    let (client, _) = try Self.client()
    let given = client.send(
      "POST", "/api/v1/ingredients/parse",
      json: #"{"lines": ["2 EL Olivenöl", "1 Prise Salz"], "language": "de"}"#)
    #expect(given.status == 200)
    #expect(given.object["language"] as? String == "de")
    let items = Self.items(given)
    #expect(items.first?["unit"] as? String == "tbsp")
    #expect((items.first?["food"] as? [String: Any])?["id"] as? String == "olive-oil")
    #expect(items.last?["unit"] as? String == "pinch")
    let told = client.send(
      "POST", "/api/v1/ingredients/parse",
      json: #"{"lines": ["2 cucharadas de aceite de oliva", "1 pizca de sal", "2 dientes de ajo"]}"#
    )
    #expect(told.object["language"] as? String == "es")
    #expect(Self.items(told).last?["unit"] as? String == "clove")
    let wrong = client.send(
      "POST", "/api/v1/ingredients/parse", json: #"{"lines": ["1 egg"], "language": "xx"}"#)
    #expect(wrong.status == 422, "\(wrong.object)")
    #expect("\(wrong.object)".contains("language"))
  }
}
