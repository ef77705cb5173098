import CSQLite
import Foundation

/// A value SQLite stores or returns.
enum SQLiteValue: Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob(Data)
}

/// One SQLite connection with a cache of prepared statements.
///
/// Not thread-safe on its own: ``SQLiteDatabase`` hands each connection to one thread at a time.
final class SQLiteConnection {
  /// The C handle; only SQLiteBackup, in this module, uses it beside this class.
  let handle: OpaquePointer
  private var statements: [String: OpaquePointer] = [:]
  /// The path the connection was opened with.
  let path: String

  /// Opens (creating if asked) the database at `path`, with foreign keys on and a busy timeout
  /// so that other connections and processes wait for each other instead of failing.
  init(path: String, readOnly: Bool = false, create: Bool = true) throws {
    var pointer: OpaquePointer?
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
    flags |= readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
    if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
    let code = sqlite3_open_v2(path, &pointer, flags, nil)
    guard code == SQLITE_OK, let pointer else {
      let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(pointer)
      throw LarderStoreError.cannotOpen(path: path, reason: message)
    }
    self.handle = pointer
    self.path = path
    sqlite3_extended_result_codes(pointer, 1)
    sqlite3_busy_timeout(pointer, 5000)
    try execute("PRAGMA foreign_keys = ON", operation: "enabling foreign keys")
  }

  deinit {
    for statement in statements.values { sqlite3_finalize(statement) }
    sqlite3_close_v2(handle)
  }

  /// Runs one or more statements that return no rows.
  func execute(_ sql: String, operation: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    if code != SQLITE_OK {
      let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
      sqlite3_free(message)
      throw LarderStoreError.sqlite(code: code, message: text, operation: operation)
    }
  }

  /// Runs a statement with parameters, returning no rows.
  func run(_ sql: String, _ parameters: [SQLiteValue] = [], operation: String) throws {
    _ = try query(sql, parameters, operation: operation) { _ in () }
  }

  /// Runs a query and maps each row; statements are prepared once and cached.
  func query<T>(
    _ sql: String, _ parameters: [SQLiteValue] = [], operation: String,
    row transform: (SQLiteRow) throws -> T
  ) throws -> [T] {
    let statement = try prepare(sql, operation: operation)
    defer {
      sqlite3_reset(statement)
      sqlite3_clear_bindings(statement)
    }
    for (offset, value) in parameters.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value {
      case .null: code = sqlite3_bind_null(statement, index)
      case .integer(let number): code = sqlite3_bind_int64(statement, index, number)
      case .real(let number): code = sqlite3_bind_double(statement, index, number)
      case .text(let text):
        code = sqlite3_bind_text(statement, index, text, -1, larder_sqlite_transient())
      case .blob(let data):
        code = data.withUnsafeBytes { bytes in
          // A zero-length blob still needs a non-null pointer to be a blob rather than NULL.
          sqlite3_bind_blob(
            statement, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
            Int32(data.count),
            larder_sqlite_transient())
        }
      }
      guard code == SQLITE_OK else { throw error(code, operation) }
    }
    var rows: [T] = []
    while true {
      let code = sqlite3_step(statement)
      if code == SQLITE_DONE { break }
      guard code == SQLITE_ROW else { throw error(code, operation) }
      rows.append(try transform(SQLiteRow(statement: statement)))
    }
    return rows
  }

  /// How long a statement waits for another connection's lock before failing as busy.
  func setBusyTimeout(seconds: Double) {
    sqlite3_busy_timeout(handle, Int32(max(0, min(seconds, 3600)) * 1000))
  }

  /// The rowid of the last row inserted on this connection.
  var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// How many rows the last statement on this connection changed.
  var changeCount: Int { Int(sqlite3_changes(handle)) }

  /// Whether the connection is inside a transaction.
  var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// Whether text waits in this connection's private word index for its words to join
  /// `search_words` (``SearchIndex/collectWords(connection:)``), before the write commits.
  var hasStagedWords = false

  private func prepare(_ sql: String, operation: String) throws -> OpaquePointer {
    if let cached = statements[sql] { return cached }
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v3(
      handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard code == SQLITE_OK, let statement else { throw error(code, operation) }
    statements[sql] = statement
    return statement
  }

  private func error(_ code: Int32, _ operation: String) -> LarderStoreError {
    .sqlite(code: code, message: String(cString: sqlite3_errmsg(handle)), operation: operation)
  }
}

/// The current row of a query, read by column index.
struct SQLiteRow {
  fileprivate let statement: OpaquePointer

  /// The column as text, or nil for NULL.
  func string(_ column: Int32) -> String? {
    guard let text = sqlite3_column_text(statement, column) else { return nil }
    return String(cString: text)
  }

  /// The column as an integer (0 for NULL).
  func int(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

  /// The column as an integer, or nil for NULL.
  func optionalInt(_ column: Int32) -> Int64? {
    sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : int(column)
  }

  /// The column as bytes (empty for NULL).
  func data(_ column: Int32) -> Data {
    let count = Int(sqlite3_column_bytes(statement, column))
    guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return Data() }
    return Data(bytes: bytes, count: count)
  }

  /// The column as a double (0 for NULL).
  func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }

  /// Whether the column is NULL.
  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
}
