import Dispatch
import Foundation
import LarderApplication
import LarderCore

/// What the pantry, plan and list commands share: the Larder they call and option readers.
struct PlanningContext {
  let context: CommandContext
  let larder: Larder

  /// Opens the Larder; with `indexingRecipes` the finder is built first (only the finder
  /// needs it).
  init(_ context: CommandContext, indexingRecipes: Bool = false) throws {
    self.context = context
    larder = try context.openLarder(buildsFinder: indexingRecipes).larder
  }

  var command: ParsedCommand { context.command }
  var console: Console { context.console }
  var today: CalendarDay { context.today }
  var caller: Caller { context.caller }

  /// A day option: YYYY-MM-DD, today, tomorrow or yesterday; nil when not given.
  func day(_ option: String) throws -> CalendarDay? {
    try command.day(option, today: today)
  }

  /// The language option, read as the API reads its `language` field; nil when not given.
  func language() throws -> RecipeLanguage? {
    try command.value("language").map { try FieldValues.language($0, field: Field("language")) }
  }

  /// The servings option; nil when not given (its range is the use case's to check).
  func servings() throws -> Double? {
    try command.number("servings", in: DeductionPreviewRequest.servingsRange)
  }

  /// The meal option; nil when not given.
  func meal() throws -> Meal? {
    try command.value("meal").map { try FieldValues.meal($0, field: Field("meal")) }
  }

  /// The week-start option; nil for the configured first day of the week.
  func weekStart() throws -> Weekday? {
    try command.value("week-start").map { try FieldValues.weekday($0, field: Field("weekStart")) }
  }

  /// The location option; nil when not given.
  func location() throws -> PantryLocation? {
    try command.value("location").map {
      try FieldValues.pantryLocation($0, field: Field("location"))
    }
  }

  /// A recipe's id from its id or a unique start of it.
  func recipeID(_ text: String) throws -> RecipeID {
    try larder.resolveRecipe(text, as: caller).id
  }

  /// The first 8 characters of an id, enough to type back.
  static func short(_ id: PlanningID) -> String { String(id.rawValue.prefix(8)) }

  /// Pads text to a width.
  static func pad(_ text: String, _ width: Int) -> String {
    text.count < width ? text + String(repeating: " ", count: width - text.count) : text
  }
}

/// `larder pantry`: list, add by typing a line, edit, remove, and deduct a cooked recipe.
enum PantryCommand {
  static let spec = CommandSpec(
    "pantry", abstract: "What you have at home, soonest expiry first.",
    discussion: """
      'larder pantry' alone lists the pantry. Dates are YYYY-MM-DD, today, tomorrow or \
      yesterday, reckoned in the configured time zone (time_zone).
      """,
    options: [.option("location", valueName: "PLACE", help: "Only items kept here.")],
    subcommands: [
      CommandSpec(
        "list", abstract: "List the pantry, soonest expiry first.",
        options: [.option("location", valueName: "PLACE", help: "Only items kept here.")]),
      CommandSpec(
        "add", abstract: "Add an item by typing it: larder pantry add \"2 lb chicken thighs\".",
        options: [
          .option("expires", valueName: "DATE", help: "When it expires."),
          .option(
            "language", valueName: "CODE",
            help: "The line's language (de, fr, ...; default: told from the line)."),
          .option(
            "location", valueName: "PLACE",
            help: "fridge, freezer, cupboard or any name (default: from the food's aisle)."),
        ],
        arguments: [ArgumentSpec("line", help: "What and how much.", arity: .oneOrMore)]),
      CommandSpec(
        "edit", abstract: "Change an item.",
        options: [
          .option("name", valueName: "NAME", help: "A new name."),
          .option("quantity", valueName: "N", help: "A new amount."),
          .option("unit", valueName: "UNIT", help: "A new unit (g, ml, cup, ...)."),
          .option("expires", valueName: "DATE", help: "A new expiry date ('none' clears it)."),
          .option("location", valueName: "PLACE", help: "Where it is kept."),
          .option("note", valueName: "TEXT", help: "A note."),
          .option(
            "kinds", valueName: "KINDS",
            help: "everyday (rice gives basmati), any (every kind) or only (this food alone)."),
        ],
        arguments: [ArgumentSpec("id", help: "The item's id (or its first characters).")]),
      CommandSpec(
        "remove", abstract: "Remove items.",
        arguments: [ArgumentSpec("id", help: "The items' ids.", arity: .oneOrMore)]),
      CommandSpec(
        "deduct", abstract: "Take a cooked recipe's amounts out of the pantry.",
        discussion: "Shows what would change; --yes makes the change.",
        options: [
          .option("servings", valueName: "N", help: "Servings cooked (default: the recipe's)."),
          .flag("yes", short: "y", help: "Make the change."),
        ],
        arguments: [ArgumentSpec("recipe", help: "The recipe's id (or its first characters).")]),
    ])

