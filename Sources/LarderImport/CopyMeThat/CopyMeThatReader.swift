import Foundation
import LarderCore

/// Reads the `recipes.html` that CopyMeThat puts in its export archive: one
/// `<div class="recipe">` per recipe with a name (`#name`), the original link
/// (`#original_link`), an image (`img.recipeImage`, a path inside the archive), tags
/// (`.recipeCategory`), servings (`#recipeYield`), the user's rating (`#ratingValue`) and star
/// (`#starred`), ingredients and steps (with `…_subheader` items as section titles) and notes.
///
/// Images are referenced by their path inside the archive ("images/soup_x1y2.jpg"), which is
/// kept as the recipe's image so that the archive reader can attach the file.
public enum CopyMeThatReader {
  /// Every recipe in the export, in order; a recipe without a name is reported in its item.
  /// A document with no `div.recipe` gives no items.
  public static func read(html: Data, source: String) -> [FoundRecipe] {
    let document: MarkupDocument
    do {
      document = try MarkupDocument.html(html, source: source)
    } catch {
      let failure = LarderCoreError.invalidField(
        field: "recipes.html", value: source, reason: "\(error)")
      return [FoundRecipe(index: 0, name: nil, result: .failure(failure))]
    }
    let recipes = document.elements(named: "div").filter { $0.tokens("class").contains("recipe") }
    return recipes.enumerated().map { index, element in
      let parts = Parts(element)
      let name = parts.first(id: "name")?.text
      var warnings: [String] = []
      do {
        let recipe = try readRecipe(parts, warnings: &warnings)
        return FoundRecipe(
          index: index, name: name, result: .success(recipe), warnings: warnings)
      } catch let error as LarderCoreError {
        let located: LarderCoreError
        if case .missingField(let field, nil) = error {
          located = .missingField(field: field, item: index)
        } else {
          located = error
        }
        return FoundRecipe(
          index: index, name: name, result: .failure(located), warnings: warnings)
      } catch {
        let failure = LarderCoreError.invalidField(
          field: "recipe", value: name ?? "", reason: "\(error)", item: index)
        return FoundRecipe(
          index: index, name: name, result: .failure(failure), warnings: warnings)
      }
    }
  }

  /// The elements of one recipe, found once. CopyMeThat repeats the same `id`s in every
  /// recipe, so they are looked up inside the recipe's own `div`.
  private struct Parts {
    let elements: [MarkupNode]

    init(_ recipe: MarkupNode) { elements = recipe.descendants() }

    func first(id: String) -> MarkupNode? { elements.first { $0.attribute("id") == id } }

    /// The elements with any of the classes, in document order.
    func all(class names: String...) -> [MarkupNode] {
      elements.filter { !Set($0.tokens("class")).isDisjoint(with: names) }
    }
  }

  private static func readRecipe(_ parts: Parts, warnings: inout [String]) throws -> Recipe {
    var recipe = Recipe(name: parts.first(id: "name")?.text ?? "")
    if let link = parts.first(id: "original_link")?.attribute("href")?
      .trimmingCharacters(in: .whitespaces), link.hasPrefix("http")
    {
      recipe.sourceURL = link
    }
    recipe.images = parts.all(class: "recipeImage").compactMap { $0.attribute("src") }
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    if let description = parts.first(id: "description")?.textWithLineBreaks,
      !description.isEmpty
    {
      recipe.description = description
    }
    recipe.keywords = parts.all(class: "recipeCategory").map(\.text).filter { !$0.isEmpty }
    if let yield = parts.first(id: "recipeYield")?.text, !yield.isEmpty {
      recipe.yield = RecipeYield(texts: [yield])
    }
    if let ratingText = parts.first(id: "ratingValue")?.text, !ratingText.isEmpty {
      if let rating = Int(ratingText), (1...5).contains(rating) {
        recipe.rating = rating
      } else {
        warnings.append("rating '\(ratingText)' is not from 1 to 5; left empty")
      }
    }
    recipe.isFavorite = parts.first(id: "starred") != nil
    recipe.ingredientSections = sections(
      parts.all(class: "recipeIngredient", "recipeIngredient_subheader"),
      headerClass: "recipeIngredient_subheader"
    ).map { title, lines in
      IngredientSection(title: title, lines: lines.map { IngredientLine(text: $0) })
    }
    recipe.instructionSections = sections(
      parts.all(class: "instruction", "instruction_subheader"),
      headerClass: "instruction_subheader"
    ).map { title, lines in
      InstructionSection(title: title, steps: lines.map { InstructionStep(text: $0) })
    }
    let notes = parts.all(class: "recipeNote").map(\.textWithLineBreaks).filter { !$0.isEmpty }
    if !notes.isEmpty { recipe.notes = notes.joined(separator: "\n") }
    return try recipe.validated()
  }

  /// Items in document order, split into sections at the header items.
  private static func sections(
    _ items: [MarkupNode], headerClass: String
  ) -> [(
    String?, [String]
  )] {
    var result: [(String?, [String])] = []
    var title: String?
    var lines: [String] = []
    for item in items {
      let text = item.text
      guard !text.isEmpty else { continue }
      if item.tokens("class").contains(headerClass) {
        if !lines.isEmpty || title != nil { result.append((title, lines)) }
        title = text.trimmingCharacters(in: [":", " "])
        lines = []
      } else {
        lines.append(text)
      }
    }
    if !lines.isEmpty { result.append((title, lines)) }
    return result.filter { !$0.1.isEmpty }
  }
}
