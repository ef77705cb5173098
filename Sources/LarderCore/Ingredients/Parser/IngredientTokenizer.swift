import Foundation

/// Splits an ingredient line into numbers, words and punctuation, keeping UTF-16 spans.
///
/// - Numbers: integers; decimals with "." or "," ("1,5" is 1.5, but "1,000" is 1000); fractions
///   "1/2" (both parts at most two digits, so "400/14" stays two numbers); unicode fractions
///   "½ ⅓ ¼ ¾ ⅛ …"; mixed numbers "1 1/2", "1½", "1-1/2"; ranges "2-3", "2–3", "2 to 3", "2-to-3",
///   "2 or 3" when the second number is larger. Whole numbers in English words are one number
///   token where a word alone would be misread: with a fraction ("one and a half", "two-and-a-
///   quarter"), as a fraction ("two-thirds", "three quarters") or as a range ("three to four",
///   "two or three", "one-to-2"); a lone "two" stays a word, which the parser reads as a number.
///   A line opening with an article and a fraction ("a third", "an eighth") reads them as one
///   number, and a fraction joined to a measure there ("a half-cup", "quarter-pound") apart
///   from it.
///   An amount opening a line takes a fraction written after its measure ("a cup and a half",
///   "2 pounds and a quarter"): the number token holds the whole value, and the fraction's
///   words are passed over like markup.
/// - HTML tags pasted with a line ("<a href=…>", "</span>") are skipped like spaces.
/// - A number glued to letters is split at the boundary ("150g" → "150", "g"; "2x400g" →
///   "2", "x", "400", "g"), never inside the letters: "grams" stays one word.
/// - Words are runs of letters with inner apostrophes and hyphens ("baker's", "extra-virgin");
///   everything else is one punctuation token per character, so "1-" is a number and a "-".
///
/// Runs in time linear in the length of the line.
public struct IngredientTokenizer: Sendable {
  /// Makes a tokenizer.
  public init() {}

  /// The tokens of a line, in order.
  public func tokens(_ line: String) -> [IngredientToken] {
    let tokenized = read(line)
    return tokenized.cores.indices.map(tokenized.token)
  }

  /// Where the words of a fraction written after the opening amount's measure lie ("and a
  /// half" in "a cup and a half of flour"), which no token holds: their value is in the
  /// amount's number. Nil when the line has none. A line shown with its amount rescaled
  /// replaces them too.
  public func fractionAfterMeasure(in line: String) -> TextSpan? {
    var scanner = Scanner(line)
    scanner.run()
    return scanner.passedOver
  }

  /// The line's bytes and token records, for the parser.
  func read(_ line: String) -> TokenizedLine {
    var scanner = Scanner(line)
    scanner.run()
    return TokenizedLine(bytes: scanner.bytes, cores: scanner.tokens)
  }

  /// The value of a unicode vulgar fraction character such as "½", or nil.
  static func vulgarFraction(_ scalar: Unicode.Scalar) -> Double? {
    switch scalar.value {
    case 0xBD: return 1.0 / 2
    case 0xBC: return 1.0 / 4
    case 0xBE: return 3.0 / 4
    case 0x2153: return 1.0 / 3
    case 0x2154: return 2.0 / 3
    case 0x2155: return 1.0 / 5
    case 0x2156: return 2.0 / 5
    case 0x2157: return 3.0 / 5
    case 0x2158: return 4.0 / 5
    case 0x2159: return 1.0 / 6
    case 0x215A: return 5.0 / 6
    case 0x2150: return 1.0 / 7
    case 0x215B: return 1.0 / 8
    case 0x215C: return 3.0 / 8
    case 0x215D: return 5.0 / 8
    case 0x215E: return 7.0 / 8
    case 0x2151: return 1.0 / 9
    case 0x2152: return 1.0 / 10
    default: return nil
    }
  }
}

/// The scanning state: the line's UTF-8 bytes, and the UTF-16 offset reached so far.
private struct Scanner {
  enum Class: UInt8 { case digit, letter, space, other }

