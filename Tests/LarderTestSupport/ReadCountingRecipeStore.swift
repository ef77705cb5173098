import Foundation
import LarderCore

/// A store that counts the whole recipes read back from it (`recipe(id:household:)`), passing
/// every call on to `base`: for tests that check a path does not load documents it has no
/// need of.
public final class ReadCountingRecipeStore: ForwardingRecipeStore, @unchecked Sendable {
  // @unchecked Sendable: `reads` is read and written only while holding `lock`.
  /// The store every call goes on to.
  public let base: any RecipeStore
  private let lock = NSLock()
  private var reads = 0

  /// Counts the reads of `base`.
  public init(base: any RecipeStore) {
    self.base = base
  }

  /// The whole recipes read since the store was made or last reset.
  public var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return reads
  }

  /// Starts counting again from zero.
  public func reset() {
    lock.lock()
    reads = 0
    lock.unlock()
  }

  /// Reads the recipe from `base`, counting the read.
  public func recipe(id: RecipeID, household: HouseholdID) throws -> Recipe? {
    lock.lock()
    reads += 1
    lock.unlock()
    return try base.recipe(id: id, household: household)
  }
}
