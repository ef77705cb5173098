import Foundation
import LarderCore
import LarderImport

/// `larder extract PATH|URL|-`: finds the recipe in a saved web page, or fetches one (with the
/// same address policy as clipping), and prints it as schema.org JSON-LD, without touching the
/// database.
///
/// Standard output holds only the JSON-LD (or, with `--json`, an object with the recipes, the
/// method used and the warnings), so it can be piped into `larder import -`; how the recipe was
/// found and any warnings go to standard error.
enum ExtractCommand {
  /// Pages larger than this are refused rather than read into memory.
  static let maximumBytes = 32 << 20

  static func run(_ context: CommandContext) throws -> Int32 {
    let path = context.command.argument("path") ?? "-"
    let source = path == "-" ? "standard input" : path
    var url = context.command.value("url")
    if let url, URL(string: url)?.scheme == nil {
      throw UsageError(
        rootName: "larder", subcommandPath: ["extract"],
        reason: .invalidValue(
          for: "option --url", value: url, expected: "an absolute URL such as https://example.com/")
      )
    }
    let data: Data
    var charset: String?
    do {
      if ClipCommandSupport.isURL(path), let address = URL(string: path) {
        let page = try ClipCommandSupport.clipper(for: context.config).fetcher.fetch(address)
        data = page.body
        charset = page.charset
        url = url ?? page.finalURL.absoluteString
      } else {
        data = try read(path)
      }
    } catch let error as LarderImportError {
      context.console.printError("larder: \(error)")
      return LarderCommandLine.exitFailure
    } catch {
      context.console.printError("larder: \(source): \(error)")
      return LarderCommandLine.exitFailure
    }
    let extraction: PageExtraction
    do {
      extraction = try RecipePageExtractor().extract(
        html: data, url: url, charset: charset, source: source)
    } catch {
      context.console.printError("larder: \(error)")
      return LarderCommandLine.exitFailure
    }
    if context.json {
      try context.printJSON(
        Report(
          method: extraction.method.rawValue,
          supplementedBy: extraction.supplementedBy.map(\.rawValue),
          warnings: extraction.warnings,
          recipes: try extraction.recipes.map { try jsonLD([$0]) },
          canonicalURL: extraction.canonicalURL))
      return LarderCommandLine.exitSuccess
    }
    let count = extraction.recipes.count
    let found = count == 1 ? "a recipe" : "\(count) recipes"
    var note = "Found \(found) in \(source) by \(extraction.method.rawValue)"
    if !extraction.supplementedBy.isEmpty {
      let others = extraction.supplementedBy.map(\.rawValue).joined(separator: ", ")
      note += " (completed from \(others))"
    }
    context.console.printError(note + ".")
    for warning in extraction.warnings { context.console.printError("warning: \(warning)") }
    try context.printJSON(try jsonLD(extraction.recipes))
    return LarderCommandLine.exitSuccess
  }

  /// What `larder extract --json` prints: the recipes as JSON-LD, the method that found them,
  /// the methods that completed them, warnings and the page's canonical address.
  struct Report: Encodable {
    var method: String
    var supplementedBy: [String]
    var warnings: [String]
    var recipes: [JSONValue]
    var canonicalURL: String?
  }

  /// The recipes as the core writes schema.org JSON-LD (one object, or an `@graph` of
  /// several), without Larder's own fields, which an unsaved recipe does not have.
  static func jsonLD(_ recipes: [Recipe]) throws -> JSONValue {
    let document = try LarderJSON.decoder().decode(
      JSONValue.self, from: SchemaOrg.encode(recipes))
    guard case .array(let graph)? = document["@graph"] else { return document.removing("larder") }
    return .object([
      "@context": document["@context"] ?? .string("https://schema.org"),
      "@graph": .array(graph.map { $0.removing("larder") }),
    ])
  }

  private static func read(_ path: String) throws -> Data {
    switch CommandInput.read(path, limit: maximumBytes) {
    case .success(let data): return data
    case .failure(.missing): throw CLIError("no such file")
    case .failure(.folder): throw CLIError("is a folder; give a saved page")
    case .failure(.tooLarge): throw CLIError("larger than \(maximumBytes >> 20) MiB")
    case .failure(.unreadable): throw CLIError("cannot be read")
    }
  }
}
