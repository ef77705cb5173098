import Foundation
import LarderCore
import Testing

/// A query carrying one user's favourites and ratings (``FinderMarks``): the finder reads them
/// in place of the recipes' own, on the engine and on the reference scan alike.
@Suite struct FinderMarksTests {
  private let recipes = [
    FinderRecipe(id: "omelette", requiredFoods: ["egg"], isFavorite: true, rating: 5),
    FinderRecipe(id: "frittata", requiredFoods: ["egg"], rating: 1),
    FinderRecipe(id: "shakshuka", requiredFoods: ["egg"]),
  ]

  @Test func favouritesOnlyMeansTheUsersFavouritesNotTheRecipesOwn() {
    var query = FinderQuery(pantry: ["egg"])
    query.filters.favoritesOnly = true
    #expect(FinderCheck.ids(recipes, query) == ["omelette"])
    query.marks = FinderMarks(favorites: ["shakshuka", "frittata", "no-such-recipe"])
    #expect(FinderCheck.ids(recipes, query) == ["frittata", "shakshuka"])
    query.marks = FinderMarks()
    #expect(FinderCheck.page(recipes, query).total == 0)
  }

  @Test func theUsersRatingsRankAndTheirUnratedCountAsZero() {
    var query = FinderQuery(pantry: ["egg"])
    #expect(FinderCheck.ids(recipes, query) == ["omelette", "frittata", "shakshuka"])
    query.marks = FinderMarks(ratings: ["shakshuka": 4, "frittata": 2])
    #expect(FinderCheck.ids(recipes, query) == ["shakshuka", "frittata", "omelette"])
  }

  @Test func favouritesStillMeetTheOtherFilters() {
    let recipes = [
      FinderRecipe(id: "cake", requiredFoods: ["egg", "flour"], courses: ["Dessert"]),
      FinderRecipe(id: "omelette", requiredFoods: ["egg"], courses: ["Breakfast"]),
      FinderRecipe(id: "pasta", requiredFoods: ["flour", "egg", "pork"], courses: ["Dinner"]),
    ]
    var query = FinderQuery(pantry: ["egg", "flour"], maxMissing: 0)
    query.filters.favoritesOnly = true
    query.marks = FinderMarks(favorites: ["cake", "omelette", "pasta"])
    #expect(FinderCheck.ids(recipes, query) == ["cake", "omelette"])
    query.filters.courses = ["dessert"]
    #expect(FinderCheck.ids(recipes, query) == ["cake"])
  }

  @Test(arguments: 1...6)
  func answersExactlyLikeTheScanWithAUsersMarks(seed: UInt64) {
    var world = FinderRandomWorld(seed: 500 + seed)
    let recipes = world.recipes(count: 200 + Int(seed) * 40)
    let ids = recipes.map(\.id)
    let scan = FinderScan(recipes: recipes, catalog: world.catalog)
    let engine = FinderEngine(catalog: world.catalog)
    engine.build(recipes: recipes, clock: { 0 })
    var found = 0
    for round in 0..<40 {
      var query = world.query()
      var marks = FinderMarks()
      for id in ids + ["gone-1", "gone-2"] {
        let roll = Int.random(in: 0..<10, using: &world.random)
        if roll == 0 { marks.favorites.insert(id) }
        if roll < 3 { marks.ratings[id] = Int.random(in: 1...5, using: &world.random) }
      }
      query.marks = marks
      if round % 2 == 0 { query.filters.favoritesOnly = true }
      let expected = scan.find(query)
      found += expected.total
      #expect(engine.find(query) == expected, "seed \(seed): \(query)")
    }
    #expect(found > 0)
  }
}
