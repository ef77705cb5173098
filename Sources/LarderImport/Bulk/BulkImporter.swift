import Foundation
import LarderCore

/// What happened to one recipe in a bulk import.
public struct ImportItemReport: Sendable {
  /// Created, updated, unchanged (already imported, identical) or failed.
  public enum Status: String, Sendable, Codable {
    /// Stored as a new recipe.
    case created
    /// An earlier import of it was updated.
    case updated
    /// An earlier import was identical; nothing changed (a duplicate, skipped).
    case unchanged
    /// It could not be read or stored; ``ImportItemReport/error`` says why.
    case failed
  }

  /// The item's position in its document, from 0.
  public var index: Int
  /// The recipe's name, when it has one.
  public var name: String?
  /// What happened.
  public var status: Status
  /// The stored recipe's ID, unless it failed.
  public var recipeID: RecipeID?
  /// Why it failed, naming the field.
  public var error: String?
  /// Fields that were left empty, each naming the field and value.
  public var warnings: [String]
}

/// What happened to one document and each recipe in it.
public struct ImportDocumentReport: Sendable {
  /// Where the document came from.
  public var source: ImportSource
  /// The format it was read as.
  public var format: RecipeFormat?
  /// Read, skipped (no recipe in it) or failed as a whole.
  public var status: ImportDocument.Status
  /// One report per item, in order.
  public var items: [ImportItemReport]

  /// Makes a report; a document that failed or was skipped as a whole has no items.
  public init(
    source: ImportSource, format: RecipeFormat?, status: ImportDocument.Status,
    items: [ImportItemReport] = []
  ) {
    self.source = source
    self.format = format
    self.status = status
    self.items = items
  }
}

/// Stores what ``BulkReader`` read, in batches, so that an item the store refuses loses nothing
/// from the others.
public enum BulkImporter {
  /// How many recipes go to the store in one transaction.
  public static let batchSize = 100

  /// Stores a document's recipes and reports every item. Never throws: a batch the store
  /// refuses is retried one recipe at a time, and a recipe it still refuses is reported failed
  /// with a reason a user can act on; the store's own words (SQLite's, say) go to `log`, not
  /// into the report. An update that left fields empty, which the store keeps as they were,
  /// says so in the item's warnings.
  ///
  /// Photos that came inside the document (``FoundRecipe/embeddedImages``) are checked as an
  /// upload is and kept in `images`, their `/images/{id}` addresses first in the recipe's
  /// images; a photo that is not valid base64, not an image, too large, or that there is no
  /// image store for is left out with a warning naming the recipe and the problem, and the
  /// recipe is still stored.
  public static func store(
    _ document: ImportDocument, into store: any RecipeStore, images: (any ImageStore)? = nil,
    household: HouseholdID = .default, now: Date, log: (String) -> Void = { _ in }
  ) -> ImportDocumentReport {
    var reports = document.items.map { item -> ImportItemReport in
      let failure = item.result.failure.map { $0.description }
      return ImportItemReport(
        index: item.index, name: item.name, status: .failed, recipeID: nil, error: failure,
        warnings: item.warnings)
    }
    let readable: [(position: Int, recipe: Recipe)] = document.items.enumerated().compactMap {
      position, item in
      guard case .success(var recipe) = item.result else { return nil }
      if !item.embeddedImages.isEmpty {
        recipe.images =
          keep(
            item.embeddedImages, of: recipe, in: images, household: household, now: now,
            warnings: &reports[position].warnings, log: log) + recipe.images
      }
      return (position, recipe)
    }
    var start = 0
    while start < readable.count {
      let batch = Array(readable[start..<min(start + batchSize, readable.count)])
      start += batch.count
      if let outcomes = try? store.importRecipes(
        batch.map(\.recipe), household: household, now: now), outcomes.count == batch.count
      {
        for (entry, outcome) in zip(batch, outcomes) {
          record(
            outcome, of: entry.recipe, in: &reports[entry.position], store: store,
            household: household)
        }
        continue
      }
      for entry in batch {
        do {
          let outcomes = try store.importRecipes([entry.recipe], household: household, now: now)
          if let outcome = outcomes.first {
            record(
              outcome, of: entry.recipe, in: &reports[entry.position], store: store,
              household: household)
          } else {
            reports[entry.position].error = "the store did not keep the recipe"
          }
        } catch {
          reports[entry.position].error = reason(for: error)
          let name = entry.recipe.name
          log("import: \(document.source) item \(entry.position + 1) '\(name)': \(error)")
        }
      }
    }
    return ImportDocumentReport(
      source: document.source, format: document.format, status: document.status, items: reports)
  }

  /// Stores each embedded photo of `recipe` that is an image Larder serves, returning their
  /// addresses in order (each once); every photo left out adds a warning.
  static func keep(
    _ embedded: [EmbeddedImage], of recipe: Recipe, in images: (any ImageStore)?,
    household: HouseholdID, now: Date, warnings: inout [String], log: (String) -> Void
  ) -> [String] {
    var kept: [String] = []
    for image in embedded {
      func leaveOut(_ problem: String) {
        warnings.append(
          EmbeddedImage.warning(field: image.field, recipe: recipe.name, problem: problem))
      }
      let data: Data
      switch image.content {
      case .bytes(let bytes): data = bytes
      case .unreadable(let problem):
        leaveOut(problem)
        continue
      case .file(let path):
        leaveOut("'\(path.prefix(80))' did not come with the document")
        continue
      }
      guard let images else {
        leaveOut("this Larder keeps no images")
        continue
      }
      do {
        let format = try ImageFormat.validate(data, declaredType: nil)
        let id = try images.putImage(data, format: format, household: household, now: now)
        if !kept.contains(id.path) { kept.append(id.path) }
      } catch let error as LarderCoreError {
        if case .invalidImage(let reason) = error { leaveOut(reason) } else { leaveOut("\(error)") }
      } catch {
        leaveOut("the image store refused it")
        log("import: '\(recipe.name)' \(image.field) was not kept: \(error)")
      }
    }
    return kept
  }

  /// What a report says when the store refuses a recipe: a field's problem as the core
  /// words it, anything else (a database's own text, which names tables and constraints) in
  /// plain words.
  static func reason(for error: any Error) -> String {
    if let error = error as? LarderCoreError { return error.description }
    return "could not be stored: the database refused it (the server's log has the details)"
  }

  private static func record(
    _ outcome: ImportOutcome, of recipe: Recipe, in report: inout ImportItemReport,
    store: any RecipeStore, household: HouseholdID
  ) {
    // Read back, so the warning says what the store kept, not what it was asked to do.
    if outcome != .created(outcome.recipeID),
      let stored = try? store.recipe(id: outcome.recipeID, household: household),
      let warning = RecipeField.keptWarning(
        ((try? recipe.validated()) ?? recipe).replacing(stored).kept)
    {
      report.warnings.append(warning)
    }
    switch outcome {
    case .created(let id):
      report.status = .created
      report.recipeID = id
    case .updated(let id):
      report.status = .updated
      report.recipeID = id
    case .unchanged(let id):
      report.status = .unchanged
      report.recipeID = id
    }
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
