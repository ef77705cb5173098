import Foundation

/// The food catalog a running server reads, replaced whole when a household adds a food or a
/// name. Readers take the current catalog (a value) and keep using it for the request, so a
/// change never shows half-applied.
///
/// `@unchecked Sendable`: the one stored catalog is read and written only under `lock`.
public final class LiveFoodCatalog: @unchecked Sendable {
  private let lock = NSLock()
  private var catalog: FoodCatalog
  private var replacements = 0

  /// Starts with a catalog.
  public init(_ catalog: FoodCatalog) {
    self.catalog = catalog
  }

  /// The catalog as it is now.
  public var current: FoodCatalog {
    lock.lock()
    defer { lock.unlock() }
    return catalog
  }

  /// The catalog as it is now and how many times it has been replaced, so a reader can tell
  /// whether something it built from an earlier catalog is still current.
  public var currentWithVersion: (catalog: FoodCatalog, version: Int) {
    lock.lock()
    defer { lock.unlock() }
    return (catalog, replacements)
  }

  /// Replaces the catalog for every later reader.
  public func replace(with catalog: FoodCatalog) {
    lock.lock()
    defer { lock.unlock() }
    self.catalog = catalog
    replacements += 1
  }
}
