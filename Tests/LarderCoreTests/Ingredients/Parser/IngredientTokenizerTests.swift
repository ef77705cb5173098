import Foundation
import LarderCore
import Testing

@Suite struct IngredientTokenizerTests {
  let tokenizer = IngredientTokenizer()

  // MARK: - Numbers

  struct NumberCase: Sendable, CustomStringConvertible {
    var text: String
    var value: Double
    var maxValue: Double?
    var form: IngredientToken.NumberForm
    var description: String { text }
  }

  @Test(arguments: [
    NumberCase(text: "2", value: 2, form: .integer),
    NumberCase(text: "12", value: 12, form: .integer),
    NumberCase(text: "1.5", value: 1.5, form: .decimal),
    NumberCase(text: "1,5", value: 1.5, form: .decimal),
    NumberCase(text: "0,25", value: 0.25, form: .decimal),
    NumberCase(text: ".5", value: 0.5, form: .decimal),
    NumberCase(text: "1,000", value: 1000, form: .integer),
    NumberCase(text: "12,500,000", value: 12_500_000, form: .integer),
    NumberCase(text: "1/2", value: 0.5, form: .fraction),
    NumberCase(text: "3/4", value: 0.75, form: .fraction),
    NumberCase(text: "1⁄3", value: 1.0 / 3, form: .fraction),
    NumberCase(text: "½", value: 0.5, form: .fraction),
    NumberCase(text: "⅓", value: 1.0 / 3, form: .fraction),
    NumberCase(text: "¼", value: 0.25, form: .fraction),
    NumberCase(text: "¾", value: 0.75, form: .fraction),
    NumberCase(text: "⅛", value: 0.125, form: .fraction),
    NumberCase(text: "⅔", value: 2.0 / 3, form: .fraction),
    NumberCase(text: "1 1/2", value: 1.5, form: .mixed),
    NumberCase(text: "2 ¾", value: 2.75, form: .mixed),
    NumberCase(text: "1½", value: 1.5, form: .mixed),
    NumberCase(text: "1-1/2", value: 1.5, form: .mixed),
    NumberCase(text: "2-3", value: 2, maxValue: 3, form: .range),
    NumberCase(text: "2–3", value: 2, maxValue: 3, form: .range),
    NumberCase(text: "2 - 3", value: 2, maxValue: 3, form: .range),
    NumberCase(text: "2 to 3", value: 2, maxValue: 3, form: .range),
    NumberCase(text: "2 or 3", value: 2, maxValue: 3, form: .range),
    NumberCase(text: "1/2-3/4", value: 0.5, maxValue: 0.75, form: .range),
    NumberCase(text: "1 1/2-2", value: 1.5, maxValue: 2, form: .range),
    NumberCase(text: "½-1", value: 0.5, maxValue: 1, form: .range),
    NumberCase(text: "4- to 5", value: 4, maxValue: 5, form: .range),
    NumberCase(text: "5-to-7", value: 5, maxValue: 7, form: .range),
    NumberCase(text: "12- to -14", value: 12, maxValue: 14, form: .range),
    // Numbers in words, where one word alone would be misread.
    NumberCase(text: "one and a half", value: 1.5, form: .mixed),
    NumberCase(text: "Two-and-a-quarter", value: 2.25, form: .mixed),
    NumberCase(text: "two-thirds", value: 2.0 / 3, form: .fraction),
    NumberCase(text: "three quarters", value: 0.75, form: .fraction),
    NumberCase(text: "one half", value: 0.5, form: .fraction),
    NumberCase(text: "three to four", value: 3, maxValue: 4, form: .range),
    NumberCase(text: "two or three", value: 2, maxValue: 3, form: .range),
    NumberCase(text: "one-to-two", value: 1, maxValue: 2, form: .range),
    NumberCase(text: "one to 2", value: 1, maxValue: 2, form: .range),
    NumberCase(text: "two–three", value: 2, maxValue: 3, form: .range),
    NumberCase(text: "fifteen to twenty", value: 15, maxValue: 20, form: .range),
    NumberCase(text: "two to two and a half", value: 2, maxValue: 2.5, form: .range),
    // An article and a fraction opening a line.
    NumberCase(text: "a third", value: 1.0 / 3, form: .fraction),
    NumberCase(text: "A half", value: 0.5, form: .fraction),
    NumberCase(text: "an eighth", value: 0.125, form: .fraction),
    NumberCase(text: "a quarter to 1/2", value: 0.25, maxValue: 0.5, form: .range),
    NumberCase(text: "a third to a half", value: 1.0 / 3, maxValue: 0.5, form: .range),
    NumberCase(text: "a half to one", value: 0.5, maxValue: 1, form: .range),
  ])
  func readsANumberAsOneToken(_ example: NumberCase) throws {
    let tokens = tokenizer.tokens(example.text)
    #expect(tokens.count == 1, "\(tokens.map(\.text))")
    let token = try #require(tokens.first)
    #expect(token.kind == .number)
    #expect(abs((token.value ?? -1) - example.value) < 1e-9)
    #expect(token.maxValue == example.maxValue)
    #expect(token.numberForm == example.form)
    #expect(token.span == TextSpan(start: 0, end: (example.text as NSString).length))
  }

