import Dispatch
import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderApplication
@testable import LarderStore

/// A start that reads the finder's index saved by an earlier one: used only while it is the
/// database's, ignored (and the finder built from the database) whenever it is not.
@Suite struct SavedFinderIndexTests {
  static let pantries: [[String]] = [
    ["egg", "flour", "milk", "butter", "sugar"], ["chicken", "garlic", "onion", "rice"],
    ["tomato", "pasta", "olive oil", "garlic", "basil"], ["potato", "carrot", "onion"],
  ]

  /// The finder's answers for several pantries at K = 0 and 2.
  static func answers(_ larder: Larder) throws -> [FinderAnswer] {
    try pantries.flatMap { pantry in
      try [0, 2].map {
        try larder.findRecipes(
          FinderRequest(have: pantry, missing: $0, limit: 50), as: .defaultHousehold)
      }
    }
  }

  /// A database with the starter recipes and a warmed-up Larder that saved its finder.
  static func savedLibrary() throws -> (
    path: String, saved: SavedFinderIndex, answers: [FinderAnswer]
  ) {
    let path = try OpeningALarderTests.databasePath()
    let saved = try #require(SavedFinderIndex(besideDatabase: path, build: "test build"))
    let larder = try Larder.open(databasePath: path, caller: .defaultHousehold).larder
    let warm = try larder.warmUp(as: .defaultHousehold, savedIndex: saved)
    #expect(!warm.restored)
    #expect(FileManager.default.fileExists(atPath: path + ".warm"))
    let answers = try answers(larder)
    #expect(answers.contains { $0.total > 0 })
    return (path, saved, answers)
  }

  /// A later start: a new Larder on the same database, warmed up from the file.
  static func start(_ path: String, _ saved: SavedFinderIndex) throws -> (Larder, WarmUpReport) {
    let larder = try Larder.open(databasePath: path, caller: .defaultHousehold).larder
    return (larder, try larder.warmUp(as: .defaultHousehold, savedIndex: saved))
  }

  @Test func theNextStartReadsTheSavedIndexAndAnswersAsAFreshBuild() throws {
    let (path, saved, before) = try Self.savedLibrary()
    let (larder, warm) = try Self.start(path, saved)
    #expect(warm.restored)
    #expect(warm.savedIndexProblem == nil)
    #expect(warm.finderBuild.recipeCount == (try StarterRecipes.load().count))
    #expect(try Self.answers(larder) == before)
    // The library is loaded after the finder, from the same file.
    #expect(warm.libraryRestored)
    #expect(larder.library.held(household: .default)?.entries.count == warm.finderBuild.recipeCount)
    // And writes after the start reach the restored finder.
    var soup = Fixtures.pancakes()
    soup.name = "Saved-index soup"
    let created = try larder.createRecipe(soup, as: .defaultHousehold)
    #expect(larder.finderRecipeCount(as: .defaultHousehold) == warm.finderBuild.recipeCount + 1)
    try larder.deleteRecipe(created.id, as: .defaultHousehold)
    #expect(larder.finderRecipeCount(as: .defaultHousehold) == warm.finderBuild.recipeCount)
  }

  /// Changes made after the file was saved, by another process or with SQL directly.
  enum Change: String, CaseIterable, CustomTestStringConvertible {
    case oldRecipeUpdated, recipeDeleted, recipeAdded, deletedThenAdded, sqlUpdate, householdFood
    var testDescription: String { rawValue }
  }

