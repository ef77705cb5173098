import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

@Suite struct MealPlanUseCaseTests {
  func plan(
    _ app: PlanningLarder, _ recipe: String, on day: String, _ meal: Meal, servings: Double? = nil
  ) throws -> PlanEntryView {
    try app.larder.addPlanEntry(
      NewPlanEntry(
        date: PlanningLarder.day(day), meal: meal, recipe: app.id(recipe), servings: servings),
      as: app.caller)
  }

  @Test func theWeekStartsOnTheConfiguredDayAndTotalsEachDaysTime() throws {
    let app = try PlanningLarder()
    _ = try plan(app, "Pancakes", on: "2026-09-23", .breakfast)
    let bake = try plan(app, "Chicken Bake", on: "2026-09-23", .dinner, servings: 4)
    #expect(bake.recipeName == "Chicken Bake")
    #expect(bake.totalMinutes == 60)
    _ = try plan(app, "Custard", on: "2026-09-27", .snack)
    let week = try app.larder.mealPlanWeek(
      PlanWeekRequest(date: PlanningLarder.day("2026-09-25")), as: app.caller)
    #expect(week.from == PlanningLarder.day("2026-09-21"))
    #expect(week.to == PlanningLarder.day("2026-09-27"))
    #expect(week.days.count == 7)
    #expect(week.days[0].weekday == .monday)
    #expect(week.days[2].totalMinutes == 80)
    #expect(week.days[2].entries.compactMap(\.recipeName) == ["Pancakes", "Chicken Bake"])
    let sunday = try app.larder.mealPlanWeek(
      PlanWeekRequest(date: PlanningLarder.day("2026-09-25"), weekStart: .sunday), as: app.caller)
    #expect(sunday.from == PlanningLarder.day("2026-09-20"))
    // Without a date, the week holding today.
    let now = try app.larder.mealPlanWeek(PlanWeekRequest(), as: app.caller)
    #expect(now.from == PlanningLarder.day("2026-09-21"))
  }

