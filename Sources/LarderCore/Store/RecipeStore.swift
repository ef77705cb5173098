import Foundation

/// Where recipes are kept. SQLite implements it in LarderStore; a PostgreSQL backend and the
/// in-memory test double implement the same contract and pass the same tests.
///
/// Calls are synchronous and thread-safe: the server calls them from its worker threads.
/// Time comes in as a parameter so that behaviour is reproducible in tests.
public protocol RecipeStore: Sendable {
  /// The recipe with this ID in the household, or nil.
  func recipe(id: RecipeID, household: HouseholdID) throws -> Recipe?

  /// A page of recipe summaries matching the query, with the total number of matches.
  ///
  /// A store may stop counting and ranking a search that matches very many recipes: it then
  /// says the total is at least ``RecipeQuery/exactSearchLimit`` (``Page/totalIsExact`` false)
  /// and orders the matches by a rule that costs nothing per match (SQLite: those matching in
  /// the title first, then the rest, newest first each), the same for every page.
  func recipes(matching query: RecipeQuery, household: HouseholdID) throws -> Page<RecipeSummary>

  /// How many recipes the household has.
  func recipeCount(household: HouseholdID) throws -> Int

  /// Stores a new recipe with a fresh ID and `now` as its dates; returns it as stored.
  func createRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe

  /// Replaces a stored recipe's content, keeping its ID, household and creation date.
  /// Throws ``LarderCoreError/recipeNotFound(_:)`` when there is none.
  func updateRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe

  /// Deletes a recipe; throws ``LarderCoreError/recipeNotFound(_:)`` when there is none.
  func deleteRecipe(id: RecipeID, household: HouseholdID) throws

  /// Imports recipes in one transaction, recognising ones imported before by
  /// ``Recipe/identityKey``: new ones are created, changed ones updated (keeping the user's
  /// rating, favourite flag and notes), identical ones left alone. One outcome per input, in
  /// order.
  func importRecipes(
    _ recipes: [Recipe], household: HouseholdID, now: Date
  ) throws
    -> [ImportOutcome]

  /// Every recipe's food profile, for building the pantry finder.
  func foodProfiles(household: HouseholdID) throws -> [RecipeFoodProfile]

  /// Up to ten IDs of the household's recipes that start with `prefix`, in order, so people
  /// can type a short ID. A store without an index for it may use the default, which reads
  /// every summary.
  func recipeIDs(startingWith prefix: String, household: HouseholdID) throws -> [RecipeID]

  /// A number that differs whenever anything the household's food profiles are made of may
  /// have changed since it was read, by this process or any other: a recipe created, updated
  /// or deleted (through the store or written to its tables directly), or the household's own
  /// foods and synonyms changed. Equal numbers mean equal profiles, across restarts too, so a
  /// finder index saved beside the store can be trusted only when the number it was saved
  /// with is read again. Nil when the store keeps no such number (nothing saved is trusted).
  func libraryVersion(household: HouseholdID) throws -> Int64?
}

extension RecipeStore {
  /// Nil: a store that keeps no library version never has a saved finder index trusted.
  public func libraryVersion(household: HouseholdID) throws -> Int64? { nil }

  /// Reads every summary and keeps the IDs that start with `prefix`: right for any store, fast
  /// enough for small ones.
  public func recipeIDs(startingWith prefix: String, household: HouseholdID) throws -> [RecipeID] {
    var found: [RecipeID] = []
    var query = RecipeQuery(sort: .name, limit: RecipeQuery.maximumLimit)
    while true {
      let page = try recipes(matching: query, household: household)
      found += page.items.map(\.id).filter { $0.rawValue.hasPrefix(prefix) }
      guard page.hasMore else { break }
      query.offset += page.limit
    }
    return Array(found.sorted { $0.rawValue < $1.rawValue }.prefix(10))
  }
}

/// What happened to one recipe in an import.
public enum ImportOutcome: Hashable, Sendable {
  /// Stored as a new recipe.
  case created(RecipeID)
  /// An earlier import of the same recipe was updated.
  case updated(RecipeID)
  /// An earlier import was identical; nothing changed.
  case unchanged(RecipeID)

  /// Whether the recipe was stored as a new one.
  public var isCreated: Bool {
    if case .created = self { return true }
    return false
  }

  /// The ID of the recipe the outcome concerns.
  public var recipeID: RecipeID {
    switch self {
    case .created(let id), .updated(let id), .unchanged(let id): return id
    }
  }

  /// "created", "updated" or "unchanged".
  public var label: String {
    switch self {
    case .created: return "created"
    case .updated: return "updated"
    case .unchanged: return "unchanged"
    }
  }
}

