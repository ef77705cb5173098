import Foundation

/// Reads and writes schema.org/Recipe in JSON-LD.
///
/// Reading accepts what real sites publish: a single object, arrays, `@graph`, recipes nested
/// inside other objects, types given as arrays or full URLs, `HowToSection`/`HowToStep`,
/// ISO-8601 and free-form durations, image objects, every `recipeYield` shape, ratings,
/// nutrition, and HTML inside strings.
public enum SchemaOrg {
  /// How deep the reader looks for recipes inside nested JSON before giving up.
  public static let maximumDepth = 64

  /// Finds and reads every Recipe in a JSON-LD document.
  ///
  /// Throws ``LarderCoreError/invalidJSON(detail:)`` for a document that is not JSON and
  /// ``LarderCoreError/noRecipeFound`` when it holds no Recipe; a recipe that cannot be read is
  /// reported in its item without affecting the others.
  public static func readRecipes(from data: Data) throws -> [FoundRecipe] {
    let json = try FormatSupport.jsonObject(data)
    var objects: [[String: Any]] = []
    collectRecipes(in: json, depth: 0, into: &objects)
    guard !objects.isEmpty else { throw LarderCoreError.noRecipeFound }
    let items = objects.enumerated().map { index, object in
      let name = (object["name"] as? String).map { PlainText.clean($0) }
      var warnings: [String] = []
      do {
        let recipe = try readRecipe(object, warnings: &warnings)
        return FoundRecipe(index: index, name: name, result: .success(recipe), warnings: warnings)
      } catch let error as LarderCoreError {
        return FoundRecipe(index: index, name: name, result: .failure(error), warnings: warnings)
      } catch {
        let failure = LarderCoreError.invalidJSON(detail: String(describing: error))
        return FoundRecipe(
          index: index, name: name, result: .failure(failure), warnings: warnings)
      }
    }
    // Larder's own export names each recipe's ID: two IDs are two recipes of the library.
    let libraryIDs = objects.map { ($0["larder"] as? [String: Any])?["id"] as? String }
    return mergingSameRecipes(items, libraryIDs: libraryIDs)
  }

  /// The items with every node that reads as the same recipe as an earlier one (see
  /// ``Recipe/isSameRecipe(as:)``) merged into it, renumbered in order.
  ///
  /// Pages often describe one recipe twice, the second node empty or partial; imported as
  /// two items, the second would update the first and empty what it had. Nodes of the same
  /// name whose ingredients or steps differ stay apart: a library export may hold two
  /// different recipes of one name.
  ///
  /// `libraryIDs` holds, for each item that has one, the ID Larder's export gave it; items of
  /// different IDs are different recipes of one library and never merge.
  ///
  /// A page's reader merges more freely (`RecipePageExtractor.oneRecipePerName` in
  /// LarderImport: every node of one name); a fix to how nodes merge may belong in both.
  static func mergingSameRecipes(
    _ items: [FoundRecipe], libraryIDs: [String?] = []
  ) -> [FoundRecipe] {
    func libraryID(_ item: FoundRecipe) -> String? {
      libraryIDs.indices.contains(item.index) ? libraryIDs[item.index] : nil
    }
    var kept: [FoundRecipe] = []
    // Positions in `kept` by comparable name, so a library of 100,000 recipes compares each
    // only with those of its name, and at most `candidateLimit` of them.
    var byName: [String: [Int]] = [:]
    let candidateLimit = 16
    for item in items {
      guard case .success(let recipe) = item.result else {
        kept.append(item)
        continue
      }
      let key = Recipe.comparableName(recipe.name)
      let candidates = byName[key, default: []]
      guard
        let target = candidates.prefix(candidateLimit).first(where: { position in
          guard case .success(let other) = kept[position].result else { return false }
          if let mine = libraryID(item), let theirs = libraryID(kept[position]), mine != theirs {
            return false
          }
          return other.isSameRecipe(as: recipe)
        }),
        case .success(var merged) = kept[target].result
      else {
        byName[key, default: []].append(kept.count)
        kept.append(item)
        continue
      }
      let filled = merged.fillEmptyFields(from: recipe)
      kept[target].result = .success(merged)
      let gave =
        filled.isEmpty ? "" : " (it gave: \(filled.map(\.rawValue).joined(separator: ", ")))"
      kept[target].warnings += item.warnings.map { "node \(item.index + 1): \($0)" }
      kept[target].warnings.append(
        "node \(item.index + 1) is the same recipe, '\(recipe.name)': merged into this one\(gave)")
    }
    for position in kept.indices { kept[position].index = position }
    return kept
  }

