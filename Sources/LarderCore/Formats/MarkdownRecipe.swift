import Foundation

/// Reads recipes written as plain Markdown, one file each (a folder or zip of them is a
/// library): optional YAML front matter, a `# Title`, an `## Ingredients` list and an
/// `## Instructions` (or `Method`, `Steps`, `Directions`, `Preparation`) list, numbered or
/// bulleted. `###` headings inside those sections name groups; any other section is kept in
/// the notes under its heading.
///
/// Larder's own Markdown export (``MarkdownWriter``) reads back: its line of facts
/// (`**Serves:** 4 · **Prep:** 15 min`), its line of tags in italics and its closing
/// `By author · <url>` line are understood. A document with several `# ` titles and no front
/// matter holds several recipes, each an item of its own.
public enum MarkdownRecipe {
  /// Whether Markdown text looks like a recipe: an `## Ingredients` heading (or a front matter
  /// `ingredients` list).
  public static func isMarkdownRecipe(_ text: String) -> Bool {
    let sample = String(text.prefix(65_536))
    return sample.split(whereSeparator: \.isNewline).contains { line in
      heading(line).map { $0.level == 2 && kind(of: $0.text) == .ingredients } ?? false
    }
  }

  /// Reads the recipes in one Markdown document.
  public static func readRecipes(from text: String) -> [FoundRecipe] {
    let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
    let front = FrontMatter(splitting: normalized)
    let lines = front.body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Without front matter, each `# ` title starts a recipe; with it, the file is one recipe.
    var chunks: [[String]] = [[]]
    for line in lines {
      if front.fields.isEmpty, heading(line)?.level == 1,
        chunks[chunks.count - 1].contains(
          where: { heading($0)?.level == 1 })
      {
        // Larder's export separates recipes with a rule; it belongs to neither.
        if chunks[chunks.count - 1].last(where: { !$0.isBlank }) == "---" {
          if let rule = chunks[chunks.count - 1].lastIndex(of: "---") {
            chunks[chunks.count - 1].remove(at: rule)
          }
        }
        chunks.append([])
      }
      chunks[chunks.count - 1].append(line)
    }
    return chunks.enumerated().map { index, chunk in
      let title =
        chunk.lazy.compactMap { heading($0) }.first { $0.level == 1 }?.text
        ?? (index == 0 ? front.value("title", "name") : nil)
      return FormatSupport.item(index, name: title.map(unescape)) { warnings in
        try recipe(chunk, front: index == 0 ? front : nil, index: index, warnings: &warnings)
      }
    }
  }

  enum SectionKind { case ingredients, instructions, notes, other }

