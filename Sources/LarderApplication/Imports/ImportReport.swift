import Foundation
import LarderCore
import LarderImport

/// What an import did with every file (or URL) and every recipe in it: the report
/// `POST /api/v1/import` answers and `larder import --json` prints, in the same shape.
public struct ImportReport: Encodable, Sendable, Equatable {
  /// Recipes stored as new.
  public var created: Int
  /// Recipes imported before and updated.
  public var updated: Int
  /// Recipes imported before, identical, left alone.
  public var unchanged: Int
  /// Recipes that failed, and files that failed as a whole.
  public var failed: Int
  /// Files skipped because they hold no recipe; nil for a clip, where nothing is skipped.
  public var skipped: Int?
  /// Each file (or archive member, or URL), in order.
  public var files: [File]

  /// One file, archive member or URL.
  public struct File: Encodable, Sendable, Equatable {
    /// Where it came from ("export.zip › recipes/soup.json", or the URL).
    public var path: String
    /// The format it was read as, when recognised.
    public var format: String?
    /// Why it failed as a whole.
    public var error: String?
    /// Why it was skipped (it holds no recipe).
    public var skipped: String?
    /// Each recipe in it.
    public var items: [Item]
  }

  /// One recipe in a file.
  public struct Item: Encodable, Sendable, Equatable {
    /// Its position in the file, from 1.
    public var index: Int
    /// What happened to it.
    public var status: ImportItemReport.Status
    /// The recipe's name, when it has one.
    public var name: String?
    /// The stored recipe's ID, unless it failed.
    public var id: RecipeID?
    /// Why it failed.
    public var error: String?
    /// Fields left empty and the like, each naming the field.
    public var warnings: [String]
    /// Where it is, for a message ("export.zip › item 3"); nil for a clip.
    public var source: String?
  }

  /// Documents read or failed (not those skipped).
  public var fileCount: Int { files.filter { $0.skipped == nil }.count }

  /// Whether nothing was stored and something failed: an import that did nothing at all.
  public var storedNothing: Bool { created + updated + unchanged == 0 && failed > 0 }

  /// The first failure, named by where it happened.
  public var firstFailure: String? {
    for file in files {
      if let error = file.error { return "\(file.path): \(error)" }
      if let error = file.items.lazy.compactMap(\.error).first { return "\(file.path): \(error)" }
    }
    return nil
  }

  /// The report of a file import, from what the importer said of each document.
  public init(documents reports: [ImportDocumentReport]) {
    (created, updated, unchanged, failed, skipped) = (0, 0, 0, 0, 0)
    files = []
    for report in reports {
      var file = File(
        path: report.source.description, format: report.format?.rawValue, items: [])
      switch report.status {
      case .read: break
      case .failed(let reason):
        file.error = reason
        failed += 1
      case .skipped(let reason):
        file.skipped = reason
        skipped = (skipped ?? 0) + 1
      }
      file.items = report.items.map { item in
        count(item.status)
        return Item(
          index: item.index + 1, status: item.status, name: item.name, id: item.recipeID,
          error: item.error, warnings: item.warnings,
          source: "\(report.source) › item \(item.index + 1)")
      }
      files.append(file)
    }
  }

  /// An empty report of clips, to which each URL's outcome is added.
  init(clips: Void) {
    (created, updated, unchanged, failed, skipped) = (0, 0, 0, 0, nil)
    files = []
  }

  /// Adds one clipped URL: its recipe, or why it failed.
  mutating func add(url: String, _ result: Result<ClipReport, Error>) {
    switch result {
    case .success(let clip):
      let status = ImportItemReport.Status(clip.outcome)
      count(status)
      files.append(
        File(
          path: url,
          items: [
            Item(
              index: 1, status: status, name: clip.recipe.name, id: clip.recipe.id,
              warnings: clip.warnings)
          ]))
    case .failure(let error):
      failed += 1
      files.append(File(path: url, error: "\(error)", items: []))
    }
  }

  private mutating func count(_ status: ImportItemReport.Status) {
    switch status {
    case .created: created += 1
    case .updated: updated += 1
    case .unchanged: unchanged += 1
    case .failed: failed += 1
    }
  }
}

extension ImportItemReport.Status {
  /// The status of a stored recipe's outcome.
  init(_ outcome: ImportOutcome) {
    switch outcome {
    case .created: self = .created
    case .updated: self = .updated
    case .unchanged: self = .unchanged
    }
  }
}