  /// Reads one schema.org Recipe object; `warnings` collects fields that were left empty.
  package static func readRecipe(_ object: [String: Any], warnings: inout [String]) throws -> Recipe
  {
    guard let rawName = string(object["name"] ?? object["headline"]),
      !PlainText.clean(rawName).isEmpty
    else { throw LarderCoreError.missingField(field: "name") }
    var recipe = Recipe(name: PlainText.clean(rawName))
    recipe.description = string(object["description"]).map { PlainText.clean($0) }
    recipe.author = names(object["author"])
    recipe.sourceURL = string(object["url"]).flatMap { $0.hasPrefix("http") ? $0 : nil }
    // Only an absolute @id identifies a recipe beyond its document: "#recipe" or a blank node
    // "_:b0" on two different sites would otherwise make one import overwrite the other.
    recipe.sourceID = string(object["@id"]).flatMap {
      $0.contains(":") && !$0.hasPrefix("_:") ? $0 : nil
    }
    recipe.images = images(object["image"] ?? object["thumbnailUrl"])
    recipe.yield = RecipeYield(texts: texts(object["recipeYield"] ?? object["yield"]))
    for (key, path) in [
      ("prepTime", \Recipe.prepTime), ("cookTime", \Recipe.cookTime),
      ("totalTime", \Recipe.totalTime),
    ] {
      guard let value = object[key], !(value is NSNull) else { continue }
      if let minutes = value as? NSNumber, !isBoolean(minutes) {
        recipe[keyPath: path] = RecipeDuration(seconds: Int(minutes.doubleValue * 60))
      } else if let text = string(value), !text.isEmpty {
        if let duration = RecipeDuration.parse(text) {
          recipe[keyPath: path] = duration
        } else {
          warnings.append("field '\(key)': '\(text.prefix(60))' is not a duration; left empty")
        }
      }
    }
    // One string may hold the whole list, one line each; in a list of several strings each is
    // one ingredient, even when a site wraps part of it in <p> ("2 lb. <p>asparagus</p>"),
    // unless it holds real line breaks.
    let ingredientValue = object["recipeIngredient"] ?? object["ingredients"]
    if let list = ingredientValue as? [Any], list.count > 1 || list.first is [String: Any] {
      recipe.ingredientSections = ingredientSections(list.flatMap(ingredientTexts))
    } else {
      recipe.ingredientSections = ingredientSections(texts(ingredientValue, splitLines: true))
    }
    recipe.instructionSections = instructionSections(object["recipeInstructions"])
    recipe.keywords = texts(object["keywords"], splitCommas: true)
    recipe.courses = texts(object["recipeCategory"], splitCommas: true)
    recipe.cuisines = texts(object["recipeCuisine"], splitCommas: true)
    recipe.language =
      texts(object["inLanguage"]).lazy.compactMap(RecipeLanguage.init(code:))
      .first
    recipe.diets = texts(object["suitableForDiet"]).compactMap(DietLabel.init(parsing:))
    recipe.nutrition = nutrition(object["nutrition"])
    recipe.sourceRating = rating(object["aggregateRating"])
    if let larder = object["larder"] as? [String: Any] {
      readLarderExtension(larder, into: &recipe, warnings: &warnings)
    }
    return try recipe.validated()
  }

  // MARK: - Finding recipes

