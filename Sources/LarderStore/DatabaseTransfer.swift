import Foundation
import LarderCore

/// What moving a library between databases copied, table by table.
public struct DatabaseTransferReport: Sendable, Equatable, Encodable {
  /// One table's rows in the source and in the target after the copy.
  public struct Table: Sendable, Equatable, Encodable {
    /// The table's name.
    public var name: String
    /// How many rows it has.
    public var rows: Int
    /// A checksum of its rows' values, the same on both sides when nothing was lost or changed
    /// (FNV-1a of each row's values, summed, so the order rows are read in does not matter).
    public var checksum: String
  }

  /// Where the library came from, without a password.
  public var source: String
  /// Where it went, without a password.
  public var target: String
  /// Every table copied, as counted and summed in the target after the copy (the source's
  /// figures were the same, or the copy would have failed).
  public var tables: [Table]
}

/// Moves a whole library from one database to another, SQLite to PostgreSQL or back (or
/// between two of a kind): every household, recipe, food, pantry item, plan entry, shopping
/// list item, image, account, session, token, invitation, share link, mark and setting, with
/// the search index built again in the target's own way.
///
/// The target must be empty (a new database, or one with nothing but the household every new
/// one has): moving never overwrites a library. The copy is one transaction on the target, so
/// a failure leaves it as it was; afterwards each table is counted and checksummed on both
/// sides, and any difference fails the copy (the target is then emptied again).
public enum DatabaseTransfer {
  /// Copies the library at `source` to `target`; each is a SQLite file's path or a
  /// `postgres://` address.
  public static func copy(
    from source: String, to target: String, progress: (String) -> Void = { _ in }
  ) throws -> DatabaseTransferReport {
    guard source != target else {
      throw LarderStoreError.transferFailed(reason: "the source and the target are the same")
    }
    if !PostgresURL.isPostgres(source) && !FileManager.default.fileExists(atPath: source) {
      throw LarderStoreError.cannotOpen(path: source, reason: "there is no database there")
    }
    let from = try TransferEndpoint.open(source)
    let to = try TransferEndpoint.open(target)
    let nonEmpty = try to.tablesWithRows()
    guard nonEmpty.isEmpty else {
      throw LarderStoreError.transferFailed(
        reason: "the target \(to.location) is not empty (\(nonEmpty.joined(separator: ", ")) "
          + "have rows); Larder copies only into an empty database")
    }
    try to.inTransaction { writer in
      try writer.clear()
      for table in TransferTable.all {
        var copied = 0
        try from.readRows(of: table) { rows in
          try writer.insert(rows, into: table)
          copied += rows.count
        }
        progress("\(table.name): \(copied)")
      }
      try writer.finishCopy()
      for table in TransferTable.all {
        let (sourceRows, sourceSum) = try from.summary(of: table)
        let (targetRows, targetSum) = try writer.summary(of: table)
        guard sourceRows == targetRows, sourceSum == targetSum else {
          throw LarderStoreError.transferFailed(
            reason: "table \(table.name) differs after the copy: \(sourceRows) rows "
              + "(checksum \(hex(sourceSum))) in the source, \(targetRows) "
              + "(checksum \(hex(targetSum))) in the target; nothing was kept")
        }
      }
    }
    let tables = try TransferTable.all.map { table in
      let (rows, sum) = try to.summary(of: table)
      return DatabaseTransferReport.Table(name: table.name, rows: rows, checksum: hex(sum))
    }
    return DatabaseTransferReport(source: from.location, target: to.location, tables: tables)
  }

  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 16 - digits.count)) + digits
  }
}

/// A column's kind, which decides how its value crosses between SQLite and PostgreSQL.
enum TransferColumnKind {
  case text, integer, real, boolean, bytes
}

/// A value read from either database, in a form both write and the checksum reads alike.
enum TransferValue: Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case bytes(Data)

  var sqlite: SQLiteValue {
    switch self {
    case .null: return .null
    case .integer(let value): return .integer(value)
    case .real(let value): return .real(value)
    case .text(let value): return .text(value)
    case .bytes(let value): return .blob(value)
    }
  }

  var postgres: PostgresValue {
    switch self {
    case .null: return .null
    case .integer(let value): return .integer(value)
    case .real(let value): return .real(value)
    case .text(let value): return .text(value)
    case .bytes(let value): return .bytes(value)
    }
  }

  /// Feeds the value into an FNV-1a hash, with a tag for its kind.
  func hash(into hash: inout UInt64) {
    func feed<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
      for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
    }
    switch self {
    case .null: feed([0])
    case .integer(let value): feed([1] + Array(String(value).utf8))
    case .real(let value): feed([2] + Array(String(value).utf8))
    case .text(let value): feed([3] + Array(value.utf8))
    case .bytes(let value): feed([4] + Array(value))
    }
    feed([0xff])
  }
}

