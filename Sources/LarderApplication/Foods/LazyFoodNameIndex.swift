import Foundation
import LarderCore

/// The food name index, built on the first autocomplete request rather than when the Larder
/// is made (folding some 15,000 names is work a server start need not pay), and again after
/// the household changes its foods.
///
/// A household without foods of its own answers from the index every such household shares,
/// until its catalog first changes.
final class LazyFoodNameIndex: @unchecked Sendable {
  // @unchecked Sendable: `built` is read and written only while holding `lock`.
  private let lock = NSLock()
  private let catalog: LiveFoodCatalog
  private let shared: LazyFoodNameIndex?
  private var built: (version: Int, index: FoodSearchIndex)?

  /// An index of `catalog`; `shared` indexes the same foods while `catalog` is unchanged.
  init(_ catalog: LiveFoodCatalog, shared: LazyFoodNameIndex? = nil) {
    self.catalog = catalog
    self.shared = shared
  }

  /// Whether the index answers from the shared one: the catalog has not changed since it was
  /// shared.
  var isShared: Bool { shared != nil && catalog.currentWithVersion.version == 0 }

  var index: FoodSearchIndex {
    let (current, version) = catalog.currentWithVersion
    if version == 0, let shared { return shared.index }
    lock.lock()
    defer { lock.unlock() }
    if let built, built.version == version { return built.index }
    let made = FoodSearchIndex(current)
    built = (version, made)
    return made
  }
}
