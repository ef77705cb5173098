import Foundation

/// What can go wrong in the SQLite and PostgreSQL stores, each with a message that names the
/// operation.
public enum LarderStoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The database file cannot be opened or created.
  case cannotOpen(path: String, reason: String)
  /// SQLite reported an error while doing `operation`.
  case sqlite(code: Int32, message: String, operation: String)
  /// PostgreSQL reported an error (SQLSTATE `state`) while doing `operation`.
  case postgres(state: String, message: String, operation: String)
  /// The database was written by a newer Larder with a schema this binary does not know.
  case schemaTooNew(found: Int, supported: Int)
  /// A migration failed; the database was left at the version before it.
  case migrationFailed(version: Int, reason: String)
  /// A stored recipe document cannot be decoded.
  case corruptDocument(id: String, reason: String)
  /// A file given as a backup, or to write a backup over, is not a Larder database.
  case notALarderDatabase(path: String, reason: String)
  /// Copying a library to another database failed or was refused; the target was left as
  /// it was.
  case transferFailed(reason: String)
  /// Backing up or restoring failed; the database it was writing to was left as it was.
  case backupFailed(path: String, reason: String)

  /// A sentence naming what failed and how to act on it.
  public var description: String {
    switch self {
    case .cannotOpen(let path, let reason):
      return "cannot open database '\(path)': \(reason)"
    case .sqlite(let code, let message, let operation):
      return "database error while \(operation): \(message) (SQLite code \(code))"
    case .postgres(let state, let message, let operation):
      return "database error while \(operation): \(message)"
        + (state.isEmpty ? "" : " (PostgreSQL SQLSTATE \(state))")
    case .schemaTooNew(let found, let supported):
      return "the database has schema version \(found), but this Larder supports up to "
        + "\(supported): upgrade Larder to open it"
    case .migrationFailed(let version, let reason):
      return "upgrading the database to schema version \(version) failed: \(reason); "
        + "the database was left unchanged"
    case .corruptDocument(let id, let reason):
      return "stored recipe '\(id)' cannot be read: \(reason)"
    case .notALarderDatabase(let path, let reason):
      return "'\(path)' is not a Larder database: \(reason)"
    case .transferFailed(let reason):
      return "copying the library failed: \(reason)"
    case .backupFailed(let path, let reason):
      return "copying to '\(path)' failed: \(reason) (nothing was changed)"
    }
  }
}
