import Foundation

/// The hand-written reading of a line: one label per token.
///
/// The rules find amounts first (a quantity, then a unit only right after it or after a size
/// word, or a vague unit such as "pinch" opening the line), then split the rest into clauses at
/// top-level commas and parentheses. The first clause holds the food, led by size and
/// preparation words; later clauses are preparation when they open with a preparation word,
/// purpose when they open with "for"/"to" and a purpose ("for frying", "to serve"), amounts when
/// they are one ("about 10 ounces each"), and comment otherwise.
///
/// The tagger takes these labels as features and corrects them where the data says otherwise.
struct IngredientRules: Sendable {
  /// Whether a line is a section header such as "For the sauce:" rather than an ingredient:
  /// no numbers, at most eight words, and either a final colon, or "for" first with at most
  /// six words and no comma, or all capitals (two to five words, or one such as "SAUCE"; no
  /// comma or parenthesis).
  static func isSectionHeader(_ tokens: [TokenCore]) -> Bool {
    var words = 0
    var letters = 0
    var hasLower = false
    var hasComma = false
    var firstWord: UInt64 = 0
    for index in tokens.indices {
      switch tokens[index].kind {
      case .number:
        return false
      case .word:
        words += 1
        if words > 8 { return false }
        if firstWord == 0 { firstWord = tokens[index].hash }
        letters += Int(tokens[index].length)
        if tokens[index].flags & TokenCore.lowerCase != 0 { hasLower = true }
      case .punctuation:
        if tokens[index].isSymbol(",") || tokens[index].isSymbol("(") { hasComma = true }
      }
    }
    guard words > 0, let last = tokens.indices.last else { return false }
    if tokens[last].isSymbol(":") { return true }
    // "For garnish: lemon slices" names an ingredient after its colon.
    if tokens.contains(where: { $0.isSymbol(":") }) { return false }
    if firstWord == IngredientWords.forWord, words <= 6,
      !tokens.contains(where: { $0.isSymbol(",") })
    {
      return true
    }
    guard !hasLower, letters >= 4, words <= 5, !hasComma else { return false }
    return words > 1 || tokens.contains { $0.has(IngredientWords.sectionWord) }
  }

  let tokens: [TokenCore]
  var labels: [IngredientLabel]
  /// Parenthesis depth of each token (0 outside).
  let depth: [Int]

  init(tokens: [TokenCore]) {
    self.tokens = tokens
    var labels = [IngredientLabel](repeating: .comment, count: tokens.count)
    var depth = [Int](repeating: 0, count: tokens.count)
    var level = 0
    for index in tokens.indices {
      let symbol = tokens[index].symbol
      if tokens[index].isPunctuation { labels[index] = .punctuation }
      if symbol == 0x29 || symbol == 0x5D { level = max(0, level - 1) }
      depth[index] = level
      if symbol == 0x28 || symbol == 0x5B { level += 1 }
    }
    self.labels = labels
    self.depth = depth
  }

  /// The labels for a line's tokens; a section header's words are all comment.
  static func labels(
    for tokens: [TokenCore], isSectionHeader: Bool? = nil
  )
    -> [IngredientLabel]
  {
    var rules = IngredientRules(tokens: tokens)
    if isSectionHeader ?? Self.isSectionHeader(tokens) { return rules.labels }
    rules.labelLine()
    return rules.labels
  }

  // MARK: - Token questions

  var count: Int { tokens.count }

  typealias Words = IngredientWords

  /// Whether token `index` is the word with this hash.
  @inline(__always)
  func isWord(_ index: Int, _ hash: UInt64) -> Bool {
    index < count && tokens[index].kind == .word && tokens[index].hash == hash
  }

  /// Whether token `index` is a word with a lexicon flag.
  @inline(__always)
  func has(_ index: Int, _ flag: UInt32) -> Bool {
    index < count && tokens[index].kind == .word && tokens[index].info.flags & flag != 0
  }

  func isWordToken(_ index: Int) -> Bool { index < count && tokens[index].kind == .word }

  func isPunctuation(_ index: Int, _ scalar: Unicode.Scalar) -> Bool {
    index < count && tokens[index].symbol == scalar.value
  }

  func isOpen(_ index: Int) -> Bool {
    index < count && (tokens[index].symbol == 0x28 || tokens[index].symbol == 0x5B)
  }
  func isClose(_ index: Int) -> Bool {
    index < count && (tokens[index].symbol == 0x29 || tokens[index].symbol == 0x5D)
  }

