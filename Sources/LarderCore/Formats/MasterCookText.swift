import Foundation

/// Reads MasterCook's text export (`.mxp`): recipes under `* Exported from MasterCook *`
/// headers, a title line, `Recipe By`, `Serving Size`/`Preparation Time` and `Categories`
/// fields, an `Amount  Measure  Ingredient -- Preparation Method` table, then the directions.
/// (MasterCook's XML, `.mx2`, is read by LarderImport's XML readers.)
public enum MasterCookText {
  /// Whether `text` looks like a MasterCook text export.
  public static func isMasterCookText(_ text: String) -> Bool {
    isHeader(String(text.prefix(4096)))
  }

  /// Reads every recipe in the export; a recipe without a title fails alone.
  ///
  /// - Throws: ``LarderCoreError/invalidField(field:value:reason:item:)`` when the text has no
  ///   `Exported from MasterCook` header.
  public static func readRecipes(from text: String) throws -> [FoundRecipe] {
    let lines = text.replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\r", with: "\n").components(separatedBy: "\n")
    var blocks: [(line: Int, lines: [String])] = []
    for (number, line) in lines.enumerated() {
      if isHeader(line) {
        blocks.append((number + 1, []))
      } else if !blocks.isEmpty {
        blocks[blocks.count - 1].lines.append(line)
      }
    }
    guard !blocks.isEmpty else {
      throw LarderCoreError.invalidField(
        field: "MasterCook", value: "", reason: "no '* Exported from MasterCook *' header found")
    }
    return blocks.enumerated().map { index, block in
      let title = block.lines.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?
        .trimmingCharacters(in: .whitespaces)
      return FormatSupport.item(index, name: title) { warnings in
        try recipe(block.lines, title: title, line: block.line, warnings: &warnings)
      }
    }
  }

  /// Whether the text holds "Exported from MasterCook", however it is spaced.
  private static func isHeader(_ text: String) -> Bool {
    text.range(
      of: #"Exported\s+from\s+MasterCook"#, options: [.regularExpression, .caseInsensitive]) != nil
  }

  private static func field(_ name: String, in line: String) -> String? {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard trimmed.lowercased().hasPrefix(name.lowercased()),
      let colon = trimmed.firstIndex(of: ":")
    else { return nil }
    let label = trimmed[..<colon].trimmingCharacters(in: .whitespaces)
    guard label.lowercased() == name.lowercased() else { return nil }
    let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    return value.isEmpty ? nil : value
  }

  private static func recipe(
    _ lines: [String], title: String?, line: Int, warnings: inout [String]
  ) throws -> Recipe {
    guard let title, title.lowercased() != "recipe by" else {
      throw LarderCoreError.missingField(field: "title (recipe starting on line \(line))")
    }
    var recipe = Recipe(name: title)
    var index = 0
    var tableStart: Int?
    while index < lines.count {
      let line = lines[index]
      if let author = field("Recipe By", in: line) { recipe.author = author }
      if line.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("serving size") {
        // "Serving Size  : 4     Preparation Time :0:30"
        let parts = line.components(separatedBy: "Preparation Time")
        if let servings = field("Serving Size", in: parts[0]) {
          recipe.yield = RecipeYield(texts: [servings])
        }
        if parts.count > 1 {
          let time = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " :"))
          let pieces = time.split(separator: ":").compactMap { Int($0) }
          if pieces.count == 2, pieces[0] * 60 + pieces[1] > 0 {
            recipe.totalTime = RecipeDuration(minutes: pieces[0] * 60 + pieces[1])
          }
        }
      }
      if let categories = field("Categories", in: line) {
        recipe.courses = categories.components(separatedBy: "  ").map {
          $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
      }
      if line.hasPrefix("--------") {
        tableStart = index + 1
        break
      }
      index += 1
    }
    guard let start = tableStart else {
      throw LarderCoreError.missingField(
        field: "ingredients table (recipe starting on line \(line))")
    }
    index = start
    var ingredients: [IngredientLine] = []
    while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).isEmpty {
      let characters = Array(lines[index])
      func column(_ lower: Int, _ upper: Int) -> String {
        guard lower < characters.count else { return "" }
        return String(characters[lower..<min(upper, characters.count)])
          .trimmingCharacters(in: .whitespaces)
      }
      let amount = column(0, 8)
      let measure = column(8, 24)
      var food = column(24, characters.count)
      food = food.replacingOccurrences(of: " -- ", with: ", ")
      let text = [amount, measure, food].filter { !$0.isEmpty }.joined(separator: " ")
      if !text.isEmpty { ingredients.append(IngredientLine(text: text)) }
      index += 1
    }
    recipe.ingredientSections = [IngredientSection(lines: ingredients)]
    var paragraphs: [String] = []
    var paragraph: [String] = []
    var notes: [String] = []
    var afterRule = false
    for line in lines[index...] {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("- - - -") {
        afterRule = true
        continue
      }
      if afterRule {
        if !trimmed.isEmpty { notes.append(trimmed) }
        continue
      }
      if trimmed.isEmpty {
        if !paragraph.isEmpty { paragraphs.append(paragraph.joined(separator: " ")) }
        paragraph = []
      } else {
        paragraph.append(trimmed)
      }
    }
    if !paragraph.isEmpty { paragraphs.append(paragraph.joined(separator: " ")) }
    recipe.instructionSections = [
      InstructionSection(steps: paragraphs.map { InstructionStep(text: $0) })
    ]
    if !notes.isEmpty { recipe.notes = notes.joined(separator: "\n") }
    return recipe
  }
}
