import Foundation

/// A clock tests move by hand: sessions expire, invitations run out, throttles wait.
///
/// `@unchecked Sendable`: `date` is only touched while holding `lock`.
public final class TestClock: @unchecked Sendable {
  private let lock = NSLock()
  private var date: Date

  /// A clock showing `start`.
  public init(_ start: Date = Fixtures.now) {
    date = start
  }

  /// The time it shows; set it to move the clock to a given time.
  public var now: Date {
    get { lock.withLock { date } }
    set { lock.withLock { date = newValue } }
  }

  /// Moves it on.
  public func advance(by seconds: TimeInterval) {
    lock.lock()
    date = date.addingTimeInterval(seconds)
    lock.unlock()
  }
}