  /// Whether a word reads as a preparation: a preparation word or participle ("-ed") or
  /// adverb ("-ly") that is not one of the participles that name foods ("ground", "smoked").
  func looksLikePreparation(_ index: Int) -> Bool {
    guard isWordToken(index) else { return false }
    let info = tokens[index].info
    if info.has(Words.nameParticiple) { return false }
    if info.has(Words.preparation) { return true }
    return tokens[index].length > 4
      && tokens[index].flags & (TokenCore.endsInED | TokenCore.endsInLY) != 0
  }

  /// The end of a quantity at `index` (a number, or a number word), else nil.
  func quantityEnd(_ index: Int, allowWords: Bool) -> Int? {
    guard index < count else { return nil }
    if tokens[index].isNumber { return index + 1 }
    guard allowWords, isWordToken(index) else { return nil }
    if has(index, Words.vagueCount), !isWord(index, Words.some) {
      return isWord(index + 1, Words.of) ? index + 2 : index + 1
    }
    if has(index, Words.numberWord) {
      if isWord(index, Words.half) || isWord(index, Words.quarter) {
        // "half a teaspoon", "half bunch": only when something amount-like follows.
        let next = index + 1
        if isWord(next, Words.a) || isWord(next, Words.an) || unitEnd(next) != nil {
          return next
        }
        return nil
      }
      return index + 1
    }
    return nil
  }

  /// The end of a unit at `index` ("cup", "fl oz", "fl. oz", "fluid ounces"), else nil.
  func unitEnd(_ index: Int) -> Int? {
    guard isWordToken(index) else { return nil }
    if tokens[index].info.has(Words.unitPhraseStart) {
      let hash = tokens[index].hash
      if isWordToken(index + 1),
        IngredientWords.info(IngredientWords.phraseHash(hash, tokens[index + 1].hash)).unit >= 0
      {
        return index + 2
      }
      if isPunctuation(index + 1, "."), isWordToken(index + 2),
        IngredientWords.info(IngredientWords.phraseHash(hash, tokens[index + 2].hash)).unit >= 0
      {
        return index + 3
      }
    }
    return tokens[index].unit >= 0 ? index + 1 : nil
  }

  /// Reads an amount at `index`: a quantity, then modifiers or a size word, then a unit.
  /// Returns the end and whether a unit was found; labels nothing.
  func amountEnd(_ index: Int, allowWords: Bool) -> (end: Int, unitStart: Int?)? {
    guard let afterQuantity = quantityEnd(index, allowWords: allowWords) else { return nil }
    var next = afterQuantity
    if isWord(next, Words.a) || isWord(next, Words.an) { next += 1 }
    var scan = next
    while has(scan, Words.amountModifier | Words.size), scan - next < 3 { scan += 1 }
    if isPunctuation(scan, "-"), scan > next || tokens[next - 1].isNumber { scan += 1 }
    if let end = unitEnd(scan) {
      if tokens[scan].length == 1, !tokens[scan].isGlued, end < count,
        tokens[end].symbol == 0x27 || tokens[end].symbol == 0x2019
      {
        return (afterQuantity, nil)
      }
      return (end, scan)
    }
    if isPunctuation(afterQuantity, "-"), let end = unitEnd(afterQuantity + 1) {
      return (end, afterQuantity + 1)
    }
    return (afterQuantity, nil)
  }

  /// Labels an amount read by ``amountEnd(_:allowWords:)``.
  mutating func labelAmount(_ index: Int, end: Int, unitStart: Int?) {
    for position in index..<end where !tokens[position].isPunctuation {
      if let unitStart, position >= unitStart {
        labels[position] = .unit
      } else if position == index {
        labels[position] = .quantity
      } else if has(position, Words.size) {
        labels[position] = .size
      } else {
        labels[position] = .comment
      }
    }
  }

  // MARK: - The line

  mutating func labelLine() {
    var index = 0
    while index < count, tokens[index].isPunctuation, !isOpen(index) { index += 1 }
    index = labelLeadingAmounts(from: index)
    labelClauses(from: index)
  }

