import Foundation

/// Reads Mealie's recipe JSON as its exports write it: the 2021 (v0.5) snake_case files
/// (`recipe_ingredient`, `recipe_instructions`, `org_url`) and the later camelCase ones
/// (`recipeIngredient` objects with `note`, `quantity`, `unit`, `food`).
public enum MealieExport {
  /// Whether a decoded JSON object is a Mealie recipe rather than schema.org.
  package static func isMealieRecipe(_ object: [String: Any]) -> Bool {
    object["@type"] == nil && object["name"] != nil
      && (object["recipe_ingredient"] != nil || object["recipe_instructions"] != nil
        || object["slug"] != nil && object["recipeIngredient"] != nil)
  }

  /// Reads a Mealie recipe file (one object, or an array of them).
  ///
  /// - Throws: ``LarderCoreError/invalidJSON(detail:)`` when the data is not JSON, and
  ///   ``LarderCoreError/noRecipeFound`` when it holds no object.
  public static func readRecipes(from data: Data) throws -> [FoundRecipe] {
    let json = try FormatSupport.jsonObject(data)
    let objects = (json as? [[String: Any]]) ?? (json as? [String: Any]).map { [$0] } ?? []
    guard !objects.isEmpty else { throw LarderCoreError.noRecipeFound }
    return objects.enumerated().map { index, object in
      FormatSupport.item(index, name: FormatSupport.string(object["name"])) { warnings in
        try recipe(object, warnings: &warnings)
      }
    }
  }

  static func value(_ object: [String: Any], _ keys: String...) -> Any? {
    for key in keys { if let value = object[key], !(value is NSNull) { return value } }
    return nil
  }

  static func recipe(_ object: [String: Any], warnings: inout [String]) throws -> Recipe {
    guard let name = FormatSupport.string(object["name"]) else {
      throw LarderCoreError.missingField(field: "name")
    }
    var recipe = Recipe(name: PlainText.clean(name))
    recipe.description = FormatSupport.string(object["description"]).map { PlainText.clean($0) }
    recipe.sourceURL = FormatSupport.string(value(object, "org_url", "orgURL", "orgUrl"))
      .flatMap { $0.hasPrefix("http") ? $0 : nil }
    recipe.yield = RecipeYield(
      texts: SchemaOrg.texts(value(object, "recipe_yield", "recipeYield", "recipeServings")))
    recipe.totalTime = FormatSupport.duration(
      value(object, "total_time", "totalTime"), field: "total_time", warnings: &warnings)
    recipe.prepTime = FormatSupport.duration(
      value(object, "prep_time", "prepTime"), field: "prep_time", warnings: &warnings)
    recipe.cookTime = FormatSupport.duration(
      value(object, "perform_time", "performTime", "cook_time", "cookTime"),
      field: "perform_time", warnings: &warnings)
    recipe.courses = SchemaOrg.texts(value(object, "recipe_category", "recipeCategory"))
    recipe.keywords = SchemaOrg.texts(object["tags"])
    if let rating = (object["rating"] as? NSNumber)?.intValue, (1...5).contains(rating) {
      recipe.rating = rating
    }
    recipe.ingredientSections = ingredientSections(
      value(object, "recipe_ingredient", "recipeIngredient"))
    recipe.instructionSections = instructionSections(
      value(object, "recipe_instructions", "recipeInstructions"))
    if let nutrition = object["nutrition"] as? [String: Any] {
      var facts = Nutrition()
      for (key, schemaName) in [
        ("calories", "calories"), ("fat_content", "fatContent"), ("fatContent", "fatContent"),
        ("protein_content", "proteinContent"), ("proteinContent", "proteinContent"),
        ("carbohydrate_content", "carbohydrateContent"),
        ("carbohydrateContent", "carbohydrateContent"), ("fiber_content", "fiberContent"),
        ("fiberContent", "fiberContent"), ("sodium_content", "sodiumContent"),
        ("sodiumContent", "sodiumContent"), ("sugar_content", "sugarContent"),
        ("sugarContent", "sugarContent"),
      ] {
        if let text = FormatSupport.string(nutrition[key]) { facts.set(schemaName, to: text) }
      }
      recipe.nutrition = facts.isEmpty ? nil : facts
    }
    if let notes = object["notes"] as? [[String: Any]] {
      let texts = notes.compactMap { note -> String? in
        let title = FormatSupport.string(note["title"])
        guard let text = FormatSupport.string(note["text"]) else { return title }
        return title.map { "\($0): \(text)" } ?? text
      }
      recipe.notes = texts.isEmpty ? nil : texts.joined(separator: "\n\n")
    }
    if let image = FormatSupport.string(object["image"]), image.hasPrefix("http") {
      recipe.images = [image]
    }
    return recipe
  }

  private static func ingredientSections(_ value: Any?) -> [IngredientSection] {
    guard let entries = value as? [Any] else {
      return SchemaOrg.ingredientSections(SchemaOrg.texts(value, splitLines: true))
    }
    var sections = [IngredientSection(lines: [])]
    for entry in entries {
      if let text = entry as? String {
        sections[sections.count - 1].lines.append(IngredientLine(text: PlainText.clean(text)))
        continue
      }
      guard let object = entry as? [String: Any] else { continue }
      if let title = FormatSupport.string(object["title"]) {
        sections.append(IngredientSection(title: title, lines: []))
      }
      let note = FormatSupport.string(object["note"]) ?? ""
      let disableAmount = (object["disable_amount"] ?? object["disableAmount"]) as? Bool ?? true
      var text = note
      if !disableAmount {
        let quantity = (object["quantity"] as? NSNumber).map {
          CooklangNumber.format($0.doubleValue)
        }
        let unit = SchemaOrg.string(object["unit"])
        let food = SchemaOrg.string(object["food"])
        text = [quantity == "0" ? nil : quantity, unit, food, note.isEmpty ? nil : note]
          .compactMap { $0 }.joined(separator: " ")
      }
      if let original = FormatSupport.string(object["originalText"]), text.isEmpty {
        text = original
      }
      if !text.isEmpty {
        sections[sections.count - 1].lines.append(IngredientLine(text: PlainText.clean(text)))
      }
    }
    return sections.filter { !$0.lines.isEmpty }
  }

  private static func instructionSections(_ value: Any?) -> [InstructionSection] {
    guard let entries = value as? [Any] else { return SchemaOrg.instructionSections(value) }
    var sections = [InstructionSection(steps: [])]
    for entry in entries {
      guard let object = entry as? [String: Any] else {
        if let text = FormatSupport.string(entry) {
          sections[sections.count - 1].steps.append(InstructionStep(text: PlainText.clean(text)))
        }
        continue
      }
      let title = FormatSupport.string(object["title"])
      if let title, title != sections.last?.title {
        sections.append(InstructionSection(title: title, steps: []))
      }
      if let text = FormatSupport.string(object["text"]) {
        sections[sections.count - 1].steps.append(InstructionStep(text: PlainText.clean(text)))
      }
    }
    return sections.filter { !$0.steps.isEmpty }
  }
}
