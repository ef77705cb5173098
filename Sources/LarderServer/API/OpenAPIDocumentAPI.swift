import Foundation
import LarderHTTP

/// `GET /api/v1/openapi.json`: the OpenAPI 3.1 document of every `/api/v1` operation (its
/// parameters, bodies, answers per status, the one error shape and the two credentials),
/// shipped as this module's `Resources/openapi.json`.
///
/// Public: a client reads it before it has a token, and it says nothing about any household.
/// `OpenAPIDocumentTests` fails when the document and the router disagree, and
/// `scripts/api-fuzz.sh` sends every operation to a running server and checks each answer
/// against it.
struct OpenAPIDocumentAPI: Sendable {
  /// The shipped document's bytes; empty when the resource is missing, which the tests catch.
  static let document: Data =
    Bundle.module.url(forResource: "openapi", withExtension: "json")
    .flatMap { try? Data(contentsOf: $0) } ?? Data()

  func registerPublic(in router: inout PublicRouter) {
    router.get("/api/v1/openapi.json") { _, _ in
      var response = HTTPResponse.json(Self.document)
      response.headers["Cache-Control"] = "no-cache"
      return response
    }
  }
}
