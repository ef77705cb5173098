import Foundation

// The library's summaries written as bytes and read back without JSON: what a server saves
// beside its database, with the finder's index, so that its next start shows the library at
// once instead of reading and decoding every recipe's summary from the store (seconds at
// 100,000 recipes). The bytes are columns, one per field, so reading them is a few copies and
// one string per name, id, description and image; courses, cuisines, diets and keywords, which
// repeat across recipes, are written once each in a table and referred to by number.

/// What a library shows of every recipe: each recipe's summary and how many recipes use each
/// food, as read from the store's food profiles; everything a library index is built from.
public struct LibrarySummaries: Sendable, Equatable {
  /// Every recipe's summary, in the order the store gave them.
  public var summaries: [RecipeSummary]
  /// How many recipes use each food (required or optional), by food id.
  public var foodUse: [String: Int]

  /// Summaries and food counts as they are.
  public init(summaries: [RecipeSummary], foodUse: [String: Int]) {
    self.summaries = summaries
    self.foodUse = foodUse
  }

  /// The summaries of `profiles`, and how many of them use each food.
  public init(profiles: [RecipeFoodProfile]) {
    var use: [String: Int] = [:]
    for profile in profiles {
      for food in profile.requiredFoods { use[food, default: 0] += 1 }
      for food in profile.optionalFoods { use[food, default: 0] += 1 }
    }
    self.init(summaries: profiles.map(\.summary), foodUse: use)
  }

  /// What the bytes start with.
  static let snapshotMagic: [UInt8] = Array("LARDLIBS".utf8)
  /// Bumped whenever what is written changes, so older bytes are refused.
  static let snapshotFormat: UInt32 = 1
  /// The byte order the numbers were written in: bytes from a machine of the other order are
  /// refused, never misread.
  static let byteOrderMark: UInt64 = 0x0102_0304_0506_0708

  /// Which optional fields a summary has, and its favourite flag, one bit each.
  private enum Present {
    static let description: UInt8 = 1 << 0
    static let image: UInt8 = 1 << 1
    static let totalTime: UInt8 = 1 << 2
    static let yield: UInt8 = 1 << 3
    static let servings: UInt8 = 1 << 4
    static let yieldText: UInt8 = 1 << 5
    static let rating: UInt8 = 1 << 6
    static let favorite: UInt8 = 1 << 7
  }

  /// The summaries and food counts as bytes, with a checksum over them; read back with
  /// ``init(snapshot:)``.
  public func snapshotBytes() -> Data {
    var writer = FinderSnapshotWriter()
    writer.writeRaw(Self.snapshotMagic)
    writer.write(Self.snapshotFormat)
    writer.write(Self.byteOrderMark)
    writer.write(UInt64(summaries.count))
    writer.write(summaries.map(\.id.rawValue))
    writer.write(summaries.map(\.name))
    writer.write(summaries.map { $0.description ?? "" })
    writer.write(summaries.map { $0.image ?? "" })
    writer.write(summaries.map { $0.yield?.text ?? "" })
    writer.write(summaries.map(Self.presence(of:)))
    writer.write(summaries.map { Int64($0.totalTime?.seconds ?? 0) })
    writer.write(summaries.map { $0.yield?.servings ?? 0 })
    writer.write(summaries.map { Int64($0.rating ?? 0) })
    writer.write(summaries.map { Int64($0.ingredientCount) })
    writer.write(summaries.map(\.createdAt.timeIntervalSinceReferenceDate))
    writer.write(summaries.map(\.updatedAt.timeIntervalSinceReferenceDate))
    // Courses, cuisines, diets and keywords: one table of words, then per field each
    // recipe's count of words and the words' numbers.
    var table = WordTable()
    let lists: [[[String]]] = [
      summaries.map(\.courses), summaries.map(\.cuisines),
      summaries.map { $0.diets.map(\.rawValue) },
      summaries.map(\.keywords),
    ]
    var numbered: [(counts: [UInt32], numbers: [UInt32])] = []
    for field in lists {
      var counts: [UInt32] = []
      var numbers: [UInt32] = []
      counts.reserveCapacity(field.count)
      for words in field {
        counts.append(UInt32(words.count))
        for word in words { numbers.append(table.number(of: word)) }
      }
      numbered.append((counts, numbers))
    }
    writer.write(table.words)
    for (counts, numbers) in numbered {
      writer.write(counts)
      writer.write(numbers)
    }
    let foods = foodUse.sorted { $0.key < $1.key }
    writer.write(foods.map(\.key))
    writer.write(foods.map { Int64($0.value) })
    writer.finish()
    return Data(writer.bytes)
  }

