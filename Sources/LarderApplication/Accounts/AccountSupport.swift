import Foundation
import LarderCore

/// What a Larder needs to have accounts: where they are kept, and its rules for passwords,
/// sessions and sign-in attempts.
public struct AccountSupport: Sendable {
  /// Where accounts, sessions, tokens, invitations and share links are kept.
  public let store: any AccountStore
  /// How hard password hashes are to compute.
  public var hashing: PasswordHashing
  /// How long a session lasts unused (30 days by default).
  public var sessionIdleLifetime: TimeInterval
  /// How long a session lasts however much it is used (90 days by default).
  public var sessionLifetime: TimeInterval
  /// How failed sign-ins slow the next attempts.
  let throttle: SignInThrottle
  /// A hash checked when a login name matches no account, so a wrong name takes as long as
  /// a wrong password and the timing does not tell which names exist; made on first need.
  let decoy: DecoyHash

  /// Makes account support over a store.
  public init(
    store: any AccountStore, hashing: PasswordHashing = .interactive,
    sessionIdleLifetime: TimeInterval = 30 * 86_400, sessionLifetime: TimeInterval = 90 * 86_400,
    throttle: SignInThrottlePolicy = SignInThrottlePolicy()
  ) {
    self.store = store
    self.hashing = hashing
    self.sessionIdleLifetime = sessionIdleLifetime
    self.sessionLifetime = sessionLifetime
    self.throttle = SignInThrottle(policy: throttle)
    self.decoy = DecoyHash(hashing: hashing)
  }
}

/// A password hash of nothing anyone knows, made once when first needed.
final class DecoyHash: @unchecked Sendable {
  private let hashing: PasswordHashing
  private let lock = NSLock()
  private var made: String?

  init(hashing: PasswordHashing) {
    self.hashing = hashing
  }

  /// The hash.
  var value: String {
    lock.lock()
    defer { lock.unlock() }
    if let made { return made }
    let hash = (try? hashing.hash(Secrets.randomToken())) ?? ""
    made = hash
    return hash
  }
}

/// How failed sign-ins slow down guessing: after `freeFailures` failures for one login name or
/// from one client address within `window`, each further attempt waits twice as long as the
/// one before (1 s, 2 s, 4 s, …) up to `longestWait`.
public struct SignInThrottlePolicy: Sendable, Equatable {
  /// Failures allowed before any wait.
  public var freeFailures: Int
  /// How long a failure is remembered.
  public var window: TimeInterval
  /// The longest wait.
  public var longestWait: TimeInterval

  /// Five failures, forgotten after 15 minutes, waits of at most 15 minutes.
  public init(freeFailures: Int = 5, window: TimeInterval = 900, longestWait: TimeInterval = 900) {
    self.freeFailures = freeFailures
    self.window = window
    self.longestWait = longestWait
  }
}

/// Failed sign-ins by login name and by client address, in memory.
final class SignInThrottle: @unchecked Sendable {
  private struct Failures {
    var count: Int
    var last: Date
  }

  private let policy: SignInThrottlePolicy
  private let lock = NSLock()
  private var failures: [String: Failures] = [:]

  init(policy: SignInThrottlePolicy) {
    self.policy = policy
  }

  /// The seconds to wait before `keys` may try again at `now`; 0 when they may now.
  func wait(for keys: [String], now: Date) -> Int {
    lock.lock()
    defer { lock.unlock() }
    var longest: TimeInterval = 0
    for key in keys {
      guard let entry = failures[key] else { continue }
      if now.timeIntervalSince(entry.last) > policy.window {
        failures[key] = nil
        continue
      }
      let over = entry.count - policy.freeFailures
      guard over >= 0 else { continue }
      let wait = min(policy.longestWait, pow(2, Double(over)))
      longest = max(longest, entry.last.addingTimeInterval(wait).timeIntervalSince(now))
    }
    return longest > 0 ? Int(longest.rounded(.up)) : 0
  }

  /// Records a failure for each key.
  func fail(_ keys: [String], now: Date) {
    lock.lock()
    defer { lock.unlock() }
    if failures.count > 100_000 {
      failures = failures.filter { now.timeIntervalSince($0.value.last) <= policy.window }
    }
    for key in keys {
      var entry = failures[key] ?? Failures(count: 0, last: now)
      if now.timeIntervalSince(entry.last) > policy.window { entry.count = 0 }
      entry.count += 1
      entry.last = now
      failures[key] = entry
    }
  }

  /// Forgets the failures of a login name after it signed in.
  func succeed(_ key: String) {
    lock.lock()
    defer { lock.unlock() }
    failures[key] = nil
  }
}
