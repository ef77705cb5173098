import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// A search matching more recipes than the store ranks (``RecipeQuery/exactSearchLimit``,
/// made 5 here): "at least" a total, matches with the words in the title first, newest first
/// within each tier, and pages that together list every match once.
@Suite struct LargeSearchTests {
  /// A store that ranks at most `limit` matches, with `recipes` made in order (one second
  /// apart), and each made recipe's ID by name.
  static func store(
    limit: Int = 5, _ recipes: [(name: String, lines: [String], household: HouseholdID)]
  ) throws -> (store: SQLiteRecipeStore, ids: [String: RecipeID]) {
    let path = try TemporaryFolder.make().appending("larder.sqlite")
    let opened = try SQLiteRecipeStore.open(path: path)
    let store = SQLiteRecipeStore(
      database: opened.database, previousVersion: opened.previousSchemaVersion,
      exactSearchLimit: limit)
    let accounts = SQLiteAccountStore(sharing: store)
    for household in Set(recipes.map(\.household)) where household != .default {
      try accounts.insertHousehold(
        Household(id: household, name: household.rawValue, createdAt: Fixtures.now))
    }
    var ids: [String: RecipeID] = [:]
    for (index, recipe) in recipes.enumerated() {
      ids[recipe.name] =
        try store.createRecipe(
          Fixtures.dinner(recipe.name, recipe.lines), household: recipe.household,
          now: Fixtures.now.addingTimeInterval(Double(index))
        ).id
    }
    return (store, ids)
  }

  /// Eight recipes that mention chicken: three in the title, five only in their lines.
  static let chicken: [(name: String, lines: [String], household: HouseholdID)] = [
    ("Chicken Soup", ["1 chicken", "2 carrots"], .default),
    ("Lentil Stew", ["200 g lentils", "1 l chicken stock"], .default),
    ("Roast Chicken", ["1 chicken"], .default),
    ("Risotto", ["300 g rice", "1 l chicken stock"], .default),
    ("Paella", ["300 g rice", "2 chicken thighs"], .default),
    ("Chicken Curry", ["500 g chicken", "1 onion"], .default),
    ("Pilaf", ["300 g rice", "chicken stock"], .default),
    ("Gravy", ["chicken drippings"], .default),
    ("Apple Pie", ["6 apples"], .default),
  ]

  @Test func aSearchWithinTheLimitIsCountedAndRankedExactly() throws {
    let (store, _) = try Self.store(limit: 8, Self.chicken)
    let page = try store.recipes(
      matching: RecipeQuery(text: "chicken", limit: 3), household: .default)
    #expect(page.totalIsExact)
    #expect(page.total == 8)
    // bm25 weighs a title hit most: the three with chicken in the title lead.
    #expect(
      Set(page.items.map(\.name)) == ["Chicken Soup", "Roast Chicken", "Chicken Curry"])
  }

  @Test func aSearchBeyondTheLimitSaysAtLeastAndListsTitleMatchesFirstNewestFirst() throws {
    let (store, _) = try Self.store(limit: 5, Self.chicken)
    let page = try store.recipes(
      matching: RecipeQuery(text: "chicken", limit: 4), household: .default)
    #expect(!page.totalIsExact)
    #expect(page.total >= 5)
    #expect(page.hasMore)
    #expect(page.items.map(\.name) == ["Chicken Curry", "Roast Chicken", "Chicken Soup", "Gravy"])
  }

  @Test func everyPageOfALargeSearchTogetherListsEachMatchOnce() throws {
    let (store, _) = try Self.store(limit: 5, Self.chicken)
    for size in [1, 2, 3, 5] {
      var names: [String] = []
      var query = RecipeQuery(text: "chick", limit: size)
      while true {
        let page = try store.recipes(matching: query, household: .default)
        #expect(!page.totalIsExact)
        names += page.items.map(\.name)
        guard page.hasMore else { break }
        query.offset += size
        try #require(query.offset < 50, "the pages never end")
      }
      #expect(
        names == [
          "Chicken Curry", "Roast Chicken", "Chicken Soup", "Gravy", "Pilaf", "Paella",
          "Risotto", "Lentil Stew",
        ], "pages of \(size)")
    }
  }

  @Test func aLargeSearchStaysInItsHouseholdAndAmongFavouritesWhenAsked() throws {
    let other = HouseholdID(rawValue: "other")
    let (store, ids) = try Self.store(
      limit: 2,
      Self.chicken + [
        ("Chicken Pie", ["1 chicken"], other), ("Chicken Wings", ["1 kg chicken wings"], other),
      ])
    let page = try store.recipes(
      matching: RecipeQuery(text: "chicken", limit: 50), household: .default)
    #expect(!page.totalIsExact)
    #expect(page.items.count == 8)
    #expect(!page.items.contains { $0.name.hasPrefix("Chicken Pie") || $0.name == "Chicken Wings" })
    let theirs = try store.recipes(
      matching: RecipeQuery(text: "chicken", limit: 50), household: other)
    #expect(theirs.totalIsExact)
    #expect(theirs.items.map(\.name).sorted() == ["Chicken Pie", "Chicken Wings"])

    for name in ["Gravy", "Roast Chicken", "Paella"] {
      var recipe = try #require(try store.recipe(id: ids[name]!, household: .default))
      recipe.isFavorite = true
      _ = try store.updateRecipe(recipe, household: .default, now: Fixtures.now)
    }
    let favourites = try store.recipes(
      matching: RecipeQuery(text: "chicken", favoritesOnly: true, limit: 50), household: .default)
    #expect(!favourites.totalIsExact)
    #expect(favourites.items.map(\.name) == ["Roast Chicken", "Gravy", "Paella"])
  }

  @Test func aOneLetterSearchFindsEveryWordStartingWithIt() throws {
    let (store, _) = try Self.store(limit: 1_000, Self.chicken)
    let page = try store.recipes(matching: RecipeQuery(text: "l"), household: .default)
    #expect(page.totalIsExact)
    // "Lentil Stew" (its title, lentils, and a litre of stock) and Risotto (a litre of stock).
    #expect(Set(page.items.map(\.name)) == ["Lentil Stew", "Risotto"])
  }

  @Test func aVersionElevenDatabaseKeepsItsSearchAfterTheIndexIsMadeAgain() throws {
    let path = try TemporaryFolder.make().appending("v11.sqlite")
    do {
      let database = try SQLiteDatabase(path: path)
      #expect(try Migrations.migrate(database, upTo: 11) == 0)
      let old = SQLiteRecipeStore(database: database, previousVersion: 11)
      _ = try old.createRecipe(Fixtures.tomatoSoup(), household: .default, now: Fixtures.now)
      _ = try old.createRecipe(Fixtures.pancakes(), household: .default, now: Fixtures.now)
    }
    let store = try SQLiteRecipeStore.open(path: path)
    #expect(store.previousSchemaVersion == 11)
    for (text, names) in [
      ("t", ["Tomato Soup"]), ("tomato", ["Tomato Soup"]), ("soup", ["Tomato Soup"]),
    ] {
      let page = try store.recipes(matching: RecipeQuery(text: text), household: .default)
      #expect(page.items.map(\.name).contains(names[0]), "\(text)")
    }
    _ = try store.createRecipe(Fixtures.cremeBrulee(), household: .default, now: Fixtures.now)
    #expect(
      try store.recipes(matching: RecipeQuery(text: "brulee"), household: .default).total == 1)
  }
}

