import Foundation
import LarderCore

extension Larder {
  /// The meal plan day by day, from `from` (default today) through `to` (default six days
  /// later), with each day's total time.
  ///
  /// - Throws: ``ApplicationError/invalidValue(_:value:expected:)`` naming `to` when it is
  ///   before `from` or more than a year after it.
  public func mealPlan(
    _ request: PlanRangeRequest, display: PlanningDisplay = PlanningDisplay(), as caller: Caller
  ) throws -> PlanDays {
    let from = request.from ?? today(display)
    let through = request.to ?? from.adding(days: 6)
    guard from <= through, through.days(since: from) < 366 else {
      throw ApplicationError.invalidValue(
        Field("to"), value: through.description,
        expected: "a date on or after 'from' and within a year of it")
    }
    return try planDays(from: from, through: through, as: caller)
  }

  /// The week of the meal plan holding `date` (default today), starting on `weekStart`
  /// (default the installation's first weekday).
  public func mealPlanWeek(
    _ request: PlanWeekRequest, display: PlanningDisplay = PlanningDisplay(), as caller: Caller
  ) throws -> PlanDays {
    let start = (request.date ?? today(display))
      .startOfWeek(firstWeekday: request.weekStart ?? settings.firstWeekday)
    return try planDays(from: start, through: start.adding(days: 6), as: caller)
  }

  /// The planned meal with this id (or a unique start of it).
  public func planEntry(id: String, as caller: Caller) throws -> PlanEntryView {
    try planEntryView(try storedPlanEntry(id, as: caller), as: caller)
  }

  /// Plans a recipe for a meal; the recipe must exist.
  public func addPlanEntry(_ request: NewPlanEntry, as caller: Caller) throws -> PlanEntryView {
    try caller.require(.change)
    try request.validate()
    let store = try planningStore()
    let recipe = try self.recipe(request.recipe, as: caller)
    let entry = MealPlanEntry(
      id: makeID(), date: request.date, meal: request.meal, recipeID: recipe.id,
      servings: request.servings, note: request.note)
    try ApplicationError.translating {
      try store.saveMealPlanEntry(entry, household: caller.household)
    }
    return PlanEntryView(entry, recipe: recipe)
  }

  /// Changes a planned meal; a new recipe must exist.
  public func editPlanEntry(
    id: String, _ change: PlanEntryChange, as caller: Caller
  ) throws -> PlanEntryView {
    try caller.require(.change)
    try change.validate()
    let store = try planningStore()
    var entry = try storedPlanEntry(id, as: caller)
    if let date = change.date { entry.date = date }
    if let meal = change.meal { entry.meal = meal }
    if let recipe = change.recipe { entry.recipeID = try self.recipe(recipe, as: caller).id }
    entry.servings = change.servings.applied(to: entry.servings)
    entry.note = change.note.applied(to: entry.note)
    try ApplicationError.translating {
      try store.saveMealPlanEntry(entry, household: caller.household)
    }
    return try planEntryView(entry, as: caller)
  }

  /// Removes planned meals by id (or unique starts of ids); returns the entries removed.
  @discardableResult
  public func removePlanEntries(_ ids: [String], as caller: Caller) throws -> [MealPlanEntry] {
    try caller.require(.change)
    let store = try planningStore()
    let entries = try ids.map { try storedPlanEntry($0, as: caller) }
    var changes = PlanningChanges()
    changes.deleteMealPlanEntries = entries.map(\.id)
    try store.apply(changes, household: caller.household)
    return entries
  }

