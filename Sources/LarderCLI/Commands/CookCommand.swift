import Foundation
import LarderApplication
import LarderCore

/// `larder cook --have "eggs, flour, milk"`: what can be cooked with what you have; without
/// `--have`, with what the stored pantry holds (`larder pantry`).
enum CookCommand {
  /// The options, named like the finder request's fields they become.
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
    // Numbers are read as the API reads them; their ranges are the finder's to check.
    let request = FinderRequest(
      have: list(command.values("have")),
      missing: try command.wholeNumber("missing", in: FinderRequest.missingRange),
      diets: list(command.values("diet")), include: list(command.values("include")),
      exclude: list(command.values("exclude")), courses: list(command.values("course")),
      cuisines: list(command.values("cuisine")),
      maxTime: try command.wholeNumber(
        "max-time", field: "maxTime", in: FinderRequest.maxTimeRange),
      maxIngredients: try command.wholeNumber(
        "max-ingredients", field: "maxIngredients", in: FinderRequest.maxIngredientsRange),
      favorites: command.flag("favorites"),
      staples: command.value("staples").map { list([$0]) }, useItUp: command.flag("use-it-up"),
      offset: try command.wholeNumber("offset", in: FinderRequest.offsetRange) ?? 0,
      limit: try command.wholeNumber("limit", in: FinderRequest.limitRange) ?? 10)
    // Checked before the database is opened (or created) and the finder built.
    try request.validate()
    let larder = try context.openLarder(buildsFinder: true).larder
    let answer = try larder.findRecipes(request, as: context.caller)
    if answer.pantrySource == .none {
      throw command.usageError(.needs("the pantry is empty; say what you have with --have FOODS"))
    }
    if context.json {
      try context.printJSON(answer)
    } else {
      print(answer, to: context.console)
    }
    return LarderCommandLine.exitSuccess
  }

  /// Repeated options of comma-separated foods as one list.
  static func list(_ values: [String]) -> [String] {
    values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  /// Writes the answer for a person: what was understood, then each recipe with what is
  /// missing.
  static func print(_ answer: FinderAnswer, to console: Console) {
    let pantry = answer.pantry.map { term in
      term.input.lowercased() == term.food.name.lowercased()
        ? term.food.name : "\(term.input) → \(term.food.name)"
    }
    console.print(
      "You have: " + (pantry.isEmpty ? "nothing Larder recognises" : pantry.joined(separator: ", "))
    )
    if !answer.unknown.isEmpty {
      console.print("Not recognised: " + answer.unknown.joined(separator: ", "))
    }
    if !answer.unknownStaples.isEmpty {
      console.print(
        "Staples not recognised, so not counted: "
          + answer.unknownStaples.joined(separator: ", "))
    }
    if answer.items.isEmpty {
      console.print("No recipes match. Try --missing 1 or 2, or add more foods.")
      if let unjudged = answer.unjudged.text { console.print(unjudged) }
      return
    }
    for item in answer.items {
      var line = "\(item.recipe.id.rawValue.prefix(8))  \(item.recipe.name)"
      let needed = item.matched.count + item.missingCount
      line +=
        item.missingCount == 0 ? "  ✓ can make now" : "  \(item.matched.count) of \(needed)"
      let gaps = item.missing.map(\.name) + item.unmatchedLineTexts.map { "“\($0)”" }
      let substitutions = item.substitutions.map { entry in
        "\(entry.food.name) (use \(entry.substitutes.map(\.name).joined(separator: " or ")))"
      }
      if !gaps.isEmpty { line += " — missing " + gaps.joined(separator: ", ") }
      if !substitutions.isEmpty { line += "; substitute " + substitutions.joined(separator: ", ") }
      console.print(line)
      // How the pantry met the recipe where it was not word for word.
      var notes = item.shortfalls.map(\.text) + item.kindMatches.map(\.text)
      notes += item.choices.compactMap { choice in
        guard let chosen = choice.chosen, chosen != choice.foods.first else { return nil }
        return "\(choice.foods.map(\.name).joined(separator: " or ")): you have \(chosen.name)"
      }
      for note in notes { console.print("          \(note)") }
    }
    console.print("\(answer.offset + 1)–\(answer.offset + answer.items.count) of \(answer.total)")
    if let unjudged = answer.unjudged.text { console.print(unjudged) }
  }
}
