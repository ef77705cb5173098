import Foundation
import LarderCore
import LarderImport
import LarderStore

/// `larder import URL...`: clips web pages. ``ImportCommand`` hands over when its arguments are
/// URLs.
enum ClipCommandSupport {
  /// Whether an argument is meant as a URL rather than a path.
  static func isURL(_ argument: String) -> Bool {
    let lowered = argument.lowercased()
    return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
  }

  /// The clipper the configuration asks for: public addresses only, unless
  /// `clip_allow_private` is set.
  static func clipper(for config: Config) -> RecipeClipper {
    let policy = AddressPolicy(allowPrivateAddresses: config.clipAllowPrivate)
    return RecipeClipper(fetcher: PageFetcher(configuration: FetchConfiguration(policy: policy)))
  }

  /// Clips the URLs and prints the report, when every argument is a URL; nil when none is, so
  /// file import goes ahead. A mix is a usage error: one report format per run.
  static func runIfURLs(_ context: CommandContext) throws -> Int32? {
    let arguments = context.command.arguments("path")
    let urls = arguments.filter(isURL)
    guard !urls.isEmpty else { return nil }
    guard urls.count == arguments.count else {
      throw CLIError(
        "give either URLs or files to 'larder import', not both: "
          + "'\(arguments.first { !isURL($0) } ?? "")' is not a URL")
    }
    let (database, _, store) = try context.openStores()
    let clipper = clipper(for: context.config)
    var reports: [(url: String, result: Result<ClipReport, Error>)] = []
    for (number, url) in urls.enumerated() {
      context.console.progress("Clipping \(number + 1)/\(urls.count): \(url)")
      let result = Result {
        try clipper.clip(
          url, into: store, images: database.imageStore, household: .default, now: Date())
      }
      reports.append((url, result))
    }
    context.console.clearProgress()
    return try finish(reports, context: context)
  }

  /// Prints the report in the shape file imports use: one "file" per URL with one item.
  private static func finish(
    _ reports: [(url: String, result: Result<ClipReport, Error>)], context: CommandContext
  ) throws -> Int32 {
    var counts = ["created": 0, "updated": 0, "unchanged": 0, "failed": 0]
    for report in reports {
      switch report.result {
      case .success(let clip): counts[clip.outcome.label, default: 0] += 1
      case .failure: counts["failed", default: 0] += 1
      }
    }
    if context.json {
      let files: [[String: Any]] = reports.map { report in
        switch report.result {
        case .success(let clip):
          let item: [String: Any] = [
            "index": 1, "status": clip.outcome.label, "name": clip.recipe.name,
            "id": clip.recipe.id.rawValue, "warnings": clip.warnings,
          ]
          return ["path": report.url, "items": [item]]
        case .failure(let error):
          return ["path": report.url, "items": [] as [Any], "error": "\(error)"]
        }
      }
      var summary: [String: Any] = counts
      summary["files"] = files
      try context.printJSONObject(summary)
    } else {
      for report in reports {
        switch report.result {
        case .success(let clip):
          for warning in clip.warnings {
            context.console.printError("warning: \(report.url) (\(clip.recipe.name)): \(warning)")
          }
          context.console.print(
            "\(clip.outcome.label): \(clip.recipe.name) (\(clip.recipe.id)) from \(report.url)")
        case .failure(let error):
          // Fetch errors already start with the URL.
          let text = "\(error)"
          context.console.printError(
            "error: " + (text.hasPrefix(report.url) ? text : "\(report.url): \(text)"))
        }
      }
      let count = reports.count
      context.console.print(
        "Imported \(count) \(count == 1 ? "URL" : "URLs"): "
          + "\(counts["created", default: 0]) created, \(counts["updated", default: 0]) updated, "
          + "\(counts["unchanged", default: 0]) unchanged, \(counts["failed", default: 0]) failed.")
    }
    return counts["failed", default: 0] == 0
      ? LarderCommandLine.exitSuccess : LarderCommandLine.exitFailure
  }
}
