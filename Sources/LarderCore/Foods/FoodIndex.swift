import Foundation

/// Every name, plural and synonym of every food, indexed as phrases of word stems.
///
/// Built once per catalog. A lookup reads one dictionary per word and one per phrase step: no
/// regular expressions, no scanning of the food list.
struct FoodIndex: Sendable {
  /// What the matcher knows about a word stem.
  struct WordFlags: OptionSet, Hashable, Sendable {
    let rawValue: UInt16
    /// Size, amount, preparation or quality: "large", "chopped", "organic".
    static let descriptor = WordFlags(rawValue: 1 << 0)
    /// Ends the food part of a name once a food was seen: "with", "for", "to".
    static let breakWord = WordFlags(rawValue: 1 << 1)
    /// "of", "from": "juice of 1 lemon".
    static let ofWord = WordFlags(rawValue: 1 << 2)
    /// "or": "chicken or vegetable stock".
    static let orWord = WordFlags(rawValue: 1 << 3)
    /// "low", "reduced", "no": the next food word is a property ("low fat").
    static let propertyPrefix = WordFlags(rawValue: 1 << 4)
    /// "fat", "sugar", "salt": a property after a prefix or before "free".
    static let propertyWord = WordFlags(rawValue: 1 << 5)
    /// "vegan", "imitation": the name is a stand-in for the food it contains.
    static let blocker = WordFlags(rawValue: 1 << 6)
    /// "dairy", "meat": a stand-in when followed by "free" or after "non".
    static let identityFree = WordFlags(rawValue: 1 << 7)
    /// "free".
    static let free = WordFlags(rawValue: 1 << 8)
  }

  /// A word stem's number in phrases (0 when no catalog phrase uses it) and its flags.
  struct WordInfo: Sendable {
    var id: UInt16
    var flags: WordFlags
  }

