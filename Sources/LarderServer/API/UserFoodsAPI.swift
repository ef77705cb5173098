import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// A household's own foods and names over HTTP:
///
/// - `GET /api/v1/user-foods` — the foods and synonyms the household added.
/// - `POST /api/v1/user-foods` — add a food: `name`, and optionally `id`, `plural`, `parent`
///   (id or name), `aisle`, `density` (g/ml), `synonyms`, `replace` (to change a catalog
///   food's details). Answers 201 with the food.
/// - `DELETE /api/v1/user-foods/{id}` — remove one (and the names that point at it).
/// - `POST /api/v1/user-synonyms` — `synonym` and `food` (id or name). Answers 201.
/// - `DELETE /api/v1/user-synonyms/{synonym}` — remove a name.
///
/// Each request reads and changes the caller's household's foods. A change is saved and takes
/// effect at once for that household only; its stored recipes are matched again as
/// `rematching` says.
struct UserFoodsAPI: Sendable {
  let larder: Larder
  let rematching: Rematching

  func register(in router: inout AppRouter) {
    router.get("/api/v1/user-foods") { _, caller in
      try encodedJSON(larder.userFoods(as: caller))
    }
    router.post("/api/v1/user-foods") { request, caller in
      let added = try larder.addFood(
        try AddFoodRequest.decode(json: request.body, contentType: contentType(request)),
        rematching: rematching, as: caller)
      return try encodedJSON(added.food, status: 201)
    }
    router.delete("/api/v1/user-foods/:id") { request, caller in
      _ = try larder.removeUserFood(
        request.pathParameters["id"] ?? "", rematching: rematching, as: caller)
      return HTTPResponse(status: 204)
    }
    router.post("/api/v1/user-synonyms") { request, caller in
      let added = try larder.addSynonym(
        try AddSynonymRequest.decode(json: request.body, contentType: contentType(request)),
        rematching: rematching, as: caller)
      return try encodedJSON(added.synonym, status: 201)
    }
    router.delete("/api/v1/user-synonyms/:synonym") { request, caller in
      _ = try larder.removeSynonym(
        request.pathParameters["synonym"] ?? "", rematching: rematching, as: caller)
      return HTTPResponse(status: 204)
    }
  }

  private func contentType(_ request: HTTPRequest) -> String? {
    request.headers["content-type"]
  }
}
