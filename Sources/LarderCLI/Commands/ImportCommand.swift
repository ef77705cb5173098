import Foundation
import LarderCore
import LarderStore

/// `larder import PATH...`: imports schema.org JSON-LD files and folders, reporting every item.
///
/// Each file is imported in its own transaction, so a bad file loses nothing from the others;
/// within a file, an item that cannot be read is reported and the rest are imported.
enum ImportCommand {
  /// Files larger than this are refused rather than read into memory.
  static let maximumFileBytes = 64 << 20

  struct ItemReport {
    var index: Int
    var name: String?
    var status: String
    var id: String?
    var error: String?
    var warnings: [String]
  }

  struct FileReport {
    var path: String
    var error: String?
    var items: [ItemReport] = []
  }

  static func run(_ context: CommandContext) throws -> Int32 {
    if let status = try ClipCommandSupport.runIfURLs(context) { return status }
    let console = context.console
    var files: [String] = []
    var reports: [FileReport] = []
    for path in context.command.arguments("path") {
      switch collect(path) {
      case .success(let found):
        if found.isEmpty {
          reports.append(FileReport(path: path, error: "no .json or .jsonld files in this folder"))
        }
        files += found
      case .failure(let error): reports.append(FileReport(path: path, error: error.description))
      }
    }
    let store = try context.openAnalyzingStore()
    let now = Date()
    for (number, file) in files.enumerated() {
      console.progress(
        "Importing \(number + 1)/\(files.count): \((file as NSString).lastPathComponent)")
      reports.append(importFile(file, into: store, now: now))
    }
    console.clearProgress()
    return try finish(reports, context: context)
  }

  private static func collect(_ path: String) -> Result<[String], CLIError> {
    if path == "-" { return .success(["-"]) }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return .failure(CLIError("no such file or folder"))
    }
    guard isDirectory.boolValue else { return .success([path]) }
    guard
      let enumerator = FileManager.default.enumerator(
        at: URL(fileURLWithPath: path), includingPropertiesForKeys: [.isRegularFileKey],
        options: [.skipsHiddenFiles])
    else { return .failure(CLIError("cannot read the folder")) }
    var found: [String] = []
    for case let url as URL in enumerator
    where ["json", "jsonld"].contains(url.pathExtension.lowercased()) {
      found.append(url.path)
    }
    return .success(found.sorted())
  }

  private static func importFile(
    _ path: String, into store: any RecipeStore, now: Date
  ) -> FileReport {
    var report = FileReport(path: path == "-" ? "standard input" : path)
    let data: Data
    do {
      data = try read(path)
    } catch {
      report.error = "\(error)"
      return report
    }
    let items: [SchemaOrgItem]
    do {
      items = try SchemaOrg.readRecipes(from: data)
    } catch {
      report.error = "\(error)"
      return report
    }
    let recipes = items.compactMap { try? $0.result.get() }
    let outcomes: [ImportOutcome]
    do {
      outcomes = try store.importRecipes(recipes, household: .default, now: now)
    } catch {
      report.error = "\(error)"
      return report
    }
    var next = outcomes.makeIterator()
    for item in items {
      switch item.result {
      case .success:
        let outcome = next.next()
        report.items.append(
          ItemReport(
            index: item.index, name: item.name, status: outcome?.label ?? "failed",
            id: outcome?.recipeID.rawValue, error: nil, warnings: item.warnings))
      case .failure(let error):
        report.items.append(
          ItemReport(
            index: item.index, name: item.name, status: "failed", id: nil,
            error: error.description, warnings: item.warnings))
      }
    }
    return report
  }

  private static func read(_ path: String) throws -> Data {
    if path == "-" {
      let data = FileHandle.standardInput.readData(ofLength: maximumFileBytes + 1)
      guard data.count <= maximumFileBytes else {
        throw CLIError("standard input is larger than \(maximumFileBytes >> 20) MiB")
      }
      return data
    }
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    if let size = attributes?[.size] as? Int, size > maximumFileBytes {
      throw CLIError("the file is larger than \(maximumFileBytes >> 20) MiB")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CLIError("the file cannot be read")
    }
    return data
  }

  private static func finish(_ reports: [FileReport], context: CommandContext) throws -> Int32 {
    var counts = ["created": 0, "updated": 0, "unchanged": 0, "failed": 0]
    for report in reports {
      if report.error != nil { counts["failed", default: 0] += 1 }
      for item in report.items { counts[item.status, default: 0] += 1 }
    }
    let failed = counts["failed", default: 0]
    if context.json {
      let files: [[String: Any]] = reports.map { report in
        var file: [String: Any] = [
          "path": report.path,
          "items": report.items.map { item -> [String: Any] in
            var value: [String: Any] = [
              "index": item.index + 1, "status": item.status, "warnings": item.warnings,
            ]
            value["name"] = item.name
            value["id"] = item.id
            value["error"] = item.error
            return value
          },
        ]
        file["error"] = report.error
        return file
      }
      var summary: [String: Any] = counts
      summary["files"] = files
      try context.printJSONObject(summary)
    } else {
      for report in reports {
        if let error = report.error {
          context.console.printError("error: \(report.path): \(error)")
        }
        for item in report.items {
          let label =
            "\(report.path): item \(item.index + 1)" + (item.name.map { " (\($0))" } ?? "")
          for warning in item.warnings {
            context.console.printError("warning: \(label): \(warning)")
          }
          if let error = item.error { context.console.printError("error: \(label): \(error)") }
        }
      }
      let fileCount = reports.count
      context.console.print(
        "Imported \(fileCount) \(fileCount == 1 ? "file" : "files"): "
          + "\(counts["created", default: 0]) created, \(counts["updated", default: 0]) updated, "
          + "\(counts["unchanged", default: 0]) unchanged, \(failed) failed.")
    }
    return failed == 0 ? LarderCommandLine.exitSuccess : LarderCommandLine.exitFailure
  }
}