  let bytes: [UInt8]
  var tokens: [TokenCore] = []
  var sawSpace = true
  /// Where "and a half" after a line's opening amount and measure starts, and where it ends:
  /// its value is in the amount's number, and the words are passed over (see
  /// ``fractionAfterMeasure(_:)``).
  var added: (start: Int, end: Int)?
  /// The words of `added` once passed over, in UTF-16 offsets.
  var passedOver: TextSpan?
  /// UTF-16 offset of byte `utf16Byte`, advanced as tokens are emitted (always forwards).
  var utf16Byte = 0
  var utf16Offset = 0

  init(_ line: String) {
    bytes = Array(line.utf8)
    tokens.reserveCapacity(bytes.count / 4 + 2)
  }

  var count: Int { bytes.count }

  /// The scalar starting at byte `index` and its length in bytes.
  @inline(__always)
  func scalar(at index: Int) -> (Unicode.Scalar, Int) {
    let first = bytes[index]
    if first < 0x80 { return (Unicode.Scalar(first), 1) }
    var value: UInt32
    var length: Int
    if first >= 0xF0 {
      value = UInt32(first & 0x07)
      length = 4
    } else if first >= 0xE0 {
      value = UInt32(first & 0x0F)
      length = 3
    } else {
      value = UInt32(first & 0x1F)
      length = 2
    }
    let end = min(index + length, count)
    for position in (index + 1)..<max(index + 1, end) {
      value = (value << 6) | UInt32(bytes[position] & 0x3F)
    }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", max(1, end - index))
  }

  func scalar(_ index: Int) -> Unicode.Scalar? { index < count ? scalar(at: index).0 : nil }

  @inline(__always)
  func length(_ index: Int) -> Int {
    let first = bytes[index]
    if first < 0x80 { return 1 }
    if first >= 0xF0 { return min(4, count - index) }
    if first >= 0xE0 { return min(3, count - index) }
    return min(2, count - index)
  }

