import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// The JSON API for recipes under `/api/v1`.
///
/// - `GET /api/v1/recipes/:id`: one recipe; `GET /api/v1/recipes/:id/jsonld`: as schema.org
/// - `POST /api/v1/recipes`: create (201 with Location)
/// - `PUT /api/v1/recipes/:id`: replace; `PATCH /api/v1/recipes/:id`: change the fields given
/// - `DELETE /api/v1/recipes/:id`: delete (204)
/// - `GET /api/v1/health`: liveness (and the recipe count, for a caller)
struct RecipeAPI: Sendable {
  /// The use cases, writing through the store that keeps the web library current.
  let larder: Larder

  /// `GET /api/v1/health` answers anyone (monitors, start-up scripts); only a caller is told
  /// how many recipes their household has.
  func registerPublic(in router: inout PublicRouter) {
    router.get("/api/v1/health") { _, caller in
      guard let caller else { return try encodedJSON(["status": "ok"]) }
      return try encodedJSON(try larder.health(as: caller))
    }
  }

  func register(in router: inout AppRouter) {
    router.post("/api/v1/recipes") { request, caller in
      let created = try larder.createRecipe(try decodeRecipe(request), as: caller)
      var response = try encodedJSON(created, status: 201)
      response.headers["Location"] = "/api/v1/recipes/\(created.id)"
      return response
    }
    router.get("/api/v1/recipes/:id") { request, caller in
      try encodedJSON(try larder.recipe(recipeID(request), as: caller))
    }
    router.get("/api/v1/recipes/:id/jsonld") { request, caller in
      HTTPResponse(
        status: 200, headers: ["Content-Type": "application/ld+json; charset=utf-8"],
        body: try larder.recipeJSONLD(recipeID(request), as: caller))
    }
    router.put("/api/v1/recipes/:id") { request, caller in
      try encodedJSON(
        try larder.replaceRecipe(recipeID(request), with: try decodeRecipe(request), as: caller))
    }
    router.patch("/api/v1/recipes/:id") { request, caller in
      let patch = try RecipePatch(json: request.body, contentType: request.headers["content-type"])
      return try encodedJSON(try larder.patchRecipe(recipeID(request), with: patch, as: caller))
    }
    router.delete("/api/v1/recipes/:id") { request, caller in
      try larder.deleteRecipe(recipeID(request), as: caller)
      return HTTPResponse(status: 204)
    }
  }

  // MARK: - Helpers

  private func recipeID(_ request: HTTPRequest) -> RecipeID {
    RecipeID(rawValue: request.pathParameters["id"] ?? "")
  }

  private func decodeRecipe(_ request: HTTPRequest) throws -> Recipe {
    try RecipeBody.decode(request.body, contentType: request.headers["content-type"])
  }
}
