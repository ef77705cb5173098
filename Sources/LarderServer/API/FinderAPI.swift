import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// The pantry finder over HTTP: `GET /api/v1/finder` with query parameters and
/// `POST /api/v1/finder` with the same fields in a JSON body (see `FinderRequest`); the
/// answer is ``FinderAnswer``.
///
/// Without `have`, the household's stored pantry is used when there is one (with its expiry
/// dates); the answer's `pantrySource` says which (`have` or `stored`). With neither (an empty
/// stored pantry) it is `none` and no recipe is offered: an empty pantry is no pantry.
struct FinderAPI: Sendable {
  let larder: Larder

  func register(in router: inout AppRouter) {
    router.get("/api/v1/finder") { request, caller in
      let answer = try larder.findRecipes(
        try FinderRequest.decode(query: request.query), as: caller)
      return try encodedJSON(answer)
    }
    router.post("/api/v1/finder") { request, caller in
      let answer = try larder.findRecipes(
        try FinderRequest.decode(
          json: request.body, contentType: request.headers["content-type"]),
        as: caller)
      return try encodedJSON(answer)
    }
  }
}
