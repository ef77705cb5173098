import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// The pantry finder over HTTP: `GET /api/v1/finder` with query parameters and
/// `POST /api/v1/finder` with the same fields in a JSON body (see `LarderApplication.FinderRequest`); the
/// answer is ``FinderAnswer``.
///
/// Without `have`, the household's stored pantry is used when there is one (with its expiry
/// dates); the answer's `pantrySource` says which (`have` or `stored`).
struct FinderAPI: Sendable {
  let larder: Larder
  let caller: Caller

  func register(in router: inout Router) {
    router.get("/api/v1/finder") { request in
      let answer = try larder.findRecipes(
        try LarderApplication.FinderRequest.decode(query: request.query), as: caller)
      return .json(try LarderJSON.encode(answer))
    }
    router.post("/api/v1/finder") { request in
      let answer = try larder.findRecipes(
        try LarderApplication.FinderRequest.decode(
          json: request.body, contentType: request.headers["content-type"]),
        as: caller)
      return .json(try LarderJSON.encode(answer))
    }
  }
}

/// A shim for the hand-read bodies (`JSONBody`, the paste endpoint), which still ask the
/// finder's old request type whether a JSON value is a boolean; it goes once those become
/// request types of their own. Inside this module it hides the application layer's
/// `FinderRequest`, which the finder's routes name in full.
enum FinderRequest {
  /// Whether a JSONSerialization value is true or false rather than a number: on Linux both
  /// arrive as NSNumber, and `is Bool` holds for the numbers 0 and 1 too.
  static func isBoolean(_ value: Any) -> Bool {
    guard let number = value as? NSNumber else { return value is Bool }
    return String(cString: number.objCType) == "c"
  }
}