  static func run(_ context: CommandContext) throws -> Int32 {
    let planning = try PlanningContext(context)
    switch context.command.subcommandPath.dropFirst().first {
    case nil, "list": return try list(planning)
    case "add": return try add(planning)
    case "edit": return try edit(planning)
    case "remove": return try remove(planning)
    case "deduct": return try deduct(planning)
    default: return LarderCommandLine.exitUsage
    }
  }

  static func describe(_ view: PantryItemView) -> String {
    let item = view.item
    return PlanningContext.short(item.id) + "  " + PlanningContext.pad(view.amountText ?? "", 9)
      + PlanningContext.pad(item.name, 26) + " " + PlanningContext.pad(item.location.rawValue, 9)
      + " " + (view.expiry?.text ?? "")
      + (item.kinds == .everyday ? "" : item.kinds == .any ? "  (any kind)" : "  (only this kind)")
  }

  static func list(_ planning: PlanningContext) throws -> Int32 {
    let pantry = try planning.larder.pantry(
      PantryListRequest(location: try planning.location()), as: planning.caller)
    if planning.context.json {
      try planning.context.printJSON(pantry.items)
    } else if pantry.items.isEmpty {
      planning.console.print(
        "The pantry is empty. Add items with: larder pantry add \"2 lb chicken thighs\"")
    } else {
      for item in pantry.items { planning.console.print(describe(item)) }
    }
    return LarderCommandLine.exitSuccess
  }

  static func add(_ planning: PlanningContext) throws -> Int32 {
    let line = planning.command.arguments("line").joined(separator: " ")
    var request = NewPantryItem.line(
      line, location: try planning.location(), expiresOn: try planning.day("expires"))
    request.language = try planning.language()
    let item = try planning.larder.addPantryItem(request, as: planning.caller)
    if planning.context.json {
      try planning.context.printJSON([item])
    } else {
      let food = item.item.foodID == nil ? "  (no catalog food matched)" : ""
      planning.console.print("Added " + describe(item) + food)
    }
    return LarderCommandLine.exitSuccess
  }

  static func edit(_ planning: PlanningContext) throws -> Int32 {
    let command = planning.command
    // Texts are trimmed as the API's body reader trims them.
    var change = PantryItemChange(name: command.text("name"), location: try planning.location())
    change.quantity = try command.number("quantity", in: PantryItemChange.quantityRange)
    // The same reader as the API's, so "tablespoons" is a unit here too.
    change.unit =
      try command.value("unit").map {
        .set(try FieldValues.unit($0, field: Field("unit")))
      } ?? .keep
    if command.value("expires")?.lowercased() == "none" {
      change.expiresOn = .clear
    } else if let day = try planning.day("expires") {
      change.expiresOn = .set(day)
    }
    // As the API's `"note": ""`, an empty note is kept as given (only null clears it there).
    change.note = command.text("note").map { .set($0) } ?? .keep
    if let text = command.text("kinds") {
      guard let kinds = PantryKinds(rawValue: text.lowercased()) else {
        throw ApplicationError.invalidValue(
          Field("kinds"), value: text,
          expected: PantryKinds.allCases.map(\.rawValue).joined(separator: ", "))
      }
      change.kinds = kinds
    }
    let item = try planning.larder.editPantryItem(
      id: command.arguments("id").first ?? "", change, as: planning.caller)
    if planning.context.json {
      try planning.context.printJSON([item])
    } else {
      planning.console.print("Changed " + describe(item))
    }
    return LarderCommandLine.exitSuccess
  }

