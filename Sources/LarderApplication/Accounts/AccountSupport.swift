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
  /// The code the first account's setup asks for, new each time the Larder opens: `larder
  /// serve` prints it, so only someone who can see the server's output (on its machine) can
  /// make the owner's account, even when a proxy makes every request look local.
  public let setupCode: String
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
    // A store that keeps failed sign-ins (PostgreSQL, which several processes share) counts
    // them there; otherwise this process counts them in memory.
    self.throttle = SignInThrottle(policy: throttle, shared: store as? any SignInAttemptStore)
    self.setupCode = Secrets.randomToken(bytes: 9)
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

  /// Five failures, remembered for a day, waits of at most 15 minutes: past the free ones,
  /// at most one guess a quarter of an hour.
  public init(
    freeFailures: Int = 5, window: TimeInterval = 86_400, longestWait: TimeInterval = 900
  ) {
    self.freeFailures = freeFailures
    self.window = window
    self.longestWait = longestWait
  }
}

extension SignInThrottlePolicy {
  /// The rule a store applies.
  var rule: SignInWaitRule {
    SignInWaitRule(freeFailures: freeFailures, window: window, longestWait: longestWait)
  }
}

/// Failed sign-ins by login name and by client address, in the store that keeps them for every
/// process, or else in memory.
final class SignInThrottle: @unchecked Sendable {
  private struct Failures {
    var count: Int
    var last: Date
  }

  private let policy: SignInThrottlePolicy
  private let lock = NSLock()
  private var failures: [String: Failures] = [:]
  private let shared: (any SignInAttemptStore)?

  init(policy: SignInThrottlePolicy, shared: (any SignInAttemptStore)? = nil) {
    self.policy = policy
    self.shared = shared
  }

  /// The key of a login name.
  static func nameKey(_ login: String) -> String {
    "login:" + login.trimmingCharacters(in: .whitespaces).lowercased()
  }

  /// The key of a client address.
  static func clientKey(_ address: String) -> String { "client:" + address }

  /// Starts an attempt for `keys` at `now`: the seconds still to wait (and nothing counted) when
  /// they must wait, else 0, with the attempt counted as a failure at once, under the lock, so
  /// attempts sent in parallel cannot all slip through before any failure is recorded. A
  /// successful attempt takes its count back with ``succeed(_:)``.
  func begin(_ keys: [String], now: Date) throws -> Int {
    if let shared {
      return try ApplicationError.translating {
        try shared.beginSignInAttempt(keys, now: now, rule: policy.rule)
      }
    }
    let rule = policy.rule
    lock.lock()
    defer { lock.unlock() }
    var longest: TimeInterval = 0
    for key in keys {
      guard let entry = failures[key] else { continue }
      if now.timeIntervalSince(entry.last) > policy.window {
        failures[key] = nil
        continue
      }
      longest = max(longest, rule.wait(count: entry.count, last: entry.last, now: now))
    }
    if longest > 0 { return Int(longest.rounded(.up)) }
    if failures.count > 100_000 {
      failures = failures.filter { now.timeIntervalSince($0.value.last) <= policy.window }
    }
    for key in keys {
      let entry = failures[key] ?? Failures(count: 0, last: now)
      failures[key] = Failures(
        count: rule.countAfterFailure(count: entry.count, last: entry.last, now: now), last: now)
    }
    return 0
  }

  /// Takes back a successful attempt begun with ``begin(_:now:)``: a login name's failures are
  /// forgotten; another key (a client address, shared by a household behind one router)
  /// loses only this attempt's count.
  func succeed(_ keys: [String]) throws {
    if let shared {
      try ApplicationError.translating { try shared.takeBackSignInAttempt(keys) }
      return
    }
    lock.lock()
    defer { lock.unlock() }
    for key in keys {
      if key.hasPrefix("login:") {
        failures[key] = nil
      } else if var entry = failures[key] {
        entry.count -= 1
        failures[key] = entry.count > 0 ? entry : nil
      }
    }
  }
}
