import Foundation
import LarderCore
import Testing

/// What a line should parse to; nil fields are not checked unless listed in `absent`.
struct ExpectedParse: Sendable, CustomStringConvertible {
  var line: String
  var quantity: Double?
  var quantityMax: Double?
  var unit: String?
  var unitText: String?
  var size: String?
  var name: String?
  var preparation: String?
  var purpose: String?
  /// Fields that must be nil: "quantity", "unit", "name", "size".
  var absent: Set<String> = []

  var description: String { line }

  func check(_ parsed: ParsedIngredient) {
    if let quantity {
      #expect(parsed.quantity.map { abs($0 - quantity) < 1e-9 } == true, "\(line)")
    }
    if let quantityMax {
      #expect(parsed.quantityMax.map { abs($0 - quantityMax) < 1e-9 } == true, "\(line)")
    }
    if let unit { #expect(parsed.unit == unit, "\(line)") }
    if let unitText { #expect(parsed.unitText == unitText, "\(line)") }
    if let size { #expect(parsed.size == size, "\(line)") }
    if let name { #expect(parsed.name == name, "\(line)") }
    if let preparation { #expect(parsed.preparation == preparation, "\(line)") }
    if let purpose { #expect(parsed.purpose == purpose, "\(line)") }
    if absent.contains("quantity") { #expect(parsed.quantity == nil, "\(line)") }
    if absent.contains("quantityMax") { #expect(parsed.quantityMax == nil, "\(line)") }
    if absent.contains("unit") { #expect(parsed.unit == nil, "\(line)") }
    if absent.contains("name") { #expect(parsed.name == nil, "\(line)") }
    if absent.contains("size") { #expect(parsed.size == nil, "\(line)") }
  }
}

@Suite struct IngredientParserTests {
  static let parser = IngredientParser()
  static let rules = IngredientParser(tagger: nil)

  // MARK: - Amounts

  static let amounts: [ExpectedParse] = [
    ExpectedParse(
      line: "2 cups plain flour", quantity: 2, unit: "cup", unitText: "cups", name: "plain flour",
      absent: ["quantityMax"]),
    ExpectedParse(
      line: "1 1/2 tsp baking powder", quantity: 1.5, unit: "tsp", name: "baking powder"),
    ExpectedParse(line: "1½ tablespoons olive oil", quantity: 1.5, unit: "tbsp", name: "olive oil"),
    ExpectedParse(line: "1-1/2 cups rolled oats", quantity: 1.5, unit: "cup", name: "rolled oats"),
    ExpectedParse(line: "¾ cup sugar", quantity: 0.75, unit: "cup", name: "sugar"),
    ExpectedParse(line: "⅓ cup honey", quantity: 1.0 / 3, unit: "cup", name: "honey"),
    ExpectedParse(line: "⅛ tsp cayenne", quantity: 0.125, unit: "tsp", name: "cayenne"),
    ExpectedParse(line: "1,5 kg potatoes", quantity: 1.5, unit: "kg", name: "potatoes"),
    ExpectedParse(line: "0,5 l whole milk", quantity: 0.5, unit: "l", name: "whole milk"),
    ExpectedParse(line: "1,000 g strong flour", quantity: 1000, unit: "g", name: "strong flour"),
    ExpectedParse(
      line: "150grams dark chocolate", quantity: 150, unit: "g", unitText: "grams",
      name: "dark chocolate"),
    ExpectedParse(
      line: "250 grams butter, softened", quantity: 250, unit: "g", unitText: "grams",
      name: "butter", preparation: "softened"),
    ExpectedParse(line: "3 eggs", quantity: 3, name: "eggs", absent: ["unit"]),
    ExpectedParse(
      line: "2-3 large eggs, beaten", quantity: 2, quantityMax: 3, size: "large", name: "eggs",
      preparation: "beaten", absent: ["unit"]),
    ExpectedParse(line: "2–3 ripe bananas", quantity: 2, quantityMax: 3, name: "ripe bananas"),
    ExpectedParse(
      line: "2 to 3 cloves garlic", quantity: 2, quantityMax: 3, unit: "clove", name: "garlic"),
    ExpectedParse(
      line: "2 or 3 sprigs thyme", quantity: 2, quantityMax: 3, unit: "sprig", name: "thyme"),
    // Amounts in words.
    ExpectedParse(line: "two eggs", quantity: 2, name: "eggs", absent: ["quantityMax", "unit"]),
    ExpectedParse(
      line: "one and a half cups flour", quantity: 1.5, unit: "cup", name: "flour",
      absent: ["quantityMax"]),
    ExpectedParse(
      line: "three to four cloves garlic", quantity: 3, quantityMax: 4, unit: "clove",
      name: "garlic"),
    ExpectedParse(
      line: "one to two tablespoons olive oil", quantity: 1, quantityMax: 2, unit: "tbsp",
      name: "olive oil"),
    ExpectedParse(line: "two or three carrots", quantity: 2, quantityMax: 3, name: "carrots"),
    ExpectedParse(line: "two-thirds cup sugar", quantity: 2.0 / 3, unit: "cup", name: "sugar"),
    ExpectedParse(line: "a third cup sugar", quantity: 1.0 / 3, unit: "cup", name: "sugar"),
    ExpectedParse(line: "a third of a cup milk", quantity: 1.0 / 3, unit: "cup", name: "milk"),
    ExpectedParse(line: "a half-cup of cream", quantity: 0.5, unit: "cup", name: "cream"),
    ExpectedParse(
      line: "a half-cup finely chopped onion", quantity: 0.5, unit: "cup", name: "onion",
      preparation: "finely chopped"),
    ExpectedParse(
      line: "a quarter to 1/2 teaspoon salt", quantity: 0.25, quantityMax: 0.5, unit: "tsp",
      name: "salt"),
    ExpectedParse(line: "a half to 1 cup ice water", quantity: 0.5, quantityMax: 1, unit: "cup"),
    ExpectedParse(
      line: "an eighth teaspoon cayenne", quantity: 0.125, unit: "tsp", name: "cayenne"),
    ExpectedParse(
      line: "quarter-pound ground beef", quantity: 0.25, unit: "lb", name: "ground beef"),
    ExpectedParse(
      line: "1 cup half-and-half", quantity: 1, unit: "cup", name: "half-and-half"),
    // A fraction after the measure: "a cup and a half".
    ExpectedParse(line: "a cup and a half of flour", quantity: 1.5, unit: "cup", name: "flour"),
    ExpectedParse(line: "a pound and a half beef", quantity: 1.5, unit: "lb", name: "beef"),
    ExpectedParse(line: "2 cups and a half sugar", quantity: 2.5, unit: "cup", name: "sugar"),
    ExpectedParse(line: "one cup and a quarter milk", quantity: 1.25, unit: "cup", name: "milk"),
    ExpectedParse(line: "1 cup and a half cup milk", quantity: 1, unit: "cup"),
    ExpectedParse(line: "1 tbsp. caster sugar", quantity: 1, unit: "tbsp", name: "caster sugar"),
    ExpectedParse(line: "2 T maple syrup", quantity: 2, unit: "tbsp", name: "maple syrup"),
    ExpectedParse(line: "2 t ground cumin", quantity: 2, unit: "tsp", name: "ground cumin"),
    ExpectedParse(line: "2 fl oz single cream", quantity: 2, unit: "fl-oz", name: "single cream"),
    ExpectedParse(line: "2 fl. oz double cream", quantity: 2, unit: "fl-oz", name: "double cream"),
    ExpectedParse(
      line: "4 fluid ounces apple juice", quantity: 4, unit: "fl-oz", unitText: "fluid ounces",
      name: "apple juice"),
    ExpectedParse(line: "1 lb 4 oz beef mince", quantity: 1.25, unit: "lb", name: "beef mince"),
    ExpectedParse(
      line: "a pinch of sea salt", unit: "pinch", name: "sea salt", absent: ["quantity"]),
    ExpectedParse(line: "a cup of flour", unit: "cup", name: "flour", absent: ["quantity"]),
    ExpectedParse(line: "an ounce of gin", unit: "oz", name: "gin", absent: ["quantity"]),
    ExpectedParse(line: "pinch chilli flakes", unit: "pinch", name: "chilli flakes"),
    ExpectedParse(
      line: "Salt and pepper, to taste", name: "Salt and pepper", absent: ["quantity", "unit"]),
    ExpectedParse(
      line: "3 medium onions, finely chopped", quantity: 3, size: "medium", name: "onions",
      preparation: "finely chopped"),
    ExpectedParse(
      line: "1 large onion, peeled and diced", quantity: 1, size: "large", name: "onion",
      preparation: "peeled and diced"),
    ExpectedParse(
      line: "2 eggs, at room temperature", quantity: 2, name: "eggs",
      preparation: "at room temperature"),
    ExpectedParse(line: "10 garlic cloves, crushed", quantity: 10, unit: "clove", name: "garlic"),
    ExpectedParse(line: "oil, for frying", name: "oil", purpose: "for frying"),
    ExpectedParse(line: "Butter, for greasing", name: "Butter", purpose: "for greasing"),
  ]

  @Test(arguments: amounts)
  func readsAmountsUnitsAndNames(_ expected: ExpectedParse) {
    expected.check(Self.parser.parse(expected.line))
  }

  @Test(arguments: [
    "1-inch piece fresh ginger", "1- cup milk", "2 1-inch cubes cheddar", "1-2 tbsp honey",
  ])
  func neverTakesANumberAndHyphenForAUnit(_ line: String) {
    for parser in [Self.parser, Self.rules] {
      let parsed = parser.parse(line)
      #expect(parsed.unitText?.contains("-") != true, "\(line): \(parsed.unitText ?? "")")
      #expect(parsed.unitText?.contains("1") != true)
    }
  }

  @Test func neverSplitsGramsIntoAUnitAndAWord() {
    for parser in [Self.parser, Self.rules] {
      let parsed = parser.parse("150grams flour")
      #expect(parsed.unitText == "grams")
      #expect(parsed.name == "flour")
    }
  }

  // MARK: - Alternative amounts and containers

  @Test func keepsAlternativeAmountsWrittenWithASlash() throws {
    let parsed = Self.parser.parse("150g/5½oz canned chickpeas, drained and rinsed")
    #expect(parsed.quantity == 150)
    #expect(parsed.unit == "g")
    #expect(parsed.alternativeAmounts.count == 1)
    let other = try #require(parsed.alternativeAmounts.first)
    #expect(other.quantity == 5.5)
    #expect(other.unit == "oz")
    #expect(parsed.name == "canned chickpeas")
    #expect(parsed.preparation == "drained and rinsed")
  }

  @Test func keepsAlternativeAmountsInParentheses() {
    let parsed = Self.parser.parse("1 cup (250 ml) whole milk")
    #expect(parsed.quantity == 1)
    #expect(parsed.unit == "cup")
    #expect(parsed.alternativeAmounts.map(\.quantity) == [250])
    #expect(parsed.alternativeAmounts.map(\.unit) == ["ml"])
    #expect(parsed.name == "whole milk")
  }

  @Test func foldsCompositeAlternativeAmounts() {
    let parsed = Self.parser.parse("1kg/2lb 4oz floury potatoes")
    #expect(parsed.quantity == 1)
    #expect(parsed.unit == "kg")
    #expect(parsed.alternativeAmounts.map(\.quantity) == [2.25])
    #expect(parsed.alternativeAmounts.map(\.unit) == ["lb"])
  }

  struct ContainerCase: Sendable, CustomStringConvertible {
    var line: String
    var quantity: Double
    var unit: String?
    var size: Double
    var sizeUnit: String
    var description: String { line }
  }

  @Test(arguments: [
    ContainerCase(
      line: "1 (14 oz) can diced tomatoes, drained", quantity: 1, unit: "can", size: 14,
      sizeUnit: "oz"),
    ContainerCase(
      line: "2 (15-ounce) cans black beans", quantity: 2, unit: "can", size: 15, sizeUnit: "oz"),
    ContainerCase(
      line: "2 x 400g tins chopped tomatoes", quantity: 2, unit: "can", size: 400, sizeUnit: "g"),
    ContainerCase(
      line: "2x400g tins chickpeas", quantity: 2, unit: "can", size: 400, sizeUnit: "g"),
    ContainerCase(
      line: "1 can (400 g) coconut milk", quantity: 1, unit: "can", size: 400, sizeUnit: "g"),
    ContainerCase(
      line: "3 14-ounce cans tomato sauce", quantity: 3, unit: "can", size: 14, sizeUnit: "oz"),
    ContainerCase(
      line: "4 (6 ounce) boneless chicken breasts", quantity: 4, unit: nil, size: 6,
      sizeUnit: "oz"),
    ContainerCase(
      line: "2 x 200g/7oz salmon fillets", quantity: 2, unit: nil, size: 200, sizeUnit: "g"),
    ContainerCase(
      line: "One 4- to 5-pound chicken", quantity: 1, unit: nil, size: 4, sizeUnit: "lb"),
  ])
  func readsContainerSizes(_ example: ContainerCase) throws {
    let parsed = Self.parser.parse(example.line)
    #expect(parsed.quantity == example.quantity)
    #expect(parsed.unit == example.unit)
    let container = try #require(parsed.containerSize, "\(example.line)")
    #expect(container.quantity == example.size)
    #expect(container.unit == example.sizeUnit)
  }

  // MARK: - Alternatives

  @Test(arguments: [
    ("2 tbsp butter or margarine", "butter", ["margarine"]),
    ("3 tbsp chopped cilantro or parsley", "cilantro", ["parsley"]),
    ("1 cup olive or vegetable oil", "olive", ["vegetable oil"]),
    ("2 tbsp parsley, chives, or dill", "parsley", ["chives", "dill"]),
    ("salt and/or pepper", "salt", ["pepper"]),
    ("1 tsp salt", "salt", []),
  ])
  func splitsAlternativeFoods(_ line: String, _ name: String, _ alternatives: [String]) {
    let parsed = Self.parser.parse(line)
    #expect(parsed.name == name)
    #expect(parsed.alternatives == alternatives)
  }

  /// A choice with its own amount is another way to make the line, and a food added with its
  /// own amount another need: the food is the first, and the other, amount and all, stays in
  /// the comment instead of running into the name.
  @Test(arguments: [
    ("3 leeks or 2 large onions, sliced", "leeks", "onions"),
    ("½ cup honey or ⅓ cup maple syrup", "honey", "maple syrup"),
    ("2 tbsp butter, or 1 tbsp coconut oil", "butter", "coconut oil"),
    // A food added with its own amount, too.
    ("1 tsp ground cumin mixed with 1 tbsp olive oil", "ground cumin", "olive oil"),
    ("2 egg yolks whisked with 3 tablespoons cream", "egg yolks", "cream"),
    ("200g dark chocolate, plus 50g white chocolate", "dark chocolate", "white chocolate"),
  ])
  func aChoiceWithItsOwnAmountIsNotTheName(_ line: String, _ name: String, _ other: String) throws {
    let parsed = Self.parser.parse(line)
    #expect(parsed.name == name)
    #expect(IngredientEvaluation.Prediction(parsed).name == name)
    let comment = try #require(parsed.comment, "\(line)")
    #expect(comment.contains(other), "\(line)")
  }

  @Test func readsTheWordsOfALinkNotItsMarkup() {
    let parsed = Self.parser.parse(
      "2 cups <a href=\"https://example.com/recipes/12-quick-tomato-sauce\">tomato sauce</a>")
    #expect(parsed.quantity == 2)
    #expect(parsed.unit == "cup")
    #expect(parsed.name == "tomato sauce")
  }

  @Test func readsASizeRangeWrittenAsOneWord() throws {
    let parsed = Self.parser.parse("1 4-to-5-pound duck, patted dry")
    #expect(parsed.quantity == 1)
    #expect(parsed.name == "duck")
    let size = try #require(parsed.containerSize)
    #expect(size.quantity == 4)
    #expect(size.quantityMax == 5)
    #expect(size.unit == "lb")
  }

  /// A food read into a clause that adds more of it is still the line's food.
  @Test(arguments: [
    ("2 tablespoons plus 1 teaspoon cocoa powder", "cocoa powder"),
    ("1 cup, plus 3 tablespoons rye flour", "rye flour"),
    ("1/4 teaspoon or a few drops of vanilla extract", "vanilla extract"),
  ])
  func findsTheFoodAfterAClauseAddingMore(_ line: String, _ name: String) {
    let parsed = Self.parser.parse(line)
    #expect(parsed.name == name)
    #expect(parsed.comment?.contains(name) != true, "\(line)")
  }

  @Test func aRangeWrittenWithOrIsNotAChoice() {
    #expect(Self.parser.parse("5 or 6 ripe plums, halved").name == "ripe plums")
  }

  // MARK: - Optional

  @Test(arguments: [
    ("1 tbsp chives (optional)", true),
    ("optional: a handful of toasted almonds", true),
    ("salt, to taste", true),
    ("water, as needed", true),
    ("extra flour, if needed", true),
    ("a splash of brandy, if desired", true),
    ("chilli flakes, if you like", true),
    ("lemon wedges, to serve", true),
    ("crusty bread, for serving", true),
    ("parsley, for garnish", true),
    ("mint leaves, to garnish", true),
    ("sprinkles, for decoration", true),
    ("icing sugar, for dusting", true),
    ("oil, for frying", false),
    ("butter, for greasing", false),
    ("2 cups flour", false),
    ("1 tsp tasty spice mix", false),
    // "If needed" about a kind of product, not the line.
    ("2 cups vegetable broth (gluten-free if needed)", false),
    ("1 tbsp soy sauce (use tamari, gluten-free if needed)", false),
  ])
  func marksOptionalLines(_ line: String, _ isOptional: Bool) {
    #expect(Self.parser.parse(line).isOptional == isOptional)
    #expect(Self.rules.parse(line).isOptional == isOptional)
  }

  // MARK: - Section headers

  @Test(arguments: [
    ("For the sauce:", true),
    ("FOR THE TOPPING", true),
    ("For the dressing", true),
    ("Sauce:", true),
    ("Filling ingredients:", true),
    ("Butter, for greasing", false),
    ("2 tbsp sauce:", false),
    ("Optional garnish: sour cream, chopped chives", false),
    ("SALT", false),
  ])
  func recognisesSectionHeaders(_ line: String, _ isHeader: Bool) {
    let parsed = Self.parser.parse(line)
    #expect(parsed.isSectionHeader == isHeader)
    if isHeader {
      #expect(parsed.name == nil)
      #expect(parsed.comment != nil)
    }
  }

  // MARK: - Spans and losslessness

  @Test(arguments: [
    (
      "150g/5½oz canned chickpeas, drained and rinsed",
      [
        "quantity": "150", "unit": "g", "name": "canned chickpeas",
        "preparation": "drained and rinsed",
      ]
    ),
    (
      "🥫 1 (14 oz) can crème fraîche, chilled (optional)",
      [
        "quantity": "1", "unit": "can", "name": "crème fraîche", "preparation": "chilled",
        "comment": "optional", "containerSize": "14 oz",
      ]
    ),
    (
      "2 large eggs, beaten, for glazing",
      ["quantity": "2", "size": "large", "name": "eggs", "purpose": "for glazing"]
    ),
    ("½ tsp 𝔣𝔞𝔫𝔠𝔶 salt", ["quantity": "½", "unit": "tsp"]),
  ])
  func spansPointAtTheFieldsText(_ line: String, _ expected: [String: String]) {
    let parsed = Self.parser.parse(line)
    let text = line as NSString
    for (field, value) in expected {
      guard let span = parsed.spans[field] else {
        Issue.record("\(line): no span for \(field)")
        continue
      }
      let range = NSRange(location: span.start, length: span.end - span.start)
      #expect(text.substring(with: range) == value, "\(line): \(field)")
    }
  }

  static let losslessLines =
    amounts.map(\.line) + [
      "150g/5½oz canned chickpeas, drained and rinsed",
      "1 (14 oz) can diced tomatoes, drained",
      "2 x 400g tins chopped tomatoes",
      "700g/1lb 9oz mixed, boned, diced game meat, such as venison or rabbit",
      "2 tbsp butter or margarine, melted, plus extra for greasing",
      "1 sheet (about 8 ounces) frozen puff pastry, thawed (see note)",
      "Juice of 1 lemon",
      "4 pork chops, about 10 ounces each",
      "For the sauce:",
      "a few sprigs of fresh thyme, leaves picked, to garnish",
    ]

  @Test(arguments: losslessLines)
  func losesNoWord(_ line: String) {
    for parser in [Self.parser, Self.rules] {
      let parsed = parser.parse(line)
      // The text fields hold their words (a name its piece words in the singular,
      // IngredientNameForm); "or" between alternatives and the second unit of
      // a folded amount ("1 lb 4 oz") are only covered by their field's span.
      let fieldText: [String: String] = [
        "size": parsed.size ?? "", "name": parsed.name ?? "",
        "alternatives": "or " + parsed.alternatives.joined(separator: " "),
        "preparation": parsed.preparation ?? "", "comment": parsed.comment ?? "",
        "purpose": parsed.purpose ?? "",
      ]
      for part in parser.labeledTokens(line) where !part.token.isPunctuation {
        guard let field = part.field else {
          Issue.record("\(line): '\(part.token.text)' landed in no field")
          continue
        }
        if let text = fieldText[field] {
          // Names hold piece words in the singular ("garlic cloves" → "garlic clove").
          let word =
            field == "name" || field == "alternatives"
            ? IngredientNameForm.canonical(part.token.text) : part.token.text
          #expect(text.contains(word), "\(line): '\(part.token.text)' not in \(field)")
        } else if let span = parsed.spans[field] {
          #expect(span.start <= part.token.span.start && part.token.span.end <= span.end)
        }
      }
    }
  }

  // MARK: - Odd input

  @Test(arguments: ["", "   ", "\t\n", "🍋🍋🍋", "((((", "))))", "----", "1", "½", "cup", ",,,"])
  func survivesOddInput(_ line: String) {
    let parsed = Self.parser.parse(line)
    #expect(parsed.input == line)
    if line.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      #expect(parsed.name == nil)
      #expect(parsed.quantity == nil)
    }
  }

  @Test func parsesAVeryLongLine() {
    let line = String(repeating: "2 cups flour, sifted (optional) or 1½ tbsp oil / ", count: 2_000)
    let parsed = Self.parser.parse(line)
    #expect(parsed.quantity == 2)
    #expect(parsed.unit == "cup")
    for span in parsed.spans.values {
      #expect(span.start >= 0 && span.start <= span.end && span.end <= (line as NSString).length)
    }
  }

  @Test func agreesWithTheRulesOnPlainLines() {
    for expected in Self.amounts.prefix(12) {
      let tagged = Self.parser.parse(expected.line)
      let ruled = Self.rules.parse(expected.line)
      #expect(tagged.quantity == ruled.quantity, "\(expected.line)")
      #expect(tagged.unit == ruled.unit, "\(expected.line)")
    }
  }
}
