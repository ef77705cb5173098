import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// A recipe's nutrition, worked out from its lines.
///
/// - `GET /api/v1/recipes/:id/nutrition?servings=`: per serving and in total at the servings
///   asked for, each line with what it added or why it was not counted, the coverage, and the
///   page's own figures apart
struct RecipeNutritionAPI: Sendable {
  let larder: Larder

  func register(in router: inout AppRouter) {
    router.get("/api/v1/recipes/:id/nutrition") { request, caller in
      let id = RecipeID(rawValue: request.pathParameters["id"] ?? "")
      return try encodedJSON(
        larder.recipeNutrition(id, try .decode(query: request.query), as: caller))
    }
  }
}
