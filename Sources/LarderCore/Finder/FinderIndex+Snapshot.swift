import Foundation

// A built index written as bytes and read back without building it again: what a server saves
// beside its database so that its next start answers the finder at once (issue 14). Most of
// the index is flat arrays of integers and small records, copied as they are; the rest (food
// ids, the names of courses, cuisines, tags and units) is written as strings. What the catalog
// decides (parents, kinds, substitutes, diets) is not written: reading applies the catalog the
// reader passes, exactly as ``FinderEngine/setCatalog(_:)`` does on a running engine.

extension FinderIndex {
  /// What the bytes start with.
  static let snapshotMagic: [UInt8] = Array("LARDFIDX".utf8)
  /// Bumped whenever what is written changes, so older bytes are refused.
  static let snapshotFormat: UInt32 = 1

  /// The record sizes and byte order the bytes were written with: a file from a machine or a
  /// build that lays records out otherwise is refused, never misread.
  static var snapshotLayout: [UInt64] {
    [
      UInt64(MemoryLayout<FinderHotRecord>.stride), UInt64(MemoryLayout<FinderColdRecord>.stride),
      UInt64(MemoryLayout<FinderAmountEntry>.stride),
      UInt64(MemoryLayout<FinderPostingAmount>.stride), UInt64(0x0102_0304_0506_0708),
      UInt64(groupCount), UInt64(topFoodCount),
    ]
  }

  /// The index as bytes, with a checksum over them.
  func snapshotBytes() -> [UInt8] {
    var writer = FinderSnapshotWriter()
    writer.writeRaw(Self.snapshotMagic)
    writer.write(Self.snapshotFormat)
    writer.write(Self.snapshotLayout)
    // Foods, by number.
    writer.write(foodIDs)
    writer.write(choiceMembers)
    writer.write(choicePairs)
    writer.write(isChoice.map { $0 ? UInt8(1) : 0 })
    writer.write(choiceFoods)
    writer.write(frequency)
    writer.write(topBit)
    writer.write(topFoods)
    writer.write(postings)
    writer.write(postingAmounts)
    writer.write(groupEnds)
    writer.write(choicePostings)
    writer.write(choicePostingTags)
    writer.write(choiceGroupEnds)
    // Recipes, by slot.
    writer.write(hot)
    writer.write(needs)
    writer.write(filterBits)
    writer.write(cold)
    writer.write(recipeFoods)
    writer.write(UInt64(unusedRecipeFoods))
    writer.write(attributes)
    writer.write(UInt64(unusedAttributes))
    for table in [courseNumbers, cuisineNumbers, tagNumbers] {
      writer.write(Self.names(numberedBy: table))
    }
    writer.write(
      Self.names(
        numberedBy: Dictionary(
          uniqueKeysWithValues: dietNumbers.map { ($0.key.rawValue, $0.value) }
        )))
    ids.write(to: &writer)
    writer.write(freeSlots)
    writer.write(judgement)
    writer.write(unjudgedSlots)
    writer.write(recipeAmounts)
    writer.write(UInt64(unusedAmounts))
    writer.write(units.dropFirst().map { $0?.id ?? "" })  // Only the first is nil.
    writer.write(buckets)
    writer.finish()
    return writer.bytes
  }

