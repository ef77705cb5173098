import Foundation
import LarderApplication
import LarderCore

/// `larder export`: recipes as schema.org JSON-LD, Cooklang or Markdown, to standard output,
/// one file or a folder.
enum ExportCommand {
  /// The formats `--format` accepts.
  enum Format: String, CaseIterable {
    case jsonld
    case cooklang
    case markdown

    /// The file extension of one recipe in this format.
    var fileExtension: String {
      switch self {
      case .jsonld: return "jsonld"
      case .cooklang: return "cook"
      case .markdown: return "md"
      }
    }

    /// The recipes as one document.
    func encode(_ recipes: [Recipe]) -> Data {
      switch self {
      case .jsonld: return SchemaOrg.encode(recipes)
      case .cooklang:
        let parser = IngredientParser()
        return Data(
          recipes.map { Cooklang.write($0, parser: parser) }.joined(separator: "\n").utf8)
      case .markdown: return Data(MarkdownWriter.write(recipes).utf8)
      }
    }
  }

  static func run(_ context: CommandContext) throws -> Int32 {
    let command = context.command
    let output = command.value("output")
    let folder = command.value("dir")
    if output != nil && folder != nil {
      throw command.usageError(
        .invalidValue(for: "--dir", value: folder ?? "", expected: "not combined with --output"))
    }
    let formatName = command.value("format") ?? "jsonld"
    guard let format = Format(rawValue: formatName.lowercased()) else {
      throw command.usageError(
        .invalidValue(
          for: "option --format", value: formatName,
          expected: Format.allCases.map(\.rawValue).joined(separator: ", ")))
    }
    let larder = try context.openLarder().larder
    let recipes = try larder.recipesToExport(command.arguments("id"), as: context.caller)
    if format == .cooklang, folder == nil, recipes.count > 1 {
      throw CLIError(
        "Cooklang holds one recipe per file; use --dir FOLDER to export \(recipes.count) recipes")
    }
    if let folder {
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw CLIError("cannot create the folder '\(folder)': \(reason(error))")
      }
      var used: Set<String> = []
      for recipe in recipes {
        var name = slug(recipe.name)
        if !used.insert(name).inserted {
          name += "-" + recipe.id.rawValue.prefix(8)
          used.insert(name)
        }
        let path = (folder as NSString).appendingPathComponent(name + "." + format.fileExtension)
        try write(format.encode([recipe]), to: path)
      }
      context.console.printError("Exported \(recipes.count) recipes to \(folder)")
    } else if let output {
      try write(format.encode(recipes), to: output)
      context.console.printError("Exported \(recipes.count) recipes to \(output)")
    } else {
      var text = String(decoding: format.encode(recipes), as: UTF8.self)
      if text.hasSuffix("\n") { text.removeLast() }
      context.console.print(text)
    }
    return LarderCommandLine.exitSuccess
  }

  /// Writes a file, with an error that names it rather than Foundation's.
  private static func write(_ data: Data, to path: String) throws {
    do {
      try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw CLIError("cannot write '\(path)': \(reason(error))")
    }
  }

  /// Why a file operation failed, in words: the system's reason when there is one.
  private static func reason(_ error: Error) -> String {
    if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error,
      (underlying as NSError).domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32((underlying as NSError).code)))
    }
    return error.localizedDescription
  }

  /// A file name from a recipe name: lowercase ASCII letters, digits and hyphens.
  static func slug(_ name: String) -> String {
    let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
    var result = ""
    for scalar in folded.unicodeScalars {
      if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
        result.unicodeScalars.append(scalar)
      } else if !result.hasSuffix("-") && !result.isEmpty {
        result += "-"
      }
    }
    while result.hasSuffix("-") { result.removeLast() }
    return result.isEmpty ? "recipe" : String(result.prefix(80))
  }
}
