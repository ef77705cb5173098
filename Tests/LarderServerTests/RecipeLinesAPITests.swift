import Foundation
import LarderCore
import LarderHTTP
import LarderTestSupport
import Testing

@testable import LarderServer

/// A recipe's lines scaled, converted and checked against a pantry, through the API.
@Suite struct RecipeLinesAPITests {
  static func client() throws -> (TestClient, [Recipe]) {
    try TestClient.make(recipes: [
      Fixtures.pancakes(), Fixtures.tomatoSoup(), Fixtures.cremeBrulee(),
    ])
  }

  static func items(_ response: HTTPResponse) -> [[String: Any]] {
    response.object["items"] as? [[String: Any]] ?? []
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
    for query in [["servings": "-1"], ["servings": "0"], ["units": "imperial-ish"]] {
      let response = client.send("GET", path, query: query)
      #expect(response.status == 422, "\(query)")
      #expect(response.errorCode == "invalid_field", "\(query)")
    }
    #expect(client.send("GET", "/api/v1/recipes/nope/lines").status == 404)
  }
}
