import Foundation

/// Reads Paprika recipes: the JSON inside each `.paprikarecipe` (gzip) file, which a
/// `.paprikarecipes` export holds many of in a zip. Decompression happens in LarderImport; this
/// reads the JSON.
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
    try FormatSupport.singleObjectRecipe(data) { object, warnings in
      try recipe(object, warnings: &warnings)
    }
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
