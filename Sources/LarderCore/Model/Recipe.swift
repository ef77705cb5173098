import Foundation

/// A recipe as Larder keeps it: everything schema.org/Recipe carries, plus what the user adds.
///
/// Decoding is lenient about what the server assigns (``id``, ``householdID``, the dates), so
/// that a client can post a recipe without them; everything else is checked by ``validated()``.
public struct Recipe: Hashable, Sendable, Identifiable {
  /// The stable identifier, assigned when the recipe is first stored.
  public var id: RecipeID
  /// The household that owns the recipe.
  public var householdID: HouseholdID
  /// The title.
  public var name: String
  /// A short summary.
  public var description: String?
  /// Who wrote it (names joined with ", " when there are several).
  public var author: String?
  /// The page it came from.
  public var sourceURL: String?
  /// The identifier it had where it came from (a JSON-LD `@id`), used to recognise re-imports.
  public var sourceID: String?
  /// Image URLs, the main image first.
  public var images: [String]
  /// How much it makes.
  public var yield: RecipeYield?
  /// Preparation time.
  public var prepTime: RecipeDuration?
  /// Cooking time.
  public var cookTime: RecipeDuration?
  /// Total time as the author gave it; see ``effectiveTotalTime``.
  public var totalTime: RecipeDuration?
  /// Ingredient lines in sections; a recipe without sections has one untitled section.
  public var ingredientSections: [IngredientSection]
  /// Steps in sections; a recipe without sections has one untitled section.
  public var instructionSections: [InstructionSection]
  /// Keywords and tags.
  public var keywords: [String]
  /// Course or meal type ("Dinner", "Dessert"): schema.org's recipeCategory.
  public var courses: [String]
  /// Cuisines ("Italian").
  public var cuisines: [String]
  /// Diets the recipe suits.
  public var diets: [DietLabel]
  /// Nutrition per serving, as the source gave it.
  public var nutrition: Nutrition?
  /// The rating the source page showed.
  public var sourceRating: AggregateRating?
  /// The user's own rating, 1 to 5.
  public var rating: Int?
  /// Whether the user marked it as a favourite.
  public var isFavorite: Bool
  /// The user's own notes.
  public var notes: String?
  /// The language the recipe is written in, as the user or its page gave it; nil to tell it
  /// from the text (``LanguageDetector/language(of:)``). Its ingredient lines are read with
  /// that language's units, numbers and food names.
  public var language: RecipeLanguage? = nil
  /// When it was first stored.
  public var createdAt: Date
  /// When it was last changed.
  public var updatedAt: Date

  /// Makes a recipe; only the name is required.
  public init(
    id: RecipeID = .unassigned, householdID: HouseholdID = .default, name: String,
    description: String? = nil, author: String? = nil, sourceURL: String? = nil,
    sourceID: String? = nil, images: [String] = [], yield: RecipeYield? = nil,
    prepTime: RecipeDuration? = nil, cookTime: RecipeDuration? = nil,
    totalTime: RecipeDuration? = nil, ingredientSections: [IngredientSection] = [],
    instructionSections: [InstructionSection] = [], keywords: [String] = [],
    courses: [String] = [], cuisines: [String] = [], diets: [DietLabel] = [],
    nutrition: Nutrition? = nil, sourceRating: AggregateRating? = nil, rating: Int? = nil,
    isFavorite: Bool = false, notes: String? = nil,
    createdAt: Date = Date(timeIntervalSince1970: 0),
    updatedAt: Date = Date(timeIntervalSince1970: 0)
  ) {
    self.id = id
    self.householdID = householdID
    self.name = name
    self.description = description
    self.author = author
    self.sourceURL = sourceURL
    self.sourceID = sourceID
    self.images = images
    self.yield = yield
    self.prepTime = prepTime
    self.cookTime = cookTime
    self.totalTime = totalTime
    self.ingredientSections = ingredientSections
    self.instructionSections = instructionSections
    self.keywords = keywords
    self.courses = courses
    self.cuisines = cuisines
    self.diets = diets
    self.nutrition = nutrition
    self.sourceRating = sourceRating
    self.rating = rating
    self.isFavorite = isFavorite
    self.notes = notes
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }

