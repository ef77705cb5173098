import Foundation

/// A value guarded by a lock, for the little state that C callbacks and callers share.
///
/// `@unchecked Sendable` is safe because `value` is only reached inside `withLock`, which holds
/// `lock` for the whole access.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

/// Counts requests between their first byte and their completion, so that a graceful stop can
/// wait for the count to fall to zero.
///
/// `@unchecked Sendable` is safe because `count` is only touched while `condition` is locked.
final class InFlightCounter: @unchecked Sendable {
  private let condition = NSCondition()
  private var count = 0

  var current: Int {
    condition.lock()
    defer { condition.unlock() }
    return count
  }

  func increment() {
    condition.lock()
    count += 1
    condition.unlock()
  }

  func decrement() {
    condition.lock()
    count -= 1
    if count <= 0 { condition.broadcast() }
    condition.unlock()
  }

  /// Waits until the count is zero or `deadline` passes; returns whether it reached zero.
  func waitUntilZero(before deadline: Date) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while count > 0 {
      if !condition.wait(until: deadline) { return count <= 0 }
    }
    return true
  }
}
