import Foundation
import LarderCore
import LarderHTTP
import LarderTestSupport
import Testing

@testable import LarderServer

/// The library through the API: facets, filters, search, sorting and "surprise me".
@Suite struct LibraryAPITests {
  static func client() throws -> (TestClient, [Recipe]) {
    try TestClient.make(recipes: [
      Fixtures.pancakes(), Fixtures.tomatoSoup(), Fixtures.cremeBrulee(),
    ])
  }

  static func items(_ response: HTTPResponse) -> [[String: Any]] {
    response.object["items"] as? [[String: Any]] ?? []
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

  @Test func badLibraryParametersAreInvalidFields() throws {
    let (client, _) = try Self.client()
    for query in [["maxTime": "soon"], ["sort": "price"], ["maxTime": "0"], ["favorites": "maybe"]]
    {
      let response = client.send("GET", "/api/v1/library", query: query)
      #expect(response.status == 422, "\(query)")
      #expect(response.errorCode == "invalid_field", "\(query)")
    }
    let unknown = client.send("GET", "/api/v1/library", query: ["colour": "red"])
    #expect(unknown.status == 422)
    #expect(unknown.errorMessage?.hasPrefix("unknown query parameter 'colour'") == true)
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
}
