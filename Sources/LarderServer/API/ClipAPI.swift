import Foundation
import LarderCore
import LarderHTTP
import LarderImport

/// Clipping a recipe from a web page.
///
/// - `POST /api/v1/import/url` with `{"url": "https://…"}`: fetches the page under the
///   server's address policy, reads its recipe, keeps its main image, and imports it. Answers
///   201 when the recipe is new and 200 when an earlier clip was updated or unchanged, with
///   `{"recipe": {...}, "outcome": "created", "warnings": [...]}` and `Location`.
struct ClipAPI: Sendable {
  let store: any RecipeStore
  let images: (any ImageStore)?
  let clipper: RecipeClipper
  let household: HouseholdID
  let clock: @Sendable () -> Date

  func register(in router: inout Router) {
    router.post("/api/v1/import/url") { request in try clip(request) }
  }

  private func clip(_ request: HTTPRequest) throws -> HTTPResponse {
    let object = try RecipeAPI.jsonObject(request)
    guard let url = object["url"] as? String else {
      throw LarderCoreError.missingField(field: "url")
    }
    let report = try clipper.clip(
      url, into: store, images: images, household: household, now: clock())
    let recipe = try JSONValue.object(report.recipe)
    var body: [String: Any] = [
      "recipe": recipe, "outcome": report.outcome.label, "warnings": report.warnings,
    ]
    body["imageID"] = report.imageID?.rawValue
    let created: Bool
    if case .created = report.outcome { created = true } else { created = false }
    var response = try JSONValue.response(body, status: created ? 201 : 200)
    response.headers["Location"] = "/api/v1/recipes/\(report.recipe.id)"
    return response
  }
}
