import Foundation

/// One fuzz target: a name, what it feeds, and a body that takes any bytes.
///
/// The same bodies run under libFuzzer (the `fuzz/` package's `larder-fuzz`, one target per
/// run) and in `swift test` (`LarderFuzzTests` replays `fuzz/corpus/<name>/` through them), so
/// an input that once failed keeps being checked by the ordinary suite.
///
/// A body returns normally for any input the code under test handles: a result or one of the
/// module's own errors. It throws ``FuzzFailure`` when a cheap invariant does not hold (a
/// round trip that changes the recipe, a span outside its line, an error of a foreign type);
/// a crash or a trap in the code under test is a crash of the body.
public struct FuzzTarget: Sendable {
  /// The target's name: the `fuzz/corpus/` folder and `make fuzz`'s `TARGETS` entry.
  public let name: String
  /// What the target feeds, for `larder-fuzz`'s list.
  public let summary: String
  /// The longest input worth trying, passed to libFuzzer as `-max_len`.
  public let maximumLength: Int
  private let body: @Sendable (Data) throws -> Void

  /// Makes a target.
  public init(
    name: String, summary: String, maximumLength: Int = 8192,
    body: @escaping @Sendable (Data) throws -> Void
  ) {
    self.name = name
    self.summary = summary
    self.maximumLength = maximumLength
    self.body = body
  }

  /// Runs the body on one input.
  ///
  /// - Throws: ``FuzzFailure`` when an invariant does not hold.
  public func run(_ data: Data) throws {
    try body(data)
  }

  /// Every target, in the order `make fuzz` runs them.
  public static let all: [FuzzTarget] =
    [ingredient, duration, cooklang, pasted, html] + readerTargets + [csvTable, zip, gzip, bulk]

  /// The target called `name`, or nil.
  public static func named(_ name: String) -> FuzzTarget? {
    all.first { $0.name == name }
  }
}

/// An invariant that did not hold for an input.
public struct FuzzFailure: Error, CustomStringConvertible {
  /// What did not hold, with the values involved.
  public var message: String

  /// Makes a failure.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}

/// Throws a ``FuzzFailure`` with `message` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
  if !condition { throw FuzzFailure(message()) }
}

/// The input as text the way the readers get it: lossy UTF-8, so every input reaches them.
func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }
