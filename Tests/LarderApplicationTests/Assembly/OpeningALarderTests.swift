import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderApplication
@testable import LarderStore

/// One running Larder assembled on a database: catalog, analysing store, finder and seeding.
@Suite struct OpeningALarderTests {
  /// A database path in a fresh folder.
  static func databasePath() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "larder-open-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("larder.sqlite").path
  }

  /// Adds a household to the database at `path`, as accounts will.
  static func addHousehold(_ household: HouseholdID, at path: String) throws {
    let store = try SQLiteRecipeStore.open(path: path)
    try store.database.write("adding a household") { connection in
      try connection.run(
        "INSERT INTO households (id, name, created_at) VALUES (?, ?, 0)",
        [.text(household.rawValue), .text(household.rawValue)], operation: "adding a household")
    }
  }

  @Test func aNewDatabaseGetsTheStarterRecipesOnce() throws {
    let path = try Self.databasePath()
    let first = try Larder.open(
      databasePath: path, caller: .defaultHousehold, clock: { Fixtures.now })
    let count = try StarterRecipes.load().count
    #expect(first.notes.starterRecipes == count)
    #expect(try first.larder.health(as: .defaultHousehold).recipes == count)
    #expect(
      first.notes.lines(databasePath: path) == ["Created \(path) with \(count) starter recipes."])
    let again = try Larder.open(databasePath: path, caller: .defaultHousehold)
    #expect(again.notes.starterRecipes == nil)
    #expect(again.notes.lines(databasePath: path).isEmpty)
  }

  @Test func recipesAnOlderLarderAnalysedAreAnalysedOnceMoreOnOpening() throws {
    let path = try Self.databasePath()
    do {
      // A version-9 database whose herb line was matched before alternatives were.
      let database = try SQLiteDatabase(path: path)
      try Migrations.migrate(database, upTo: 9)
      let old = SQLiteRecipeStore(database: database, previousVersion: 9)
      var salad = Fixtures.dinner("Herb Salad", ["20 g parsley or coriander", "3 tomatoes"])
      salad.ingredientSections[0].lines = salad.ingredientLines.map { line in
        IngredientLine(
          text: line.text,
          facts: IngredientFacts(
            name: line.text, foodID: line.text.contains("parsley") ? "parsley" : "tomato"))
      }
      _ = try old.createRecipe(salad, household: .default, now: Fixtures.now)
    }
    let request = FinderRequest(have: ["coriander", "tomatoes"])
    // A command that does not read lines leaves them for later...
    let later = try Larder.open(databasePath: path, caller: .defaultHousehold).larder
    #expect(try later.findRecipes(request, as: .defaultHousehold).items.isEmpty)
    #expect(try SQLiteRecipeStore.open(path: path).householdsAwaitingAnalysis() == [.default])
    // ...and one that finds recipes analyses them first, once.
    let opened = try Larder.open(
      databasePath: path, options: OpeningOptions(analysisCatchUp: .now),
      caller: .defaultHousehold)
    let answer = try opened.larder.findRecipes(request, as: .defaultHousehold)
    #expect(answer.items.map(\.recipe.name) == ["Herb Salad"])
    #expect(answer.items.first?.choices.first?.chosen?.id == "coriander")
    #expect(try SQLiteRecipeStore.open(path: path).householdsAwaitingAnalysis().isEmpty)
  }

  @Test func startingEmptyIsAnOption() throws {
    let path = try Self.databasePath()
    let opened = try Larder.open(
      databasePath: path, options: OpeningOptions(seedsStarterRecipes: false),
      caller: .defaultHousehold)
    #expect(opened.notes.starterRecipes == nil)
    #expect(try opened.larder.health(as: .defaultHousehold).recipes == 0)
  }

  @Test func writtenRecipesAreMatchedWithTheHouseholdsFoods() throws {
    let path = try Self.databasePath()
    let options = OpeningOptions(seedsStarterRecipes: false)
    let first = try Larder.open(databasePath: path, options: options, caller: .defaultHousehold)
      .larder
    _ = try first.addFood(
      AddFoodRequest(name: "sudachi", parent: "citrus"), rematching: .postponed,
      as: .defaultHousehold)
    // Opened again, the household's food is in the catalog the store matches lines with.
    let larder = try Larder.open(databasePath: path, options: options, caller: .defaultHousehold)
      .larder
    let recipe = try larder.createRecipe(
      Recipe(
        name: "Sudachi Soba",
        ingredientSections: [IngredientSection(lines: [IngredientLine(text: "2 sudachi")])]),
      as: .defaultHousehold)
    #expect(recipe.ingredientLines.first?.facts?.foodID == "sudachi")
  }

  @Test func theFinderIsBuiltWhenAskedAndKeptCurrent() throws {
    let path = try Self.databasePath()
    let opened = try Larder.open(
      databasePath: path, options: OpeningOptions(buildsFinder: true),
      caller: .defaultHousehold)
    let build = try #require(opened.notes.finderBuild)
    #expect(build.recipeCount == (try StarterRecipes.load().count))
    #expect(opened.notes.lines(databasePath: path).last?.hasPrefix("Pantry finder ready: ") == true)
    #expect(opened.larder.finderRecipeCount(as: .defaultHousehold) == build.recipeCount)
    _ = try opened.larder.createRecipe(Fixtures.pancakes(), as: .defaultHousehold)
    #expect(opened.larder.finderRecipeCount(as: .defaultHousehold) == build.recipeCount + 1)
  }

  /// What `larder serve` does once it listens: one read of every recipe feeds the finder
  /// and the library index, and both follow later writes.
  @Test func warmingUpBuildsTheFinderAndHoldsTheLibraryFromOneRead() throws {
    let path = try Self.databasePath()
    let larder = try Larder.open(databasePath: path, caller: .defaultHousehold).larder
    #expect(larder.finderRecipeCount(as: .defaultHousehold) == nil)
    #expect(larder.library.held(household: .default) == nil)
    let build = try larder.warmUp(as: .defaultHousehold)
    let starters = try StarterRecipes.load().count
    #expect(build.recipeCount == starters)
    #expect(larder.finderRecipeCount(as: .defaultHousehold) == starters)
    #expect(larder.library.held(household: .default)?.entries.count == starters)

    let pancakes = try larder.createRecipe(Fixtures.pancakes(), as: .defaultHousehold)
    #expect(larder.finderRecipeCount(as: .defaultHousehold) == starters + 1)
    let page = try larder.browseLibrary(
      LibraryRequest(text: nil, limit: 200), as: .defaultHousehold)
    #expect(page.total == starters + 1)
    #expect(page.items.contains { $0.id == pancakes.id })
  }

  @Test func foodsThatNoLongerApplyAreWarnedAbout() throws {
    let store = InMemoryFoodStore()
    try store.saveUserFood(
      Food(id: "orphan", name: "orphan", parentID: "gone-for-good"), household: .default,
      now: Fixtures.now)
    let (catalog, warnings) = try Larder.householdFoods(in: store, as: .defaultHousehold)
    #expect(catalog.food(id: "orphan") == nil)
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("orphan") == true, "\(warnings)")
    let notes = OpeningNotes(foodWarnings: warnings)
    #expect(notes.lines(databasePath: "x").first?.hasPrefix("warning: ") == true)
  }

  @Test func readingFoodsWithoutADatabaseCreatesNone() throws {
    let path = try Self.databasePath()
    let (catalog, warnings) = try Larder.existingHouseholdFoods(
      databasePath: path, as: .defaultHousehold)
    #expect(catalog.food(id: "tomato") != nil)
    #expect(warnings.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func rematchingRebuildsTheFinderOnlyWhenItIsInUse() throws {
    let path = try Self.databasePath()
    let bare = try Larder.open(
      databasePath: path, options: OpeningOptions(seedsStarterRecipes: false),
      caller: .defaultHousehold, clock: { Fixtures.now }
    ).larder
    let soba = try bare.createRecipe(
      Recipe(
        name: "Sudachi Soba",
        ingredientSections: [IngredientSection(lines: [IngredientLine(text: "2 sudachi")])]),
      as: .defaultHousehold)
    #expect(soba.ingredientLines.first?.facts?.foodID == nil)
    let added = try bare.addFood(
      AddFoodRequest(name: "sudachi", parent: "citrus"), rematching: .now(progress: { _, _ in }),
      as: .defaultHousehold)
    #expect(added.rematched == RematchReport(recipes: 1, changed: 1))
    let rematched = try bare.recipe(soba.id, as: .defaultHousehold)
    #expect(rematched.ingredientLines.first?.facts?.foodID == "sudachi")
    #expect(rematched.updatedAt == soba.updatedAt)
    // A command that does not find recipes pays for no finder build.
    #expect(bare.finderRecipeCount(as: .defaultHousehold) == nil)
    // The library saw the pass's writes.
    let page = try bare.browseLibrary(LibraryRequest(), as: .defaultHousehold)
    #expect(page.items.map(\.name) == ["Sudachi Soba"])

    let serving = try Larder.open(
      databasePath: path, options: OpeningOptions(buildsFinder: true), caller: .defaultHousehold
    ).larder
    #expect(serving.finderRecipeCount(as: .defaultHousehold) == 1)
    let citrus = FinderRequest(have: ["lemon"], missing: 3, include: ["citrus"])
    #expect(
      try serving.findRecipes(citrus, as: .defaultHousehold).items.map(\.recipe.id) == [soba.id])
    _ = try serving.removeUserFood(
      "sudachi", rematching: .now(progress: { _, _ in }), as: .defaultHousehold)
    #expect(serving.finderRecipeCount(as: .defaultHousehold) == 1)
    // The finder was loaded again: the recipe no longer uses a kind of citrus.
    #expect(try serving.findRecipes(citrus, as: .defaultHousehold).total == 0)
    let unmatched = try serving.recipe(soba.id, as: .defaultHousehold)
    #expect(unmatched.ingredientLines.first?.facts?.foodID == nil)
  }

  @Test func householdsShareTheDatabaseEachWithItsOwnFoodsAndFinder() throws {
    let path = try Self.databasePath()
    let other = Caller(household: HouseholdID(rawValue: "other"))
    let zaatar = Recipe(
      name: "Zaatar Flatbread",
      ingredientSections: [IngredientSection(lines: [IngredientLine(text: "2 tbsp zaatar blend")])]
    )
    let opened = try Larder.open(
      databasePath: path, options: OpeningOptions(buildsFinder: true), caller: .defaultHousehold,
      clock: { Fixtures.now })
    let larder = opened.larder
    try Self.addHousehold(other.household, at: path)
    let starters = try #require(opened.notes.finderBuild).recipeCount
    // The other household is made on its first use, and has none of the starter recipes.
    #expect(larder.finderRecipeCount(as: other) == nil)
    let eggs = FinderRequest(have: ["eggs", "flour", "milk", "butter", "sugar"], missing: 3)
    #expect(try larder.findRecipes(eggs, as: other).total == 0)
    #expect(try larder.findRecipes(eggs, as: .defaultHousehold).total > 0)
    #expect(larder.finderRecipeCount(as: other) == 0)

    _ = try larder.addFood(
      AddFoodRequest(name: "zaatar blend", aisle: "spices"),
      rematching: .now(progress: { _, _ in }),
      as: other)
    let theirs = try larder.createRecipe(zaatar, as: other)
    let ours = try larder.createRecipe(zaatar, as: .defaultHousehold)
    #expect(theirs.ingredientLines.first?.facts?.foodID == "zaatar-blend")
    #expect(ours.ingredientLines.first?.facts?.foodID == nil)
    #expect(try larder.foodCatalog(as: .defaultHousehold).food(id: "zaatar-blend") == nil)

    let blend = FinderRequest(have: ["zaatar blend"])
    #expect(try larder.findRecipes(blend, as: other).items.map(\.recipe.id) == [theirs.id])
    #expect(try larder.findRecipes(blend, as: .defaultHousehold).unknown == ["zaatar blend"])
    #expect(larder.finderRecipeCount(as: other) == 1)
    #expect(larder.finderRecipeCount(as: .defaultHousehold) == starters + 1)

    // Opened again, each household's foods and recipes come back to it alone.
    let again = try Larder.open(databasePath: path, caller: .defaultHousehold).larder
    #expect(try again.findRecipes(blend, as: other).items.map(\.recipe.id) == [theirs.id])
    #expect(
      try again.suggestFoods(FoodSuggestionRequest(text: "zaatar"), as: other).items.map(\.id)
        .contains("zaatar-blend"))
    #expect(
      try again.suggestFoods(FoodSuggestionRequest(text: "zaatar"), as: .defaultHousehold).items
        .allSatisfy { $0.id != "zaatar-blend" })
    #expect(try again.rematchRecipes(as: other) == RematchReport(recipes: 1, changed: 0))
  }
}
