import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderApplication
@testable import LarderStore

/// A start that reads the library's summaries saved with the finder's index shows exactly
/// the library a start from the database shows, and still sees what other processes write.
@Suite struct SavedLibraryTests {
  /// The library's answers: every order, pages past the first, filters and facets.
  static func answers(_ larder: Larder) throws -> [LibraryPage] {
    var requests = RecipeSort.allCases.flatMap { sort in
      [LibraryRequest(sort: sort, limit: 200), LibraryRequest(sort: sort, offset: 7, limit: 5)]
    }
    requests += [
      LibraryRequest(filters: LibraryFilters(diets: [.vegetarian], maxMinutes: 45)),
      LibraryRequest(filters: LibraryFilters(courses: ["dinner", "dessert"])),
      LibraryRequest(sort: .rating, filters: LibraryFilters(favoritesOnly: true)),
    ]
    return try requests.map { try larder.browseLibrary($0, as: .defaultHousehold) }
  }

  /// What the library holds in memory for the household, as summaries and food counts.
  static func held(_ larder: Larder) throws -> LibrarySummaries {
    let snapshot = try #require(larder.library.held(household: .default))
    return LibrarySummaries(summaries: snapshot.entries.map(\.summary), foodUse: snapshot.foodUse)
  }

  /// The starter recipes with some favourites, ratings and an unusual name, and a Larder that
  /// warmed up (building from the database) and saved the file.
  static func savedLibrary() throws -> (path: String, saved: SavedFinderIndex) {
    let path = try OpeningALarderTests.databasePath()
    let saved = try #require(SavedFinderIndex(besideDatabase: path, build: "test build"))
    let larder = try Larder.open(databasePath: path, caller: .defaultHousehold).larder
    let some = try larder.recipes.recipes(
      matching: RecipeQuery(sort: .name, limit: 6), household: .default
    ).items
    #expect(some.count == 6)
    for (number, summary) in some.enumerated() {
      var recipe = try #require(try larder.recipes.recipe(id: summary.id, household: .default))
      recipe.isFavorite = number.isMultiple(of: 2)
      recipe.rating = number < 4 ? number + 1 : nil
      if number == 5 { recipe.name = "Œufs brouillés — 炒蛋 🍳" }
      _ = try larder.recipes.updateRecipe(recipe, household: .default, now: Fixtures.now)
    }
    let warm = try larder.warmUp(as: .defaultHousehold, savedIndex: saved)
    #expect(!warm.restored && !warm.libraryRestored)
    return (path, saved)
  }

  /// A Larder on the database as it is, its library read from the store.
  static func fromTheDatabase(_ path: String) throws -> Larder {
    let larder = try Larder.open(databasePath: path, caller: .defaultHousehold).larder
    try larder.warmUp(as: .defaultHousehold)
    return larder
  }

