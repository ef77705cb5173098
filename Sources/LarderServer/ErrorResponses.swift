import Foundation
import LarderApplication
import LarderCore
import LarderImport

/// Turns any error into the response a client gets. The one place errors meet HTTP statuses.
enum ErrorResponses {
  /// The status, code and message for an error; nil for errors that are the server's fault.
  /// Fields whose location the error does not know are named as query parameters for `GET`
  /// and `DELETE` requests and as body fields otherwise.
  static func classify(_ error: Error, method: String = "GET") -> LarderServerError? {
    if let error = error as? LarderServerError { return error }
    if let refusal = error as? RequestGuard.Refusal { return classify(refusal) }
    guard let error = ApplicationError(error) else { return nil }
    let location: Field.Location = ["GET", "HEAD", "DELETE"].contains(method) ? .query : .body
    let message = error.message(naming: .api(defaultLocation: location))
    let (status, code): (Int, String)
    switch error {
    case .invalidValue, .refusedValue, .missingValue, .unknownField, .ambiguousID:
      (status, code) = (422, "invalid_field")
    case .unknownFood: (status, code) = (422, "unknown_food")
    case .malformedBody: (status, code) = (400, "invalid_json")
    case .emptyBody: (status, code) = (400, "empty_body")
    case .unsupportedMediaType: (status, code) = (415, "unsupported_media_type")
    case .notFound, .nothingMatches: (status, code) = (404, "not_found")
    case .conflict: (status, code) = (409, "conflict")
    case .noRecipe: (status, code) = (422, "no_recipe")
    case .nothingImported: (status, code) = (422, "import_failed")
    case .invalidImage: (status, code) = (422, "invalid_image")
    case .importFailed(let error): return classify(error)
    case .notSignedIn: (status, code) = (401, "not_signed_in")
    case .setupRequired: (status, code) = (401, "setup_required")
    case .signInRefused: (status, code) = (401, "sign_in_refused")
    case .forbidden: (status, code) = (403, "forbidden")
    case .tooManyAttempts(let seconds):
      var refusal = LarderServerError(status: 429, code: "too_many_attempts", message: message)
      refusal.headers["Retry-After"] = String(seconds)
      return refusal
    }
    return LarderServerError(status: status, code: code, message: message)
  }

  /// Fetching and reading a page: the client's URL or the page is at fault (4xx), or the
  /// remote server failed (502) or did not answer in time (504).
  static func classify(_ error: LarderImportError) -> LarderServerError {
    let (status, code): (Int, String)
    switch error {
    case .invalidURL: (status, code) = (400, "invalid_url")
    case .refusedAddress: (status, code) = (422, "refused_address")
    case .refusedRedirect: (status, code) = (422, "refused_redirect")
    case .tooLarge, .documentTooLarge, .suspiciousCompression, .fileTooLarge,
      .importBudgetExceeded:
      (status, code) = (422, "too_large")
    case .noRecipe: (status, code) = (422, "no_recipe")
    case .notAPage: (status, code) = (422, "not_a_page")
    case .unreadable: (status, code) = (422, "unreadable")
    case .tooManyRedirects: (status, code) = (502, "too_many_redirects")
    case .httpStatus: (status, code) = (502, "upstream_status")
    case .unreachable: (status, code) = (502, "upstream_unreachable")
    case .timedOut: (status, code) = (504, "upstream_timeout")
    case .ocrUnavailable: (status, code) = (503, "ocr_unavailable")
    }
    return LarderServerError(status: status, code: code, message: error.description)
  }

  /// A request the guard stops before any handler: a name this Larder does not answer to is
  /// 421, a cross-site change 403 `cross_site`, and a body of the wrong type 415; each message
  /// says what to send or configure.
  static func classify(_ refusal: RequestGuard.Refusal) -> LarderServerError {
    switch refusal {
    case .misdirected(let host):
      let named = host.isEmpty ? "A request without a Host header" : "Host '\(host)'"
      return LarderServerError(
        status: 421, code: "misdirected_request",
        message: "\(named) is not a name this Larder answers to (it answers to localhost, "
          + "127.0.0.1 and [::1]). To open it by another name or address, such as from a phone "
          + "on your network, set public_url (--public-url, LARDER_PUBLIC_URL) to the address "
          + "you type in the browser, e.g. public_url = http://192.168.1.20:8080")
    case .crossSite(let reason):
      return LarderServerError(
        status: 403, code: "cross_site",
        message: "Refused a change sent from another site: \(reason). Changes must come from "
          + "Larder's own pages or a script that sends no Origin; if you open Larder by another "
          + "address, add it to public_url (--public-url, LARDER_PUBLIC_URL).")
    case .notJSON(let type):
      let declared = type.isEmpty ? "no Content-Type" : "Content-Type '\(type)'"
      return LarderServerError(
        status: 415, code: "unsupported_media_type",
        message: "The body has \(declared); send it as JSON with Content-Type: application/json")
    case .formUpload(let type):
      return LarderServerError(
        status: 415, code: "unsupported_media_type",
        message: "Refused an upload sent as '\(type)', as an HTML form sends it; send the file "
          + "as the raw body with its own type (or application/octet-stream)")
    }
  }

  /// Outbound work (a clip, a remote image) refused because the queue is full: 503 `busy`
  /// with `Retry-After`.
  static func outboundQueueFull(_ limits: OutboundQueue.Limits) -> LarderServerError {
    LarderServerError(
      status: 503, code: "busy",
      message: "Larder is busy fetching from other sites (\(limits.running) at once and "
        + "\(limits.waiting) waiting, the most it takes); try again in "
        + "\(limits.retryAfterSeconds) seconds",
      headers: ["Retry-After": String(limits.retryAfterSeconds)])
  }

  /// A JSON error body: `{"error": {"code": ..., "message": ...}}`.
  static func json(_ error: LarderServerError) -> Data {
    let body = ["error": ["code": error.code, "message": error.message]]
    return
      (try? JSONSerialization.data(
        withJSONObject: body, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
  }
}