/// A table moved between databases: its columns (those both schemas have) and how its rows
/// are read in order.
struct TransferTable {
  let name: String
  let columns: [(name: String, kind: TransferColumnKind)]
  /// An integer column rows are read in order of, in batches; nil for a table read at once.
  let sequence: String?

  init(_ name: String, sequence: String? = nil, _ columns: [(String, TransferColumnKind)]) {
    self.name = name
    self.sequence = sequence
    self.columns = columns.map { (name: $0.0, kind: $0.1) }
  }

  /// The tables in an order that satisfies their foreign keys. Derived data is not copied: the
  /// recipe counts (kept by triggers), the search index and its words (built again).
  static let all: [TransferTable] = [
    TransferTable("households", [("id", .text), ("name", .text), ("created_at", .real)]),
    TransferTable(
      "users",
      [
        ("id", .text), ("login", .text), ("display_name", .text), ("password_hash", .text),
        ("created_at", .real),
      ]),
    TransferTable(
      "memberships",
      [("household_id", .text), ("user_id", .text), ("role", .text), ("joined_at", .real)]),
    TransferTable(
      "recipes", sequence: "seq",
      [
        ("seq", .integer), ("id", .text), ("household_id", .text), ("name", .text),
        ("source_key", .text), ("is_favorite", .boolean), ("rating", .integer),
        ("total_seconds", .integer), ("created_at", .real), ("updated_at", .real),
        ("document", .text), ("summary", .text), ("unmatched_lines", .integer),
        ("alternatives", .text),
      ]),
    TransferTable(
      "recipe_foods",
      [
        ("recipe_seq", .integer), ("food_id", .text), ("is_optional", .boolean),
        ("quantity", .real), ("quantity_max", .real), ("unit", .text),
      ]),
    TransferTable("analysis_pending", [("household_id", .text)]),
    TransferTable(
      "user_foods",
      [("household_id", .text), ("food_id", .text), ("document", .text), ("saved_at", .real)]),
    TransferTable(
      "user_food_synonyms",
      [("household_id", .text), ("synonym", .text), ("food_id", .text), ("saved_at", .real)]),
    TransferTable(
      "pantry_items", sequence: "seq",
      [
        ("seq", .integer), ("id", .text), ("household_id", .text), ("expires_on", .text),
        ("document", .text),
      ]),
    TransferTable(
      "meal_plan_entries", sequence: "seq",
      [
        ("seq", .integer), ("id", .text), ("household_id", .text), ("day", .text),
        ("meal_order", .integer), ("document", .text),
      ]),
    TransferTable(
      "shopping_list_items", sequence: "seq",
      [
        ("seq", .integer), ("id", .text), ("household_id", .text), ("is_manual", .boolean),
        ("document", .text),
      ]),
    TransferTable(
      "images", sequence: "seq",
      [
        ("seq", .integer), ("id", .text), ("household_id", .text), ("format", .text),
        ("byte_count", .integer), ("digest", .text), ("created_at", .real), ("bytes", .bytes),
      ]),
    TransferTable(
      "sessions",
      [
        ("id", .text), ("token_hash", .text), ("user_id", .text), ("household_id", .text),
        ("created_at", .real), ("last_seen_at", .real), ("expires_at", .real),
        ("user_agent", .text), ("client_address", .text),
      ]),
    TransferTable(
      "api_tokens",
      [
        ("id", .text), ("token_hash", .text), ("user_id", .text), ("household_id", .text),
        ("name", .text), ("is_read_only", .boolean), ("created_at", .real),
        ("last_used_at", .real),
      ]),
    TransferTable(
      "invitations",
      [
        ("id", .text), ("token_hash", .text), ("household_id", .text), ("role", .text),
        ("created_by", .text), ("created_at", .real), ("expires_at", .real),
        ("max_uses", .integer), ("uses", .integer),
      ]),
    TransferTable(
      "share_links",
      [
        ("id", .text), ("token_hash", .text), ("household_id", .text), ("recipe_id", .text),
        ("created_by", .text), ("created_at", .real), ("collection", .text),
      ]),
    TransferTable(
      "recipe_marks",
      [
        ("household_id", .text), ("user_id", .text), ("recipe_id", .text),
        ("is_favorite", .boolean), ("rating", .integer), ("notes", .text),
      ]),
    TransferTable(
      "user_settings",
      [
        ("household_id", .text), ("user_id", .text), ("staples", .text), ("diets", .text),
        ("units", .text), ("updated_at", .real),
      ]),
  ]