/// How a list of recipes is ordered.
public enum RecipeSort: String, Sendable, CaseIterable, Codable {
  /// Best text match first; only meaningful with a search text (otherwise by name).
  case relevance
  /// Alphabetical by name.
  case name
  /// Most recently added first.
  case newest
  /// Most recently changed first.
  case updated
  /// Highest user rating first, unrated last.
  case rating
  /// Quickest first, recipes without a time last.
  case time
}

/// What to list: an optional full-text search, filters, order and page.
public struct RecipeQuery: Hashable, Sendable {
  /// Words to search for in title, description, ingredients, tags and steps; each word matches
  /// as a prefix ("tom" finds "tomato"), accents are ignored. Nil or blank lists everything.
  public var text: String?
  /// Only favourites: recipes whose own flag is set (see ``RecipeMark`` for each user's).
  public var favoritesOnly: Bool
  /// Only the recipes with these IDs (a user's own favourites), nil for any; IDs of no
  /// recipe of the household are ignored.
  public var onlyIDs: Set<RecipeID>?
  /// The order; defaults to relevance when searching and name otherwise.
  public var sort: RecipeSort?
  /// How many matches to skip.
  public var offset: Int
  /// How many to return, 1 to ``RecipeQuery/maximumLimit``.
  public var limit: Int

  /// The largest page size a caller may ask for.
  public static let maximumLimit = 200

  /// Up to this many matches of a search are counted and ranked by relevance; beyond it a
  /// store may answer "at least this many" (see ``RecipeStore/recipes(matching:household:)``).
  public static let exactSearchLimit = 1_000

  /// Makes a query; the limit is clamped to 1...``maximumLimit`` and the offset to ≥ 0.
  public init(
    text: String? = nil, favoritesOnly: Bool = false, onlyIDs: Set<RecipeID>? = nil,
    sort: RecipeSort? = nil, offset: Int = 0, limit: Int = 24
  ) {
    self.text = text
    self.favoritesOnly = favoritesOnly
    self.onlyIDs = onlyIDs
    self.sort = sort
    self.offset = max(0, offset)
    self.limit = min(max(1, limit), Self.maximumLimit)
  }

  /// The search text trimmed, or nil when blank.
  public var searchText: String? {
    guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty
    else { return nil }
    return trimmed
  }

  /// The order in effect.
  public var effectiveSort: RecipeSort {
    let sort = self.sort ?? (searchText == nil ? .name : .relevance)
    return sort == .relevance && searchText == nil ? .name : sort
  }

  /// The words of the search text: runs of letters, digits and combining marks, lowercased.
  ///
  /// Split by Unicode scalar, not by character: a "prepend" character such as U+0D4E joins the
  /// quote after it into one character that counts as a letter, and a term must never hold
  /// punctuation.
  public var searchTerms: [String] {
    guard let text = searchText else { return [] }
    return text.lowercased().unicodeScalars.split { !Self.isWordScalar($0) }
      .map { String(String.UnicodeScalarView($0)) }
  }

  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
      return true
    default:
      return false
    }
  }
}

/// One page of results and where it sits in the whole.
public struct Page<Item: Sendable>: Sendable {
  /// The items on this page.
  public var items: [Item]
  /// How many items match in all, or at least how many when ``totalIsExact`` is false.
  public var total: Int
  /// Whether ``total`` is the exact count. A search matching very many recipes stops counting
  /// (see ``RecipeStore/recipes(matching:household:)``) and says "at least".
  public var totalIsExact: Bool
  /// How many were skipped before this page.
  public var offset: Int
  /// The page size asked for.
  public var limit: Int
  /// The words actually searched when a store read a misspelled word as the nearest one its
  /// index has ("chicken soup" for "chiken soup"); nil when every word was searched as typed.
  public var correctedQuery: String?

  /// Makes a page.
  public init(
    items: [Item], total: Int, totalIsExact: Bool = true, offset: Int, limit: Int,
    correctedQuery: String? = nil
  ) {
    self.items = items
    self.total = total
    self.totalIsExact = totalIsExact
    self.offset = offset
    self.limit = limit
    self.correctedQuery = correctedQuery
  }

  /// Whether more items follow this page.
  public var hasMore: Bool { offset + items.count < total }
}

extension Page: Encodable where Item: Encodable {}
extension Page: Equatable where Item: Equatable {}

