import Foundation
import LarderCore
import LarderHTTP
import LarderServer
import LarderTestSupport

/// Calls a LarderApp in-process, the way the HTTP server does, and decodes answers.
struct TestClient {
  let app: LarderApp
  let logged: LogRecorder

  /// An app over an in-memory store holding the given recipes.
  static func make(
    store: any RecipeStore = InMemoryRecipeStore(), recipes: [Recipe] = []
  ) throws -> (TestClient, [Recipe]) {
    let stored = try recipes.map {
      try store.createRecipe($0, household: .default, now: Fixtures.now)
    }
    let log = LogRecorder()
    let app = LarderApp(store: store, clock: { Fixtures.now }, log: { log.append($0) })
    return (TestClient(app: app, logged: log), stored)
  }

  func send(
    _ method: String, _ path: String, query: [String: String] = [:], json: String? = nil,
    headers: [String: String] = [:]
  ) -> HTTPResponse {
    var allHeaders = headers
    if json != nil && allHeaders["content-type"] == nil {
      allHeaders["content-type"] = "application/json"
    }
    return respond(
      to: HTTPRequest(
        method: method, path: path, query: query, headers: allHeaders,
        body: Data((json ?? "").utf8)))
  }

  /// Hands a request to the app as a browser on this machine sends it: with a loopback `Host`
  /// unless the request names one. An answer given later (a clip) is waited for, as the
  /// server's client waits.
  func respond(to request: HTTPRequest) -> HTTPResponse {
    var request = request
    if request.headers["host"] == nil { request.headers["host"] = Self.loopbackHost }
    return app.respond(to: request).waitingForDeferredAnswer()
  }

  /// The `Host` a browser sends for `http://127.0.0.1:8080/`.
  static let loopbackHost = "127.0.0.1:8080"
}

extension HTTPResponse {
  /// The body as text.
  var text: String { String(decoding: body, as: UTF8.self) }

  /// The body as a JSON object (empty when it is not one).
  var object: [String: Any] {
    (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
  }

  /// The error code of a JSON error body.
  var errorCode: String? { (object["error"] as? [String: Any])?["code"] as? String }

  /// The error message of a JSON error body.
  var errorMessage: String? { (object["error"] as? [String: Any])?["message"] as? String }

  /// Decodes the body.
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try LarderJSON.decode(type, from: body)
  }
}

/// Collects log lines from the app for assertions.
typealias LogRecorder = Recorder<String>

/// A page of summaries as the API returns it.
struct SummaryPage: Decodable {
  let items: [RecipeSummary]
  let total: Int
  let offset: Int
  let limit: Int
}
