import Foundation

/// Reads the `recipe.json` inside each recipe of a Tandoor export (a zip of zips, each holding
/// `recipe.json` and an image): steps with their own ingredients, times in minutes.
public enum TandoorExport {
  /// Whether a decoded JSON object is a Tandoor recipe.
  package static func isTandoorRecipe(_ object: [String: Any]) -> Bool {
    object["@type"] == nil && object["steps"] is [Any]
      && (object["working_time"] != nil || object["waiting_time"] != nil
        || object["servings_text"] != nil)
  }

  /// Reads one Tandoor `recipe.json`.
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
    recipe.keywords = SchemaOrg.texts(object["keywords"])
    recipe.prepTime = FormatSupport.duration(
      object["working_time"], field: "working_time", warnings: &warnings)
    recipe.cookTime = FormatSupport.duration(
      object["waiting_time"], field: "waiting_time", warnings: &warnings)
    let servings = (object["servings"] as? NSNumber)?.doubleValue
    let servingsText = FormatSupport.string(object["servings_text"])
    if servings.map({ $0 > 0 }) == true || servingsText != nil {
      recipe.yield = RecipeYield(
        servings: servings.flatMap { $0 > 0 ? $0 : nil }, text: servingsText)
    }
    var ingredients = [IngredientSection(lines: [])]
    var steps: [InstructionStep] = []
    for case let step as [String: Any] in object["steps"] as? [Any] ?? [] {
      for case let entry as [String: Any] in step["ingredients"] as? [Any] ?? [] {
        let food = SchemaOrg.string((entry["food"] as? [String: Any])?["name"])
        let note = FormatSupport.string(entry["note"])
        if entry["is_header"] as? Bool == true {
          ingredients.append(IngredientSection(title: food ?? note, lines: []))
          continue
        }
        let noAmount = entry["no_amount"] as? Bool ?? false
        let amount = (entry["amount"] as? NSNumber)?.doubleValue
        let unit = SchemaOrg.string((entry["unit"] as? [String: Any])?["name"])
        var parts: [String] = []
        if !noAmount, let amount, amount > 0 { parts.append(CooklangNumber.format(amount)) }
        if let unit, !unit.isEmpty { parts.append(unit) }
        if let food { parts.append(food) }
        var text = parts.joined(separator: " ")
        if let note { text += text.isEmpty ? note : " (\(note))" }
        if let original = FormatSupport.string(entry["original_text"]), text.isEmpty {
          text = original
        }
        if !text.isEmpty {
          ingredients[ingredients.count - 1].lines.append(IngredientLine(text: text))
        }
      }
      let instruction = FormatSupport.string(step["instruction"])
      steps += FormatSupport.steps(instruction).flatMap(\.steps)
    }
    recipe.ingredientSections = ingredients
    recipe.instructionSections = steps.isEmpty ? [] : [InstructionSection(steps: steps)]
    return recipe
  }
}
