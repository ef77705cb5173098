import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// What only the SQLite store has: files, schema versions and concurrent connections.
@Suite struct SQLiteRecipeStoreTests {
  @Test func recipesSurviveClosingAndReopening() throws {
    let path = try TemporaryFolder.make().appending("larder.sqlite")
    let created: Recipe
    do {
      let store = try SQLiteRecipeStore.open(path: path)
      #expect(store.isNewDatabase)
      created = try store.createRecipe(Fixtures.pancakes(), household: .default, now: Fixtures.now)
    }
    let reopened = try SQLiteRecipeStore.open(path: path)
    #expect(!reopened.isNewDatabase)
    #expect(reopened.previousSchemaVersion == SQLiteRecipeStore.schemaVersion)
    #expect(try reopened.recipe(id: created.id, household: .default) == created)
  }

  @Test func createsTheFolderOfANewDatabase() throws {
    let path = try TemporaryFolder.make().appending("nested/deeper/larder.sqlite")
    _ = try SQLiteRecipeStore.open(path: path)
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func upgradesADatabaseMadeBySchemaVersionOne() throws {
    let fixture = try #require(
      Bundle.module.url(forResource: "schema-v1", withExtension: "sql", subdirectory: "Fixtures"))
    let path = try TemporaryFolder.make().appending("old.sqlite")
    do {
      let old = try SQLiteConnection(path: path)
      try old.execute(String(contentsOf: fixture, encoding: .utf8), operation: "loading fixture")
    }
    let store = try SQLiteRecipeStore.open(path: path)
    #expect(store.previousSchemaVersion == 1)
    #expect(!store.isNewDatabase)
    #expect(try store.recipeCount(household: .default) == 2)
    let shortbread = try #require(
      try store.recipe(
        id: RecipeID(rawValue: "0b7a3c1e-5d7f-4a43-9a51-3f0e8a1f2b11"), household: .default))
    #expect(shortbread.isFavorite)
    #expect(shortbread.notes == "Granny's tin")
    #expect(shortbread.effectiveTotalTime == RecipeDuration(minutes: 60))
    // Recipes stored before the search index existed are found by it.
    let hits = try store.recipes(matching: RecipeQuery(text: "jalapeno"), household: .default)
    #expect(hits.items.map(\.name) == ["Jalapeño Cornbread"])
    let flour = try store.recipes(matching: RecipeQuery(text: "flour"), household: .default)
    #expect(flour.items.map(\.name) == ["Old-Fashioned Shortbread"])
    // Importing the same source again recognises the old row.
    var again = Recipe(name: "Jalapeño Cornbread", sourceURL: "https://example.org/cornbread")
    again.ingredientSections = shortbread.ingredientSections
    let outcome = try store.importRecipes([again], household: .default, now: Fixtures.now)
    #expect(outcome == [.updated(RecipeID(rawValue: "9c2d4e6f-1a3b-4c5d-8e7f-0a1b2c3d4e5f"))])
  }

  @Test func refusesADatabaseFromANewerLarder() throws {
    let path = try TemporaryFolder.make().appending("future.sqlite")
    do {
      let future = try SQLiteConnection(path: path)
      try future.execute("PRAGMA user_version = 99", operation: "faking a future schema")
    }
    #expect(
      throws: LarderStoreError.schemaTooNew(found: 99, supported: SQLiteRecipeStore.schemaVersion)
    ) {
      try SQLiteRecipeStore.open(path: path)
    }
  }

  @Test func reportsAnUnopenableFile() throws {
    let folder = try TemporaryFolder.make()
    // A directory where the database file should be.
    let path = folder.appending("dir.sqlite")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    #expect {
      try SQLiteRecipeStore.open(path: path)
    } throws: { error in
      "\(error)".contains("dir.sqlite")
    }
  }

  @Test func saysSoWhenTheFileIsNotADatabase() throws {
    let path = try TemporaryFolder.make().appending("notes.sqlite")
    try Data(String(repeating: "not a database at all ", count: 100).utf8)
      .write(to: URL(fileURLWithPath: path))
    #expect(
      throws: LarderStoreError.cannotOpen(path: path, reason: "the file is not a SQLite database")
    ) {
      try SQLiteRecipeStore.open(path: path)
    }
  }

  @Test func saysSoWhenTheFolderIsAFile() throws {
    let folder = try TemporaryFolder.make()
    let file = folder.appending("plain")
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    #expect {
      try SQLiteRecipeStore.open(path: file.appending("larder.sqlite"))
    } throws: { error in
      "\(error)".hasSuffix("('\(file)' is a file)")
    }
  }

  @Test func concurrentReadersAndWritersSeeConsistentData() throws {
    let store = try SQLiteRecipeStore.open(path: TemporaryFolder.make().appending("busy.sqlite"))
    let failures = Counter()
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      for round in 0..<20 {
        do {
          if worker % 2 == 0 {
            var recipe = Fixtures.tomatoSoup()
            recipe.name = "Soup \(worker)-\(round)"
            _ = try store.createRecipe(recipe, household: .default, now: Fixtures.now)
          } else {
            let page = try store.recipes(
              matching: RecipeQuery(text: "soup", limit: 5), household: .default)
            if page.items.count > page.total { failures.increment() }
          }
        } catch {
          failures.increment()
        }
      }
    }
    #expect(failures.value == 0)
    #expect(try store.recipeCount(household: .default) == 80)
    #expect(try store.recipes(matching: RecipeQuery(text: "soup"), household: .default).total == 80)
  }

  @Test func inMemoryDatabaseWorksWithoutAFile() throws {
    let store = try SQLiteRecipeStore.open(path: ":memory:")
    _ = try store.createRecipe(Fixtures.pancakes(), household: .default, now: Fixtures.now)
    #expect(
      try store.recipes(matching: RecipeQuery(text: "pancake"), household: .default).total == 1)
  }
}

