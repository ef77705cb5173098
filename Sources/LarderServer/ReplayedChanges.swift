import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// Answers a change sent again with the answer it got the first time, so a change a phone kept
/// offline and sends when it can reach Larder is made once, however often it is sent.
///
/// A browser sends a change made offline with an `Idempotency-Key` header (the id the page gave
/// the change when it kept it). A page can be closed, or lose the network, after Larder made the
/// change but before the page heard the answer; the page then sends the change again, with the
/// same key, and gets the first answer instead of, say, a second "1 loaf bread" on the list.
///
/// Keys are kept per caller (household and user), method and path, in memory, for a day and up
/// to ``capacity`` of them; an answer of 500 or more is not kept, so the change can be tried
/// again. Requests without the header are untouched. Two sends of one key at the very same
/// moment may both be made; Larder's pages send their kept changes one at a time, from one tab
/// at a time (app.js's outbox), so that does not arise from them. The cross-site checks run
/// before this, so a key is no way past them.
final class ReplayedChanges: @unchecked Sendable {
  // @unchecked Sendable: `answers` is read and written only while holding `lock`.
  static let headerName = "idempotency-key"
  /// How long an answer is kept.
  static let lifetime: TimeInterval = 24 * 60 * 60
  /// The most answers kept; the oldest go first.
  let capacity: Int

  private struct Kept {
    let at: Date
    let response: HTTPResponse
  }

  private let lock = NSLock()
  private var answers: [String: Kept] = [:]
  /// Where every process serving the database keeps answers (PostgreSQL), or nil for memory.
  private let shared: (any ReplayedAnswerStore)?
  private let log: @Sendable (String) -> Void

  init(
    capacity: Int = 2000, shared: (any ReplayedAnswerStore)? = nil,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.capacity = capacity
    self.shared = shared
    self.log = log
  }

  /// The key a request's change is kept under, or nil when it carries no usable key (none, or
  /// more than 200 characters).
  static func key(for request: HTTPRequest, caller: Caller) -> String? {
    guard let key = request.headers[headerName]?.trimmingCharacters(in: .whitespaces),
      !key.isEmpty, key.count <= 200
    else { return nil }
    return
      "\(caller.household.rawValue)|\(caller.user?.rawValue ?? "-")|\(request.method) \(request.path)|\(key)"
  }

  /// The answer kept for `key`, or the answer `make` gives, kept for next time.
  func answer(for key: String, now: Date, _ make: () -> HTTPResponse) -> HTTPResponse {
    if let shared { return answer(for: key, now: now, in: shared, make) }
    if let kept = lock.withLock({ answers[key] }), now.timeIntervalSince(kept.at) < Self.lifetime {
      var replayed = kept.response
      replayed.headers["Idempotent-Replayed"] = "true"
      return replayed
    }
    let response = make()
    guard response.status < 500, response.deferred == nil else { return response }
    lock.withLock {
      answers[key] = Kept(at: now, response: response)
      if answers.count > capacity {
        let stale = answers.filter { now.timeIntervalSince($0.value.at) >= Self.lifetime }.keys
        for key in stale { answers[key] = nil }
        while answers.count > capacity, let oldest = answers.min(by: { $0.value.at < $1.value.at })
        {
          answers[oldest.key] = nil
        }
      }
    }
    return response
  }

  /// ``answer(for:now:_:)`` with the answers in the database. A failure to read or keep one
  /// is logged, and the change is made (or its answer not kept) as without a key.
  private func answer(
    for key: String, now: Date, in store: any ReplayedAnswerStore, _ make: () -> HTTPResponse
  ) -> HTTPResponse {
    do {
      if let kept = try store.replayedAnswer(
        key: key, notBefore: now.addingTimeInterval(-Self.lifetime))
      {
        var replayed = HTTPResponse(status: kept.status, headers: kept.headers, body: kept.body)
        replayed.headers["Idempotent-Replayed"] = "true"
        return replayed
      }
    } catch {
      log("error: reading the answer kept for a change sent again: \(error)")
    }
    let response = make()
    guard response.status < 500, response.deferred == nil else { return response }
    do {
      try store.keepAnswer(
        StoredAnswer(status: response.status, headers: response.headers, body: response.body),
        key: key, at: now, forgetBefore: now.addingTimeInterval(-Self.lifetime))
    } catch {
      log("error: keeping the answer to a change sent with a key: \(error)")
    }
    return response
  }
}
