import Foundation

extension IngredientEvaluation {
  /// The two label layouts in `shared/data/ingredient-lines`, told apart by their header.
  public enum LabelFormat: String, Hashable, Sendable {
    /// strangetom/ingredient-parser exports: `input,name,quantity,unit,size,preparation,
    /// comment,purpose`, each label the tokens carrying it, joined by spaces (fractions as
    /// `#1$2`, mixed numbers as `1#1$2`, ranges as `#3$4-1`; the older allrecipes export
    /// writes decimals).
    case strangetom
    /// The NYT ingredient-phrase-tagger labels: `input,name,qty,range_end,unit,comment`, with
    /// `qty` and `range_end` as floats (0.0 for none) and `unit` a singular word.
    case nyt

    /// The format a header belongs to, or nil when it is neither.
    public init?(header: [String]) {
      let columns = Set(header)
      if columns.isSuperset(of: ["input", "name", "quantity", "unit"]) {
        self = .strangetom
      } else if columns.isSuperset(of: ["input", "name", "qty", "range_end", "unit"]) {
        self = .nyt
      } else {
        return nil
      }
    }
  }

  /// One labeled line, with the answers a parser should give.
  ///
  /// The label's quantity and unit fields list every quantity and unit in the sentence, in
  /// order ("150g/5¼oz" → `150 5#1$4`, `g oz`), with no word on which unit goes with which
  /// number. The line's expected amount is its *first quantity* and *that quantity's unit*:
  /// - ``quantity`` is the first quantity token, or the lower bound of a range.
  /// - ``unit`` is the canonical unit of the first quantity. When the label holds one
  ///   quantity, that is its first unit. When it holds several, the unit is found in the
  ///   sentence: the first of the label's units that follows the first quantity before any
  ///   other number, stepping over parentheses ("1 (14 oz) can" → can), sizes written with a
  ///   hyphen ("1 14-ounce can" → can) and the size of each piece right after the quantity
  ///   ("2 x 400g tins", "Two 14.5 oz (411g) cans" → can). So "4 large tomatoes (about 1½
  ///   pounds)" expects no unit, as does "4 x 85g salmon fillets".
  /// - ``firstListedUnit`` is the first unit the label lists, the simpler reading, which is
  ///   wrong for the lines above; the benchmark reports it too, for comparison.
  public struct LabeledLine: Hashable, Sendable {
    /// The sentence.
    public var input: String
    /// The label's name ("" when the label has none).
    public var name: String
    /// The first quantity, or the lower bound of a range; nil when the label has no number
    /// ("a few", no quantity at all).
    public var quantity: Double?
    /// The upper bound of the first quantity's range; nil when it is not a range.
    public var quantityMax: Double?
    /// Whether the label says if the first quantity is a range, so that a predicted upper
    /// bound can be checked. False for the NYT file, whose `range_end` is 0.0 even for
    /// "3 to 4".
    public var knowsQuantityMax: Bool
    /// How far a predicted quantity may be from the label's: 10^-d for labels written as
    /// decimals with d ≥ 2 places (the NYT and older allrecipes labels round thirds and
    /// eighths: 0.33, 0.67, 0.13, 0.333), else 1e-6.
    public var quantityTolerance: Double
    /// The canonical unit (``IngredientUnit/id``) of the first quantity; nil for none or one
    /// Larder does not know.
    public var unit: String?
    /// The canonical unit of the first unit the label lists, skipping size words such as
    /// "small" or "heaped"; nil when that unit is one Larder does not know.
    public var firstListedUnit: String?
    /// The label's quantity field as written.
    public var quantityLabel: String
    /// The label's unit field as written.
    public var unitLabel: String

    /// Makes a labeled line.
    public init(
      input: String, name: String, quantity: Double?, quantityMax: Double? = nil,
      knowsQuantityMax: Bool = true, quantityTolerance: Double = 1e-6, unit: String?,
      firstListedUnit: String? = nil, quantityLabel: String = "", unitLabel: String = ""
    ) {
      self.input = input
      self.name = name
      self.quantity = quantity
      self.quantityMax = quantityMax
      self.knowsQuantityMax = knowsQuantityMax
      self.quantityTolerance = quantityTolerance
      self.unit = unit
      self.firstListedUnit = firstListedUnit ?? unit
      self.quantityLabel = quantityLabel
      self.unitLabel = unitLabel
    }
  }

