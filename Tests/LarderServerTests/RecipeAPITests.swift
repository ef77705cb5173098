import Foundation
import LarderCore
import LarderHTTP
import LarderTestSupport
import Testing

@testable import LarderServer

/// The JSON API, called in-process with no socket.
@Suite struct RecipeAPITests {
  @Test func listReturnsAPageWithTotal() throws {
    let (client, _) = try TestClient.make(
      recipes: [Fixtures.pancakes(), Fixtures.tomatoSoup(), Fixtures.cremeBrulee()])
    let response = client.send("GET", "/api/v1/recipes", query: ["limit": "2"])
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"]?.hasPrefix("application/json") == true)
    let page = try response.decode(SummaryPage.self)
    #expect(page.total == 3)
    #expect(page.limit == 2)
    #expect(page.items.map(\.name) == ["Buttermilk Pancakes", "Crème brûlée (vegan)"])
    let next = try client.send("GET", "/api/v1/recipes", query: ["limit": "2", "offset": "2"])
      .decode(SummaryPage.self)
    #expect(next.items.map(\.name) == ["Tomato Soup"])
  }

  @Test func searchFindsByIngredientAndRequiresWords() throws {
    let (client, _) = try TestClient.make(recipes: [Fixtures.pancakes(), Fixtures.tomatoSoup()])
    let page = try client.send("GET", "/api/v1/search", query: ["q": "garlic"]).decode(
      SummaryPage.self)
    #expect(page.items.map(\.name) == ["Tomato Soup"])
    let listed = try client.send("GET", "/api/v1/recipes", query: ["q": "buttermilk"]).decode(
      SummaryPage.self)
    #expect(listed.items.map(\.name) == ["Buttermilk Pancakes"])
    let missing = client.send("GET", "/api/v1/search", query: ["q": "  "])
    #expect(missing.status == 422)
    #expect(missing.errorCode == "invalid_field")
    #expect(missing.errorMessage == "query parameter 'q' is required")
  }

  @Test(arguments: [
    (["limit": "abc"], "query parameter 'limit': 'abc' is not a whole number from 1 to 200"),
    (["limit": "0"], "query parameter 'limit': '0' is not a whole number from 1 to 200"),
    (["offset": "-1"], "query parameter 'offset': '-1' is not a whole number from 0 to 10000000"),
    (
      ["sort": "tastiest"],
      "query parameter 'sort': 'tastiest' is not one of relevance, name, newest, updated, rating, time"
    ),
    (["favorites": "maybe"], "query parameter 'favorites': 'maybe' is not true or false"),
  ])
  func badQueryParametersAreNamed(query: [String: String], message: String) throws {
    let (client, _) = try TestClient.make()
    let response = client.send("GET", "/api/v1/recipes", query: query)
    #expect(response.status == 422)
    #expect(response.errorCode == "invalid_field")
    #expect(response.errorMessage == message)
  }

  @Test func getReturnsTheWholeRecipe() throws {
    let (client, stored) = try TestClient.make(recipes: [Fixtures.pancakes()])
    let response = client.send("GET", "/api/v1/recipes/\(stored[0].id)")
    #expect(response.status == 200)
    let recipe = try response.decode(Recipe.self)
    #expect(recipe == stored[0])
    #expect(response.object["prepTime"] as? String == "PT10M")
  }

