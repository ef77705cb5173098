import Foundation
import LarderApplication
import LarderImport

/// `larder import URL...`: clips web pages. ``ImportCommand`` hands over when its arguments are
/// URLs.
enum ClipCommandSupport {
  /// Whether an argument is meant as a URL rather than a path.
  static func isURL(_ argument: String) -> Bool {
    let lowered = argument.lowercased()
    return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
  }

  /// The clipper the configuration asks for: public addresses only, unless
  /// `clip_allow_private` is set, and `clip_deadline` seconds for each clip.
  static func clipper(for config: Config) -> RecipeClipper {
    let policy = AddressPolicy(allowPrivateAddresses: config.clipAllowPrivate)
    return RecipeClipper(
      fetcher: PageFetcher(configuration: FetchConfiguration(policy: policy)),
      deadlineSeconds: Double(config.clipDeadlineSeconds))
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
    let larder = try context.openLarder().larder
    let report = larder.clip(
      urls: urls,
      progress: { number, url in
        context.console.progress("Clipping \(number)/\(urls.count): \(url)")
      }, as: context.caller)
    context.console.clearProgress()
    return try finish(report, context: context)
  }

  /// Prints the report in the shape file imports use: one "file" per URL with one item.
  private static func finish(_ report: ImportReport, context: CommandContext) throws -> Int32 {
    if context.json {
      try context.printJSON(report)
    } else {
      for file in report.files {
        if let error = file.error {
          // Fetch errors already start with the URL.
          context.console.printError(
            "error: " + (error.hasPrefix(file.path) ? error : "\(file.path): \(error)"))
        }
        for item in file.items {
          let name = item.name ?? ""
          for warning in item.warnings {
            context.console.printError("warning: \(file.path) (\(name)): \(warning)")
          }
          context.console.print(
            "\(item.status.rawValue): \(name) (\(item.id?.rawValue ?? "")) from \(file.path)")
        }
      }
      let count = report.files.count
      context.console.print(
        "Imported \(count) \(count == 1 ? "URL" : "URLs"): "
          + "\(report.created) created, \(report.updated) updated, "
          + "\(report.unchanged) unchanged, \(report.failed) failed.")
    }
    return report.failed == 0 ? LarderCommandLine.exitSuccess : LarderCommandLine.exitFailure
  }
}
