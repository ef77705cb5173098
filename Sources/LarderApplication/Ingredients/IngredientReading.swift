import Foundation
import LarderCore

/// What Larder reads in one ingredient line: the parser's result and the catalog food its
/// name matched. `POST /api/v1/ingredients/parse` and `larder ingredients parse` both write
/// it, with the same keys.
///
/// As JSON every key is always present, null when the line has no such part: `input`,
/// `isSectionHeader`, `quantity`, `quantityMax`, `unit` (canonical), `unitText`,
/// `alternativeAmounts`, `containerSize`, `size`, `name`, `alternatives`, `preparation`,
/// `comment`, `purpose`, `isOptional`, `spans` (UTF-16 offsets of each part) and `food`
/// (`{"id", "name", "how"}`, or null when Larder is not sure).
public struct IngredientReading: Sendable, Equatable, Encodable {
  /// The parser's reading of the line.
  public var parsed: ParsedIngredient
  /// The catalog food the line's name matched, if any.
  public var food: FoodMatch?

  /// Pairs a parse with its food.
  public init(parsed: ParsedIngredient, food: FoodMatch?) {
    self.parsed = parsed
    self.food = food
  }

  enum CodingKeys: String, CodingKey {
    case input, isSectionHeader, quantity, quantityMax, unit, unitText, alternativeAmounts
    case containerSize, size, name, alternatives, preparation, comment, purpose, isOptional
    case spans, food
  }

  enum FoodKeys: String, CodingKey {
    case id, name, how
  }

  /// Writes every key, null where the line has no such part.
  public func encode(to encoder: Encoder) throws {
    var fields = encoder.container(keyedBy: CodingKeys.self)
    func optional<Value: Encodable>(_ value: Value?, _ key: CodingKeys) throws {
      if let value {
        try fields.encode(value, forKey: key)
      } else {
        try fields.encodeNil(forKey: key)
      }
    }
    try fields.encode(parsed.input, forKey: .input)
    try fields.encode(parsed.isSectionHeader, forKey: .isSectionHeader)
    try optional(parsed.quantity.flatMap { $0.isFinite ? $0 : nil }, .quantity)
    try optional(parsed.quantityMax.flatMap { $0.isFinite ? $0 : nil }, .quantityMax)
    try optional(parsed.unit, .unit)
    try optional(parsed.unitText, .unitText)
    try fields.encode(parsed.alternativeAmounts, forKey: .alternativeAmounts)
    try optional(parsed.containerSize, .containerSize)
    try optional(parsed.size, .size)
    try optional(parsed.name, .name)
    try fields.encode(parsed.alternatives, forKey: .alternatives)
    try optional(parsed.preparation, .preparation)
    try optional(parsed.comment, .comment)
    try optional(parsed.purpose, .purpose)
    try fields.encode(parsed.isOptional, forKey: .isOptional)
    try fields.encode(parsed.spans, forKey: .spans)
    if let food {
      var match = fields.nestedContainer(keyedBy: FoodKeys.self, forKey: .food)
      try match.encode(food.foodID, forKey: .id)
      try match.encode(food.name, forKey: .name)
      try match.encode(food.how, forKey: .how)
    } else {
      try fields.encodeNil(forKey: .food)
    }
  }
}

/// Reads ingredient lines one at a time, remembering each name's food match (each whole
/// line's, in another language, where the comment and choices count too), since names repeat
/// a great deal (salt, garlic, olive oil) in a long list.
public struct IngredientReader {
  private let parser: IngredientParser
  private let catalog: FoodCatalog
  private let language: RecipeLanguage
  private var matches: [String: FoodMatch?] = [:]

  /// How many names' matches are remembered at most.
  static let rememberedNames = 100_000

  /// A reader matching names against `catalog` (the bundled foods with the household's own),
  /// reading lines written in `language` (names in another language are matched through
  /// ``FoodNames``, then the catalog).
  public init(
    catalog: FoodCatalog, parser: IngredientParser = IngredientParser(),
    language: RecipeLanguage = .english
  ) {
    self.parser = parser
    self.catalog = catalog
    self.language = language
  }

  /// The parser's reading of `line` and the food its name matched (for a line of another
  /// language, the food the whole line is read as, as a stored recipe's line is).
  public mutating func read(_ line: String) -> IngredientReading {
    let parsed = parser.parse(line, language: language)
    guard language != .english else {
      let food = parsed.matchingName.flatMap { name -> FoodMatch? in
        if let known = matches[name] { return known }
        let found = catalog.match(name)
        if matches.count < Self.rememberedNames { matches[name] = .some(found) }
        return found
      }
      return IngredientReading(parsed: parsed, food: food)
    }
    // The reading depends on the comment and the choices as well as the name, so the whole
    // line is remembered.
    if let known = matches[line] { return IngredientReading(parsed: parsed, food: known) }
    let found = match(parsed)
    if matches.count < Self.rememberedNames { matches[line] = .some(found) }
    return IngredientReading(parsed: parsed, food: found)
  }

