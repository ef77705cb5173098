import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// One running Larder assembled on a database: catalog, analysing store, finder and seeding.
@Suite struct OpeningALarderTests {
  /// A database path in a fresh folder.
  static func databasePath() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "larder-open-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("larder.sqlite").path
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
    #expect(opened.larder.finder.recipeCount == build.recipeCount)
    _ = try opened.larder.createRecipe(Fixtures.pancakes(), as: .defaultHousehold)
    #expect(opened.larder.finder.recipeCount == build.recipeCount + 1)
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
    #expect(bare.finder.recipeCount == 0)
    // The library saw the pass's writes.
    let page = try bare.browseLibrary(LibraryRequest(), as: .defaultHousehold)
    #expect(page.items.map(\.name) == ["Sudachi Soba"])

    let serving = try Larder.open(
      databasePath: path, options: OpeningOptions(buildsFinder: true), caller: .defaultHousehold
    ).larder
    #expect(serving.finder.recipeCount == 1)
    _ = try serving.removeUserFood(
      "sudachi", rematching: .now(progress: { _, _ in }), as: .defaultHousehold)
    #expect(serving.finder.recipeCount == 1)
    let unmatched = try serving.recipe(soba.id, as: .defaultHousehold)
    #expect(unmatched.ingredientLines.first?.facts?.foodID == nil)
  }

  @Test func theCatalogAndFinderRefuseAnotherHousehold() throws {
    let path = try Self.databasePath()
    let larder = try Larder.open(
      databasePath: path, options: OpeningOptions(seedsStarterRecipes: false, buildsFinder: true),
      caller: .defaultHousehold
    ).larder
    #expect(larder.catalogHousehold == .default)
    let other = Caller(household: HouseholdID(rawValue: "other"))
    let refusal = ApplicationError.conflict(
      reason: "this Larder's food catalog and pantry finder are household 'default''s; "
        + "household 'other' cannot use them yet")
    #expect(throws: refusal) { try larder.findRecipes(FinderRequest(have: ["eggs"]), as: other) }
    #expect(throws: refusal) { try larder.rebuildFinder(as: other) }
    #expect(throws: refusal) { try larder.rematchRecipes(as: other) }
    #expect(throws: refusal) {
      try larder.addFood(AddFoodRequest(name: "sudachi"), rematching: .postponed, as: other)
    }
    #expect(throws: refusal) {
      try larder.removeSynonym("x", rematching: .postponed, as: other)
    }
    #expect(try larder.userFoods(as: other).foods.isEmpty)
    // The opening household's own calls go ahead.
    #expect(try larder.rebuildFinder(as: .defaultHousehold).recipeCount == 0)
  }
}