  /// Labels the amounts that open a line; returns where the rest begins.
  mutating func labelLeadingAmounts(from start: Int) -> Int {
    var index = start
    // Modifiers before the quantity: "about 2 cups", "a pinch", "scant ½ cup".
    var scan = index
    while has(scan, Words.amountModifier), scan - index < 3 { scan += 1 }
    let opensWithAmount =
      quantityEnd(scan, allowWords: true) != nil
      || (scan > index && vagueUnitEnd(scan) != nil)
    if opensWithAmount {
      for position in index..<scan { labels[position] = .comment }
      index = scan
    }
    guard let first = amountEnd(index, allowWords: true) else {
      // "pinch of salt", "a small bunch mint", "large handful basil".
      var sizeScan = index
      while has(sizeScan, Words.size | Words.amountModifier), sizeScan - index < 3 { sizeScan += 1 }
      if let end = vagueUnitEnd(sizeScan) {
        for position in index..<sizeScan {
          labels[position] = has(position, Words.size) ? .size : .comment
        }
        for position in sizeScan..<end where !tokens[position].isPunctuation {
          labels[position] = .unit
        }
        return skipOf(end)
      }
      return start
    }
    labelAmount(index, end: first.end, unitStart: first.unitStart)
    index = first.end
    index = labelFollowingAmounts(from: index, hasUnit: first.unitStart != nil)
    return skipOf(index)
  }

  /// A vague or count unit that may open a line without a number: "pinch", "handful", "bunch".
  func vagueUnitEnd(_ index: Int) -> Int? {
    guard let end = unitEnd(index), end == index + 1 else { return nil }
    let unitIndex = tokens[index].unit
    guard unitIndex >= 0, end < count, tokens[end].isWord else { return nil }
    switch IngredientUnit.all[Int(unitIndex)].id {
    case "pinch", "dash", "splash", "handful", "knob", "bunch", "sprig", "drop", "smidgen":
      return end
    default:
      return nil
    }
  }

  /// "of" after an amount is a comment ("a pinch of salt").
  mutating func skipOf(_ index: Int) -> Int {
    if isWord(index, Words.of) {
      labels[index] = .comment
      return index + 1
    }
    return index
  }

  /// Labels amounts that follow the first: "/5oz", "(250 ml)", "(14 oz) can", "x 400g tins",
  /// "9oz" after "1lb".
  mutating func labelFollowingAmounts(from start: Int, hasUnit: Bool) -> Int {
    var index = start
    var hasUnit = hasUnit
    var rounds = 0
    while index < count, rounds < 6 {
      rounds += 1
      // "x 400g", "x400g".
      if isWord(index, Words.x), let amount = amountEnd(index + 1, allowWords: false),
        tokens[index + 1].isNumber
      {
        labels[index] = .quantity
        labelAmount(index + 1, end: amount.end, unitStart: amount.unitStart)
        index = amount.end
        continue
      }
      // "/5oz", "/ 150 g".
      if isPunctuation(index, "/"), let amount = amountEnd(index + 1, allowWords: false),
        amount.unitStart != nil
      {
        labelAmount(index + 1, end: amount.end, unitStart: amount.unitStart)
        index = amount.end
        continue
      }
      // "1lb 9oz", "2 14-ounce cans".
      if tokens[index].isNumber, let amount = amountEnd(index, allowWords: false),
        amount.unitStart != nil
      {
        labelAmount(index, end: amount.end, unitStart: amount.unitStart)
        index = amount.end
        continue
      }
      // "(250 ml)", "(about 8 ounces)", "(6 to 8 ounces each)", "(5 tablespoons/70 grams)".
      if isOpen(index), let end = labelParenthesizedAmount(index) {
        index = end
        continue
      }
      // The container after a size: "(14 oz) can", "400g tins".
      if !hasUnit, let end = unitEnd(index), index > start {
        for position in index..<end where !tokens[position].isPunctuation {
          labels[position] = .unit
        }
        hasUnit = true
        index = end
        continue
      }
      break
    }
    return index
  }

  /// Labels a parenthesized group that holds amounts; returns the index after ")".
  mutating func labelParenthesizedAmount(_ open: Int) -> Int? {
    var index = open + 1
    var modifiers: [Int] = []
    while has(index, Words.amountModifier) {
      modifiers.append(index)
      index += 1
    }
    guard let first = amountEnd(index, allowWords: false), first.unitStart != nil else {
      return nil
    }
    var pending: [(Int, Int, Int?)] = [(index, first.end, first.unitStart)]
    index = first.end
    var trailing: [Int] = []
    while index < count, !isClose(index) {
      if tokens[index].isPunctuation || isWord(index, Words.or) || isWord(index, Words.and) {
        if isWordToken(index) { trailing.append(index) }
        index += 1
        continue
      }
      if let amount = amountEnd(index, allowWords: false), amount.unitStart != nil {
        pending.append((index, amount.end, amount.unitStart))
        index = amount.end
        continue
      }
      if isWordToken(index),
        Words.amountTrailers.contains(tokens[index].hash) || has(index, Words.amountModifier)
      {
        trailing.append(index)
        index += 1
        continue
      }
      return nil
    }
    guard index < count else { return nil }
    for position in modifiers + trailing { labels[position] = .comment }
    for (start, end, unitStart) in pending {
      labelAmount(start, end: end, unitStart: unitStart)
    }
    return index + 1
  }

