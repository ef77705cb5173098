import Foundation
import Testing

@testable import LarderCore

/// With K ≥ 1 the walk only counts, and ``FinderIndex/classify`` then marks a block's slots
/// eight at a time in the bytes of a word. It must mark exactly what the walk's notes would:
/// checked here against the rule written out slot by slot, on blocks of every alignment, with
/// needs from 128 up (which read as inexact) and filters on the counted slots.
@Suite struct FinderClassifyTests {
  struct Marks: Equatable {
    var qualified: [UInt64]
    var complete: [UInt64]
    var unsure: [UInt64]
    var found: Int
  }

  static func expected(
    _ range: Range<Int>, counters: [UInt8], needs: [UInt8], exactUpTo: Int, maxMissing: Int,
    threshold: Int, filterBits: [UInt32], requiredBits: UInt32
  ) -> Marks {
    let words = (counters.count + 63) / 64
    var marks = Marks(
      qualified: Array(repeating: 0, count: words), complete: Array(repeating: 0, count: words),
      unsure: Array(repeating: 0, count: words), found: 0)
    for slot in range {
      let count = Int(counters[slot])
      let need = Int(needs[slot])
      let bit: UInt64 = 1 << UInt64(slot & 63)
      guard count > 0 else { continue }
      if need <= exactUpTo {
        guard need - count <= maxMissing else { continue }
        marks.qualified[slot >> 6] |= bit
        if count == need { marks.complete[slot >> 6] |= bit }
        if need > maxMissing, filterBits[slot] & requiredBits == requiredBits { marks.found += 1 }
      } else if count >= threshold {
        marks.unsure[slot >> 6] |= bit
      }
    }
    return marks
  }

  @Test(arguments: [1, 2, 3, 4] as [Int])
  func marksWhatTheNotesWouldMark(maxMissing: Int) {
    var random = FinderClassifyRandom(seed: UInt64(maxMissing))
    let threshold = FinderIndex.matchThreshold(forMaxMissing: maxMissing)
    let exactUpTo = maxMissing + threshold
    let slots = 5000
    var counters = [UInt8](repeating: 0, count: slots)
    var needs = [UInt8](repeating: 0, count: slots)
    var filterBits = [UInt32](repeating: 0, count: slots)
    for slot in 0..<slots {
      // Needs of every size, a few from 128 up; counts never above the need (one match per
      // position) nor, for larger recipes, above the positions counted.
      let need = random.next() % 10 == 0 ? Int(random.next() % 256) : Int(random.next() % 12)
      needs[slot] = UInt8(need)
      let most = min(need, exactUpTo)
      if random.next() % 3 != 0, most > 0 {
        counters[slot] = UInt8(random.next() % UInt64(most + 1))
      }
      filterBits[slot] = UInt32(random.next() % 4)
    }
    let ranges = [0..<slots, 0..<4096, 64..<1024, 3..<2000, 77..<4999, 4990..<5000, 100..<100]
    for range in ranges {
      for requiredBits in [0, 2] as [UInt32] {
        let words = (slots + 63) / 64
        var qualified = [UInt64](repeating: 0, count: words)
        var complete = [UInt64](repeating: 0, count: words)
        var unsure = [UInt64](repeating: 0, count: words)
        let found = FinderIndex.classify(
          range, counters: counters, needs: needs, exactUpTo: exactUpTo,
          maxMissing: maxMissing, threshold: threshold, qualified: &qualified,
          complete: &complete, unsure: &unsure, filterBits: filterBits,
          requiredBits: requiredBits)
        let marks = Marks(qualified: qualified, complete: complete, unsure: unsure, found: found)
        let wanted = Self.expected(
          range, counters: counters, needs: needs, exactUpTo: exactUpTo, maxMissing: maxMissing,
          threshold: threshold, filterBits: filterBits, requiredBits: requiredBits)
        #expect(marks == wanted, "K \(maxMissing), slots \(range), bits \(requiredBits)")
        if range.count >= 1000 {
          #expect(wanted.found > 0 && wanted.unsure.contains { $0 != 0 })
        }
      }
    }
  }
}

/// A small deterministic generator (SplitMix64), so that a failure can be replayed.
struct FinderClassifyRandom: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
