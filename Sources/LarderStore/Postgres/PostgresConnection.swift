import CPostgres
import Foundation

/// A value sent to PostgreSQL as a statement's parameter, in PostgreSQL's text format.
enum PostgresValue: Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case boolean(Bool)
  case text(String)
  case bytes(Data)

  /// The parameter's text as PostgreSQL reads it, or nil for NULL.
  fileprivate func text(operation: String) throws -> String? {
    switch self {
    case .null: return nil
    case .integer(let number): return String(number)
    case .real(let number):
      guard number.isFinite else {
        return number.isNaN ? "NaN" : number < 0 ? "-Infinity" : "Infinity"
      }
      return String(number)
    case .boolean(let flag): return flag ? "t" : "f"
    case .text(let text):
      // libpq sends text parameters as C strings: a NUL would cut the text short unseen.
      guard !text.utf8.contains(0) else {
        throw LarderStoreError.postgres(
          state: "22021", message: "the text holds a NUL character, which PostgreSQL cannot store",
          operation: operation)
      }
      return text
    case .bytes(let data):
      // bytea's hex input format, written into one buffer: an image of 10 MiB is 20 MiB of
      // text, too much to build from a string per byte.
      let digits = Self.hexDigits
      let text = [UInt8](unsafeUninitializedCapacity: 2 + data.count * 2) { buffer, count in
        buffer[0] = UInt8(ascii: "\\")
        buffer[1] = UInt8(ascii: "x")
        var index = 2
        for byte in data {
          buffer[index] = digits[Int(byte >> 4)]
          buffer[index + 1] = digits[Int(byte & 0x0F)]
          index += 2
        }
        count = index
      }
      return String(decoding: text, as: UTF8.self)
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}

/// One connection to a PostgreSQL server, with a cache of prepared statements.
///
/// Not thread-safe on its own: ``PostgresDatabase`` hands each connection to one thread at a
/// time.
final class PostgresConnection {
  private let handle: OpaquePointer
  private var statements: [String: String] = [:]
  /// Where it is connected, without a password, for messages.
  let location: String

  /// Connects to the database `url` names (`postgres://user@host:port/name` or libpq's
  /// `key=value` form), with `search_path` set to `schema` first when one is given, and
  /// `larder.origin` set to `origin` (the change notifications' triggers name it, so a process
  /// can tell its own changes from others').
  init(url: String, schema: String? = nil, origin: String? = nil) throws {
    location = PostgresURL.redacted(url)
    var keywords = ["dbname", "application_name", "client_encoding", "connect_timeout"]
    var values = [url, "larder", "UTF8", "10"]
    // Every statement is prepared once per connection; PostgreSQL would switch a statement
    // to one generic plan after five runs, and a generic plan for a full-text match cannot
    // tell a rare word from a common one (it scanned every recipe for "saffron": 0.9 s at
    // 100,000 recipes). Planning each run for its own values costs well under a millisecond.
    var options = ["-c plan_cache_mode=force_custom_plan"]
    if let schema { options.append("-c search_path=\(schema),public") }
    if let origin { options.append("-c larder.origin=\(origin)") }
    keywords.append("options")
    values.append(options.joined(separator: " "))
    let connection = Self.withCStrings(keywords) { keys in
      Self.withCStrings(values) { vals in PQconnectdbParams(keys, vals, 1) }
    }
    guard let connection else {
      throw LarderStoreError.cannotOpen(path: location, reason: "out of memory")
    }
    guard PQstatus(connection) == CONNECTION_OK else {
      let reason = String(cString: PQerrorMessage(connection))
        .trimmingCharacters(in: .whitespacesAndNewlines)
      PQfinish(connection)
      throw LarderStoreError.cannotOpen(path: location, reason: reason)
    }
    handle = connection
    // Notices ("relation already exists, skipping") are for people reading a console.
    try execute("SET client_min_messages = warning", operation: "connecting")
  }

  deinit { PQfinish(handle) }

  /// Whether the connection still works: one that lost its server is closed, not reused.
  var isHealthy: Bool { PQstatus(handle) == CONNECTION_OK }

  /// Whether the connection is inside a transaction block.
  var isInTransaction: Bool {
    let status = PQtransactionStatus(handle)
    return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
  }

  /// Runs one or more statements without parameters, returning no rows.
  func execute(_ sql: String, operation: String) throws {
    let result = PQexec(handle, sql)
    defer { PQclear(result) }
    try check(result, operation: operation)
  }

  /// Runs a statement with parameters, returning how many rows it changed.
  @discardableResult
  func run(_ sql: String, _ parameters: [PostgresValue] = [], operation: String) throws -> Int {
    try withResult(sql, parameters, operation: operation) { result in
      Int(String(cString: PQcmdTuples(result))) ?? 0
    }
  }

  /// Runs a query and maps each row; statements are prepared once per connection.
  func query<T>(
    _ sql: String, _ parameters: [PostgresValue] = [], operation: String,
    row transform: (PostgresRow) throws -> T
  ) throws -> [T] {
    try withResult(sql, parameters, operation: operation) { result in
      let count = PQntuples(result)
      var rows: [T] = []
      rows.reserveCapacity(Int(count))
      for index in 0..<count {
        rows.append(try transform(PostgresRow(result: result, row: index)))
      }
      return rows
    }
  }

  /// The payloads of the notifications that arrived on the channels this connection listens
  /// to, waiting up to `timeout` seconds for the first; empty when none came.
  func notifications(waitingUpTo timeout: Double) throws -> [String] {
    var payloads = drainNotifications()
    guard payloads.isEmpty else { return payloads }
    var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
    guard descriptor.fd >= 0 else {
      throw LarderStoreError.postgres(
        state: "08003", message: "the connection is closed", operation: "following changes")
    }
    let ready = poll(&descriptor, 1, Int32(max(0, timeout) * 1000))
    if ready > 0 {
      guard PQconsumeInput(handle) == 1 else {
        throw error(nil, operation: "following changes")
      }
      payloads = drainNotifications()
    }
    return payloads
  }

  private func drainNotifications() -> [String] {
    var payloads: [String] = []
    while let notification = PQnotifies(handle) {
      payloads.append(String(cString: notification.pointee.extra))
      PQfreemem(notification)
    }
    return payloads
  }

  private func withResult<T>(
    _ sql: String, _ parameters: [PostgresValue], operation: String,
    _ body: (OpaquePointer) throws -> T
  ) throws -> T {
    let name = try prepare(sql, parameterCount: parameters.count, operation: operation)
    let texts = try parameters.map { try $0.text(operation: operation) }
    let result = Self.withOptionalCStrings(texts) { values in
      PQexecPrepared(handle, name, Int32(texts.count), values, nil, nil, 0)
    }
    defer { PQclear(result) }
    try check(result, operation: operation)
    guard let result else { throw error(nil, operation: operation) }
    return try body(result)
  }

  private func prepare(_ sql: String, parameterCount: Int, operation: String) throws -> String {
    if let name = statements[sql] { return name }
    let name = "s\(statements.count)"
    let result = PQprepare(handle, name, sql, 0, nil)
    defer { PQclear(result) }
    try check(result, operation: operation)
    statements[sql] = name
    return name
  }

  private func check(_ result: OpaquePointer?, operation: String) throws {
    switch PQresultStatus(result) {
    case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: return
    default: throw error(result, operation: operation)
    }
  }

  private func error(_ result: OpaquePointer?, operation: String) -> LarderStoreError {
    let state =
      result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }
      .map { String(cString: $0) } ?? ""
    let primary = result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "M"))) }
      .map { String(cString: $0) }
    let message = primary ?? String(cString: PQerrorMessage(handle))
    return .postgres(
      state: state, message: message.trimmingCharacters(in: .whitespacesAndNewlines),
      operation: operation)
  }

  private static func withCStrings<T>(
    _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T
  ) -> T {
    let pointers = strings.map { strdup($0) }
    defer { pointers.forEach { free($0) } }
    let array = pointers.map { UnsafePointer<CChar>($0) } + [nil]
    return array.withUnsafeBufferPointer { body($0.baseAddress!) }
  }

  private static func withOptionalCStrings<T>(
    _ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> T
  ) -> T {
    let pointers = strings.map { $0.map { strdup($0) } ?? nil }
    defer { pointers.forEach { free($0) } }
    let array = pointers.map { $0.map { UnsafePointer<CChar>($0) } }
    return array.withUnsafeBufferPointer { body($0.baseAddress) }
  }
}

