import Foundation
import LarderCore

/// Where a document came from: a file, then the members of archives inside it, written
/// "export.zip › My Recipes/Soup.paprikarecipe".
public struct ImportSource: Hashable, Sendable, CustomStringConvertible {
  /// The file as given (a path, or "standard input").
  public var file: String
  /// The archive members leading to the document, outermost first.
  public var members: [String]

  /// A source that is a file itself.
  public init(file: String, members: [String] = []) {
    self.file = file
    self.members = members
  }

  /// The same source one archive member deeper.
  public func appending(member: String) -> ImportSource {
    ImportSource(file: file, members: members + [member])
  }

  /// The name of the innermost part (the member, or else the file).
  public var name: String { members.last ?? file }

  /// "file › member › member".
  public var description: String { ([file] + members).joined(separator: " › ") }
}

/// One document bulk import found: a file or archive member, what format it is, and its items.
public struct ImportDocument: Sendable {
  /// What happened to the document as a whole.
  public enum Status: Sendable, Equatable {
    /// It was read; its items say what each holds.
    case read
    /// It holds no recipe (an image, a settings file, a README); the reason says why.
    case skipped(String)
    /// It could not be read at all; the error says why and where.
    case failed(String)
  }

  /// Why it was skipped, or nil when it was not.
  public var skipReason: String? {
    if case .skipped(let reason) = status { return reason }
    return nil
  }

  /// Where it came from.
  public var source: ImportSource
  /// The format it was read as, when recognised.
  public var format: RecipeFormat?
  /// Read, skipped or failed.
  public var status: Status
  /// The recipes it held, or why each could not be read.
  public var items: [FoundRecipe]

  /// Makes a document report.
  public init(
    source: ImportSource, format: RecipeFormat?, status: Status, items: [FoundRecipe] = []
  ) {
    self.source = source
    self.format = format
    self.status = status
    self.items = items
  }
}
