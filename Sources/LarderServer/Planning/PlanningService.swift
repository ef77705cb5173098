import Foundation
import LarderCore

/// The pantry, meal plan and shopping list operations, shared by the JSON API and the
/// command line: each reads the stores, runs the core's pure logic and writes one change set.
public struct PlanningService: Sendable {
  /// Where recipes are kept.
  public let recipes: any RecipeStore
  /// Where the pantry, plan and list are kept.
  public let planning: any PlanningStore
  /// The household acted for.
  public let household: HouseholdID
  /// The food catalog that reads lines and knows aisles and densities, as it is now (a
  /// household may add foods while the server runs).
  public var foods: FoodCatalog { liveFoods.current }
  let liveFoods: LiveFoodCatalog
  /// The finder, for "fill my week".
  public let finder: FinderEngine
  /// Makes ids for new records.
  public let makeID: @Sendable () -> PlanningID
  let parser: IngredientParser

  /// Makes the service.
  public init(
    recipes: any RecipeStore, planning: any PlanningStore, household: HouseholdID = .default,
    foods: FoodCatalog = .bundled, finder: FinderEngine,
    makeID: @escaping @Sendable () -> PlanningID = { PlanningID(UUID()) }
  ) {
    self.init(
      recipes: recipes, planning: planning, household: household,
      liveFoods: LiveFoodCatalog(foods), finder: finder, makeID: makeID)
  }

  /// Makes the service over a catalog that may change while it runs.
  public init(
    recipes: any RecipeStore, planning: any PlanningStore, household: HouseholdID = .default,
    liveFoods: LiveFoodCatalog, finder: FinderEngine,
    makeID: @escaping @Sendable () -> PlanningID = { PlanningID(UUID()) }
  ) {
    self.recipes = recipes
    self.planning = planning
    self.household = household
    self.liveFoods = liveFoods
    self.finder = finder
    self.makeID = makeID
    self.parser = IngredientParser()
  }

  // MARK: - Pantry

  /// Adds an item typed as a line ("2 lb chicken thighs").
  public func addPantryLine(
    _ line: String, location: PantryLocation?, expiresOn: CalendarDay?, today: CalendarDay
  ) throws -> PantryItem {
    let item = try PantryLineReader(parser: parser, catalog: foods).item(
      from: line, id: makeID(), addedOn: today, location: location, expiresOn: expiresOn)
    try planning.savePantryItem(item, household: household)
    return item
  }

  /// The pantry item with this id (or a unique start of it, at least 4 characters).
  public func pantryItem(_ text: String) throws -> PantryItem {
    try Self.resolve(text, in: planning.pantryItems(household: household), kind: .pantryItem)
  }

  /// The recipe with this id.
  public func recipe(_ id: RecipeID) throws -> Recipe {
    guard let recipe = try recipes.recipe(id: id, household: household) else {
      throw LarderCoreError.recipeNotFound(id)
    }
    return recipe
  }

  /// What cooking a recipe would take from the pantry; changes nothing.
  public func deductionPreview(recipe id: RecipeID, servings: Double?) throws -> PantryDeduction {
    PantryDeduction.plan(
      RecipePortion(recipe: try recipe(id), servings: servings),
      pantry: try planning.pantryItems(household: household), catalog: foods, parser: parser)
  }

  /// Takes a cooked recipe's amounts from the pantry, worked out afresh against the pantry as
  /// it is now, limited to `only` item ids when given (the ones the user confirmed).
  public func deduct(
    recipe id: RecipeID, servings: Double?, only: Set<PlanningID>?
  ) throws -> PantryDeduction {
    let pantry = try planning.pantryItems(household: household)
    var deduction = PantryDeduction.plan(
      RecipePortion(recipe: try recipe(id), servings: servings), pantry: pantry, catalog: foods,
      parser: parser)
    if let only { deduction.changes.removeAll { !only.contains($0.itemID) } }
    try planning.apply(deduction.storeChanges(pantry: pantry), household: household)
    return deduction
  }

  // MARK: - Meal plan

  /// The days from `from` through `through` with their entries and total times, and the
  /// planned recipes (each read once; a deleted one is absent) for showing the entries.
  public func planDays(
    from: CalendarDay, through: CalendarDay
  ) throws -> (days: [MealPlanDay], recipes: [RecipeID: Recipe]) {
    let entries = try planning.mealPlanEntries(from: from, through: through, household: household)
    var planned: [RecipeID: Recipe] = [:]
    for id in Set(entries.map(\.recipeID)) {
      planned[id] = try recipes.recipe(id: id, household: household)
    }
    let days = MealPlanner.days(from: from, through: through, entries: entries) {
      planned[$0]?.effectiveTotalTime?.minutes
    }
    return (days, planned)
  }

