import Foundation
import Testing

@testable import LarderStore

/// Decoding on every core keeps the order and reports the first failure.
@Suite struct ParallelDecodingTests {
  struct Bad: Error, Equatable { let index: Int }

  @Test(arguments: [0, 1, 999, 1_000, 4_321])
  func theResultIsTheSameAsAMapInOrder(count: Int) throws {
    let numbers = Array(0..<count)
    #expect(try ParallelDecoding.map(numbers) { String($0 * 3) } == numbers.map { String($0 * 3) })
  }

  @Test func theFirstFailureInElementOrderIsThrown() {
    let numbers = Array(0..<5_000)
    #expect(throws: Bad(index: 1_234)) {
      _ = try ParallelDecoding.map(numbers) { number -> Int in
        if number == 1_234 || number == 4_000 { throw Bad(index: number) }
        return number
      }
    }
  }
}
