import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// The server's daily backups: due once per interval whatever restarts happen in between,
/// the newest few kept, nothing else in the folder touched.
@Suite struct ScheduledBackupsTests {
  static let start = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-30 00:53:20 UTC

  /// A database with `count` recipes, and a schedule writing into a folder beside it.
  static func fixture(
    recipes count: Int = 3, keep: Int = 3
  ) throws -> (database: String, schedule: ScheduledBackups, folder: String) {
    let folder = try TemporaryFolder.make()
    let database = folder.appending("larder.sqlite")
    let store = try SQLiteRecipeStore.open(path: database)
    let recipes = (0..<count).map { number in
      var recipe = Fixtures.tomatoSoup()
      recipe.name = "Soup \(number)"
      recipe.sourceURL = "https://soups.example/\(number)"
      return recipe
    }
    _ = try store.importRecipes(recipes, household: .default, now: Fixtures.now)
    let schedule = ScheduledBackups(directory: folder.appending("backups"), keep: keep)
    return (database, schedule, folder)
  }

  @Test func theFirstCheckBacksUpAtOnceAndTheNextOnlyADayLater() throws {
    let (database, schedule, _) = try Self.fixture()
    let first = try #require(try schedule.runIfDue(databasePath: database, now: Self.start))
    #expect(first.recipeCount == 3)
    #expect(first.path.hasSuffix("/backups/larder-20261130-005320.sqlite"), "\(first.path)")
    #expect(try DatabaseBackup.inspect(first.path).recipeCount == 3)

    // A restarted server finds the backup in the folder and waits out the day.
    let restarted = ScheduledBackups(directory: schedule.directory, keep: schedule.keep)
    #expect(try restarted.runIfDue(databasePath: database, now: Self.start + 3600) == nil)
    #expect(restarted.nextDue(now: Self.start + 3600) == Self.start + 86_400)
    #expect(try restarted.runIfDue(databasePath: database, now: Self.start + 86_399) == nil)
    let second = try #require(
      try restarted.runIfDue(databasePath: database, now: Self.start + 86_400))
    #expect(second.path.hasSuffix("larder-20261201-005320.sqlite"), "\(second.path)")
    #expect(restarted.backups().count == 2)
  }

  @Test func onlyTheNewestAreKeptAndOtherFilesAreLeftAlone() throws {
    let (database, schedule, _) = try Self.fixture(keep: 2)
    try FileManager.default.createDirectory(
      atPath: schedule.directory, withIntermediateDirectories: true)
    let others = ["notes.txt", "larder-old.sqlite", "larder-20261399-000000.sqlite"]
    for name in others {
      try Data("keep me".utf8).write(
        to: URL(fileURLWithPath: schedule.directory).appendingPathComponent(name))
    }
    for day in 0..<4 {
      try #require(
        try schedule.runIfDue(databasePath: database, now: Self.start + Double(day) * 86_400)
          != nil)
    }
    #expect(
      schedule.backups().map { ($0.path as NSString).lastPathComponent } == [
        "larder-20261202-005320.sqlite", "larder-20261203-005320.sqlite",
      ])
    let left = try FileManager.default.contentsOfDirectory(atPath: schedule.directory)
    for name in others { #expect(left.contains(name), "\(name) was removed") }
    #expect(left.count == others.count + 2, "\(left)")
  }

  @Test func aBackupThatFailsKeepsTheEarlierOnes() throws {
    let (database, schedule, _) = try Self.fixture(keep: 1)
    try #require(try schedule.runIfDue(databasePath: database, now: Self.start) != nil)
    let missing = database + ".gone"
    #expect(throws: LarderStoreError.self) {
      try schedule.runIfDue(databasePath: missing, now: Self.start + 86_400)
    }
    #expect(schedule.backups().count == 1)
    #expect(try DatabaseBackup.inspect(schedule.backups()[0].path).recipeCount == 3)
  }

  @Test func aFolderThatCannotBeMadeIsNamed() throws {
    let (database, _, folder) = try Self.fixture()
    let file = folder.appending("a-file")
    try Data().write(to: URL(fileURLWithPath: file))
    let schedule = ScheduledBackups(directory: file + "/backups", keep: 3)
    #expect {
      try schedule.runIfDue(databasePath: database, now: Self.start)
    } throws: { error in
      guard case LarderStoreError.backupFailed(let path, _) = error else { return false }
      return path == file + "/backups"
    }
  }

  @Test(arguments: [
    ("larder-20261130-005320.sqlite", true), ("larder-20261130-005320.sqlite-wal", false),
    ("larder-2026113-0053200.sqlite", false), ("larder-20261131-005320.sqlite", false),
    ("larder-2026113a-005320.sqlite", false), ("larder--.sqlite", false),
  ])
  func backupsAreRecognisedByTheirExactName(_ name: String, _ isBackup: Bool) {
    #expect((ScheduledBackups.date(fromName: name) != nil) == isBackup)
  }
}