/// Migration 13: each household's recipe count kept by triggers, read by the library's first
/// page and by health instead of counting rows.
@Suite struct RecipeCountTests {
  @Test func theCountFollowsCreatesImportsDeletesAndHouseholds() throws {
    let (store, ids) = try LargeSearchTests.store(
      LargeSearchTests.chicken + [("Chicken Pie", ["1 chicken"], HouseholdID(rawValue: "other"))])
    #expect(try store.recipeCount(household: .default) == 9)
    #expect(try store.recipeCount(household: HouseholdID(rawValue: "other")) == 1)
    #expect(try store.recipeCount(household: HouseholdID(rawValue: "nobody")) == 0)

    _ = try store.importRecipes(
      [Fixtures.pancakes(), Fixtures.tomatoSoup()], household: .default, now: Fixtures.now)
    // Importing the same recipes again updates them: no new rows, no new count.
    _ = try store.importRecipes(
      [Fixtures.pancakes(), Fixtures.tomatoSoup()], household: .default, now: Fixtures.now)
    var recipe = try #require(try store.recipe(id: ids["Gravy"]!, household: .default))
    recipe.name = "Onion Gravy"
    _ = try store.updateRecipe(recipe, household: .default, now: Fixtures.now)
    #expect(try store.recipeCount(household: .default) == 11)
    try store.deleteRecipe(id: ids["Paella"]!, household: .default)
    #expect(try store.recipeCount(household: .default) == 10)

    let page = try store.recipes(matching: RecipeQuery(limit: 3), household: .default)
    #expect(page.total == 10)
    #expect(page.totalIsExact)
    let rows = try store.database.read("counting rows") { connection in
      try connection.query(
        "SELECT count(*) FROM recipes WHERE household_id = 'default'", operation: "counting rows"
      ) { Int($0.int(0)) }.first
    }
    #expect(rows == 10)
  }

  @Test func aVersionTwelveDatabaseCountsWhatItHolds() throws {
    let path = try TemporaryFolder.make().appending("v12.sqlite")
    do {
      let database = try SQLiteDatabase(path: path)
      #expect(try Migrations.migrate(database, upTo: 12) == 0)
      let old = SQLiteRecipeStore(database: database, previousVersion: 12)
      for recipe in [Fixtures.pancakes(), Fixtures.tomatoSoup(), Fixtures.cremeBrulee()] {
        _ = try old.createRecipe(recipe, household: .default, now: Fixtures.now)
      }
    }
    let store = try SQLiteRecipeStore.open(path: path)
    #expect(store.previousSchemaVersion == 12)
    #expect(try store.recipeCount(household: .default) == 3)
    #expect(try store.recipes(matching: RecipeQuery(), household: .default).total == 3)
  }
}

