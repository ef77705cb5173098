import Foundation

/// The pantry finder engines a ``FinderIndexedStore`` keeps current: one per household, each
/// holding only that household's recipes.
public protocol FinderEngines: Sendable {
  /// Passes the household's engine to `edit` when the household has one in use; does nothing
  /// when it has none (an engine not yet built is loaded from the store when it is first
  /// used, so it misses nothing).
  ///
  /// An implementation that builds engines while writes go on runs each edit of a household
  /// apart from that household's build, so an edit is never lost to a build that read the
  /// store before the edit was written. `edit` may read the store.
  func withEngine(of household: HouseholdID, _ edit: (FinderEngine) throws -> Void) rethrows
}

/// A store that keeps the finder's engines current: every write is passed on to the base store
/// and then to the writing household's engine, so the finder never needs a rebuild after an
/// edit, and one household's recipes never reach another's engine.
public struct FinderIndexedStore: ForwardingRecipeStore {
  /// The store that keeps the recipes.
  public let base: any RecipeStore
  /// The engines kept current, one per household.
  public let engines: any FinderEngines

  /// Wraps a store and each household's engine.
  public init(base: any RecipeStore, engines: any FinderEngines) {
    self.base = base
    self.engines = engines
  }

  /// Wraps a store and the one engine of one household; other households' writes are not
  /// indexed.
  public init(base: any RecipeStore, engine: FinderEngine, household: HouseholdID = .default) {
    self.init(base: base, engines: OneHouseholdEngine(engine: engine, household: household))
  }

  /// Creates, then indexes.
  public func createRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    let created = try base.createRecipe(recipe, household: household, now: now)
    index(created, household: household)
    return created
  }

  /// Updates, then re-indexes.
  public func updateRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    let updated = try base.updateRecipe(recipe, household: household, now: now)
    index(updated, household: household)
    return updated
  }

  /// Deletes, then removes from the household's engine.
  public func deleteRecipe(id: RecipeID, household: HouseholdID) throws {
    try base.deleteRecipe(id: id, household: household)
    engines.withEngine(of: household) { $0.remove(recipeID: id.rawValue) }
  }

  /// Imports, then indexes what was created or updated; the recipes are read back only when
  /// the household has an engine in use.
  public func importRecipes(
    _ recipes: [Recipe], household: HouseholdID, now: Date
  ) throws
    -> [ImportOutcome]
  {
    let outcomes = try base.importRecipes(recipes, household: household, now: now)
    try engines.withEngine(of: household) { engine in
      for outcome in outcomes {
        if case .unchanged = outcome { continue }
        if let recipe = try base.recipe(id: outcome.recipeID, household: household) {
          engine.update(FinderRecipe(profile: RecipeFoodProfile(recipe)))
        }
      }
    }
    return outcomes
  }

  private func index(_ recipe: Recipe, household: HouseholdID) {
    engines.withEngine(of: household) { engine in
      engine.update(FinderRecipe(profile: RecipeFoodProfile(recipe)))
    }
  }
}

/// One engine, holding one household's recipes.
private struct OneHouseholdEngine: FinderEngines {
  let engine: FinderEngine
  let household: HouseholdID

  func withEngine(of household: HouseholdID, _ edit: (FinderEngine) throws -> Void) rethrows {
    if household == self.household { try edit(engine) }
  }
}
