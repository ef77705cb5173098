import Foundation
import LarderCore

/// Reads Gourmet Recipe Manager's XML export (`.grmt`, `<gourmetDoc>`): one `<recipe>` per
/// recipe with `<title>`, `<category>`, `<cuisine>`, `<source>`, `<link>`, `<yields>`,
/// `<preptime>`, `<cooktime>`, `<rating>`, an `<ingredient-list>` of `<ingredient>` (amount,
/// unit, item, key), `<ingref>` (a reference to another recipe) and `<inggroup>` (a named group
/// of ingredients), `<instructions>`, `<modifications>` and a base64 `<image>`.
///
/// Each recipe is read on its own: one without a title, or whose ingredient has no item, is
/// reported in its item naming the recipe's position and field, and the others are still read.
/// Gourmet stores its instructions as escaped markup (`&lt;i&gt;well&lt;/i&gt;`); the tags are
/// dropped and the text kept. An embedded `<image>` is handed to the import as an
/// ``EmbeddedImage``, which stores it as the recipe's first image.
public enum GourmetReader {
  /// Whether the start of a document looks like a Gourmet export.
  public static func isGourmetExport(_ head: String) -> Bool {
    head.contains("<gourmetDoc")
  }

  /// Every recipe in a Gourmet XML document, in order.
  ///
  /// - Throws: ``LarderImportError/unreadable(source:reason:)`` when the bytes are not XML or
  ///   not a Gourmet export, ``LarderImportError/noRecipe(source:)`` when it has no recipe.
  public static func read(_ data: Data, source: String) throws -> [FoundRecipe] {
    let document = try MarkupDocument.xml(data, source: source)
    guard let root = document.root, root.name == "gourmetdoc" else {
      throw LarderImportError.unreadable(
        source: source, reason: "not a Gourmet export (no <gourmetDoc> root element)")
    }
    let recipes = root.elementChildren.filter { $0.name == "recipe" }
    guard !recipes.isEmpty else { throw LarderImportError.noRecipe(source: source) }
    return recipes.enumerated().map { index, element in
      FoundRecipe.reading(index: index, name: field(element, "title"), field: "recipe") {
        try readRecipe(element, index: index, warnings: &$0)
      }
      .embedding(
        element.elementChildren.filter { $0.name == "image" }.map {
          EmbeddedImage.base64($0.scriptText, field: "<image>")
        })
    }
  }

  private static func readRecipe(
    _ element: MarkupNode, index: Int, warnings: inout [String]
  ) throws -> Recipe {
    guard let title = field(element, "title") else {
      throw LarderCoreError.missingField(field: "<title>", item: index)
    }
    var recipe = Recipe(name: title)
    recipe.courses = splitList(field(element, "category"))
    recipe.cuisines = splitList(field(element, "cuisine"))
    recipe.author = field(element, "source")
    if let link = field(element, "link") {
      if link.hasPrefix("http://") || link.hasPrefix("https://") {
        recipe.sourceURL = link
      } else {
        warnings.append("<link>: '\(link.prefix(60))' is not a web address; left empty")
      }
    }
    recipe.yield = field(element, "yields").flatMap { RecipeYield(texts: [$0]) }
    recipe.prepTime = duration(element, "preptime", warnings: &warnings)
    recipe.cookTime = duration(element, "cooktime", warnings: &warnings)
    if let rating = field(element, "rating") {
      recipe.rating = stars(rating)
      if recipe.rating == nil {
        warnings.append("<rating>: '\(rating.prefix(40))' is not a rating such as 4/5; left empty")
      }
    }
    if let list = element.elementChildren.first(where: { $0.name == "ingredient-list" }) {
      recipe.ingredientSections = try ingredientSections(list, recipe: index)
    }
    recipe.instructionSections = steps(markup(element, "instructions"))
    let notes = markup(element, "modifications")
    recipe.notes = notes.isEmpty ? nil : notes
    return try recipe.validated()
  }

