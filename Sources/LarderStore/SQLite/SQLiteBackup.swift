import CSQLite
import Foundation

/// One copy of a database into another with SQLite's online backup API (`sqlite3_backup_*`),
/// wrapped once: the C object is freed by ``copyAll()`` or, if that never ran, by `deinit`.
///
/// The whole copy is one `sqlite3_backup_step`, so it reads one snapshot of the source under
/// a single read transaction (which in WAL mode never blocks the source's writers) and writes
/// the destination in a single write transaction (so a failure leaves it as it was).
final class SQLiteBackup {
  private let pointer: OpaquePointer
  /// Kept alive while the backup object exists: SQLite requires both connections to outlive it.
  private let source: SQLiteConnection
  private let destination: SQLiteConnection
  private var isFinished = false
  /// The destination's path, for error messages.
  private let path: String

  /// How long a copy waits for a database another connection holds locked.
  static let lockTimeout: Double = 10

  /// Prepares copying `source`'s main database over `destination`'s.
  init(from source: SQLiteConnection, to destination: SQLiteConnection) throws {
    guard let pointer = sqlite3_backup_init(destination.handle, "main", source.handle, "main")
    else {
      // A failed init leaves its error on the destination connection.
      throw LarderStoreError.backupFailed(
        path: destination.path, reason: String(cString: sqlite3_errmsg(destination.handle)))
    }
    self.pointer = pointer
    self.source = source
    self.destination = destination
    self.path = destination.path
  }

  deinit {
    if !isFinished { sqlite3_backup_finish(pointer) }
  }

  /// Copies every page, waiting up to `lockTimeout` seconds while either database is locked
  /// by another connection: the destination's busy handler waits for its lock, and a busy
  /// source is retried every 50 ms.
  func copyAll(lockTimeout: Double = SQLiteBackup.lockTimeout) throws {
    destination.setBusyTimeout(seconds: lockTimeout)
    let deadline = Date().addingTimeInterval(lockTimeout)
    var code = sqlite3_backup_step(pointer, -1)
    while code & 0xff == SQLITE_BUSY || code & 0xff == SQLITE_LOCKED, Date() < deadline {
      usleep(50_000)
      code = sqlite3_backup_step(pointer, -1)
    }
    isFinished = true
    let finish = sqlite3_backup_finish(pointer)
    guard code == SQLITE_DONE, finish == SQLITE_OK else {
      let failure = code == SQLITE_DONE ? finish : code
      let reason =
        failure & 0xff == SQLITE_BUSY || failure & 0xff == SQLITE_LOCKED
        ? "the database stayed locked by another connection"
        : String(cString: sqlite3_errstr(failure))
      throw LarderStoreError.backupFailed(path: path, reason: reason)
    }
  }
}