/// A row of a query's result, read by column index from PostgreSQL's text format.
struct PostgresRow {
  fileprivate let result: OpaquePointer
  fileprivate let row: Int32

  /// Whether the column is NULL.
  func isNull(_ column: Int32) -> Bool { PQgetisnull(result, row, column) == 1 }

  /// The column as text, or nil for NULL.
  func string(_ column: Int32) -> String? {
    guard !isNull(column), let value = PQgetvalue(result, row, column) else { return nil }
    return String(cString: value)
  }

  /// The column as an integer (0 for NULL).
  func int(_ column: Int32) -> Int64 {
    guard !isNull(column), let value = PQgetvalue(result, row, column) else { return 0 }
    return strtoll(value, nil, 10)
  }

  /// The column as an integer, or nil for NULL.
  func optionalInt(_ column: Int32) -> Int64? { isNull(column) ? nil : int(column) }

  /// The column as a double (0 for NULL).
  func double(_ column: Int32) -> Double {
    guard !isNull(column), let value = PQgetvalue(result, row, column) else { return 0 }
    return strtod(value, nil)
  }

  /// The column as a double, or nil for NULL.
  func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }

  /// The column as a boolean (false for NULL).
  func bool(_ column: Int32) -> Bool {
    guard !isNull(column), let value = PQgetvalue(result, row, column) else { return false }
    return value.pointee == UInt8(ascii: "t")
  }

  /// A bytea column's bytes (empty for NULL), from the hex output format.
  func data(_ column: Int32) -> Data {
    guard !isNull(column), let value = PQgetvalue(result, row, column) else { return Data() }
    let length = Int(PQgetlength(result, row, column))
    guard length >= 2, value[0] == UInt8(ascii: "\\"), value[1] == UInt8(ascii: "x") else {
      return Data()
    }
    let count = (length - 2) / 2
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      for index in 0..<count {
        let high = value[2 + 2 * index]
        let low = value[3 + 2 * index]
        buffer[index] = Self.nibble(high) << 4 | Self.nibble(low)
      }
      initialized = count
    }
    return Data(bytes)
  }

  private static func nibble(_ character: CChar) -> UInt8 {
    let scalar = UInt8(bitPattern: character)
    switch scalar {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return scalar - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return scalar - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return scalar - UInt8(ascii: "A") + 10
    default: return 0
    }
  }
}