  /// Reads an index ``snapshotBytes()`` wrote and gives it `catalog`'s facts; throws
  /// ``LarderCoreError/unreadableSnapshot(reason:)`` for bytes that are truncated, damaged,
  /// of another format or of another machine's layout.
  init(snapshot bytes: UnsafeRawBufferPointer, catalog: FinderCatalog) throws {
    var reader = try FinderSnapshotReader(checking: bytes)
    guard try reader.readRaw(count: Self.snapshotMagic.count) == Self.snapshotMagic else {
      throw LarderCoreError.unreadableSnapshot(reason: "not a finder index")
    }
    let format: UInt32 = try reader.read()
    guard format == Self.snapshotFormat else {
      throw LarderCoreError.unreadableSnapshot(
        reason: "written in format \(format), this Larder reads \(Self.snapshotFormat)")
    }
    guard try reader.readArray() == Self.snapshotLayout else {
      throw LarderCoreError.unreadableSnapshot(reason: "written on another kind of machine")
    }
    // An empty index with the catalog (cheap: no recipes), whose tables the bytes replace.
    self.init(catalog: catalog)
    foodIDs = try reader.readStrings()
    var numbers: [String: UInt32] = [:]
    numbers.reserveCapacity(foodIDs.count)
    for (number, id) in foodIDs.enumerated() { numbers[id] = UInt32(number) }
    foodNumbers = numbers
    choiceMembers = try reader.readArrays()
    choicePairs = try reader.readArray()
    isChoice = try reader.readArray(of: UInt8.self).map { $0 != 0 }
    choiceFoods = try reader.readArray()
    frequency = try reader.readArray()
    topBit = try reader.readArray()
    topFoods = try reader.readArray()
    postings = try reader.readArrays()
    postingAmounts = try reader.readArrays()
    groupEnds = try reader.readArray()
    choicePostings = try reader.readArrays()
    choicePostingTags = try reader.readArrays()
    choiceGroupEnds = try reader.readArray()
    hot = try reader.readArray()
    needs = try reader.readArray()
    filterBits = try reader.readArray()
    cold = try reader.readArray()
    recipeFoods = try reader.readArray()
    unusedRecipeFoods = try reader.readCount()
    attributes = try reader.readArray()
    unusedAttributes = try reader.readCount()
    courseNumbers = Self.numbers(of: try reader.readStrings())
    cuisineNumbers = Self.numbers(of: try reader.readStrings())
    tagNumbers = Self.numbers(of: try reader.readStrings())
    dietNumbers = Dictionary(
      uniqueKeysWithValues: Self.numbers(of: try reader.readStrings()).map {
        (DietLabel(rawValue: $0.key), $0.value)
      })
    ids = try FinderIDTable(reading: &reader)
    freeSlots = try reader.readArray()
    judgement = try reader.readArray()
    unjudgedSlots = try reader.readArray()
    recipeAmounts = try reader.readArray()
    unusedAmounts = try reader.readCount()
    units = [nil]
    unitNumbers = [:]
    for id in try reader.readStrings() {
      guard let unit = IngredientUnit.unit(id: id), units.count < Int(UInt16.max) else {
        throw LarderCoreError.unreadableSnapshot(reason: "unit '\(id)' is unknown here")
      }
      unitNumbers[id] = UInt16(units.count)
      units.append(unit)
    }
    buckets = try reader.readArrays()
    guard reader.isAtEnd else {
      throw LarderCoreError.unreadableSnapshot(reason: "bytes left over after the index")
    }
    try checkShape()
    // The per-food tables the catalog decides are made here, sized to the foods read.
    parents = [Int32](repeating: -1, count: foodIDs.count)
    children = [[UInt32]](repeating: [], count: foodIDs.count)
    substitutes = [[UInt32]](repeating: [], count: foodIDs.count)
    kinship = [UInt8](repeating: 0, count: foodIDs.count)
    isGroup = [Bool](repeating: false, count: foodIDs.count)
    foodDietBits = [UInt32](repeating: 0, count: foodIDs.count)
    applyCatalog()
  }