  @Test func unknownRecipeIs404WithJSONError() throws {
    let (client, _) = try TestClient.make()
    for method in ["GET", "PUT", "PATCH", "DELETE"] {
      let response = client.send(method, "/api/v1/recipes/no-such-id", json: #"{"name":"X"}"#)
      #expect(response.status == 404, "\(method)")
      #expect(response.errorCode == "not_found")
      #expect(response.errorMessage == "no recipe with id 'no-such-id'")
    }
  }

  @Test func createAnswers201WithLocationAndStores() throws {
    let (client, _) = try TestClient.make()
    let response = client.send(
      "POST", "/api/v1/recipes",
      json: """
        {"name": "  Quick Flatbread ", "ingredients": ["250 g flour", "150 ml water"],
         "steps": ["Mix.", "Cook in a dry pan for 2 minutes a side."], "prepTime": "10 mins",
         "diets": ["https://schema.org/VeganDiet"], "yield": {"servings": 4}}
        """)
    #expect(response.status == 201)
    let created = try response.decode(Recipe.self)
    #expect(created.name == "Quick Flatbread")
    #expect(created.id != .unassigned)
    #expect(created.prepTime == RecipeDuration(minutes: 10))
    #expect(created.diets == [.vegan])
    #expect(created.createdAt == Fixtures.now)
    #expect(response.headers["Location"] == "/api/v1/recipes/\(created.id)")
    let read = try client.send("GET", "/api/v1/recipes/\(created.id)").decode(Recipe.self)
    #expect(read.ingredientLines.map(\.text) == ["250 g flour", "150 ml water"])
  }

  @Test(arguments: [
    ("{not json", 400, "invalid_json"),
    ("[1, 2]", 400, "invalid_json"),
    (#"{"name": 42}"#, 422, "invalid_field"),
    (#"{"name": "Soup", "rating": "five"}"#, 422, "invalid_field"),
    (#"{"name": "Soup", "rating": 9}"#, 422, "invalid_field"),
    (#"{"name": "Soup", "prepTime": "whenever"}"#, 422, "invalid_field"),
    (#"{"name": "Soup", "ingredients": "flour"}"#, 422, "invalid_field"),
    (#"{"description": "no name"}"#, 422, "invalid_field"),
    (#"{"name": "   "}"#, 422, "invalid_field"),
  ])
  func badRecipeBodiesAreRejectedWithReason(body: String, status: Int, code: String) throws {
    let (client, _) = try TestClient.make()
    let response = client.send("POST", "/api/v1/recipes", json: body)
    #expect(response.status == status)
    #expect(response.errorCode == code)
    #expect(response.errorMessage?.isEmpty == false)
    #expect(try client.app.store.recipeCount(household: .default) == 0)
  }

  @Test func wrongFieldTypeMessageNamesTheField() throws {
    let (client, _) = try TestClient.make()
    let response = client.send(
      "POST", "/api/v1/recipes", json: #"{"name": "Soup", "rating": "five"}"#)
    #expect(response.errorMessage == "field 'rating': expected a whole number")
    let nested = client.send(
      "POST", "/api/v1/recipes",
      json: #"{"name": "Soup", "ingredientSections": [{"lines": [{"text": 5}]}]}"#)
    #expect(nested.errorMessage == "field 'ingredientSections[0].lines[0].text': expected a string")
  }

  @Test func nonJSONContentTypeIs415AndEmptyBodyIs400() throws {
    let (client, _) = try TestClient.make()
    let form = client.send(
      "POST", "/api/v1/recipes", json: "name=Soup",
      headers: ["content-type": "application/x-www-form-urlencoded"])
    #expect(form.status == 415)
    #expect(form.errorCode == "unsupported_media_type")
    let empty = client.send("POST", "/api/v1/recipes", json: "")
    #expect(empty.status == 400)
    #expect(empty.errorCode == "empty_body")
  }

  /// A cross-site form can send `text/plain`; a charset that says json does not make it JSON,
  /// for the recipe routes as for every endpoint that reads a request through the shared reader.
  @Test(arguments: ["POST", "PATCH"])
  func plainTextThatClaimsJSONIsRefused(method: String) throws {
    let (client, stored) = try TestClient.make(recipes: [Fixtures.tomatoSoup()])
    let path = method == "POST" ? "/api/v1/recipes" : "/api/v1/recipes/\(stored[0].id)"
    let response = client.send(
      method, path, json: #"{"name": "Soup"}"#,
      headers: ["content-type": "text/plain; charset=json"])
    #expect(response.status == 415)
    #expect(response.errorCode == "unsupported_media_type")
  }

  @Test func putReplacesAndKeepsIdentity() throws {
    let (client, stored) = try TestClient.make(recipes: [Fixtures.tomatoSoup()])
    let response = client.send(
      "PUT", "/api/v1/recipes/\(stored[0].id)",
      json: #"{"id": "ignored", "name": "Tomato and Basil Soup", "ingredients": ["1 kg tomatoes"]}"#
    )
    #expect(response.status == 200)
    let updated = try response.decode(Recipe.self)
    #expect(updated.id == stored[0].id)
    #expect(updated.name == "Tomato and Basil Soup")
    #expect(updated.ingredientLines.map(\.text) == ["1 kg tomatoes"])
    #expect(updated.createdAt == stored[0].createdAt)
  }

  @Test func patchChangesOnlyTheGivenFields() throws {
    let (client, stored) = try TestClient.make(recipes: [Fixtures.pancakes()])
    let response = client.send(
      "PATCH", "/api/v1/recipes/\(stored[0].id)",
      json: #"{"isFavorite": true, "rating": 5, "notes": "Kids love it"}"#)
    #expect(response.status == 200)
    let patched = try response.decode(Recipe.self)
    #expect(patched.isFavorite)
    #expect(patched.rating == 5)
    #expect(patched.notes == "Kids love it")
    #expect(patched.ingredientSections == stored[0].ingredientSections)
    #expect(patched.name == stored[0].name)
    let cleared = try client.send(
      "PATCH", "/api/v1/recipes/\(stored[0].id)", json: #"{"rating": null}"#
    )
    .decode(Recipe.self)
    #expect(cleared.rating == nil)
    #expect(cleared.isFavorite)
    let bad = client.send("PATCH", "/api/v1/recipes/\(stored[0].id)", json: #"{"rating": 11}"#)
    #expect(bad.status == 422)
    let favourites = try client.send("GET", "/api/v1/recipes", query: ["favorites": "true"])
      .decode(SummaryPage.self)
    #expect(favourites.items.map(\.id) == [stored[0].id])
  }

  /// A misspelt field is refused, not ignored: POST, PUT and PATCH read the same fields.
  @Test(arguments: ["POST", "PUT", "PATCH"])
  func anUnknownRecipeFieldIsRefused(method: String) throws {
    let (client, stored) = try TestClient.make(recipes: [Fixtures.pancakes()])
    let path = method == "POST" ? "/api/v1/recipes" : "/api/v1/recipes/\(stored[0].id)"
    let response = client.send(method, path, json: #"{"name": "Pancakes", "isFavourite": true}"#)
    #expect(response.status == 422, "\(response.text)")
    #expect(response.errorCode == "invalid_field")
    #expect(
      response.errorMessage?.hasPrefix("unknown field 'isFavourite'; expected one of") == true)
    let kept = try #require(try client.app.store.recipe(id: stored[0].id, household: .default))
    #expect(kept == stored[0])
    #expect(try client.app.store.recipeCount(household: .default) == 1)
  }

  @Test func putTakesBackAWholeRecipeAsGETGaveIt() throws {
    let (client, stored) = try TestClient.make(recipes: [Fixtures.pancakes()])
    var body = try #require(
      try JSONSerialization.jsonObject(
        with: client.send("GET", "/api/v1/recipes/\(stored[0].id)").body) as? [String: Any])
    body["notes"] = "Less sugar"
    let text = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
    let response = client.send("PUT", "/api/v1/recipes/\(stored[0].id)", json: text)
    #expect(response.status == 200, "\(response.text)")
    #expect(try response.decode(Recipe.self).notes == "Less sugar")
  }

  @Test func deleteAnswers204ThenTheRecipeIsGone() throws {
    let (client, stored) = try TestClient.make(recipes: [Fixtures.pancakes()])
    #expect(client.send("DELETE", "/api/v1/recipes/\(stored[0].id)").status == 204)
    #expect(client.send("GET", "/api/v1/recipes/\(stored[0].id)").status == 404)
    #expect(client.send("DELETE", "/api/v1/recipes/\(stored[0].id)").status == 404)
  }

  @Test func jsonLDExportIsSchemaOrg() throws {
    let (client, stored) = try TestClient.make(recipes: [Fixtures.pancakes()])
    let response = client.send("GET", "/api/v1/recipes/\(stored[0].id)/jsonld")
    #expect(response.headers["Content-Type"]?.hasPrefix("application/ld+json") == true)
    #expect(response.object["@type"] as? String == "Recipe")
    let items = try SchemaOrg.readRecipes(from: response.body)
    #expect(try items[0].result.get().name == "Buttermilk Pancakes")
  }

  @Test func wrongMethodIs405WithAllow() throws {
    let (client, _) = try TestClient.make()
    let response = client.send("POST", "/api/v1/health")
    #expect(response.status == 405)
    #expect(response.errorCode == "method_not_allowed")
    #expect(response.headers["Allow"]?.contains("GET") == true)
  }

  @Test func unknownEndpointIs404JSON() throws {
    let (client, _) = try TestClient.make()
    let response = client.send("GET", "/api/v1/nothing-here")
    #expect(response.status == 404)
    #expect(response.errorCode == "not_found")
  }

  @Test func healthReportsTheRecipeCount() throws {
    let (client, _) = try TestClient.make(recipes: [Fixtures.pancakes()])
    let response = client.send("GET", "/api/v1/health")
    #expect(response.object["status"] as? String == "ok")
    #expect(response.object["recipes"] as? Int == 1)
  }

  @Test func storeFailureIsALogged500ThatLeaksNothing() throws {
    let (client, _) = try TestClient.make(store: FailingStore())
    let response = client.send("GET", "/api/v1/recipes")
    #expect(response.status == 500)
    #expect(response.errorCode == "internal_error")
    #expect(!response.text.contains("disk on fire"))
    #expect(
      client.logged.all.contains { $0.contains("disk on fire") && $0.contains("/api/v1/recipes") })
    let page = client.send("GET", "/library")
    #expect(page.status == 500)
    #expect(!page.text.contains("disk on fire"))
  }
}

/// A store whose every call fails like a broken disk.
struct FailingStore: RecipeStore {
  struct Failure: Error, CustomStringConvertible {
    var description: String { "disk on fire at /var/lib/secret" }
  }
  func recipe(id: RecipeID, household: HouseholdID) throws -> Recipe? { throw Failure() }
  func recipes(matching query: RecipeQuery, household: HouseholdID) throws -> Page<RecipeSummary> {
    throw Failure()
  }
  func recipeCount(household: HouseholdID) throws -> Int { throw Failure() }
  func createRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    throw Failure()
  }
  func updateRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    throw Failure()
  }
  func deleteRecipe(id: RecipeID, household: HouseholdID) throws { throw Failure() }
  func foodProfiles(household: HouseholdID) throws -> [RecipeFoodProfile] { throw Failure() }
  func importRecipes(
    _ recipes: [Recipe], household: HouseholdID, now: Date
  ) throws -> [ImportOutcome] {
    throw Failure()
  }
}