  static func remove(_ planning: PlanningContext) throws -> Int32 {
    let items = try planning.larder.removePantryItems(
      planning.command.arguments("id"), as: planning.caller)
    if !planning.context.json {
      for item in items { planning.console.print("Removed \(item.name)") }
    }
    return LarderCommandLine.exitSuccess
  }

  static func deduct(_ planning: PlanningContext) throws -> Int32 {
    let recipe = try planning.recipeID(planning.command.arguments("recipe").first ?? "")
    let servings = try planning.servings()
    let confirm = planning.command.flag("yes")
    let deduction =
      confirm
      ? try planning.larder.deduct(
        DeductionRequest(recipe: recipe, servings: servings), as: planning.caller)
      : try planning.larder.previewDeduction(
        DeductionPreviewRequest(recipe: recipe, servings: servings), as: planning.caller)
    if planning.context.json {
      try planning.context.printJSON(deduction)
      return LarderCommandLine.exitSuccess
    }
    let console = planning.console
    let name = deduction.recipeName
    if deduction.changes.isEmpty {
      console.print("Cooking \(name) takes nothing Larder can count from the pantry.")
    } else {
      console.print(
        (confirm ? "Took from the pantry for " : "Cooking ") + name
          + (confirm ? ":" : " would take:"))
      for change in deduction.changes {
        let after = change.change.removes ? "used up, removed" : "\(change.afterText) left"
        console.print(
          "  \(change.usedText) \(change.change.name) (of \(change.beforeText); \(after))")
      }
    }
    for skipped in deduction.skipped {
      console.print("  skipped “\(skipped.line)”: \(skipped.reason)")
    }
    if !confirm, !deduction.changes.isEmpty {
      console.print("Run again with --yes to take it out of the pantry.")
    }
    return LarderCommandLine.exitSuccess
  }
}

/// `larder plan`: the week's meals; add, remove, fill.
enum PlanCommand {
  static let spec = CommandSpec(
    "plan", abstract: "Plan meals: show the week, add, remove, fill.",
    discussion:
      """
      'larder plan' alone shows this week. Weeks start on Monday unless week_start says \
      otherwise. Dates are YYYY-MM-DD, today, tomorrow or yesterday.
      """,
    options: [
      .option("date", valueName: "DATE", help: "A day in the week to show."),
      .option("week-start", valueName: "DAY", help: "The first day of the week."),
    ],
    subcommands: [
      CommandSpec(
        "show", abstract: "Show a week of meals with each day's total time.",
        options: [
          .option("date", valueName: "DATE", help: "A day in the week to show (default: today)."),
          .option("week-start", valueName: "DAY", help: "The first day of the week."),
        ]),
      CommandSpec(
        "add", abstract: "Plan a recipe for a meal.",
        options: [
          .option("date", valueName: "DATE", help: "The day (default: today)."),
          .option(
            "meal", valueName: "MEAL", help: "breakfast, lunch, dinner or snack.", default: "dinner"
          ),
          .option("servings", valueName: "N", help: "Servings to cook."),
          .option("note", valueName: "TEXT", help: "A note."),
        ],
        arguments: [ArgumentSpec("recipe", help: "The recipe's id (or its first characters).")]),
      CommandSpec(
        "remove", abstract: "Remove planned meals.",
        arguments: [ArgumentSpec("id", help: "The entries' ids.", arity: .oneOrMore)]),
      CommandSpec(
        "fill", abstract: "Suggest recipes for the week's empty meals, today and later.",
        discussion: """
          Suggestions come from the pantry finder (your stored pantry), never repeat a recipe \
          planned that week, and respect the filters. --save plans them.
          """,
        options: [
          .option("date", valueName: "DATE", help: "A day in the week (default: today)."),
          .option("week-start", valueName: "DAY", help: "The first day of the week."),
          .option(
            "meal", valueName: "MEAL", help: "The meal to fill.", default: "dinner"),
          .option("servings", valueName: "N", help: "Servings for each."),
          .flag("save", help: "Plan the suggestions."),
          .flag("use-it-up", help: "Prefer recipes using what expires soonest."),
          .option("diet", valueName: "DIET", help: "vegetarian, vegan, ...", repeatable: true),
          .option("course", valueName: "COURSE", help: "Meal type or course.", repeatable: true),
          .option("cuisine", valueName: "CUISINE", help: "Cuisine.", repeatable: true),
          .option("max-time", valueName: "MINUTES", help: "Longest total time."),
          .option(
            "exclude", valueName: "FOODS", help: "Foods no recipe may use.", repeatable: true),
          .flag("favorites", help: "Only favourites."),
        ]),
    ])