  /// The tables whose rows keep the order they were saved in by a hidden or serial column
  /// (SQLite's rowid, PostgreSQL's seq), which a copy keeps by inserting in that order.
  static let savedInOrder: Set<String> = ["user_foods", "user_food_synonyms"]

  var columnList: String { columns.map(\.name).joined(separator: ", ") }
}

/// One side of a transfer: a SQLite file or a PostgreSQL database, opened (and migrated to
/// this binary's schema) through its store.
enum TransferEndpoint {
  case sqlite(SQLiteRecipeStore)
  case postgres(PostgresRecipeStore)

  static let batch = 500

  static func open(_ location: String) throws -> TransferEndpoint {
    PostgresURL.isPostgres(location)
      ? .postgres(try PostgresRecipeStore.open(url: location, maximumConnections: 2))
      : .sqlite(try SQLiteRecipeStore.open(path: location))
  }

  var location: String {
    switch self {
    case .sqlite(let store): return store.path
    case .postgres(let store): return store.location
    }
  }

  /// The tables that hold rows a new database would not have.
  func tablesWithRows() throws -> [String] {
    var found: [String] = []
    for table in TransferTable.all {
      let condition = table.name == "households" ? " WHERE id <> 'default'" : ""
      let sql = "SELECT 1 FROM \(table.name)\(condition) LIMIT 1"
      let any: Bool
      switch self {
      case .sqlite(let store):
        any = try store.database.read("checking the target is empty") {
          try !$0.query(sql, operation: "checking the target is empty") { _ in true }.isEmpty
        }
      case .postgres(let store):
        any = try store.database.read("checking the target is empty") {
          try !$0.query(sql, operation: "checking the target is empty") { _ in true }.isEmpty
        }
      }
      if any { found.append(table.name) }
    }
    return found
  }

  /// Reads every row of `table`, a batch at a time, in the order it was saved.
  func readRows(of table: TransferTable, _ body: ([[TransferValue]]) throws -> Void) throws {
    let operation = "reading \(table.name) to copy"
    var after: Int64?
    repeat {
      let rows: [[TransferValue]]
      let order: String
      if let sequence = table.sequence {
        order =
          " WHERE \(sequence) > \(after ?? Int64.min) ORDER BY \(sequence) LIMIT \(Self.batch)"
      } else if TransferTable.savedInOrder.contains(table.name) {
        order = self.isPostgres ? " ORDER BY seq" : " ORDER BY rowid"
      } else {
        order = ""
      }
      let sql = "SELECT \(table.columnList) FROM \(table.name)\(order)"
      switch self {
      case .sqlite(let store):
        rows = try store.database.read(operation) { connection in
          try connection.query(sql, operation: operation) { row in
            table.columns.enumerated().map { index, column in
              Self.value(sqlite: row, Int32(index), column.kind)
            }
          }
        }
      case .postgres(let store):
        rows = try store.database.read(operation) { connection in
          try connection.query(sql, operation: operation) { row in
            table.columns.enumerated().map { index, column in
              Self.value(postgres: row, Int32(index), column.kind)
            }
          }
        }
      }
      if !rows.isEmpty { try body(rows) }
      guard table.sequence != nil, rows.count == Self.batch, case .integer(let last) = rows.last?[0]
      else { break }
      after = last
    } while true
  }

  private var isPostgres: Bool {
    if case .postgres = self { return true }
    return false
  }

  static func value(
    sqlite row: SQLiteRow, _ column: Int32, _ kind: TransferColumnKind
  ) -> TransferValue {
    guard !row.isNull(column) else { return .null }
    switch kind {
    case .text: return .text(row.string(column) ?? "")
    case .integer: return .integer(row.int(column))
    case .boolean: return .integer(row.int(column) == 0 ? 0 : 1)
    case .real: return .real(row.double(column))
    case .bytes: return .bytes(row.data(column))
    }
  }

  static func value(
    postgres row: PostgresRow, _ column: Int32, _ kind: TransferColumnKind
  ) -> TransferValue {
    guard !row.isNull(column) else { return .null }
    switch kind {
    case .text: return .text(row.string(column) ?? "")
    case .integer: return .integer(row.int(column))
    case .boolean: return .integer(row.bool(column) ? 1 : 0)
    case .real: return .real(row.double(column))
    case .bytes: return .bytes(row.data(column))
    }
  }

