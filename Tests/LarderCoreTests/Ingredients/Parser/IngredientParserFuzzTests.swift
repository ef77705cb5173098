import Foundation
import LarderCore
import Testing

/// Random lines from an alphabet of ingredient-line pieces: the parser must never crash, keep
/// its spans inside the line, lose no word, and take time linear in the line's length.
@Suite struct IngredientParserFuzzTests {
  static let pieces: [String] = [
    "1", "2", "10", "150", "1/2", "3/4", "1 1/2", "1,5", "1.5", ".5", "1,000", "½", "⅓", "¼", "¾",
    "⅛", "1½", "2-3", "2–3", " to ", " or ", "-", "–", "—", "/", "⁄", "(", ")", "[", "]", ",",
    ".", ":", ";", " ", "  ", "\t", "g", "grams", "kg", "cup", "cups", "tbsp", "tsp", "T", "t",
    "oz", "fl", "fl oz", "fluid", "ounces", "lb", "ml", "can", "tins", "x", "×", "a", "of",
    "pinch", "large", "small", "salt", "flour", "butter", "chopped", "finely", "for", "serving",
    "garnish", "optional", "taste", "and", "or", "🍋", "👩‍🍳", "é", "e\u{301}", "ß", "İ", "'", "’",
    "&", "%", "\\t", "\"", "#", "$", "*", "+", "=", "😀", "中", "ñ", "𝔣",
  ]

  static func randomLine(_ generator: inout SeededRandom, maxPieces: Int) -> String {
    let count = Int(generator.next() % UInt64(maxPieces + 1))
    var line = ""
    for _ in 0..<count {
      line += pieces[Int(generator.next() % UInt64(pieces.count))]
      if generator.next() % 3 == 0 { line += " " }
    }
    return line
  }

  @Test func survivesTwentyThousandRandomLines() {
    let parser = IngredientParser()
    var generator = SeededRandom(seed: 2025)
    for _ in 0..<20_000 {
      let line = Self.randomLine(&generator, maxPieces: 24)
      let parsed = parser.parse(line)
      let length = (line as NSString).length
      for (field, span) in parsed.spans {
        #expect(
          span.start >= 0 && span.start <= span.end && span.end <= length,
          "\(line.debugDescription): \(field) \(span)")
      }
      if let quantity = parsed.quantity { #expect(quantity.isFinite) }
    }
  }

  @Test func losesNoWordOfRandomLines() {
    let parser = IngredientParser()
    var generator = SeededRandom(seed: 7)
    for _ in 0..<2_000 {
      let line = Self.randomLine(&generator, maxPieces: 16)
      for part in parser.labeledTokens(line) where !part.token.isPunctuation {
        #expect(part.field != nil, "\(line.debugDescription): '\(part.token.text)'")
      }
    }
  }

  @Test func takesTimeLinearInTheLineLength() {
    let parser = IngredientParser()
    var generator = SeededRandom(seed: 99)
    var unit = ""
    while unit.utf16.count < 20_000 { unit += Self.randomLine(&generator, maxPieces: 12) + " " }
    let short = String(unit.prefix(20_000))
    let long = String(repeating: short, count: 10)
    let clock = ContinuousClock()
    _ = parser.parse(short)
    let shortTime = clock.measure { _ = parser.parse(short) }
    let longTime = clock.measure { _ = parser.parse(long) }
    let ratio = longTime / max(shortTime, .microseconds(1))
    // Ten times the text should take about ten times as long; 30 leaves room for noise, a
    // quadratic step would take about a hundred.
    #expect(ratio < 30, "20k characters: \(shortTime), 200k: \(longTime)")
  }
}