  /// Plans a recipe for a meal; the recipe must exist.
  public func addPlanEntry(
    recipe id: RecipeID, date: CalendarDay, meal: Meal, servings: Double?, note: String?
  ) throws -> MealPlanEntry {
    _ = try recipe(id)
    let entry = MealPlanEntry(
      id: makeID(), date: date, meal: meal, recipeID: id, servings: servings, note: note)
    try planning.saveMealPlanEntry(entry, household: household)
    return entry
  }

  /// The meal plan entry with this id (or a unique start of it).
  public func planEntry(_ text: String) throws -> MealPlanEntry {
    let all = try planning.mealPlanEntries(
      from: CalendarDay(dayNumber: -1_000_000), through: CalendarDay(dayNumber: 1_000_000),
      household: household)
    return try Self.resolve(text, in: all, kind: .mealPlanEntry)
  }

  /// Suggestions for the week holding `day` (starting on `firstWeekday`): the finder's best
  /// recipes for the days without `meal`, never a recipe already planned that week. Saved
  /// when `save` is true.
  public func fillWeek(
    containing day: CalendarDay, firstWeekday: Weekday, meal: Meal, servings: Double?,
    query: FinderQuery, save: Bool
  ) throws -> [MealPlanEntry] {
    let start = day.startOfWeek(firstWeekday: firstWeekday)
    let days = (0..<7).map { start.adding(days: $0) }
    let planned = try planning.mealPlanEntries(
      from: start, through: start.adding(days: 6), household: household)
    var everything = query
    everything.offset = 0
    everything.limit = 7 + planned.count
    let candidates = finder.find(everything).items.map { RecipeID(rawValue: $0.recipeID) }
    let entries = MealPlanner.fill(
      days: days, meal: meal, planned: planned, candidates: candidates, servings: servings,
      makeID: makeID)
    if save, !entries.isEmpty {
      var changes = PlanningChanges()
      changes.saveMealPlanEntries = entries
      try planning.apply(changes, household: household)
    }
    return entries
  }

  /// The stored pantry as the finder's pantry items, with expiry dates for "use it up".
  public func finderPantry() throws -> [FinderQuery.PantryItem] {
    try planning.pantryItems(household: household).compactMap(\.finderItem)
  }

  // MARK: - Shopping list

  /// Makes the list again for `portions`, keeping manual lines; returns the whole list.
  public func generateShoppingList(
    _ portions: [RecipePortion], includeStaples: Bool
  ) throws -> [ShoppingListItem] {
    let lines = ShoppingListBuilder(parser: parser, catalog: foods).build(
      portions, pantry: try planning.pantryItems(household: household),
      includeStaples: includeStaples, makeID: makeID)
    var changes = PlanningChanges()
    changes.clearGeneratedShoppingItems = true
    changes.saveShoppingListItems = lines
    try planning.apply(changes, household: household)
    return try planning.shoppingListItems(household: household)
  }

  /// The recipes planned from `from` through `through` at their planned servings.
  public func plannedPortions(from: CalendarDay, through: CalendarDay) throws -> [RecipePortion] {
    try planning.mealPlanEntries(from: from, through: through, household: household)
      .compactMap { entry in
        try recipes.recipe(id: entry.recipeID, household: household).map {
          RecipePortion(recipe: $0, servings: entry.servings)
        }
      }
  }

  /// Adds a line by hand ("2 lemons", "candles"); its food and aisle are found when the
  /// catalog knows it.
  public func addManualItem(_ line: String) throws -> ShoppingListItem {
    let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { throw LarderCoreError.missingField(field: "line") }
    let parsed = parser.parse(text)
    let name = parsed.name?.trimmingCharacters(in: .whitespaces) ?? ""
    let food =
      name.isEmpty
      ? nil
      : foods.food(id: name)
        ?? foods.match(name).flatMap {
          foods.food(id: $0.foodID)
        }
    let amount = (try? Measure(contentsOf: parsed)) ?? nil
    let item = ShoppingListItem(
      id: makeID(), name: name.isEmpty || amount == nil ? text : name, foodID: food?.id,
      aisle: food?.aisle, amounts: name.isEmpty ? [] : amount.map { [$0] } ?? [],
      density: food?.densityGramsPerMillilitre, isManual: true)
    try planning.saveShoppingListItems([item], household: household)
    return item
  }

  /// The shopping list line with this id (or a unique start of it).
  public func shoppingItem(_ text: String) throws -> ShoppingListItem {
    try Self.resolve(
      text, in: planning.shoppingListItems(household: household), kind: .shoppingListItem)
  }

  /// Checks lines off (or on again).
  public func setChecked(_ ids: [PlanningID], checked: Bool) throws -> [ShoppingListItem] {
    let items = try planning.shoppingListItems(household: household)
    let changed = try ids.map { id -> ShoppingListItem in
      guard var item = items.first(where: { $0.id == id }) else {
        throw LarderCoreError.notFound(
          kind: PlanningRecordKind.shoppingListItem.rawValue, id: id.rawValue)
      }
      item.isChecked = checked
      return item
    }
    try planning.saveShoppingListItems(changed, household: household)
    return changed
  }

