/// Recipe ids kept compactly for a million recipes: their UTF-8 bytes in one flat array and an
/// open-addressing hash table of slot numbers, instead of a `[String: Int]` (a UUID string
/// costs a heap object each, about three times the memory).
struct FinderIDTable {
  private var bytes: [UInt8] = []
  private var starts: [UInt32] = []
  private var lengths: [UInt32] = []
  /// Slot + 1 for each occupied bucket, 0 for an empty one; linear probing, capacity a power of 2.
  private var buckets: [UInt32] = []
  private(set) var count = 0
  private var unusedBytes = 0

  /// The slot holding the id, if any.
  func slot(of id: String) -> UInt32? {
    guard !buckets.isEmpty else { return nil }
    var id = id
    return id.withUTF8 { key in
      let mask = buckets.count - 1
      var position = Int(truncatingIfNeeded: Self.hash(key)) & mask
      while true {
        let entry = buckets[position]
        if entry == 0 { return nil }
        if equals(Int(entry - 1), key) { return entry - 1 }
        position = (position + 1) & mask
      }
    }
  }

  /// Records the id for a slot that holds none; the id must not be present.
  mutating func insert(_ id: String, slot: UInt32) {
    if (count + 1) * 10 > buckets.count * 7 { grow(to: max(1024, buckets.count * 2)) }
    let slot = Int(slot)
    if slot >= starts.count {
      starts.append(contentsOf: repeatElement(0, count: slot + 1 - starts.count))
      lengths.append(contentsOf: repeatElement(0, count: slot + 1 - lengths.count))
    }
    starts[slot] = UInt32(bytes.count)
    lengths[slot] = UInt32(id.utf8.count)
    bytes.append(contentsOf: id.utf8)
    place(slot)
    count += 1
  }

  /// Forgets the id of an occupied slot.
  mutating func remove(slot: UInt32) {
    let slot = Int(slot)
    let mask = buckets.count - 1
    var hole = home(of: slot) & mask
    while buckets[hole] != UInt32(slot + 1) { hole = (hole + 1) & mask }
    // Backward-shift deletion keeps every probe sequence unbroken without tombstones.
    var next = hole
    while true {
      next = (next + 1) & mask
      let entry = buckets[next]
      if entry == 0 { break }
      let wanted = home(of: Int(entry - 1)) & mask
      let between =
        hole <= next ? (hole < wanted && wanted <= next) : (hole < wanted || wanted <= next)
      if !between {
        buckets[hole] = entry
        hole = next
      }
    }
    buckets[hole] = 0
    unusedBytes += Int(lengths[slot])
    lengths[slot] = 0
    count -= 1
    if unusedBytes > 1 << 12, unusedBytes * 2 > bytes.count { compact() }
  }

  /// The id of an occupied slot.
  func id(at slot: UInt32) -> String {
    let start = Int(starts[Int(slot)])
    return String(decoding: bytes[start..<start + Int(lengths[Int(slot)])], as: UTF8.self)
  }

  /// Whether the id in slot `lhs` orders before the id in slot `rhs` by UTF-8 bytes.
  func precedes(_ lhs: UInt32, _ rhs: UInt32) -> Bool {
    let left = Int(starts[Int(lhs)])
    let right = Int(starts[Int(rhs)])
    return bytes[left..<left + Int(lengths[Int(lhs)])].lexicographicallyPrecedes(
      bytes[right..<right + Int(lengths[Int(rhs)])])
  }

  /// The first eight bytes of an id as a big-endian number, zero-padded: comparing prefixes
  /// orders ids as their bytes do, except that equal prefixes need the full ids.
  static func prefix(of id: String) -> UInt64 {
    var value: UInt64 = 0
    var taken = 0
    for byte in id.utf8.prefix(8) {
      value = value << 8 | UInt64(byte)
      taken += 1
    }
    return taken == 0 ? 0 : value << (8 * UInt64(8 - taken))
  }

  /// Moves every id to a new slot: `newSlots[slot]` is the new slot of the id in `slot`.
  mutating func renumber(_ newSlots: [UInt32]) {
    var movedStarts = [UInt32](repeating: 0, count: starts.count)
    var movedLengths = [UInt32](repeating: 0, count: lengths.count)
    for slot in starts.indices {
      movedStarts[Int(newSlots[slot])] = starts[slot]
      movedLengths[Int(newSlots[slot])] = lengths[slot]
    }
    starts = movedStarts
    lengths = movedLengths
    for bucket in buckets.indices where buckets[bucket] != 0 {
      buckets[bucket] = newSlots[Int(buckets[bucket] - 1)] + 1
    }
  }