  @Test(arguments: Change.allCases)
  func aSavedIndexTheDatabaseHasMovedOnFromIsIgnoredAndRebuilt(_ change: Change) throws {
    let (path, saved, _) = try Self.savedLibrary()
    // Another process: a Larder of its own on the same file.
    let other = try Larder.open(databasePath: path, caller: .defaultHousehold).larder
    let oldest = try #require(
      try other.recipes.recipes(
        matching: RecipeQuery(sort: .updated, limit: RecipeQuery.maximumLimit),
        household: .default
      ).items.last)
    switch change {
    case .oldRecipeUpdated:
      var recipe = try #require(try other.recipes.recipe(id: oldest.id, household: .default))
      recipe.ingredientSections = [
        IngredientSection(lines: [IngredientLine(text: "2 eggs"), IngredientLine(text: "1 lemon")])
      ]
      _ = try other.recipes.updateRecipe(recipe, household: .default, now: Fixtures.now)
    case .recipeDeleted:
      try other.deleteRecipe(oldest.id, as: .defaultHousehold)
    case .recipeAdded:
      _ = try other.createRecipe(Fixtures.pancakes(), as: .defaultHousehold)
    case .deletedThenAdded:
      // The count and the newest recipe end as they were in spirit: only a version sees it.
      try other.deleteRecipe(oldest.id, as: .defaultHousehold)
      _ = try other.createRecipe(Fixtures.pancakes(), as: .defaultHousehold)
    case .sqlUpdate:
      let store = try SQLiteRecipeStore.open(path: path)
      try store.database.write("changing a recipe's foods behind Larder") { connection in
        try connection.run(
          "DELETE FROM recipe_foods WHERE recipe_seq = (SELECT seq FROM recipes WHERE id = ?)",
          [.text(oldest.id.rawValue)], operation: "forgetting a recipe's foods")
      }
    case .householdFood:
      // Its own foods change what the finder knows, even with no recipe matched again.
      _ = try other.addFood(
        AddFoodRequest(name: "sudachi", parent: "citrus", aisle: "produce"),
        rematching: .now(progress: { _, _ in }), as: .defaultHousehold)
    }
    let fresh = try Larder.open(databasePath: path, caller: .defaultHousehold).larder
    try fresh.rebuildFinder(as: .defaultHousehold)
    let expected = try Self.answers(fresh)
    let expectedLibrary = try SavedLibraryTests.answers(fresh)