  static func kind(of heading: String) -> SectionKind {
    let word = heading.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: " :*"))
    switch word {
    case "ingredients", "ingredient list", "you will need", "what you need": return .ingredients
    case "instructions", "method", "steps", "directions", "preparation", "how to make it":
      return .instructions
    case "notes", "note", "tips": return .notes
    default: return .other
    }
  }

  /// A heading's level and text ("## Ingredients" → 2, "Ingredients").
  static func heading<S: StringProtocol>(_ line: S) -> (level: Int, text: String)? {
    let level = line.prefix { $0 == "#" }.count
    guard (1...6).contains(level), line.dropFirst(level).first == " " else { return nil }
    let text = line.dropFirst(level).trimmingCharacters(in: .whitespaces)
    return text.isEmpty ? nil : (level, text)
  }

  private static func recipe(
    _ lines: [String], front: FrontMatter?, index: Int, warnings: inout [String]
  ) throws -> Recipe {
    let title =
      lines.lazy.compactMap { heading($0) }.first { $0.level == 1 }.map { unescape($0.text) }
      ?? front?.value("title", "name")
    guard let title, !title.isEmpty else {
      throw LarderCoreError.missingField(field: "# Title heading", item: index)
    }
    var recipe = Recipe(name: title)
    var section: SectionKind?
    var sectionHeading = ""
    var groupTitle: String?
    var intro: [String] = []
    var ingredientSections: [IngredientSection] = []
    var instructionSections: [InstructionSection] = []
    var notes: [String] = []
    var otherText: [String] = []
    var afterRule = false

    func flushOther() {
      let text = otherText.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
      if !text.isEmpty {
        notes.append(section == .notes ? text : "\(sectionHeading)\n\(text)")
      }
      otherText = []
    }

    for line in lines {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if let found = heading(trimmed) {
        if found.level == 1 { continue }
        if found.level == 2 {
          flushOther()
          section = kind(of: found.text)
          sectionHeading = unescape(found.text)
          groupTitle = nil
          afterRule = false
          continue
        }
        if section == .ingredients || section == .instructions {
          groupTitle = unescape(found.text)
          continue
        }
      }
      if trimmed == "---" || trimmed == "***" {
        afterRule = true
        continue
      }
      switch section {
      case nil:
        if !trimmed.isEmpty { intro.append(trimmed) }
      case .ingredients?:
        guard let item = listItem(trimmed) else {
          if !trimmed.isEmpty && !afterRule {
            warnings.append(
              "'## \(sectionHeading)': '\(trimmed.prefix(40))' is not a list item; kept in the notes"
            )
            notes.append(trimmed)
          }
          continue
        }
        if ingredientSections.last?.title != groupTitle || ingredientSections.isEmpty {
          ingredientSections.append(IngredientSection(title: groupTitle, lines: []))
        }
        ingredientSections[ingredientSections.count - 1].lines.append(IngredientLine(text: item))
      case .instructions?:
        guard !trimmed.isEmpty, !afterRule else { continue }
        var text = listItem(trimmed) ?? unescape(trimmed)
        var name: String?
        // Larder's export writes a named step as "**Name.** text".
        if text.hasPrefix("**"), let close = text.dropFirst(2).range(of: "**") {
          name = String(text[text.index(text.startIndex, offsetBy: 2)..<close.lowerBound])
            .trimmingCharacters(in: CharacterSet(charactersIn: ". "))
          text = text[close.upperBound...].trimmingCharacters(in: .whitespaces)
        }
        if instructionSections.last?.title != groupTitle || instructionSections.isEmpty {
          instructionSections.append(InstructionSection(title: groupTitle, steps: []))
        }
        instructionSections[instructionSections.count - 1].steps.append(
          InstructionStep(text: text, name: name))
      case .notes?, .other?:
        if afterRule { intro.append(trimmed) } else { otherText.append(line) }
      }
    }
    flushOther()
    readIntro(intro, into: &recipe)
    recipe.ingredientSections = ingredientSections.filter { !$0.lines.isEmpty }
    recipe.instructionSections = instructionSections.filter { !$0.steps.isEmpty }
    if let front { readFrontMatter(front, into: &recipe, warnings: &warnings) }
    if recipe.ingredientSections.isEmpty {
      throw LarderCoreError.missingField(field: "## Ingredients list", item: index)
    }
    recipe.notes = notes.isEmpty ? recipe.notes : notes.joined(separator: "\n\n")
    return recipe
  }

  /// The text between the title and the first section, and the closing source line: the
  /// description, Larder's line of facts, its tags and `By author · <url>`.
  private static func readIntro(_ lines: [String], into recipe: inout Recipe) {
    var description: [String] = []
    for line in lines where !line.isEmpty {
      if line.hasPrefix("**"), line.contains(":**") {
        for fact in line.components(separatedBy: " · ") {
          let parts = fact.components(separatedBy: ":**")
          guard parts.count == 2 else { continue }
          let label = parts[0].replacingOccurrences(of: "**", with: "").lowercased()
          let value = parts[1].trimmingCharacters(in: .whitespaces)
          switch label {
          case "serves", "yield", "makes": recipe.yield = RecipeYield(texts: [value])
          case "prep": recipe.prepTime = RecipeDuration.parse(value)
          case "cook": recipe.cookTime = RecipeDuration.parse(value)
          case "total": recipe.totalTime = RecipeDuration.parse(value)
          default: break
          }
        }
      } else if line.count > 2, line.hasPrefix("*"), line.hasSuffix("*"), !line.hasPrefix("**") {
        recipe.keywords += splitTags(String(line.dropFirst().dropLast()))
      } else if line.hasPrefix("By ") || line.hasPrefix("<http") {
        for part in line.components(separatedBy: " · ") {
          if part.hasPrefix("<"), part.hasSuffix(">") {
            recipe.sourceURL = String(part.dropFirst().dropLast())
          } else if part.hasPrefix("By ") {
            recipe.author = unescape(String(part.dropFirst(3)))
          }
        }
      } else {
        description.append(line)
      }
    }
    if !description.isEmpty { recipe.description = description.joined(separator: "\n") }
  }

  private static func readFrontMatter(
    _ front: FrontMatter, into recipe: inout Recipe, warnings: inout [String]
  ) {
    let tags = front.values("tags", "keywords").flatMap(splitTags)
    if !tags.isEmpty { recipe.keywords = tags }
    let courses = front.values("categories", "category", "course").flatMap(splitTags)
    if !courses.isEmpty { recipe.courses = courses }
    let cuisines = front.values("cuisine").flatMap(splitTags)
    if !cuisines.isEmpty { recipe.cuisines = cuisines }
    if let yield = RecipeYield(texts: front.values("yield", "servings", "serves")) {
      recipe.yield = yield
    }
    for (keys, path) in [
      (["prep", "prep_time", "preptime"], \Recipe.prepTime),
      (["cook", "cook_time", "cooktime"], \Recipe.cookTime),
      (["total", "total_time", "totaltime"], \Recipe.totalTime),
    ] {
      guard let text = keys.lazy.compactMap({ front.value($0) }).first else { continue }
      if let duration = RecipeDuration.parse(text) {
        recipe[keyPath: path] = duration
      } else {
        warnings.append("front matter '\(keys[0])': '\(text.prefix(40))' is not a time; left empty")
      }
    }
    if let source = front.value("source", "url", "link") {
      if source.hasPrefix("http://") || source.hasPrefix("https://") {
        recipe.sourceURL = source
      } else if recipe.author == nil {
        recipe.author = source
      }
    }
    if let author = front.value("author") { recipe.author = author }
    if let description = front.value("description") { recipe.description = description }
    if let image = front.value("image") {
      if image.hasPrefix("http://") || image.hasPrefix("https://") {
        recipe.images = [image]
      } else {
        warnings.append(
          "front matter 'image': '\(image)' is a file beside the recipe; not imported")
      }
    }
  }

  /// The text of a list item ("- 2 eggs", "* 2 eggs", "3. Beat them", "3) Beat them"), or nil.
  static func listItem(_ line: String) -> String? {
    for marker in ["- ", "* ", "+ "] where line.hasPrefix(marker) {
      let text = line.dropFirst(marker.count).trimmingCharacters(in: .whitespaces)
      // A task list's "[ ] " or "[x] " box is not part of the ingredient.
      let unboxed =
        text.hasPrefix("[ ] ") || text.lowercased().hasPrefix("[x] ")
        ? String(text.dropFirst(4)) : text
      return unboxed.isEmpty ? nil : unescape(unboxed)
    }
    let digits = line.prefix { $0.isNumber }
    guard !digits.isEmpty, digits.count <= 3 else { return nil }
    let rest = line.dropFirst(digits.count)
    guard rest.hasPrefix(". ") || rest.hasPrefix(") ") else { return nil }
    let text = rest.dropFirst(2).trimmingCharacters(in: .whitespaces)
    return text.isEmpty ? nil : unescape(text)
  }

  private static func splitTags(_ text: String) -> [String] {
    text.split(separator: ",").map { unescape($0.trimmingCharacters(in: .whitespaces)) }
      .filter { !$0.isEmpty }
  }

  /// Removes the backslashes Markdown escapes punctuation with (`\*` → `*`).
  static func unescape(_ text: String) -> String {
    var result = ""
    var escaped = false
    for character in text {
      if !escaped, character == "\\" {
        escaped = true
        continue
      }
      if escaped, !character.isPunctuation && !character.isSymbol { result.append("\\") }
      escaped = false
      result.append(character)
    }
    if escaped { result.append("\\") }
    return result
  }
}

extension String {
  fileprivate var isBlank: Bool { trimmingCharacters(in: .whitespaces).isEmpty }
}