  /// The total time as given, or else preparation plus cooking time.
  public var effectiveTotalTime: RecipeDuration? {
    if let totalTime, totalTime.seconds > 0 { return totalTime }
    switch (prepTime, cookTime) {
    case (nil, nil): return totalTime
    case (let prep, let cook):
      return (prep ?? RecipeDuration(seconds: 0)) + (cook ?? RecipeDuration(seconds: 0))
    }
  }

  /// Every ingredient line, in order, across sections.
  public var ingredientLines: [IngredientLine] { ingredientSections.flatMap(\.lines) }

  /// Every step, in order, across sections.
  public var steps: [InstructionStep] { instructionSections.flatMap(\.steps) }

  /// The key that recognises the same recipe when it is imported again.
  ///
  /// The source page if known, else the source's own identifier, else a fingerprint of the name
  /// and ingredient lines (so a file without identifiers can be imported twice without
  /// duplicates).
  public var identityKey: String {
    if let url = sourceURL.flatMap(Self.normalizedURL) { return "url:" + url }
    if let sourceID, !sourceID.isEmpty { return "id:" + sourceID }
    return "content:" + contentFingerprint
  }

  /// A stable fingerprint (FNV-1a, hex) of the name and ingredient lines, ignoring case and
  /// spacing.
  public var contentFingerprint: String {
    let text = ([name] + ingredientLines.map(\.text))
      .map { $0.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ") }
      .joined(separator: "\n")
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The recipe with text trimmed, empty lines and sections dropped and tags de-duplicated, or an
  /// error naming the first field that cannot be accepted.
  public func validated() throws -> Recipe {
    var copy = self
    copy.name = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !copy.name.isEmpty else { throw LarderCoreError.missingField(field: "name") }
    guard copy.name.count <= 500 else {
      throw LarderCoreError.invalidField(
        field: "name", value: copy.name, reason: "is longer than 500 characters")
    }
    if let rating, !(1...5).contains(rating) {
      throw LarderCoreError.invalidField(
        field: "rating", value: String(rating), reason: "must be a whole number from 1 to 5")
    }
    if let servings = yield?.servings, !(servings > 0 && servings < 100_000) {
      throw LarderCoreError.invalidField(
        field: "yield.servings", value: String(servings), reason: "must be a positive number")
    }
    copy.description = Self.nonEmpty(description)
    copy.author = Self.nonEmpty(author)
    copy.sourceURL = Self.nonEmpty(sourceURL)
    copy.sourceID = Self.nonEmpty(sourceID)
    copy.notes = Self.nonEmpty(notes)
    copy.images = Self.cleanList(images, caseInsensitive: false)
    copy.keywords = Self.cleanList(keywords)
    copy.courses = Self.cleanList(courses)
    copy.cuisines = Self.cleanList(cuisines)
    copy.diets = Array(Set(diets)).sorted()
    copy.ingredientSections = ingredientSections.compactMap { section in
      let lines = section.lines.compactMap { line -> IngredientLine? in
        let text = line.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : IngredientLine(text: text, facts: line.facts)
      }
      return lines.isEmpty
        ? nil : IngredientSection(title: Self.nonEmpty(section.title), lines: lines)
    }
    copy.instructionSections = instructionSections.compactMap { section in
      let steps = section.steps.compactMap { step -> InstructionStep? in
        let text = step.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : InstructionStep(text: text, name: Self.nonEmpty(step.name))
      }
      return steps.isEmpty
        ? nil : InstructionSection(title: Self.nonEmpty(section.title), steps: steps)
    }
    return copy
  }

  /// The same recipe without what the user owns and the server assigns, to tell whether an
  /// import changed anything.
  public var importedContent: Recipe {
    var copy = self
    copy.id = .unassigned
    copy.householdID = .default
    copy.rating = nil
    copy.isFavorite = false
    copy.notes = nil
    copy.createdAt = Date(timeIntervalSince1970: 0)
    copy.updatedAt = Date(timeIntervalSince1970: 0)
    return copy
  }

  static func nonEmpty(_ text: String?) -> String? {
    guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty
    else { return nil }
    return trimmed
  }

  static func cleanList(_ items: [String], caseInsensitive: Bool = true) -> [String] {
    var seen: Set<String> = []
    var result: [String] = []
    for item in items {
      let trimmed = item.trimmingCharacters(in: .whitespacesAndNewlines)
      let key = caseInsensitive ? trimmed.lowercased() : trimmed
      guard !trimmed.isEmpty, seen.insert(key).inserted else { continue }
      result.append(trimmed)
    }
    return result
  }

  static func normalizedURL(_ text: String) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard var components = URLComponents(string: trimmed), let host = components.host,
      !host.isEmpty
    else { return trimmed.isEmpty ? nil : trimmed }
    components.scheme = components.scheme?.lowercased()
    components.host = host.lowercased()
    components.fragment = nil
    // Tracking parameters do not change the page, so they must not make a second recipe.
    let tracking: Set<String> = ["fbclid", "gclid", "mc_cid", "mc_eid", "ref", "igshid"]
    components.queryItems = components.queryItems?.filter { item in
      !item.name.lowercased().hasPrefix("utm_") && !tracking.contains(item.name.lowercased())
    }
    if components.queryItems?.isEmpty == true { components.queryItems = nil }
    if components.path.hasSuffix("/") && components.path.count > 1 {
      components.path.removeLast()
    }
    return components.string ?? trimmed
  }
}

/// A titled group of ingredient lines ("For the sauce").
public struct IngredientSection: Hashable, Sendable, Codable {
  /// The heading, or nil for the main list.
  public var title: String?
  /// The lines in order.
  public var lines: [IngredientLine]

