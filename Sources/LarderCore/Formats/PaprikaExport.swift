import Foundation

/// Reads Paprika recipes: the JSON inside each `.paprikarecipe` (gzip) file, which a
/// `.paprikarecipes` export holds many of in a zip. Decompression happens in LarderImport; this
/// reads the JSON. The base64 `photo_data` and `photos` are handed to the import as
/// ``EmbeddedImage``s.
public enum PaprikaExport {
  /// Whether a decoded JSON object is a Paprika recipe.
  package static func isPaprikaRecipe(_ object: [String: Any]) -> Bool {
    object["@type"] == nil && object["ingredients"] is String && object["directions"] != nil
  }

  /// Reads one Paprika recipe's JSON.
  ///
  /// - Throws: ``LarderCoreError/invalidJSON(detail:)`` when the data is not JSON, and
  ///   ``LarderCoreError/noRecipeFound`` when it is not an object.
  public static func readRecipes(from data: Data) throws -> [FoundRecipe] {
    var photos: [EmbeddedImage] = []
    let items = try FormatSupport.singleObjectRecipe(data) { object, warnings in
      photos = images(object)
      return try recipe(object, warnings: &warnings)
    }
    return items.map { $0.embedding(photos) }
  }

  /// The photos in the recipe: the base64 `photo_data` (its main photo), then the `data` of
  /// each of its `photos` (the ones shown with the directions).
  static func images(_ object: [String: Any]) -> [EmbeddedImage] {
    var found: [EmbeddedImage] = []
    if let value = object["photo_data"], !(value is NSNull) {
      if let text = value as? String {
        if !text.isEmpty { found.append(.base64(text, field: "photo_data")) }
      } else {
        found.append(EmbeddedImage(field: "photo_data", content: .unreadable("not base64 text")))
      }
    }
    for (position, photo) in ((object["photos"] as? [Any]) ?? []).enumerated() {
      let field = "photos[\(position + 1)]"
      guard let text = (photo as? [String: Any])?["data"] as? String else {
        found.append(EmbeddedImage(field: field, content: .unreadable("no base64 'data'")))
        continue
      }
      found.append(.base64(text, field: field))
    }
    return found
  }

  static func recipe(_ object: [String: Any], warnings: inout [String]) throws -> Recipe {
    var recipe = try FormatSupport.namedRecipe(object)
    // Paprika's uid survives re-exports, so re-importing updates rather than duplicates.
    recipe.sourceID = FormatSupport.string(object["uid"]).map { "paprika:" + $0 }
    if recipe.sourceURL == nil, let source = FormatSupport.string(object["source"]) {
      recipe.author = source
    }
    if let image = FormatSupport.string(object["image_url"]), image.hasPrefix("http") {
      recipe.images = [image]
    }
    recipe.yield = RecipeYield(texts: SchemaOrg.texts(object["servings"]))
    recipe.prepTime = FormatSupport.duration(
      object["prep_time"], field: "prep_time", warnings: &warnings)
    recipe.cookTime = FormatSupport.duration(
      object["cook_time"], field: "cook_time", warnings: &warnings)
    recipe.totalTime = FormatSupport.duration(
      object["total_time"], field: "total_time", warnings: &warnings)
    recipe.courses = SchemaOrg.texts(object["categories"])
    recipe.ingredientSections = SchemaOrg.ingredientSections(
      FormatSupport.lines(FormatSupport.string(object["ingredients"])))
    recipe.instructionSections = FormatSupport.steps(FormatSupport.string(object["directions"]))
    recipe.notes = FormatSupport.string(object["notes"])
    if let rating = (object["rating"] as? NSNumber)?.intValue, (1...5).contains(rating) {
      recipe.rating = rating
    }
    if let nutrition = FormatSupport.string(object["nutritional_info"]) {
      recipe.notes = [recipe.notes, "Nutrition: " + nutrition].compactMap { $0 }
        .joined(separator: "\n\n")
    }
    return recipe
  }
}
