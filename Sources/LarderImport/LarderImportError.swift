import Foundation

/// What can go wrong while getting recipes into Larder from outside: pages, files and archives.
/// Each case names what failed and where, so a report can point a user at the item to fix.
public enum LarderImportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A document cannot be read at all (`source` is a file name, archive member or URL).
  case unreadable(source: String, reason: String)
  /// A document was read but holds no recipe.
  case noRecipe(source: String)

  /// A sentence naming what failed and where.
  public var description: String {
    switch self {
    case .unreadable(let source, let reason):
      return "\(source): cannot be read: \(reason)"
    case .noRecipe(let source):
      return "\(source): no recipe found"
    }
  }
}
