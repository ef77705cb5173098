import Foundation
import LarderApplication
import LarderCore
import LarderImport

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
    // Standard input may be an archive: it gets the archive limit that max_file_size implies.
    let limit = BulkReader(allowingFilesUpTo: context.config.maxFileBytes).maximumArchiveBytes
    let inputs = context.command.arguments("path").map { path -> FileImportRequest.Input in
      guard path == "-" else { return .path(path) }
      switch CommandInput.read("-", limit: limit) {
      case .success(let data): return .bytes(data, name: "standard input")
      case .failure:
        return .unreadable(
          name: "standard input",
          reason: "larger than \(limit >> 20) MiB; refused (--max-file-size raises the limit)")
      }
    }
    let larder = try context.openLarder().larder
    let report = try larder.importFiles(
      FileImportRequest(inputs: inputs),
      progress: { step in
        // Exports hold hundreds of recipes in one file: show which member is being stored.
        let member = step.member.map { " › \($0)" } ?? ""
        console.progress(
          "Importing \(step.fileNumber)/\(step.fileCount): \(step.fileName)\(member)")
      }, as: context.caller)
    console.clearProgress()
    return try finish(report, context: context)
  }

  private static func finish(_ report: ImportReport, context: CommandContext) throws -> Int32 {
    let skipped = report.skipped ?? 0
    let fileCount = report.fileCount
    if context.json {
      try context.printJSON(report)
    } else {
      for file in report.files {
        if let error = file.error {
          context.console.printError("error: \(file.path): \(error)")
        }
        for item in file.items {
          let label = "\(file.path): item \(item.index)" + (item.name.map { " (\($0))" } ?? "")
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
          + "\(report.created) created, \(report.updated) updated, "
          + "\(report.unchanged) unchanged, \(report.failed) failed\(skippedNote).")
    }
    return report.failed == 0 ? LarderCommandLine.exitSuccess : LarderCommandLine.exitFailure
  }
}