/// Migration 14: the index of titles a large search's first tier comes from.
@Suite struct TitleIndexTests {
  @Test func aVersionThirteenDatabaseIndexesItsTitlesAndKeepsThemCurrent() throws {
    let path = try TemporaryFolder.make().appending("v13.sqlite")
    var ids: [String: RecipeID] = [:]
    do {
      let database = try SQLiteDatabase(path: path)
      #expect(try Migrations.migrate(database, upTo: 13) == 0)
      let old = SQLiteRecipeStore(database: database, previousVersion: 13)
      for recipe in LargeSearchTests.chicken {
        ids[recipe.name] =
          try old.createRecipe(
            Fixtures.dinner(recipe.name, recipe.lines), household: .default, now: Fixtures.now
          ).id
      }
    }
    let opened = try SQLiteRecipeStore.open(path: path)
    #expect(opened.previousSchemaVersion == 13)
    let store = SQLiteRecipeStore(
      database: opened.database, previousVersion: 13, exactSearchLimit: 2)
    func titles() throws -> [String] {
      try store.recipes(matching: RecipeQuery(text: "chicken", limit: 50), household: .default)
        .items.map(\.name)
    }
    #expect(try titles().prefix(3) == ["Chicken Curry", "Roast Chicken", "Chicken Soup"])
    // A renamed, a new and a deleted recipe: the index of titles follows.
    var gravy = try #require(try store.recipe(id: ids["Gravy"]!, household: .default))
    gravy.name = "Chicken Gravy"
    _ = try store.updateRecipe(gravy, household: .default, now: Fixtures.now)
    try store.deleteRecipe(id: ids["Roast Chicken"]!, household: .default)
    _ = try store.createRecipe(
      Fixtures.dinner("Chicken Tacos", ["500 g chicken"]), household: .default, now: Fixtures.now)
    let after = try titles()
    #expect(
      Array(after.prefix(4)).sorted() == [
        "Chicken Curry", "Chicken Gravy", "Chicken Soup", "Chicken Tacos",
      ])
    #expect(!after.contains("Roast Chicken"))
    #expect(after.count == 8)
  }
}

/// Migration 15: the index's words, which a large search's long prefixes are read as.
@Suite struct SearchWordsTests {
  static let garlic: [(name: String, lines: [String], household: HouseholdID)] = [
    ("Aioli", ["4 cloves garlic", "olive oil"], .default),
    ("Garlicky Greens", ["spinach"], .default),
    ("Roast Potatoes", ["potatoes", "whole garlics"], .default),
    ("Bread", ["flour", "water"], .default),
    ("Crème Brûlée", ["cream", "a garlicless custard"], .default),
  ]

  @Test func aLargeSearchForALongPrefixFindsEveryWordItStarts() throws {
    let (store, _) = try LargeSearchTests.store(limit: 2, Self.garlic)
    let page = try store.recipes(
      matching: RecipeQuery(text: "garl", limit: 50), household: .default)
    #expect(!page.totalIsExact)
    #expect(
      page.items.map(\.name) == ["Garlicky Greens", "Crème Brûlée", "Roast Potatoes", "Aioli"])
    // A word only a new recipe has is found as soon as it is stored.
    _ = try store.createRecipe(
      Fixtures.dinner("Soup", ["garlicish broth"]), household: .default, now: Fixtures.now)
    let after = try store.recipes(
      matching: RecipeQuery(text: "garlici", limit: 50), household: .default)
    #expect(Set(after.items.map(\.name)) == ["Soup"])
    let words = try store.database.read("reading words") { connection in
      try SearchIndex.words(startingWith: "garl", limit: 16, connection: connection)
    }
    #expect(words == ["garlic", "garlicish", "garlicky", "garlicless", "garlics"])
  }

  @Test func aVersionFourteenDatabaseListsTheWordsItsIndexHas() throws {
    let path = try TemporaryFolder.make().appending("v14.sqlite")
    do {
      let database = try SQLiteDatabase(path: path)
      #expect(try Migrations.migrate(database, upTo: 14) == 0)
      let old = SQLiteRecipeStore(database: database, previousVersion: 14)
      for recipe in Self.garlic {
        _ = try old.createRecipe(
          Fixtures.dinner(recipe.name, recipe.lines), household: .default, now: Fixtures.now)
      }
    }
    let store = try SQLiteRecipeStore.open(path: path)
    #expect(store.previousSchemaVersion == 14)
    let words = try store.database.read("reading words") { connection in
      try SearchIndex.words(startingWith: "cr", limit: 16, connection: connection)
    }
    // Folded as the index folds them: "Crème" is "creme".
    #expect(words == ["cream", "creme"])
  }
}
