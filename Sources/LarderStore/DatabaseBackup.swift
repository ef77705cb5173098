import Foundation

/// What a backup file or a restored database holds.
public struct DatabaseCopyReport: Sendable, Equatable {
  /// The file written (the backup, or the restored database).
  public var path: String
  /// Its schema version.
  public var schemaVersion: Int
  /// How many recipes it holds, across households.
  public var recipeCount: Int
  /// Its size in bytes.
  public var byteCount: Int
}

/// Backs up and restores a Larder database file with SQLite's online backup API.
///
/// A backup is one consistent snapshot, even while a server writes: it holds every recipe
/// committed before it started and none half-written. It is written beside its destination
/// under a temporary name, checked, and only then renamed into place, so an interrupted backup
/// never replaces a good one. A restore checks the backup first (a SQLite file with Larder's
/// schema, no newer than this binary's, that passes `PRAGMA integrity_check`), copies it to a
/// temporary file and checks the copy, and only then replaces the database's content in one
/// transaction: a failure at any step leaves the database as it was.
public enum DatabaseBackup {
  /// Writes a backup of the database at `databasePath` to `destination`.
  ///
  /// An existing file at `destination` is replaced only when it is a Larder database itself
  /// (an earlier backup), never when it is anything else.
  ///
  /// - Throws: ``LarderStoreError/cannotOpen(path:reason:)`` when there is no database,
  ///   ``LarderStoreError/notALarderDatabase(path:reason:)`` for a database or destination
  ///   that is not Larder's, ``LarderStoreError/backupFailed(path:reason:)`` when copying fails.
  public static func backUp(
    databasePath: String, to destination: String
  ) throws
    -> DatabaseCopyReport
  {
    guard !isSameFile(databasePath, destination) else {
      throw LarderStoreError.backupFailed(
        path: destination, reason: "it is the database itself; give another file")
    }
    guard FileManager.default.fileExists(atPath: databasePath) else {
      throw LarderStoreError.cannotOpen(path: databasePath, reason: "no such file")
    }
    try refuseToReplace(destination)
    let source = try SQLiteConnection(path: databasePath, create: false)
    _ = try facts(of: source, path: databasePath)
    let temporary = temporaryPath(beside: destination, purpose: "backup")
    defer { removeDatabaseFiles(at: temporary) }
    try copy(from: source, toNewFileAt: temporary)
    let report = try inspect(temporary)
    guard rename(temporary, destination) == 0 else {
      throw LarderStoreError.backupFailed(
        path: destination, reason: String(cString: strerror(errno)))
    }
    return DatabaseCopyReport(
      path: destination, schemaVersion: report.schemaVersion, recipeCount: report.recipeCount,
      byteCount: report.byteCount)
  }

  /// Replaces the content of the database at `databasePath` (created if missing) with the
  /// backup at `backupPath`, upgrading its schema if the backup is older.
  ///
  /// Stop a running server first: it keeps indexes of the recipes in memory.
  ///
  /// - Throws: ``LarderStoreError/notALarderDatabase(path:reason:)`` for a backup that is
  ///   not a Larder database or is damaged, ``LarderStoreError/cannotOpen(path:reason:)`` for
  ///   one written by a newer Larder, ``LarderStoreError/backupFailed(path:reason:)`` when
  ///   copying fails (the database is then unchanged).
  public static func restore(
    from backupPath: String, to databasePath: String
  ) throws
    -> DatabaseCopyReport
  {
    try restore(from: backupPath, to: databasePath, lockTimeout: SQLiteBackup.lockTimeout)
  }

  /// ``restore(from:to:)`` giving up on a database locked for `lockTimeout` seconds, so a
  /// test can see a failed restore without waiting ten.
  static func restore(
    from backupPath: String, to databasePath: String, lockTimeout: Double
  ) throws -> DatabaseCopyReport {
    guard !isSameFile(databasePath, backupPath) else {
      throw LarderStoreError.backupFailed(
        path: databasePath, reason: "the backup is the database itself")
    }
    let backup = try inspect(backupPath)
    if FileManager.default.fileExists(atPath: databasePath), !isSQLiteFile(databasePath) {
      throw LarderStoreError.notALarderDatabase(
        path: databasePath, reason: "it is not a SQLite file; move it away before restoring")
    }
    let folder = URL(fileURLWithPath: databasePath).deletingLastPathComponent()
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let temporary = temporaryPath(beside: databasePath, purpose: "restore")
    defer { removeDatabaseFiles(at: temporary) }
    try copy(from: try SQLiteConnection(path: backupPath, readOnly: true), toNewFileAt: temporary)
    let copied = try inspect(temporary)
    guard copied.recipeCount == backup.recipeCount else {
      throw LarderStoreError.backupFailed(
        path: databasePath,
        reason: "the copy holds \(copied.recipeCount) recipes, the backup \(backup.recipeCount)")
    }
    let existed = FileManager.default.fileExists(atPath: databasePath)
    do {
      let target = try SQLiteConnection(path: databasePath)
      try SQLiteBackup(from: try SQLiteConnection(path: temporary, readOnly: true), to: target)
        .copyAll(lockTimeout: lockTimeout)
    } catch {
      // The copy is one transaction, so an existing database is unchanged; a file made for
      // it would look like a new, empty database.
      if !existed { removeDatabaseFiles(at: databasePath) }
      throw error
    }
    // Opening upgrades an older backup's schema (in its own transaction) and turns WAL on.
    let store = try SQLiteRecipeStore.open(path: databasePath, maximumReaders: 1)
    let restored = try store.database.read("counting restored recipes") { connection in
      try facts(of: connection, path: databasePath)
    }
    guard restored.recipeCount == backup.recipeCount else {
      throw LarderStoreError.backupFailed(
        path: databasePath,
        reason: "the database holds \(restored.recipeCount) recipes after restoring, the "
          + "backup \(backup.recipeCount)")
    }
    return DatabaseCopyReport(
      path: databasePath, schemaVersion: restored.schemaVersion,
      recipeCount: restored.recipeCount, byteCount: fileSize(databasePath))
  }