  /// A line of another language, as ``RecipeAnalyzer`` reads it
  /// (``ParsedIngredient/foods(in:names:matching:)``).
  private func match(_ parsed: ParsedIngredient) -> FoodMatch? {
    guard let id = parsed.foods(in: language, matching: { catalog.match($0)?.foodID }).food
    else { return nil }
    if let name = parsed.name, let direct = catalog.match(name), direct.foodID == id {
      return direct
    }
    guard let food = catalog.food(id: id) else { return nil }
    return FoodMatch(foodID: id, name: food.name, how: .synonym, confidence: 0.9)
  }
}

extension IngredientReading {
  /// Appends the reading's JSON object to `out`: the same object as ``encode(to:)`` with
  /// Larder's encoder (keys sorted), written straight into bytes because `larder ingredients
  /// parse` streams it at parser speed.
  public func appendJSON(to out: inout [UInt8]) {
    func raw(_ text: StaticString) {
      text.withUTF8Buffer { out.append(contentsOf: $0) }
    }
    func string(_ text: String?) {
      guard let text else { return raw("null") }
      Self.quote(text, to: &out)
    }
    func number(_ value: Double?) {
      guard let value, value.isFinite else { return raw("null") }
      if value == value.rounded(), abs(value) < 1e15 {
        out.append(contentsOf: String(Int64(value)).utf8)
      } else {
        out.append(contentsOf: String(value).utf8)
      }
    }
    func whole(_ value: Int) { out.append(contentsOf: String(value).utf8) }
    func flag(_ value: Bool) { value ? raw("true") : raw("false") }
    func span(_ span: TextSpan) {
      raw("{\"end\":")
      whole(span.end)
      raw(",\"start\":")
      whole(span.start)
      raw("}")
    }
    // Like the synthesized encoding: absent parts are left out, keys sorted.
    func amount(_ amount: IngredientAmount) {
      var first = true
      func key(_ name: StaticString) {
        if !first { raw(",") }
        first = false
        raw(name)
      }
      raw("{")
      if let quantity = amount.quantity {
        key("\"quantity\":")
        number(quantity)
      }
      if let quantityMax = amount.quantityMax {
        key("\"quantityMax\":")
        number(quantityMax)
      }
      if let value = amount.span {
        key("\"span\":")
        span(value)
      }
      if let unit = amount.unit {
        key("\"unit\":")
        string(unit)
      }
      if let unitText = amount.unitText {
        key("\"unitText\":")
        string(unitText)
      }
      raw("}")
    }
    raw("{\"alternativeAmounts\":[")
    for (index, alternative) in parsed.alternativeAmounts.enumerated() {
      if index > 0 { raw(",") }
      amount(alternative)
    }
    raw("],\"alternatives\":[")
    for (index, alternative) in parsed.alternatives.enumerated() {
      if index > 0 { raw(",") }
      string(alternative)
    }
    raw("],\"comment\":")
    string(parsed.comment)
    raw(",\"containerSize\":")
    if let size = parsed.containerSize { amount(size) } else { raw("null") }
    raw(",\"food\":")
    if let food {
      raw("{\"how\":")
      string(food.how.rawValue)
      raw(",\"id\":")
      string(food.foodID)
      raw(",\"name\":")
      string(food.name)
      raw("}")
    } else {
      raw("null")
    }
    raw(",\"input\":")
    string(parsed.input)
    raw(",\"isOptional\":")
    flag(parsed.isOptional)
    raw(",\"isSectionHeader\":")
    flag(parsed.isSectionHeader)
    raw(",\"name\":")
    string(parsed.name)
    raw(",\"preparation\":")
    string(parsed.preparation)
    raw(",\"purpose\":")
    string(parsed.purpose)
    raw(",\"quantity\":")
    number(parsed.quantity)
    raw(",\"quantityMax\":")
    number(parsed.quantityMax)
    raw(",\"size\":")
    string(parsed.size)
    raw(",\"spans\":{")
    for (index, name) in parsed.spans.keys.sorted().enumerated() {
      if index > 0 { raw(",") }
      string(name)
      raw(":")
      if let value = parsed.spans[name] { span(value) }
    }
    raw("},\"unit\":")
    string(parsed.unit)
    raw(",\"unitText\":")
    string(parsed.unitText)
    raw("}")
  }

  /// Appends a JSON string literal.
  static func quote(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Most text needs no escaping: copy it in one go when its bytes are contiguous.
    let copied: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
      guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
        return false
      }
      out.append(contentsOf: bytes)
      return true
    }
    if copied != true {
      for byte in text.utf8 { escape(byte, to: &out) }
    }
    out.append(UInt8(ascii: "\""))
  }

  private static func escape(_ byte: UInt8, to out: inout [UInt8]) {
    switch byte {
    case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
    case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
    case UInt8(ascii: "\n"): out.append(contentsOf: [0x5C, 0x6E])
    case UInt8(ascii: "\r"): out.append(contentsOf: [0x5C, 0x72])
    case UInt8(ascii: "\t"): out.append(contentsOf: [0x5C, 0x74])
    case 0..<0x20:
      let hex = Array("0123456789abcdef".utf8)
      out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
    default: out.append(byte)
    }
  }
}
