import Foundation
import LarderCore
import LarderTestSupport
import Testing

@Suite struct RecipeQueryTests {
  @Test func defaultsToTheFirstPageOf24() {
    let query = RecipeQuery()
    #expect(query.offset == 0)
    #expect(query.limit == 24)
    #expect(!query.favoritesOnly)
  }

  @Test(arguments: [(0, 1), (-3, 1), (1, 1), (24, 24), (200, 200), (201, 200), (10_000, 200)])
  func clampsTheLimitToOneThroughTheMaximum(limit: Int, clamped: Int) {
    #expect(RecipeQuery(limit: limit).limit == clamped)
  }

  @Test(arguments: [(-5, 0), (0, 0), (48, 48)])
  func clampsTheOffsetAtZero(offset: Int, clamped: Int) {
    #expect(RecipeQuery(offset: offset).offset == clamped)
  }

  @Test(
    arguments: [
      (nil, nil), ("", nil), ("  \n", nil), ("  soup ", "soup"), ("Tomato soup", "Tomato soup"),
    ] as [(String?, String?)])
  func trimsTheSearchTextAndTreatsBlankAsNone(text: String?, searchText: String?) {
    #expect(RecipeQuery(text: text).searchText == searchText)
  }

  @Test(
    arguments: [
      (nil, []),
      ("   ", []),
      ("Tomato soup", ["tomato", "soup"]),
      ("Tomato, basil & Crème fraîche!", ["tomato", "basil", "crème", "fraîche"]),
      ("BLT-2000  sandwich", ["blt", "2000", "sandwich"]),
    ] as [(String?, [String])])
  func splitsTheSearchTextIntoLowercaseWords(text: String?, terms: [String]) {
    #expect(RecipeQuery(text: text).searchTerms == terms)
  }

  @Test(
    arguments: [
      (nil, nil, RecipeSort.name),
      ("soup", nil, .relevance),
      ("  ", nil, .name),
      (nil, .relevance, .name),
      ("soup", .relevance, .relevance),
      ("soup", .rating, .rating),
      (nil, .newest, .newest),
      (nil, .time, .time),
    ] as [(String?, RecipeSort?, RecipeSort)])
  func sortsByRelevanceOnlyWhenSearching(text: String?, sort: RecipeSort?, effective: RecipeSort) {
    #expect(RecipeQuery(text: text, sort: sort).effectiveSort == effective)
  }

  @Test func aPageKnowsWhetherMoreFollow() {
    #expect(Page(items: [1, 2], total: 5, offset: 0, limit: 2).hasMore)
    #expect(Page(items: [3, 4], total: 5, offset: 2, limit: 2).hasMore)
    #expect(!Page(items: [5], total: 5, offset: 4, limit: 2).hasMore)
    #expect(!Page(items: [Int](), total: 0, offset: 0, limit: 2).hasMore)
  }

  @Test func aSummaryShowsTheCardFieldsOfARecipe() {
    var recipe = Fixtures.pancakes()
    recipe.rating = 4
    let summary = RecipeSummary(recipe)
    #expect(summary.name == "Buttermilk Pancakes")
    #expect(summary.image == "https://example.com/pancakes.jpg")
    #expect(summary.totalTime == RecipeDuration(minutes: 30))
    #expect(summary.ingredientCount == 4)
    #expect(summary.rating == 4)
    #expect(summary.diets == [.vegetarian])
  }

  @Test func importOutcomesCarryTheirRecipeAndLabel() {
    let id = RecipeID(rawValue: "r1")
    #expect(ImportOutcome.created(id).recipeID == id)
    #expect(ImportOutcome.updated(id).label == "updated")
    #expect(ImportOutcome.unchanged(id).label == "unchanged")
  }
}
