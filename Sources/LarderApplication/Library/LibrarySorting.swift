import Foundation
import LarderCore

/// Orders entries in memory the way the store does for the same ``RecipeSort``; by rating, with
/// the ratings the caller sees.
enum LibrarySorting {
  /// Whether the entry at one position comes before the one at another in this order.
  static func precedes(
    _ sort: RecipeSort, _ entries: [LibraryEntry], marks: CallerMarks = .recipesOwn
  ) -> (Int, Int) -> Bool {
    // Reads only the fields compared, not whole entries: copying an entry retains each of
    // its strings and lists, which was most of sorting a large library by name.
    func byName(_ lhs: Int, _ rhs: Int) -> Bool {
      let left = entries[lhs].nameKey
      let right = entries[rhs].nameKey
      return left != right
        ? left < right : entries[lhs].summary.id.rawValue < entries[rhs].summary.id.rawValue
    }
    switch sort {
    case .relevance, .name:
      return byName
    case .newest:
      return {
        let left = entries[$0].summary
        let right = entries[$1].summary
        return left.createdAt != right.createdAt
          ? left.createdAt > right.createdAt : left.id.rawValue > right.id.rawValue
      }
    case .updated:
      return {
        let left = entries[$0].summary
        let right = entries[$1].summary
        return left.updatedAt != right.updatedAt
          ? left.updatedAt > right.updatedAt : left.id.rawValue > right.id.rawValue
      }
    case .rating:
      return {
        let left = marks.rating(entries[$0].summary) ?? 0
        let right = marks.rating(entries[$1].summary) ?? 0
        return left != right ? left > right : byName($0, $1)
      }
    case .time:
      return {
        let left = entries[$0].minutes ?? Int.max
        let right = entries[$1].minutes ?? Int.max
        return left != right ? left < right : byName($0, $1)
      }
    }
  }

  static func sorted(
    _ positions: [Int], _ entries: [LibraryEntry], by sort: RecipeSort,
    marks: CallerMarks = .recipesOwn
  ) -> [Int] {
    let precedes = precedes(sort, entries, marks: marks)
    guard sort == .name || sort == .relevance, positions.count > 64 else {
      return positions.sorted(by: precedes)
    }
    // By name, most comparisons are decided by the names' first 24 bytes, compared as three
    // numbers when both names are ASCII (whose order as strings is their bytes' order); only
    // ties and names with other letters compare the strings. The order is the same; sorting
    // 100,000 names takes a fraction of the time (it was most of the library's first page
    // after a start).
    struct Keyed {
      var prefix: (UInt64, UInt64, UInt64)
      var ascii: Bool
      var position: Int
    }
    let keyed = positions.map { position -> Keyed in
      var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
      var ascii = true
      var count = 0
      for byte in entries[position].nameKey.utf8 {
        if byte == 0 || byte >= 0x80 {
          ascii = false
          break
        }
        if count < 24 {
          let bits = UInt64(byte) << UInt64(56 - 8 * (count % 8))
          switch count / 8 {
          case 0: words.0 |= bits
          case 1: words.1 |= bits
          default: words.2 |= bits
          }
          count += 1
        }
      }
      return Keyed(prefix: words, ascii: ascii, position: position)
    }
    return keyed.sorted { lhs, rhs in
      if lhs.ascii, rhs.ascii, lhs.prefix != rhs.prefix { return lhs.prefix < rhs.prefix }
      return precedes(lhs.position, rhs.position)
    }.map(\.position)
  }

  /// An order kept current after one entry changed, joined or left, without sorting again:
  /// the entry's position is taken out and put back where it now belongs (binary search).
  /// `removed` is a position deleted from `entries` (later positions moved down by one);
  /// `placed` is a position whose entry is new or changed.
  static func patched(
    _ order: [Int], _ entries: [LibraryEntry], by sort: RecipeSort, removed: Int? = nil,
    placed: Int? = nil
  ) -> [Int] {
    var order = order
    if let removed {
      order.removeAll { $0 == removed }
      for index in order.indices where order[index] > removed { order[index] -= 1 }
    }
    if let placed {
      order.removeAll { $0 == placed }
      let precedes = precedes(sort, entries)
      var low = 0
      var high = order.count
      while low < high {
        let middle = (low + high) / 2
        if precedes(order[middle], placed) { low = middle + 1 } else { high = middle }
      }
      order.insert(placed, at: low)
    }
    return order
  }
}