  /// Runs `body` in one write transaction on this side, with the writer that writes in it.
  func inTransaction(_ body: (TransferWriter) throws -> Void) throws {
    switch self {
    case .sqlite(let store):
      try store.database.write("copying a library in") { connection in
        try body(.sqlite(connection))
      }
    case .postgres(let store):
      try store.database.write("copying a library in") { connection in
        try body(.postgres(connection, store))
      }
    }
  }

  /// How many rows `table` has and the sum of their hashes, in a read of its own.
  func summary(of table: TransferTable) throws -> (rows: Int, checksum: UInt64) {
    let operation = "checking \(table.name)"
    switch self {
    case .sqlite(let store):
      return try store.database.read(operation) { try TransferWriter.sqlite($0).summary(of: table) }
    case .postgres(let store):
      return try store.database.read(operation) {
        try TransferWriter.postgres($0, store).summary(of: table)
      }
    }
  }
}

/// The target's side of a copy, inside its transaction.
enum TransferWriter {
  case sqlite(SQLiteConnection)
  case postgres(PostgresConnection, PostgresRecipeStore)

  /// Removes what a new database holds (the default household), so the copy brings its own.
  func clear() throws {
    switch self {
    case .sqlite(let connection):
      try connection.execute("DELETE FROM households", operation: "copying a library in")
    case .postgres(let connection, _):
      try connection.execute("DELETE FROM households", operation: "copying a library in")
    }
  }

  func insert(_ rows: [[TransferValue]], into table: TransferTable) throws {
    let operation = "copying \(table.name)"
    switch self {
    case .sqlite(let connection):
      let marks = table.columns.map { _ in "?" }.joined(separator: ", ")
      let sql = "INSERT INTO \(table.name) (\(table.columnList)) VALUES (\(marks))"
      for row in rows { try connection.run(sql, row.map(\.sqlite), operation: operation) }
    case .postgres(let connection, _):
      let marks = table.columns.indices.map { "$\($0 + 1)" }.joined(separator: ", ")
      let sql = "INSERT INTO \(table.name) (\(table.columnList)) VALUES (\(marks))"
      for row in rows { try connection.run(sql, row.map(\.postgres), operation: operation) }
    }
  }

  /// After the rows are in: the search index built again from the recipes, and PostgreSQL's
  /// serial counters moved past the copied rows.
  func finishCopy() throws {
    let operation = "indexing copied recipes"
    switch self {
    case .sqlite(let connection):
      let recipes = try connection.query(
        "SELECT seq, id, document FROM recipes ORDER BY seq", operation: operation
      ) { row in (row.int(0), row.string(1) ?? "", row.string(2) ?? "") }
      for (seq, id, document) in recipes {
        try SearchIndex.insert(
          try RecipeDocument.decode(document, id: id), seq: seq, connection: connection)
      }
    case .postgres(let connection, let store):
      let recipes = try connection.query(
        "SELECT seq, id, document FROM recipes ORDER BY seq", operation: operation
      ) { row in (row.int(0), row.string(1) ?? "", row.string(2) ?? "") }
      for (seq, id, document) in recipes {
        try store.reindexSearch(
          seq: seq, recipe: try RecipeDocument.decode(document, id: id), connection: connection)
      }
      for table in [
        "recipes", "pantry_items", "meal_plan_entries", "shopping_list_items", "images",
        "user_foods", "user_food_synonyms",
      ] {
        try connection.run(
          """
          SELECT setval(pg_get_serial_sequence('\(table)', 'seq'),
            coalesce((SELECT max(seq) FROM \(table)), 0) + 1, false)
          """, operation: "moving \(table)'s counter past the copied rows")
      }
      // The planner's statistics, so the first searches on the copy choose their indexes well
      // (autovacuum would gather them only later).
      try connection.execute("ANALYZE", operation: "gathering statistics on the copy")
    }
  }

  /// How many rows `table` has and the sum of their rows' hashes.
  func summary(of table: TransferTable) throws -> (rows: Int, checksum: UInt64) {
    var count = 0
    var sum: UInt64 = 0
    let sql = "SELECT \(table.columnList) FROM \(table.name)"
    let operation = "checking \(table.name)"
    func add(_ values: [TransferValue]) {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for value in values { value.hash(into: &hash) }
      sum = sum &+ hash
      count += 1
    }
    switch self {
    case .sqlite(let connection):
      _ = try connection.query(sql, operation: operation) { row in
        add(
          table.columns.enumerated().map {
            TransferEndpoint.value(sqlite: row, Int32($0), $1.kind)
          })
      }
    case .postgres(let connection, _):
      _ = try connection.query(sql, operation: operation) { row in
        add(
          table.columns.enumerated().map {
            TransferEndpoint.value(postgres: row, Int32($0), $1.kind)
          })
      }
    }
    return (count, sum)
  }
}
