import Foundation

extension Cooklang {
  /// The largest `.cook` file read as a recipe.
  public static let maximumRecipeBytes = 4 << 20

  /// Reads a `.cook` file as one recipe item; `fileName` (without `.cook`) names the recipe when
  /// the metadata has no title, as Cooklang apps do.
  ///
  /// Ingredients are listed in the order the steps use them, with their amount, unit and
  /// preparation note; cookware and timers stay in the step text; notes (`>`) become the
  /// description. A paragraph that holds only ingredients, or one ingredient on each line with
  /// every line ending in a backslash, is an ingredient list rather than a step
  /// (``write(_:parser:)`` writes ingredients that way; see `listLines(_:)`). `servings` and
  /// `yield` together make the yield ("servings: 4", "yield: 12 tacos"). A file larger than
  /// ``maximumRecipeBytes`` fails without being parsed.
  public static func readRecipes(from text: String, fileName: String?) -> [FoundRecipe] {
    guard text.utf8.count <= maximumRecipeBytes else {
      let failure = LarderCoreError.invalidField(
        field: "file", value: "",
        reason: "is larger than \(maximumRecipeBytes >> 20) MiB; a Cooklang recipe is a few "
          + "kilobytes, so this is not one")
      return [FoundRecipe(index: 0, name: fileName, result: .failure(failure))]
    }
    let document = parse(text)
    let title = document.metadata.first { FrontMatter.normalize($0.key) == "title" }?.value.first
    let name = title ?? fileName
    return [
      FormatSupport.item(0, name: name) { warnings in
        try recipe(from: document, name: name, warnings: &warnings)
      }
    ]
  }

