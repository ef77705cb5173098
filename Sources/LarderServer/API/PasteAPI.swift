import Foundation
import LarderCore
import LarderHTTP

/// Adding a recipe from pasted text.
///
/// - `POST /api/v1/import/text` with `{"text": "...", "save": true}`: reads the text with
///   ``PastedRecipeReader`` and stores the recipe through the store (which parses and matches
///   its lines); answers 201 with `{"recipe": {...}, "warnings": [...]}` and `Location`.
/// - With `"save": false`, stores nothing and answers 200 with the recipe as read, its lines
///   parsed and matched but without `id`, `householdID` or dates: a live preview for a form.
///
/// Text the reader refuses (empty, over 1 MiB, no title line) answers 422 with a message
/// naming the problem; the warnings name the lines the reader guessed about.
struct PasteAPI: Sendable {
  let store: any RecipeStore
  let household: HouseholdID
  /// The catalog a preview's lines are matched to; a saved recipe is matched by the store.
  let foods: LiveFoodCatalog
  let clock: @Sendable () -> Date
  let reader = PastedRecipeReader()

  /// The fields a request may have.
  static let fields: Set<String> = ["text", "save"]

  func register(in router: inout Router) {
    router.post("/api/v1/import/text") { request in try importText(request) }
  }

  private func importText(_ request: HTTPRequest) throws -> HTTPResponse {
    let object = try RecipeAPI.jsonObject(request)
    if let unknown = object.keys.sorted().first(where: { !Self.fields.contains($0) }) {
      throw LarderCoreError.invalidField(
        field: unknown, value: "", reason: "is not known here; send 'text' and 'save'")
    }
    guard let value = object["text"], !(value is NSNull) else {
      throw LarderCoreError.missingField(field: "text")
    }
    guard let text = value as? String else {
      throw LarderCoreError.invalidField(
        field: "text", value: "", reason: "must be a string holding the pasted recipe")
    }
    var save = true
    if let flag = object["save"], !(flag is NSNull) {
      guard FinderRequest.isBoolean(flag), let bool = flag as? Bool else {
        throw LarderCoreError.invalidField(
          field: "save", value: "\(flag)", reason: "must be true or false")
      }
      save = bool
    }
    let pasted = try reader.read(text)
    if save {
      let stored = try store.createRecipe(pasted.recipe, household: household, now: clock())
      var response = try Self.answer(
        recipe: try JSONValue.object(stored),
        warnings: pasted.warnings, status: 201)
      response.headers["Location"] = "/api/v1/recipes/\(stored.id)"
      return response
    } else {
      let catalog = foods.current
      let analyzer = RecipeAnalyzer(matchFood: { catalog.match($0)?.foodID })
      let preview = analyzer.analyze(pasted.recipe)
      var object = try JSONValue.object(preview)
      // Nothing is stored, so there is no id, household or date to show.
      for key in ["id", "householdID", "createdAt", "updatedAt"] { object[key] = nil }
      return try Self.answer(recipe: object, warnings: pasted.warnings, status: 200)
    }
  }

  private static func answer(recipe: Any, warnings: [String], status: Int) throws -> HTTPResponse {
    try JSONValue.response(["recipe": recipe, "warnings": warnings], status: status)
  }
}