/// A thread-safe counter for concurrency tests.
final class Counter: @unchecked Sendable {
  // Safe: `count` is only touched while holding `lock`.
  private let lock = NSLock()
  private var count = 0
  func increment() {
    lock.lock()
    count += 1
    lock.unlock()
  }
  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}

/// Migrations 4 to 6 (user foods, planning, images) on a database made by an older Larder.
@Suite struct LaterMigrationTests {
  @Test func aVersionThreeDatabaseUpgradesAndKeepsEveryNewKindOfData() throws {
    let path = try TemporaryFolder.make().appending("v3.sqlite")
    do {
      let database = try SQLiteDatabase(path: path)
      #expect(try Migrations.migrate(database, upTo: 3) == 0)
    }
    let store = try SQLiteRecipeStore.open(path: path)
    #expect(store.previousSchemaVersion == 3)
    #expect(SQLiteRecipeStore.schemaVersion == 18)

    let food = Food(id: "sudachi", name: "sudachi", parentID: "citrus")
    try store.saveUserFood(food, household: .default, now: Fixtures.now)
    #expect(try store.userFoods(household: .default).foods == [food])

    let planning = SQLitePlanningStore(sharing: store)
    let item = PantryItem(
      id: PlanningID(rawValue: "p"), name: "milk", addedOn: CalendarDay("2026-12-01")!)
    try planning.savePantryItem(item, household: .default)
    #expect(try planning.pantryItems(household: .default) == [item])

    let id = try store.imageStore.putImage(
      ImageBytes.png, format: .png, household: .default, now: Fixtures.now)
    #expect(try store.imageStore.image(id: id, household: .default)?.data == ImageBytes.png)
  }

  @Test func aVersionSevenShareLinkStillShowsItsRecipeAndCollectionsAreKept() throws {
    let path = try TemporaryFolder.make().appending("v7.sqlite")
    do {
      let database = try SQLiteDatabase(path: path)
      #expect(try Migrations.migrate(database, upTo: 7) == 0)
      try database.write("adding a link as version 7 did") {
        try $0.execute(
          """
          INSERT INTO share_links (id, token_hash, household_id, recipe_id, created_by, created_at)
            VALUES ('old', 'hash-old', 'default', 'soup', 'ana', 1000)
          """, operation: "adding a link as version 7 did")
      }
    }
    let store = try SQLiteRecipeStore.open(path: path)
    #expect(store.previousSchemaVersion == 7)
    let accounts = SQLiteAccountStore(sharing: store)
    #expect(
      try accounts.shareLink(tokenHash: "hash-old")?.subject == .recipe(RecipeID(rawValue: "soup")))

