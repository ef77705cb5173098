import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// The food catalog for the web app's pickers.
///
/// - `GET /api/v1/foods?q=&limit=`: foods whose name or a synonym matches, for autocomplete
/// - `GET /api/v1/foods/categories`: foods grouped by aisle, most used by recipes first
struct FoodsAPI: Sendable {
  let larder: Larder

  func register(in router: inout AppRouter) {
    router.get("/api/v1/foods") { request, caller in
      try encodedJSON(larder.suggestFoods(try .decode(query: request.query), as: caller))
    }
    router.get("/api/v1/foods/categories") { _, caller in
      var response = try encodedJSON(larder.foodCategories(as: caller))
      response.headers["Cache-Control"] = "private, max-age=300"
      return response
    }
  }
}
