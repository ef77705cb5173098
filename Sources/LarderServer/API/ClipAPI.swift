import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// Clipping a recipe from a web page.
///
/// - `POST /api/v1/import/url` with `{"url": "https://…"}`: fetches the page under the
///   server's address policy, reads its recipe, keeps its main image, and imports it. Answers
///   201 when the recipe is new and 200 when an earlier clip was updated or unchanged, with
///   `{"recipe": {...}, "outcome": "created", "warnings": [...]}` and `Location`. The clip
///   runs on the outbound queue, off the server's threads, within the clipper's deadline
///   (504 `upstream_timeout` past it); when the queue is full it answers 503 `busy` with
///   `Retry-After`.
struct ClipAPI: Sendable {
  let larder: Larder
  let outbound: OutboundQueue

  func register(in router: inout AppRouter) {
    router.post("/api/v1/import/url") { request, caller in
      let clip = try ClipRequest.decode(
        json: request.body, contentType: request.headers["content-type"])
      return try outbound.answerLater {
        let clipped = try larder.clip(clip, as: caller)
        var response = HTTPResponse.json(
          try LarderJSON.encode(clipped), status: clipped.isCreated ? 201 : 200)
        response.headers["Location"] = "/api/v1/recipes/\(clipped.recipe.id)"
        return response
      }
    }
  }
}
