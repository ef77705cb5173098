import Foundation

/// How a name is matched to a food.
///
/// 1. The name is split into words (case and accents folded, plurals stemmed) and into
///    segments at commas and parentheses, and at words such as "with", "for" or "to" once a
///    food has been named ("tuna in olive oil", "salt to taste").
/// 2. The first segment that says more than "2 large" is the food part. It is also tried with
///    the next segment put before it ("pepper, black" → "black pepper") and turned around an
///    "of" ("juice of 1 lemon" → "lemon juice"); a turned-around reading must use only words
///    the catalog knows.
/// 3. In each reading every catalog phrase is found, and the last one is taken as the head
///    ("fire-roasted diced tomatoes" → tomato). Words after the head must be descriptors.
///    Before it, descriptors are dropped, unknown words are passed over with less confidence,
///    and another food ("peanut" in "peanut butter" if the catalog lacked peanut butter) makes
///    the reading fail unless the head takes flavours ("peach jam") or the earlier food is a
///    kind of the head ("portabella mushrooms" → portobello mushroom).
/// 4. The reading that names the longest phrase wins; when none holds, the answer is nil.
extension FoodIndex {
  /// A word of the name being matched.
  struct Token {
    var id: UInt16
    var flags: WordFlags
    var ignorable: Bool
    var blocks: Bool
    var breaksBefore: Bool
  }

  /// A catalog phrase found in a reading: words `start..<end` name `entry`.
  struct Span {
    var start: Int
    var end: Int
    var entry: Entry
  }

  /// A reading that holds.
  struct Reading {
    var food: Int32
    var rank: Rank
    var head: [Int]
    var unknown: Int
    var foodBefore: Bool
    var specialized: Bool
  }

  /// What the matcher found: a food's position, how and how sure.
  struct Result {
    var food: Int32
    var kind: FoodMatch.Kind
    var confidence: Double
  }

  /// Words that open a purpose or a note rather than a name.
  static let purposeOpeners: [StaticString] = ["for", "to", "see", "note", "such", "if", "until"]

  /// Why a segment ended.
  private enum SegmentEnd {
    case punctuation, word, or, end
  }

  /// Words `start..<end` of a name, up to a comma, a parenthesis or a break word.
  private struct Segment {
    var start: Int
    var end: Int
    var ending: SegmentEnd
  }

  /// Matches a name to a food, or nil when unsure.
  func match(_ name: String) -> Result? {
    let text = FoodNormalizer.text(name)
    guard !text.words.isEmpty, text.words.count <= 64 else { return nil }
    // "for the sauce", "to serve": a purpose, not a food.
    if Self.purposeOpeners.contains(where: { text.folded(text.words[0], is: $0) }) { return nil }
    var tokens = self.tokens(text)
    markProperties(&tokens, text)
    let count = tokens.count

    // Catalog phrases over the whole name keep "corn on the cob" from being cut at "on".
    let whole = spans(Array(0..<count), tokens, respectingBreaks: true)
    var covered = [Bool](repeating: false, count: count)
    var inside = [Bool](repeating: false, count: count)
    for span in whole {
      for position in span.start..<span.end { covered[position] = true }
      if span.end - span.start > 2 {
        for position in (span.start + 1)..<(span.end - 1) { inside[position] = true }
      }
    }

    var segments: [Segment] = []
    segments.reserveCapacity(4)
    var segmentStart = 0
    var namedFood = false
    for position in 0..<count {
      let token = tokens[position]
      if token.breaksBefore && position > segmentStart {
        segments.append(Segment(start: segmentStart, end: position, ending: .punctuation))
        segmentStart = position
        namedFood = false
      }
      if token.flags.contains(.breakWord) && namedFood && !inside[position] {
        let ending: SegmentEnd = token.flags.contains(.orWord) ? .or : .word
        segments.append(Segment(start: segmentStart, end: position, ending: ending))
        segmentStart = position + 1
        namedFood = false
        continue
      }
      if covered[position] && !token.ignorable { namedFood = true }
    }
    if segmentStart < count {
      segments.append(Segment(start: segmentStart, end: count, ending: .end))
    }

    // The food part says more than "2 large"; failing that, it is a name made only of such
    // words ("half and half", "mixed greens", "orange").
    guard
      let primary = segments.firstIndex(where: { segment in
        (segment.start..<segment.end).contains { !tokens[$0].ignorable }
      })
        ?? segments.firstIndex(where: { segment in
          (segment.start..<segment.end).contains { covered[$0] }
        })
    else { return nil }
    let part = segments[primary]
    let foodPart = Array(part.start..<part.end)

    var best: (reading: Reading, reordered: Bool, sequence: [Int])?
    func consider(_ reading: Reading?, reordered: Bool, _ sequence: [Int]) {
      guard let reading else { return }
      guard let current = best else {
        best = (reading, reordered, sequence)
        return
      }
      if reading.head.count > current.reading.head.count
        || (reading.head.count == current.reading.head.count
          && confidence(of: reading) > confidence(of: current.reading))
      {
        best = (reading, reordered, sequence)
      }
    }

    var local: [Span] = []
    for span in whole where span.start >= part.start && span.end <= part.end {
      local.append(
        Span(start: span.start - part.start, end: span.end - part.start, entry: span.entry))
    }
    consider(read(foodPart, tokens, strict: false, found: local), reordered: false, foodPart)
    if primary + 1 < segments.count {
      let next = Array(segments[primary + 1].start..<segments[primary + 1].end)
      switch part.ending {
      case .punctuation:
        consider(read(next + foodPart, tokens, strict: true), reordered: true, next + foodPart)
      case .or:
        if let combined = combine(foodPart, or: next, tokens) {
          return combined
        }
      default:
        break
      }
    }
    if let of = foodPart.firstIndex(where: { tokens[$0].flags.contains(.ofWord) && !inside[$0] }),
      of > 0, of < foodPart.count - 1
    {
      let before = Array(foodPart[..<of])
      let after = Array(foodPart[(of + 1)...])
      consider(read(after + before, tokens, strict: true), reordered: true, after + before)
    }

    guard let (reading, reordered, sequence) = best else { return nil }
    // "vegan cream cheese", "dairy-free milk": a stand-in, not the food.
    if isAnimal[Int(reading.food)] {
      for position in sequence where tokens[position].blocks && !reading.head.contains(position) {
        return nil
      }
    }
    return result(reading, reordered: reordered, extra: count - reading.head.count, text)
  }