    let collection = ShareLinkRecord(
      id: "new", tokenHash: "hash-new", householdID: .default,
      subject: .collection("Weeknight"), createdBy: UserID(rawValue: "ana"),
      createdAt: Date(timeIntervalSince1970: 2000))
    try accounts.insertShareLink(collection)
    #expect(try accounts.shareLink(tokenHash: "hash-new") == collection)
    #expect(
      try accounts.shareLinks(household: .default).map(\.subject) == [
        .collection("Weeknight"), .recipe(RecipeID(rawValue: "soup")),
      ])
  }

  /// A soup whose one line an older Larder analysed: 800 g of tomato.
  static func measuredSoup() -> Recipe {
    var soup = Fixtures.tomatoSoup()
    soup.ingredientSections = [
      IngredientSection(lines: [
        IngredientLine(
          text: "800 g tomatoes",
          facts: IngredientFacts(quantity: 800, unit: "g", name: "tomatoes", foodID: "tomato"))
      ])
    ]
    return soup
  }

  @Test func aVersionNineDatabaseKeepsItsAmountsAndAsksForOneMoreAnalysis() throws {
    let path = try TemporaryFolder.make().appending("v9.sqlite")
    let id: RecipeID
    do {
      let database = try SQLiteDatabase(path: path)
      try Migrations.migrate(database, upTo: 9)
      let old = SQLiteRecipeStore(database: database, previousVersion: 9)
      id = try old.createRecipe(Self.measuredSoup(), household: .default, now: Fixtures.now).id
    }
    let store = try SQLiteRecipeStore.open(path: path)
    #expect(store.previousSchemaVersion == 9)
    let profile = try #require(try store.foodProfiles(household: .default).first)
    #expect(profile.summary.id == id)
    #expect(profile.amounts == ["tomato": try Measure(quantity: 800, unitID: "g")])
    #expect(try store.householdsAwaitingAnalysis() == [.default])
    try store.finishedAnalysis(household: .default)
    #expect(try store.householdsAwaitingAnalysis().isEmpty)
    // A new database has nothing an older Larder analysed.
    let fresh = try SQLiteRecipeStore.open(path: ":memory:")
    #expect(try fresh.householdsAwaitingAnalysis().isEmpty)
  }

  /// Versions just before an upgrade that reads lines differently: 16 reads each recipe in
  /// its language, 18 misspelt names and a line's first known choice.
  @Test(arguments: [15, 17])
  func aDatabaseFromBeforeANewReadingAsksForOneMoreAnalysis(version: Int) throws {
    let folder = try TemporaryFolder.make()
    let path = folder.appending("v\(version).sqlite")
    do {
      let database = try SQLiteDatabase(path: path)
      try Migrations.migrate(database, upTo: version)
      let old = SQLiteRecipeStore(database: database, previousVersion: version)
      _ = try old.createRecipe(Self.measuredSoup(), household: .default, now: Fixtures.now)
      #expect(try old.householdsAwaitingAnalysis().isEmpty)
    }
    let store = try SQLiteRecipeStore.open(path: path)
    #expect(store.previousSchemaVersion == version)
    #expect(try store.householdsAwaitingAnalysis() == [.default])
    // A household without recipes has nothing to read again.
    let empty = folder.appending("v\(version)-empty.sqlite")
    do { try Migrations.migrate(try SQLiteDatabase(path: empty), upTo: version) }
    #expect(try SQLiteRecipeStore.open(path: empty).householdsAwaitingAnalysis().isEmpty)
  }

  @Test func aDamagedDocumentDoesNotStopVersionTenFromOpening() throws {
    let path = try TemporaryFolder.make().appending("v9-damaged.sqlite")
    do {
      let database = try SQLiteDatabase(path: path)
      try Migrations.migrate(database, upTo: 9)
      let old = SQLiteRecipeStore(database: database, previousVersion: 9)
      _ = try old.createRecipe(Self.measuredSoup(), household: .default, now: Fixtures.now)
      let broken = try old.createRecipe(
        Fixtures.pancakes(), household: .default, now: Fixtures.now)
      try database.write("damaging a document") {
        try $0.run(
          "UPDATE recipes SET document = '{not json' WHERE id = ?", [.text(broken.id.rawValue)],
          operation: "damaging a document")
      }
    }
    let store = try SQLiteRecipeStore.open(path: path)
    #expect(store.previousSchemaVersion == 9)
    let profiles = try store.foodProfiles(household: .default)
    #expect(profiles.count == 2)
    #expect(
      profiles.contains { $0.amounts == ["tomato": try! Measure(quantity: 800, unitID: "g")] })
    // The damaged recipe still says what is wrong when read.
    #expect(throws: LarderStoreError.self) {
      try store.recipes(matching: RecipeQuery(), household: .default).items.forEach {
        _ = try store.recipe(id: $0.id, household: .default)
      }
    }
  }

  @Test func migrationVersionsOnlyIncrease() {
    let versions = Migrations.all.map(\.version)
    #expect(versions == versions.sorted())
    #expect(Set(versions).count == versions.count)
  }
}