  /// Up to eight word numbers packed sixteen bits each.
  struct PhraseKey: Hashable, Sendable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    mutating func set(_ position: Int, _ word: UInt16) {
      if position < 4 {
        low |= UInt64(word) << UInt64(position * 16)
      } else {
        high |= UInt64(word) << UInt64((position - 4) * 16)
      }
    }
  }

  /// A phrase, or the start of longer ones.
  struct PhraseNode: Sendable {
    /// The index into ``entries`` of the food this exact phrase names, or -1.
    var entry: Int32 = -1
    /// Whether longer phrases start with this one.
    var continues = false
  }

  /// Which kind of name produced an entry; on a clash the lower rank wins.
  enum Rank: UInt8, Sendable, Comparable {
    case user = 0
    case name = 1
    case plural = 2
    case synonym = 3

    static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// The food a phrase names.
  struct Entry: Sendable {
    var food: Int32
    var rank: Rank
  }

  /// The longest phrase indexed, in words.
  static let maximumPhraseLength = 8

  private(set) var words = ByteTable<WordInfo>(capacity: 8192)
  private(set) var phrases = PhraseTable(capacity: 16384)
  private(set) var entries: [Entry] = []
  /// Per food: its folded name, plural and synonyms (words joined by a space), to tell an
  /// exact name from a plural.
  private(set) var forms: [[[UInt8]]] = []
  /// Per food: its parent's position, or -1.
  private(set) var parents: [Int32] = []
  /// Per food: whether another food may stand before it as a flavour ("peach jam").
  private(set) var takesFlavours: [Bool] = []
  /// Per food: whether an unknown word before it makes the matcher unsure ("shea butter").
  private(set) var isStrict: [Bool] = []
  /// Per food: whether it comes from an animal, so "vegan" before it makes a stand-in.
  private(set) var isAnimal: [Bool] = []
  private var nextWordID: UInt16 = 1

  /// Indexes foods; `positions` maps each id to its place in `foods`.
  init(foods: [Food], positions: [String: Int]) {
    for (word, flags) in Self.specialWords.sorted(by: { $0.key < $1.key }) {
      _ = words.entry(for: Array(word.utf8)) { WordInfo(id: 0, flags: flags) }
    }
    forms.reserveCapacity(foods.count)
    for (position, food) in foods.enumerated() {
      add(food, at: position, rank: nil)
    }
    relink(foods: foods, positions: positions)
  }

  /// Adds or re-adds one food's names; user ranks win every clash.
  mutating func add(_ food: Food, at position: Int, rank: Rank?) {
    // Each name is read once; its words give both the folded form and the phrase.
    let texts = ([food.name, food.pluralName] + food.synonyms).map(FoodNormalizer.text)
    let folded = texts.map(Self.foldedBytes)
    if position < forms.count {
      forms[position] = folded
    } else {
      forms.append(folded)
    }
    for (offset, text) in texts.enumerated() {
      let kind: Rank = offset == 0 ? .name : offset == 1 ? .plural : .synonym
      insert(text, food: position, rank: rank ?? kind)
    }
  }

  /// Adds one synonym of the food at `position` as the user's.
  mutating func addSynonym(_ synonym: String, at position: Int) {
    let text = FoodNormalizer.text(synonym)
    forms[position].append(Self.foldedBytes(text))
    insert(text, food: position, rank: .user)
  }

  /// The folded words joined by single spaces, as ``FoodNormalizer/folded(_:)`` gives them.
  static func foldedBytes(_ text: FoodText) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.folded.count + text.words.count)
    for (index, word) in text.words.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: " ")) }
      bytes.append(contentsOf: text.folded[Int(word.foldedStart)..<Int(word.foldedEnd)])
    }
    return bytes
  }

  /// Recomputes parents and flavour heads after foods were added.
  mutating func relink(foods: [Food], positions: [String: Int]) {
    parents = foods.map { food in
      food.parentID.flatMap { positions[$0] }.map(Int32.init) ?? -1
    }
    let strict = Set(FoodDescriptors.strictHeads.compactMap { positions[$0] })
    isStrict = foods.indices.map { strict.contains($0) }
    let heads = Set(FoodDescriptors.flavourHeads.compactMap { positions[$0] })
    takesFlavours = foods.indices.map { under(heads, from: $0) }
    let animals = Set(FoodDescriptors.animalGroups.compactMap { positions[$0] })
    isAnimal = foods.indices.map { under(animals, from: $0) }
  }

  /// Whether the food at `position` or one of its ancestors is in `groups`.
  private func under(_ groups: Set<Int>, from position: Int) -> Bool {
    var cursor = position
    for _ in 0...parents.count {
      if groups.contains(cursor) { return true }
      let parent = parents[cursor]
      if parent < 0 { return false }
      cursor = Int(parent)
    }
    return false
  }

  /// Whether one food is the other, an ancestor or a descendant of it.
  func isRelated(_ one: Int32, _ other: Int32) -> Bool {
    isSameOrDescendant(one, of: other) || isSameOrDescendant(other, of: one)
  }

  /// Whether the food at `food` is the one at `ancestor` or a descendant of it.
  func isSameOrDescendant(_ food: Int32, of ancestor: Int32) -> Bool {
    var cursor = food
    for _ in 0...parents.count {
      if cursor == ancestor { return true }
      if cursor < 0 { return false }
      cursor = parents[Int(cursor)]
    }
    return false
  }

  /// The index entry of an exact phrase of word numbers, if any.
  func entry(forWords ids: [UInt16]) -> Entry? {
    guard !ids.isEmpty, ids.count <= Self.maximumPhraseLength, !ids.contains(0) else {
      return nil
    }
    var key = PhraseKey()
    for (position, id) in ids.enumerated() { key.set(position, id) }
    guard let node = phrases[key], node.entry >= 0 else { return nil }
    return entries[Int(node.entry)]
  }

  /// The node of a phrase key.
  @inline(__always)
  func node(_ key: PhraseKey) -> PhraseNode? { phrases[key] }

  private mutating func insert(_ parsed: FoodText, food: Int, rank: Rank) {
    guard !parsed.words.isEmpty, parsed.words.count <= Self.maximumPhraseLength else { return }
    var key = PhraseKey()
    for (position, word) in parsed.words.enumerated() {
      let stem = Array(parsed.stems[Int(word.stemStart)..<Int(word.stemEnd)])
      guard let id = wordID(stem) else { return }
      key.set(position, id)
      var node = phrases[key] ?? PhraseNode()
      if position < parsed.words.count - 1 {
        node.continues = true
      } else if node.entry < 0 {
        entries.append(Entry(food: Int32(food), rank: rank))
        node.entry = Int32(entries.count - 1)
      } else {
        let held = entries[Int(node.entry)]
        if held.food != Int32(food) && (rank == .user || rank < held.rank) {
          entries[Int(node.entry)] = Entry(food: Int32(food), rank: rank)
        } else if held.food == Int32(food) && rank < held.rank {
          entries[Int(node.entry)].rank = rank
        }
      }
      phrases.set(key, node)
    }
  }

  private mutating func wordID(_ stem: [UInt8]) -> UInt16? {
    let entry = words.entry(for: stem) { WordInfo(id: 0, flags: []) }
    var info = words.values[entry]
    if info.id != 0 { return info.id }
    guard nextWordID < UInt16.max else { return nil }
    info.id = nextWordID
    nextWordID += 1
    words.setValue(info, at: entry)
    return info.id
  }

  /// The flags of the words in ``FoodDescriptors``, by stem.
  private static let specialWords: [String: WordFlags] = {
    var result: [String: WordFlags] = [:]
    func mark(_ list: Set<String>, _ flag: WordFlags) {
      for word in list {
        for piece in FoodNormalizer.words(word) { result[piece.stem, default: []].insert(flag) }
      }
    }
    mark(FoodDescriptors.descriptorWords, .descriptor)
    mark(FoodDescriptors.breakWords, .breakWord)
    mark(FoodDescriptors.ofWords, .ofWord)
    mark(["or"], .orWord)
    mark(FoodDescriptors.propertyPrefixes, .propertyPrefix)
    mark(FoodDescriptors.propertyWords, .propertyWord)
    mark(FoodDescriptors.blockerWords, .blocker)
    mark(FoodDescriptors.identityFreeWords, .identityFree)
    mark(["free"], .free)
    return result
  }()
}
