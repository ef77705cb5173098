import Foundation

/// What can go wrong while getting recipes into Larder from outside: pages, files and archives.
/// Each case names what failed and where, so a report can point a user at the item to fix.
public enum LarderImportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A document cannot be read at all (`source` is a file name, archive member or URL).
  case unreadable(source: String, reason: String)
  /// A document was read but holds no recipe.
  case noRecipe(source: String)
  /// A file or archive member would be larger than `limit` bytes; it was not read, so that a
  /// hostile file (a zip bomb, a 1 GB line) cannot exhaust memory.
  case tooLarge(source: String, limit: Int)
  /// An archive member expands more than `ratio` times its compressed size: a "zip bomb".
  case suspiciousCompression(source: String, ratio: Int)

  /// A sentence naming what failed and where.
  public var description: String {
    switch self {
    case .unreadable(let source, let reason):
      return "\(source): cannot be read: \(reason)"
    case .noRecipe(let source):
      return "\(source): no recipe found"
    case .tooLarge(let source, let limit):
      let size = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit)"
      return "\(source): refused: larger than the limit of \(size) (a guard against hostile files)"
    case .suspiciousCompression(let source, let ratio):
      return
        "\(source): refused: expands more than \(ratio) times its compressed size "
        + "(zip bomb protection)"
    }
  }
}
