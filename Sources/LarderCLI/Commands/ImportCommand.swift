import Foundation
import LarderCore
import LarderImport
import LarderStore

/// `larder import PATH...`: imports recipe files, folders and other apps' exports, reporting
/// every item.
///
/// Each document (a file, or a member of an archive) is read, then stored in batches, so a bad
/// document or item loses nothing from the others; re-running is idempotent because the store
/// recognises recipes imported before.
enum ImportCommand {
  static func run(_ context: CommandContext) throws -> Int32 {
    if let status = try ClipCommandSupport.runIfURLs(context) { return status }
    let console = context.console
    let reader = BulkReader()
    var budget = ArchiveBudget(limits: reader.limits)
    // For each argument, in order: the files found under it, or why it cannot be read.
    let given = context.command.arguments("path")
    let found: [Result<[String], LarderImportError>] = given.map { path in
      if path == "-" { return .success(["-"]) }
      do {
        return .success(try reader.files(at: path))
      } catch let error as LarderImportError {
        return .failure(error)
      } catch {
        return .failure(.unreadable(source: path, reason: "\(error)"))
      }
    }
    let store = try context.openAnalyzingStore()
    let now = Date()
    var reports: [ImportDocumentReport] = []
    let fileCount = found.reduce(0) { count, files in
      count + ((try? files.get()) ?? []).filter { $0 != "-" }.count
    }
    var fileNumber = 0
    for (path, result) in zip(given, found) {
      let files: [String]
      switch result {
      case .success(let list): files = list
      case .failure(let error):
        reports.append(
          ImportDocumentReport(
            source: ImportSource(file: path), format: nil, status: .failed(error.reason)))
        continue
      }
      var recipeDocuments = 0
      let record = { (document: ImportDocument) in
        if document.skipReason == nil { recipeDocuments += 1 }
        if let member = document.source.members.last {
          // Exports hold hundreds of recipes in one file: show which member is being stored.
          let name = (document.source.file as NSString).lastPathComponent
          console.progress("Importing \(fileNumber)/\(fileCount): \(name) › \(member)")
        }
        reports.append(BulkImporter.store(document, into: store, now: now))
      }
      for file in files {
        if file == "-" {
          let source = ImportSource(file: "standard input")
          switch CommandInput.read("-", limit: reader.maximumArchiveBytes) {
          case .success(let data):
            reader.read(data, source: source, explicit: true, budget: &budget, record)
          case .failure:
            let reason = "larger than \(reader.maximumArchiveBytes >> 20) MiB; refused"
            record(ImportDocument(source: source, format: nil, status: .failed(reason)))
          }
          continue
        }
        fileNumber += 1
        console.progress(
          "Importing \(fileNumber)/\(fileCount): \((file as NSString).lastPathComponent)")
        reader.readFile(file, explicit: file == path, budget: &budget, record)
      }
      // A folder where nothing was a recipe is an error: the user pointed at the wrong place.
      if path != "-", files != [path], recipeDocuments == 0 {
        reports.append(
          ImportDocumentReport(
            source: ImportSource(file: path), format: nil,
            status: .failed("no recipe files in this folder")))
      }
    }
    console.clearProgress()
    return try finish(reports, context: context)
  }

  private static func finish(
    _ reports: [ImportDocumentReport], context: CommandContext
  ) throws -> Int32 {
    let summary = ImportDocumentReport.summary(of: reports)
    let counts = summary.counts
    let skipped = summary.skipped
    let fileCount = summary.fileCount
    let failed = counts["failed", default: 0]
    if context.json {
      try context.printJSONObject(summary.json)
    } else {
      for report in reports {
        if case .failed(let reason) = report.status {
          context.console.printError("error: \(report.source): \(reason)")
        }
        for item in report.items {
          let label =
            "\(report.source): item \(item.index + 1)" + (item.name.map { " (\($0))" } ?? "")
          for warning in item.warnings {
            context.console.printError("warning: \(label): \(warning)")
          }
          if let error = item.error { context.console.printError("error: \(label): \(error)") }
        }
      }
      let skippedNote =
        skipped == 0
        ? "" : "; skipped \(skipped) \(skipped == 1 ? "file" : "files") without recipes"
      context.console.print(
        "Imported \(fileCount) \(fileCount == 1 ? "file" : "files"): "
          + "\(counts["created", default: 0]) created, \(counts["updated", default: 0]) updated, "
          + "\(counts["unchanged", default: 0]) unchanged, \(failed) failed\(skippedNote).")
    }
    return failed == 0 ? LarderCommandLine.exitSuccess : LarderCommandLine.exitFailure
  }
}
