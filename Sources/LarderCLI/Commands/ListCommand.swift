import Foundation
import LarderApplication
import LarderCore

/// `larder recipes` and `larder search`: a page of recipes as a table or JSON. (`larder list`
/// is the shopping list.)
enum ListCommand {
  static func run(_ context: CommandContext) throws -> Int32 {
    let command = context.command
    let words = command.arguments("words").joined(separator: " ")
    let request = RecipeListRequest(
      text: words.isEmpty ? nil : words, favoritesOnly: command.flag("favorites"),
      sort: try command.choice("sort", as: RecipeSort.self),
      offset: try command.wholeNumber("offset", in: RecipeListRequest.offsets) ?? 0,
      limit: try command.wholeNumber("limit", in: RecipeListRequest.limits) ?? 24)
    // The values are checked before the database is opened (or created).
    let searching = command.subcommandPath.first == "search"
    try searching ? request.validateAsSearch() : request.validate()
    let larder = try context.openLarder().larder
    let page =
      searching
      ? try larder.searchRecipes(request, as: context.caller)
      : try larder.listRecipes(request, as: context.caller)
    if context.json {
      try context.printJSON(page)
      return LarderCommandLine.exitSuccess
    }
    if let searched = page.correctedQuery, !words.isEmpty {
      // The store read a typo as the words it has: say which, as the web library does.
      context.console.print("Showing results for \(searched) — you typed \(words)")
    }
    if page.items.isEmpty {
      context.console.print(words.isEmpty ? "No recipes." : "No recipes match '\(words)'.")
      return LarderCommandLine.exitSuccess
    }
    let idWidth = 8
    for summary in page.items {
      let time = summary.totalTime.map { $0.seconds > 0 ? $0.description : "" } ?? ""
      let star = summary.isFavorite ? "★ " : ""
      let id = String(summary.id.rawValue.prefix(idWidth))
      let name = star + summary.name
      let padded = name.count < 44 ? name + String(repeating: " ", count: 44 - name.count) : name
      context.console.print("\(id)  \(padded)  \(time)")
    }
    let last = page.offset + page.items.count
    var footer = "\(page.offset + 1)–\(last) of \(page.total)\(page.totalIsExact ? "" : "+")"
    if page.hasMore { footer += " (next: --offset \(last))" }
    context.console.print(footer)
    return LarderCommandLine.exitSuccess
  }
}