  /// The labeled lines of one file, and what was left out.
  public struct LabeledFile: Hashable, Sendable {
    /// The file's name, as given.
    public var name: String
    /// Its layout.
    public var format: LabelFormat
    /// Every record in the file.
    public var rowCount: Int
    /// The lines to score, in file order.
    public var lines: [LabeledLine]
    /// Records without a label: name, quantity and unit all empty (strangetom's two largest
    /// files keep most labels only in their training database).
    public var unlabeledCount: Int
    /// Records whose input is empty (30 upstream defects in the NYT file).
    public var emptyInputCount: Int
  }

  /// Reads a labeled CSV file, skipping records without labels or without input.
  ///
  /// - Throws: ``LarderCoreError/invalidField(field:value:reason:item:)`` when the CSV is
  ///   malformed or its header is neither layout.
  public static func readLabeledFile(named name: String, csv text: String) throws -> LabeledFile {
    let table = try CSVTable.read(text)
    guard let format = LabelFormat(header: table.header) else {
      throw LarderCoreError.invalidField(
        field: "header", value: table.header.joined(separator: ","),
        reason: "\(name): not a strangetom or NYT ingredient label file")
    }
    let columns = Dictionary(
      table.header.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
    var file = LabeledFile(
      name: name, format: format, rowCount: table.records.count, lines: [], unlabeledCount: 0,
      emptyInputCount: 0)
    for record in table.records {
      func field(_ column: String) -> String {
        guard let index = columns[column], index < record.count else { return "" }
        return record[index]
      }
      let input = field("input")
      let line: LabeledLine?
      switch format {
      case .strangetom:
        line = strangetomLine(
          input: input, name: field("name"), quantity: field("quantity"), unit: field("unit"))
      case .nyt:
        line = nytLine(
          input: input, name: field("name"), quantity: field("qty"),
          rangeEnd: field("range_end"), unit: field("unit"))
      }
      if let line {
        if line.input.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
          file.emptyInputCount += 1
        } else {
          file.lines.append(line)
        }
      } else {
        file.unlabeledCount += 1
      }
    }
    return file
  }

  /// A strangetom row as a labeled line, or nil when it carries no label.
  public static func strangetomLine(
    input: String, name: String, quantity: String, unit: String
  ) -> LabeledLine? {
    let quantityTokens = quantity.split(whereSeparator: \.isWhitespace).map(String.init)
    if name.isEmpty, quantityTokens.isEmpty, unit.trimmingCharacters(in: .whitespaces).isEmpty {
      return nil
    }
    let first = quantityTokens.first.flatMap(decodeQuantityToken)
    let listed = firstListedUnit(in: unit)
    let paired =
      quantityTokens.count < 2
      ? listed
      : unitOfFirstQuantity(input: input, firstQuantityToken: quantityTokens[0], unitLabel: unit)
    return LabeledLine(
      input: input, name: name, quantity: first?.low, quantityMax: first?.high,
      knowsQuantityMax: true, quantityTolerance: tolerance(for: quantityTokens.first ?? ""),
      unit: paired, firstListedUnit: listed, quantityLabel: quantity, unitLabel: unit)
  }

  /// A NYT row as a labeled line, or nil when it carries no label.
  public static func nytLine(
    input: String, name: String, quantity: String, rangeEnd: String, unit: String
  ) -> LabeledLine? {
    let trimmedQuantity = quantity.trimmingCharacters(in: .whitespaces)
    if name.isEmpty, trimmedQuantity.isEmpty, unit.trimmingCharacters(in: .whitespaces).isEmpty {
      return nil
    }
    let value = Double(trimmedQuantity).flatMap { $0 > 0 ? $0 : nil }
    let high = Double(rangeEnd.trimmingCharacters(in: .whitespaces)).flatMap { $0 > 0 ? $0 : nil }
    let listed = firstListedUnit(in: unit)
    return LabeledLine(
      input: input, name: name, quantity: value, quantityMax: high,
      knowsQuantityMax: high != nil, quantityTolerance: tolerance(for: trimmedQuantity),
      unit: listed, firstListedUnit: listed, quantityLabel: quantity, unitLabel: unit)
  }