    let (larder, warm) = try Self.start(path, saved)
    #expect(!warm.restored)
    #expect(!warm.libraryRestored)
    #expect(warm.savedIndexProblem?.contains("changed since it was saved") == true)
    #expect(try Self.answers(larder) == expected)
    #expect(try SavedLibraryTests.answers(larder) == expectedLibrary)
    // The file now holds the database as it is: the start after reads it.
    let (again, warmAgain) = try Self.start(path, saved)
    #expect(warmAgain.restored)
    #expect(warmAgain.libraryRestored)
    #expect(try Self.answers(again) == expected)
    #expect(try SavedLibraryTests.answers(again) == expectedLibrary)
  }

  /// Files that cannot be used, each with what is wrong with it.
  enum Damage: String, CaseIterable, CustomTestStringConvertible {
    case truncated, flippedByte, garbage, empty, otherBuild, otherHousehold, otherStamp, headerOnly
    /// The control: the file as saved is used.
    case untouched
    var testDescription: String { rawValue }
  }

  @Test(arguments: Damage.allCases)
  func aDamagedOrForeignFileIsIgnoredWithoutFailingTheStart(_ damage: Damage) throws {
    let (path, saved, before) = try Self.savedLibrary()
    let library = try SavedLibraryTests.answers(
      try Larder.open(databasePath: path, caller: .defaultHousehold).larder)
    let url = URL(fileURLWithPath: saved.path)
    var bytes = try Data(contentsOf: url)
    var reading = saved
    switch damage {
    case .truncated: bytes = bytes.prefix(bytes.count * 2 / 3)
    case .flippedByte:
      // In the middle of the finder's index (the library's summaries follow it).
      let header = try #require(saved.readHeader())
      let indexStart = bytes.count - header.summaryBytes - header.indexBytes
      bytes[indexStart + header.indexBytes / 2] ^= 0xFF
    case .garbage: bytes = Data(repeating: 0x41, count: 4096)
    case .empty: bytes = Data()
    case .headerOnly: bytes = bytes.prefix(200)
    case .otherBuild: reading = SavedFinderIndex(path: saved.path, build: "another build")
    case .otherHousehold, .otherStamp:
      // The same index under a header that differs in one thing.
      let header = try #require(saved.readHeader())
      let summaryStart = bytes.count - header.summaryBytes
      try saved.write(
        index: bytes[(summaryStart - header.indexBytes)..<summaryStart],
        summaries: bytes[summaryStart...],
        household: HouseholdID(rawValue: damage == .otherHousehold ? "other" : "default"),
        libraryVersion: header.libraryVersion,
        stamp: LibraryIndex.Stamp(
          count: header.recipes + (damage == .otherStamp ? 1 : 0),
          newestID: header.newestRecipe.map(RecipeID.init(rawValue:)),
          newestUpdate: header.newestUpdate))
      bytes = try Data(contentsOf: url)
    case .untouched: break
    }
    try bytes.write(to: url)
    let (larder, warm) = try Self.start(path, reading)
    #expect(warm.restored == (damage == .untouched))
    #expect(warm.libraryRestored == (damage == .untouched))
    #expect((warm.savedIndexProblem == nil) == (damage == .untouched), "\(warm)")
    #expect(try Self.answers(larder) == before)
    #expect(try SavedLibraryTests.answers(larder) == library)
  }

  @Test func nothingIsSavedBesideAnInMemoryDatabase() throws {
    #expect(SavedFinderIndex(besideDatabase: ":memory:", build: "b") == nil)
    #expect(SavedFinderIndex(besideDatabase: "", build: "b") == nil)
    // Nor beside a PostgreSQL database: its address is no folder.
    #expect(
      SavedFinderIndex(besideDatabase: "postgres://larder:pw@db.home/larder", build: "b") == nil)
    #expect(
      SavedFinderIndex(besideDatabase: "/srv/larder.sqlite", build: "b")?.path
        == "/srv/larder.sqlite.warm")
    let larder = try Larder.open(databasePath: ":memory:", caller: .defaultHousehold).larder
    let warm = try larder.warmUp(
      as: .defaultHousehold,
      savedIndex: SavedFinderIndex(besideDatabase: ":memory:", build: "b"))
    #expect(!warm.restored)
    #expect(!FileManager.default.fileExists(atPath: ":memory:.warm"))
  }

  /// A write that commits just after the start read the library version (so the file is
  /// used) is not lost: it reaches the restored finder once the index is in place.
  @Test func aWriteRacingTheRestoreReachesTheFinder() throws {
    let (path, saved, _) = try Self.savedLibrary()
    let database = try SQLiteRecipeStore.open(path: path)
    let racing = RacingStore(base: database)
    let larder = Larder(
      recipes: racing, analysis: .householdFoods, foodStore: database,
      marks: database, userSettings: database)
    racing.afterVersionRead = {
      // This process writes through its Larder while the restore holds writes back: the
      // write commits, then waits for the finder.
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        var recipe = Fixtures.pancakes()
        recipe.name = "Racing pancakes"
        _ = try? larder.createRecipe(recipe, as: .defaultHousehold)
        done.signal()
      }
      // Bounded, so a write that cannot get through fails the test instead of hanging it.
      _ = racing.written.wait(timeout: .now() + 30)
      return done
    }
    let warm = try larder.warmUp(as: .defaultHousehold, savedIndex: saved)
    #expect(racing.finished?.wait(timeout: .now() + 30) == .success)
    #expect(warm.restored)
    let starters = try StarterRecipes.load().count
    #expect(larder.finderRecipeCount(as: .defaultHousehold) == starters + 1)
    let found = try larder.findRecipes(
      FinderRequest(
        have: ["egg", "flour", "milk", "butter", "sugar", "salt", "baking powder"], missing: 3,
        limit: 200),
      as: .defaultHousehold)
    #expect(found.items.contains { $0.recipe.name == "Racing pancakes" })
  }
}

/// A store that runs a hook right after the first library version is read, and tells when
/// a recipe has been written to the base store.
final class RacingStore: ForwardingRecipeStore, @unchecked Sendable {
  // @unchecked Sendable: the hook is set before use and read once, under `lock`.
  let base: any RecipeStore
  let written = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  var afterVersionRead: (() -> DispatchSemaphore)?
  var finished: DispatchSemaphore?

  init(base: any RecipeStore) {
    self.base = base
  }

  func libraryVersion(household: HouseholdID) throws -> Int64? {
    let version = try base.libraryVersion(household: household)
    lock.lock()
    let hook = afterVersionRead
    afterVersionRead = nil
    lock.unlock()
    if let hook { finished = hook() }
    return version
  }

  func createRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    let created = try base.createRecipe(recipe, household: household, now: now)
    written.signal()
    return created
  }
}
