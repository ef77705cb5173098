import Dispatch
import Foundation
import LarderCore
import LarderServer
import LarderStore

/// `larder cook --have "eggs, flour, milk"`: what can be cooked with what you have; without
/// `--have`, with what the stored pantry holds (`larder pantry`).
enum CookCommand {
  /// The options, named like the finder API's query parameters they become.
  static let options: [OptionSpec] = [
    .option(
      "have", valueName: "FOODS",
      help: "What you have, comma-separated (default: the stored pantry).", repeatable: true),
    .flag("use-it-up", help: "Rank recipes using what expires soonest first."),
    .option("missing", short: "k", valueName: "K", help: "Most missing ingredients.", default: "0"),
    .option(
      "diet", valueName: "DIET", help: "vegetarian, vegan, gluten-free, ...", repeatable: true),
    .option("include", valueName: "FOODS", help: "Foods every recipe must use.", repeatable: true),
    .option("exclude", valueName: "FOODS", help: "Foods no recipe may use.", repeatable: true),
    .option("course", valueName: "COURSE", help: "Meal type or course.", repeatable: true),
    .option("cuisine", valueName: "CUISINE", help: "Cuisine.", repeatable: true),
    .option("max-time", valueName: "MINUTES", help: "Longest total time."),
    .option("max-ingredients", valueName: "N", help: "Most ingredient lines."),
    .option(
      "staples", valueName: "FOODS", help: "Foods you always have.",
      default: "salt, black pepper, water"),
    .flag("favorites", help: "Only favourites."),
    .option("limit", short: "n", valueName: "N", help: "How many to show.", default: "10"),
    .option("offset", valueName: "N", help: "How many to skip.", default: "0"),
  ]

  static func run(_ context: CommandContext) throws -> Int32 {
    let command = context.command
    var query: [String: String] = [:]
    let lists = [
      ("have", "have"), ("diet", "diet"), ("include", "include"), ("exclude", "exclude"),
      ("course", "course"), ("cuisine", "cuisine"),
    ]
    for (option, parameter) in lists where !command.values(option).isEmpty {
      query[parameter] = command.values(option).joined(separator: ",")
    }
    let singles = [
      ("missing", "missing"), ("max-time", "maxTime"), ("max-ingredients", "maxIngredients"),
      ("staples", "staples"), ("limit", "limit"), ("offset", "offset"),
    ]
    for (option, parameter) in singles {
      // Whole-number options are checked here so a typo is a usage error (exit 2).
      if option != "staples" { _ = try command.int(option) }
      if let value = command.value(option) { query[parameter] = value }
    }
    if command.flag("favorites") { query["favorites"] = "true" }
    if command.flag("use-it-up") { query["useItUp"] = "true" }
    let request: FinderRequest
    do {
      request = try FinderRequest(query: query)
    } catch let error as LarderServerError {
      throw CLIError(error.message.replacingOccurrences(of: "query parameter", with: "option"))
    }
    let (database, foods, store) = try context.openStores()
    let planning = SQLitePlanningStore(sharing: database)
    if query["have"] == nil, try planning.pantryItems(household: .default).isEmpty {
      throw command.usageError(.missingArgument("--have (the pantry is empty)"))
    }
    let engine = FinderEngine(catalog: FinderCatalog(foods: foods))
    try FinderIndexedStore(base: store, engine: engine)
      .rebuildEngine(clock: { DispatchTime.now().uptimeNanoseconds })
    let answer: [String: Any]
    do {
      answer = try FinderAPI(store: store, engine: engine, foods: foods, planning: planning)
        .run(request)
    } catch let error as LarderServerError {
      throw CLIError(error.message)
    }
    if context.json {
      try context.printJSONObject(answer)
      return LarderCommandLine.exitSuccess
    }
    print(answer, to: context.console)
    return LarderCommandLine.exitSuccess
  }

  /// Writes the answer for a person: what was understood, then each recipe with what is
  /// missing.
  static func print(_ answer: [String: Any], to console: Console) {
    func names(_ value: Any?) -> [String] {
      (value as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }
    let pantry = (answer["pantry"] as? [[String: Any]] ?? []).compactMap { term -> String? in
      guard let input = term["input"] as? String,
        let food = (term["food"] as? [String: Any])?["name"] as? String
      else { return nil }
      return input.lowercased() == food.lowercased() ? food : "\(input) → \(food)"
    }
    console.print(
      "You have: " + (pantry.isEmpty ? "nothing Larder recognises" : pantry.joined(separator: ", "))
    )
    if let unknown = answer["unknown"] as? [String], !unknown.isEmpty {
      console.print("Not recognised: " + unknown.joined(separator: ", "))
    }
    let items = answer["items"] as? [[String: Any]] ?? []
    let total = answer["total"] as? Int ?? 0
    if items.isEmpty {
      console.print("No recipes match. Try --missing 1 or 2, or add more foods.")
      return
    }
    for item in items {
      let recipe = item["recipe"] as? [String: Any] ?? [:]
      let name = recipe["name"] as? String ?? "?"
      let id = String((recipe["id"] as? String ?? "").prefix(8))
      let missing = item["missingCount"] as? Int ?? 0
      let matched = names(item["matched"])
      var line = "\(id)  \(name)"
      let needed = matched.count + missing
      line += missing == 0 ? "  ✓ can make now" : "  \(matched.count) of \(needed)"
      var gaps = names(item["missing"])
      if let lines = item["unmatchedLineTexts"] as? [String] { gaps += lines.map { "“\($0)”" } }
      let substitutions = (item["substitutions"] as? [[String: Any]] ?? []).map { entry -> String in
        let food = (entry["food"] as? [String: Any])?["name"] as? String ?? "?"
        return "\(food) (use \(names(entry["substitutes"]).joined(separator: " or ")))"
      }
      if !gaps.isEmpty { line += " — missing " + gaps.joined(separator: ", ") }
      if !substitutions.isEmpty { line += "; substitute " + substitutions.joined(separator: ", ") }
      console.print(line)
    }
    let offset = answer["offset"] as? Int ?? 0
    console.print("\(offset + 1)–\(offset + items.count) of \(total)")
  }
}
