import Foundation

/// A PostgreSQL database shared by many threads of one process, and by other Larder processes:
/// a pool of connections, each lent to one thread at a time.
///
/// Writes are serialised across every process on the database by a transaction-level advisory
/// lock, as SQLite serialises its writers: each write reads what it needs and writes it back
/// in one transaction, and none can interleave with another's, so counts, imports' matching
/// and upserts behave as they do on SQLite. Reads run in parallel, each in a repeatable-read
/// read-only transaction, so the queries of one read see one snapshot.
///
/// `@unchecked Sendable`: a connection is reached only after being taken out of `idle` under
/// `condition`, so no connection is used by two threads at once.
final class PostgresDatabase: @unchecked Sendable {
  /// The database's address as given (it may hold a password: never shown).
  let url: String
  /// The schema the tables live in (tests give each store its own); nil for the user's default.
  let schema: String?
  private let condition = NSCondition()
  private var idle: [PostgresConnection] = []
  private var opened = 0
  private let maximumConnections: Int
  /// This process's mark on its connections (`larder.origin`), which the change
  /// notifications carry, so it skips its own.
  let origin = UUID().uuidString.lowercased()

  /// The advisory lock key every write takes ("LARDER" in ASCII, as a number).
  static let writeLockKey: Int64 = 0x4C_41_52_44_45_52

  /// Connects once, so a wrong address or password fails now with a clear message.
  init(url: String, schema: String? = nil, maximumConnections: Int = 8) throws {
    self.url = url
    self.schema = schema
    self.maximumConnections = max(1, maximumConnections)
    let first = try PostgresConnection(url: url, schema: schema, origin: origin)
    opened = 1
    idle = [first]
  }

  /// The address without its password, for messages.
  var location: String { PostgresURL.redacted(url) }

  /// Runs `body` inside a transaction holding the write lock, committing when it returns and
  /// rolling back when it throws.
  func write<T>(_ operation: String, _ body: (PostgresConnection) throws -> T) throws -> T {
    try withConnection(operation) { connection in
      try connection.execute("BEGIN", operation: operation)
      do {
        try connection.run(
          "SELECT pg_advisory_xact_lock($1)", [.integer(Self.writeLockKey)],
          operation: operation)
        let result = try body(connection)
        try connection.execute("COMMIT", operation: operation)
        return result
      } catch {
        if connection.isInTransaction {
          try? connection.execute("ROLLBACK", operation: "rolling back after failed \(operation)")
        }
        throw error
      }
    }
  }

  /// Runs `body` inside a read-only transaction that sees one snapshot.
  func read<T>(_ operation: String, _ body: (PostgresConnection) throws -> T) throws -> T {
    try withConnection(operation) { connection in
      try connection.execute(
        "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", operation: operation)
      defer {
        if connection.isInTransaction { try? connection.execute("COMMIT", operation: operation) }
      }
      return try body(connection)
    }
  }

  /// Runs `body` while this process holds the advisory lock named after `job` (on a
  /// connection kept for the purpose), or returns false at once when another holds it.
  func runExclusively(_ job: String, _ body: () throws -> Void) throws -> Bool {
    let operation = "running \(job)"
    // The job's name as a lock key: FNV-1a of its bytes, kept apart from the write lock's.
    var key: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in ("larder job " + job).utf8 {
      key = (key ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let lockKey = Int64(bitPattern: key)
    return try withConnection(operation) { connection in
      let taken =
        try connection.query(
          "SELECT pg_try_advisory_lock($1)", [.integer(lockKey)], operation: operation
        ) { $0.bool(0) }.first ?? false
      guard taken else { return false }
      defer {
        _ = try? connection.run(
          "SELECT pg_advisory_unlock($1)", [.integer(lockKey)], operation: operation)
      }
      try body()
      return true
    }
  }

  /// Lends a connection to `body` outside any transaction (for statements that manage their
  /// own, such as migrations' locks).
  func withConnection<T>(
    _ operation: String, _ body: (PostgresConnection) throws -> T
  ) throws -> T {
    let connection = try take()
    defer { give(back: connection) }
    return try body(connection)
  }

  private func take() throws -> PostgresConnection {
    condition.lock()
    while idle.isEmpty && opened >= maximumConnections { condition.wait() }
    if let connection = idle.popLast() {
      condition.unlock()
      return connection
    }
    opened += 1
    condition.unlock()
    // Connecting takes a round trip or more: outside the lock.
    do {
      return try PostgresConnection(url: url, schema: schema, origin: origin)
    } catch {
      condition.lock()
      opened -= 1
      condition.signal()
      condition.unlock()
      throw error
    }
  }

  private func give(back connection: PostgresConnection) {
    condition.lock()
    // A connection that lost its server, or was left inside a transaction, is closed; the
    // next caller opens a fresh one.
    if connection.isHealthy && !connection.isInTransaction {
      idle.append(connection)
    } else {
      opened -= 1
    }
    condition.signal()
    condition.unlock()
  }
}