  static func run(_ context: CommandContext) throws -> Int32 {
    switch context.command.subcommandPath.dropFirst().first {
    case nil, "show": return try show(try PlanningContext(context))
    case "add": return try add(try PlanningContext(context))
    case "remove": return try remove(try PlanningContext(context))
    case "fill": return try fill(try PlanningContext(context, indexingRecipes: true))
    default: return LarderCommandLine.exitUsage
    }
  }

  static func show(_ planning: PlanningContext) throws -> Int32 {
    let week = try planning.larder.mealPlanWeek(
      PlanWeekRequest(date: try planning.day("date"), weekStart: try planning.weekStart()),
      as: planning.caller)
    if planning.context.json {
      try planning.context.printJSON(week)
      return LarderCommandLine.exitSuccess
    }
    for day in week.days {
      let name = day.weekday.rawValue.prefix(3).capitalized
      let total = day.totalMinutes > 0 ? "  (\(RecipeDuration(minutes: day.totalMinutes)))" : ""
      planning.console.print("\(name) \(day.date)\(total)")
      for view in day.entries {
        let entry = view.entry
        let recipe = view.recipeName ?? "(deleted recipe)"
        let servings = entry.servings.map { "  ×\(Self.number($0)) servings" } ?? ""
        let note = entry.note.map { "  — \($0)" } ?? ""
        planning.console.print(
          "  \(PlanningContext.short(entry.id))  \(PlanningContext.pad(entry.meal.rawValue, 9)) "
            + recipe + servings + note)
      }
    }
    return LarderCommandLine.exitSuccess
  }

  static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  static func add(_ planning: PlanningContext) throws -> Int32 {
    let recipe = try planning.recipeID(planning.command.arguments("recipe").first ?? "")
    let view = try planning.larder.addPlanEntry(
      NewPlanEntry(
        date: try planning.day("date") ?? planning.today, meal: try planning.meal() ?? .dinner,
        recipe: recipe, servings: try planning.servings(), note: planning.command.text("note")),
      as: planning.caller)
    if planning.context.json {
      try planning.context.printJSON(view)
    } else {
      planning.console.print(
        "Planned \(view.recipeName ?? "?") for \(view.entry.meal.rawValue) on \(view.entry.date) "
          + "(\(PlanningContext.short(view.entry.id)))")
    }
    return LarderCommandLine.exitSuccess
  }

  static func remove(_ planning: PlanningContext) throws -> Int32 {
    let entries = try planning.larder.removePlanEntries(
      planning.command.arguments("id"), as: planning.caller)
    if !planning.context.json {
      planning.console.print(
        "Removed \(entries.count) planned meal\(entries.count == 1 ? "" : "s")")
    }
    return LarderCommandLine.exitSuccess
  }

