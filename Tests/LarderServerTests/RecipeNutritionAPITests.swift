import Foundation
import LarderCore
import LarderHTTP
import LarderTestSupport
import Testing

@testable import LarderServer

/// A recipe's nutrition through the API.
@Suite struct RecipeNutritionAPITests {
  static func client() throws -> (TestClient, [Recipe]) {
    try TestClient.make(recipes: [Fixtures.pancakes(), Fixtures.tomatoSoup()])
  }

  @Test func answersPerServingTotalCoverageAndLines() throws {
    let (client, stored) = try Self.client()
    let response = client.send(
      "GET", "/api/v1/recipes/\(stored[0].id)/nutrition", query: ["servings": "2"])
    #expect(response.status == 200)
    #expect(response.object["servings"] as? Double == 2)
    let perServing = try #require(response.object["perServing"] as? [String: Any])
    let total = try #require(response.object["total"] as? [String: Any])
    for key in [
      "energyKcal", "energyKJ", "proteinG", "fatG", "saturatedFatG", "carbohydrateG", "sugarsG",
      "fibreG", "sodiumMg", "saltG",
    ] {
      #expect(perServing.keys.contains(key), "perServing lacks \(key)")
      #expect(total.keys.contains(key), "total lacks \(key)")
    }
    let coverage = try #require(response.object["coverage"] as? [String: Any])
    #expect((coverage["summary"] as? String)?.contains("lines counted") == true)
    let lines = try #require(response.object["lines"] as? [[String: Any]])
    #expect(lines.count == 4)
    #expect(lines.last?["reason"] as? String == "no amount")
    #expect(response.object.keys.contains("pageSays"))
  }

  @Test func badServingsAre422NamingTheFieldAndAnUnknownRecipeIs404() throws {
    let (client, stored) = try Self.client()
    for servings in ["0", "-2", "lots", "5000"] {
      let response = client.send(
        "GET", "/api/v1/recipes/\(stored[0].id)/nutrition", query: ["servings": servings])
      #expect(response.status == 422, "\(servings)")
      #expect(response.errorCode == "invalid_field", "\(servings)")
      #expect(String(decoding: response.body, as: UTF8.self).contains("servings"))
    }
    let unknown = client.send(
      "GET", "/api/v1/recipes/\(stored[0].id)/nutrition", query: ["portions": "2"])
    #expect(unknown.status == 422)
    #expect(client.send("GET", "/api/v1/recipes/nope/nutrition").status == 404)
  }
}

/// The meal plan's day and week nutrition through the API.
@Suite struct PlanNutritionAPITests {
  @Test func theWeekAndEachDayCarryTheirNutrition() throws {
    let app = try PlanningClient()
    let added = app.send(
      "POST", "/api/v1/plan",
      json: #"{"recipe": "\#(app.id("Custard"))", "date": "2026-09-22", "meal": "lunch"}"#)
    #expect(added.status == 201, "\(added.text)")
    let week = app.send("GET", "/api/v1/plan/week", query: ["date": "2026-09-22"])
    #expect(week.status == 200)
    let nutrition = try #require(week.object["nutrition"] as? [String: Any])
    #expect(nutrition["countedMeals"] as? Int == 1)
    #expect((nutrition["perPerson"] as? [String: Any])?["energyKcal"] is Double)
    let days = try #require(week.object["days"] as? [[String: Any]])
    let counted = days.compactMap { ($0["nutrition"] as? [String: Any])?["countedMeals"] as? Int }
    #expect(counted.count == 7)
    #expect(counted.reduce(0, +) == 1)
  }
}