  @Test func daysRunFromTodayForAWeekAndABackwardRangeIsRefused() throws {
    let app = try PlanningLarder()
    let week = try app.larder.mealPlan(PlanRangeRequest(), as: app.caller)
    #expect(week.from == PlanningLarder.day("2026-09-21"))
    #expect(week.days.count == 7)
    let two = try app.larder.mealPlan(
      PlanRangeRequest(
        from: PlanningLarder.day("2026-09-27"), to: PlanningLarder.day("2026-09-28")),
      as: app.caller)
    #expect(two.days.count == 2)
    let backwards = #expect(throws: ApplicationError.self) {
      try app.larder.mealPlan(
        PlanRangeRequest(
          from: PlanningLarder.day("2026-09-28"), to: PlanningLarder.day("2026-09-01")),
        as: app.caller)
    }
    #expect(
      backwards?.description.hasPrefix("field 'to': '2026-09-01' is not a date on or after") == true
    )
  }

  @Test func anEntryIsChangedFoundAndRemovedByID() throws {
    let app = try PlanningLarder()
    let added = try plan(app, "Custard", on: "2026-09-22", .lunch, servings: 3)
    let id = added.entry.id.rawValue
    let moved = try app.larder.editPlanEntry(
      id: id,
      PlanEntryChange(
        date: PlanningLarder.day("2026-09-24"), meal: .dinner, recipe: app.id("Pancakes"),
        servings: .clear),
      as: app.caller)
    #expect(moved.entry.date == PlanningLarder.day("2026-09-24"))
    #expect(moved.entry.meal == .dinner)
    #expect(moved.entry.servings == nil)
    #expect(moved.recipeName == "Pancakes")
    #expect(try app.larder.planEntry(id: id, as: app.caller) == moved)
    let ghost = #expect(throws: ApplicationError.self) {
      try app.larder.editPlanEntry(
        id: id, PlanEntryChange(recipe: RecipeID(rawValue: "ghost")), as: app.caller)
    }
    #expect(ghost == .notFound(.recipe, id: "ghost"))
    #expect(try app.larder.removePlanEntries([id], as: app.caller).map(\.id.rawValue) == [id])
    #expect(throws: ApplicationError.notFound(.mealPlanEntry, id: id)) {
      try app.larder.planEntry(id: id, as: app.caller)
    }
  }

  @Test func planningAnUnknownRecipeIsNotFound() throws {
    let app = try PlanningLarder()
    let error = #expect(throws: ApplicationError.self) {
      try app.larder.addPlanEntry(
        NewPlanEntry(
          date: PlanningLarder.day("2026-09-22"), meal: .lunch, recipe: RecipeID(rawValue: "ghost")),
        as: app.caller)
    }
    #expect(error == .notFound(.recipe, id: "ghost"))
  }

  @Test func aRequiredFieldOfANewEntryIsNamed() throws {
    let error = #expect(throws: ApplicationError.self) {
      try NewPlanEntry.decode(json: Data(#"{"recipe": "r", "meal": "lunch"}"#.utf8))
    }
    #expect(error?.description == "field 'date' is required")
    let meal = #expect(throws: ApplicationError.self) {
      try NewPlanEntry.decode(
        json: Data(#"{"recipe": "r", "date": "2026-09-22", "meal": "brunch"}"#.utf8))
    }
    #expect(meal?.description.contains("'meal'") == true)
  }

  @Test func fillingTheWeekLetsRecipesMissFiftyFoodsUnlessTheRequestSaysOtherwise() throws {
    // Nothing in the pantry: every recipe misses foods, so only the default K suggests any.
    let app = try PlanningLarder()
    let filled = try app.larder.fillWeek(FillWeekRequest(), as: app.caller)
    #expect(filled.entries.count == 3)
    #expect(
      Set(filled.entries.compactMap(\.recipeName)) == ["Pancakes", "Custard", "Chicken Bake"])
    let strict = try app.larder.fillWeek(
      FillWeekRequest(finder: FinderRequest(missing: 0)), as: app.caller)
    #expect(strict.entries.isEmpty)
  }

  /// A stew of twelve foods: with an empty pantry it misses more than ten.
  static let longStew = PlanningLarder.recipe(
    "Long Stew",
    [
      "2 carrots", "2 celery stalks", "500 g potatoes", "2 leeks", "3 garlic cloves",
      "1 tsp thyme", "2 bay leaves", "500 g beef", "400 g tomatoes", "100 g barley",
      "1 bunch parsley", "200 g peas",
    ])

  @Test func fillingTheWeekWithoutMissingIsFillingItWithMissingFifty() throws {
    let app = try PlanningLarder(recipes: PlanningLarder.defaultRecipes + [Self.longStew])
    func names(_ request: FillWeekRequest) throws -> [String] {
      try app.larder.fillWeek(request, as: app.caller).entries.compactMap(\.recipeName)
    }
    let byDefault = try names(FillWeekRequest())
    #expect(byDefault.contains("Long Stew"), "\(byDefault)")
    #expect(byDefault == (try names(FillWeekRequest(finder: FinderRequest(missing: 50)))))
    let ten = try names(FillWeekRequest(finder: FinderRequest(missing: 10)))
    #expect(!ten.contains("Long Stew"), "\(ten)")
    #expect(!ten.isEmpty)
    #expect(try names(FillWeekRequest(finder: FinderRequest(missing: 0))).isEmpty)
  }

  @Test func fillingTheWeekSkipsPlannedRecipesAndSavesWhenAsked() throws {
    let app = try PlanningLarder()
    _ = try plan(app, "Custard", on: "2026-09-22", .dinner)
    let preview = try app.larder.fillWeek(
      FillWeekRequest(date: PlanningLarder.day("2026-09-24")), as: app.caller)
    #expect(!preview.saved)
    #expect(preview.entries.map(\.entry.date.description) == ["2026-09-21", "2026-09-23"])
    #expect(Set(preview.entries.compactMap(\.recipeName)) == ["Pancakes", "Chicken Bake"])
    #expect(
      try app.planning.mealPlanEntries(
        from: PlanningLarder.day("2026-09-21"), through: PlanningLarder.day("2026-09-27"),
        household: .default
      ).count == 1)
    let saved = try app.larder.fillWeek(
      FillWeekRequest(meal: .lunch, save: true, finder: FinderRequest(maxTime: 30)), as: app.caller)
    #expect(saved.saved)
    #expect(saved.entries.compactMap(\.recipeName) == ["Pancakes"])
    #expect(
      try app.planning.mealPlanEntries(
        from: PlanningLarder.day("2026-09-21"), through: PlanningLarder.day("2026-09-27"),
        household: .default
      ).count == 2)
  }

  @Test func fillingTheWeekLeavesTheDaysAlreadyPast() throws {
    // Wednesday 2026-09-23 in Los Angeles: Monday and Tuesday are past.
    let wednesday = Fixtures.now.addingTimeInterval(2 * 86_400)
    let app = try PlanningLarder(now: wednesday)
    let filled = try app.larder.fillWeek(FillWeekRequest(meal: .lunch), as: app.caller)
    #expect(
      filled.entries.map(\.entry.date.description) == ["2026-09-23", "2026-09-24", "2026-09-25"])
    let lastWeek = try app.larder.fillWeek(
      FillWeekRequest(date: PlanningLarder.day("2026-09-16"), save: true), as: app.caller)
    #expect(lastWeek.entries.isEmpty)
    let nextWeek = try app.larder.fillWeek(
      FillWeekRequest(date: PlanningLarder.day("2026-09-30")), as: app.caller)
    #expect(nextWeek.entries.first?.entry.date.description == "2026-09-28")
  }

  @Test func aFillRequestReadsItsOwnFieldsAndTheFindersFromOneBody() throws {
    let request = try FillWeekRequest.decode(
      json: Data(
        #"{"weekStart": "Sunday", "save": true, "maxTime": 30, "diet": "vegetarian"}"#.utf8))
    #expect(request.weekStart == .sunday)
    #expect(request.save)
    #expect(request.meal == .dinner)
    #expect(request.finder.maxTime == 30)
    #expect(request.finder.diets == ["vegetarian"])
    #expect(request.finder.missing == nil)
    let bad = #expect(throws: ApplicationError.self) {
      try FillWeekRequest.decode(json: Data(#"{"weekStart": "someday"}"#.utf8))
    }
    #expect(bad?.isAboutAField == true)
  }

  @Test func anEntrysViewWritesNullForADeletedRecipe() throws {
    let app = try PlanningLarder()
    let entry = MealPlanEntry(
      id: PlanningID(rawValue: "e"), date: PlanningLarder.day("2026-09-22"), meal: .lunch,
      recipeID: RecipeID(rawValue: "gone"))
    let object = try jsonObject(PlanEntryView(entry, recipe: nil))
    #expect(object["recipeID"] as? String == "gone")
    #expect(object["recipeName"] is NSNull)
    #expect(object["totalMinutes"] is NSNull)
    _ = app
  }
}