  /// Every schema.org Recipe object inside already-parsed JSON-LD (a `JSONSerialization`
  /// value): in arrays, `@graph` and other objects, to ``maximumDepth`` levels.
  ///
  /// Lets a caller that found JSON-LD itself (in an HTML page, say) fill in what a page left
  /// out, such as a missing name, before calling ``readRecipe(_:warnings:)``.
  package static func recipeObjects(in json: Any) -> [[String: Any]] {
    var objects: [[String: Any]] = []
    collectRecipes(in: json, depth: 0, into: &objects)
    return objects
  }

  private static func collectRecipes(in value: Any, depth: Int, into found: inout [[String: Any]]) {
    guard depth < maximumDepth else { return }
    if let array = value as? [Any] {
      for element in array { collectRecipes(in: element, depth: depth + 1, into: &found) }
    } else if let object = value as? [String: Any] {
      if types(of: object).contains("Recipe") {
        found.append(object)
        return
      }
      // Look in @graph first, then in any other value (mainEntity, itemListElement, ...).
      if let graph = object["@graph"] {
        collectRecipes(in: graph, depth: depth + 1, into: &found)
      }
      for (key, child) in object.sorted(by: { $0.key < $1.key }) where key != "@graph" {
        if child is [Any] || child is [String: Any] {
          collectRecipes(in: child, depth: depth + 1, into: &found)
        }
      }
    }
  }

  /// The object's `@type` values with any schema.org prefix removed.
  static func types(of object: [String: Any]) -> [String] {
    texts(object["@type"]).map { type in
      var name = type
      for prefix in ["http://schema.org/", "https://schema.org/", "schema:"]
      where name.hasPrefix(prefix) {
        name = String(name.dropFirst(prefix.count))
      }
      return name
    }
  }

  // MARK: - Field readers

  private static func isBoolean(_ number: NSNumber) -> Bool {
    // CFBoolean and Swift Bool bridge to NSNumber; their objCType is "c".
    String(cString: number.objCType) == "c"
      && (number == true as NSNumber || number == false as NSNumber)
  }

  static func string(_ value: Any?) -> String? {
    switch value {
    case let text as String: return text.trimmingCharacters(in: .whitespacesAndNewlines)
    case let number as NSNumber where !isBoolean(number): return number.stringValue
    case let array as [Any]: return array.lazy.compactMap { string($0) }.first
    case let object as [String: Any]: return string(object["@value"] ?? object["name"])
    default: return nil
    }
  }

