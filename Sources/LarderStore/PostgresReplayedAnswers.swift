import Foundation
import LarderCore

/// Answers to changes sent with an idempotency key, in the database every process shares.
extension PostgresRecipeStore: ReplayedAnswerStore {
  /// The answer kept under `key` at or after `notBefore`, or nil.
  public func replayedAnswer(key: String, notBefore: Date) throws -> StoredAnswer? {
    let operation = "reading an answer to replay"
    return try database.read(operation) { connection in
      try connection.query(
        "SELECT status, headers, body FROM replayed_answers WHERE key = $1 AND kept_at >= $2",
        [.text(key), .real(notBefore.timeIntervalSince1970)], operation: operation
      ) { row in
        let headers =
          (try? JSONDecoder().decode(
            [String: String].self, from: Data((row.string(1) ?? "{}").utf8))) ?? [:]
        return StoredAnswer(status: Int(row.int(0)), headers: headers, body: row.data(2))
      }.first
    }
  }

  /// Keeps `answer` under `key`, and forgets answers kept before `forgetBefore`.
  public func keepAnswer(
    _ answer: StoredAnswer, key: String, at: Date, forgetBefore: Date
  ) throws {
    let operation = "keeping an answer to replay"
    let headers = String(decoding: try JSONEncoder().encode(answer.headers), as: UTF8.self)
    _ = try database.write(operation) { connection in
      try connection.run(
        "DELETE FROM replayed_answers WHERE kept_at < $1",
        [.real(forgetBefore.timeIntervalSince1970)], operation: operation)
      try connection.run(
        """
        INSERT INTO replayed_answers (key, kept_at, status, headers, body)
        VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT (key) DO UPDATE SET kept_at = excluded.kept_at, status = excluded.status,
          headers = excluded.headers, body = excluded.body
        """,
        [
          .text(key), .real(at.timeIntervalSince1970), .integer(Int64(answer.status)),
          .text(headers), .bytes(answer.body),
        ], operation: operation)
    }
  }
}