  // MARK: - Quantities

  /// A quantity label decoded: a number, or a range from `low` to `high`.
  public struct LabelQuantity: Hashable, Sendable {
    /// The number, or the lower bound of a range.
    public var low: Double?
    /// The upper bound of a range, else nil.
    public var high: Double?

    /// Makes a quantity.
    public init(low: Double?, high: Double? = nil) {
      self.low = low
      self.high = high
    }
  }

  /// Number words a label may hold as its quantity. Vague words ("few", "couple", "several")
  /// are not numbers: a line labeled with them expects no quantity.
  static let quantityWords: [String: Double] = [
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "eighteen": 18, "twenty": 20, "half": 0.5,
    "quarter": 0.25, "dozen": 12,
  ]

  /// Decodes one quantity token of a strangetom label: `2`, `1.5`, `.25`, `#1$2` (½),
  /// `1#1$2` (1½), ranges `2-3` and `#3$4-1`, multipliers `2x`, and number words ("One",
  /// "half"). Returns nil for a token that holds no number ("few").
  public static func decodeQuantityToken(_ token: String) -> LabelQuantity? {
    var text = token.trimmingCharacters(in: .whitespaces)
    if text.count > 1, text.last == "x" || text.last == "X" { text.removeLast() }
    let parts = text.split(separator: "-", omittingEmptySubsequences: true).map(String.init)
    guard let first = parts.first, let low = decodeNumber(first) else { return nil }
    guard parts.count > 1, let high = decodeNumber(parts[parts.count - 1]) else {
      return LabelQuantity(low: low)
    }
    return LabelQuantity(low: low, high: high)
  }

  /// One number in a label: decimal, `#n$d`, `w#n$d` or a number word.
  static func decodeNumber(_ text: String) -> Double? {
    if let hash = text.firstIndex(of: "#") {
      let whole = text[..<hash]
      let fraction = text[text.index(after: hash)...]
      guard let dollar = fraction.firstIndex(of: "$"),
        let numerator = Double(fraction[..<dollar]),
        let denominator = Double(fraction[fraction.index(after: dollar)...]), denominator != 0
      else { return nil }
      let wholeValue = whole.isEmpty ? 0 : Double(whole)
      return wholeValue.map { $0 + numerator / denominator }
    }
    if let value = Double(text), value.isFinite { return value }
    if let value = Double(text.replacingOccurrences(of: ",", with: ".")), value.isFinite {
      return value
    }
    return quantityWords[text.lowercased()]
  }

  /// How close a prediction must be to a label written as `text` (see
  /// ``LabeledLine/quantityTolerance``).
  static func tolerance(for text: String) -> Double {
    let token = text.split(separator: "-").first.map(String.init) ?? text
    guard let dot = token.firstIndex(of: "."), !token.contains("#") else { return 1e-6 }
    let places = token[token.index(after: dot)...].prefix(while: \.isNumber).count
    return places >= 2 ? pow(10, -Double(places)) : 1e-6
  }

  // MARK: - Units

  /// Words that qualify a unit in a label ("small handful", "heaped tbsp", "lg clove").
  static let unitModifiers: Set<String> = [
    "small", "medium", "large", "big", "heaped", "heaping", "level", "rounded", "scant",
    "generous", "good", "thick", "thin", "lg", "sm", "med", "md", "lrg", "whole", "full",
    "extra", "fat", "little", "generously", "plump", "lengthwise",
  ]

  /// Whether a label word qualifies a unit rather than being one: a size word, or any
  /// hyphenated word ("medium-size clove", "inch-thick slice", "thumb-sized piece").
  static func isUnitModifier(_ word: String) -> Bool {
    let lowered = word.lowercased()
    return unitModifiers.contains(lowered) || lowered.contains("-")
  }