  static func fill(_ planning: PlanningContext) throws -> Int32 {
    let command = planning.command
    // `missing` is left out: the use case fills a week from what is nearly at hand.
    let finder = FinderRequest(
      diets: CookCommand.list(command.values("diet")),
      exclude: CookCommand.list(command.values("exclude")),
      courses: CookCommand.list(command.values("course")),
      cuisines: CookCommand.list(command.values("cuisine")),
      maxTime: try command.wholeNumber(
        "max-time", field: "maxTime", in: FinderRequest.maxTimeRange),
      favorites: command.flag("favorites"), useItUp: command.flag("use-it-up"))
    let save = command.flag("save")
    let suggestions = try planning.larder.fillWeek(
      FillWeekRequest(
        date: try planning.day("date"), weekStart: try planning.weekStart(),
        meal: try planning.meal() ?? .dinner, servings: try planning.servings(), save: save,
        finder: finder),
      as: planning.caller)
    let console = planning.console
    if planning.context.json {
      try planning.context.printJSON(suggestions)
      return LarderCommandLine.exitSuccess
    }
    if suggestions.entries.isEmpty {
      console.print("Nothing to suggest: every day has a meal, or no recipe fits.")
    }
    for view in suggestions.entries {
      let entry = view.entry
      let weekday = entry.date.weekday.rawValue.prefix(3).capitalized
      console.print(
        "\(weekday) \(entry.date)  \(entry.meal.rawValue)  \(view.recipeName ?? "?")")
    }
    if !save, !suggestions.entries.isEmpty {
      console.print("Run again with --save to plan these.")
    }
    return LarderCommandLine.exitSuccess
  }
}

/// `larder list`: the shopping list.
enum ShoppingListCommand {
  static let spec = CommandSpec(
    "list", abstract: "The shopping list: generate, show, check off, add, move to the pantry.",
    discussion: """
      'larder list' alone shows the list grouped by aisle. Lines for the same food merge \
      across units; what the pantry has is taken off. (Recipes are listed by 'larder recipes'.)
      """,
    options: listShowOptions,
    subcommands: [
      CommandSpec("show", abstract: "Show the list grouped by aisle.", options: listShowOptions),
      CommandSpec(
        "generate", abstract: "Make the list from planned meals or chosen recipes.",
        discussion: """
          From the meals planned --from --to (default: today and the 6 days after), or from \
          --recipe ID[:SERVINGS] (repeatable). Lines you added by hand stay.
          """,
        options: [
          .option("from", valueName: "DATE", help: "The first planned day."),
          .option("to", valueName: "DATE", help: "The last planned day."),
          .option(
            "recipe", valueName: "ID[:SERVINGS]", help: "A recipe to shop for.", repeatable: true),
          .flag("staples", help: "Include staples (salt, pepper, water)."),
        ]),
      CommandSpec(
        "add", abstract: "Add a line by hand: larder list add \"2 lemons\".",
        options: [
          .option(
            "language", valueName: "CODE",
            help: "The line's language (de, fr, ...; default: told from the line).")
        ],
        arguments: [ArgumentSpec("line", help: "What and how much.", arity: .oneOrMore)]),
      CommandSpec(
        "check", abstract: "Check lines off.",
        options: [.flag("undo", help: "Uncheck them instead.")],
        arguments: [ArgumentSpec("id", help: "The lines' ids.", arity: .oneOrMore)]),
      CommandSpec(
        "remove", abstract: "Remove lines.",
        arguments: [ArgumentSpec("id", help: "The lines' ids.", arity: .oneOrMore)]),
      CommandSpec(
        "to-pantry", abstract: "Move the checked lines into the pantry."),
    ])

  static let listShowOptions: [OptionSpec] = [
    .flag("text", help: "Plain text to share."),
    .flag("staples", help: "Include staples."),
  ]

  static func run(_ context: CommandContext) throws -> Int32 {
    let planning = try PlanningContext(context)
    switch context.command.subcommandPath.dropFirst().first {
    case nil, "show": return try show(planning)
    case "generate": return try generate(planning)
    case "add": return try add(planning)
    case "check": return try check(planning)
    case "remove": return try remove(planning)
    case "to-pantry": return try toPantry(planning)
    default: return LarderCommandLine.exitUsage
    }
  }