  // MARK: - Clauses

  /// A run of tokens between top-level separators, or one parenthesized group.
  struct Clause {
    var start: Int
    var end: Int
    var isParenthesized: Bool
  }

  func clauses(from start: Int) -> [Clause] {
    var clauses: [Clause] = []
    var index = start
    var clauseStart = start
    func close(_ end: Int, _ into: inout [Clause]) {
      if end > clauseStart {
        into.append(Clause(start: clauseStart, end: end, isParenthesized: false))
      }
    }
    while index < count {
      if tokens[index].isPunctuation, depth[index] == 0 {
        if isOpen(index) {
          close(index, &clauses)
          var end = index + 1
          while end < count, !(isClose(end) && depth[end] == 0) { end += 1 }
          clauses.append(Clause(start: index + 1, end: min(end, count), isParenthesized: true))
          index = end + 1
          clauseStart = index
          continue
        }
        let symbol = tokens[index].symbol
        let separates =
          symbol == 0x2C || symbol == 0x3B || symbol == 0x3A
          || ((symbol == 0x2D || symbol == 0x2013 || symbol == 0x2014)
            && !tokens[index].isGlued && index + 1 < count && !tokens[index + 1].isGlued)
        if separates {
          close(index, &clauses)
          clauseStart = index + 1
        }
      }
      index += 1
    }
    close(count, &clauses)
    return clauses
  }

  mutating func labelClauses(from start: Int) {
    let parts = clauses(from: start)
    var named = false
    for clause in parts {
      if labelAmountClause(clause) { continue }
      if clause.isParenthesized {
        labelComment(clause)
        continue
      }
      if !named, hasWord(clause) {
        if labelNameClause(clause) { named = true }
        continue
      }
      labelLaterClause(clause)
    }
  }

  func hasWord(_ clause: Clause) -> Bool {
    (clause.start..<clause.end).contains { tokens[$0].isWord || tokens[$0].isNumber }
  }

  mutating func labelComment(_ clause: Clause) {
    labelRange(clause.start, clause.end, .comment)
    labelPurposeInside(clause.start, clause.end)
  }

  mutating func labelRange(_ start: Int, _ end: Int, _ label: IngredientLabel) {
    for position in start..<end where !tokens[position].isPunctuation { labels[position] = label }
  }

  /// A clause that is only an amount ("about 10 ounces (280 g) each", "3 tablespoons").
  mutating func labelAmountClause(_ clause: Clause) -> Bool {
    var index = clause.start
    while has(index, Words.amountModifier), index < clause.end { index += 1 }
    guard index < clause.end, tokens[index].isNumber,
      let amount = amountEnd(index, allowWords: false), amount.unitStart != nil,
      amount.end <= clause.end
    else { return false }
    var rest = amount.end
    while rest < clause.end {
      if tokens[rest].isPunctuation {
        rest += 1
        continue
      }
      if isWordToken(rest), Words.clauseAmountTrailers.contains(tokens[rest].hash) {
        rest += 1
        continue
      }
      if let more = amountEnd(rest, allowWords: false), more.unitStart != nil,
        more.end <= clause.end
      {
        rest = more.end
        continue
      }
      return false
    }
    labelRange(clause.start, clause.end, .comment)
    var position = index
    while position < clause.end {
      if let more = amountEnd(position, allowWords: false), more.unitStart != nil,
        more.end <= clause.end
      {
        labelAmount(position, end: more.end, unitStart: more.unitStart)
        position = more.end
      } else {
        position += 1
      }
    }
    return true
  }

