import Dispatch
import Foundation
import LarderCore

/// When stored recipes are matched again after the household's foods change.
///
/// A food added or removed changes which food a stored line means, so every change is
/// followed by a pass over the household's stored recipes; the front end says only when it
/// runs.
public enum Rematching: Sendable {
  /// Before the use case returns, reporting `(done, total)` as it goes: what a command does.
  case now(progress: @Sendable (_ done: Int, _ total: Int) -> Void)
  /// On the rematcher's own queue, for the caller's household, so the answer does not wait:
  /// what the server does.
  case inBackground(RecipeRematcher)
  /// Not now: the caller has said it will run ``Larder/rematchRecipes(progress:as:)`` later.
  case postponed
}

/// What matching stored recipes again did.
public struct RematchReport: Sendable, Equatable, Codable {
  /// How many recipes the household has.
  public var recipes: Int
  /// How many of them changed.
  public var changed: Int

  /// Makes a report.
  public init(recipes: Int, changed: Int) {
    self.recipes = recipes
    self.changed = changed
  }
}

extension Larder {
  /// Parses and matches every stored recipe of the caller's household again with its food
  /// catalog as it is now, keeping each recipe's update time, then reloads the household's
  /// pantry finder when it has been made. Each recipe is analysed once; no other household's
  /// recipes, catalog or finder are touched.
  @discardableResult
  public func rematchRecipes(
    progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }, as caller: Caller
  ) throws -> RematchReport {
    let household = try household(caller)
    let changed = try ApplicationError.translating {
      try AnalyzingRecipeStore(base: rematchStore, analyzer: analysis.analyzer(household.foods))
        .reanalyzeAll(household: caller.household, progress: progress)
    }
    _ = try household.finder.rebuildIfBuilt(load: {
      try recipes.foodProfiles(household: caller.household).map(FinderRecipe.init(profile:))
    })
    return RematchReport(
      recipes: try recipes.recipeCount(household: caller.household), changed: changed)
  }

  /// Reloads the caller's household's catalog from what it has stored (so it is always what a
  /// restart gives), tells its finder, then matches its stored recipes again as asked;
  /// returns the pass's report when it ran before returning.
  func foodsChanged(_ rematching: Rematching, as caller: Caller) throws -> RematchReport? {
    guard foodStore != nil else { return nil }
    try households.reload(caller.household)
    switch rematching {
    case .now(let progress): return try rematchRecipes(progress: progress, as: caller)
    case .inBackground(let rematcher):
      rematcher.start(for: caller)
      return nil
    case .postponed: return nil
    }
  }
}

/// Matches stored recipes' lines again after a household's food change, one pass at a time
/// in the background, then reloads that household's finder; changes that arrive during a pass
/// start one more for their household. One rematcher serves every household of a Larder.
///
/// `@unchecked Sendable`: `pending` is read and written only under `lock`; the Larder is a
/// Sendable value.
public final class RecipeRematcher: @unchecked Sendable {
  private let larder: Larder
  private let queue = RecipeRematcher.passes

  /// The one queue every background pass over stored recipes runs on (a food change's, an
  /// upgrade's catch-up), so two passes over a household never overlap.
  static let passes = DispatchQueue(label: "larder.rematch")
  private let lock = NSLock()
  private var pending: Set<HouseholdID> = []

  /// A rematcher for the Larder's households, logging each pass through the Larder's log.
  public init(larder: Larder) {
    self.larder = larder
  }

  /// Asks for a pass over the caller's household's recipes; several asks for a household
  /// while its pass is waiting make one pass.
  public func start(for caller: Caller) {
    lock.lock()
    defer { lock.unlock() }
    guard pending.insert(caller.household).inserted else { return }
    queue.async { [self] in
      lock.lock()
      pending.remove(caller.household)
      lock.unlock()
      do {
        let report = try larder.rematchRecipes(as: caller)
        larder.log("Foods changed: matched recipes again, \(report.changed) changed.")
      } catch {
        larder.log("error: matching recipes again after a food change failed: \(error)")
      }
    }
  }

  /// Waits until the passes asked for so far are done: for tests and an orderly shutdown.
  public func wait() {
    queue.sync {}
  }
}
