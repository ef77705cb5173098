import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// Listing and searching recipes, as `GET /api/v1/recipes`, `GET /api/v1/search`,
/// `larder recipes` and `larder search` all do.
@Suite struct RecipeListTests {
  @Test func aPageListsRecipesByNameWithTheTotal() throws {
    let fixture = try LibraryFixture()
    let page = try fixture.larder.listRecipes(
      RecipeListRequest(limit: 2), as: .defaultHousehold)
    #expect(page.items.map(\.name) == ["Buttermilk Pancakes", "Crème brûlée (vegan)"])
    #expect(page.total == 3)
    #expect(page.hasMore)
  }

  @Test func searchFindsByIngredient() throws {
    let fixture = try LibraryFixture()
    let page = try fixture.larder.searchRecipes(
      RecipeListRequest(text: "garlic"), as: .defaultHousehold)
    #expect(page.items.map(\.name) == ["Tomato Soup"])
  }

  @Test(arguments: [nil, "", "   "])
  func searchNeedsWords(text: String?) throws {
    let fixture = try LibraryFixture()
    #expect(throws: ApplicationError.missingValue(Field("q"))) {
      _ = try fixture.larder.searchRecipes(RecipeListRequest(text: text), as: .defaultHousehold)
    }
  }

  @Test func theMissingWordsAreNamedForEachFrontEnd() {
    let error = ApplicationError.missingValue(Field("q"))
    #expect(
      error.message(naming: .api(defaultLocation: .query)) == "query parameter 'q' is required")
  }

  @Test(arguments: [
    (RecipeListRequest(limit: 0), "limit: '0' is not a whole number from 1 to 200"),
    (RecipeListRequest(limit: 201), "limit: '201' is not a whole number from 1 to 200"),
    (RecipeListRequest(offset: -3), "offset: '-3' is not a whole number from 0 to 10000000"),
  ])
  func outOfRangePagesAreRefused(request: RecipeListRequest, message: String) throws {
    let fixture = try LibraryFixture()
    do {
      _ = try fixture.larder.listRecipes(request, as: .defaultHousehold)
      Issue.record("expected an error")
    } catch let error as ApplicationError {
      #expect(error.message(naming: .commandLine(options: [:])) == "option --" + message)
    }
  }

  @Test func theRequestReadsAQueryAndRefusesOtherFields() throws {
    let request = try RecipeListRequest.decode(query: [
      "q": "soup", "sort": "rating", "favorites": "yes", "offset": "5", "limit": "10",
    ])
    #expect(
      request
        == RecipeListRequest(text: "soup", favoritesOnly: true, sort: .rating, offset: 5, limit: 10)
    )
    #expect(throws: ApplicationError.self) {
      _ = try RecipeListRequest.decode(query: ["course": "soup"])
    }
  }
}