  /// Reads summaries ``snapshotBytes()`` wrote; throws
  /// ``LarderCoreError/unreadableSnapshot(reason:)`` for bytes that are truncated, damaged,
  /// or of another format or byte order.
  public init(snapshot bytes: UnsafeRawBufferPointer) throws {
    var reader = try FinderSnapshotReader(checking: bytes)
    guard try reader.readRaw(count: Self.snapshotMagic.count) == Self.snapshotMagic else {
      throw LarderCoreError.unreadableSnapshot(reason: "not a library's summaries")
    }
    let format: UInt32 = try reader.read()
    guard format == Self.snapshotFormat else {
      throw LarderCoreError.unreadableSnapshot(
        reason: "summaries written in format \(format), this Larder reads \(Self.snapshotFormat)")
    }
    guard try reader.read() as UInt64 == Self.byteOrderMark else {
      throw LarderCoreError.unreadableSnapshot(
        reason: "summaries written on another kind of machine")
    }
    let count = try reader.readCount()
    func require(_ condition: Bool, _ what: String) throws {
      if !condition { throw LarderCoreError.unreadableSnapshot(reason: what) }
    }
    let ids = try reader.readStrings()
    let names = try reader.readStrings()
    let descriptions = try reader.readStrings()
    let images = try reader.readStrings()
    let yieldTexts = try reader.readStrings()
    let presence: [UInt8] = try reader.readArray()
    let seconds: [Int64] = try reader.readArray()
    let servings: [Double] = try reader.readArray()
    let ratings: [Int64] = try reader.readArray()
    let ingredientCounts: [Int64] = try reader.readArray()
    let created: [Double] = try reader.readArray()
    let updated: [Double] = try reader.readArray()
    for column in [
      ids.count, names.count, descriptions.count, images.count, yieldTexts.count, presence.count,
      seconds.count, servings.count, ratings.count, ingredientCounts.count, created.count,
      updated.count,
    ] {
      try require(column == count, "a column of the summaries has the wrong length")
    }
    let words = try reader.readStrings()
    var lists: [[[String]]] = []
    for _ in 0..<4 {
      let counts: [UInt32] = try reader.readArray()
      let numbers: [UInt32] = try reader.readArray()
      try require(counts.count == count, "a column of the summaries has the wrong length")
      try require(
        counts.reduce(0) { $0 + Int($1) } == numbers.count,
        "a list of courses, cuisines, diets or keywords has the wrong length")
      try require(numbers.allSatisfy { Int($0) < words.count }, "a word's number is out of range")
      var field: [[String]] = []
      field.reserveCapacity(count)
      var next = 0
      for recipeCount in counts {
        let end = next + Int(recipeCount)
        field.append(numbers[next..<end].map { words[Int($0)] })
        next = end
      }
      lists.append(field)
    }
    let foods = try reader.readStrings()
    let uses: [Int64] = try reader.readArray()
    try require(foods.count == uses.count, "the food counts have the wrong length")
    guard reader.isAtEnd else {
      throw LarderCoreError.unreadableSnapshot(reason: "bytes left over after the summaries")
    }
    var use: [String: Int] = [:]
    use.reserveCapacity(foods.count)
    for (food, uses) in zip(foods, uses) { use[food] = Int(uses) }
    try require(use.count == foods.count, "a food is counted twice")

    var summaries: [RecipeSummary] = []
    summaries.reserveCapacity(count)
    for recipe in 0..<count {
      let flags = presence[recipe]
      func has(_ bit: UInt8) -> Bool { flags & bit != 0 }
      summaries.append(
        RecipeSummary(
          id: RecipeID(rawValue: ids[recipe]), name: names[recipe],
          description: has(Present.description) ? descriptions[recipe] : nil,
          image: has(Present.image) ? images[recipe] : nil,
          totalTime: has(Present.totalTime) ? RecipeDuration(seconds: Int(seconds[recipe])) : nil,
          yield: has(Present.yield)
            ? RecipeYield(
              servings: has(Present.servings) ? servings[recipe] : nil,
              text: has(Present.yieldText) ? yieldTexts[recipe] : nil) : nil,
          courses: lists[0][recipe], cuisines: lists[1][recipe],
          diets: lists[2][recipe].map(DietLabel.init(rawValue:)), keywords: lists[3][recipe],
          ingredientCount: Int(ingredientCounts[recipe]), isFavorite: has(Present.favorite),
          rating: has(Present.rating) ? Int(ratings[recipe]) : nil,
          createdAt: Date(timeIntervalSinceReferenceDate: created[recipe]),
          updatedAt: Date(timeIntervalSinceReferenceDate: updated[recipe])))
    }
    self.init(summaries: summaries, foodUse: use)
  }

  private static func presence(of summary: RecipeSummary) -> UInt8 {
    var flags: UInt8 = 0
    if summary.description != nil { flags |= Present.description }
    if summary.image != nil { flags |= Present.image }
    if summary.totalTime != nil { flags |= Present.totalTime }
    if let yield = summary.yield {
      flags |= Present.yield
      if yield.servings != nil { flags |= Present.servings }
      if yield.text != nil { flags |= Present.yieldText }
    }
    if summary.rating != nil { flags |= Present.rating }
    if summary.isFavorite { flags |= Present.favorite }
    return flags
  }
}

/// Numbers words in the order they are first seen.
private struct WordTable {
  private(set) var words: [String] = []
  private var numbers: [String: UInt32] = [:]

  mutating func number(of word: String) -> UInt32 {
    if let number = numbers[word] { return number }
    let number = UInt32(words.count)
    numbers[word] = number
    words.append(word)
    return number
  }
}

extension RecipeSummary {
  /// Makes a summary from its fields, as a saved library reads it back.
  public init(
    id: RecipeID, name: String, description: String? = nil, image: String? = nil,
    totalTime: RecipeDuration? = nil, yield: RecipeYield? = nil, courses: [String] = [],
    cuisines: [String] = [], diets: [DietLabel] = [], keywords: [String] = [],
    ingredientCount: Int = 0, isFavorite: Bool = false, rating: Int? = nil, createdAt: Date,
    updatedAt: Date
  ) {
    self.id = id
    self.name = name
    self.description = description
    self.image = image
    self.totalTime = totalTime
    self.yield = yield
    self.courses = courses
    self.cuisines = cuisines
    self.diets = diets
    self.keywords = keywords
    self.ingredientCount = ingredientCount
    self.isFavorite = isFavorite
    self.rating = rating
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}
