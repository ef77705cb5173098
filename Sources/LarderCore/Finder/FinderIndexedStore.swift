import Foundation

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
