import Dispatch
import Foundation
import LarderCore
import LarderServer
import LarderStore

/// What the pantry, plan and list commands share: the stores, the service and option readers.
struct PlanningContext {
  let context: CommandContext
  let recipes: SQLiteRecipeStore
  let service: PlanningService

  init(_ context: CommandContext, finder: FinderEngine = FinderEngine()) throws {
    self.context = context
    let stores = try context.openStores()
    recipes = stores.database
    // The household's own foods read pantry lines and merge the shopping list, as on the web.
    service = PlanningService(
      recipes: stores.analyzing, planning: SQLitePlanningStore(sharing: stores.database),
      foods: stores.foods, finder: finder)
  }

  var command: ParsedCommand { context.command }
  var console: Console { context.console }
  var today: CalendarDay { context.today }
  var format: MeasureFormat { context.measureFormat }

  /// A day option: YYYY-MM-DD, "today" or "tomorrow"; nil when not given.
  func day(_ option: String) throws -> CalendarDay? {
    guard let text = command.value(option) else { return nil }
    switch text.lowercased() {
    case "today": return today
    case "tomorrow": return today.adding(days: 1)
    case "yesterday": return today.adding(days: -1)
    default:
      guard let day = CalendarDay(text) else {
        throw command.usageError(
          .invalidValue(
            for: "--\(option)", value: text, expected: "a date as YYYY-MM-DD, today or tomorrow"))
      }
      return day
    }
  }

  /// A positive number option; nil when not given.
  func number(_ option: String) throws -> Double? {
    guard let text = command.value(option) else { return nil }
    guard let value = Double(text), value.isFinite, value > 0, value <= 1000 else {
      throw command.usageError(
        .invalidValue(for: "--\(option)", value: text, expected: "a number from 0 to 1000"))
    }
    return value
  }

  /// A meal option.
  func meal(_ option: String = "meal") throws -> Meal? {
    guard let text = command.value(option) else { return nil }
    guard let meal = Meal(rawValue: text.lowercased()) else {
      throw command.usageError(
        .invalidValue(
          for: "--\(option)", value: text, expected: "breakfast, lunch, dinner or snack"))
    }
    return meal
  }

  /// A weekday option, or the configured first day of the week.
  func weekStart() throws -> Weekday {
    guard let text = command.value("week-start") else { return context.config.firstWeekday }
    guard let day = Weekday(rawValue: text.lowercased()) else {
      throw command.usageError(
        .invalidValue(
          for: "--week-start", value: text, expected: "a day of the week such as monday"))
    }
    return day
  }

  /// A location option.
  func location() throws -> PantryLocation? {
    guard let text = command.value("location") else { return nil }
    guard let location = PantryLocation(rawValue: text) else {
      throw command.usageError(
        .invalidValue(
          for: "--location", value: text, expected: "fridge, freezer, cupboard or another name"))
    }
    return location
  }

