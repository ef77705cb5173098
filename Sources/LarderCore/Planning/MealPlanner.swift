import Foundation

/// One day of the meal plan, as a week or list view shows it.
public struct MealPlanDay: Hashable, Sendable {
  /// The day.
  public var date: CalendarDay
  /// The day's entries, breakfast first.
  public var entries: [MealPlanEntry]
  /// The total time of the day's recipes in minutes; recipes without a time add nothing.
  public var totalMinutes: Int

  /// Makes a day.
  public init(date: CalendarDay, entries: [MealPlanEntry], totalMinutes: Int) {
    self.date = date
    self.entries = entries
    self.totalMinutes = totalMinutes
  }
}

/// The meal plan's pure logic: days for a view, and filling empty meals with suggestions.
public enum MealPlanner {
  /// Every day from `from` through `through` (at most 366), with its entries and total time.
  ///
  /// - Parameter minutes: a recipe's total time in minutes, or nil when unknown.
  public static func days(
    from: CalendarDay, through: CalendarDay, entries: [MealPlanEntry],
    minutes: (RecipeID) -> Int?
  ) -> [MealPlanDay] {
    guard from <= through else { return [] }
    let count = min(through.days(since: from) + 1, 366)
    let byDay = Dictionary(grouping: entries, by: \.date)
    return (0..<count).map { offset in
      let date = from.adding(days: offset)
      let dayEntries = (byDay[date] ?? []).sorted(by: MealPlanEntry.listOrder)
      return MealPlanDay(
        date: date, entries: dayEntries,
        totalMinutes: dayEntries.reduce(0) { $0 + (minutes($1.recipeID) ?? 0) })
    }
  }

  /// New entries for the days in `days` that have no entry for `meal`, taking recipes from
  /// `candidates` best first, never one already planned in `planned` (the week so far) and
  /// never the same one twice.
  public static func fill(
    days: [CalendarDay], meal: Meal, planned: [MealPlanEntry], candidates: [RecipeID],
    servings: Double? = nil, makeID: () -> PlanningID
  ) -> [MealPlanEntry] {
    var used = Set(planned.map(\.recipeID))
    var pool = candidates.filter { !used.contains($0) }[...]
    var result: [MealPlanEntry] = []
    for day in days.sorted()
    where !planned.contains(where: { $0.date == day && $0.meal == meal }) {
      while let next = pool.first, used.contains(next) { pool = pool.dropFirst() }
      guard let recipe = pool.first else { break }
      pool = pool.dropFirst()
      used.insert(recipe)
      result.append(
        MealPlanEntry(id: makeID(), date: day, meal: meal, recipeID: recipe, servings: servings))
    }
    return result
  }
}