/// Reading the database addresses people give.
public enum PostgresURL {
  /// Whether `location` names a PostgreSQL database (`postgres://` or `postgresql://`) rather
  /// than a SQLite file.
  public static func isPostgres(_ location: String) -> Bool {
    let lower = location.lowercased()
    return lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://")
  }

  /// The address with any password replaced by "***", for messages and logs.
  public static func redacted(_ url: String) -> String {
    guard isPostgres(url), let schemeEnd = url.range(of: "://") else {
      // libpq's key=value form: hide a password=… pair.
      return url.replacingOccurrences(
        of: #"password\s*=\s*('[^']*'|\S+)"#, with: "password=***", options: .regularExpression)
    }
    let rest = url[schemeEnd.upperBound...]
    let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
    let authority = rest[..<authorityEnd]
    guard let at = authority.lastIndex(of: "@") else {
      return url.replacingOccurrences(
        of: #"([?&]password=)[^&]*"#, with: "$1***", options: .regularExpression)
    }
    let userInfo = authority[..<at]
    let user = userInfo.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
    let shownUser = userInfo.contains(":") ? user + ":***" : user
    let redacted =
      url[..<schemeEnd.upperBound] + shownUser + authority[at...] + rest[authorityEnd...]
    return String(redacted).replacingOccurrences(
      of: #"([?&]password=)[^&]*"#, with: "$1***", options: .regularExpression)
  }
}
