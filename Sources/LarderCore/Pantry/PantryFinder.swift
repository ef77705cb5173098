import Foundation

extension FinderRecipe {
  /// The finder's view of a stored recipe.
  public init(profile: RecipeFoodProfile) {
    let summary = profile.summary
    self.init(
      id: summary.id.rawValue, requiredFoods: profile.requiredFoods,
      optionalFoods: profile.optionalFoods, unmatchedLineCount: profile.unmatchedLines,
      courses: summary.courses, cuisines: summary.cuisines, diets: summary.diets,
      totalMinutes: summary.totalTime.map(\.minutes),
      ingredientCount: summary.ingredientCount, tags: summary.keywords,
      isFavorite: summary.isFavorite, rating: summary.rating)
  }
}

extension FinderCatalog {
  /// The finder's facts from the food catalog: its hierarchy, and the substitutions given.
  public init(foods: FoodCatalog, substitutes: [String: [String]] = FoodSubstitutes.common) {
    var parents: [String: String] = [:]
    for food in foods.foods { if let parent = food.parentID { parents[food.id] = parent } }
    self.init(taxonomy: FinderTaxonomy(parents: parents), substitutes: substitutes)
  }
}

/// Substitutions every cook knows, by catalog food id, best substitute first. Only pairs whose
/// ids the catalog has take effect; the rest are ignored.
public enum FoodSubstitutes {
  /// The built-in table.
  public static let common: [String: [String]] = [
    "butter": ["margarine", "vegetable-oil", "olive-oil"],
    "margarine": ["butter"],
    "buttermilk": ["milk", "yogurt"],
    "sour-cream": ["yogurt", "creme-fraiche"],
    "creme-fraiche": ["sour-cream"],
    "yogurt": ["sour-cream"],
    "heavy-cream": ["double-cream", "whipping-cream"],
    "double-cream": ["heavy-cream", "whipping-cream"],
    "whipping-cream": ["heavy-cream", "double-cream"],
    "milk": ["soy-milk", "oat-milk", "almond-milk"],
    "shallot": ["onion"],
    "scallion": ["onion", "shallot"],
    "red-onion": ["onion"],
    "lemon-juice": ["lime-juice", "vinegar"],
    "lime-juice": ["lemon-juice"],
    "lemon": ["lime"],
    "lime": ["lemon"],
    "brown-sugar": ["sugar"],
    "caster-sugar": ["sugar"],
    "honey": ["maple-syrup", "sugar"],
    "maple-syrup": ["honey"],
    "vegetable-oil": ["olive-oil", "sunflower-oil", "canola-oil"],
    "olive-oil": ["vegetable-oil"],
    "vegetable-stock": ["chicken-stock", "water"],
    "chicken-stock": ["vegetable-stock"],
    "beef-stock": ["chicken-stock", "vegetable-stock"],
    "parsley": ["cilantro"],
    "cilantro": ["parsley"],
    "self-raising-flour": ["flour"],
    "bread-flour": ["flour"],
    "white-wine": ["chicken-stock", "vegetable-stock"],
    "red-wine": ["beef-stock"],
    "garlic": ["garlic-powder"],
    "fresh-ginger": ["ground-ginger"],
    "ginger": ["ground-ginger"],
    "spaghetti": ["pasta", "linguine"],
    "penne": ["pasta", "rigatoni"],
    "cheddar": ["cheese"],
    "parmesan": ["pecorino"],
    "pecorino": ["parmesan"],
  ]
}

/// A store that keeps a ``FinderEngine`` current: every write is passed on to the base store
/// and then to the engine, so the finder never needs a rebuild after an edit.
public struct FinderIndexedStore: ForwardingRecipeStore {
  /// The store that keeps the recipes.
  public let base: any RecipeStore
  /// The engine kept current.
  public let engine: FinderEngine
  /// The household the engine indexes; writes to other households are not indexed.
  public let household: HouseholdID

  /// Wraps a store and an engine.
  public init(base: any RecipeStore, engine: FinderEngine, household: HouseholdID = .default) {
    self.base = base
    self.engine = engine
    self.household = household
  }

  /// Loads every recipe of the household into the engine; returns what the build took.
  @discardableResult
  public func rebuildEngine(clock: () -> UInt64) throws -> FinderBuildReport {
    let profiles = try base.foodProfiles(household: household)
    return engine.build(recipes: profiles.map(FinderRecipe.init(profile:)), clock: clock)
  }

  /// Creates, then indexes.
  public func createRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    let created = try base.createRecipe(recipe, household: household, now: now)
    index(created)
    return created
  }

  /// Updates, then re-indexes.
  public func updateRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    let updated = try base.updateRecipe(recipe, household: household, now: now)
    index(updated)
    return updated
  }

  /// Deletes, then removes from the engine.
  public func deleteRecipe(id: RecipeID, household: HouseholdID) throws {
    try base.deleteRecipe(id: id, household: household)
    if household == self.household { engine.remove(recipeID: id.rawValue) }
  }

  /// Imports, then indexes what was created or updated.
  public func importRecipes(
    _ recipes: [Recipe], household: HouseholdID, now: Date
  ) throws
    -> [ImportOutcome]
  {
    let outcomes = try base.importRecipes(recipes, household: household, now: now)
    for outcome in outcomes {
      if case .unchanged = outcome { continue }
      if let recipe = try base.recipe(id: outcome.recipeID, household: household) { index(recipe) }
    }
    return outcomes
  }

  private func index(_ recipe: Recipe) {
    guard recipe.householdID == household else { return }
    engine.update(FinderRecipe(profile: RecipeFoodProfile(recipe)))
  }
}

/// How one thing the user says they have was understood.
public struct PantryTerm: Hashable, Sendable, Codable {
  /// What the user wrote ("eggs").
  public var input: String
  /// The catalog food it stands for, or nil when none matched.
  public var food: FoodMatch?

  /// Makes a term.
  public init(input: String, food: FoodMatch?) {
    self.input = input
    self.food = food
  }

  /// Reads a list such as "eggs, flour, 2 cups milk": each item is a catalog food id or a
  /// name, matched through the catalog.
  public static func resolve(_ items: [String], catalog: FoodCatalog) -> [PantryTerm] {
    items.flatMap { $0.split(separator: ",") }
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { !$0.isEmpty }
      .map { item in
        if let food = catalog.food(id: item) {
          return PantryTerm(
            input: item,
            food: FoodMatch(foodID: food.id, name: food.name, how: .exact, confidence: 1))
        }
        return PantryTerm(input: item, food: catalog.match(item))
      }
  }
}