  static func classify(_ scalar: Unicode.Scalar) -> Class {
    let value = scalar.value
    if value < 0x80 {
      switch value {
      case 0x30...0x39: return .digit
      case 0x41...0x5A, 0x61...0x7A: return .letter
      case 0x09...0x0D, 0x20: return .space
      default: return .other
      }
    }
    if value == 0x200B || value == 0xFEFF || value == 0x2060 { return .space }
    let properties = scalar.properties
    if properties.isWhitespace { return .space }
    if IngredientTokenizer.vulgarFraction(scalar) != nil { return .other }
    if properties.isAlphabetic { return .letter }
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return .letter
    default: return .other
    }
  }

  @inline(__always)
  func classAt(_ index: Int) -> Class {
    let byte = bytes[index]
    if byte < 0x80 {
      switch byte {
      case 0x30...0x39: return .digit
      case 0x41...0x5A, 0x61...0x7A: return .letter
      case 0x09...0x0D, 0x20: return .space
      default: return .other
      }
    }
    return Scanner.classify(scalar(at: index).0)
  }

  func isDigit(_ index: Int) -> Bool {
    index < count && bytes[index] >= 0x30 && bytes[index] <= 0x39
  }
  func isLetter(_ index: Int) -> Bool { index < count && classAt(index) == .letter }
  func isSpace(_ index: Int) -> Bool { index < count && classAt(index) == .space }
  func isByte(_ index: Int, _ byte: UInt8) -> Bool { index < count && bytes[index] == byte }
  func vulgar(_ index: Int) -> Double? {
    guard index < count, bytes[index] >= 0xC2 else { return nil }
    return IngredientTokenizer.vulgarFraction(scalar(at: index).0)
  }

  mutating func utf16(at byte: Int) -> Int {
    while utf16Byte < byte {
      let first = bytes[utf16Byte]
      if first & 0xC0 != 0x80 { utf16Offset += first >= 0xF0 ? 2 : 1 }
      utf16Byte += 1
    }
    return utf16Offset
  }

  mutating func emit(
    _ kind: IngredientToken.Kind, _ start: Int, _ end: Int, value: Double? = nil,
    maxValue: Double? = nil, form: IngredientToken.NumberForm? = nil
  ) {
    let span = TextSpan(start: utf16(at: start), end: utf16(at: end))
    var core = TokenCore(
      kind: kind, numberForm: form, isGlued: !sawSpace && !tokens.isEmpty, flags: 0, length: 0,
      symbol: 0, hash: 0, suffix2: 0, suffix3: 0, prefix3: 0, info: .none, shape: 0, unit: -1,
      value: value, maxValue: maxValue, span: span, byteStart: start, byteEnd: end)
    switch kind {
    case .number:
      core.shape = 100 + UInt64(form?.rawValue ?? 0)
    case .punctuation:
      core.symbol = scalar(at: start).0.value
      core.hash = bytes.withUnsafeBufferPointer {
        TaggerFeatures.hash(bytes: UnsafeBufferPointer(rebasing: $0[start..<end]))
      }
      core.shape = core.hash
    case .word:
      describeWord(&core)
    }
    tokens.append(core)
    sawSpace = false
  }

  /// Fills a word's hash, affixes, flags and lexicon facts.
  func describeWord(_ core: inout TokenCore) {
    let start = core.byteStart
    let end = core.byteEnd
    var flags: UInt8 = 0
    for index in start..<end {
      let byte = bytes[index]
      if byte >= 0x80 {
        flags |= TokenCore.nonASCII
      } else if byte >= 0x41 && byte <= 0x5A {
        flags |= TokenCore.upperCase
      } else if byte >= 0x61 && byte <= 0x7A {
        flags |= TokenCore.lowerCase
      }
    }
    func describe(_ lowered: UnsafeBufferPointer<UInt8>) {
      core.hash = TaggerFeatures.hash(bytes: lowered)
      let count = lowered.count
      if count > 3 {
        core.suffix2 =
          TaggerFeatures.hash(bytes: UnsafeBufferPointer(rebasing: lowered[(count - 2)...])) | 1
        core.suffix3 =
          TaggerFeatures.hash(bytes: UnsafeBufferPointer(rebasing: lowered[(count - 3)...])) | 2
        core.prefix3 = TaggerFeatures.hash(bytes: UnsafeBufferPointer(rebasing: lowered[..<3])) | 4
      }
      if count > 2 {
        let last = lowered[count - 1]
        let beforeLast = lowered[count - 2]
        if beforeLast == 0x65 && last == 0x64 { flags |= TokenCore.endsInED }
        if beforeLast == 0x6C && last == 0x79 { flags |= TokenCore.endsInLY }
      }
      core.length = UInt8(min(count, 255))
    }
    if flags & TokenCore.nonASCII != 0 {
      let text = bytes.withUnsafeBufferPointer {
        String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
      }
      var lowered = Array(text.lowercased().utf8)
      lowered.withUnsafeMutableBufferPointer { describe(UnsafeBufferPointer($0)) }
      var upper = false
      for scalar in text.unicodeScalars where scalar.properties.isUppercase { upper = true }
      if upper { flags |= TokenCore.upperCase }
      for scalar in text.unicodeScalars where scalar.properties.isLowercase {
        flags |= TokenCore.lowerCase
      }
    } else {
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: end - start) { lowered in
        for index in start..<end {
          let byte = bytes[index]
          lowered[index - start] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
        }
        describe(UnsafeBufferPointer(lowered))
      }
    }
    core.flags = flags
    core.shape = shape(start, end, flags)
    core.info = IngredientWords.info(core.hash)
    core.unit = core.info.unit
    if end - start <= IngredientWords.longestExactUnit {
      let exact =
        flags & TokenCore.upperCase == 0
        ? core.hash
        : bytes.withUnsafeBufferPointer {
          TaggerFeatures.hash(bytes: UnsafeBufferPointer(rebasing: $0[start..<end]))
        }
      if let unit = IngredientWords.exactUnit(exact) { core.unit = unit }
    }
  }

  mutating func run() {
    var index = 0
    while index < count {
      switch classAt(index) {
      case .space:
        sawSpace = true
        index += length(index)
      case .digit:
        index = scanNumber(index)
      case .letter:
        if let added, added.start == index {
          sawSpace = true
          passedOver = TextSpan(start: utf16(at: added.start), end: utf16(at: added.end))
          index = added.end
          self.added = nil
          continue
        }
        index = scanNumberWords(index) ?? scanWord(index)
      case .other:
        if bytes[index] == 0x5C, index + 1 < count,
          bytes[index + 1] == 0x74 || bytes[index + 1] == 0x6E || bytes[index + 1] == 0x72
        {
          // A literal "\t" or "\n" pasted from escaped text is whitespace.
          sawSpace = true
          index += 2
        } else if let end = htmlTagEnd(index) {
          // Markup pasted with a line ("<a href=…>marinara sauce</a>") is not its words.
          sawSpace = true
          index = end
        } else if vulgar(index) != nil || (bytes[index] == 0x2E && isDigit(index + 1)) {
          index = scanNumber(index)
        } else {
          let end = index + length(index)
          emit(.punctuation, index, end)
          index = end
        }
      }
    }
  }

  /// The end of an HTML tag opening at `index` ("<a href=\"…\">", "</span>", "<br/>"): a "<"
  /// followed by a letter, or by "/" and a letter, up to the next ">" with no "<" before it;
  /// else nil, so "<5 mm" and a lone "<" stay punctuation.
  func htmlTagEnd(_ index: Int) -> Int? {
    guard bytes[index] == 0x3C else { return nil }
    let nameStart = isByte(index + 1, 0x2F) ? index + 2 : index + 1
    guard nameStart < count, bytes[nameStart] < 0x80, isLetter(nameStart) else { return nil }
    var end = nameStart + 1
    while end < count {
      if bytes[end] == 0x3E { return end + 1 }
      if bytes[end] == 0x3C { return nil }
      end += 1
    }
    return nil
  }

  /// A word's case pattern and length: lower, CAPS, Capitalised or MiXed, whether it holds
  /// other characters (hyphens, apostrophes), and its length up to 7.
  func shape(_ start: Int, _ end: Int, _ flags: UInt8) -> UInt64 {
    var upper = 0
    var lower = 0
    var other = 0
    var firstUpper = false
    var length = 0
    if flags & TokenCore.nonASCII == 0 {
      for index in start..<end {
        let byte = bytes[index]
        if byte >= 0x41 && byte <= 0x5A {
          if length == 0 { firstUpper = true }
          upper += 1
        } else if byte >= 0x61 && byte <= 0x7A {
          lower += 1
        } else {
          other += 1
        }
        length += 1
      }
    } else {
      let text = bytes.withUnsafeBufferPointer {
        String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
      }
      for scalar in text.unicodeScalars {
        if scalar.properties.isUppercase {
          if length == 0 { firstUpper = true }
          upper += 1
        } else if scalar.properties.isLowercase {
          lower += 1
        } else {
          other += 1
        }
        length += 1
      }
    }
    var code: UInt64
    if upper == 0 {
      code = 1
    } else if lower == 0 {
      code = 2
    } else if firstUpper, upper == 1 {
      code = 3
    } else {
      code = 4
    }
    if other > 0 { code += 10 }
    code = code * 8 + UInt64(min(length, 7))
    return 200 + code
  }

  // MARK: - Words

  /// Apostrophes and hyphens that join letters: ' ’ - ‐.
  func joinerLength(_ index: Int) -> Int {
    let byte = bytes[index]
    if byte == 0x27 || byte == 0x2D { return 1 }
    if byte == 0xE2, index + 2 < count, bytes[index + 1] == 0x80,
      bytes[index + 2] == 0x99 || bytes[index + 2] == 0x90
    {
      return 3
    }
    return 0
  }

  mutating func scanWord(_ start: Int) -> Int {
    var index = start + length(start)
    while index < count {
      if classAt(index) == .letter {
        index += length(index)
        continue
      }
      let joiner = joinerLength(index)
      if joiner > 0, isLetter(index + joiner) {
        index += joiner
        continue
      }
      break
    }
    emit(.word, start, index)
    return index
  }

  // MARK: - Numbers in words

  /// Up to eight lowercase ASCII letters as one number, the first letter in the low byte: a
  /// word compared without making a string.
  static func key(_ word: String) -> UInt64 {
    var key: UInt64 = 0
    for (position, byte) in word.utf8.prefix(8).enumerated() {
      key |= UInt64(byte) << UInt64(8 * position)
    }
    return key
  }

  /// The lexicon's whole numbers in words (``IngredientLexicon/numberWords``: "one" to
  /// "twenty"), by ``key(_:)``.
  static let wholeNumberWords: [UInt64: Double] = Dictionary(
    uniqueKeysWithValues: IngredientLexicon.numberWords.filter {
      $0.value >= 1 && $0.value.rounded() == $0.value && $0.key.utf8.count <= 8
    }.map { (key($0.key), $0.value) })

  /// The parts a fraction in words divides by ("two-thirds", "three quarters"), and whether
  /// the word is plural: "two quarter pound patties" are patties, not half a pound.
  static let fractionWords: [UInt64: (parts: Double, plural: Bool)] = Dictionary(
    uniqueKeysWithValues: [
      ("half", 2, false), ("halves", 2, true), ("third", 3, false), ("thirds", 3, true),
      ("quarter", 4, false), ("quarters", 4, true), ("fourth", 4, false), ("fourths", 4, true),
      ("eighth", 8, false), ("eighths", 8, true),
    ].map { (key($0.0), (Double($0.1), $0.2)) })

  static let and = key("and")
  static let article = key("a")
  static let articleAn = key("an")
  static let one = key("one")
  static let half = key("half")
  static let quarter = key("quarter")

  /// The run of ASCII letters at `index`, lowercased into a ``key(_:)``, and its end; nil when
  /// other letters continue it or it is longer than any number word.
  func asciiWord(_ index: Int) -> (key: UInt64, end: Int)? {
    var end = index
    var key: UInt64 = 0
    while end < count, bytes[end] < 0x80, classAt(end) == .letter {
      guard end - index < 8 else { return nil }
      key |= UInt64(bytes[end] | 0x20) << UInt64(8 * (end - index))
      end += 1
    }
    guard end > index, !isLetter(end) else { return nil }
    return (key, end)
  }

  /// Whether a word ending at `end` goes on as one hyphenated or apostrophised word.
  func joinsOn(_ end: Int) -> Bool {
    end < count && joinerLength(end) > 0 && isLetter(end + joinerLength(end))
  }

  /// After `index`, one space run or one hyphen, then the word `key`: where the word ends,
  /// else nil.
  func separated(_ index: Int, by key: UInt64) -> Int? {
    var next = skipSpaces(index)
    if next == index {
      guard isByte(index, 0x2D) else { return nil }
      next = index + 1
    }
    guard let found = asciiWord(next), found.key == key else { return nil }
    return found.end
  }

  /// A whole number in words at `index`, with "and a half" or "and a quarter" after it, or
  /// as the top of a fraction ("two-thirds", "three quarters", "one half").
  func readWordNumber(_ index: Int) -> Simple? {
    guard let first = asciiWord(index), let whole = Self.wholeNumberWords[first.key] else {
      return nil
    }
    var next = skipSpaces(first.end)
    if next == first.end, isByte(next, 0x2D) { next += 1 }
    if next > first.end, let part = asciiWord(next),
      let fraction = Self.fractionWords[part.key], whole < fraction.parts,
      whole == 1 || fraction.plural || isByte(first.end, 0x2D)
    {
      return Simple(value: whole / fraction.parts, end: part.end, form: .fraction)
    }
    if let and = separated(first.end, by: Self.and),
      let article = separated(and, by: Self.article)
    {
      if let end = separated(article, by: Self.half) {
        return Simple(value: whole + 0.5, end: end, form: .mixed)
      }
      if let end = separated(article, by: Self.quarter) {
        return Simple(value: whole + 0.25, end: end, form: .mixed)
      }
    }
    return Simple(value: whole, end: first.end, form: .integer)
  }

  /// Measures spelt out that a fraction in words goes with: joined by a hyphen ("a half-cup",
  /// "quarter-pound"), where the fraction is read apart from the measure (any other joined
  /// word keeps the whole word: "half-and-half", "half-moons"), or with the fraction after
  /// them ("a cup and a half").
  static let measureWords: Set<String> = [
    "cup", "cups", "pound", "pounds", "pint", "pints", "quart", "quarts", "gallon", "gallons",
    "ounce", "ounces", "teaspoon", "teaspoons", "tablespoon", "tablespoons", "stick", "sticks",
    "dozen", "liter", "liters", "litre", "litres", "kilo", "kilos",
  ]

  /// A singular fraction in words at `index` ("half", "third", "quarter", "eighth") that ends
  /// a word or is joined by a hyphen to a measure ("half-cup"): its value and end.
  func readFractionWord(_ index: Int) -> Simple? {
    guard let part = asciiWord(index), let fraction = Self.fractionWords[part.key],
      !fraction.plural
    else { return nil }
    if joinsOn(part.end) {
      guard isByte(part.end, 0x2D) else { return nil }
      let end = asciiLettersEnd(part.end + 1)
      guard !isLetter(end), !joinsOn(end), measure(part.end + 1, end) else { return nil }
    }
    return Simple(value: 1 / fraction.parts, end: part.end, form: .fraction)
  }

  /// "a third", "an eighth", "a half-cup" opening a line: the article and a fraction as one
  /// number, so that "a third cup sugar" is a third of a cup; a line that opens with
  /// "half-cup" or "quarter-pound" reads its fraction too. Later in a line such words are
  /// words ("skin from a quarter of a lemon").
  func readArticleFraction(_ index: Int) -> Simple? {
    guard tokens.isEmpty, let first = asciiWord(index) else { return nil }
    if first.key == Self.article || first.key == Self.articleAn {
      let next = skipSpaces(first.end)
      guard next > first.end else { return nil }
      return readFractionWord(next)
    }
    guard joinsOn(first.end) else { return nil }
    return readFractionWord(index)
  }

  /// After the word ending at `end`: spaces, a measure (``measureWords``), spaces and
  /// "and a half" or "and a quarter" that no letter or other measure follows, as in "a cup
  /// and a half of flour" or "2 pounds and a half beef": the fraction, and where its words
  /// start and end.
  func fractionAfterMeasure(_ end: Int) -> (value: Double, start: Int, end: Int)? {
    let measureStart = skipSpaces(end)
    guard measureStart > end, isLetter(measureStart) else { return nil }
    let measureEnd = asciiLettersEnd(measureStart)
    guard !isLetter(measureEnd), measure(measureStart, measureEnd) else { return nil }
    let andStart = skipSpaces(measureEnd)
    guard andStart > measureEnd, let and = asciiWord(andStart), and.key == Self.and,
      let article = separated(and.end, by: Self.article)
    else { return nil }
    let value: Double
    let fractionEnd: Int
    if let end = separated(article, by: Self.half) {
      (value, fractionEnd) = (0.5, end)
    } else if let end = separated(article, by: Self.quarter) {
      (value, fractionEnd) = (0.25, end)
    } else {
      return nil
    }
    guard !joinsOn(fractionEnd) else { return nil }
    // "1 cup and a half cup": the second measure is its own amount.
    let next = skipSpaces(fractionEnd)
    if next > fractionEnd, isLetter(next), measure(next, asciiLettersEnd(next)) { return nil }
    return (value, andStart, fractionEnd)
  }

  /// Where the run of ASCII letters at `start` ends.
  func asciiLettersEnd(_ start: Int) -> Int {
    var end = start
    while end < count, classAt(end) == .letter, bytes[end] < 0x80 { end += 1 }
    return end
  }

  /// Whether the ASCII letters from `start` to `end` are one of ``measureWords``.
  func measure(_ start: Int, _ end: Int) -> Bool {
    guard end - start <= 12 else { return false }
    let word = bytes.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
    }
    return Self.measureWords.contains(word.lowercased())
  }

  /// A number in words that one word would misread, as one number token ("one and a half",
  /// "three to four", "a third", "a cup and a half"); nil where there is none, and the word is
  /// scanned as a word.
  mutating func scanNumberWords(_ start: Int) -> Int? {
    // "a cup and a half", "one pound and a quarter": the article is the amount, with the
    // fraction after the measure.
    if tokens.isEmpty, let first = asciiWord(start),
      first.key == Self.article || first.key == Self.articleAn || first.key == Self.one,
      let fraction = fractionAfterMeasure(first.end)
    {
      emit(.number, start, first.end, value: 1 + fraction.value, form: .mixed)
      added = (fraction.start, fraction.end)
      return first.end
    }
    if let fraction = readArticleFraction(start) {
      // "a quarter to 1/2 teaspoon", "a third to a half cup"
      if let index = rangeUpperStart(after: fraction.end),
        let upper = readArticleFraction(index) ?? readWordNumber(index)
          ?? (isDigit(index) ? readMixed(index) : nil),
        upper.value > fraction.value, !isLetter(upper.end), !joinsOn(upper.end)
      {
        emit(.number, start, upper.end, value: fraction.value, maxValue: upper.value, form: .range)
        return upper.end
      }
      emit(.number, start, fraction.end, value: fraction.value, form: fraction.form)
      // "a half-cup": the hyphen only joins the fraction to its measure, read as a space
      // ("a half-cup finely chopped onion" is half a cup, as "a half cup" is).
      if isByte(fraction.end, 0x2D) {
        sawSpace = true
        return fraction.end + 1
      }
      return fraction.end
    }
    guard let number = readWordNumber(start) else { return nil }
    // "two or three", "one to 2", "two-to-three"
    if let index = rangeUpperStart(after: number.end),
      let upper = readWordNumber(index) ?? (isDigit(index) ? readMixed(index) : nil),
      upper.value > number.value, !isLetter(upper.end), !joinsOn(upper.end)
    {
      emit(.number, start, upper.end, value: number.value, maxValue: upper.value, form: .range)
      return upper.end
    }
    guard number.form != .integer, !joinsOn(number.end) else { return nil }
    emit(.number, start, number.end, value: number.value, form: number.form)
    return number.end
  }

  // MARK: - Numbers

  /// A number without ranges or spaced mixed forms: "2", "1.5", "1,000", "1/2", "½", "1½".
  struct Simple {
    var value: Double
    var end: Int
    var form: IngredientToken.NumberForm
  }

  func digitsEnd(_ start: Int) -> Int {
    var index = start
    while isDigit(index) { index += 1 }
    return index
  }

  func integerValue(_ start: Int, _ end: Int) -> Double {
    var value = 0.0
    for index in start..<end { value = value * 10 + Double(bytes[index] - 0x30) }
    return value
  }

  func decimalValue(_ integer: Double, _ start: Int, _ end: Int) -> Double {
    var value = integer
    var scale = 0.1
    for index in start..<min(end, start + 12) {
      value += Double(bytes[index] - 0x30) * scale
      scale /= 10
    }
    return value
  }

  /// Whether the bytes at `index` are the fraction slash "/" or "⁄" (U+2044); its length.
  func slashLength(_ index: Int) -> Int {
    guard index < count else { return 0 }
    if bytes[index] == 0x2F { return 1 }
    if bytes[index] == 0xE2, index + 2 < count, bytes[index + 1] == 0x81, bytes[index + 2] == 0x84 {
      return 3
    }
    return 0
  }

  func readSimple(_ start: Int) -> Simple? {
    guard start < count else { return nil }
    if let fraction = vulgar(start) {
      return Simple(value: fraction, end: start + length(start), form: .fraction)
    }
    if bytes[start] == 0x2E, isDigit(start + 1) {
      let end = digitsEnd(start + 1)
      return Simple(value: decimalValue(0, start + 1, end), end: end, form: .decimal)
    }
    guard isDigit(start) else { return nil }
    let integerEnd = digitsEnd(start)
    var value = integerValue(start, integerEnd)
    var end = integerEnd
    var form = IngredientToken.NumberForm.integer
    let separator = end < count ? bytes[end] : 0
    let slash = slashLength(end)
    if separator == 0x2C || separator == 0x2E, isDigit(end + 1) {
      let fractionEnd = digitsEnd(end + 1)
      let digits = fractionEnd - (end + 1)
      if separator == 0x2C, digits == 3, integerEnd - start <= 3 {
        // Thousands: "1,000", "12,500,000".
        var groupEnd = fractionEnd
        value = value * 1000 + integerValue(end + 1, fractionEnd)
        while isByte(groupEnd, 0x2C), isDigit(groupEnd + 1),
          digitsEnd(groupEnd + 1) - (groupEnd + 1) == 3
        {
          let next = digitsEnd(groupEnd + 1)
          value = value * 1000 + integerValue(groupEnd + 1, next)
          groupEnd = next
        }
        end = groupEnd
      } else {
        value = decimalValue(value, end + 1, fractionEnd)
        end = fractionEnd
        form = .decimal
      }
    } else if slash > 0, isDigit(end + slash) {
      let denominatorEnd = digitsEnd(end + slash)
      let denominator = integerValue(end + slash, denominatorEnd)
      if integerEnd - start <= 2, denominatorEnd - (end + slash) <= 2, denominator > 0 {
        value /= denominator
        end = denominatorEnd
        form = .fraction
      }
    }
    if form == .integer, let fraction = vulgar(end) {
      value += fraction
      end += length(end)
      form = .mixed
    }
    return Simple(value: value, end: end, form: form)
  }

  func skipSpaces(_ start: Int) -> Int {
    var index = start
    while index < count, classAt(index) == .space { index += length(index) }
    return index
  }

  /// A number with its mixed forms: "1 1/2", "1 ½", "1-1/2".
  func readMixed(_ start: Int) -> Simple? {
    guard var first = readSimple(start) else { return nil }
    guard first.form == .integer else { return first }
    let afterSpace = skipSpaces(first.end)
    if afterSpace > first.end, let second = readSimple(afterSpace), second.form == .fraction,
      second.value < 1, !isDigit(second.end)
    {
      first.value += second.value
      first.end = second.end
      first.form = .mixed
    } else if isByte(first.end, 0x2D), !isByte(first.end + 1, 0x20),
      let second = readSimple(first.end + 1), second.form == .fraction, second.value < 1
    {
      first.value += second.value
      first.end = second.end
      first.form = .mixed
    }
    return first
  }

  mutating func scanNumber(_ start: Int) -> Int {
    guard let number = readMixed(start) else {
      let end = start + length(start)
      emit(.punctuation, start, end)
      return end
    }
    // Ordinals stay words: "1st", "2nd".
    if number.form == .integer, number.end + 2 <= count, isLetter(number.end),
      isLetter(number.end + 1), !isLetter(number.end + 2)
    {
      let suffix = (bytes[number.end] | 0x20, bytes[number.end + 1] | 0x20)
      let ordinal: [(UInt8, UInt8)] = [(0x73, 0x74), (0x6E, 0x64), (0x72, 0x64), (0x74, 0x68)]
      if ordinal.contains(where: { $0 == suffix }) {
        emit(.word, start, number.end + 2)
        return number.end + 2
      }
    }
    if let range = readRangeEnd(after: number) {
      emit(.number, start, range.end, value: number.value, maxValue: range.value, form: .range)
      return range.end
    }
    // "2 cups and a half": a whole number opening the line, its measure and a fraction after.
    if tokens.isEmpty, number.form == .integer, let fraction = fractionAfterMeasure(number.end) {
      emit(.number, start, number.end, value: number.value + fraction.value, form: .mixed)
      added = (fraction.start, fraction.end)
      return number.end
    }
    emit(.number, start, number.end, value: number.value, form: number.form)
    return number.end
  }

  /// Whether the word "to" or "or" starts at `index`, followed by a space or, in a size
  /// written as one word ("5-to-7-pound"), a hyphen.
  func isToOrOr(_ index: Int) -> Bool {
    guard index + 2 < count, isSpace(index + 2) || bytes[index + 2] == 0x2D else { return false }
    let word = (bytes[index] | 0x20, bytes[index + 1] | 0x20)
    return word == (0x74, 0x6F) || word == (0x6F, 0x72)
  }

  /// `index`, or past a hyphen there and the spaces after it.
  func skipHyphen(_ index: Int) -> Int {
    isByte(index, 0x2D) ? skipSpaces(index + 1) : index
  }

  /// The upper end of a range after `number`: "-3", "–3", " to 3", " or 3", "-to-3".
  func readRangeEnd(after number: Simple) -> Simple? {
    guard let index = rangeUpperStart(after: number.end), let upper = readMixed(index),
      upper.value > number.value
    else { return nil }
    return upper
  }

  /// Where a range's upper end would start after a number ending at `end`: past a dash
  /// ("-", "–", "—", "~"), "to" or "or" ("2 to 3", "4- to 5-pound", "5-to-7-pound"); nil when
  /// neither follows.
  func rangeUpperStart(after end: Int) -> Int? {
    var index = skipSpaces(end)
    let hadSpace = index > end
    guard index < count else { return nil }
    let byte = bytes[index]
    let isDash =
      byte == 0x2D || byte == 0x7E
      || (byte == 0xE2 && index + 2 < count && bytes[index + 1] == 0x80
        && (bytes[index + 2] == 0x93 || bytes[index + 2] == 0x94))
    if isDash {
      index = skipSpaces(index + length(index))
      // "4- to 5-pound": a hyphen left hanging before "to"; "5-to-7-pound", "12- to -14-
      // pound": one after it too.
      if isToOrOr(index) { index = skipHyphen(skipSpaces(index + 2)) }
    } else if hadSpace, isToOrOr(index) {
      index = skipHyphen(skipSpaces(index + 2))
    } else {
      return nil
    }
    return index
  }
}
