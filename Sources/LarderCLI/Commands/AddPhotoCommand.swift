import Foundation
import LarderApplication
import LarderCore

/// `larder add --photo IMAGE [--language CODE] [--dry-run]`: the recipes on a photo or scan of
/// a page, read by ``Larder/importPhoto(_:as:)``.
///
/// `--dry-run` prints what `POST /api/v1/import/photo` answers (every preview, the text read
/// and the warnings, as JSON) and stores nothing; otherwise each recipe is added and summed up
/// as `larder add` sums up one (with `--json`, every added recipe and the text). Warnings go to
/// standard error, naming the recipe they are about. A photo with no recipe on it fails.
enum PhotoAddition {
  static func run(_ context: CommandContext, photo path: String) throws -> Int32 {
    if context.command.argument("file") != nil {
      throw context.command.usageError(.needs("give either a text FILE or --photo IMAGE, not both"))
    }
    var language: RecipeLanguage?
    if let code = context.command.value("language") {
      guard let chosen = RecipeLanguage(code: code) else {
        throw context.command.usageError(
          .invalidValue(
            for: "option --language", value: code,
            expected: "one of " + RecipeLanguage.allCases.map(\.rawValue).joined(separator: ", ")
          ))
      }
      language = chosen
    }
    let source = path == "-" ? "standard input" : path
    let data: Data
    switch CommandInput.read(path, limit: ImageFormat.maximumBytes) {
    case .success(let read): data = read
    case .failure(.tooLarge):
      throw CLIError("\(source): larger than 10 MiB; a photo may be at most 10 MiB")
    case .failure:
      throw CLIError("\(source): no such file, or it cannot be read")
    }
    let dryRun = context.command.flag("dry-run")
    let larder = dryRun ? try context.previewLarder() : try context.openLarder().larder
    let read: PhotoImport
    do {
      read = try larder.importPhoto(
        PhotoImportRequest(data: data, language: language), as: context.caller)
    } catch let error as ApplicationError {
      throw CLIError("\(source): \(error.message(naming: .commandLine(options: [:])))")
    }
    for warning in read.warnings {
      context.console.printError("warning: \(source): \(warning)")
    }
    for item in read.items {
      for warning in item.warnings {
        context.console.printError("warning: \(source): \(item.recipe.name): \(warning)")
      }
    }
    if dryRun {
      try context.printJSON(read)
      return LarderCommandLine.exitSuccess
    }
    guard !read.items.isEmpty else {
      throw CLIError("\(source): no recipe was found on the photo; nothing was added")
    }
    var added: [AddCommand.Added] = []
    for item in read.items {
      let stored = try larder.addPastedRecipe(
        PastedRecipe(recipe: item.recipe, warnings: item.warnings), as: context.caller)
      added.append(
        AddCommand.Added(id: stored.recipe.id, recipe: stored.recipe, warnings: stored.warnings))
    }
    if context.json {
      try context.printJSON(Added(added: added, text: read.text, warnings: read.warnings))
    } else {
      context.console.print(
        added.map { AddCommand.summary(of: $0.recipe) }.joined(separator: "\n\n"))
    }
    return LarderCommandLine.exitSuccess
  }

  /// What `larder add --photo IMAGE --json` prints.
  struct Added: Encodable {
    var added: [AddCommand.Added]
    var text: String
    var warnings: [String]
  }
}
