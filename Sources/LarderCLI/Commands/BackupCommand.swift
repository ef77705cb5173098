import Foundation
import LarderStore

/// `larder backup FILE` and `larder restore FILE`: a consistent copy of the database, taken
/// with SQLite's online backup API (safe while `larder serve` writes), and its way back.
enum BackupCommand {
  /// `larder backup FILE`.
  static let backupSpec = CommandSpec(
    "backup", abstract: "Copy the database to a file, safely while the server runs.",
    discussion: """
      The copy is one consistent snapshot: every recipe saved before it started, nothing \
      half-written. It is written under a temporary name, checked, then renamed to FILE, \
      which may be an earlier backup but nothing else. Restore it with 'larder restore FILE'.
      """,
    arguments: [ArgumentSpec("file", help: "Where to write the backup.")])

  /// `larder restore FILE`.
  static let restoreSpec = CommandSpec(
    "restore", abstract: "Replace the database with a backup.",
    discussion: """
      Refuses a file that is not a Larder database, is damaged, or comes from a newer \
      Larder; an older one is upgraded. The backup is copied and the copy checked before the \
      database is replaced, in one transaction, so a failure leaves it as it was. Stop \
      'larder serve' first, or restart it after: it keeps its indexes in memory.
      """,
    arguments: [ArgumentSpec("file", help: "The backup to restore.")])

  static func runBackup(_ context: CommandContext) throws -> Int32 {
    let file = try path(context)
    let report = try DatabaseBackup.backUp(databasePath: context.config.databasePath, to: file)
    try printReport(report, verb: "Backed up", context: context)
    return LarderCommandLine.exitSuccess
  }

  static func runRestore(_ context: CommandContext) throws -> Int32 {
    let file = try path(context)
    let database = context.config.databasePath
    // What is stored now is kept beside the database first, so restoring the wrong file loses
    // nothing; a later restore replaces this copy, and a refused one removes it (the database
    // is then unchanged).
    var previous: String?
    if FileManager.default.fileExists(atPath: database) {
      previous = database + ".before-restore"
      _ = try DatabaseBackup.backUp(databasePath: database, to: previous!)
    }
    let report: DatabaseCopyReport
    do {
      report = try DatabaseBackup.restore(from: file, to: database)
    } catch {
      if let previous { try? FileManager.default.removeItem(atPath: previous) }
      throw error
    }
    try printReport(report, verb: "Restored", context: context)
    if let previous, !context.json {
      context.console.printError("The database as it was is kept in \(previous).")
    }
    if !context.json {
      context.console.printError("Restart any running 'larder serve' so that it sees them.")
    }
    return LarderCommandLine.exitSuccess
  }

  private static func path(_ context: CommandContext) throws -> String {
    guard !PostgresURL.isPostgres(context.config.databasePath) else {
      throw CLIError(
        "'larder backup' and 'larder restore' copy SQLite files; back a PostgreSQL database "
          + "up with pg_dump, or copy it to a SQLite file with 'larder db copy --from "
          + "postgres://… --to FILE'")
    }
    guard let file = context.command.argument("file"), !file.isEmpty else {
      throw CLIError("give the backup file's path")
    }
    return file
  }

  /// What `--json` prints: the file, the database, how many recipes, the schema's version and
  /// the copy's size.
  struct Report: Encodable {
    var path: String
    var database: String
    var recipes: Int
    var schemaVersion: Int
    var bytes: Int
  }

  private static func printReport(
    _ report: DatabaseCopyReport, verb: String, context: CommandContext
  ) throws {
    if context.json {
      try context.printJSON(
        Report(
          path: report.path, database: context.config.databasePath,
          recipes: report.recipeCount, schemaVersion: report.schemaVersion,
          bytes: report.byteCount))
      return
    }
    let size = ByteCountFormatter.string(fromByteCount: Int64(report.byteCount), countStyle: .file)
    let recipes = report.recipeCount == 1 ? "1 recipe" : "\(report.recipeCount) recipes"
    let direction =
      verb == "Restored"
      ? "into \(context.config.databasePath)" : "to \(report.path)"
    context.console.print(
      "\(verb) \(recipes) \(direction) (schema version \(report.schemaVersion), \(size)).")
  }
}