  /// Classifies the words of a name.
  private func tokens(_ text: FoodText) -> [Token] {
    var result: [Token] = []
    result.reserveCapacity(text.words.count)
    text.stems.withUnsafeBufferPointer { stems in
      for word in text.words {
        let stem = UnsafeBufferPointer(rebasing: stems[Int(word.stemStart)..<Int(word.stemEnd)])
        let info = words.value(for: stem)
        let id = info?.id ?? 0
        let flags = info?.flags ?? []
        // A break word that does not end the food part joins words: "bone-in", "skin-on".
        var ignorable =
          flags.contains(.descriptor) || flags.contains(.breakWord) || word.hasDigit
        if !ignorable {
          let length = Int(word.foldedEnd - word.foldedStart)
          if length <= 1 && id == 0 {
            ignorable = true
          } else if length > 4 {
            // Adverbs and participles the lists lack: "generously", "blistered".
            let last = text.folded[Int(word.foldedEnd) - 1]
            let secondLast = text.folded[Int(word.foldedEnd) - 2]
            if (secondLast == UInt8(ascii: "l") && last == UInt8(ascii: "y"))
              || (secondLast == UInt8(ascii: "e") && last == UInt8(ascii: "d"))
            {
              ignorable = true
            }
          }
        }
        result.append(
          Token(
            id: id, flags: flags, ignorable: ignorable, blocks: flags.contains(.blocker),
            breaksBefore: word.breaksBefore))
      }
    }
    return result
  }

  /// "low fat", "sugar free": the food word is a property. "dairy-free", "non-dairy": a
  /// stand-in.
  private func markProperties(_ tokens: inout [Token], _ text: FoodText) {
    guard tokens.count > 1 else { return }
    for position in 0..<(tokens.count - 1) {
      let this = tokens[position]
      let next = tokens[position + 1]
      if this.flags.contains(.propertyPrefix) && next.flags.contains(.propertyWord) {
        tokens[position + 1].ignorable = true
      }
      if this.flags.contains(.propertyWord) && next.flags.contains(.free) {
        tokens[position].ignorable = true
      }
      if this.flags.contains(.identityFree) && next.flags.contains(.free) {
        tokens[position].blocks = true
      }
      if text.folded(text.words[position], is: "non") && next.flags.contains(.identityFree) {
        tokens[position + 1].blocks = true
      }
      // "oil-cured", "honey-roasted", "vanilla-flavored": a food word before a participle
      // describes the next food.
      let nextWord = text.words[position + 1]
      let length = Int(nextWord.foldedEnd - nextWord.foldedStart)
      if next.ignorable && length > 3 {
        let end = Int(nextWord.foldedEnd)
        if (text.folded[end - 2] == UInt8(ascii: "e") && text.folded[end - 1] == UInt8(ascii: "d"))
          || text.folded(nextWord, is: "flavor") || text.folded(nextWord, is: "flavour")
        {
          tokens[position].ignorable = true
        }
      }
    }
  }

  /// Every catalog phrase in a reading, as spans of positions in `sequence`.
  private func spans(_ sequence: [Int], _ tokens: [Token], respectingBreaks: Bool) -> [Span] {
    var found: [Span] = []
    for start in sequence.indices {
      var key = PhraseKey()
      var end = start
      while end < sequence.count && end - start < Self.maximumPhraseLength {
        let token = tokens[sequence[end]]
        if token.id == 0 || (respectingBreaks && end > start && token.breaksBefore) { break }
        key.set(end - start, token.id)
        guard let node = node(key) else { break }
        if node.entry >= 0 {
          found.append(Span(start: start, end: end + 1, entry: entries[Int(node.entry)]))
        }
        if !node.continues { break }
        end += 1
      }
    }
    return found
  }

