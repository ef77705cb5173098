import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// Backups are one consistent snapshot taken while a server writes; restores check the backup
/// and its copy before replacing anything.
@Suite struct DatabaseBackupTests {
  /// How many recipes each transaction of the writer commits: a consistent backup holds whole
  /// transactions only.
  static let batchSize = 5

  static func batch(_ number: Int) -> [Recipe] {
    (0..<batchSize).map { offset in
      var recipe = Fixtures.tomatoSoup()
      recipe.name = "Soup \(number)-\(offset)"
      recipe.sourceURL = "https://soups.example/\(number)/\(offset)"
      return recipe
    }
  }

  @Test func aBackupTakenDuringWritesRestoresEveryRecipeCommittedBeforeIt() throws {
    let folder = try TemporaryFolder.make()
    let path = folder.appending("larder.sqlite")
    // The server: its own store on the file, writing batches as fast as it can.
    let server = try SQLiteRecipeStore.open(path: path)
    let committed = Recorder<RecipeID>()
    let done = DispatchSemaphore(value: 0)
    let writerFailures = Recorder<String>()
    DispatchQueue.global().async {
      for number in 0..<120 {
        do {
          let outcomes = try server.importRecipes(
            Self.batch(number), household: .default, now: Fixtures.now)
          for outcome in outcomes { committed.append(outcome.recipeID) }
        } catch {
          writerFailures.append("\(error)")
        }
      }
      done.signal()
    }
    // Waits for the writer to be well under way; gives up (and the checks below fail) if it
    // stops committing, rather than hanging.
    var waited = 0
    while committed.all.count < 20 * Self.batchSize, writerFailures.all.isEmpty, waited < 60_000 {
      usleep(1000)
      waited += 1
    }
    try #require(committed.all.count >= 20 * Self.batchSize, "\(writerFailures.all)")
    let before = committed.all
    let backupPath = folder.appending("backup.sqlite")
    let report = try DatabaseBackup.backUp(databasePath: path, to: backupPath)
    done.wait()
    #expect(writerFailures.all.isEmpty, "\(writerFailures.all)")
    #expect(report.recipeCount >= before.count)
    #expect(report.recipeCount % Self.batchSize == 0, "no half-written transaction")
    // Whether the writer also committed while the copy was taken depends on the machine's
    // load, so it is not asserted; what must hold whatever the timing is checked below.

    let restoredPath = folder.appending("restored").appending("larder.sqlite")
    let restored = try DatabaseBackup.restore(from: backupPath, to: restoredPath)
    #expect(restored.recipeCount == report.recipeCount)
    #expect(restored.schemaVersion == SQLiteRecipeStore.schemaVersion)
    let store = try SQLiteRecipeStore.open(path: restoredPath)
    #expect(try store.recipeCount(household: .default) == report.recipeCount)
    // One snapshot: exactly the first recipes committed, each readable and searchable.
    let all = committed.all
    for id in all.prefix(report.recipeCount) {
      #expect(try store.recipe(id: id, household: .default) != nil, "\(id) is missing")
    }
    for id in before { #expect(all.prefix(report.recipeCount).contains(id)) }
    let hits = try store.recipes(matching: RecipeQuery(text: "soup"), household: .default)
    #expect(hits.total == report.recipeCount)
  }

  @Test func aRestoreReplacesTheWholeDatabaseAndTheServerSeesIt() throws {
    let folder = try TemporaryFolder.make()
    let path = folder.appending("larder.sqlite")
    let live = try SQLiteRecipeStore.open(path: path)
    _ = try live.importRecipes(Self.batch(1), household: .default, now: Fixtures.now)
    let backupPath = folder.appending("backup.sqlite")
    _ = try DatabaseBackup.backUp(databasePath: path, to: backupPath)
    _ = try live.importRecipes(
      Self.batch(2) + Self.batch(3), household: .default, now: Fixtures.now)
    #expect(try live.recipeCount(household: .default) == 3 * Self.batchSize)

    let report = try DatabaseBackup.restore(from: backupPath, to: path)
    #expect(report.recipeCount == Self.batchSize)
    #expect(try live.recipeCount(household: .default) == Self.batchSize)
    #expect(
      try live.recipes(matching: RecipeQuery(text: "soup"), household: .default).total
        == Self.batchSize)
    // The backup is a single file, in no need of its journal.
    #expect(!FileManager.default.fileExists(atPath: backupPath + "-wal"))
    #expect(try DatabaseBackup.inspect(backupPath).recipeCount == Self.batchSize)
  }

  /// A database with one batch, and the backups that must be refused with their reasons.
  struct Refusal: Sendable, CustomStringConvertible {
    let description: String
    let make: @Sendable (String) throws -> Void
    let message: String
  }

