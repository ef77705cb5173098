import Foundation

/// Parses a recipe's ingredient lines and matches them to catalog foods, filling each line's
/// ``IngredientFacts``.
///
/// The food matcher is passed in as a function so the analyzer works with the bundled catalog,
/// a catalog extended by the user, or a fixed table in tests.
public struct RecipeAnalyzer: Sendable {
  /// Reads one line.
  public let parser: IngredientParser
  /// Finds the catalog food id for a parsed name, or nil when unsure.
  public let matchFood: @Sendable (String) -> String?

  /// Food names in the other languages.
  public let foodNames: FoodNames

  /// Makes an analyzer from a parser and a food matcher; lines in other languages match
  /// `foodNames` first, then `matchFood` (a user's food, or an English name such as "Feta").
  public init(
    parser: IngredientParser = IngredientParser(), foodNames: FoodNames = .bundled,
    matchFood: @escaping @Sendable (String) -> String?
  ) {
    self.parser = parser
    self.foodNames = foodNames
    self.matchFood = matchFood
  }

  /// The facts of one line written in `language`.
  public func facts(for text: String, language: RecipeLanguage = .english) -> IngredientFacts {
    let parsed = parser.parse(text, language: language)
    let foods: (food: String?, alternatives: [String])
    if language == .english {
      foods = parsed.foods(matching: matchFood)
    } else {
      foods = parsed.foods(in: language, names: foodNames, matching: matchFood)
    }
    return IngredientFacts(
      quantity: parsed.quantity, quantityMax: parsed.quantityMax, unit: parsed.unit,
      name: parsed.matchingName, isOptional: parsed.isOptional, foodID: foods.food,
      alternativeFoodIDs: foods.alternatives)
  }

  /// The recipe with every ingredient line's facts filled in afresh, each line read in the
  /// recipe's language (``LanguageDetector/language(of:)``).
  public func analyze(_ recipe: Recipe) -> Recipe {
    var copy = recipe
    let language = LanguageDetector.language(of: recipe)
    for section in copy.ingredientSections.indices {
      for line in copy.ingredientSections[section].lines.indices {
        let text = copy.ingredientSections[section].lines[line].text
        copy.ingredientSections[section].lines[line].facts = facts(for: text, language: language)
      }
    }
    return copy
  }
}

/// A ``RecipeStore`` that analyses every recipe before it is written, so any backend stores
/// parsed, food-matched lines without knowing how they are made.
///
/// Each write is analysed with the writing household's analyzer, so a food one household added
/// matches its lines and no other household's.
public struct AnalyzingRecipeStore: ForwardingRecipeStore {
  /// The store that keeps the recipes.
  public let base: any RecipeStore
  private let analyzers: @Sendable (HouseholdID) throws -> RecipeAnalyzer

  /// Wraps a store; every household's lines are analysed alike.
  public init(base: any RecipeStore, analyzer: RecipeAnalyzer) {
    self.init(base: base, analyzers: { _ in analyzer })
  }

  /// Wraps a store; each household's lines are analysed with the analyzer `analyzers` gives
  /// for it (asked once per write).
  public init(
    base: any RecipeStore, analyzers: @escaping @Sendable (HouseholdID) throws -> RecipeAnalyzer
  ) {
    self.base = base
    self.analyzers = analyzers
  }

  /// How the household's lines are analysed.
  public func analyzer(for household: HouseholdID) throws -> RecipeAnalyzer {
    try analyzers(household)
  }

  /// Analyses, then creates.
  public func createRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    try base.createRecipe(
      analyzer(for: household).analyze(recipe), household: household, now: now)
  }

  /// Analyses, then updates.
  public func updateRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    try base.updateRecipe(
      analyzer(for: household).analyze(recipe), household: household, now: now)
  }

  /// Analyses each, then imports.
  public func importRecipes(
    _ recipes: [Recipe], household: HouseholdID, now: Date
  ) throws
    -> [ImportOutcome]
  {
    let analyzer = try analyzer(for: household)
    return try base.importRecipes(recipes.map(analyzer.analyze), household: household, now: now)
  }

  /// Re-analyses every recipe of the household (after a parser or catalog update), keeping
  /// each recipe's update time; returns how many recipes changed.
  @discardableResult
  public func reanalyzeAll(
    household: HouseholdID, progress: (Int, Int) -> Void = { _, _ in }
  )
    throws -> Int
  {
    let analyzer = try analyzer(for: household)
    var changed = 0
    var query = RecipeQuery(sort: .name, limit: RecipeQuery.maximumLimit)
    var done = 0
    while true {
      let page = try base.recipes(matching: query, household: household)
      for summary in page.items {
        done += 1
        guard let recipe = try base.recipe(id: summary.id, household: household) else { continue }
        let analyzed = analyzer.analyze(recipe)
        if analyzed != recipe {
          // A recipe changed meanwhile (a person's edit, already analysed) is left as it is.
          guard try base.recipe(id: summary.id, household: household) == recipe else { continue }
          _ = try base.updateRecipe(analyzed, household: household, now: recipe.updatedAt)
          changed += 1
        }
        progress(done, page.total)
      }
      guard page.hasMore else { break }
      query.offset += page.limit
    }
    return changed
  }
}
