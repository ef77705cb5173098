import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// A recipe's ingredient lines for a pantry and a scale.
///
/// - `GET /api/v1/recipes/:id/lines?servings=&units=us|metric|original&have=&staples=`: every
///   ingredient line scaled and shown in a unit system, marked have / missing / optional
///   against a pantry
struct RecipeLinesAPI: Sendable {
  let larder: Larder

  func register(in router: inout AppRouter) {
    router.get("/api/v1/recipes/:id/lines") { request, caller in
      let id = RecipeID(rawValue: request.pathParameters["id"] ?? "")
      return try encodedJSON(
        larder.recipeLines(id, try .decode(query: request.query), as: caller))
    }
  }
}