  /// Reads a value that may be a string, a number, an array of them or objects with a name.
  static func texts(_ value: Any?, splitCommas: Bool = false, splitLines: Bool = false) -> [String]
  {
    var result: [String] = []
    func add(_ text: String) {
      var pieces = [PlainText.clean(text, keepLines: splitLines)]
      if splitLines { pieces = pieces.flatMap { $0.components(separatedBy: "\n") } }
      if splitCommas { pieces = pieces.flatMap { $0.components(separatedBy: ",") } }
      result += pieces.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
    switch value {
    case let text as String: add(text)
    case let number as NSNumber where !isBoolean(number): add(number.stringValue)
    case let array as [Any]:
      for element in array {
        result += texts(element, splitCommas: splitCommas, splitLines: splitLines)
      }
    case let object as [String: Any]:
      if let text = string(object["@value"] ?? object["name"] ?? object["text"]) { add(text) }
    default: break
    }
    return result
  }

  private static func names(_ value: Any?) -> String? {
    let all = texts(value)
    return all.isEmpty ? nil : all.joined(separator: ", ")
  }

  private static func images(_ value: Any?) -> [String] {
    switch value {
    case let text as String:
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      return trimmed.isEmpty ? [] : [trimmed]
    case let array as [Any]: return array.flatMap { images($0) }
    case let object as [String: Any]:
      return images(object["url"] ?? object["contentUrl"] ?? object["@id"])
    default: return []
    }
  }

  /// The lines of one element of a `recipeIngredient` list: a string's lines, or a group
  /// written as an object (`{"@type": "HowToSection", "name": "Glaze", "itemListElement":
  /// [...]}`, some plugins' shape) as its heading "Glaze:" and its lines.
  private static func ingredientTexts(_ element: Any) -> [String] {
    if let text = element as? String {
      return text.components(separatedBy: .newlines).flatMap { texts($0) }
    }
    if let group = element as? [String: Any],
      let members = group["itemListElement"] ?? group["recipeIngredient"] ?? group["ingredients"],
      members is [Any]
    {
      let heading = string(group["name"]).map { PlainText.clean($0) }.map { [$0 + ":"] } ?? []
      return heading.filter { $0.count > 1 } + (members as? [Any] ?? []).flatMap(ingredientTexts)
    }
    return texts(element)
  }

  /// Splits ingredient lines into sections at header lines such as "For the sauce:", and at
  /// bare group names ("Topping", "Für den Teig", "Garniture") that the list's shape shows to
  /// be headings (see ``groupHeadings(in:)``).
  static func ingredientSections(_ lines: [String]) -> [IngredientSection] {
    var sections: [IngredientSection] = []
    var current = IngredientSection(lines: [])
    let headings = groupHeadings(in: lines)
    for (index, line) in lines.enumerated() {
      if headings.contains(index) {
        if !current.lines.isEmpty || current.title != nil { sections.append(current) }
        current = IngredientSection(
          title: line.trimmingCharacters(in: .whitespaces.union([":"])), lines: [])
      } else {
        current.lines.append(IngredientLine(text: line))
      }
    }
    if !current.lines.isEmpty { sections.append(current) }
    return sections.filter { !$0.lines.isEmpty }
  }

  /// The positions of the group headings in a list of ingredient lines: every line
  /// ``isGroupHeading(_:)`` names, and bare group names without a colon ("Topping", "Base",
  /// "Garniture", "Belag").
  ///
  /// A bare name is a short line (up to four words) with no number or punctuation that opens
  /// a run of measured lines: the next line starts with an amount. Alone that also fits a line
  /// such as "Salt" before "200 g flour", so it must look like one of a set of groups as well:
  /// it names no food Larder knows in any language it reads, other than the parts a cook makes
  /// for a dish ("Dough", "Vulling", "Glasur"), and is the list's first line or not its only
  /// heading; or, naming another food, it is the first line and another heading follows.
  /// Generic rules only: no site's markup is named.
  package static func groupHeadings(in lines: [String]) -> Set<Int> {
    var headings = Set(lines.indices.filter { isGroupHeading(lines[$0]) })
    let candidates = lines.indices.filter { index in
      index + 1 < lines.count && !headings.contains(index) && isBareGroupName(lines[index])
        && startsWithAmount(lines[index + 1])
    }
    guard !candidates.isEmpty else { return headings }
    let known = headings
    for index in candidates {
      let others = !known.subtracting([index]).isEmpty || candidates.contains { $0 != index }
      let isFood = namesFood(lines[index])
      if (!isFood && (index == 0 || others)) || (isFood && index == 0 && others) {
        headings.insert(index)
      }
    }
    return headings
  }

  /// A line shaped as a group's name: one to four words, a letter first (upper case), no
  /// digits, and none of the punctuation an ingredient line carries.
  private static func isBareGroupName(_ line: String) -> Bool {
    let text = line.trimmingCharacters(in: .whitespaces)
    guard let first = text.first, first.isLetter, first.isUppercase, text.count <= 40,
      !text.contains(where: { $0.isNumber || ",;()[]./%½⅓⅔¼¾⅛&+".contains($0) })
    else { return false }
    let words = text.split(separator: " ")
    // "Salt and pepper", "Fleur de sel": words joined are foods, not a group's name.
    return (1...4).contains(words.count)
      && (words.count == 1 || !words.contains { joiningWords.contains($0.lowercased()) })
  }

  /// Words that join foods or qualify one, in the languages Larder reads.
  private static let joiningWords: Set<String> = [
    "and", "or", "of", "with", "und", "oder", "mit", "et", "ou", "de", "y", "e", "o", "di",
    "en", "i", "z", "med",
  ]

  /// Whether a line starts with a number or a fraction: a measured ingredient.
  private static func startsWithAmount(_ line: String) -> Bool {
    guard let first = line.trimmingCharacters(in: .whitespaces).first else { return false }
    return first.isNumber || "½⅓⅔¼¾⅛".contains(first)
  }

  /// Whether the bundled foods know `line` as a food, in English or any language Larder reads;
  /// the parts a cook makes for a dish ("Teig", "Vulling", "Glasur": dough, filling, frosting)
  /// name groups as often as they name foods, and do not count.
  private static func namesFood(_ line: String) -> Bool {
    var foods: [String] = []
    if let found = FoodCatalog.bundled.match(line)?.foodID { foods.append(found) }
    for language in RecipeLanguage.allCases where language != .english {
      if let found = FoodNames.bundled.match(line, language: language) { foods.append(found) }
    }
    return foods.contains { !dishParts.contains($0) }
  }

  /// Foods that are parts a cook makes for a dish, which group headings are named after.
  private static let dishParts: Set<String> = [
    "dough", "pizza-dough", "pastry", "pie-crust", "puff-pastry", "stuffing-mix", "sauce",
    "frosting", "cake",
  ]

  /// Whether a line of an ingredient list is the heading of a group of them: "For the
  /// sauce:", "Topping:", "For 2 layers:", a short line ending in a colon that does not start
  /// with an amount; or, without the colon, a few words with no number that open as a
  /// heading does in the languages Larder reads ("For the streusel", "Für den Teig", "Pour la
  /// garniture", "Na ciasto").
  package static func isGroupHeading(_ line: String) -> Bool {
    let line = line.trimmingCharacters(in: .whitespaces)
    guard line.count > 1, line.count <= 60, let first = line.first,
      !first.isNumber, !"½⅓⅔¼¾⅛".contains(first)
    else { return false }
    if line.hasSuffix(":") { return true }
    guard !line.contains(where: \.isNumber), !line.contains(","),
      line.split(separator: " ").count <= 6
    else { return false }
    let folded = line.lowercased()
    return headingOpeners.contains { folded.hasPrefix($0) && folded.count > $0.count }
  }

  /// How a group heading without a colon opens, in the languages Larder reads.
  private static let headingOpeners = [
    "for the ", "für den ", "für die ", "für das ", "pour la ", "pour le ", "pour les ",
    "pour l'", "para el ", "para la ", "para los ", "para las ", "para o ", "para a ",
    "para os ", "para as ", "per il ", "per la ", "per lo ", "per le ", "per i ", "per gli ",
    "voor de ", "voor het ", "till ", "til ", "na ",
  ]

  static func instructionSections(_ value: Any?) -> [InstructionSection] {
    var sections: [InstructionSection] = []
    var loose = InstructionSection(steps: [])
    func flushLoose() {
      if !loose.steps.isEmpty { sections.append(loose) }
      loose = InstructionSection(steps: [])
    }
    func visit(_ value: Any?, depth: Int) {
      guard depth < 16 else { return }
      switch value {
      case let text as String:
        for paragraph in PlainText.clean(text, keepLines: true).components(separatedBy: "\n") {
          let step = stripNumbering(paragraph)
          if !step.isEmpty { loose.steps.append(InstructionStep(text: step)) }
        }
      case let array as [Any]:
        for element in array { visit(element, depth: depth + 1) }
      case let object as [String: Any]:
        let types = types(of: object)
        if types.contains("HowToSection") {
          flushLoose()
          let title = string(object["name"]).map { PlainText.clean($0) }
          visit(object["itemListElement"] ?? object["steps"], depth: depth + 1)
          loose.title = title
          if loose.steps.isEmpty && title != nil {
            loose.steps = []
          }
          flushLoose()
        } else if let text = string(object["text"]),
          text.range(of: "<li", options: .caseInsensitive) != nil
        {
          // One step holding the whole method as an HTML list: each item is a step.
          visit(text, depth: depth + 1)
        } else if let text = string(object["text"]), !text.isEmpty {
          let name = string(object["name"]).map { PlainText.clean($0) }
          let cleaned = stripNumbering(PlainText.clean(text))
          if !cleaned.isEmpty {
            // Many sites repeat the text as the name; keep a name only when it adds something.
            let usefulName = name.flatMap {
              cleaned.hasPrefix($0) || $0.hasSuffix("...") || withoutStepNumber($0).isEmpty
                ? nil : $0
            }
            loose.steps.append(InstructionStep(text: cleaned, name: usefulName))
          }
        } else if let list = object["itemListElement"] {
          visit(list, depth: depth + 1)
        } else if let name = string(object["name"]) {
          visit(name, depth: depth + 1)
        }
      default:
        break
      }
    }
    visit(value, depth: 0)
    flushLoose()
    return sections
  }

  private static func stripNumbering(_ text: String) -> String { withoutStepNumber(text) }

  /// The words pages put before a step's number: "Step 3", "Schritt 3", "Étape 3", ...
  private static let stepWords = [
    "step", "schritt", "stap", "étape", "etape", "paso", "passo", "passaggio", "pas", "pasul",
    "etapa", "trinn",
    "krok", "korak", "steg", "trin", "vaihe", "lépés", "adım", "шаг", "крок", "βήμα",
  ]

  /// A step without the numbering pages write into its text: "Step 3:", "Stap 3", "Schritt
  /// 3.", "Étape 3 :", "Paso 3 -", "3.", "3)"; a line that is nothing but a number or a step
  /// label ("Step 3", a counter drawn beside the text) becomes empty.
  package static func withoutStepNumber(_ line: String) -> String {
    var text = Substring(line.trimmingCharacters(in: .whitespaces))
    // "① 長いもは…": a circled number (①–⑳, ❶–❿) opening the step.
    if let first = text.unicodeScalars.first,
      (0x2460...0x2473).contains(first.value) || (0x2776...0x277F).contains(first.value)
    {
      text = text.dropFirst().drop { $0 == " " || $0 == "\u{00A0}" || $0 == "\u{3000}" }
      if text.isEmpty { return "" }
    }
    if text.allSatisfy({ $0.isNumber || $0 == "." || $0 == ")" }) { return "" }
    let separators: Set<Character> = [":", ".", ")", "-", "–", "—", " ", "\u{00A0}"]
    if let first = text.first, first.isLetter {
      let lowered = text.lowercased()
      for word in stepWords where lowered.hasPrefix(word) {
        let rest = text.dropFirst(word.count).drop { $0 == " " || $0 == "\u{00A0}" }
        let digits = rest.prefix { $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3 else { continue }
        let after = rest.dropFirst(digits.count)
        // "Step 12" followed by a separator, by the text itself or by nothing at all.
        guard after.first.map({ separators.contains($0) || $0.isUppercase }) ?? true else {
          continue
        }
        return String(after.drop { separators.contains($0) })
          .trimmingCharacters(in: .whitespaces)
      }
      return String(text)
    }
    let digits = text.prefix { $0.isNumber }
    var after = text.dropFirst(digits.count)
    // "1.- Lava el maíz": a mark and a dash.
    var markedTwice = false
    if let mark = after.first, ".)".contains(mark), let dash = after.dropFirst().first,
      "-–".contains(dash), after.dropFirst(2).first == " "
    {
      after = after.dropFirst()
      markedTwice = true
    }
    // "2 - 3 eggs" is a range, not step 2; "1.- 2 huevos" is step 1.
    if !digits.isEmpty, digits.count <= 2, let mark = after.first, ".):-–".contains(mark),
      after.dropFirst().first == " ",
      markedTwice || !(mark == "-" && after.dropFirst(2).first?.isNumber == true)
    {
      return after.dropFirst(2).trimmingCharacters(in: .whitespaces)
    }
    return String(text)
  }

  private static func nutrition(_ value: Any?) -> Nutrition? {
    guard let object = value as? [String: Any] else { return nil }
    var nutrition = Nutrition()
    for (key, value) in object where !key.hasPrefix("@") {
      if let text = string(value), !text.isEmpty { nutrition.set(key, to: PlainText.clean(text)) }
    }
    return nutrition.isEmpty ? nil : nutrition
  }

  private static func number(_ value: Any?) -> Double? {
    if let number = value as? NSNumber, !isBoolean(number) { return number.doubleValue }
    if let text = string(value) { return Double(text.replacingOccurrences(of: ",", with: ".")) }
    return nil
  }

  private static func rating(_ value: Any?) -> AggregateRating? {
    guard let object = value as? [String: Any], let average = number(object["ratingValue"]),
      average.isFinite, average >= 0
    else { return nil }
    let count = number(object["ratingCount"] ?? object["reviewCount"]).map { Int($0) }
    let best = number(object["bestRating"]) ?? 5
    return AggregateRating(value: average, count: count, best: best > 0 ? best : 5)
  }

  private static func readLarderExtension(
    _ object: [String: Any], into recipe: inout Recipe, warnings: inout [String]
  ) {
    if let rating = number(object["rating"]) {
      if (1...5).contains(rating) {
        recipe.rating = Int(rating)
      } else {
        warnings.append("field 'larder.rating': '\(rating)' is not from 1 to 5; left empty")
      }
    }
    if let favorite = object["isFavorite"] as? Bool { recipe.isFavorite = favorite }
    recipe.notes = string(object["notes"])
  }

  // MARK: - Writing

  /// The recipe as a schema.org JSON-LD object. The user's rating, favourite flag and notes go
  /// under a `larder` key, which schema.org readers ignore and Larder reads back.
  package static func jsonLD(for recipe: Recipe) -> [String: Any] {
    var object: [String: Any] = [
      "@context": "https://schema.org",
      "@type": "Recipe",
      "name": recipe.name,
    ]
    object["@id"] = recipe.sourceID
    object["url"] = recipe.sourceURL
    object["description"] = recipe.description
    if let author = recipe.author { object["author"] = ["@type": "Person", "name": author] }
    if !recipe.images.isEmpty { object["image"] = recipe.images }
    if let yield = recipe.yield {
      var values: [String] = []
      if let servings = yield.servings {
        values.append(servings.rounded() == servings ? String(Int(servings)) : String(servings))
      }
      if let text = yield.text, !values.contains(text) { values.append(text) }
      object["recipeYield"] = values
    }
    object["prepTime"] = recipe.prepTime?.iso8601
    object["cookTime"] = recipe.cookTime?.iso8601
    object["totalTime"] = recipe.totalTime?.iso8601
    object["recipeIngredient"] = recipe.ingredientSections.flatMap { section in
      (section.title.map { ["\($0):"] } ?? []) + section.lines.map(\.text)
    }
    func step(_ step: InstructionStep) -> [String: Any] {
      var value: [String: Any] = ["@type": "HowToStep", "text": step.text]
      value["name"] = step.name
      return value
    }
    // Untitled sections are written as loose steps, titled ones as HowToSection; readers
    // (Larder's among them) take loose steps between sections as an untitled section.
    object["recipeInstructions"] = recipe.instructionSections.flatMap { section -> [Any] in
      guard let title = section.title else { return section.steps.map(step) }
      return [
        ["@type": "HowToSection", "name": title, "itemListElement": section.steps.map(step)]
      ]
    }
    if !recipe.keywords.isEmpty { object["keywords"] = recipe.keywords.joined(separator: ", ") }
    if !recipe.courses.isEmpty { object["recipeCategory"] = recipe.courses }
    if !recipe.cuisines.isEmpty { object["recipeCuisine"] = recipe.cuisines }
    if let language = recipe.language { object["inLanguage"] = language.rawValue }
    if !recipe.diets.isEmpty { object["suitableForDiet"] = recipe.diets.map(\.schemaOrgValue) }
    if let nutrition = recipe.nutrition, !nutrition.isEmpty {
      var value: [String: Any] = ["@type": "NutritionInformation"]
      for entry in nutrition.entries { value[entry.name] = entry.value }
      object["nutrition"] = value
    }
    if let rating = recipe.sourceRating {
      var value: [String: Any] = [
        "@type": "AggregateRating", "ratingValue": rating.value, "bestRating": rating.best,
      ]
      value["ratingCount"] = rating.count
      object["aggregateRating"] = value
    }
    var larder: [String: Any] = ["id": recipe.id.rawValue, "isFavorite": recipe.isFavorite]
    larder["rating"] = recipe.rating
    larder["notes"] = recipe.notes
    object["larder"] = larder
    if recipe.createdAt.timeIntervalSince1970 > 0 {
      object["dateCreated"] = ISO8601Seconds.string(from: recipe.createdAt)
      object["dateModified"] = ISO8601Seconds.string(from: recipe.updatedAt)
    }
    return object
  }

  /// The schema.org properties a recipe's web page carries: the recipe as any reader of
  /// schema.org knows it, and nothing of the user's (rating, favourite, notes) or of Larder's
  /// (ids), so a shared page gives away only what it shows.
  static let pageProperties: Set<String> = [
    "@context", "@type", "name", "description", "author", "recipeYield", "prepTime", "cookTime",
    "recipeIngredient", "recipeInstructions", "keywords", "recipeCategory", "recipeCuisine",
    "suitableForDiet", "nutrition", "inLanguage",
  ]

  /// The recipe as schema.org JSON-LD for a web page that shows it, so that clippers
  /// (recipe-scrapers, Larder's own) read the page as the recipe.
  ///
  /// Only ``pageProperties`` are taken from ``jsonLD(for:)``; `image` is the address the page
  /// shows the main image from and `url` the source it links to (each left out when nil);
  /// the times are those the page shows (none of zero, the total ``Recipe/effectiveTotalTime``);
  /// `datePublished` and `dateModified` are when the recipe was stored and last changed.
  package static func pageJSONLD(
    for recipe: Recipe, image: String?, url: String?
  ) -> [String: Any] {
    var object = jsonLD(for: recipe).filter { pageProperties.contains($0.key) }
    object["image"] = image.map { [$0] }
    object["url"] = url
    // Times of nothing are not shown, so not given.
    for (key, time) in [
      ("prepTime", recipe.prepTime), ("cookTime", recipe.cookTime),
      ("totalTime", recipe.effectiveTotalTime),
    ] {
      object[key] = time.flatMap { $0.seconds > 0 ? $0.iso8601 : nil }
    }
    if recipe.createdAt.timeIntervalSince1970 > 0 {
      object["datePublished"] = ISO8601Seconds.string(from: recipe.createdAt)
      object["dateModified"] = ISO8601Seconds.string(from: recipe.updatedAt)
    }
    return object
  }

  /// JSON-LD text for one recipe (an object) or several (an `@graph`), pretty-printed with
  /// sorted keys so exports diff cleanly.
  public static func encode(_ recipes: [Recipe]) -> Data {
    let value: Any
    if recipes.count == 1 {
      value = jsonLD(for: recipes[0])
    } else {
      value = [
        "@context": "https://schema.org",
        "@graph": recipes.map { recipe -> [String: Any] in
          var object = jsonLD(for: recipe)
          object["@context"] = nil
          return object
        },
      ]
    }
    // Every value built above is a string, number, bool, array or dictionary: always valid.
    return
      (try? JSONSerialization.data(
        withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
      ?? Data("{}".utf8)
  }

  static func describe(jsonError error: Error, data: Data) -> String {
    if String(data: data, encoding: .utf8) == nil { return "the file is not UTF-8 text" }
    let nsError = error as NSError
    if let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { return detail }
    return nsError.localizedDescription
  }
}