  /// The canonical unit of the first unit listed in a label's unit field or in a predicted
  /// unit's text: the whole text if it names a unit ("fl oz", "fl-oz"), else the first one-
  /// to three-word phrase naming one, stepping over size words ("small handful" → handful).
  /// Nil when the first other word is not a unit Larder knows ("punnet", "cm in piece").
  public static func firstListedUnit(in text: String) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }
    if let unit = IngredientUnit.lookup(trimmed) { return unit.id }
    let words = trimmed.split(whereSeparator: \.isWhitespace).map(String.init)
    var index = 0
    while index < words.count {
      if let (unit, _) = unitPhrase(words, at: index) { return unit }
      guard isUnitModifier(words[index]) else { return nil }
      index += 1
    }
    return nil
  }

  /// The longest phrase of up to three words starting at `index` that names a unit, with the
  /// number of words it takes.
  static func unitPhrase(_ words: [String], at index: Int) -> (String, Int)? {
    for length in stride(from: min(3, words.count - index), through: 1, by: -1) {
      let phrase = words[index..<index + length].joined(separator: " ")
      if let unit = IngredientUnit.lookup(phrase) { return (unit.id, length) }
    }
    return nil
  }

  /// The units a label's unit field lists: the canonical ones, and the other words (lowercased,
  /// size words left out) for units Larder does not know.
  static func listedUnits(in text: String) -> (known: Set<String>, otherWords: Set<String>) {
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    var known: Set<String> = []
    var other: Set<String> = []
    var index = 0
    while index < words.count {
      if let (unit, length) = unitPhrase(words, at: index) {
        known.insert(unit)
        index += length
      } else {
        let word = words[index].lowercased()
        if !isUnitModifier(word) { other.insert(word) }
        index += 1
      }
    }
    return (known, other)
  }

  /// Finds which of a label's units belongs to its first quantity by reading the sentence
  /// (see ``LabeledLine/unit``). Falls back to the first listed unit when the first quantity
  /// cannot be found in the sentence.
  static func unitOfFirstQuantity(
    input: String, firstQuantityToken: String, unitLabel: String
  ) -> String? {
    let tokens = SentenceToken.split(input)
    let isNumeric = firstQuantityToken.contains { $0.isNumber || $0 == "#" }
    var word = firstQuantityToken.lowercased()
    if word.count > 1, word.hasSuffix("x") { word.removeLast() }
    let start = tokens.firstIndex { token in
      isNumeric ? token.kind == .number : token.kind == .word && token.text.lowercased() == word
    }
    guard let start else { return firstListedUnit(in: unitLabel) }
    let (known, otherWords) = listedUnits(in: unitLabel)

    // A number written as an adjective: "28-ounce", "¼-inch".
    func startsSize(_ position: Int) -> Bool {
      position + 2 < tokens.count && tokens[position].kind == .number
        && tokens[position + 1].kind == .hyphen && tokens[position + 2].kind == .word
    }
    var index = start + 1
    // The rest of the first quantity: "1 1/2", "2-3", "2 to 3", "2 or 3"; but not the size in
    // "1 28-ounce can" or "One ¼-ounce package".
    while index < tokens.count {
      let token = tokens[index]
      if token.kind == .number, token.isFraction, tokens[index - 1].kind == .number,
        !startsSize(index)
      {
        index += 1
      } else if index + 1 < tokens.count, tokens[index + 1].kind == .number,
        !startsSize(index + 1),
        token.kind == .hyphen || ["to", "or"].contains(token.text.lowercased())
      {
        index += 2
      } else {
        break
      }
    }
    // The size of each piece may come next, numbers each followed by a unit or written as an
    // adjective: "2 x 400g/14oz tins", "Two 14.5 oz (411g) cans", "1 28-ounce can",
    // "Six 1/8-inch-thick slices".
    var readsSize = index < tokens.count && tokens[index].kind == .number
    if index < tokens.count, tokens[index].text.lowercased() == "x" {
      index += 1
      readsSize = true
    }
    var followsNumber = false
    while readsSize, index < tokens.count {
      let token = tokens[index]
      if token.kind == .number {
        followsNumber = true
        index += 1
      } else if token.kind == .hyphen {
        followsNumber = false
        index += 1
        if index < tokens.count, tokens[index].kind == .word { index += 1 }
      } else if followsNumber, token.kind == .word,
        let (_, length) = unitPhrase(tokens.wordRun(from: index), at: 0)
      {
        followsNumber = false
        index += length
      } else {
        break
      }
    }
    var depth = 0
    while index < tokens.count {
      let token = tokens[index]
      switch token.kind {
      case .open:
        depth += 1
      case .close:
        depth = max(0, depth - 1)
      case _ where depth > 0:
        break
      case .number:
        // "1 14-ounce can", "6- to 8-ounce": a size written as an adjective.
        if startsSize(index) {
          index += 3
          continue
        }
        return nil
      case .word:
        if let (unit, _) = unitPhrase(tokens.wordRun(from: index), at: 0), known.contains(unit) {
          return unit
        }
        let lowered = token.text.lowercased()
        if !isUnitModifier(lowered),
          otherWords.contains(where: {
            lowered == $0 || lowered == $0 + "s" || lowered == $0 + "es"
          })
        {
          return nil
        }
      case .hyphen:
        break
      }
      index += 1
    }
    return nil
  }
}

