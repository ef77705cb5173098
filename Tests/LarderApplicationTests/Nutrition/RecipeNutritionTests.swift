import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// A recipe's nutrition through the use case every front end calls.
@Suite struct RecipeNutritionTests {
  @Test func perServingFollowsTheServingsAskedForAndTheTotalScales() throws {
    let fixture = try LibraryFixture()
    let own = try fixture.larder.recipeNutrition(
      fixture.pancakes.id, RecipeNutritionRequest(), as: .defaultHousehold)
    let doubled = try fixture.larder.recipeNutrition(
      fixture.pancakes.id, RecipeNutritionRequest(servings: 8), as: .defaultHousehold)
    #expect(own.servings == 4)
    #expect(own.recipeServings == 4)
    #expect(doubled.servings == 8)
    #expect(doubled.factor == 2)
    let ownTotal = try #require(own.total.energyKcal)
    let doubledTotal = try #require(doubled.total.energyKcal)
    #expect(abs(doubledTotal - 2 * ownTotal) < 0.001)
    let ownServing = try #require(own.perServing?.energyKcal)
    let doubledServing = try #require(doubled.perServing?.energyKcal)
    #expect(abs(doubledServing - ownServing) < 0.001)
    // "2 cups plain flour" is all-purpose flour by the catalog; maple syrup has no amount.
    #expect(own.lines[0].food?.id == "all-purpose-flour")
    #expect(own.lines.last?.reason == "no amount")
    #expect(own.coverage.summary.contains("Maple syrup (no amount)"))
    #expect(own.rows.first?.label == "Energy")
  }

  @Test func thePagesOwnFiguresComeApartAndAreNeverMixedIn() throws {
    let larder = Larder(recipes: InMemoryRecipeStore(), clock: { Fixtures.now })
    var recipe = Fixtures.tomatoSoup()
    var page = Nutrition()
    page.calories = "999 kcal"
    recipe.nutrition = page
    recipe.yield = RecipeYield(servings: 4)
    let stored = try larder.recipes.createRecipe(recipe, household: .default, now: Fixtures.now)
    let report = try larder.recipeNutrition(
      stored.id, RecipeNutritionRequest(), as: .defaultHousehold)
    #expect(report.pageSays?.calories == "999 kcal")
    #expect(report.pageSaysEntries.map(\.label) == ["Calories"])
    #expect((report.perServing?.energyKcal ?? 999) < 200)
  }

  @Test(arguments: [0.0, -1, 1001, .infinity, .nan])
  func servingsOutOfRangeNameTheField(_ servings: Double) throws {
    let fixture = try LibraryFixture()
    #expect {
      try fixture.larder.recipeNutrition(
        fixture.pancakes.id, RecipeNutritionRequest(servings: servings), as: .defaultHousehold)
    } throws: { error in
      guard case .invalidValue(let field, _, _) = error as? ApplicationError else { return false }
      return field.name == "servings"
    }
  }

  @Test func anUnknownRecipeIsNotFound() throws {
    let fixture = try LibraryFixture()
    #expect {
      try fixture.larder.recipeNutrition(
        RecipeID(rawValue: "nope"), RecipeNutritionRequest(), as: .defaultHousehold)
    } throws: { error in
      guard case .notFound(.recipe, let id) = error as? ApplicationError else { return false }
      return id == "nope"
    }
  }

  /// A page that has read the recipe asks for its nutrition without reading it again: the
  /// same report, and never for another household's recipe.
  @Test func aRecipeAlreadyReadGivesTheSameReportAndStaysInItsHousehold() throws {
    let fixture = try LibraryFixture()
    let byID = try fixture.larder.recipeNutrition(
      fixture.pancakes.id, RecipeNutritionRequest(servings: 6), as: .defaultHousehold)
    let recipe = try fixture.larder.recipe(fixture.pancakes.id, as: .defaultHousehold)
    let read = try fixture.larder.recipeNutrition(
      of: recipe, RecipeNutritionRequest(servings: 6), as: .defaultHousehold)
    #expect(read.total.energyKcal == byID.total.energyKcal)
    #expect(read.lines.map(\.food?.id) == byID.lines.map(\.food?.id))
    var elsewhere = recipe
    elsewhere.householdID = HouseholdID(rawValue: "other")
    #expect {
      try fixture.larder.recipeNutrition(
        of: elsewhere, RecipeNutritionRequest(), as: .defaultHousehold)
    } throws: { error in
      guard case .notFound(.recipe, _) = error as? ApplicationError else { return false }
      return true
    }
  }
}