  /// A recipe by id or a unique start of it.
  func recipe(_ text: String) throws -> Recipe {
    try context.resolveRecipe(text, in: recipes)
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
      'larder pantry' alone lists the pantry. Dates are YYYY-MM-DD, today or tomorrow, \
      reckoned in the configured time zone (time_zone).
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

  static func describe(_ item: PantryItem, _ planning: PlanningContext) -> String {
    let density = item.foodID.flatMap {
      planning.service.foods.food(id: $0)?.densityGramsPerMillilitre
    }
    var format = planning.format
    format.keepsWrittenSystem = true
    let amount = item.amount.map { $0.formatted(format, density: density) } ?? ""
    let expiry = item.expiry(today: planning.today)?.text ?? ""
    return PlanningContext.short(item.id) + "  " + PlanningContext.pad(amount, 9)
      + PlanningContext.pad(item.name, 26) + " " + PlanningContext.pad(item.location.rawValue, 9)
      + " " + expiry
  }

  static func printJSON(_ items: [PantryItem], _ planning: PlanningContext) throws {
    try planning.context.printJSONObject(
      items.map {
        try PlanningJSON.pantryItem(
          $0, today: planning.today, format: planning.format, foods: planning.service.foods)
      })
  }

  static func list(_ planning: PlanningContext) throws -> Int32 {
    var items = try planning.service.planning.pantryItems(household: .default)
    if let location = try planning.location() { items = items.filter { $0.location == location } }
    if planning.context.json {
      try printJSON(items, planning)
    } else if items.isEmpty {
      planning.console.print(
        "The pantry is empty. Add items with: larder pantry add \"2 lb chicken thighs\"")
    } else {
      for item in items { planning.console.print(describe(item, planning)) }
    }
    return LarderCommandLine.exitSuccess
  }

  static func add(_ planning: PlanningContext) throws -> Int32 {
    let line = planning.command.arguments("line").joined(separator: " ")
    let item = try planning.service.addPantryLine(
      line, location: try planning.location(), expiresOn: try planning.day("expires"),
      today: planning.today)
    if planning.context.json {
      try printJSON([item], planning)
    } else {
      let food = item.foodID == nil ? "  (no catalog food matched)" : ""
      planning.console.print("Added " + describe(item, planning) + food)
    }
    return LarderCommandLine.exitSuccess
  }

  static func edit(_ planning: PlanningContext) throws -> Int32 {
    let command = planning.command
    var item = try planning.service.pantryItem(command.arguments("id").first ?? "")
    if let name = command.value("name") { item.name = name }
    if let text = command.value("quantity") {
      guard let quantity = Double(text), quantity.isFinite, quantity >= 0 else {
        throw command.usageError(
          .invalidValue(for: "--quantity", value: text, expected: "a number, zero or more"))
      }
      item.amount = Measure(quantity: quantity, unit: item.amount?.unit)
    }
    if let text = command.value("unit") {
      guard let unit = IngredientUnit.unit(id: text.lowercased()) else {
        throw command.usageError(
          .invalidValue(for: "--unit", value: text, expected: "a unit such as g, ml, cup or lb"))
      }
      item.amount = Measure(quantity: item.amount?.quantity ?? 1, unit: unit)
    }
    if command.value("expires")?.lowercased() == "none" {
      item.expiresOn = nil
    } else if let day = try planning.day("expires") {
      item.expiresOn = day
    }
    if let location = try planning.location() { item.location = location }
    if let note = command.value("note") { item.note = note.isEmpty ? nil : note }
    try planning.service.planning.savePantryItem(item, household: .default)
    if planning.context.json {
      try printJSON([item], planning)
    } else {
      planning.console.print("Changed " + describe(item, planning))
    }
    return LarderCommandLine.exitSuccess
  }

  static func remove(_ planning: PlanningContext) throws -> Int32 {
    let items = try planning.command.arguments("id").map { try planning.service.pantryItem($0) }
    var changes = PlanningChanges()
    changes.deletePantryItems = items.map(\.id)
    try planning.service.planning.apply(changes, household: .default)
    if !planning.context.json {
      for item in items { planning.console.print("Removed \(item.name)") }
    }
    return LarderCommandLine.exitSuccess
  }

  static func deduct(_ planning: PlanningContext) throws -> Int32 {
    let recipe = try planning.recipe(planning.command.arguments("recipe").first ?? "")
    let servings = try planning.number("servings")
    let confirm = planning.command.flag("yes")
    let deduction =
      confirm
      ? try planning.service.deduct(recipe: recipe.id, servings: servings, only: nil)
      : try planning.service.deductionPreview(recipe: recipe.id, servings: servings)
    if planning.context.json {
      var object = try PlanningJSON.deduction(deduction, format: planning.format)
      object["applied"] = confirm
      try planning.context.printJSONObject(object)
      return LarderCommandLine.exitSuccess
    }
    let console = planning.console
    var format = planning.format
    format.keepsWrittenSystem = true
    if deduction.changes.isEmpty {
      console.print("Cooking \(recipe.name) takes nothing Larder can count from the pantry.")
    } else {
      console.print(
        (confirm ? "Took from the pantry for " : "Cooking ") + recipe.name
          + (confirm ? ":" : " would take:"))
      for change in deduction.changes {
        let after =
          change.removes
          ? "used up, removed" : "\(change.after.formatted(format)) left"
        console.print(
          "  \(change.used.formatted(format)) \(change.name) "
            + "(of \(change.before.formatted(format)); \(after))")
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
      "'larder plan' alone shows this week. Weeks start on Monday unless week_start says otherwise.",
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
        "fill", abstract: "Suggest recipes for the week's empty meals.",
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
    case "fill": return try fill(context)
    default: return LarderCommandLine.exitUsage
    }
  }

  static func show(_ planning: PlanningContext) throws -> Int32 {
    let start = (try planning.day("date") ?? planning.today)
      .startOfWeek(firstWeekday: try planning.weekStart())
    let (days, planned) = try planning.service.planDays(
      from: start, through: start.adding(days: 6))
    let lookup = { (id: RecipeID) in planned[id] }
    if planning.context.json {
      try planning.context.printJSONObject([
        "from": start.description, "to": start.adding(days: 6).description,
        "days": try PlanningJSON.days(days, recipes: lookup),
      ])
      return LarderCommandLine.exitSuccess
    }
    for day in days {
      let name = day.date.weekday.rawValue.prefix(3).capitalized
      let total = day.totalMinutes > 0 ? "  (\(RecipeDuration(minutes: day.totalMinutes)))" : ""
      planning.console.print("\(name) \(day.date)\(total)")
      for entry in day.entries {
        let recipe = lookup(entry.recipeID)?.name ?? "(deleted recipe)"
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
    let recipe = try planning.recipe(planning.command.arguments("recipe").first ?? "")
    let entry = try planning.service.addPlanEntry(
      recipe: recipe.id, date: try planning.day("date") ?? planning.today,
      meal: try planning.meal() ?? .dinner, servings: try planning.number("servings"),
      note: planning.command.value("note"))
    if planning.context.json {
      try planning.context.printJSONObject(try PlanningJSON.planEntry(entry, recipe: recipe))
    } else {
      planning.console.print(
        "Planned \(recipe.name) for \(entry.meal.rawValue) on \(entry.date) "
          + "(\(PlanningContext.short(entry.id)))")
    }
    return LarderCommandLine.exitSuccess
  }

  static func remove(_ planning: PlanningContext) throws -> Int32 {
    let entries = try planning.command.arguments("id").map { try planning.service.planEntry($0) }
    var changes = PlanningChanges()
    changes.deleteMealPlanEntries = entries.map(\.id)
    try planning.service.planning.apply(changes, household: .default)
    if !planning.context.json {
      planning.console.print(
        "Removed \(entries.count) planned meal\(entries.count == 1 ? "" : "s")")
    }
    return LarderCommandLine.exitSuccess
  }

  static func fill(_ context: CommandContext) throws -> Int32 {
    let engine = FinderEngine()
    let planning = try PlanningContext(context, finder: engine)
    engine.setCatalog(FinderCatalog(foods: planning.service.foods))
    try FinderIndexedStore(base: planning.recipes, engine: engine)
      .rebuildEngine(clock: { DispatchTime.now().uptimeNanoseconds })
    let command = context.command
    var parameters: [String: String] = ["missing": "50", "limit": "200"]
    for option in ["diet", "course", "cuisine", "exclude"] where !command.values(option).isEmpty {
      parameters[option] = command.values(option).joined(separator: ",")
    }
    if let time = command.value("max-time") {
      _ = try command.int("max-time")
      parameters["maxTime"] = time
    }
    if command.flag("favorites") { parameters["favorites"] = "true" }
    if command.flag("use-it-up") { parameters["useItUp"] = "true" }
    let finderAPI = FinderAPI(
      store: planning.service.recipes, engine: engine, foods: planning.service.foods,
      planning: planning.service.planning)
    let query: FinderQuery
    do {
      query = try finderAPI.query(
        for: try FinderRequest(query: parameters), pantry: try planning.service.finderPantry())
    } catch let error as LarderServerError {
      throw CLIError(error.message.replacingOccurrences(of: "query parameter", with: "option"))
    }
    let save = command.flag("save")
    let entries = try planning.service.fillWeek(
      containing: try planning.day("date") ?? planning.today,
      firstWeekday: try planning.weekStart(), meal: try planning.meal() ?? .dinner,
      servings: try planning.number("servings"), query: query, save: save)
    let names = try entries.map {
      try planning.recipes.recipe(id: $0.recipeID, household: .default)?.name ?? "?"
    }
    if context.json {
      try context.printJSONObject([
        "saved": save,
        "entries": try zip(entries, names).map { entry, _ in
          try PlanningJSON.planEntry(
            entry, recipe: try planning.recipes.recipe(id: entry.recipeID, household: .default))
        },
      ])
      return LarderCommandLine.exitSuccess
    }
    if entries.isEmpty {
      context.console.print("Nothing to suggest: every day has a meal, or no recipe fits.")
    }
    for (entry, name) in zip(entries, names) {
      let weekday = entry.date.weekday.rawValue.prefix(3).capitalized
      context.console.print("\(weekday) \(entry.date)  \(entry.meal.rawValue)  \(name)")
    }
    if !save, !entries.isEmpty { context.console.print("Run again with --save to plan these.") }
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
    let items = try planning.service.planning.shoppingListItems(household: .default)
    let includeStaples = staples ?? planning.command.flag("staples")
    if planning.context.json {
      try planning.context.printJSONObject(
        PlanningJSON.shoppingList(items, format: planning.format, includeStaples: includeStaples))
      return LarderCommandLine.exitSuccess
    }
    let view = ShoppingListView(items, includeStaples: includeStaples)
    if planning.command.flag("text") {
      planning.console.print(
        String(
          view.plainText(MeasureFormat(system: planning.format.system, fractionStyle: .unicode))
            .dropLast()))
      return LarderCommandLine.exitSuccess
    }
    if view.groups.isEmpty {
      planning.console.print("The shopping list is empty. Make one with: larder list generate")
    }
    for group in view.groups {
      planning.console.print(group.title)
      for item in group.items {
        let recipes = item.recipes.map(\.name)
        let forWhat =
          recipes.isEmpty
          ? (item.isManual ? "  (added by hand)" : "") : "  (\(recipes.joined(separator: ", ")))"
        let have =
          item.inPantry.isEmpty
          ? ""
          : "  have \(MeasureSum(item.inPantry, density: item.density).formatted(planning.format))"
        planning.console.print(
          "  \(item.isChecked ? "[x]" : "[ ]") \(PlanningContext.short(item.id))  "
            + item.text(planning.format) + forWhat + have)
      }
    }
    return LarderCommandLine.exitSuccess
  }

  static func generate(_ planning: PlanningContext) throws -> Int32 {
    let command = planning.command
    var portions: [RecipePortion] = []
    for text in command.values("recipe") {
      let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
      var servings: Double?
      if parts.count == 2 {
        guard let value = Double(parts[1]), value.isFinite, value > 0, value <= 1000 else {
          throw command.usageError(
            .invalidValue(for: "--recipe", value: text, expected: "ID or ID:SERVINGS"))
        }
        servings = value
      }
      portions.append(RecipePortion(recipe: try planning.recipe(parts[0]), servings: servings))
    }
    if portions.isEmpty {
      let from = try planning.day("from") ?? planning.today
      let through = try planning.day("to") ?? from.adding(days: 6)
      guard from <= through else {
        throw command.usageError(
          .invalidValue(
            for: "--to", value: through.description, expected: "a day on or after --from"))
      }
      portions = try planning.service.plannedPortions(from: from, through: through)
      if portions.isEmpty, !planning.context.json {
        planning.console.printError("No meals are planned from \(from) to \(through).")
      }
    }
    _ = try planning.service.generateShoppingList(
      portions, includeStaples: command.flag("staples"))
    return try show(planning, staples: command.flag("staples"))
  }

  static func add(_ planning: PlanningContext) throws -> Int32 {
    let item = try planning.service.addManualItem(
      planning.command.arguments("line").joined(separator: " "))
    if planning.context.json {
      try planning.context.printJSONObject(
        PlanningJSON.shoppingItem(item, format: planning.format))
    } else {
      planning.console.print(
        "Added \(item.text(planning.format)) (\(item.aisle?.displayName ?? "Other"))")
    }
    return LarderCommandLine.exitSuccess
  }

  static func check(_ planning: PlanningContext) throws -> Int32 {
    let ids = try planning.command.arguments("id").map { try planning.service.shoppingItem($0).id }
    let changed = try planning.service.setChecked(ids, checked: !planning.command.flag("undo"))
    if !planning.context.json {
      for item in changed {
        planning.console.print("\(item.isChecked ? "[x]" : "[ ]") \(item.text(planning.format))")
      }
    }
    return LarderCommandLine.exitSuccess
  }

  static func remove(_ planning: PlanningContext) throws -> Int32 {
    let ids = try planning.command.arguments("id").map { try planning.service.shoppingItem($0).id }
    var changes = PlanningChanges()
    changes.deleteShoppingListItems = ids
    try planning.service.planning.apply(changes, household: .default)
    return LarderCommandLine.exitSuccess
  }

  static func toPantry(_ planning: PlanningContext) throws -> Int32 {
    let moved = try planning.service.moveCheckedToPantry(today: planning.today)
    if planning.context.json {
      try PantryCommand.printJSON(moved, planning)
    } else if moved.isEmpty {
      planning.console.print("Nothing is checked off.")
    } else {
      planning.console.print("In the pantry now:")
      for item in moved { planning.console.print("  " + PantryCommand.describe(item, planning)) }
    }
    return LarderCommandLine.exitSuccess
  }
}
