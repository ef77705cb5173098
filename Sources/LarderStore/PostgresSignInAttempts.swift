import Foundation
import LarderCore

/// Failed sign-ins in the database, so every Larder process on it slows guessing alike.
extension PostgresAccountStore: SignInAttemptStore {
  /// Starts an attempt for `keys`; see ``SignInAttemptStore/beginSignInAttempt(_:now:rule:)``.
  public func beginSignInAttempt(_ keys: [String], now: Date, rule: SignInWaitRule) throws -> Int {
    let operation = "counting a sign-in attempt"
    return try database.write(operation) { connection in
      // Failures older than the window are forgotten, here as in memory.
      try connection.run(
        "DELETE FROM sign_in_failures WHERE last_at < $1",
        [.real(now.timeIntervalSince1970 - rule.window)], operation: operation)
      let found = try connection.query(
        "SELECT key, failures, last_at FROM sign_in_failures WHERE key = ANY($1::text[])",
        [.text(PostgresArray.literal(keys))], operation: operation
      ) { row in
        (
          key: row.string(0) ?? "", count: Int(row.int(1)),
          last: Date(timeIntervalSince1970: row.double(2))
        )
      }
      let longest = found.map { rule.wait(count: $0.count, last: $0.last, now: now) }.max() ?? 0
      if longest > 0 { return Int(longest.rounded(.up)) }
      let counts = Dictionary(found.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
      for key in Set(keys) {
        let count =
          counts[key].map { rule.countAfterFailure(count: $0.count, last: $0.last, now: now) } ?? 1
        try connection.run(
          """
          INSERT INTO sign_in_failures (key, failures, last_at) VALUES ($1, $2, $3)
          ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, last_at = excluded.last_at
          """, [.text(key), .integer(Int64(count)), .real(now.timeIntervalSince1970)],
          operation: operation)
      }
      return 0
    }
  }

  /// Takes back a successful attempt; see ``SignInAttemptStore/takeBackSignInAttempt(_:)``.
  public func takeBackSignInAttempt(_ keys: [String]) throws {
    let operation = "taking back a sign-in attempt"
    _ = try database.write(operation) { connection in
      for key in keys {
        if key.hasPrefix("login:") {
          try connection.run(
            "DELETE FROM sign_in_failures WHERE key = $1", [.text(key)], operation: operation)
        } else {
          try connection.run(
            "UPDATE sign_in_failures SET failures = failures - 1 WHERE key = $1", [.text(key)],
            operation: operation)
          try connection.run(
            "DELETE FROM sign_in_failures WHERE key = $1 AND failures <= 0", [.text(key)],
            operation: operation)
        }
      }
    }
  }
}