  /// Labels the clause that names the food; false when it holds no name.
  mutating func labelNameClause(_ clause: Clause) -> Bool {
    var index = clause.start
    let end = clause.end
    // "juice of 2 limes", "zest of 1 lemon": the words before "of" are preparation.
    if let ofIndex = (index..<end).first(where: { isWord($0, Words.of) }), ofIndex > index,
      ofIndex - index <= 3, ofIndex + 1 < end, quantityEnd(ofIndex + 1, allowWords: true) != nil,
      let amount = amountEnd(ofIndex + 1, allowWords: true)
    {
      labelRange(index, ofIndex + 1, .preparation)
      labelAmount(ofIndex + 1, end: amount.end, unitStart: amount.unitStart)
      index = amount.end
    }
    // Leading size and preparation words: "large", "finely chopped". A preparation word
    // counts only when a name follows; computed once, so long runs stay linear.
    var nameFollows: Bool?
    while index < end, isWordToken(index) {
      if has(index, Words.size) {
        labels[index] = .size
      } else if isWord(index, Words.extra), has(index + 1, Words.size) {
        labels[index] = .size
      } else if looksLikePreparation(index), nameFollows ?? hasNameAfter(index + 1, end) {
        nameFollows = true
        labels[index] = .preparation
      } else if isWord(index, Words.and), index > clause.start, labels[index - 1] == .preparation,
        looksLikePreparation(index + 1)
      {
        labels[index] = .preparation
      } else if isWord(index, Words.of) || isWord(index, Words.a) || isWord(index, Words.an) {
        labels[index] = .comment
      } else {
        break
      }
      index += 1
    }
    // The name runs to a purpose, a comment phrase or the end of the clause.
    var nameEnd = end
    var position = index
    while position < end {
      if purposeStarts(position) || commentStarts(position) {
        nameEnd = position
        break
      }
      position += 1
    }
    // Trailing participles: "2 eggs beaten".
    var trailing = nameEnd
    while trailing - 1 > index, has(trailing - 1, Words.preparation),
      !has(trailing - 1, Words.nameParticiple), tokens[trailing - 1].flags & TokenCore.endsInED != 0
    {
      trailing -= 1
    }
    var named = false
    for position in index..<trailing where !tokens[position].isPunctuation {
      labels[position] = .name
      named = true
    }
    labelRange(trailing, nameEnd, .preparation)
    if nameEnd < end { labelLaterClause(Clause(start: nameEnd, end: end, isParenthesized: false)) }
    return named
  }

  func hasNameAfter(_ start: Int, _ end: Int) -> Bool {
    var index = start
    while index < end {
      if isWordToken(index) {
        if !looksLikePreparation(index), !has(index, Words.amountModifier),
          !isWord(index, Words.and), !isWord(index, Words.of)
        {
          return !purposeStarts(index) && !commentStarts(index)
        }
      } else if tokens[index].isNumber {
        return false
      }
      index += 1
    }
    return false
  }

  /// "for frying", "to serve", "for the pan".
  func purposeStarts(_ index: Int) -> Bool {
    guard isWordToken(index) else { return false }
    if isWord(index, Words.garnish) || isWord(index, Words.garnishes) { return true }
    guard isWord(index, Words.forWord) || isWord(index, Words.to), isWordToken(index + 1) else {
      return false
    }
    if isWord(index + 1, Words.the) {
      return isWord(index, Words.forWord) && isWordToken(index + 2)
        && !isWord(index + 2, Words.sauce)
        && !isWord(index + 2, Words.dressing)
    }
    return has(index + 1, Words.purpose)
  }

  /// "to taste", "as needed", "optional", "plus more", "such as".
  func commentStarts(_ index: Int) -> Bool {
    guard isWordToken(index) else { return false }
    let hash = tokens[index].hash
    let next = isWordToken(index + 1) ? tokens[index + 1].hash : 0
    switch hash {
    case Words.optional, Words.optionally, Words.plus, Words.ifWord, Words.about,
      Words.approximately, Words.approx:
      return true
    case Words.to: return next == Words.taste
    case Words.asWord: return Words.needed.contains(next)
    case Words.such: return next == Words.asWord
    case Words.or: return Words.orComment.contains(next)
    default: return false
    }
  }

  mutating func labelLaterClause(_ clause: Clause) {
    var index = clause.start
    while index < clause.end, tokens[index].isPunctuation { index += 1 }
    guard index < clause.end else { return }
    if purposeStarts(index) {
      labelRange(index, clause.end, .purpose)
      return
    }
    if commentStarts(index) || has(index, Words.commentStarter) {
      labelRange(clause.start, clause.end, .comment)
      labelPurposeInside(index + 1, clause.end)
      return
    }
    let isPreparation =
      looksLikePreparation(index) || (isWord(index, Words.at) && isWord(index + 1, Words.room))
      || isWord(index, Words.room) || isWord(index, Words.cut) || isWord(index, Words.into)
    labelRange(clause.start, clause.end, isPreparation ? .preparation : .comment)
    labelPurposeInside(index + 1, clause.end)
  }

  /// A purpose phrase at the end of a clause: "cut into wedges for serving".
  mutating func labelPurposeInside(_ start: Int, _ end: Int) {
    var index = start
    while index < end {
      if purposeStarts(index), !isWord(index, Words.garnish) {
        labelRange(index, end, .purpose)
        return
      }
      index += 1
    }
  }
}