  /// Makes a section.
  public init(title: String? = nil, lines: [IngredientLine]) {
    self.title = title
    self.lines = lines
  }
}

/// One ingredient line exactly as written ("1 (400 g) can chopped tomatoes").
public struct IngredientLine: Hashable, Sendable, Codable {
  /// The original text, kept verbatim.
  public var text: String
  /// What the parser and food catalog made of the text; nil until the line is analysed.
  public var facts: IngredientFacts?

  /// Makes a line from its text and, when known, its analysis.
  public init(text: String, facts: IngredientFacts? = nil) {
    self.text = text
    self.facts = facts
  }
}

/// The parts of an ingredient line that scaling, shopping lists and the pantry finder use,
/// kept with the recipe so they need not be parsed again on every read.
public struct IngredientFacts: Hashable, Sendable, Codable {
  /// The quantity, or the lower bound of a range.
  public var quantity: Double?
  /// The upper bound of a range.
  public var quantityMax: Double?
  /// The canonical unit id ("g", "cup", "clove").
  public var unit: String?
  /// The food as written ("chickpeas").
  public var name: String?
  /// Whether the recipe works without it ("to taste", "for garnish", "(optional)").
  public var isOptional: Bool
  /// The catalog food the name matched, or nil when none matched with confidence.
  public var foodID: String?
  /// The catalog foods of the line's alternatives ("parsley or coriander" → coriander), each
  /// once and never ``foodID`` itself; empty when the line offers none or none matched. Any
  /// of the line's foods satisfies it.
  public var alternativeFoodIDs: [String]

  /// Makes the facts of a line.
  public init(
    quantity: Double? = nil, quantityMax: Double? = nil, unit: String? = nil,
    name: String? = nil, isOptional: Bool = false, foodID: String? = nil,
    alternativeFoodIDs: [String] = []
  ) {
    self.quantity = quantity
    self.quantityMax = quantityMax
    self.unit = unit
    self.name = name
    self.isOptional = isOptional
    self.foodID = foodID
    self.alternativeFoodIDs = alternativeFoodIDs
  }

  private enum CodingKeys: String, CodingKey {
    case quantity, quantityMax, unit, name, isOptional, foodID, alternativeFoodIDs
  }