  @Test(arguments: [
    // A glued unit must be a whole word: never "g" + "rams".
    ("150g", ["150", "g"]),
    ("150grams", ["150", "grams"]),
    ("grams", ["grams"]),
    ("5½oz", ["5½", "oz"]),
    ("2x400g", ["2", "x", "400", "g"]),
    ("10fl oz", ["10", "fl", "oz"]),
    ("1.3kg/3lb", ["1.3", "kg", "/", "3", "lb"]),
    ("150g/5½oz", ["150", "g", "/", "5½", "oz"]),
    ("400/14oz", ["400", "/", "14", "oz"]),
    // "1-" is a number and a hyphen, so it can never become a unit.
    ("1-", ["1", "-"]),
    ("1- cup", ["1", "-", "cup"]),
    ("1-inch", ["1", "-", "inch"]),
    ("3-2", ["3", "-", "2"]),
    ("1st", ["1st"]),
    ("extra-virgin olive oil", ["extra-virgin", "olive", "oil"]),
    ("baker's yeast", ["baker's", "yeast"]),
    ("goats' cheese", ["goats", "'", "cheese"]),
    ("crème fraîche", ["crème", "fraîche"]),
    ("1 (14 oz) can", ["1", "(", "14", "oz", ")", "can"]),
    ("salt & pepper", ["salt", "&", "pepper"]),
    ("2\\tcups", ["2", "cups"]),
    // HTML pasted with a line is markup, not words; a "<" that opens no tag stays.
    ("1 cup <a href=\"https://example.com/r/7-pesto\">pesto</a>", ["1", "cup", "pesto"]),
    ("2 cups stock</span>", ["2", "cups", "stock"]),
    ("<5 mm", ["<", "5", "mm"]),
    ("a < b", ["a", "<", "b"]),
    // A number word stays a word alone, in a hyphenated word, or before a smaller number.
    ("two eggs", ["two", "eggs"]),
    ("one-pot pasta", ["one-pot", "pasta"]),
    ("ten-inch pan", ["ten-inch", "pan"]),
    ("two halves", ["two", "halves"]),
    ("two quarter pound patties", ["two", "quarter", "pound", "patties"]),
    ("three or two", ["three", "or", "two"]),
    ("one or more", ["one", "or", "more"]),
    ("someone to ask", ["someone", "to", "ask"]),
    ("two to three-quarters", ["two", "to", "three-quarters"]),
    // A fraction joined to a measure opening a line is read apart from it; joined to
    // anything else, or later in the line, it stays a word.
    ("a half-cup cream", ["a half", "cup", "cream"]),
    ("quarter-pound burgers", ["quarter", "pound", "burgers"]),
    ("half-and-half", ["half-and-half"]),
    ("a half-and-half mix", ["a", "half-and-half", "mix"]),
    ("half-inch pieces", ["half-inch", "pieces"]),
    ("skin from a quarter of a lemon", ["skin", "from", "a", "quarter", "of", "a", "lemon"]),
    ("a thirds", ["a", "thirds"]),
  ])
  func splitsGluedAndPunctuatedText(_ text: String, _ expected: [String]) {
    #expect(tokenizer.tokens(text).map(\.text) == expected)
  }

  /// "a cup and a half": the opening amount takes the fraction written after its measure, and
  /// the fraction's words are passed over; anywhere else they stay words.
  @Test(arguments: [
    ("a cup and a half of flour", 1.5, ["a", "cup", "of", "flour"]),
    ("2 pounds and a quarter beef", 2.25, ["2", "pounds", "beef"]),
    ("One cup and a half", 1.5, ["One", "cup"]),
    ("2 cups and a half-and-half", 2, ["2", "cups", "and", "a", "half-and-half"]),
    ("1 cup and a half cup milk", 1, ["1", "cup", "and", "a", "half", "cup", "milk"]),
    ("2 eggs and a half cup milk", 2, ["2", "eggs", "and", "a", "half", "cup", "milk"]),
  ])
  func readsAFractionAfterTheMeasure(_ text: String, _ value: Double, _ expected: [String]) {
    let tokens = tokenizer.tokens(text)
    #expect(tokens.map(\.text) == expected)
    #expect(tokens.first?.kind == .number)
    #expect(tokens.first?.value == value)
  }

  @Test func marksTokensThatTouchTheOneBefore() {
    let tokens = tokenizer.tokens("150g flour")
    #expect(tokens.map(\.isGlued) == [false, true, false])
  }

  @Test(arguments: [
    "½ cup crème fraîche 🍋, 1 (14 oz) can",
    "🧂🧂 2 tbsp 👩‍🍳 salt",
    "𝔣𝔞𝔫𝔠𝔶 1½ cups",
    "🍋 <b>1½ cups</b> crème fraîche",
    "",
    "   ",
  ])
  func spansPointAtTheTokenTextInUTF16(_ line: String) {
    let text = line as NSString
    for token in tokenizer.tokens(line) {
      let range = NSRange(location: token.span.start, length: token.span.end - token.span.start)
      #expect(text.substring(with: range) == token.text)
    }
  }

  @Test func keepsEveryNonSpaceCharacterInSomeToken() {
    let line = "2½ cups (500 ml) stock — or water, to taste!"
    let kept = tokenizer.tokens(line).map(\.text).joined()
    #expect(kept == line.filter { !$0.isWhitespace })
  }
}
