import Foundation

/// Reads Mela's recipe files: a `.melarecipe` is one recipe as a JSON object, and a
/// `.melarecipes` export is a zip of them (unzipped in LarderImport).
///
/// Written from Mela's published description of the format, without a real export to check
/// against: `id`, `title`, `text` (the description), `images` (base64), `categories`, `yield`,
/// `prepTime`, `cookTime`, `totalTime`, `ingredients` and `instructions` (newline-separated
/// text in which a line starting with `#` is a group heading), `notes`, `nutrition`, `link` and
/// `favorite`. The `images` are handed to the import as ``EmbeddedImage``s.
public enum MelaExport {
  /// Whether a decoded JSON object is a Mela recipe: a `title` and Mela's text `ingredients`
  /// or `instructions`, and none of schema.org's `@type`.
  package static func isMelaRecipe(_ object: [String: Any]) -> Bool {
    object["@type"] == nil && object["title"] != nil
      && (object["ingredients"] is String || object["instructions"] is String)
      && (object["id"] != nil || object["link"] != nil || object["images"] != nil)
  }

  /// Reads one `.melarecipe` (a JSON object; an array of them is read too).
  ///
  /// - Throws: ``LarderCoreError/invalidJSON(detail:)`` when the data is not JSON, and
  ///   ``LarderCoreError/noRecipeFound`` when it holds no object.
  public static func readRecipes(from data: Data) throws -> [FoundRecipe] {
    let json = try FormatSupport.jsonObject(data)
    let objects = (json as? [[String: Any]]) ?? (json as? [String: Any]).map { [$0] } ?? []
    guard !objects.isEmpty else { throw LarderCoreError.noRecipeFound }
    return objects.enumerated().map { index, object in
      FormatSupport.item(index, name: FormatSupport.string(object["title"])) { warnings in
        try recipe(object, index: index, warnings: &warnings)
      }
      .embedding(images(object["images"]))
    }
  }

  /// The photos in Mela's `images`: base64 text each, named `images[1]`, `images[2]`, ...
  static func images(_ value: Any?) -> [EmbeddedImage] {
    guard let images = value as? [Any] else { return [] }
    return images.enumerated().map { position, image in
      let field = "images[\(position + 1)]"
      guard let text = image as? String else {
        return EmbeddedImage(field: field, content: .unreadable("not base64 text"))
      }
      return EmbeddedImage.base64(text, field: field)
    }
  }

  static func recipe(
    _ object: [String: Any], index: Int, warnings: inout [String]
  ) throws -> Recipe {
    guard let title = FormatSupport.string(object["title"]) else {
      throw LarderCoreError.missingField(field: "title", item: index)
    }
    for field in ["ingredients", "instructions", "notes", "text", "nutrition"] {
      if let value = object[field], !(value is String), !(value is NSNull) {
        throw LarderCoreError.invalidField(
          field: field, value: String(describing: value).prefix(40).description,
          reason: "Mela writes it as text", item: index)
      }
    }
    var recipe = Recipe(name: title)
    recipe.sourceID = FormatSupport.string(object["id"]).map { "mela:" + $0 }
    recipe.description = FormatSupport.string(object["text"])
    if let link = FormatSupport.string(object["link"]) {
      // Mela's "link" is free text: a web address, or a book or person.
      if link.hasPrefix("http://") || link.hasPrefix("https://") {
        recipe.sourceURL = link
      } else {
        recipe.author = link
      }
    }
    recipe.yield = RecipeYield(texts: SchemaOrg.texts(object["yield"]))
    recipe.prepTime = FormatSupport.duration(
      object["prepTime"], field: "prepTime", warnings: &warnings)
    recipe.cookTime = FormatSupport.duration(
      object["cookTime"], field: "cookTime", warnings: &warnings)
    recipe.totalTime = FormatSupport.duration(
      object["totalTime"], field: "totalTime", warnings: &warnings)
    recipe.courses = SchemaOrg.texts(object["categories"])
    recipe.isFavorite = object["favorite"] as? Bool ?? false
    recipe.ingredientSections = groups(FormatSupport.string(object["ingredients"])).map {
      IngredientSection(title: $0.title, lines: $0.lines.map { IngredientLine(text: $0) })
    }
    recipe.instructionSections = groups(FormatSupport.string(object["instructions"])).map {
      InstructionSection(title: $0.title, steps: $0.lines.map { InstructionStep(text: $0) })
    }
    var notes = [FormatSupport.string(object["notes"])].compactMap { $0 }
    if let nutrition = FormatSupport.string(object["nutrition"]) {
      notes.append("Nutrition: " + nutrition)
    }
    recipe.notes = notes.isEmpty ? nil : notes.joined(separator: "\n\n")
    return recipe
  }

  /// Newline-separated lines in groups: a line starting with `#` names the group the lines
  /// after it belong to. Empty lines and groups are dropped.
  static func groups(_ text: String?) -> [(title: String?, lines: [String])] {
    var groups: [(title: String?, lines: [String])] = [(nil, [])]
    for line in FormatSupport.lines(text) {
      if line.hasPrefix("#") {
        let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
        groups.append((title.isEmpty ? nil : title, []))
      } else {
        groups[groups.count - 1].lines.append(line)
      }
    }
    return groups.filter { !$0.lines.isEmpty }
  }
}