  /// Ingredients in order; each `<inggroup>` becomes a titled section, and the ungrouped
  /// ingredients around groups each get an untitled one, so the order is kept.
  private static func ingredientSections(
    _ list: MarkupNode, recipe: Int
  ) throws -> [IngredientSection] {
    var sections: [IngredientSection] = []
    var loose = IngredientSection(lines: [])
    var position = 0
    for child in list.elementChildren {
      switch child.name {
      case "inggroup":
        if !loose.lines.isEmpty { sections.append(loose) }
        loose = IngredientSection(lines: [])
        var group = IngredientSection(title: field(child, "groupname"), lines: [])
        for entry in child.elementChildren
        where entry.name == "ingredient" || entry.name == "ingref" {
          position += 1
          group.lines.append(try ingredientLine(entry, position: position, recipe: recipe))
        }
        if !group.lines.isEmpty { sections.append(group) }
      case "ingredient", "ingref":
        position += 1
        loose.lines.append(try ingredientLine(child, position: position, recipe: recipe))
      default:
        break
      }
    }
    if !loose.lines.isEmpty { sections.append(loose) }
    return sections
  }

  /// "2 cups broth", from amount, unit and item; an `<ingref>` to another recipe reads
  /// "1 Amazing Sauce (another recipe)". `optional="yes"` is kept as "(optional)".
  private static func ingredientLine(
    _ element: MarkupNode, position: Int, recipe: Int
  ) throws -> IngredientLine {
    var parts: [String]
    if element.name == "ingref" {
      let amount = element.attribute("amount").map(plain) ?? ""
      let name = plain(element.text)
      guard !name.isEmpty else {
        throw LarderCoreError.invalidField(
          field: "<ingref>", value: "", reason: "ingredient \(position) names no recipe",
          item: recipe)
      }
      parts = [amount, name + " (another recipe)"]
    } else {
      guard let item = field(element, "item") ?? field(element, "key") else {
        throw LarderCoreError.invalidField(
          field: "<ingredient>", value: "",
          reason: "ingredient \(position) has no <item>", item: recipe)
      }
      parts = [field(element, "amount") ?? "", field(element, "unit") ?? "", item]
    }
    let optional = (element.attribute("optional") ?? "").lowercased()
    if optional == "yes" || optional == "true" { parts.append("(optional)") }
    return IngredientLine(text: parts.filter { !$0.isEmpty }.joined(separator: " "))
  }

  /// The trimmed, whitespace-collapsed text of the first child element named `name`, or nil.
  static func field(_ element: MarkupNode, _ name: String) -> String? {
    guard let child = element.elementChildren.first(where: { $0.name == name }) else {
      return nil
    }
    let text = plain(child.text)
    return text.isEmpty ? nil : text
  }

  /// Text with Gourmet's escaped markup ("&amp;lt;b&amp;gt;", escaped twice) removed.
  static func plain(_ text: String) -> String { MarkupNode.plainText(text) }

  /// The text of a long field with its paragraphs kept, Gourmet's escaped markup removed.
  private static func markup(_ element: MarkupNode, _ name: String) -> String {
    guard let child = element.elementChildren.first(where: { $0.name == name }) else {
      return ""
    }
    return paragraphs(child.scriptText).joined(separator: "\n\n")
  }

  /// Blank-line separated paragraphs as plain text, each on one line.
  private static func paragraphs(_ text: String) -> [String] {
    text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n")
      .map(plain).filter { !$0.isEmpty }
  }

  private static func steps(_ text: String) -> [InstructionSection] {
    let steps = text.components(separatedBy: "\n\n").filter { !$0.isEmpty }
      .map { InstructionStep(text: $0) }
    return steps.isEmpty ? [] : [InstructionSection(steps: steps)]
  }

  private static func splitList(_ text: String?) -> [String] {
    (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  private static func duration(
    _ element: MarkupNode, _ name: String, warnings: inout [String]
  ) -> RecipeDuration? {
    guard let text = field(element, name) else { return nil }
    if let duration = RecipeDuration.parse(text), duration.seconds > 0 { return duration }
    warnings.append("<\(name)>: '\(text.prefix(40))' is not a time; left empty")
    return nil
  }

  /// Gourmet's "4/5 stars" (or "8/10 stars") on Larder's 1 to 5 scale.
  static func stars(_ text: String) -> Int? {
    let numbers = text.split { !$0.isNumber && $0 != "." }.compactMap { Double($0) }
    guard let value = numbers.first, value > 0 else { return nil }
    let best = numbers.count > 1 ? numbers[1] : 5
    guard best > 0, value <= best else { return nil }
    let scaled = Int((value / best * 5).rounded())
    return (1...5).contains(scaled) ? scaled : nil
  }
}
