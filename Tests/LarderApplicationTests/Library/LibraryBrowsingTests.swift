import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// Browsing the library: filters, facets, text with filters, orders, and "surprise me".
@Suite struct LibraryBrowsingTests {
  @Test func everyRecipeIsCountedInTheFacets() throws {
    let fixture = try LibraryFixture()
    let page = try fixture.larder.browseLibrary(LibraryRequest(), as: .defaultHousehold)
    #expect(page.total == 3)
    #expect(page.sort == .name)
    #expect(!page.facetsPartial)
    #expect(page.facets.diets.contains(LibraryFacets.Count(value: "vegan", count: 2)))
    #expect(page.facets.courses.map(\.value).sorted() == ["Breakfast", "Dessert", "Soup"])
    #expect(page.facets.times.map(\.value) == [15, 30, 60])
    #expect(page.facets.times.first { $0.value == 30 }?.count == 2)
  }

  @Test func eachDietChipCountsTheRecipesChoosingItShows() throws {
    // Pancakes say vegetarian, the soup and the crème brûlée say vegan: vegetarian and
    // pescatarian, which no recipe writes for all three, are met by all three.
    let fixture = try LibraryFixture()
    let diets = try fixture.larder.browseLibrary(LibraryRequest(), as: .defaultHousehold)
      .facets.diets
    #expect(diets.contains(LibraryFacets.Count(value: "vegetarian", count: 3)))
    #expect(diets.contains(LibraryFacets.Count(value: "pescatarian", count: 3)))
    for diet in diets {
      let chosen = try fixture.larder.browseLibrary(
        LibraryRequest(filters: LibraryFilters(diets: [DietLabel(rawValue: diet.value)])),
        as: .defaultHousehold)
      #expect(chosen.total == diet.count, "\(diet.value)")
      #expect(chosen.facets.diets.first { $0.value == diet.value }?.count == chosen.total)
    }
  }

