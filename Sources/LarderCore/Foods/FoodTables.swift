import Foundation

/// A hash table from short byte strings (folded words and stems) to values.
///
/// The matcher looks up every word of every name; doing that on bytes, with a cheap hash and
/// no `String` made per word, is what keeps a match within a few microseconds.
struct ByteTable<Value: Sendable>: Sendable {
  private var slots: [Int32]
  private var mask: Int
  private var hashes: [UInt64] = []
  private var starts: [Int32] = []
  private var lengths: [Int32] = []
  private var arena: [UInt8] = []
  private(set) var values: [Value] = []

  /// Makes an empty table with room for about `capacity` keys before it grows.
  init(capacity: Int = 64) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    slots = [Int32](repeating: -1, count: size)
    mask = size - 1
  }

  /// How many keys the table holds.
  var count: Int { values.count }

  /// FNV-1a over the bytes, then mixed so the low bits spread.
  @inline(__always)
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      h = (h ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    h ^= h >> 32
    return h &* 0x9e37_79b9_7f4a_7c15
  }

  /// The entry number of a key, if present.
  @inline(__always)
  func find(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
    find(key, hash: Self.hash(key))
  }

  private func find(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
    var slot = Int(truncatingIfNeeded: hash >> 20) & mask
    return arena.withUnsafeBufferPointer { stored in
      while true {
        let entry = Int(slots[slot])
        if entry < 0 { return nil }
        if hashes[entry] == hash && Int(lengths[entry]) == key.count {
          let start = Int(starts[entry])
          var same = true
          for k in 0..<key.count where stored[start + k] != key[k] {
            same = false
            break
          }
          if same { return entry }
        }
        slot = (slot + 1) & mask
      }
    }
  }

  /// The value of a key, if present.
  func value(for key: UnsafeBufferPointer<UInt8>) -> Value? {
    find(key).map { values[$0] }
  }

  /// The value of a key given as a String, if present.
  func value(for key: String) -> Value? {
    var copy = key
    return copy.withUTF8 { value(for: $0) }
  }

  /// The entry number of a key, adding it with `make()` when absent.
  mutating func entry(for key: [UInt8], orAdd make: () -> Value) -> Int {
    let found = key.withUnsafeBufferPointer { find($0) }
    if let found { return found }
    let hash = key.withUnsafeBufferPointer { Self.hash($0) }
    if (values.count + 1) * 2 > slots.count { grow() }
    let entry = values.count
    hashes.append(hash)
    starts.append(Int32(arena.count))
    lengths.append(Int32(key.count))
    arena.append(contentsOf: key)
    values.append(make())
    place(entry, hash: hash)
    return entry
  }

  /// Changes the value of an entry.
  mutating func setValue(_ value: Value, at entry: Int) {
    values[entry] = value
  }

  private mutating func place(_ entry: Int, hash: UInt64) {
    var slot = Int(truncatingIfNeeded: hash >> 20) & mask
    while slots[slot] >= 0 { slot = (slot + 1) & mask }
    slots[slot] = Int32(entry)
  }

  private mutating func grow() {
    let size = slots.count * 2
    slots = [Int32](repeating: -1, count: size)
    mask = size - 1
    for entry in 0..<values.count { place(entry, hash: hashes[entry]) }
  }
}

/// A hash table from phrase keys (up to eight word numbers) to phrase nodes.
struct PhraseTable: Sendable {
  private var lows: [UInt64]
  private var highs: [UInt64]
  private var nodes: [FoodIndex.PhraseNode]
  private var used: [Bool]
  private var mask: Int
  private(set) var count = 0

  /// Makes an empty table.
  init(capacity: Int = 1024) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    lows = [UInt64](repeating: 0, count: size)
    highs = [UInt64](repeating: 0, count: size)
    nodes = [FoodIndex.PhraseNode](repeating: FoodIndex.PhraseNode(), count: size)
    used = [Bool](repeating: false, count: size)
    mask = size - 1
  }

  @inline(__always)
  private func slot(_ key: FoodIndex.PhraseKey) -> Int {
    var h = key.low &* 0x9e37_79b9_7f4a_7c15 ^ (key.high &+ 0x632b_e59b_d9b4_e019)
    h ^= h >> 31
    h = h &* 0xbf58_476d_1ce4_e5b9
    h ^= h >> 29
    return Int(truncatingIfNeeded: h) & mask
  }

  /// The node of a key, if present.
  @inline(__always)
  subscript(key: FoodIndex.PhraseKey) -> FoodIndex.PhraseNode? {
    var position = slot(key)
    while used[position] {
      if lows[position] == key.low && highs[position] == key.high { return nodes[position] }
      position = (position + 1) & mask
    }
    return nil
  }

  /// Sets the node of a key.
  mutating func set(_ key: FoodIndex.PhraseKey, _ node: FoodIndex.PhraseNode) {
    if (count + 1) * 2 > used.count { grow() }
    var position = slot(key)
    while used[position] {
      if lows[position] == key.low && highs[position] == key.high {
        nodes[position] = node
        return
      }
      position = (position + 1) & mask
    }
    used[position] = true
    lows[position] = key.low
    highs[position] = key.high
    nodes[position] = node
    count += 1
  }

  private mutating func grow() {
    let old = (lows, highs, nodes, used)
    let size = used.count * 2
    lows = [UInt64](repeating: 0, count: size)
    highs = [UInt64](repeating: 0, count: size)
    nodes = [FoodIndex.PhraseNode](repeating: FoodIndex.PhraseNode(), count: size)
    used = [Bool](repeating: false, count: size)
    mask = size - 1
    count = 0
    for position in old.3.indices where old.3[position] {
      set(FoodIndex.PhraseKey(low: old.0[position], high: old.1[position]), old.2[position])
    }
  }
}