  /// "Fill my week": the finder's best recipes for the days of the week without the meal,
  /// never a recipe already planned that week; planned when the request says `save`. Only
  /// today and the days after it are filled: a day already past is left as it was.
  ///
  /// Without `have`, the stored pantry (and its dates, for `useItUp`) ranks the suggestions;
  /// without `missing`, recipes may miss up to ``FillWeekRequest/defaultMissing`` foods.
  public func fillWeek(
    _ request: FillWeekRequest, display: PlanningDisplay = PlanningDisplay(), as caller: Caller
  ) throws -> WeekSuggestions {
    try caller.require(.change)
    try request.validate()
    let store = try planningStore()
    let household = try household(caller)
    let pantry =
      request.finder.have.isEmpty
      ? try store.pantryItems(household: caller.household).compactMap(\.finderItem)
      : household.foods.pantryTerms(request.finder.have).compactMap { term in
        term.food.map { FinderQuery.PantryItem(food: $0.foodID, kinds: term.kinds) }
      }
    var finderRequest = request.finder
    finderRequest.missing = finderRequest.missing ?? FillWeekRequest.defaultMissing
    let finder = try finderEngine(of: household, as: caller)
    var query = try finderQuery(
      for: finderRequest, pantry: pantry, finder: finder.catalog,
      read: household.foods.pantryTerms)
    // A member's favourites and ratings choose among the recipes, as in the finder.
    query.marks = try marksSeen(by: caller).finderMarks
    // The first day that may be filled: today, in the caller's time zone.
    let firstDay = today(display)
    let start = (request.date ?? firstDay)
      .startOfWeek(firstWeekday: request.weekStart ?? settings.firstWeekday)
    let planned = try store.mealPlanEntries(
      from: start, through: start.adding(days: 6), household: caller.household)
    query.offset = 0
    query.limit = 7 + planned.count
    let candidates = finder.find(query).items.map { RecipeID(rawValue: $0.recipeID) }
    let days = (0..<7).map { start.adding(days: $0) }.filter { $0 >= firstDay }
    let entries = MealPlanner.fill(
      days: days, meal: request.meal, planned: planned,
      candidates: candidates, servings: request.servings, makeID: makeID)
    if request.save, !entries.isEmpty {
      var changes = PlanningChanges()
      changes.saveMealPlanEntries = entries
      try store.apply(changes, household: caller.household)
    }
    return WeekSuggestions(
      saved: request.save, entries: try entries.map { try planEntryView($0, as: caller) })
  }

  // MARK: - Helpers

  func planDays(from: CalendarDay, through: CalendarDay, as caller: Caller) throws -> PlanDays {
    let entries = try planningStore().mealPlanEntries(
      from: from, through: through, household: caller.household)
    var planned: [RecipeID: Recipe] = [:]
    for id in Set(entries.map(\.recipeID)) {
      planned[id] = try recipes.recipe(id: id, household: caller.household)
    }
    let days = MealPlanner.days(from: from, through: through, entries: entries) {
      planned[$0]?.effectiveTotalTime?.minutes
    }
    // Each planned recipe's nutrition once, at its own servings; a meal scales it.
    let calculator = NutritionCalculator(catalog: try household(caller).foods.current)
    let nutrition = planned.mapValues { calculator.nutrition(of: $0) }
    func meals(_ entries: [MealPlanEntry]) -> [PlannedNutrition.Meal] {
      entries.map {
        PlannedNutrition.Meal(
          name: planned[$0.recipeID]?.name, nutrition: nutrition[$0.recipeID],
          servings: $0.servings)
      }
    }
    return PlanDays(
      from: from, to: through,
      days: days.map { day in
        PlanDayView(
          date: day.date, weekday: day.date.weekday, totalMinutes: day.totalMinutes,
          entries: day.entries.map { PlanEntryView($0, recipe: planned[$0.recipeID]) },
          nutrition: .adding(meals(day.entries)))
      }, nutrition: .adding(meals(days.flatMap(\.entries))))
  }

  func storedPlanEntry(_ id: String, as caller: Caller) throws -> MealPlanEntry {
    let all = try planningStore().mealPlanEntries(
      from: CalendarDay(dayNumber: -1_000_000), through: CalendarDay(dayNumber: 1_000_000),
      household: caller.household)
    return try Self.record(id, in: all, kind: .mealPlanEntry)
  }

  func planEntryView(_ entry: MealPlanEntry, as caller: Caller) throws -> PlanEntryView {
    PlanEntryView(
      entry, recipe: try recipes.recipe(id: entry.recipeID, household: caller.household))
  }
}
