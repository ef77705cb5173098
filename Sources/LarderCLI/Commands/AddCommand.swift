import Foundation
import LarderApplication
import LarderCore

/// `larder add [FILE] [--dry-run]`: a recipe from pasted text, read by ``PastedRecipeReader``;
/// `larder add --photo IMAGE [--language CODE] [--dry-run]`: the recipes on a photo of a page
/// (``Larder/importPhoto(_:as:)``).
///
/// Prints what it understood (title, servings, times, how many ingredients and steps in which
/// sections) and the new recipe's ID; warnings about lines it guessed at go to standard error.
/// `--dry-run` prints what the API's preview answers (the recipe as read, its lines parsed and
/// matched, and the warnings, as JSON) and stores nothing.
enum AddCommand {
  static let spec = CommandSpec(
    "add", abstract: "Add a recipe from pasted text.",
    discussion: """
      Reads the text from FILE, or from standard input when FILE is absent or '-'. Put the \
      title on the first line; 'Ingredients' and 'Method' headings help but are not needed. \
      Serves/Makes/Yield and Prep/Cook/Total time lines, bullets, numbered steps and \
      'For the sauce:' sections are understood, in English, German, French, Spanish and \
      Italian. Lines Larder had to guess about are listed as warnings.

      With --photo, reads the text on a photo or scan of a recipe page (JPEG, PNG, WebP, GIF \
      or AVIF, up to 10 MiB) with Tesseract after straightening and cleaning it with \
      ImageMagick, and adds one recipe for each recipe on the page. Check the result: use \
      --dry-run first to see what was read.
      """,
    options: [
      .flag(
        "dry-run",
        help:
          "Print the recipe as read, its lines parsed, as JSON (the API's preview); save nothing."
      ),
      .option(
        "photo", valueName: "IMAGE",
        help: "Read the recipes on a photo or scan of a page instead of text."),
      .option(
        "language", valueName: "CODE",
        help: "The photo's language (en, de, fr, es, it, ...); by default every installed one."),
    ],
    arguments: [
      ArgumentSpec(
        "file", help: "A text file with the recipe ('-' or nothing reads standard input).",
        arity: .optional)
    ])

  static func run(_ context: CommandContext) throws -> Int32 {
    if let photo = context.command.value("photo") {
      return try PhotoAddition.run(context, photo: photo)
    }
    if context.command.value("language") != nil {
      throw context.command.usageError(.needs("--language goes with --photo IMAGE"))
    }
    let path = context.command.argument("file") ?? "-"
    let source = path == "-" ? "standard input" : path
    let text = try read(path, source: source)
    let dryRun = context.command.flag("dry-run")
    let pasted: PastedRecipe
    var preview: PastedText?
    do {
      if dryRun {
        // The API's preview ("save": false): the lines parsed and matched with the household's
        // foods, nothing stored, and no database created.
        preview = try context.previewLarder().importText(
          PasteRequest(text: text, save: false), as: context.caller)
      }
      pasted = try Larder.readPastedText(text)
    } catch ApplicationError.refusedValue(let field, _, let reason) where field.name == "text" {
      // The text is the file, not an option: name the file.
      throw CLIError("\(source): \(reason)")
    }
    for warning in pasted.warnings {
      context.console.printError("warning: \(source): \(warning)")
    }
    if let preview {
      try context.printJSON(preview)
      return LarderCommandLine.exitSuccess
    }
    let added = try context.openLarder().larder.addPastedRecipe(pasted, as: context.caller)
    if context.json {
      try context.printJSON(
        Added(id: added.recipe.id, recipe: added.recipe, warnings: added.warnings))
    } else {
      context.console.print(summary(of: added.recipe))
    }
    return LarderCommandLine.exitSuccess
  }

  /// What `larder add --json` prints.
  struct Added: Encodable {
    var id: RecipeID
    var recipe: Recipe
    var warnings: [String]
  }

  /// What Larder understood, one fact a line, ending with the new ID.
  static func summary(of recipe: Recipe) -> String {
    var lines = ["Title:       \(recipe.name)"]
    if let yield = recipe.yield, !yield.displayText.isEmpty {
      lines.append("Servings:    \(yield.displayText)")
    }
    var times: [String] = []
    if let prep = recipe.prepTime { times.append("prep \(prep)") }
    if let cook = recipe.cookTime { times.append("cook \(cook)") }
    if let total = recipe.totalTime { times.append("total \(total)") }
    if !times.isEmpty { lines.append("Time:        " + times.joined(separator: ", ")) }
    lines.append(
      "Ingredients: "
        + counted(recipe.ingredientLines.count, in: recipe.ingredientSections.map(\.title)))
    lines.append(
      "Steps:       " + counted(recipe.steps.count, in: recipe.instructionSections.map(\.title)))
    if recipe.notes != nil { lines.append("Notes:       yes") }
    if let url = recipe.sourceURL { lines.append("Source:      \(url)") }
    lines.append("Added \(recipe.name) as \(recipe.id)")
    return lines.joined(separator: "\n")
  }

  /// "7 in 2 sections (For the dough, For the filling)", or just "7" for one untitled section.
  private static func counted(_ count: Int, in titles: [String?]) -> String {
    guard titles.count > 1 || titles.first.map({ $0 != nil }) == true else { return "\(count)" }
    let named = titles.compactMap { $0 }
    let list = named.isEmpty ? "" : " (" + named.joined(separator: ", ") + ")"
    return "\(count) in \(titles.count) \(titles.count == 1 ? "section" : "sections")\(list)"
  }

  /// The text of a file or of standard input: at most what the reader accepts, and UTF-8.
  private static func read(_ path: String, source: String) throws -> String {
    let limit = PastedRecipeReader.maximumBytes
    let data: Data
    switch CommandInput.read(path, limit: limit) {
    case .success(let read): data = read
    case .failure(.tooLarge(let size?)):
      throw CLIError("\(source): the file is \(size) bytes; pasted text may be at most 1 MiB")
    case .failure(.tooLarge(nil)):
      throw CLIError("\(source): more than \(limit) bytes; pasted text may be at most 1 MiB")
    case .failure:
      throw CLIError("\(source): no such file, or it cannot be read")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      // Name the first line with bytes that are not UTF-8, so the user can find them.
      let lossy = String(decoding: data, as: UTF8.self)
      let before = lossy.prefix { $0 != "\u{FFFD}" }
      let line = before.reduce(1) { $0 + ($1.isNewline ? 1 : 0) }
      throw CLIError("\(source): line \(line) is not UTF-8 text; save the text as UTF-8")
    }
    return text
  }
}