  static let refusals: [Refusal] = [
    Refusal(
      description: "a text file",
      make: { try Data("name,ingredients\n".utf8).write(to: URL(fileURLWithPath: $0)) },
      message: "is not a Larder database: it is not a SQLite file"),
    Refusal(
      description: "another program's SQLite database",
      make: {
        try SQLiteConnection(path: $0).execute("CREATE TABLE notes (body TEXT)", operation: "t")
      },
      message: "is not a Larder database: it is a SQLite database without Larder's tables"),
    Refusal(
      description: "a database from a newer Larder",
      make: { path in
        _ = try SQLiteRecipeStore.open(path: path)
        try SQLiteConnection(path: path).execute("PRAGMA user_version = 999", operation: "t")
      },
      message: "it has schema version 999, newer than this Larder's"),
    Refusal(
      description: "a damaged database",
      make: { path in
        do {
          let store = try SQLiteRecipeStore.open(path: path)
          _ = try store.importRecipes(batch(7), household: .default, now: Fixtures.now)
        }
        try SQLiteConnection(path: path).execute("PRAGMA journal_mode = DELETE", operation: "t")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for index in stride(from: 4096 + 100, to: bytes.count, by: 7) { bytes[index] = 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: path))
      },
      message: "is not a Larder database: it is damaged"),
    Refusal(
      description: "a folder",
      make: {
        try FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: true)
      },
      message: "is not a Larder database: it is a folder"),
    Refusal(
      description: "no file", make: { _ in }, message: "is not a Larder database: no such file"),
  ]

  @Test(arguments: refusals)
  func aRestoreRefusesWhatIsNotALarderBackupAndChangesNothing(_ refusal: Refusal) throws {
    let folder = try TemporaryFolder.make()
    let path = folder.appending("larder.sqlite")
    let store = try SQLiteRecipeStore.open(path: path)
    _ = try store.importRecipes(Self.batch(1), household: .default, now: Fixtures.now)
    let backupPath = folder.appending("backup.file")
    try refusal.make(backupPath)
    #expect {
      try DatabaseBackup.restore(from: backupPath, to: path)
    } throws: { error in
      "\(error)".contains(refusal.message)
    }
    #expect(try store.recipeCount(household: .default) == Self.batchSize)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.contains("restore-") }
    #expect(leftovers.isEmpty, "temporary copies are removed")
  }

  @Test func aRestoreThatCannotFinishLeavesTheDatabaseAsItWas() throws {
    let folder = try TemporaryFolder.make()
    let path = folder.appending("larder.sqlite")
    let store = try SQLiteRecipeStore.open(path: path)
    _ = try store.importRecipes(Self.batch(1), household: .default, now: Fixtures.now)
    let backupPath = folder.appending("backup.sqlite")
    _ = try DatabaseBackup.backUp(databasePath: path, to: backupPath)
    _ = try store.importRecipes(Self.batch(2), household: .default, now: Fixtures.now)
    // Another writer holds the database for the whole restore.
    let other = try SQLiteConnection(path: path)
    try other.execute("BEGIN IMMEDIATE", operation: "holding the lock")
    #expect {
      try DatabaseBackup.restore(from: backupPath, to: path, lockTimeout: 0.2)
    } throws: { error in
      "\(error)".contains("the database stayed locked by another connection")
        && "\(error)".contains("(nothing was changed)")
    }
    try other.execute("ROLLBACK", operation: "releasing the lock")
    #expect(try store.recipeCount(household: .default) == 2 * Self.batchSize)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.contains("restore-") }
    #expect(leftovers.isEmpty, "temporary copies are removed")
    // Once the lock is gone the same restore succeeds.
    #expect(try DatabaseBackup.restore(from: backupPath, to: path).recipeCount == Self.batchSize)
  }

  @Test func aBackupReplacesAnEarlierBackupButNothingElse() throws {
    let folder = try TemporaryFolder.make()
    let path = folder.appending("larder.sqlite")
    let store = try SQLiteRecipeStore.open(path: path)
    _ = try store.importRecipes(Self.batch(1), household: .default, now: Fixtures.now)
    let backupPath = folder.appending("backup.sqlite")
    _ = try DatabaseBackup.backUp(databasePath: path, to: backupPath)
    _ = try store.importRecipes(Self.batch(2), household: .default, now: Fixtures.now)
    #expect(
      try DatabaseBackup.backUp(databasePath: path, to: backupPath).recipeCount
        == 2 * Self.batchSize)

    let thesis = folder.appending("thesis.txt")
    try Data("chapter one".utf8).write(to: URL(fileURLWithPath: thesis))
    #expect {
      try DatabaseBackup.backUp(databasePath: path, to: thesis)
    } throws: { error in
      "\(error)".contains("it exists and is not an earlier backup; not replacing it")
    }
    #expect(try String(contentsOfFile: thesis, encoding: .utf8) == "chapter one")
    #expect(throws: LarderStoreError.self) {
      try DatabaseBackup.backUp(databasePath: path, to: path)
    }
    #expect(throws: LarderStoreError.self) {
      try DatabaseBackup.backUp(databasePath: folder.appending("none.sqlite"), to: backupPath)
    }
  }

  @Test func aBackupOfAnOlderSchemaIsUpgradedWhenRestored() throws {
    let fixture = try #require(
      Bundle.module.url(forResource: "schema-v1", withExtension: "sql", subdirectory: "Fixtures"))
    let folder = try TemporaryFolder.make()
    let old = folder.appending("old.sqlite")
    try SQLiteConnection(path: old).execute(
      String(contentsOf: fixture, encoding: .utf8), operation: "loading fixture")
    let report = try DatabaseBackup.restore(from: old, to: folder.appending("larder.sqlite"))
    #expect(report.recipeCount == 2)
    #expect(report.schemaVersion == SQLiteRecipeStore.schemaVersion)
  }
}
