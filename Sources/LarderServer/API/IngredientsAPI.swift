import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// Reading ingredient lines as they are typed.
///
/// - `POST /api/v1/ingredients/parse` `{"lines": [...]}`: the parser's reading of each line
///   and the food it matched (see ``IngredientReading`` for the keys)
struct IngredientsAPI: Sendable {
  let larder: Larder

  func register(in router: inout AppRouter) {
    router.post("/api/v1/ingredients/parse") { request, caller in
      let lines = try IngredientParseRequest.decode(
        json: request.body, contentType: request.headers["content-type"])
      return try encodedJSON(larder.parseIngredients(lines, as: caller))
    }
  }
}
