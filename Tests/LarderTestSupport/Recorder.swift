import Foundation

/// Values appended from several threads (log lines, callbacks), read back for assertions.
///
/// `@unchecked Sendable`: `values` is only touched while holding `lock`.
public final class Recorder<Element>: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Element] = []

  /// Makes an empty recorder.
  public init() {}

  /// Appends a value.
  public func append(_ value: Element) {
    lock.lock()
    values.append(value)
    lock.unlock()
  }

  /// Everything appended so far, in order.
  public var all: [Element] {
    lock.lock()
    defer { lock.unlock() }
    return values
  }
}