/// What a list of recipes shows of each: enough for a card, without the ingredients and steps.
public struct RecipeSummary: Hashable, Sendable, Codable, Identifiable {
  /// The recipe's ID.
  public var id: RecipeID
  /// The title.
  public var name: String
  /// The summary text.
  public var description: String?
  /// The main image.
  public var image: String?
  /// Total time (given, or prep plus cook).
  public var totalTime: RecipeDuration?
  /// How much it makes.
  public var yield: RecipeYield?
  /// Courses or meal types.
  public var courses: [String]
  /// Cuisines.
  public var cuisines: [String]
  /// Diets it suits.
  public var diets: [DietLabel]
  /// Keywords and tags.
  public var keywords: [String]
  /// How many ingredient lines it has.
  public var ingredientCount: Int
  /// Whether the user marked it a favourite.
  public var isFavorite: Bool
  /// The user's rating.
  public var rating: Int?
  /// When it was added.
  public var createdAt: Date
  /// When it last changed.
  public var updatedAt: Date

  /// Summarises a recipe.
  public init(_ recipe: Recipe) {
    id = recipe.id
    name = recipe.name
    description = recipe.description
    image = recipe.images.first
    totalTime = recipe.effectiveTotalTime
    yield = recipe.yield
    courses = recipe.courses
    cuisines = recipe.cuisines
    diets = recipe.diets
    keywords = recipe.keywords
    ingredientCount = recipe.ingredientLines.count
    isFavorite = recipe.isFavorite
    rating = recipe.rating
    createdAt = recipe.createdAt
    updatedAt = recipe.updatedAt
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, description, image, totalTime, yield, courses, cuisines, diets, keywords
    case ingredientCount, isFavorite, rating, createdAt, updatedAt
    // Written for clients, never read back: see RecipeSummary+Card.swift and ShownImage.swift.
    case cardFacts, placeholderHue, imagePath
  }

  /// Reads a summary; the card fields a summary writes are worked out again, not read.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(RecipeID.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    description = try container.decodeIfPresent(String.self, forKey: .description)
    image = try container.decodeIfPresent(String.self, forKey: .image)
    totalTime = try container.decodeIfPresent(RecipeDuration.self, forKey: .totalTime)
    yield = try container.decodeIfPresent(RecipeYield.self, forKey: .yield)
    courses = try container.decode([String].self, forKey: .courses)
    cuisines = try container.decode([String].self, forKey: .cuisines)
    diets = try container.decode([DietLabel].self, forKey: .diets)
    keywords = try container.decode([String].self, forKey: .keywords)
    ingredientCount = try container.decode(Int.self, forKey: .ingredientCount)
    isFavorite = try container.decode(Bool.self, forKey: .isFavorite)
    rating = try container.decodeIfPresent(Int.self, forKey: .rating)
    createdAt = try container.decode(Date.self, forKey: .createdAt)
    updatedAt = try container.decode(Date.self, forKey: .updatedAt)
  }

  /// Writes the summary with ``cardFacts``, ``placeholderHue`` and ``imagePath`` beside its
  /// fields, so every client shows a card as the server renders it.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encodeIfPresent(description, forKey: .description)
    try container.encodeIfPresent(image, forKey: .image)
    try container.encodeIfPresent(totalTime, forKey: .totalTime)
    try container.encodeIfPresent(yield, forKey: .yield)
    try container.encode(courses, forKey: .courses)
    try container.encode(cuisines, forKey: .cuisines)
    try container.encode(diets, forKey: .diets)
    try container.encode(keywords, forKey: .keywords)
    try container.encode(ingredientCount, forKey: .ingredientCount)
    try container.encode(isFavorite, forKey: .isFavorite)
    try container.encodeIfPresent(rating, forKey: .rating)
    try container.encode(createdAt, forKey: .createdAt)
    try container.encode(updatedAt, forKey: .updatedAt)
    try container.encode(cardFacts, forKey: .cardFacts)
    try container.encode(placeholderHue, forKey: .placeholderHue)
    try container.encodeIfPresent(imagePath, forKey: .imagePath)
  }
}

/// What the pantry finder needs of a recipe: its card and the catalog foods its lines use.
public struct RecipeFoodProfile: Hashable, Sendable {
  /// The recipe's card: names, courses, cuisines, diets, time, rating, favourite flag.
  public var summary: RecipeSummary
  /// Foods at least one required line uses alone.
  public var requiredFoods: [String]
  /// Required lines that offer alternatives ("parsley or coriander"), each line's foods with
  /// its own first; any of them satisfies the line.
  public var alternatives: [[String]]
  /// How much of each required food the recipe's lines need in all, where every required
  /// line of the food gives an amount and the amounts add up to one (no density is used: "1
  /// cup + 100 g flour" has none).
  public var amounts: [String: Measure]
  /// Foods used only by optional lines ("to taste", "for garnish").
  public var optionalFoods: [String]
  /// Required lines that match no food (never analysed, not parsed, or unknown): each counts
  /// as missing.
  public var unmatchedLines: Int