  static func show(_ planning: PlanningContext, staples: Bool? = nil) throws -> Int32 {
    let request = ShoppingListRequest(staples: staples ?? planning.command.flag("staples"))
    if planning.context.json {
      try planning.context.printJSON(
        try planning.larder.shoppingList(request, as: planning.caller))
      return LarderCommandLine.exitSuccess
    }
    if planning.command.flag("text") {
      planning.console.print(
        String(try planning.larder.shoppingListText(request, as: planning.caller).dropLast()))
      return LarderCommandLine.exitSuccess
    }
    let list = try planning.larder.shoppingList(request, as: planning.caller)
    if list.groups.isEmpty {
      planning.console.print("The shopping list is empty. Make one with: larder list generate")
    }
    for group in list.groups {
      planning.console.print(group.title)
      for view in group.items {
        let item = view.item
        let recipes = item.recipes.map(\.name)
        let forWhat =
          recipes.isEmpty
          ? (item.isManual ? "  (added by hand)" : "") : "  (\(recipes.joined(separator: ", ")))"
        let have = item.inPantry.isEmpty ? "" : "  have \(view.inPantryText)"
        planning.console.print(
          "  \(item.isChecked ? "[x]" : "[ ]") \(PlanningContext.short(item.id))  "
            + view.text + forWhat + have)
      }
    }
    return LarderCommandLine.exitSuccess
  }

  static func generate(_ planning: PlanningContext) throws -> Int32 {
    let command = planning.command
    // ID[:SERVINGS], the servings read and checked as the API reads `recipes[i].servings`,
    // before any ID is looked up.
    var portions: [ShoppingPortion] = []
    for (index, text) in command.values("recipe").enumerated() {
      let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
      let servings = try parts.dropFirst().first.map {
        try FieldValues.decimal(
          $0, field: Field("recipes[\(index)].servings"),
          expected: Check.numberRangeText(DeductionPreviewRequest.servingsRange))
      }
      portions.append(
        ShoppingPortion(recipe: RecipeID(rawValue: parts.first ?? ""), servings: servings))
    }
    try ShoppingListGeneration(recipes: portions.isEmpty ? nil : portions).validate()
    for index in portions.indices {
      portions[index].recipe = try planning.recipeID(portions[index].recipe.rawValue)
    }
    let generated = try planning.larder.generateShoppingList(
      ShoppingListGeneration(
        from: try planning.day("from"), to: try planning.day("to"),
        recipes: portions.isEmpty ? nil : portions, staples: command.flag("staples")),
      as: planning.caller)
    if let days = generated.days, generated.recipeCount == 0, !planning.context.json {
      planning.console.printError(
        "No meals are planned from \(days.lowerBound) to \(days.upperBound).")
    }
    return try show(planning, staples: command.flag("staples"))
  }

  static func add(_ planning: PlanningContext) throws -> Int32 {
    let view = try planning.larder.addShoppingItem(
      NewShoppingItem(
        line: planning.command.arguments("line").joined(separator: " "),
        language: try planning.language()),
      as: planning.caller)
    if planning.context.json {
      try planning.context.printJSON(view)
    } else {
      planning.console.print("Added \(view.text) (\(view.item.aisle?.displayName ?? "Other"))")
    }
    return LarderCommandLine.exitSuccess
  }

  static func check(_ planning: PlanningContext) throws -> Int32 {
    let checked = try planning.larder.checkShoppingItems(
      CheckShoppingItems(
        items: planning.command.arguments("id"), checked: !planning.command.flag("undo")),
      as: planning.caller)
    if !planning.context.json {
      for view in checked.changed {
        planning.console.print("\(view.item.isChecked ? "[x]" : "[ ]") \(view.text)")
      }
    }
    return LarderCommandLine.exitSuccess
  }

  static func remove(_ planning: PlanningContext) throws -> Int32 {
    try planning.larder.removeShoppingItems(planning.command.arguments("id"), as: planning.caller)
    return LarderCommandLine.exitSuccess
  }

  static func toPantry(_ planning: PlanningContext) throws -> Int32 {
    let moved = try planning.larder.moveCheckedToPantry(as: planning.caller).moved
    if planning.context.json {
      try planning.context.printJSON(moved)
    } else if moved.isEmpty {
      planning.console.print("Nothing is checked off.")
    } else {
      planning.console.print("In the pantry now:")
      for item in moved { planning.console.print("  " + PantryCommand.describe(item)) }
    }
    return LarderCommandLine.exitSuccess
  }
}