extension IngredientEvaluation {
  /// A piece of a sentence as the unit pairing reads it: numbers ("1½", "1/2", "2.5"), words,
  /// brackets and hyphens; everything else separates.
  struct SentenceToken: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case number, word, open, close, hyphen }
    var kind: Kind
    var text: String

    private static let vulgarFractions: Set<Character> = [
      "¼", "½", "¾", "⅐", "⅑", "⅒", "⅓", "⅔", "⅕", "⅖", "⅗", "⅘", "⅙", "⅚", "⅛", "⅜", "⅝", "⅞",
    ]

    /// Whether a number is a fraction ("1/2", "½"), which may follow a whole number in a mixed
    /// number.
    var isFraction: Bool {
      kind == .number
        && text.contains { $0 == "/" || $0 == "⁄" || Self.vulgarFractions.contains($0) }
    }

    private static func isDigit(_ character: Character) -> Bool {
      character.isASCII && character.isNumber || vulgarFractions.contains(character)
    }

    /// Splits a sentence; "150g/5¼oz" becomes 150, g, 5¼, oz.
    static func split(_ sentence: String) -> [SentenceToken] {
      let characters = Array(sentence)
      var tokens: [SentenceToken] = []
      var index = 0
      while index < characters.count {
        let character = characters[index]
        if isDigit(character) {
          var end = index + 1
          while end < characters.count {
            if isDigit(characters[end]) {
              end += 1
            } else if ".,/⁄".contains(characters[end]), end + 1 < characters.count,
              characters[end + 1].isASCII, characters[end + 1].isNumber
            {
              end += 2
            } else {
              break
            }
          }
          tokens.append(SentenceToken(kind: .number, text: String(characters[index..<end])))
          index = end
        } else if character.isLetter {
          var end = index + 1
          while end < characters.count {
            if characters[end].isLetter {
              end += 1
            } else if "'’".contains(characters[end]), end + 1 < characters.count,
              characters[end + 1].isLetter
            {
              end += 2
            } else {
              break
            }
          }
          tokens.append(SentenceToken(kind: .word, text: String(characters[index..<end])))
          index = end
        } else {
          switch character {
          case "(", "[": tokens.append(SentenceToken(kind: .open, text: String(character)))
          case ")", "]": tokens.append(SentenceToken(kind: .close, text: String(character)))
          case "-", "–", "—": tokens.append(SentenceToken(kind: .hyphen, text: String(character)))
          default: break
          }
          index += 1
        }
      }
      return tokens
    }
  }
}

extension Array where Element == IngredientEvaluation.SentenceToken {
  /// The texts of up to three consecutive words starting at `index`.
  fileprivate func wordRun(from index: Int) -> [String] {
    var words: [String] = []
    var position = index
    while position < count, self[position].kind == .word, words.count < 3 {
      words.append(self[position].text)
      position += 1
    }
    return words
  }
}
