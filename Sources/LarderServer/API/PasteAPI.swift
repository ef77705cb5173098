import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// Adding a recipe from pasted text.
///
/// - `POST /api/v1/import/text` with `{"text": "...", "save": true}`: reads the text and
///   stores the recipe (its lines parsed and matched); answers 201 with
///   `{"recipe": {...}, "warnings": [...]}` and `Location`.
/// - With `"save": false`, stores nothing and answers 200 with the recipe as read, its lines
///   parsed and matched but without `id`, `householdID` or dates: a live preview for a form.
///
/// Text the reader refuses (empty, over 1 MiB, no title line) answers 422 with a message
/// naming the problem; the warnings name the lines the reader guessed about.
struct PasteAPI: Sendable {
  let larder: Larder

  func register(in router: inout AppRouter) {
    router.post("/api/v1/import/text") { request, caller in
      let pasted = try larder.importText(
        try PasteRequest.decode(json: request.body, contentType: request.headers["content-type"]),
        as: caller)
      var response = HTTPResponse.json(
        try LarderJSON.encode(pasted), status: pasted.isSaved ? 201 : 200)
      if pasted.isSaved { response.headers["Location"] = "/api/v1/recipes/\(pasted.recipe.id)" }
      return response
    }
  }
}
