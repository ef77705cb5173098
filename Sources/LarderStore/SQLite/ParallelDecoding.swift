import Dispatch
import Foundation

/// Decoding many stored documents on every core.
enum ParallelDecoding {
  /// `transform` applied to each element, in order, spread over the machine's cores in
  /// chunks; the first error (in element order) is thrown.
  static func map<Element: Sendable, Result: Sendable>(
    _ elements: [Element], _ transform: @Sendable (Element) throws -> Result
  ) throws -> [Result] {
    let count = elements.count
    let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
    guard count >= 1_000, cores > 1 else { return try elements.map(transform) }
    let chunks = cores * 4
    let chunkSize = (count + chunks - 1) / chunks
    let slots = Slots<Swift.Result<Result, any Error>>(count: count)
    defer { slots.release() }
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      let start = chunk * chunkSize
      guard start < count else { return }
      for index in start..<min(start + chunkSize, count) {
        slots.set(index, Swift.Result { try transform(elements[index]) })
      }
    }
    return try (0..<count).map { try slots.get($0).get() }
  }

  /// Memory each iteration writes its own elements of, read after all are done.
  private final class Slots<Value>: @unchecked Sendable {
    // @unchecked Sendable: every index is written by exactly one iteration of
    // concurrentPerform and read only after it returns, so no two threads touch an element
    // at once; the buffer itself never changes until `release`.
    private let buffer: UnsafeMutablePointer<Value?>
    private let count: Int

    init(count: Int) {
      self.count = count
      buffer = UnsafeMutablePointer<Value?>.allocate(capacity: count)
      buffer.initialize(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Value) { buffer[index] = value }

    func get(_ index: Int) -> Value {
      guard let value = buffer[index] else { preconditionFailure("slot \(index) not written") }
      return value
    }

    func release() {
      buffer.deinitialize(count: count)
      buffer.deallocate()
    }
  }
}
