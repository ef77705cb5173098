import Foundation
import LarderCore

/// Several Larder processes on one database: each keeps its finder, library summaries and
/// food catalogs in memory, and brings them up to date with the changes the others commit,
/// as the store reports them (``StoreChangeFeed``).
extension Larder {
  /// Starts applying the changes other processes commit to `feed`'s database to this
  /// Larder's finder engines, library summaries and household catalogs, within moments of
  /// their commit. What this process writes itself is applied as it writes it.
  public func followChanges(of feed: any StoreChangeFeed) throws {
    let larder = self
    try feed.followChanges { changes in larder.applyChangesFromElsewhere(changes) }
  }

  /// More changes than this to one household in one batch reload its finder and library
  /// rather than reading each recipe (another process's import, say).
  static let changesReadOneByOne = 200

  /// Applies changes another process made: each recipe is read again and put in (or taken
  /// out of) the household's finder and library summaries, a household's foods reload its
  /// catalog, and changes that may have been missed reload everything held. Households this
  /// process has not used hold nothing and are skipped: their first use reads the store.
  func applyChangesFromElsewhere(_ changes: [StoreChange]) {
    var recipes: [HouseholdID: [RecipeID: Bool]] = [:]
    var foods: Set<HouseholdID> = []
    var unknown = false
    for change in changes {
      switch change {
      case .recipe(let id, let household, let deleted):
        recipes[household, default: [:]][id] = deleted
      case .foods(let household): foods.insert(household)
      case .unknown: unknown = true
      }
    }
    let inUse = Set(households.householdsInUse)
    if unknown {
      for household in inUse { reloadEverything(of: household) }
      return
    }
    for household in foods where inUse.contains(household) {
      do {
        try households.reload(household)
      } catch {
        log(
          "error: reloading household \(household.rawValue)'s foods after another process "
            + "changed them: \(error)")
      }
    }
    for (household, changed) in recipes where inUse.contains(household) {
      guard changed.count <= Self.changesReadOneByOne else {
        reloadEverything(of: household)
        continue
      }
      for (id, deleted) in changed.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
        apply(recipe: id, deleted: deleted, household: household)
      }
    }
  }

  private func apply(recipe id: RecipeID, deleted: Bool, household: HouseholdID) {
    do {
      // Read now: a recipe changed again since the notice is read as it is now, and one
      // deleted since is taken out.
      let recipe = deleted ? nil : try recipes.recipe(id: id, household: household)
      if let recipe {
        households.withEngine(of: household) { engine in
          engine.update(FinderRecipe(profile: RecipeFoodProfile(recipe)))
        }
        library.apply(.saved(recipe), household: household)
      } else {
        households.withEngine(of: household) { _ = $0.remove(recipeID: id.rawValue) }
        library.apply(.deleted(id), household: household)
      }
    } catch {
      log(
        "error: reading recipe \(id.rawValue) another process changed: \(error); "
          + "reloading household \(household.rawValue)")
      reloadEverything(of: household)
    }
  }

  /// Reads the household's foods, finder and library again.
  private func reloadEverything(of household: HouseholdID) {
    library.invalidate(household: household)
    do {
      try households.reload(household)
      if households.existingState(for: household)?.finder.builtEngine != nil {
        try rebuildFinder(as: .local(household: household))
      }
    } catch {
      log(
        "error: reloading household \(household.rawValue) after changes made elsewhere: "
          + "\(error)")
    }
  }
}
