import Foundation
import LarderCore

/// `larder recipes` and `larder search`: a page of recipes as a table or JSON. (`larder list`
/// is the shopping list.)
enum ListCommand {
  static func run(_ context: CommandContext) throws -> Int32 {
    let command = context.command
    var sort: RecipeSort?
    if let text = command.value("sort") {
      guard let value = RecipeSort(rawValue: text) else {
        throw command.usageError(
          .invalidValue(
            for: "--sort", value: text,
            expected: "one of " + RecipeSort.allCases.map(\.rawValue).joined(separator: ", ")))
      }
      sort = value
    }
    let limit = try command.int("limit") ?? 24
    let offset = try command.int("offset") ?? 0
    guard (1...RecipeQuery.maximumLimit).contains(limit) else {
      throw command.usageError(
        .invalidValue(
          for: "--limit", value: String(limit),
          expected: "a whole number from 1 to \(RecipeQuery.maximumLimit)"))
    }
    guard offset >= 0 else {
      throw command.usageError(
        .invalidValue(for: "--offset", value: String(offset), expected: "zero or more"))
    }
    let words = command.arguments("words").joined(separator: " ")
    let query = RecipeQuery(
      text: words.isEmpty ? nil : words, favoritesOnly: command.flag("favorites"), sort: sort,
      offset: offset, limit: limit)
    let store = try context.openStore()
    let page = try store.recipes(matching: query, household: .default)
    if context.json {
      try context.printJSON(page)
      return LarderCommandLine.exitSuccess
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
    var footer = "\(page.offset + 1)–\(last) of \(page.total)"
    if page.hasMore { footer += " (next: --offset \(last))" }
    context.console.print(footer)
    return LarderCommandLine.exitSuccess
  }
}
