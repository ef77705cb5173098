import Foundation
import LarderApplication
import LarderCore

/// `larder foods`: look foods up, and add your own foods and names for them.
///
/// A change is kept in the database and, unless `--no-reparse` is given, every recipe's lines
/// are matched again so the pantry finder and shopping list see the new food at once.
enum FoodsCommand {
  /// The `foods` command and its subcommands.
  static let spec = CommandSpec(
    "foods", abstract: "Look up foods; add your own foods and names for them.",
    discussion: """
      Ingredient lines are matched to the food catalog shipped with Larder plus the foods and \
      names you add here. After a change every recipe's lines are matched again (skip with \
      --no-reparse and run 'larder ingredients reparse' later).
      """,
    subcommands: [
      CommandSpec(
        "search", abstract: "Find foods by name or synonym.",
        options: [
          .option(
            "limit", short: "n", valueName: "N", help: "How many, 1 to 50.", default: "20")
        ],
        arguments: [ArgumentSpec("words", help: "Part of a food's name.", arity: .oneOrMore)]),
      CommandSpec(
        "show", abstract: "Show a food: names, what it is a kind of, aisle, density.",
        arguments: [ArgumentSpec("food", help: "A food's id or name.")]),
      CommandSpec(
        "match", abstract: "Show which food an ingredient line matches, and how.",
        options: [
          .option(
            "language", valueName: "CODE",
            help: "The line's language (de, fr, ...; default: told from the line).")
        ],
        arguments: [ArgumentSpec("line", help: "An ingredient line, quoted.")]),
      CommandSpec("mine", abstract: "List the foods and names you added."),
      CommandSpec(
        "add", abstract: "Add a food (or change a catalog food's details).",
        discussion: """
          The id defaults to the name in lower case with dashes. Giving the id of a catalog \
          food replaces that food's details (for example to move it to another aisle); \
          --replace confirms that.
          """,
        options: [
          .option("id", valueName: "ID", help: "The food's id."),
          .option("plural", valueName: "NAME", help: "The name for more than one."),
          .option("parent", valueName: "FOOD", help: "The food it is a kind of (id or name)."),
          .option(
            "aisle", valueName: "AISLE",
            help: "One of " + Aisle.allCases.map(\.rawValue).joined(separator: ", ") + "."),
          .option("density", valueName: "G_PER_ML", help: "Grams per millilitre."),
          .option(
            "synonym", valueName: "NAME", help: "Another name (repeatable).", repeatable: true),
          .flag("replace", help: "Allow replacing a catalog food with the same id."),
          reparseFlag,
        ],
        arguments: [ArgumentSpec("name", help: "The food's name, singular.")]),
      CommandSpec(
        "synonym", abstract: "Give a food another name.",
        options: [reparseFlag],
        arguments: [
          ArgumentSpec("name", help: "The new name, such as 'courgette'."),
          ArgumentSpec("food", help: "The food's id or name."),
        ]),
      CommandSpec(
        "remove", abstract: "Remove a food or a name you added.",
        options: [reparseFlag],
        arguments: [ArgumentSpec("food", help: "Your food's id, or your synonym.")]),
    ])

  private static let reparseFlag = OptionSpec.flag(
    "no-reparse", help: "Don't match recipes' lines again now.")

  static func run(_ context: CommandContext) throws -> Int32 {
    let subcommand = context.command.subcommandPath.dropFirst().first
    guard let subcommand else {
      context.console.printError(
        HelpFormatter().help(for: LarderCommandLine.spec, subcommandPath: ["foods"]))
      return LarderCommandLine.exitUsage
    }
    // Looking a food up never creates a database.
    switch subcommand {
    case "search": return try search(context)
    case "show": return try show(context)
    case "match": return try match(context)
    default: break
    }
    let larder = try context.openLarder().larder
    switch subcommand {
    case "mine": return try mine(context, larder: larder)
    case "add": return try add(context, larder: larder)
    case "synonym": return try synonym(context, larder: larder)
    case "remove": return try remove(context, larder: larder)
    default: return LarderCommandLine.exitUsage
    }
  }

  // MARK: - Looking up

  private static func search(_ context: CommandContext) throws -> Int32 {
    let text = context.command.arguments("words").joined(separator: " ")
    // GET /api/v1/foods?q=&limit=, with its limits; checked before the foods are read.
    let request = FoodSuggestionRequest(
      text: text,
      limit: try context.command.wholeNumber("limit", in: FoodSuggestionRequest.limits) ?? 20)
    try request.validate()
    let found = try context.foodLookup().suggest(request)
    if context.json {
      try context.printJSON(found)
    } else if found.items.isEmpty {
      context.console.printError("No food's name contains '\(found.query)'.")
      return LarderCommandLine.exitFailure
    } else {
      for food in found.items { context.console.print(line(for: food)) }
    }
    return LarderCommandLine.exitSuccess
  }