  /// What the Larder database at `path` holds, after checking that it is one this binary can
  /// open and that it passes SQLite's integrity check. Opens it read-only.
  ///
  /// - Throws: ``LarderStoreError/notALarderDatabase(path:reason:)`` naming what is wrong, or
  ///   ``LarderStoreError/cannotOpen(path:reason:)`` for one written by a newer Larder.
  public static func inspect(_ path: String) throws -> DatabaseCopyReport {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw LarderStoreError.notALarderDatabase(path: path, reason: "no such file")
    }
    guard !isFolder.boolValue else {
      throw LarderStoreError.notALarderDatabase(path: path, reason: "it is a folder")
    }
    guard isSQLiteFile(path) else {
      throw LarderStoreError.notALarderDatabase(path: path, reason: "it is not a SQLite file")
    }
    let connection: SQLiteConnection
    do {
      connection = try SQLiteConnection(path: path, readOnly: true, create: false)
    } catch {
      throw LarderStoreError.notALarderDatabase(path: path, reason: "it cannot be opened")
    }
    let found: (schemaVersion: Int, recipeCount: Int)
    do {
      let problems = try connection.query(
        "PRAGMA integrity_check(5)", operation: "checking the database"
      ) { $0.string(0) ?? "" }
      guard problems == ["ok"] else {
        throw LarderStoreError.notALarderDatabase(
          path: path, reason: "it is damaged (\(problems.joined(separator: "; ")))")
      }
      found = try facts(of: connection, path: path)
    } catch LarderStoreError.sqlite(_, let message, _) {
      // SQLite stops reading a badly damaged file with an error instead of a list.
      throw LarderStoreError.notALarderDatabase(path: path, reason: "it is damaged (\(message))")
    } catch LarderStoreError.schemaTooNew(let found, let supported) {
      throw LarderStoreError.cannotOpen(
        path: path,
        reason: "it has schema version \(found), newer than this Larder's \(supported): "
          + "upgrade Larder to restore it")
    }
    return DatabaseCopyReport(
      path: path, schemaVersion: found.schemaVersion, recipeCount: found.recipeCount,
      byteCount: fileSize(path))
  }

  // MARK: - Helpers

  /// The schema version and recipe count, or an error when the schema is not Larder's or is
  /// newer than this binary's.
  private static func facts(
    of connection: SQLiteConnection, path: String
  ) throws -> (schemaVersion: Int, recipeCount: Int) {
    let version = try Migrations.userVersion(connection)
    let tables = try connection.query(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name IN ('recipes', 'households')",
      operation: "reading the schema"
    ) { $0.string(0) ?? "" }
    guard version > 0, Set(tables) == ["recipes", "households"] else {
      throw LarderStoreError.notALarderDatabase(
        path: path, reason: "it is a SQLite database without Larder's tables")
    }
    guard version <= Migrations.latestVersion else {
      throw LarderStoreError.schemaTooNew(found: version, supported: Migrations.latestVersion)
    }
    let count =
      try connection.query("SELECT count(*) FROM recipes", operation: "counting recipes") {
        Int($0.int(0))
      }.first ?? 0
    return (version, count)
  }

  /// Copies `source` into a new file at `path` in the rollback-journal mode, so the copy is
  /// one self-contained file.
  private static func copy(from source: SQLiteConnection, toNewFileAt path: String) throws {
    let destination = try SQLiteConnection(path: path)
    try SQLiteBackup(from: source, to: destination).copyAll()
    try destination.execute("PRAGMA journal_mode = DELETE", operation: "finishing the copy")
  }

  /// Refuses to write over anything but an earlier Larder database.
  private static func refuseToReplace(_ destination: String) throws {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: destination, isDirectory: &isFolder) else {
      let folder = URL(fileURLWithPath: destination).deletingLastPathComponent().path
      guard FileManager.default.fileExists(atPath: folder) else {
        throw LarderStoreError.backupFailed(
          path: destination, reason: "the folder '\(folder)' does not exist")
      }
      return
    }
    guard !isFolder.boolValue else {
      throw LarderStoreError.backupFailed(
        path: destination, reason: "it is a folder; give a file name")
    }
    do {
      _ = try inspect(destination)
    } catch {
      throw LarderStoreError.notALarderDatabase(
        path: destination, reason: "it exists and is not an earlier backup; not replacing it")
    }
  }

  private static func isSQLiteFile(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let header = (try? handle.read(upToCount: 16)) ?? Data()
    return header == Data("SQLite format 3\0".utf8)
  }

  private static func isSameFile(_ first: String, _ second: String) -> Bool {
    let paths = [first, second].map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    if paths[0] == paths[1] { return true }
    var a = stat()
    var b = stat()
    guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino
  }

  private static func temporaryPath(beside path: String, purpose: String) -> String {
    let url = URL(fileURLWithPath: path)
    return url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).\(purpose)-\(UUID().uuidString)"
    ).path
  }

  private static func removeDatabaseFiles(at path: String) {
    for suffix in ["", "-journal", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }

  private static func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
  }
}
