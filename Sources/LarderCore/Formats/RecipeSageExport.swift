import Foundation

/// Reads RecipeSage's JSON-LD export: an array of schema.org `Recipe` objects, read by the
/// schema.org reader, with RecipeSage's extras on top: `creditText` (who the recipe is
/// credited to), `isBasedOn` (where it came from: a web address, or a book's name) and
/// `comment` (RecipeSage's notes, as `Comment` objects or text).
///
/// Written from the published schema.org vocabulary and RecipeSage's description of its export,
/// without a real export to check against. Unlike a web page's JSON-LD, every element of the
/// export's array is one item of the report: an element that is not a Recipe is reported, not
/// passed over.
public enum RecipeSageExport {
  /// Whether a decoded JSON object is a schema.org Recipe carrying RecipeSage's extras.
  package static func isRecipeSageRecipe(_ object: [String: Any]) -> Bool {
    SchemaOrg.types(of: object).contains("Recipe")
      && (object["creditText"] != nil || object["isBasedOn"] != nil
        || object["comment"] != nil)
  }

  /// Reads an export: an array of Recipe objects (or one object).
  ///
  /// - Throws: ``LarderCoreError/invalidJSON(detail:)`` when the data is not JSON, and
  ///   ``LarderCoreError/noRecipeFound`` when it holds nothing.
  public static func readRecipes(from data: Data) throws -> [FoundRecipe] {
    let json = try FormatSupport.jsonObject(data)
    let elements = (json as? [Any]) ?? (json is [String: Any] ? [json] : [])
    guard !elements.isEmpty else { throw LarderCoreError.noRecipeFound }
    return elements.enumerated().map { index, element in
      let object = element as? [String: Any]
      let name = FormatSupport.string(object?["name"]).map { PlainText.clean($0) }
      return FormatSupport.item(index, name: name) { warnings in
        guard let object else {
          throw LarderCoreError.invalidField(
            field: "item", value: String(describing: element).prefix(40).description,
            reason: "not a JSON object", item: index)
        }
        guard SchemaOrg.types(of: object).contains("Recipe") else {
          let type = SchemaOrg.texts(object["@type"]).joined(separator: ", ")
          throw LarderCoreError.invalidField(
            field: "@type", value: type, reason: "not a schema.org Recipe", item: index)
        }
        do {
          return try recipe(object, warnings: &warnings)
        } catch LarderCoreError.missingField(let field, nil) {
          throw LarderCoreError.missingField(field: field, item: index)
        }
      }
    }
  }

  static func recipe(_ object: [String: Any], warnings: inout [String]) throws -> Recipe {
    var recipe = try SchemaOrg.readRecipe(object, warnings: &warnings)
    if recipe.author == nil, let credit = FormatSupport.string(object["creditText"]) {
      recipe.author = PlainText.clean(credit)
    }
    let basis = object["isBasedOn"]
    let basisText =
      FormatSupport.string((basis as? [String: Any])?["url"])
      ?? FormatSupport.string(basis)
    if let basisText {
      if basisText.hasPrefix("http://") || basisText.hasPrefix("https://") {
        if recipe.sourceURL == nil { recipe.sourceURL = basisText }
      } else if recipe.author == nil {
        recipe.author = PlainText.clean(basisText)
      }
    }
    let comments = comments(object["comment"])
    if !comments.isEmpty {
      recipe.notes = ([recipe.notes].compactMap { $0 } + comments).joined(separator: "\n\n")
    }
    return recipe
  }

  /// The text of each comment: a string, or a `Comment` object's `text` (after its `name`,
  /// when it has one other than RecipeSage's default "Notes").
  private static func comments(_ value: Any?) -> [String] {
    switch value {
    case let text as String:
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      return trimmed.isEmpty ? [] : [trimmed]
    case let list as [Any]:
      return list.flatMap { comments($0) }
    case let object as [String: Any]:
      guard let text = FormatSupport.string(object["text"]) else { return [] }
      let title = FormatSupport.string(object["name"])
      guard let title, title.lowercased() != "notes", title.lowercased() != "author notes"
      else { return [text] }
      return ["\(title): \(text)"]
    default:
      return []
    }
  }
}
