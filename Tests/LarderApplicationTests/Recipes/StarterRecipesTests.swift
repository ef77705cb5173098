import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderApplication

/// The recipes a new library starts with: complete, varied and loadable.
@Suite struct StarterRecipesTests {
  let recipes: [Recipe]

  init() throws {
    recipes = try StarterRecipes.load()
  }

  @Test func thereAreAtLeastSixtyWithDistinctNames() {
    #expect(recipes.count >= 60)
    #expect(Set(recipes.map { $0.name.lowercased() }).count == recipes.count)
    #expect(Set(recipes.map(\.identityKey)).count == recipes.count)
  }

  /// The starters are English, and their words say so: none is read with another
  /// language's rules (which would lose their English units and foods).
  @Test func everyRecipeReadsAsEnglish() {
    for recipe in recipes {
      #expect(LanguageDetector.language(of: recipe) == .english, "\(recipe.name)")
    }
  }

  @Test func everyRecipeIsComplete() {
    for recipe in recipes {
      #expect(recipe.description?.isEmpty == false, "\(recipe.name): description")
      #expect(recipe.ingredientLines.count >= 2, "\(recipe.name): ingredients")
      #expect(recipe.steps.count >= 3, "\(recipe.name): steps")
      #expect((recipe.yield?.servings ?? 0) > 0, "\(recipe.name): yield")
      #expect(recipe.prepTime != nil && recipe.cookTime != nil, "\(recipe.name): times")
      #expect((recipe.effectiveTotalTime?.seconds ?? 0) > 0, "\(recipe.name): total time")
      #expect(!recipe.cuisines.isEmpty, "\(recipe.name): cuisine")
      #expect(!recipe.courses.isEmpty, "\(recipe.name): course")
      #expect(!recipe.keywords.isEmpty, "\(recipe.name): tags")
      let amounts = recipe.ingredientLines.filter { $0.text.first?.isNumber == true }
      #expect(amounts.count * 2 >= recipe.ingredientLines.count, "\(recipe.name): amounts")
    }
  }

  @Test func veganRecipesAreAlsoVegetarian() {
    for recipe in recipes where recipe.diets.contains(.vegan) {
      #expect(recipe.diets.contains(.vegetarian), "\(recipe.name)")
    }
  }

  @Test func theCollectionCoversCoursesCuisinesAndDiets() {
    func count(course: String) -> Int {
      recipes.filter { $0.courses.contains { $0.caseInsensitiveCompare(course) == .orderedSame } }
        .count
    }
    #expect(count(course: "Breakfast") >= 5)
    #expect(count(course: "Soup") >= 5)
    #expect(count(course: "Salad") >= 5)
    #expect(count(course: "Main course") >= 10)
    #expect(count(course: "Side dish") >= 4)
    #expect(count(course: "Dessert") >= 5)
    #expect(count(course: "Baking") >= 4)
    #expect(count(course: "Drink") >= 3)
    let mainCuisines = Set(
      recipes.filter { $0.courses.contains("Main course") }.flatMap(\.cuisines))
    #expect(mainCuisines.count >= 8)
    #expect(recipes.filter { $0.diets.contains(.vegetarian) }.count >= 10)
    #expect(recipes.filter { $0.diets.contains(.vegan) }.count >= 8)
  }

  @Test func seedingTwiceDoesNotDuplicateAndSeedsOnlyTheCallersHousehold() throws {
    let store = InMemoryRecipeStore()
    let larder = Larder(recipes: store, clock: { Fixtures.now })
    #expect(try larder.seedStarterRecipes(as: .defaultHousehold) == recipes.count)
    #expect(try larder.seedStarterRecipes(as: .defaultHousehold) == 0)
    #expect(try store.recipeCount(household: .default) == recipes.count)
    let other = Caller(household: HouseholdID(rawValue: "other"))
    #expect(try store.recipeCount(household: other.household) == 0)
    #expect(try larder.seedStarterRecipes(as: other) == recipes.count)
    let all = try larder.allRecipes(as: other)
    #expect(all.count == recipes.count)
    #expect(Set(all.map(\.name)) == Set(recipes.map(\.name)))
    #expect(all.allSatisfy { $0.householdID == other.household && !$0.ingredientLines.isEmpty })
  }
}