  /// The food a sequence of words names, if a reading holds; `strict` refuses unknown words.
  private func read(
    _ sequence: [Int], _ tokens: [Token], strict: Bool, found precomputed: [Span]? = nil
  ) -> Reading? {
    let found = precomputed ?? spans(sequence, tokens, respectingBreaks: false)
    guard !found.isEmpty else { return nil }
    let heads = found.sorted { a, b in
      a.end != b.end ? a.end > b.end : (a.end - a.start) > (b.end - b.start)
    }
    for head in heads {
      // Words after the head must not name anything.
      var holds = true
      for position in head.end..<sequence.count where !tokens[sequence[position]].ignorable {
        holds = false
        break
      }
      guard holds else { continue }

      // An earlier food that is a kind of the head names the food better: "portabella
      // mushrooms", "Jell-O orange flavor gelatin". Next to the head it joins it.
      let headFood = head.entry.food
      var food = headFood
      var rank = head.entry.rank
      var start = head.start
      var specialized = false
      for other in found
      where other.start < head.start && other.end <= head.end && other.entry.food != headFood
        && isSameOrDescendant(other.entry.food, of: headFood)
      {
        food = other.entry.food
        rank = other.entry.rank
        specialized = true
        if other.end >= head.start { start = min(start, other.start) }
        break
      }

      var unknown = 0
      var foodBefore = false
      for position in 0..<start {
        let token = tokens[sequence[position]]
        if token.ignorable { continue }
        var covered = false
        var related = false
        for span in found where span.start <= position && position < span.end && span.end <= start {
          covered = true
          // The same food said twice, or with its family: "scallions green onions",
          // "pork spareribs", "bourbon whiskey".
          if isRelated(span.entry.food, headFood) { related = true }
        }
        if related { continue }
        if covered {
          foodBefore = true
        } else {
          unknown += 1
        }
      }
      if foodBefore && !takesFlavours[Int(food)] { continue }
      if unknown > 0 && (strict || isStrict[Int(food)]) { continue }
      let positions = (start..<head.end).map { sequence[$0] }
      return Reading(
        food: food, rank: rank, head: positions, unknown: unknown, foodBefore: foodBefore,
        specialized: specialized)
    }
    return nil
  }

  /// "chicken or vegetable stock" → chicken stock; "lemon or lime juice" → lemon juice.
  private func combine(_ first: [Int], or second: [Int], _ tokens: [Token]) -> Result? {
    let firstWords = first.filter { !tokens[$0].ignorable }
    guard !firstWords.isEmpty, let reading = read(second, tokens, strict: false),
      reading.head.count > 1
    else { return nil }
    for tail in 1..<min(3, reading.head.count) {
      let ids = (firstWords + reading.head.suffix(tail)).map { tokens[$0].id }
      if let entry = entry(forWords: ids) {
        return Result(food: entry.food, kind: .descriptorsRemoved, confidence: 0.88)
      }
    }
    return nil
  }

  private func confidence(of reading: Reading) -> Double {
    if reading.foodBefore { return 0.65 }
    if reading.unknown > 0 { return max(0.5, 0.75 - 0.1 * Double(reading.unknown - 1)) }
    return reading.specialized ? 0.92 : 1
  }

  private func result(
    _ reading: Reading, reordered: Bool, extra: Int, _ text: FoodText
  )
    -> Result
  {
    if reading.foodBefore || reading.unknown > 0 {
      return Result(food: reading.food, kind: .contained, confidence: confidence(of: reading))
    }
    if reordered {
      return Result(food: reading.food, kind: .reordered, confidence: 0.93)
    }
    if extra > 0 {
      return Result(food: reading.food, kind: .descriptorsRemoved, confidence: 0.9)
    }
    let names = forms[Int(reading.food)]
    if written(reading.head, text, is: names[0]) {
      return Result(food: reading.food, kind: .exact, confidence: 1)
    }
    if written(reading.head, text, is: names[1]) {
      return Result(food: reading.food, kind: .plural, confidence: 0.98)
    }
    if names.dropFirst(2).contains(where: { written(reading.head, text, is: $0) }) {
      return Result(food: reading.food, kind: .synonym, confidence: 0.97)
    }
    if reading.specialized {
      return Result(food: reading.food, kind: .synonym, confidence: 0.92)
    }
    switch reading.rank {
    case .name, .plural:
      return Result(food: reading.food, kind: .plural, confidence: 0.96)
    case .synonym, .user:
      return Result(food: reading.food, kind: .synonym, confidence: 0.95)
    }
  }

  /// Whether the words at `positions`, joined by spaces, are the folded form `form`.
  private func written(_ positions: [Int], _ text: FoodText, is form: [UInt8]) -> Bool {
    var k = 0
    for (index, position) in positions.enumerated() {
      if index > 0 {
        guard k < form.count, form[k] == UInt8(ascii: " ") else { return false }
        k += 1
      }
      let word = text.words[position]
      for byte in Int(word.foldedStart)..<Int(word.foldedEnd) {
        guard k < form.count, form[k] == text.folded[byte] else { return false }
        k += 1
      }
    }
    return k == form.count
  }
}
