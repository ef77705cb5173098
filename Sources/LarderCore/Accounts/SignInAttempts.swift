import Foundation

/// How failed sign-ins slow the next attempts: after `freeFailures` failures for one key (a
/// login name, a client address) within `window`, each further attempt waits twice as long as
/// the one before (1 s, 2 s, 4 s, …) up to `longestWait`.
public struct SignInWaitRule: Sendable, Equatable {
  /// Failures allowed before any wait.
  public var freeFailures: Int
  /// How long a failure is remembered.
  public var window: TimeInterval
  /// The longest wait.
  public var longestWait: TimeInterval

  /// Makes a rule.
  public init(freeFailures: Int, window: TimeInterval, longestWait: TimeInterval) {
    self.freeFailures = freeFailures
    self.window = window
    self.longestWait = longestWait
  }

  /// The seconds an attempt at `now` must still wait after `count` failures, the last at
  /// `last` (0 when it need not wait, or the failures are forgotten).
  public func wait(count: Int, last: Date, now: Date) -> TimeInterval {
    guard now.timeIntervalSince(last) <= window else { return 0 }
    let over = count - freeFailures
    guard over >= 0 else { return 0 }
    let wait = min(longestWait, pow(2, Double(over)))
    return max(0, last.addingTimeInterval(wait).timeIntervalSince(now))
  }

  /// The count after one more failure at `now`, when the last was at `last`: a count older
  /// than the window starts again.
  public func countAfterFailure(count: Int, last: Date, now: Date) -> Int {
    now.timeIntervalSince(last) > window ? 1 : count + 1
  }
}

/// Failed sign-ins kept where every process serving the database sees them (PostgreSQL), so
/// guessing is slowed the same whichever process a request reaches.
public protocol SignInAttemptStore: Sendable {
  /// Starts an attempt for `keys` at `now`, in one transaction: the whole seconds still to wait
  /// (and nothing counted) when one of them must wait, else 0, with the attempt counted as a
  /// failure at once, so attempts sent in parallel cannot all slip through.
  func beginSignInAttempt(_ keys: [String], now: Date, rule: SignInWaitRule) throws -> Int

  /// Takes back a successful attempt: a login name's failures (keys starting "login:") are
  /// forgotten; another key loses only this attempt's count.
  func takeBackSignInAttempt(_ keys: [String]) throws
}