  @Test func aStartFromTheSavedFileShowsTheLibraryAStartFromTheDatabaseShows() throws {
    let (path, saved) = try Self.savedLibrary()
    let plain = try Self.fromTheDatabase(path)
    let (larder, warm) = try SavedFinderIndexTests.start(path, saved)
    #expect(warm.restored)
    #expect(warm.libraryRestored)
    #expect(warm.savedIndexProblem == nil)
    #expect(try Self.held(larder) == Self.held(plain))
    let answers = try Self.answers(larder)
    #expect(answers == (try Self.answers(plain)))
    // The fixture's changes are in both.
    #expect(answers[0].items.contains { $0.name == "Œufs brouillés — 炒蛋 🍳" })
    #expect(answers.last?.items.isEmpty == false)
    #expect(
      try larder.pickRandomRecipe(RandomRecipeRequest(), as: .defaultHousehold).candidates
        == answers[0].total)
  }

  /// Changes another process makes after the start, and what the library shows then.
  enum LaterChange: String, CaseIterable, CustomTestStringConvertible {
    case created, deleted, renamed, renamedThroughTheStore, deletedWithSQL
    var testDescription: String { rawValue }
  }

  @Test(arguments: LaterChange.allCases)
  func aWriteByAnotherProcessAfterTheStartReloadsTheLibrary(_ change: LaterChange) throws {
    let (path, saved) = try Self.savedLibrary()
    let (larder, warm) = try SavedFinderIndexTests.start(path, saved)
    #expect(warm.libraryRestored)
    let before = try Self.answers(larder)
    // Another process: a Larder of its own on the same file, or SQL written directly.
    let other = try Larder.open(databasePath: path, caller: .defaultHousehold).larder
    let oldest = try #require(
      try other.recipes.recipes(
        matching: RecipeQuery(sort: .updated, limit: RecipeQuery.maximumLimit),
        household: .default
      ).items.last)
    switch change {
    case .created:
      var recipe = Fixtures.pancakes()
      recipe.name = "Another process's pancakes"
      _ = try other.createRecipe(recipe, as: .defaultHousehold)
    case .deleted:
      try other.deleteRecipe(oldest.id, as: .defaultHousehold)
    case .renamed:
      var recipe = try #require(try other.recipes.recipe(id: oldest.id, household: .default))
      recipe.name = "Renamed elsewhere"
      _ = try other.recipes.updateRecipe(recipe, household: .default, now: Date())
    case .renamedThroughTheStore:
      var recipe = try #require(try other.recipes.recipe(id: oldest.id, household: .default))
      recipe.name = "Renamed through the store"
      recipe.isFavorite = true
      let store = try SQLiteRecipeStore.open(path: path)
      _ = try store.updateRecipe(recipe, household: .default, now: Date())
    case .deletedWithSQL:
      let store = try SQLiteRecipeStore.open(path: path)
      try store.database.write("deleting a recipe behind Larder") { connection in
        try connection.run(
          "DELETE FROM recipes WHERE id = ?", [.text(oldest.id.rawValue)],
          operation: "deleting a recipe")
      }
    }
    let expected = try Self.answers(try Self.fromTheDatabase(path))
    #expect(expected != before)
    #expect(try Self.answers(larder) == expected)
  }

  /// Files whose library part cannot be used, while the finder's part may be.
  enum Damage: String, CaseIterable, CustomTestStringConvertible {
    case summaryByteFlipped, summariesCut, summariesOfAnotherFormat, noSummaries
    var testDescription: String { rawValue }
  }

  @Test(arguments: Damage.allCases)
  func summariesThatCannotBeUsedAreReadFromTheDatabase(_ damage: Damage) throws {
    let (path, saved) = try Self.savedLibrary()
    let expected = try Self.answers(try Self.fromTheDatabase(path))
    let url = URL(fileURLWithPath: saved.path)
    let header = try #require(saved.readHeader())
    let bytes = try Data(contentsOf: url)
    let summaryStart = bytes.count - header.summaryBytes
    let index = bytes[(summaryStart - header.indexBytes)..<summaryStart]
    var summaries = Data(bytes[summaryStart...])
    switch damage {
    case .summaryByteFlipped: summaries[summaries.count / 2] ^= 0x01
    case .summariesCut: summaries = summaries.prefix(summaries.count - 9)
    case .summariesOfAnotherFormat: summaries[8] &+= 1  // The format number after the magic.
    case .noSummaries: summaries = Data()
    }
    // Written under a header that matches the database, so only the summaries are at fault.
    try saved.write(
      index: Data(index), summaries: summaries, household: .default,
      libraryVersion: header.libraryVersion,
      stamp: LibraryIndex.Stamp(
        count: header.recipes, newestID: header.newestRecipe.map(RecipeID.init(rawValue:)),
        newestUpdate: header.newestUpdate))
    let (larder, warm) = try SavedFinderIndexTests.start(path, saved)
    #expect(warm.restored)
    #expect(!warm.libraryRestored)
    #expect(warm.savedIndexProblem != nil)
    #expect(try Self.answers(larder) == expected)
  }

  /// A file whose header says more or fewer bytes than follow it is not used at all.
  @Test func aFileLongerOrShorterThanItsHeaderSaysIsIgnored() throws {
    let (path, saved) = try Self.savedLibrary()
    let expected = try Self.answers(try Self.fromTheDatabase(path))
    let url = URL(fileURLWithPath: saved.path)
    for change in [Data([0]), Data()] {
      var bytes = try Data(contentsOf: url)
      if change.isEmpty { bytes.removeLast() } else { bytes.append(change) }
      try bytes.write(to: url)
      let (larder, warm) = try SavedFinderIndexTests.start(path, saved)
      #expect(!warm.restored)
      #expect(!warm.libraryRestored)
      #expect(warm.savedIndexProblem?.contains("cut short or has bytes left over") == true)
      #expect(try Self.answers(larder) == expected)
    }
  }
}