  @Test func filtersNarrowThePageAndItsFacets() throws {
    let fixture = try LibraryFixture()
    // Vegan implies vegetarian: all three are vegetarian.
    #expect(
      try fixture.names(LibraryRequest(filters: LibraryFilters(diets: [.vegetarian]))).count == 3)
    let soup = try fixture.larder.browseLibrary(
      LibraryRequest(
        sort: .time, filters: LibraryFilters(courses: ["SOUP"], maxMinutes: 30)),
      as: .defaultHousehold)
    #expect(soup.items.map(\.name) == ["Tomato Soup"])
    #expect(soup.facets.cuisines == [LibraryFacets.Count(value: "Italian", count: 1)])
    #expect(try fixture.names(LibraryRequest(filters: LibraryFilters(maxMinutes: 20))).isEmpty)
  }

  @Test func textAndFiltersCombine() throws {
    let fixture = try LibraryFixture()
    #expect(try fixture.names(LibraryRequest(text: "soup")) == ["Tomato Soup"])
    #expect(
      try fixture.names(LibraryRequest(text: "soup", filters: LibraryFilters(cuisines: ["french"])))
        .isEmpty)
    let sorted = try fixture.larder.browseLibrary(
      LibraryRequest(sort: .time, limit: 2), as: .defaultHousehold)
    #expect(sorted.items.map(\.name) == ["Buttermilk Pancakes", "Tomato Soup"])
    #expect(sorted.total == 3)
  }

  @Test func eachHouseholdSeesOnlyItsOwnLibrary() throws {
    let fixture = try LibraryFixture()
    let other = Caller(household: HouseholdID(rawValue: "other"))
    // Both households' copies are in memory before either writes.
    #expect(try fixture.larder.browseLibrary(LibraryRequest(), as: .defaultHousehold).total == 3)
    #expect(try fixture.larder.browseLibrary(LibraryRequest(), as: other).total == 0)
    _ = try fixture.larder.recipes.createRecipe(
      Recipe(name: "Quick Dal", courses: ["Dinner"]), household: other.household,
      now: Fixtures.now)
    let mine = try fixture.larder.browseLibrary(LibraryRequest(), as: .defaultHousehold)
    #expect(
      mine.items.map(\.name) == ["Buttermilk Pancakes", "Crème brûlée (vegan)", "Tomato Soup"])
    #expect(!mine.facets.courses.map(\.value).contains("Dinner"))
    let theirs = try fixture.larder.browseLibrary(LibraryRequest(), as: other)
    #expect(theirs.items.map(\.name) == ["Quick Dal"])
    #expect(theirs.facets.courses.map(\.value) == ["Dinner"])
    // A deletion in one household leaves the other's library as it was.
    try fixture.larder.recipes.deleteRecipe(id: fixture.soup.id, household: .default)
    #expect(try fixture.larder.browseLibrary(LibraryRequest(), as: other).total == 1)
    #expect(try fixture.larder.browseLibrary(LibraryRequest(), as: .defaultHousehold).total == 2)
  }

  @Test func writesThroughTheLarderShowAtOnce() throws {
    let fixture = try LibraryFixture()
    let favorites = LibraryRequest(filters: LibraryFilters(favoritesOnly: true))
    #expect(try fixture.names(favorites).isEmpty)
    var soup = fixture.soup
    soup.isFavorite = true
    _ = try fixture.larder.recipes.updateRecipe(soup, household: .default, now: Fixtures.now)
    #expect(try fixture.names(favorites) == ["Tomato Soup"])
    let dal = try fixture.larder.recipes.createRecipe(
      Recipe(name: "Quick Dal", courses: ["Dinner"]), household: .default, now: Fixtures.now)
    let dinner = LibraryRequest(filters: LibraryFilters(courses: ["dinner"]))
    #expect(try fixture.names(dinner) == ["Quick Dal"])
    try fixture.larder.recipes.deleteRecipe(id: dal.id, household: .default)
    #expect(try fixture.names(dinner).isEmpty)
  }

  @Test func theRequestReadsAQuery() throws {
    let request = try LibraryRequest.decode(query: [
      "q": " soup ", "course": "Soup,Dinner", "diet": "vegan", "maxTime": "30",
      "favorites": "1", "sort": "time", "offset": "24", "limit": "12",
    ])
    #expect(
      request
        == LibraryRequest(
          text: "soup", sort: .time, offset: 24, limit: 12,
          filters: LibraryFilters(
            courses: ["soup", "dinner"], diets: [.vegan], maxMinutes: 30, favoritesOnly: true)))
  }

  @Test(arguments: [
    (LibraryRequest(limit: 0), "limit"), (LibraryRequest(offset: -1), "offset"),
    (LibraryRequest(filters: LibraryFilters(maxMinutes: 0)), "maxTime"),
  ])
  func outOfRangeValuesAreRefusedNamingTheField(request: LibraryRequest, field: String) throws {
    let fixture = try LibraryFixture()
    #expect {
      _ = try fixture.larder.browseLibrary(request, as: .defaultHousehold)
    } throws: { error in
      guard case .invalidValue(let named, _, _) = error as? ApplicationError else { return false }
      return named.name == field
    }
  }

  @Test func anUnknownParameterIsRefused() {
    #expect(throws: ApplicationError.self) {
      _ = try LibraryRequest.decode(query: ["colour": "red"])
    }
    #expect(throws: ApplicationError.self) {
      _ = try RandomRecipeRequest.decode(query: ["sort": "name"])
    }
  }

  @Test func surpriseMePicksAmongTheRecipesThatPass() throws {
    let fixture = try LibraryFixture()
    for _ in 0..<5 {
      let pick = try fixture.larder.pickRandomRecipe(
        RandomRecipeRequest(filters: LibraryFilters(cuisines: ["french"])),
        as: .defaultHousehold)
      #expect(pick.recipe.name == "Crème brûlée (vegan)")
      #expect(pick.candidates == 1)
    }
    let vegan = try fixture.larder.pickRandomRecipe(
      RandomRecipeRequest(text: "tomato", filters: LibraryFilters(diets: [.vegan])),
      as: .defaultHousehold)
    #expect(vegan.recipe.name == "Tomato Soup")
  }

  @Test func surpriseMeWithNothingPassingSaysSo() throws {
    let fixture = try LibraryFixture()
    #expect(throws: ApplicationError.nothingMatches("No recipe matches these filters.")) {
      _ = try fixture.larder.pickRandomRecipe(
        RandomRecipeRequest(filters: LibraryFilters(cuisines: ["klingon"])),
        as: .defaultHousehold)
    }
  }

  @Test func thePageEncodesTheKeysTheWebAppReads() throws {
    let fixture = try LibraryFixture()
    let page = try fixture.larder.browseLibrary(LibraryRequest(limit: 1), as: .defaultHousehold)
    let object = try #require(
      try JSONSerialization.jsonObject(with: LarderJSON.encode(page)) as? [String: Any])
    #expect(
      Set(object.keys) == [
        "items", "total", "totalIsExact", "offset", "limit", "sort", "facets", "facetsPartial",
      ])
    #expect(object["sort"] as? String == "name")
    let facets = try #require(object["facets"] as? [String: Any])
    #expect(Set(facets.keys) == ["course", "cuisine", "diet", "tag", "maxTime"])
    let times = try #require(facets["maxTime"] as? [[String: Any]])
    #expect(times.first?["value"] as? Int == 15)
  }
}