  /// Moves every checked line into the pantry; returns the pantry items added or changed.
  public func moveCheckedToPantry(today: CalendarDay) throws -> [PantryItem] {
    let changes = ShoppingToPantry.changes(
      items: try planning.shoppingListItems(household: household),
      pantry: try planning.pantryItems(household: household), today: today, makeID: makeID)
    try planning.apply(changes, household: household)
    return changes.savePantryItems
  }

  // MARK: - Helpers

  static func resolve<Record: Identifiable>(
    _ text: String, in records: [Record], kind: PlanningRecordKind
  ) throws -> Record where Record.ID == PlanningID {
    if let exact = records.first(where: { $0.id.rawValue == text }) { return exact }
    let lowered = text.lowercased()
    let matches = lowered.count >= 4 ? records.filter { $0.id.rawValue.hasPrefix(lowered) } : []
    if matches.count == 1 { return matches[0] }
    if matches.count > 1 {
      throw LarderCoreError.invalidField(
        field: "id", value: text, reason: "matches \(matches.count) of them; give more of the id")
    }
    throw LarderCoreError.notFound(kind: kind.rawValue, id: text)
  }
}

/// The JSON shapes of planning records, shared by the API and `larder --json`.
public enum PlanningJSON {
  /// A pantry item with `amountText` and `expiry` (`daysLeft`, `text`) added. The amount is
  /// shown in the system it was entered in ("2 lb" stays "2 lb" for a metric reader), tidied
  /// within it.
  public static func pantryItem(
    _ item: PantryItem, today: CalendarDay, format: MeasureFormat, foods: FoodCatalog
  ) throws -> [String: Any] {
    var format = format
    format.keepsWrittenSystem = true
    var object = try JSONValue.object(item)
    let density = item.foodID.flatMap { foods.food(id: $0)?.densityGramsPerMillilitre }
    object["amountText"] = item.amount.map { $0.formatted(format, density: density) } ?? NSNull()
    object["expiry"] = try item.expiry(today: today).map { try JSONValue.object($0) } ?? NSNull()
    return object
  }

  /// A deduction: `changes` (with `beforeText`, `usedText`, `afterText`, in the system each
  /// item was entered in) and `skipped`.
  public static func deduction(
    _ deduction: PantryDeduction, format: MeasureFormat
  ) throws -> [String: Any] {
    var format = format
    format.keepsWrittenSystem = true
    var object = try JSONValue.object(deduction)
    object["changes"] = try deduction.changes.map { change -> [String: Any] in
      var entry = try JSONValue.object(change)
      entry["beforeText"] = change.before.formatted(format)
      entry["usedText"] = change.used.formatted(format)
      entry["afterText"] = change.after.formatted(format)
      return entry
    }
    return object
  }

  /// A meal plan entry with its recipe's name and total time.
  public static func planEntry(_ entry: MealPlanEntry, recipe: Recipe?) throws -> [String: Any] {
    var object = try JSONValue.object(entry)
    object["recipeName"] = recipe?.name ?? NSNull()
    object["totalMinutes"] = recipe?.effectiveTotalTime?.minutes ?? NSNull()
    return object
  }

  /// Days of the plan.
  public static func days(
    _ days: [MealPlanDay], recipes: (RecipeID) throws -> Recipe?
  ) throws -> [[String: Any]] {
    try days.map { day in
      [
        "date": day.date.description, "weekday": day.date.weekday.rawValue,
        "totalMinutes": day.totalMinutes,
        "entries": try day.entries.map { try planEntry($0, recipe: recipes($0.recipeID)) },
      ]
    }
  }

  /// A shopping line with `amountText` and `text` in the format, and `inPantryText`.
  public static func shoppingItem(
    _ item: ShoppingListItem, format: MeasureFormat
  ) throws -> [String: Any] {
    var object = try JSONValue.object(item)
    object["amountText"] = item.amountText(format)
    object["text"] = item.text(format)
    object["inPantryText"] = MeasureSum(item.inPantry, density: item.density).formatted(format)
    return object
  }

  /// The list grouped by aisle: `groups` of `aisle`, `title` and `items`, and `count`.
  public static func shoppingList(
    _ items: [ShoppingListItem], format: MeasureFormat, includeStaples: Bool
  ) throws -> [String: Any] {
    let view = ShoppingListView(items, includeStaples: includeStaples)
    return [
      "groups": try view.groups.map { group -> [String: Any] in
        [
          "aisle": group.aisle?.rawValue ?? NSNull(), "title": group.title,
          "items": try group.items.map { try shoppingItem($0, format: format) },
        ]
      },
      "count": view.groups.reduce(0) { $0 + $1.items.count },
      "checked": view.groups.reduce(0) { $0 + $1.items.filter(\.isChecked).count },
    ]
  }
}
