import Foundation

/// The food catalog a running server reads, replaced whole when a household adds a food or a
/// name. Readers take the current catalog (a value) and keep using it for the request, so a
/// change never shows half-applied.
///
/// `@unchecked Sendable`: the one stored catalog, and the pantry items read with it, are read
/// and written only under `lock`.
public final class LiveFoodCatalog: @unchecked Sendable {
  private let lock = NSLock()
  private var catalog: FoodCatalog
  private var replacements = 0
  /// Pantry items already read with the current catalog (``pantryTerms(_:)``).
  private var terms: [String: PantryTerm] = [:]

  /// How many pantry items' readings are kept at most; past it they are forgotten and read
  /// again. Only items of at most ``keptTermLength`` bytes are kept (a food's name is short),
  /// so what is kept stays small whatever requests send.
  static let keptTerms = 4096
  static let keptTermLength = 64

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
    terms.removeAll()
  }

  /// Reads a pantry list as ``PantryTerm/resolve(_:catalog:)`` does with the current catalog,
  /// remembering each item's reading until the catalog is replaced: a cook's pantry and
  /// staples come back with every finder request, and matching them was a twentieth of a
  /// finder request at 100,000 recipes (25 foods, K = 2).
  public func pantryTerms(_ list: [String]) -> [PantryTerm] {
    let items = PantryTerm.items(list)
    lock.lock()
    let catalog = self.catalog
    let version = replacements
    let known = items.map { terms[$0] }
    lock.unlock()
    var read: [String: PantryTerm] = [:]
    let result = zip(items, known).map { item, known in
      if let known { return known }
      let term = PantryTerm.resolve(item: item, catalog: catalog)
      if item.utf8.count <= Self.keptTermLength { read[item] = term }
      return term
    }
    if !read.isEmpty {
      lock.lock()
      if replacements == version {
        if terms.count + read.count > Self.keptTerms { terms.removeAll() }
        terms.merge(read) { _, new in new }
      }
      lock.unlock()
    }
    return result
  }
}