  /// Checks that the tables read agree in size and that every number they hold points inside
  /// the tables it indexes, so that a damaged file is refused here rather than trapping in a
  /// query.
  private func checkShape() throws {
    func require(_ condition: Bool, _ what: String) throws {
      if !condition { throw LarderCoreError.unreadableSnapshot(reason: what) }
    }
    let foods = foodIDs.count
    let slots = hot.count
    try require(foodNumbers.count == foods, "a food id is written twice")
    for table in [choiceMembers.count, choicePairs.count, isChoice.count, frequency.count] {
      try require(table == foods, "a food table has the wrong size")
    }
    for table in [topBit.count, postings.count, postingAmounts.count, choicePostings.count] {
      try require(table == foods, "a food table has the wrong size")
    }
    try require(choicePostingTags.count == foods, "a food table has the wrong size")
    try require(
      groupEnds.count == foods * Self.groupCount && choiceGroupEnds.count == groupEnds.count,
      "the posting groups have the wrong size")
    for table in [needs.count, filterBits.count, cold.count, judgement.count] {
      try require(table == slots, "a recipe table has the wrong size")
    }
    try require(slots <= Self.maxSlotCount, "too many recipes")
    try require(ids.slotCount <= slots, "the recipe ids do not match the recipes")
    for list in [choiceFoods, topFoods, recipeFoods] {
      try require(list.allSatisfy { Int($0) < foods }, "a food number is out of range")
    }
    try require(topFoods.count <= Self.topFoodCount, "too many frequent foods")
    for members in choiceMembers {
      try require(members.allSatisfy { Int($0) < foods }, "a choice names an unknown food")
    }
    for food in 0..<foods {
      let base = food * Self.groupCount
      var end: UInt32 = 0
      for group in 0..<Self.groupCount {
        try require(groupEnds[base + group] >= end, "a posting group ends before it starts")
        end = groupEnds[base + group]
      }
      try require(Int(end) == postings[food].count, "a posting list has the wrong length")
      try require(
        postingAmounts[food].isEmpty || postingAmounts[food].count == postings[food].count,
        "a posting list's amounts have the wrong length")
      var choiceEnd: UInt32 = 0
      for group in 0..<Self.groupCount {
        try require(
          choiceGroupEnds[base + group] >= choiceEnd, "a posting group ends before it starts")
        choiceEnd = choiceGroupEnds[base + group]
      }
      try require(
        Int(choiceEnd) == choicePostings[food].count
          && choicePostingTags[food].count == choicePostings[food].count,
        "a choice posting list has the wrong length")
      for entry in postings[food] where Int(entry >> 8) >= slots {
        throw LarderCoreError.unreadableSnapshot(reason: "a posting names no recipe")
      }
      for entry in choicePostings[food] where Int(entry >> 8) >= slots {
        throw LarderCoreError.unreadableSnapshot(reason: "a posting names no recipe")
      }
      if topBit[food] >= Self.topFoodCount {
        throw LarderCoreError.unreadableSnapshot(reason: "a food's bit is out of range")
      }
    }
    for (slot, details) in cold.enumerated() {
      try require(
        Int(hot[slot].foodStart) + Int(hot[slot].otherCount) + Int(details.optionalCount)
          <= recipeFoods.count, "a recipe's foods lie outside the table")
      try require(
        Int(details.attributeStart) + details.attributeCount <= attributes.count,
        "a recipe's courses and tags lie outside the table")
      try require(
        Int(details.amountStart) + Int(details.amountCount) <= recipeAmounts.count,
        "a recipe's amounts lie outside the table")
    }
    let attributeLimit = max(
      courseNumbers.count, cuisineNumbers.count, tagNumbers.count, dietNumbers.count)
    try require(
      attributes.allSatisfy { Int($0) < attributeLimit }, "a course, cuisine or tag is unknown")
    try require(
      recipeAmounts.allSatisfy { Int($0.food) < foods && Int($0.unit) < units.count },
      "an amount names an unknown food or unit")
    for list in [freeSlots, unjudgedSlots] {
      try require(list.allSatisfy { Int($0) < slots }, "a slot number is out of range")
    }
    for bucket in buckets {
      try require(bucket.allSatisfy { Int($0) < slots }, "a slot number is out of range")
    }
  }

  /// The keys of a table that numbers them 0, 1, 2, … in the order of their numbers.
  private static func names(numberedBy table: [String: UInt32]) -> [String] {
    var names = [String](repeating: "", count: table.count)
    for (name, number) in table where Int(number) < names.count { names[Int(number)] = name }
    return names
  }

  private static func numbers(of names: [String]) -> [String: UInt32] {
    var table: [String: UInt32] = [:]
    table.reserveCapacity(names.count)
    for (number, name) in names.enumerated() { table[name] = UInt32(number) }
    return table
  }
}

/// Appends values to a byte buffer as they lie in memory: integers and the engine's flat
/// records, arrays of them with their count first, and strings as UTF-8 with their length.
struct FinderSnapshotWriter {
  private(set) var bytes: [UInt8] = []

  mutating func writeRaw(_ raw: [UInt8]) {
    bytes += raw
  }

  mutating func write<Value: BitwiseCopyable>(_ value: Value) {
    withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
  }

  mutating func write<Element: BitwiseCopyable>(_ array: [Element]) {
    write(UInt64(array.count))
    array.withUnsafeBytes { bytes.append(contentsOf: $0) }
  }

