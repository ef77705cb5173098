import Foundation

/// Reads MealMaster (`.mmf`, `.mxp` text) files: several recipes per file between
/// `MMMMM----- Recipe via Meal-Master` (or `----------`) headers and `MMMMM` (or `-----`)
/// endings, with one- or two-column ingredient tables and `MMMMM---TITLE---` subsections.
public enum MealMaster {
  /// Whether `text` looks like a MealMaster file.
  public static func isMealMaster(_ text: String) -> Bool {
    text.prefix(4096).split(separator: "\n").contains { isStart(String($0)) }
  }

  /// Reads every recipe in a MealMaster file; a recipe that cannot be read (no title) is
  /// reported in its item and the others are read.
  ///
  /// - Throws: ``LarderCoreError/invalidField(field:value:reason:item:)`` when the text has no
  ///   MealMaster recipe header at all.
  public static func readRecipes(from text: String) throws -> [FoundRecipe] {
    var blocks: [(line: Int, lines: [String])] = []
    var current: [String]?
    var startLine = 0
    let lines = text.replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\r", with: "\n").components(separatedBy: "\n")
    for (number, line) in lines.enumerated() {
      if isStart(line) {
        if let current { blocks.append((startLine, current)) }
        current = []
        startLine = number + 1
      } else if isEnd(line) {
        if let finished = current { blocks.append((startLine, finished)) }
        current = nil
      } else {
        current?.append(line)
      }
    }
    if let current { blocks.append((startLine, current)) }
    guard !blocks.isEmpty else {
      throw LarderCoreError.invalidField(
        field: "MealMaster", value: "",
        reason: "no 'MMMMM----- Recipe via Meal-Master' or '---------- Recipe via Meal-Master' "
          + "header found")
    }
    return blocks.enumerated().map { index, block in
      let title = header("Title", in: block.lines)
      return FormatSupport.item(index, name: title) { warnings in
        try recipe(block.lines, title: title, line: block.line)
      }
    }
  }

  private static func isStart(_ line: String) -> Bool {
    (line.hasPrefix("MMMMM") || line.hasPrefix("-----"))
      && line.range(of: "Meal-Master", options: .caseInsensitive) != nil
  }

  private static func isEnd(_ line: String) -> Bool {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    return trimmed == "MMMMM" || trimmed == "-----"
  }

