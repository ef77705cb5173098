import Foundation

/// The answer a change sent with an idempotency key got, kept so the same change sent again
/// gets it again instead of being made twice.
public struct StoredAnswer: Sendable, Equatable {
  /// The HTTP status.
  public var status: Int
  /// The headers.
  public var headers: [String: String]
  /// The body.
  public var body: Data

  /// Makes an answer.
  public init(status: Int, headers: [String: String], body: Data) {
    self.status = status
    self.headers = headers
    self.body = body
  }
}

/// Answers to changes kept where every process serving the database finds them (PostgreSQL),
/// so a change a phone sends again reaches whichever process and is still made once.
public protocol ReplayedAnswerStore: Sendable {
  /// The answer kept under `key` at or after `notBefore`, or nil.
  func replayedAnswer(key: String, notBefore: Date) throws -> StoredAnswer?

  /// Keeps `answer` under `key` (replacing any), and forgets answers kept before
  /// `forgetBefore`.
  func keepAnswer(_ answer: StoredAnswer, key: String, at: Date, forgetBefore: Date) throws
}
