import Foundation
import LarderCore

/// A recipe given as pasted text, as `POST /api/v1/import/text` and `larder add` give it.
public struct PasteRequest: RequestFields, Equatable {
  /// The text, title on the first line; at most ``PastedRecipeReader/maximumBytes``.
  public var text: String
  /// Whether to store the recipe; false reads it and stores nothing (a preview).
  public var save: Bool

  /// Every field the request has.
  public static let fieldNames = ["text", "save"]

  /// Makes a request; by default the recipe is stored.
  public init(text: String, save: Bool = true) {
    self.text = text
    self.save = save
  }

  private enum CodingKeys: String, CodingKey { case text, save }

  /// Reads the request; `text` is required and kept as sent (not trimmed).
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      text: try container.decode(String.self, forKey: .text),
      save: try container.flag(.save) ?? true)
  }
}

/// A recipe read from pasted text: stored, or only read for a preview.
public struct PastedText: Encodable, Sendable, Equatable {
  /// The recipe: as stored (with its ID) when ``isSaved``, else as read, its lines parsed and
  /// matched.
  public var recipe: Recipe
  /// The lines the reader had to guess about.
  public var warnings: [String]
  /// Whether the recipe was stored.
  public var isSaved: Bool

  /// Makes a result.
  public init(recipe: Recipe, warnings: [String], isSaved: Bool) {
    self.recipe = recipe
    self.warnings = warnings
    self.isSaved = isSaved
  }

  private enum CodingKeys: String, CodingKey { case recipe, warnings }

  /// `{"recipe": {...}, "warnings": [...]}`; a preview's recipe has no `id`, `householdID`
  /// or dates, since nothing was stored.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    if isSaved {
      try container.encode(recipe, forKey: .recipe)
    } else {
      try container.encode(
        OmittingFields(value: recipe, omitted: ["id", "householdID", "createdAt", "updatedAt"]),
        forKey: .recipe)
    }
    try container.encode(warnings, forKey: .warnings)
  }
}

extension Larder {
  /// Reads a recipe from pasted text with ``PastedRecipeReader`` and stores it (its lines
  /// parsed and matched by the store), or, when the request says not to save, parses and
  /// matches its lines with the household's foods and stores nothing.
  ///
  /// - Throws: ``ApplicationError/refusedValue(_:value:reason:)`` naming `text` when the text
  ///   is empty, over 1 MiB or has no title line.
  public func importText(_ request: PasteRequest, as caller: Caller) throws -> PastedText {
    try request.validate()
    let pasted = try Larder.readPastedText(request.text)
    guard request.save else {
      let preview = RecipeAnalyzer.matchingFoods(in: try household(caller).foods.current)
        .analyze(pasted.recipe)
      return PastedText(recipe: preview, warnings: pasted.warnings, isSaved: false)
    }
    return try addPastedRecipe(pasted, as: caller)
  }

  /// Stores a recipe already read from pasted text (see ``readPastedText(_:)``), its lines
  /// parsed and matched by the store.
  public func addPastedRecipe(_ pasted: PastedRecipe, as caller: Caller) throws -> PastedText {
    try caller.require(.change)
    let stored = try createRecipe(pasted.recipe, as: caller)
    return PastedText(recipe: stored, warnings: pasted.warnings, isSaved: true)
  }

  /// Reads a recipe from pasted text and stores nothing, its lines not yet parsed: what
  /// `larder add --dry-run` shows, without opening a database.
  public static func readPastedText(_ text: String) throws -> PastedRecipe {
    try ApplicationError.translating { try PastedRecipeReader().read(text) }
  }
}
