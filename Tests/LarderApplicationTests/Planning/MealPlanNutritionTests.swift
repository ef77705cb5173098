import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// Day and week nutrition on the meal plan: one serving of each meal (what one person eats)
/// and every serving planned, with the meals that could not be counted named.
@Suite struct MealPlanNutritionTests {
  static let recipes = [
    // 4 large eggs: 200 g of SR26 01123 (143 kcal/100 g) = 286 kcal, 143 kcal a serving.
    PlanningLarder.recipe("Eggs", serves: 2, ["4 large eggs"]),
    // 4 slices white bread (28 g, 265 kcal/100 g) = 296.8 kcal and 2 tbsp butter (28.4 g,
    // 717 kcal/100 g) = 203.63 kcal: 500.43 kcal, 250.21 a serving.
    PlanningLarder.recipe("Toast", serves: 2, ["4 slices bread", "2 tbsp butter"]),
    Recipe(
      name: "Mystery",
      ingredientSections: [IngredientSection(lines: [IngredientLine(text: "200 g rice")])]),
  ]

  static func close(_ actual: Double?, _ expected: Double) -> Bool {
    guard let actual else { return false }
    return abs(actual - expected) <= expected * 0.05
  }

  @Test func eachDayAndTheWeekAddUpOneServingOfEachMealAndEveryServingPlanned() throws {
    let app = try PlanningLarder(recipes: Self.recipes)
    for (name, day, meal, servings) in [
      ("Eggs", "2026-09-21", Meal.breakfast, 4.0), ("Toast", "2026-09-21", .lunch, nil),
      ("Mystery", "2026-09-22", .dinner, nil),
    ] as [(String, String, Meal, Double?)] {
      _ = try app.larder.addPlanEntry(
        NewPlanEntry(
          date: PlanningLarder.day(day), meal: meal, recipe: app.id(name), servings: servings),
        as: app.caller)
    }
    let week = try app.larder.mealPlanWeek(
      PlanWeekRequest(date: PlanningLarder.day("2026-09-21")), as: app.caller)
    let monday = week.days[0].nutrition
    #expect(monday.meals == 2)
    #expect(monday.countedMeals == 2)
    // One serving of each: 143 + 250.21 kcal; planned: 4 servings of eggs (572) + the toast's
    // own 2 (500.43).
    #expect(Self.close(monday.perPerson.energyKcal, 393.21), "\(monday)")
    #expect(Self.close(monday.planned.energyKcal, 1072.43), "\(monday)")
    let tuesday = week.days[1].nutrition
    #expect(tuesday.countedMeals == 0)
    #expect(tuesday.notCounted == ["Mystery: the recipe does not say how many it serves"])
    #expect(week.days[2].nutrition.meals == 0)
    #expect(week.days[2].nutrition.summary == "0 of 0 meals counted")
    #expect(week.nutrition.meals == 3)
    #expect(week.nutrition.countedMeals == 2)
    #expect(Self.close(week.nutrition.perPerson.energyKcal, 393.21))
    #expect(week.nutrition.summary.hasPrefix("2 of 3 meals counted, 100% of their weight"))
  }

  @Test func aMealWhoseRecipeIsGoneIsNamedAndNotCounted() {
    let added = PlannedNutrition.adding([
      PlannedNutrition.Meal(name: nil, nutrition: nil, servings: 2)
    ])
    #expect(added.countedMeals == 0)
    #expect(added.notCounted == ["a deleted recipe: the recipe is gone"])
    #expect(added.perPerson.energyKcal == nil)
  }
}
