import Foundation
import LarderCore
import LarderHTTP

/// The JSON API for recipes under `/api/v1`.
///
/// - `GET /api/v1/recipes/:id`: one recipe; `GET /api/v1/recipes/:id/jsonld`: as schema.org
/// - `POST /api/v1/recipes`: create (201 with Location)
/// - `PUT /api/v1/recipes/:id`: replace; `PATCH /api/v1/recipes/:id`: change the fields given
/// - `DELETE /api/v1/recipes/:id`: delete (204)
/// - `GET /api/v1/health`: liveness and the recipe count
struct RecipeAPI: Sendable {
  let store: any RecipeStore
  let household: HouseholdID
  let clock: @Sendable () -> Date

  func register(in router: inout Router) {
    router.get("/api/v1/health") { _ in try health() }
    router.post("/api/v1/recipes") { request in try create(request) }
    router.get("/api/v1/recipes/:id") { request in try json(try find(request)) }
    router.get("/api/v1/recipes/:id/jsonld") { request in
      HTTPResponse(
        status: 200, headers: ["Content-Type": "application/ld+json; charset=utf-8"],
        body: SchemaOrg.encode([try find(request)]))
    }
    router.put("/api/v1/recipes/:id") { request in try replace(request) }
    router.patch("/api/v1/recipes/:id") { request in try patch(request) }
    router.delete("/api/v1/recipes/:id") { request in
      try store.deleteRecipe(id: try recipeID(request), household: household)
      return HTTPResponse(status: 204)
    }
  }

  // MARK: - Handlers

  private func health() throws -> HTTPResponse {
    let count = try store.recipeCount(household: household)
    let body: [String: Any] = ["status": "ok", "recipes": count]
    return .json(try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]))
  }

  private func create(_ request: HTTPRequest) throws -> HTTPResponse {
    let recipe = try decodeRecipe(request)
    let created = try store.createRecipe(recipe, household: household, now: clock())
    var response = try json(created, status: 201)
    response.headers["Location"] = "/api/v1/recipes/\(created.id)"
    return response
  }

  private func replace(_ request: HTTPRequest) throws -> HTTPResponse {
    var recipe = try decodeRecipe(request)
    recipe.id = try recipeID(request)
    return try json(try store.updateRecipe(recipe, household: household, now: clock()))
  }

  /// Applies the top-level fields of a JSON object to the stored recipe, so a client can send
  /// `{"isFavorite": true}` without the rest.
  private func patch(_ request: HTTPRequest) throws -> HTTPResponse {
    let existing = try find(request)
    let changes = try Self.jsonObject(request)
    guard
      var merged = try JSONSerialization.jsonObject(with: LarderJSON.encode(existing))
        as? [String: Any]
    else { throw LarderCoreError.invalidJSON(detail: "stored recipe is not an object") }
    for (key, value) in changes {
      // Sections replace the shorthand and vice versa, so the client's form wins.
      if key == "ingredients" { merged["ingredientSections"] = nil }
      if key == "steps" { merged["instructionSections"] = nil }
      merged[key] = value is NSNull ? nil : value
    }
    var recipe = try LarderJSON.decode(
      Recipe.self, from: JSONSerialization.data(withJSONObject: merged))
    recipe.id = existing.id
    return try json(try store.updateRecipe(recipe, household: household, now: clock()))
  }

  // MARK: - Helpers

  private func find(_ request: HTTPRequest) throws -> Recipe {
    let id = try recipeID(request)
    guard let recipe = try store.recipe(id: id, household: household) else {
      throw LarderCoreError.recipeNotFound(id)
    }
    return recipe
  }

  private func recipeID(_ request: HTTPRequest) throws -> RecipeID {
    RecipeID(rawValue: request.pathParameters["id"] ?? "")
  }

  private func decodeRecipe(_ request: HTTPRequest) throws -> Recipe {
    try Self.requireJSON(request)
    return try LarderJSON.decode(Recipe.self, from: request.body)
  }

  private func json<T: Encodable>(_ value: T, status: Int = 200) throws -> HTTPResponse {
    .json(try LarderJSON.encode(value), status: status)
  }

  static func requireJSON(_ request: HTTPRequest) throws {
    if let type = request.headers["content-type"], !type.isEmpty,
      !type.lowercased().contains("json")
    {
      throw LarderServerError.unsupportedMediaType(type)
    }
    guard !request.body.isEmpty else { throw LarderServerError.emptyBody }
  }

  static func jsonObject(_ request: HTTPRequest) throws -> [String: Any] {
    try requireJSON(request)
    let value: Any
    do {
      value = try JSONSerialization.jsonObject(with: request.body)
    } catch {
      throw LarderCoreError.invalidJSON(detail: "the body is not a JSON object")
    }
    guard let object = value as? [String: Any] else {
      throw LarderCoreError.invalidJSON(detail: "expected a JSON object")
    }
    return object
  }
}