  /// Makes a profile.
  public init(
    summary: RecipeSummary, requiredFoods: [String], alternatives: [[String]] = [],
    amounts: [String: Measure] = [:], optionalFoods: [String], unmatchedLines: Int
  ) {
    self.summary = summary
    self.requiredFoods = requiredFoods
    self.alternatives = alternatives
    self.amounts = amounts
    self.optionalFoods = optionalFoods
    self.unmatchedLines = unmatchedLines
  }

  /// Derives the profile from a recipe's analysed lines. A food needed by any required line is
  /// required even if another line lists it as optional.
  public init(_ recipe: Recipe) {
    var optional: [String: Bool] = [:]
    var alternatives: [[String]] = []
    var measures: [String: [Measure?]] = [:]
    var unmatched = 0
    for line in recipe.ingredientLines {
      guard let facts = line.facts else {
        unmatched += 1
        continue
      }
      var seen = Set<String>()
      let foods = ([facts.foodID].compactMap { $0 } + facts.alternativeFoodIDs).filter {
        seen.insert($0).inserted
      }
      guard let first = foods.first else {
        if !facts.isOptional { unmatched += 1 }
        continue
      }
      if facts.isOptional {
        for food in foods { optional[food] = optional[food] ?? true }
      } else if foods.count > 1 {
        alternatives.append(foods)
      } else {
        optional[first] = false
        measures[first, default: []].append(Self.measure(of: facts))
      }
    }
    var amounts: [String: Measure] = [:]
    for (food, lines) in measures {
      let known = lines.compactMap { $0 }
      guard known.count == lines.count else { continue }
      let sum = MeasureSum(known)
      if sum.parts.count == 1, let total = sum.parts.first { amounts[food] = total }
    }
    self.init(
      summary: RecipeSummary(recipe),
      requiredFoods: optional.filter { !$0.value }.keys.sorted(), alternatives: alternatives,
      amounts: amounts, optionalFoods: optional.filter { $0.value }.keys.sorted(),
      unmatchedLines: unmatched)
  }

  /// A line's amount, when it gives a positive quantity in a known unit.
  private static func measure(of facts: IngredientFacts) -> Measure? {
    guard let quantity = facts.quantity, quantity.isFinite, quantity > 0 else { return nil }
    return try? Measure(quantity: quantity, quantityMax: facts.quantityMax, unitID: facts.unit)
  }
}

/// A store that wraps another and passes on every call it does not change itself; the
/// decorators that analyse lines or keep the finder current implement only their writes.
public protocol ForwardingRecipeStore: RecipeStore {
  /// The store calls are passed on to.
  var base: any RecipeStore { get }
}

extension ForwardingRecipeStore {
  /// Passes on to the base store.
  public func recipe(id: RecipeID, household: HouseholdID) throws -> Recipe? {
    try base.recipe(id: id, household: household)
  }

  /// Passes on to the base store.
  public func recipes(
    matching query: RecipeQuery, household: HouseholdID
  ) throws
    -> Page<RecipeSummary>
  {
    try base.recipes(matching: query, household: household)
  }

  /// Passes on to the base store.
  public func recipeCount(household: HouseholdID) throws -> Int {
    try base.recipeCount(household: household)
  }

  /// Passes on to the base store.
  public func foodProfiles(household: HouseholdID) throws -> [RecipeFoodProfile] {
    try base.foodProfiles(household: household)
  }

  /// Passes on to the base store.
  public func recipeIDs(startingWith prefix: String, household: HouseholdID) throws -> [RecipeID] {
    try base.recipeIDs(startingWith: prefix, household: household)
  }

  /// Passes on to the base store.
  public func libraryVersion(household: HouseholdID) throws -> Int64? {
    try base.libraryVersion(household: household)
  }

  /// Passes on to the base store.
  public func createRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    try base.createRecipe(recipe, household: household, now: now)
  }

  /// Passes on to the base store.
  public func updateRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    try base.updateRecipe(recipe, household: household, now: now)
  }

  /// Passes on to the base store.
  public func deleteRecipe(id: RecipeID, household: HouseholdID) throws {
    try base.deleteRecipe(id: id, household: household)
  }

  /// Passes on to the base store.
  public func importRecipes(
    _ recipes: [Recipe], household: HouseholdID, now: Date
  ) throws
    -> [ImportOutcome]
  {
    try base.importRecipes(recipes, household: household, now: now)
  }
}