/// Migration 8 (each member's marks) on a database that already has accounts.
@Suite struct RecipeMarksMigrationTests {
  @Test func eachHouseholdsFirstOwnerKeepsTheMarksItsRecipesCarried() throws {
    let path = try TemporaryFolder.make().appending("v7.sqlite")
    let (ana, cy, bo) = (UserID(rawValue: "ana"), UserID(rawValue: "cy"), UserID(rawValue: "bo"))
    let cabin = HouseholdID(rawValue: "cabin")
    let soupID: RecipeID
    let pancakesID: RecipeID
    let stewID: RecipeID
    do {
      let database = try SQLiteDatabase(path: path)
      try Migrations.migrate(database, upTo: 7)
      let old = SQLiteRecipeStore(database: database, previousVersion: 7)
      var soup = Fixtures.tomatoSoup()
      soup.isFavorite = true
      soup.rating = 4
      soup.notes = "Granny's tin"
      soupID = try old.createRecipe(soup, household: .default, now: Fixtures.now).id
      pancakesID = try old.createRecipe(Fixtures.pancakes(), household: .default, now: Fixtures.now)
        .id
      let accounts = SQLiteAccountStore(sharing: old)
      try accounts.insertHousehold(Household(id: cabin, name: "Cabin", createdAt: Fixtures.now))
      var stew = Fixtures.cremeBrulee()
      stew.rating = 2
      stewID = try old.createRecipe(stew, household: cabin, now: Fixtures.now).id
      let joined: [(UserID, HouseholdID, Role, TimeInterval)] = [
        (cy, .default, .owner, 60), (ana, .default, .owner, 0), (bo, .default, .member, 0),
        (bo, cabin, .owner, 0),
      ]
      for user in [ana, cy, bo] {
        try accounts.insertUser(
          UserAccount(
            id: user, login: user.rawValue, displayName: user.rawValue, passwordHash: "x",
            createdAt: Fixtures.now))
      }
      for (user, household, role, after) in joined {
        try accounts.saveMembership(
          Membership(
            householdID: household, userID: user, role: role,
            joinedAt: Fixtures.now.addingTimeInterval(after)))
      }
    }
    let store = try SQLiteRecipeStore.open(path: path)
    #expect(store.previousSchemaVersion == 7)
    #expect(
      try store.marks(user: ana, household: .default)
        == [RecipeMark(recipeID: soupID, isFavorite: true, rating: 4, notes: "Granny's tin")])
    #expect(try store.marks(user: cy, household: .default).isEmpty)
    #expect(try store.marks(user: bo, household: .default).isEmpty)
    #expect(
      try store.marks(user: bo, household: cabin) == [RecipeMark(recipeID: stewID, rating: 2)])
    #expect(try store.mark(recipe: pancakesID, user: ana, household: .default) == nil)
    // The recipes keep their own, for the command line.
    let soup = try #require(try store.recipe(id: soupID, household: .default))
    #expect(soup.isFavorite && soup.rating == 4 && soup.notes == "Granny's tin")
  }

  @Test func aDatabaseWithoutAccountsGetsNoMarksUntilItsFirstOwner() throws {
    let path = try TemporaryFolder.make().appending("v7.sqlite")
    do {
      let database = try SQLiteDatabase(path: path)
      try Migrations.migrate(database, upTo: 7)
      var soup = Fixtures.tomatoSoup()
      soup.isFavorite = true
      _ = try SQLiteRecipeStore(database: database, previousVersion: 7)
        .createRecipe(soup, household: .default, now: Fixtures.now)
    }
    let store = try SQLiteRecipeStore.open(path: path)
    let count = try store.database.read("counting marks") { connection in
      try connection.query("SELECT count(*) FROM recipe_marks", operation: "counting marks") {
        Int($0.int(0))
      }.first
    }
    #expect(count == 0)
    #expect(
      try store.recipes(matching: RecipeQuery(favoritesOnly: true), household: .default).total == 1)
  }
}
