import Dispatch
import Foundation
import LarderCore

/// When stored recipes are matched again after the household's foods change.
///
/// A food added or removed changes which food a stored line means, so every change is
/// followed by a pass over the stored recipes; the front end says only when it runs.
public enum Rematching: Sendable {
  /// Before the use case returns, reporting `(done, total)` as it goes: what a command does.
  case now(progress: @Sendable (_ done: Int, _ total: Int) -> Void)
  /// On the rematcher's own queue, so the answer does not wait: what the server does.
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
  /// Parses and matches every stored recipe's lines again with the food catalog as it is now,
  /// keeping each recipe's update time, then rebuilds the pantry finder from them when it is
  /// in use. Each recipe is analysed once.
  @discardableResult
  public func rematchRecipes(
    progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }, as caller: Caller
  ) throws -> RematchReport {
    try requireCatalogHousehold(caller)
    let target =
      rematchTarget
      ?? RematchTarget(store: recipes, analyzer: .matchingFoods(in: foods), finderInUse: true)
    // The target store is below the library's tracking, so tell the library of the writes.
    let store =
      rematchTarget == nil
      ? target.store : LibraryTrackingStore(base: target.store, library: library)
    let changed = try ApplicationError.translating {
      try AnalyzingRecipeStore(base: store, analyzer: target.analyzer)
        .reanalyzeAll(household: caller.household, progress: progress)
    }
    if target.finderInUse { try rebuildFinder(as: caller) }
    return RematchReport(
      recipes: try recipes.recipeCount(household: caller.household), changed: changed)
  }

  /// Rebuilds the live catalog from what the household has stored (so it is always what a
  /// restart gives), tells the finder, then matches stored recipes again as asked; returns
  /// the pass's report when it ran before returning.
  func foodsChanged(_ rematching: Rematching, as caller: Caller) throws -> RematchReport? {
    try requireCatalogHousehold(caller)
    guard let foodStore else { return nil }
    let (catalog, _) = try Larder.householdFoods(in: foodStore, as: caller)
    foods.replace(with: catalog)
    finder.setCatalog(FinderCatalog(foods: catalog))
    switch rematching {
    case .now(let progress): return try rematchRecipes(progress: progress, as: caller)
    case .inBackground(let rematcher):
      rematcher.start()
      return nil
    case .postponed: return nil
    }
  }
}

/// Matches every stored recipe's lines again after a food change, one pass at a time in the
/// background, then reloads the finder; changes that arrive during a pass start one more.
///
/// `@unchecked Sendable`: `pending` is read and written only under `lock`; the Larder is a
/// Sendable value.
public final class RecipeRematcher: @unchecked Sendable {
  private let larder: Larder
  private let caller: Caller
  private let queue = DispatchQueue(label: "larder.rematch")
  private let lock = NSLock()
  private var pending = false

  /// A rematcher for the caller's household, logging each pass through the Larder's log.
  public init(larder: Larder, caller: Caller) {
    self.larder = larder
    self.caller = caller
  }

  /// Asks for a pass; several asks while one is waiting make one pass.
  public func start() {
    lock.lock()
    defer { lock.unlock() }
    guard !pending else { return }
    pending = true
    queue.async { [self] in
      lock.lock()
      pending = false
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