  /// Reads facts; ones stored before alternatives were matched have none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      quantity: try container.decodeIfPresent(Double.self, forKey: .quantity),
      quantityMax: try container.decodeIfPresent(Double.self, forKey: .quantityMax),
      unit: try container.decodeIfPresent(String.self, forKey: .unit),
      name: try container.decodeIfPresent(String.self, forKey: .name),
      isOptional: try container.decodeIfPresent(Bool.self, forKey: .isOptional) ?? false,
      foodID: try container.decodeIfPresent(String.self, forKey: .foodID),
      alternativeFoodIDs: try container.decodeIfPresent(
        [String].self, forKey: .alternativeFoodIDs) ?? [])
  }

  /// Writes the facts, leaving out alternatives when there are none.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(quantity, forKey: .quantity)
    try container.encodeIfPresent(quantityMax, forKey: .quantityMax)
    try container.encodeIfPresent(unit, forKey: .unit)
    try container.encodeIfPresent(name, forKey: .name)
    try container.encode(isOptional, forKey: .isOptional)
    try container.encodeIfPresent(foodID, forKey: .foodID)
    if !alternativeFoodIDs.isEmpty {
      try container.encode(alternativeFoodIDs, forKey: .alternativeFoodIDs)
    }
  }
}

/// A titled group of steps.
public struct InstructionSection: Hashable, Sendable, Codable {
  /// The heading, or nil for the main method.
  public var title: String?
  /// The steps in order.
  public var steps: [InstructionStep]

  /// Makes a section.
  public init(title: String? = nil, steps: [InstructionStep]) {
    self.title = title
    self.steps = steps
  }
}

/// One step of the method.
public struct InstructionStep: Hashable, Sendable, Codable {
  /// What to do.
  public var text: String
  /// A short name for the step, when the source gave one.
  public var name: String?

  /// Makes a step.
  public init(text: String, name: String? = nil) {
    self.text = text
    self.name = name
  }
}

/// Nutrition per serving as schema.org's NutritionInformation writes it ("240 kcal", "9 g").
public struct Nutrition: Hashable, Sendable, Codable {
  /// Energy, such as "240 kcal".
  public var calories: String?
  /// Carbohydrate.
  public var carbohydrateContent: String?
  /// Cholesterol.
  public var cholesterolContent: String?
  /// Fat.
  public var fatContent: String?
  /// Fibre.
  public var fiberContent: String?
  /// Protein.
  public var proteinContent: String?
  /// Saturated fat.
  public var saturatedFatContent: String?
  /// The serving the figures are for.
  public var servingSize: String?
  /// Sodium.
  public var sodiumContent: String?
  /// Sugar.
  public var sugarContent: String?
  /// Trans fat.
  public var transFatContent: String?
  /// Unsaturated fat.
  public var unsaturatedFatContent: String?

  /// Makes an empty record; set the fields that are known.
  public init() {}

  /// The schema.org property names, in display order, with their values where set.
  public var entries: [(name: String, value: String)] {
    let all: [(String, String?)] = [
      ("calories", calories), ("fatContent", fatContent),
      ("saturatedFatContent", saturatedFatContent), ("transFatContent", transFatContent),
      ("unsaturatedFatContent", unsaturatedFatContent),
      ("cholesterolContent", cholesterolContent), ("sodiumContent", sodiumContent),
      ("carbohydrateContent", carbohydrateContent), ("fiberContent", fiberContent),
      ("sugarContent", sugarContent), ("proteinContent", proteinContent),
      ("servingSize", servingSize),
    ]
    return all.compactMap { name, value in value.map { (name, $0) } }
  }

  /// Sets a field by its schema.org property name; unknown names are ignored.
  public mutating func set(_ name: String, to value: String) {
    switch name {
    case "calories": calories = value
    case "carbohydrateContent": carbohydrateContent = value
    case "cholesterolContent": cholesterolContent = value
    case "fatContent": fatContent = value
    case "fiberContent": fiberContent = value
    case "proteinContent": proteinContent = value
    case "saturatedFatContent": saturatedFatContent = value
    case "servingSize": servingSize = value
    case "sodiumContent": sodiumContent = value
    case "sugarContent": sugarContent = value
    case "transFatContent": transFatContent = value
    case "unsaturatedFatContent": unsaturatedFatContent = value
    default: break
    }
  }

  /// Whether no field is set.
  public var isEmpty: Bool { entries.isEmpty }
}

/// A rating summary as a source page shows it.
public struct AggregateRating: Hashable, Sendable, Codable {
  /// The average rating.
  public var value: Double
  /// How many ratings it averages, when known.
  public var count: Int?
  /// The best possible rating (5 unless the source says otherwise).
  public var best: Double

  /// Makes a rating summary.
  public init(value: Double, count: Int? = nil, best: Double = 5) {
    self.value = value
    self.count = count
    self.best = best
  }
}