  /// The recipe a parsed document describes.
  static func recipe(
    from document: CooklangDocument, name: String?, warnings: inout [String]
  ) throws -> Recipe {
    guard let name, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw LarderCoreError.missingField(field: "title")
    }
    var recipe = Recipe(name: name)
    var notes: [String] = []
    var yieldTexts: [String] = []
    for key in document.metadataKeys {
      let values = document.metadata[key] ?? []
      let value = values.joined(separator: ", ")
      switch FrontMatter.normalize(key) {
      case "title": break
      case "description", "introduction", "summary": recipe.description = value
      case "author", "authors", "sourceauthor": recipe.author = value
      case "source", "sourceurl", "url", "link", "original":
        if value.hasPrefix("http") {
          recipe.sourceURL = value
        } else if recipe.author == nil {
          recipe.author = value
        }
      case "servings", "serves", "yield", "portions":
        // "servings: 10" and "yield: 1 loaf (10 slices)" together make one yield.
        yieldTexts.append(value.split(separator: "|").first.map(String.init) ?? value)
      case "preptime", "prep":
        recipe.prepTime = FormatSupport.duration(value, field: key, warnings: &warnings)
      case "cooktime", "cook":
        recipe.cookTime = FormatSupport.duration(value, field: key, warnings: &warnings)
      case "time", "totaltime", "duration", "timerequired":
        recipe.totalTime = FormatSupport.duration(value, field: key, warnings: &warnings)
      case "tags", "keywords", "tag":
        recipe.keywords += values.flatMap { $0.split(separator: ",").map(String.init) }
      case "course", "courses", "category", "categories", "meal":
        recipe.courses += values.flatMap { $0.split(separator: ",").map(String.init) }
      case "cuisine", "cuisines": recipe.cuisines += values
      case "diet", "diets": recipe.diets += values.compactMap(DietLabel.init(parsing:))
      case "image", "images", "picture", "pictures": recipe.images += values
      case "locale", "lang", "language":
        // "de", "de_DE", "German"; a language Larder does not read is left to detection.
        recipe.language = RecipeLanguage(code: value)
      default: warnings.append("metadata '\(key)' has no place in a Larder recipe; not kept")
      }
    }
    recipe.yield = RecipeYield(texts: yieldTexts)
    var ingredientSections: [IngredientSection] = []
    var instructionSections: [InstructionSection] = []
    for section in document.sections {
      var ingredients = IngredientSection(title: section.name, lines: [])
      var steps = InstructionSection(title: section.name, steps: [])
      var seenWithoutAmount: Set<String> = []
      for block in section.blocks {
        switch block {
        case .note(let text): notes.append(text)
        case .step(let items):
          if let listed = listLines(items) {
            ingredients.lines += listed.map { IngredientLine(text: $0) }
            continue
          }
          for item in items {
            guard case .ingredient(let name, let quantity, let units, let note) = item else {
              continue
            }
            if quantity == .unspecified && units.isEmpty && note == nil {
              // "@salt" used in three steps is one line in the list; a list (listLines(_:))
              // keeps every line it holds.
              guard seenWithoutAmount.insert(name.lowercased()).inserted else { continue }
            }
            ingredients.lines.append(IngredientLine(text: line(name, quantity, units, note)))
          }
          steps.steps.append(InstructionStep(text: stepText(items)))
        }
      }
      ingredientSections.append(ingredients)
      instructionSections.append(steps)
    }
    recipe.ingredientSections = ingredientSections.filter { !$0.lines.isEmpty }
    recipe.instructionSections = instructionSections.filter { !$0.steps.isEmpty }
    if !notes.isEmpty {
      let joined = notes.joined(separator: "\n\n")
      recipe.description = recipe.description.map { $0 + "\n\n" + joined } ?? joined
    }
    return recipe
  }

  /// An ingredient line from its parts: "amount unit name, note".
  static func line(
    _ name: String, _ quantity: CooklangDocument.Quantity, _ units: String, _ note: String?
  ) -> String {
    var parts: [String] = []
    if let amount = quantity.displayText { parts.append(amount) }
    if !units.isEmpty { parts.append(units) }
    parts.append(name)
    return parts.joined(separator: " ") + (note.map { ", \($0)" } ?? "")
  }

  /// Whether a paragraph is only ingredients, one per line (or at least two with nothing but
  /// spaces between them): an ingredient list, not a step.
  static func isIngredientList(_ items: [CooklangDocument.Item]) -> Bool {
    var ingredients = 0
    var lineBreaks = 0
    for item in items {
      switch item {
      case .ingredient: ingredients += 1
      case .text(let text):
        guard text.allSatisfy(\.isWhitespace) else { return false }
        lineBreaks += text.filter { $0 == "\n" }.count
      default: return false
      }
    }
    return ingredients >= 2 || (ingredients == 1 && lineBreaks > 0)
  }

  /// A step as a cook reads it: ingredient and cookware names in place, timers as durations.
  static func stepText(_ items: [CooklangDocument.Item]) -> String {
    var text = ""
    for item in items {
      switch item {
      case .text(let value): text += value
      case .ingredient(let name, _, _, _): text += name
      case .cookware(let name, _): text += name
      case .timer(let name, let quantity, let units):
        let amount = [quantity.displayText, units.isEmpty ? nil : units].compactMap { $0 }
          .joined(separator: " ")
        text += amount.isEmpty ? name : amount
      }
    }
    return text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }

  // MARK: - Writing

  /// The recipe as a `.cook` file: metadata in front matter, each ingredient section as a list
  /// of ingredient lines, then the steps as paragraphs.
  ///
  /// Each ingredient line is written from its parse by `parser`, so that Cooklang readers see
  /// the food, amount and unit Larder sees, and Larder reads every line back verbatim:
  /// "100 g cold unsalted butter, diced" becomes `@cold unsalted butter{100%g}(diced)` and
  /// "1 (14 oz) can chickpeas" `1 (14 oz) can @chickpeas{1%can}` (see
  /// `Cooklang+Ingredients.swift`). Characters that are Cooklang markup inside text (`@`, `#`,
  /// `~` before a word, `--`, `[-`) are written so that they stay text.
  public static func write(
    _ recipe: Recipe, parser: IngredientParser = IngredientParser()
  ) -> String {
    var front: [String] = ["---", "title: \(oneLine(recipe.name))"]
    func add(_ key: String, _ value: String?) {
      if let value, !value.isEmpty { front.append("\(key): \(oneLine(value))") }
    }
    add("description", recipe.description)
    add("author", recipe.author)
    add("source", recipe.sourceURL)
    // Cooklang apps scale by a number of servings; the wording ("12 tacos") goes beside it.
    let servings = recipe.yield?.servings.map { CooklangNumber.format($0) }
    add("servings", servings ?? recipe.yield?.text)
    if servings != nil, let text = recipe.yield?.text, text != servings { add("yield", text) }
    add("prep time", recipe.prepTime?.description)
    add("cook time", recipe.cookTime?.description)
    add("time", recipe.totalTime?.description)
    // The language the lines are read in, as Cooklang names it; an English recipe only when it
    // was set so, as nothing else would tell a reader.
    let language = LanguageDetector.language(of: recipe)
    if recipe.language != nil || language != .english { add("locale", language.rawValue) }
    for (key, values) in [
      ("tags", recipe.keywords), ("course", recipe.courses), ("cuisine", recipe.cuisines),
      ("image", recipe.images),
    ] where !values.isEmpty {
      front.append("\(key):")
      front += values.map { "  - \(oneLine($0))" }
    }
    front.append("---")
    var body: [String] = []
    var currentTitle: String?
    func startSection(_ title: String?) {
      guard title != currentTitle else { return }
      // A bare "=" ends a titled section, so untitled steps after it stay untitled. A title
      // holding "[-" or "--" would open a comment that hides the lines after it.
      body.append(title.map { "= \(commentFree(oneLine($0)))" } ?? "=")
      currentTitle = title
    }
    for section in recipe.ingredientSections {
      startSection(section.title)
      // Every line ends in a backslash (a line break within the paragraph), which marks the
      // paragraph as an ingredient list rather than a step when it is read back.
      body.append(
        section.lines.map { ingredientMarkup($0, parser: parser, language: language) + "\\" }
          .joined(separator: "\n"))
    }
    for section in recipe.instructionSections {
      startSection(section.title)
      body += section.steps.map { escapedText($0.text) }
    }
    return front.joined(separator: "\n") + "\n\n" + body.joined(separator: "\n\n") + "\n"
  }

  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }

  /// A line written whole as an ingredient's name, its markup characters made harmless.
  static func ingredientName(_ text: String) -> String {
    var name = oneLine(text).trimmingCharacters(in: .whitespaces)
    // A backslash escapes what follows it, so it is written as an escaped backslash.
    for (markup, plain) in [
      ("\\", "\\\\"), ("{", "("), ("}", ")"), ("@", "at "), ("#", "no. "), ("~", "about "),
      ("--", "–"), ("[-", "[ -"),
    ] {
      name = name.replacingOccurrences(of: markup, with: plain)
    }
    if name.hasPrefix("=") || name.hasPrefix(">") { name = "(" + name + ")" }
    return name.isEmpty ? "?" : name
  }

  /// `text` without the two ways a comment starts: "--" becomes a dash, "[-" "[ -".
  private static func commentFree(_ text: String) -> String {
    text.replacingOccurrences(of: "--", with: "–").replacingOccurrences(of: "[-", with: "[ -")
  }

  private static func escapedText(_ text: String) -> String {
    // A backslash escapes what follows it, so it is written as an escaped backslash.
    var result = commentFree(oneLine(text)).replacingOccurrences(of: "\\", with: "\\\\")
    for sigil in ["@", "#", "~"] {
      // A sigil followed by a space is text ("Message @ example").
      result = result.replacingOccurrences(of: sigil, with: sigil + " ")
        .replacingOccurrences(of: sigil + "  ", with: sigil + " ")
    }
    if let first = result.first, first == "=" || first == ">" { result = "(" + result + ")" }
    return result
  }
}

/// Numbers as Cooklang and Markdown write them: whole numbers without ".0".
enum CooklangNumber {
  static func format(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