  private static func header(_ name: String, in lines: [String]) -> String? {
    for line in lines.prefix(12) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.lowercased().hasPrefix(name.lowercased() + ":") {
        let value = trimmed.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
      }
    }
    return nil
  }

  private static func recipe(_ lines: [String], title: String?, line: Int) throws -> Recipe {
    guard let title else {
      throw LarderCoreError.missingField(field: "Title (recipe starting on line \(line))")
    }
    var recipe = Recipe(name: title)
    if let categories = header("Categories", in: lines) {
      recipe.keywords = categories.split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
    if let yield = header("Yield", in: lines) ?? header("Servings", in: lines) {
      recipe.yield = RecipeYield(texts: [yield])
    }
    // The header is the lines up to the first blank line after "Title:".
    var index =
      lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Title:") }
      .map { $0 + 1 } ?? 0
    while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).isEmpty {
      index += 1
    }
    var sections: [IngredientSection] = [IngredientSection(lines: [])]
    // The ingredient table: columns until the first line that is neither an ingredient, a
    // subsection heading nor blank.
    var secondColumn: [IngredientLine] = []
    func flushSecondColumn() {
      sections[sections.count - 1].lines += secondColumn
      secondColumn = []
    }
    while index < lines.count {
      let line = lines[index]
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty {
        index += 1
        continue
      }
      if let heading = subsectionTitle(line) {
        flushSecondColumn()
        sections.append(IngredientSection(title: heading, lines: []))
        index += 1
        continue
      }
      let columns = splitColumns(line)
      guard let first = ingredient(columns[0]) else { break }
      append(first, to: &sections[sections.count - 1].lines)
      if columns.count > 1, let second = ingredient(columns[1]) {
        append(second, to: &secondColumn)
      }
      index += 1
    }
    flushSecondColumn()
    recipe.ingredientSections = sections
    // The rest is the method, in paragraphs; separator lines such as "~-----" are dropped.
    var paragraphs: [String] = []
    var paragraph: [String] = []
    for line in lines[index...] {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let isRule = !trimmed.isEmpty && trimmed.allSatisfy { "-~=*_".contains($0) }
      if trimmed.isEmpty || isRule {
        if !paragraph.isEmpty { paragraphs.append(paragraph.joined(separator: " ")) }
        paragraph = []
      } else {
        // MealMaster pads with runs of spaces; a cook reads one.
        paragraph.append(trimmed.split(separator: " ").joined(separator: " "))
      }
    }
    if !paragraph.isEmpty { paragraphs.append(paragraph.joined(separator: " ")) }
    recipe.instructionSections = [
      InstructionSection(steps: paragraphs.map { InstructionStep(text: $0) })
    ]
    return recipe
  }

  /// "MMMMM-----TOMATO SAUCE-----" or "-----FOR THE SAUCE-----" as "Tomato Sauce".
  private static func subsectionTitle(_ line: String) -> String? {
    guard line.hasPrefix("MMMMM-") || line.hasPrefix("-----") else { return nil }
    let name = line.replacingOccurrences(of: "MMMMM", with: "")
      .trimmingCharacters(in: CharacterSet(charactersIn: "- \t"))
    guard !name.isEmpty else { return nil }
    return name == name.uppercased() ? name.capitalized : name
  }

  /// A line as one column, or two when a second ingredient table column starts at 41.
  private static func splitColumns(_ line: String) -> [String] {
    let characters = Array(line)
    guard characters.count > 52, characters[40] == " " || characters[39] == " " else {
      return [line]
    }
    let right = String(characters[41...])
    guard ingredient(right) != nil else { return [line] }
    return [String(characters[..<41]), right]
  }

  /// MealMaster's two-letter unit codes, as words the ingredient parser reads.
  static let units: [String: String] = [
    "x": "", "sm": "small", "md": "medium", "lg": "large", "cn": "can", "pk": "package",
    "pn": "pinch", "dr": "drop", "ds": "dash", "ct": "carton", "bn": "bunch", "sl": "slice",
    "ea": "each", "t": "tsp", "ts": "tsp", "T": "tbsp", "tb": "tbsp", "fl": "fl oz", "c": "cup",
    "pt": "pint", "qt": "quart", "ga": "gallon", "oz": "oz", "lb": "lb", "ml": "ml",
    "cb": "cubic cm",
    "cl": "cl", "dl": "dl", "l": "l", "mg": "mg", "cg": "cg", "dg": "dg", "g": "g", "kg": "kg",
  ]

  /// One column of the table: amount (7 characters), unit code (2), then the text. A text
  /// starting with "-" continues the line above. Nil when the column is not an ingredient.
  private static func ingredient(_ column: String) -> (text: String, continues: Bool)? {
    let characters = Array(column)
    guard characters.count >= 12, characters[7] == " ", characters[10] == " " else {
      return nil
    }
    let amount = String(characters[..<7]).trimmingCharacters(in: .whitespaces)
    let unitCode = String(characters[8..<10]).trimmingCharacters(in: .whitespaces)
    let text = String(characters[11...]).trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty, characters[11] != " ",
      amount.allSatisfy({ $0.isNumber || " /.-".contains($0) }),
      unitCode.isEmpty || units[unitCode] != nil
    else { return nil }
    if amount.isEmpty && unitCode.isEmpty && text.hasPrefix("-") {
      return (String(text.dropFirst()).trimmingCharacters(in: .whitespaces), true)
    }
    let unit = units[unitCode] ?? ""
    return ([amount, unit, text].filter { !$0.isEmpty }.joined(separator: " "), false)
  }

  private static func append(
    _ entry: (text: String, continues: Bool), to lines: inout [IngredientLine]
  ) {
    if entry.continues, let last = lines.popLast() {
      lines.append(IngredientLine(text: last.text + " " + entry.text))
    } else {
      lines.append(IngredientLine(text: entry.text))
    }
  }
}