  mutating func write<Element: BitwiseCopyable>(_ arrays: [[Element]]) {
    write(UInt64(arrays.count))
    for array in arrays { write(array) }
  }

  mutating func write(_ strings: [String]) {
    write(UInt64(strings.count))
    for string in strings { write(Array(string.utf8)) }
  }

  /// Appends the checksum of everything written so far.
  mutating func finish() {
    write(bytes.withUnsafeBytes { FinderSnapshotReader.checksum(of: $0) })
  }
}

/// Reads what ``FinderSnapshotWriter`` wrote, checking the checksum first and every length
/// against the bytes left, so that truncated or damaged bytes throw rather than trap.
struct FinderSnapshotReader {
  private let bytes: UnsafeRawBufferPointer
  private var offset = 0

  /// Checks the trailing checksum of `bytes` and reads what precedes it.
  init(checking bytes: UnsafeRawBufferPointer) throws {
    let trailer = MemoryLayout<UInt64>.size
    guard bytes.count >= trailer else {
      throw LarderCoreError.unreadableSnapshot(reason: "too short")
    }
    let body = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - trailer)])
    let stored = bytes.loadUnaligned(fromByteOffset: body.count, as: UInt64.self)
    guard Self.checksum(of: body) == stored else {
      throw LarderCoreError.unreadableSnapshot(reason: "truncated or damaged (checksum differs)")
    }
    self.bytes = body
  }

  var isAtEnd: Bool { offset == bytes.count }

  mutating func readRaw(count: Int) throws -> [UInt8] {
    guard count >= 0, count <= bytes.count - offset else { throw Self.truncated }
    defer { offset += count }
    return Array(bytes[offset..<offset + count])
  }

  mutating func read<Value: BitwiseCopyable>() throws -> Value {
    let size = MemoryLayout<Value>.size
    guard size <= bytes.count - offset else { throw Self.truncated }
    defer { offset += size }
    return bytes.loadUnaligned(fromByteOffset: offset, as: Value.self)
  }

  /// A count or length written as a `UInt64`, refused when it could not fit the bytes.
  mutating func readCount() throws -> Int {
    let value: UInt64 = try read()
    guard value <= UInt64(bytes.count) else { throw Self.truncated }
    return Int(value)
  }

  mutating func readArray<Element: BitwiseCopyable>(
    of type: Element.Type = Element.self
  ) throws -> [Element] {
    let count = try readCount()
    let stride = MemoryLayout<Element>.stride
    guard count <= (bytes.count - offset) / max(stride, 1) else { throw Self.truncated }
    let byteCount = count * stride
    let source = bytes.baseAddress.map { $0 + offset }
    defer { offset += byteCount }
    return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      if let source, byteCount > 0 {
        UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: source, byteCount: byteCount)
      }
      initialized = count
    }
  }

  mutating func readArrays<Element: BitwiseCopyable>(
    of type: Element.Type = Element.self
  ) throws -> [[Element]] {
    let count = try readCount()
    var arrays: [[Element]] = []
    arrays.reserveCapacity(count)
    for _ in 0..<count { arrays.append(try readArray()) }
    return arrays
  }

  mutating func readStrings() throws -> [String] {
    let count = try readCount()
    var strings: [String] = []
    strings.reserveCapacity(count)
    for _ in 0..<count {
      let length = try readCount()
      guard length <= bytes.count - offset else { throw Self.truncated }
      strings.append(
        String(
          decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]),
          as: UTF8.self))
      offset += length
    }
    return strings
  }

  private static let truncated = LarderCoreError.unreadableSnapshot(reason: "truncated")

  /// A 64-bit checksum of the bytes, eight at a time (fast enough for tens of megabytes at
  /// every start); not cryptographic: it catches a cut or damaged file, not a forged one.
  static func checksum(of bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
    let words = bytes.count / 8
    for word in 0..<words {
      hash =
        (hash ^ bytes.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self))
        &* 0x0000_0100_0000_01B3
      hash ^= hash >> 29
    }
    for offset in words * 8..<bytes.count {
      hash = (hash ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01B3
    }
    hash ^= hash >> 33
    hash = hash &* 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 33
    return hash
  }
}
