import Foundation
import LarderCore

/// The food name index, built on the first autocomplete request rather than when the Larder
/// is made (folding some 15,000 names is work a server start need not pay), and again after
/// the household changes its foods.
final class LazyFoodNameIndex: @unchecked Sendable {
  // @unchecked Sendable: `built` is read and written only while holding `lock`.
  private let lock = NSLock()
  private let catalog: LiveFoodCatalog
  private var built: (version: Int, index: FoodSearchIndex)?

  init(_ catalog: LiveFoodCatalog) {
    self.catalog = catalog
  }

  var index: FoodSearchIndex {
    let (current, version) = catalog.currentWithVersion
    lock.lock()
    defer { lock.unlock() }
    if let built, built.version == version { return built.index }
    let made = FoodSearchIndex(current)
    built = (version, made)
    return made
  }
}
