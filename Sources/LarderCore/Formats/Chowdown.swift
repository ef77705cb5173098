import Foundation

/// Reads Chowdown recipes: Jekyll Markdown files whose YAML front matter holds `title`,
/// `image`, `tags`, `ingredients` and `directions` lists; the Markdown after it is the
/// description.
public enum Chowdown {
  /// Whether Markdown text is a Chowdown recipe: front matter with a title and ingredients or
  /// directions.
  public static func isChowdownRecipe(_ text: String) -> Bool {
    let front = FrontMatter(splitting: String(text.prefix(65_536)))
    return front.value("title") != nil
      && !(front.values("ingredients").isEmpty && front.values("directions").isEmpty)
  }

  /// Reads one Chowdown recipe.
  public static func readRecipes(from text: String) -> [FoundRecipe] {
    let front = FrontMatter(splitting: text.replacingOccurrences(of: "\r\n", with: "\n"))
    let title = front.value("title")
    return [
      FormatSupport.item(0, name: title) { warnings in
        guard let title else { throw LarderCoreError.missingField(field: "title") }
        var recipe = Recipe(name: title)
        recipe.keywords = front.values("tags").flatMap { $0.split(separator: ",").map(String.init) }
        recipe.ingredientSections = SchemaOrg.ingredientSections(front.values("ingredients"))
        recipe.instructionSections = [
          InstructionSection(steps: front.values("directions").map { InstructionStep(text: $0) })
        ]
        recipe.yield = RecipeYield(texts: front.values("yield", "servings"))
        recipe.prepTime = front.value("prep").flatMap(RecipeDuration.parse)
        recipe.cookTime = front.value("cook").flatMap(RecipeDuration.parse)
        let body = front.body.trimmingCharacters(in: .whitespacesAndNewlines)
        recipe.description = body.isEmpty ? nil : body
        if let image = front.value("image") {
          if image.hasPrefix("http") {
            recipe.images = [image]
          } else {
            warnings.append("field 'image': '\(image)' is a file in the export; not imported")
          }
        }
        if front.values("ingredients").isEmpty && front.values("directions").isEmpty {
          throw LarderCoreError.missingField(field: "ingredients")
        }
        return recipe
      }
    ]
  }
}