  /// Bytes held, for the engine's memory report.
  var memoryBytes: Int {
    bytes.capacity + 4 * (starts.capacity + lengths.capacity + buckets.capacity)
  }

  /// Makes room for this many ids without growing again.
  mutating func reserve(_ idCount: Int, bytes byteCount: Int) {
    var capacity = 1024
    while capacity * 7 < idCount * 10 { capacity *= 2 }
    if capacity > buckets.count { grow(to: capacity) }
    bytes.reserveCapacity(byteCount)
    starts.reserveCapacity(idCount)
    lengths.reserveCapacity(idCount)
  }

  private func equals(_ slot: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    guard Int(lengths[slot]) == key.count else { return false }
    let start = Int(starts[slot])
    return bytes.withUnsafeBufferPointer { all in
      key.isEmpty || memcmpEqual(all.baseAddress! + start, key.baseAddress!, key.count)
    }
  }

  private func home(of slot: Int) -> Int {
    let start = Int(starts[slot])
    return bytes.withUnsafeBufferPointer { all in
      Int(
        truncatingIfNeeded: Self.hash(
          UnsafeBufferPointer(rebasing: all[start..<start + Int(lengths[slot])])))
    }
  }

  private mutating func place(_ slot: Int) {
    let mask = buckets.count - 1
    var position = home(of: slot) & mask
    while buckets[position] != 0 { position = (position + 1) & mask }
    buckets[position] = UInt32(slot + 1)
  }

  private mutating func grow(to capacity: Int) {
    let occupied = buckets.filter { $0 != 0 }
    buckets = [UInt32](repeating: 0, count: capacity)
    for entry in occupied { place(Int(entry - 1)) }
  }

  private mutating func compact() {
    var packed: [UInt8] = []
    packed.reserveCapacity(bytes.count - unusedBytes)
    for slot in starts.indices where lengths[slot] > 0 {
      let start = Int(starts[slot])
      starts[slot] = UInt32(packed.count)
      packed.append(contentsOf: bytes[start..<start + Int(lengths[slot])])
    }
    bytes = packed
    unusedBytes = 0
  }

  /// FNV-1a with a final avalanche, so that ids differing only at the end spread well.
  private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in key {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    hash ^= hash >> 33
    hash = hash &* 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 33
    return hash
  }
}

private func memcmpEqual(
  _ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, _ count: Int
) -> Bool {
  for offset in 0..<count where lhs[offset] != rhs[offset] { return false }
  return true
}

extension FinderIDTable {
  /// How many slots the table has room for ids in, in use or freed.
  var slotCount: Int { starts.count }

  /// Writes the table as it is, buckets included: the hash is fixed (FNV-1a), so a table
  /// read back finds every id where this one does.
  func write(to writer: inout FinderSnapshotWriter) {
    writer.write(bytes)
    writer.write(starts)
    writer.write(lengths)
    writer.write(buckets)
    writer.write(UInt64(count))
    writer.write(UInt64(unusedBytes))
  }

  /// Reads a table ``write(to:)`` wrote, checking that every slot's id lies within the bytes
  /// and that the buckets can be probed, so a damaged file is refused rather than trapping.
  init(reading reader: inout FinderSnapshotReader) throws {
    bytes = try reader.readArray()
    starts = try reader.readArray()
    lengths = try reader.readArray()
    buckets = try reader.readArray()
    count = try reader.readCount()
    unusedBytes = try reader.readCount()
    guard starts.count == lengths.count,
      buckets.isEmpty || buckets.count & (buckets.count - 1) == 0,
      count <= starts.count, buckets.count >= count
    else { throw LarderCoreError.unreadableSnapshot(reason: "the recipe ids do not fit together") }
    for slot in starts.indices where Int(starts[slot]) + Int(lengths[slot]) > bytes.count {
      throw LarderCoreError.unreadableSnapshot(reason: "a recipe id lies outside the ids' bytes")
    }
    var occupied = 0
    for entry in buckets where entry != 0 {
      guard Int(entry) <= starts.count else {
        throw LarderCoreError.unreadableSnapshot(reason: "an id bucket names no slot")
      }
      occupied += 1
    }
    guard occupied == count, buckets.isEmpty || occupied < buckets.count else {
      throw LarderCoreError.unreadableSnapshot(reason: "the id table's count is wrong")
    }
  }
}