  private static func show(_ context: CommandContext) throws -> Int32 {
    let lookup = try context.foodLookup()
    let catalog = lookup.catalog
    let food = try lookup.food(context.command.argument("food") ?? "", field: "food")
    if context.json {
      try context.printJSON(food)
      return LarderCommandLine.exitSuccess
    }
    let console = context.console
    console.print("\(food.name) (\(food.id))")
    if food.pluralName != food.name { console.print("  plural: \(food.pluralName)") }
    if !food.synonyms.isEmpty {
      console.print("  also called: \(food.synonyms.joined(separator: ", "))")
    }
    let chain = catalog.ancestors(of: food.id).map(\.name)
    if !chain.isEmpty { console.print("  a kind of: \(chain.joined(separator: " → "))") }
    let children = catalog.children(of: food.id)
    if !children.isEmpty {
      let names = children.prefix(8).map(\.name).joined(separator: ", ")
      console.print("  kinds: \(names)\(children.count > 8 ? ", … (\(children.count))" : "")")
    }
    if let aisle = food.aisle { console.print("  aisle: \(aisle.displayName)") }
    if let density = food.densityGramsPerMillilitre {
      console.print("  density: \(String(format: "%.3g", density)) g/ml")
    }
    return LarderCommandLine.exitSuccess
  }

  private static func match(_ context: CommandContext) throws -> Int32 {
    let line = context.command.argument("line") ?? ""
    let language = try context.command.value("language").map {
      try FieldValues.language($0, field: Field("language"))
    }
    let matched = try context.foodLookup().match(line, language: language)
    if context.json {
      try context.printJSON(matched)
    } else if let found = matched.food {
      context.console.print(
        "'\(matched.name ?? line)' → \(found.name) (\(found.foodID)), \(found.how) match, "
          + String(format: "confidence %.2f", found.confidence))
    } else {
      context.console.print(
        "'\(matched.name ?? line)' matches no food; add it with "
          + "'larder foods add' or name an existing food with 'larder foods synonym'.")
    }
    return matched.food == nil ? LarderCommandLine.exitFailure : LarderCommandLine.exitSuccess
  }

  private static func mine(_ context: CommandContext, larder: Larder) throws -> Int32 {
    let user = try larder.userFoods(as: context.caller)
    if context.json {
      try context.printJSON(user)
      return LarderCommandLine.exitSuccess
    }
    if user.isEmpty {
      context.console.print("You have added no foods or names yet.")
    }
    for food in user.foods {
      let parent = food.parentID.map { ", a kind of \($0)" } ?? ""
      context.console.print("food     \(food.name) (\(food.id))\(parent)")
    }
    for synonym in user.synonyms {
      context.console.print("synonym  \(synonym.synonym) → \(synonym.foodID)")
    }
    return LarderCommandLine.exitSuccess
  }

  // MARK: - Changing

  private static func add(_ context: CommandContext, larder: Larder) throws -> Int32 {
    let command = context.command
    // Texts trimmed and the density read as the API's body reads them.
    let request = AddFoodRequest(
      name: FieldValues.text(command.argument("name") ?? ""), id: command.text("id"),
      plural: command.text("plural"), parent: command.text("parent"),
      aisle: command.text("aisle"), density: try command.number("density", in: densities),
      synonyms: command.values("synonym").map(FieldValues.text), replace: command.flag("replace"))
    let added = try larder.addFood(request, rematching: rematching(context), as: context.caller)
    context.console.printError(
      "\(added.replaced ? "Replaced" : "Added") \(added.food.name) (\(added.food.id)).")
    return finish(context, rematched: added.rematched)
  }

  private static func synonym(_ context: CommandContext, larder: Larder) throws -> Int32 {
    let name = FieldValues.text(context.command.argument("name") ?? "")
    let added = try larder.addSynonym(
      AddSynonymRequest(
        synonym: name, food: FieldValues.text(context.command.argument("food") ?? "")),
      rematching: rematching(context), as: context.caller)
    context.console.printError("'\(name)' now means \(added.food.name) (\(added.food.id)).")
    return finish(context, rematched: added.rematched)
  }

  private static func remove(_ context: CommandContext, larder: Larder) throws -> Int32 {
    let name = context.command.argument("food") ?? ""
    let removed = try larder.removeFoodOrSynonym(
      name, rematching: rematching(context), as: context.caller)
    switch removed.kind {
    case .food: context.console.printError("Removed your food '\(name)'.")
    case .synonym: context.console.printError("Removed your name '\(name)'.")
    }
    return finish(context, rematched: removed.rematched)
  }

  // MARK: - Helpers

  /// Every recipe's lines are matched again with the changed catalog now, unless told not to.
  private static func rematching(_ context: CommandContext) -> Rematching {
    if context.command.flag("no-reparse") { return .postponed }
    let console = context.console
    return .now(progress: { done, total in
      console.progress("Matching recipes again: \(done)/\(total)")
    })
  }

  /// Says how many recipes matching again changed, or how to match them later.
  private static func finish(_ context: CommandContext, rematched: RematchReport?) -> Int32 {
    context.console.clearProgress()
    guard let rematched else {
      context.console.printError("Run 'larder ingredients reparse' to match recipes again.")
      return LarderCommandLine.exitSuccess
    }
    let changed = rematched.changed
    context.console.printError("\(changed) recipe\(changed == 1 ? "" : "s") changed.")
    return LarderCommandLine.exitSuccess
  }

  /// The densities a food may have, grams per millilitre (`AddFoodRequest` checks them).
  private static let densities = 0.0...25.0

  private static func line(for food: FoodSuggestions.Item) -> String {
    var text = "\(food.name) (\(food.id))"
    if let matched = food.matched { text += ", as '\(matched)'" }
    if let aisle = food.aisle { text += " — \(aisle.displayName)" }
    return text
  }
}
