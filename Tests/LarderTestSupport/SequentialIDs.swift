import Foundation
import LarderCore

/// Sequential planning ids ("id-0001", "id-0002", ...), so tests' answers are predictable.
///
/// `@unchecked Sendable`: `value` is only touched while holding `lock`.
public final class SequentialIDs: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  /// Starts at "id-0001".
  public init() {}

  /// The next id.
  public func next() -> PlanningID {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return PlanningID(rawValue: String(format: "id-%04d", value))
  }
}
