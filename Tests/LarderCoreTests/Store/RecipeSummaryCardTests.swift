import Foundation
import LarderCore
import LarderTestSupport
import Testing

/// A summary carries the words a recipe card shows, so the page and the web app's card agree.
@Suite struct RecipeSummaryCardTests {
  private func summary(
    minutes: Int?, yield: RecipeYield?, cuisines: [String] = [], courses: [String] = []
  ) -> RecipeSummary {
    var recipe = Fixtures.tomatoSoup()
    recipe.totalTime = minutes.map { RecipeDuration(minutes: $0) }
    recipe.prepTime = nil
    recipe.cookTime = nil
    recipe.yield = yield
    recipe.cuisines = cuisines
    recipe.courses = courses
    return RecipeSummary(recipe)
  }

  @Test func factsAreTimeYieldCuisineAndCourseAsFarAsKnown() {
    let full = summary(
      minutes: 80, yield: RecipeYield(servings: 4), cuisines: ["Italian", "French"],
      courses: ["Dinner"])
    #expect(full.cardFacts == ["1 hr 20 min", "4 servings", "Italian", "Dinner"])
    #expect(summary(minutes: nil, yield: nil).cardFacts == [])
    #expect(summary(minutes: 0, yield: nil, courses: ["Soup"]).cardFacts == ["Soup"])
  }

  @Test func theHueIsStableAndInRange() {
    let soup = summary(minutes: nil, yield: nil)
    #expect(soup.placeholderHue == summary(minutes: 5, yield: nil).placeholderHue)
    #expect((0..<360).contains(soup.placeholderHue))
  }

  @Test func theJSONCarriesTheCardAndReadsBackWithoutIt() throws {
    let original = summary(minutes: 45, yield: RecipeYield(servings: 2), cuisines: ["Thai"])
    let data = try LarderJSON.encode(original)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["cardFacts"] as? [String] == ["45 min", "2 servings", "Thai"])
    #expect(object["placeholderHue"] as? Int == original.placeholderHue)
    #expect(try LarderJSON.decode(RecipeSummary.self, from: data) == original)
  }
}
