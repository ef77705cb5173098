import Foundation
import LarderCore
import Testing

@Suite struct IngredientEvaluationScoringTests {
  typealias Prediction = IngredientEvaluation.Prediction

  static let chickpeas = IngredientEvaluation.strangetomLine(
    input: "150g/5¼oz canned chickpeas, drained and rinsed", name: "canned chickpeas",
    quantity: "150 5#1$4", unit: "g oz")!

  static let garlic = IngredientEvaluation.strangetomLine(
    input: "2 to 3 garlic cloves, peeled", name: "garlic", quantity: "2-3", unit: "clove")!

  static let tomatoes = IngredientEvaluation.strangetomLine(
    input: "1 (14 oz) can diced tomatoes, drained", name: "diced tomatoes", quantity: "1 14",
    unit: "ounce can")!

  @Test func countsACorrectPredictionAsCorrect() {
    let score = IngredientEvaluation.score(
      Prediction(name: "Canned chickpeas", quantity: 150, unit: "g"), against: Self.chickpeas)
    #expect(score.name && score.quantity && score.unit && score.allThree)
  }

  @Test(arguments: [
    (Prediction(name: "chickpeas", quantity: 150, unit: "g"), false, true, true),
    (Prediction(name: "canned chickpeas", quantity: 5.25, unit: "g"), true, false, true),
    (Prediction(name: "canned chickpeas", quantity: 150, unit: "oz"), true, true, false),
    (Prediction(name: "canned chickpeas", quantity: nil, unit: nil), true, false, false),
    (
      Prediction(name: "150g/5¼oz canned chickpeas, drained and rinsed", quantity: nil, unit: nil),
      false, false, false
    ),
  ])
  func countsAWrongPredictionAsWrong(
    prediction: Prediction, name: Bool, quantity: Bool, unit: Bool
  ) {
    let score = IngredientEvaluation.score(prediction, against: Self.chickpeas)
    #expect(score.name == name && score.quantity == quantity && score.unit == unit)
    #expect(!score.allThree)
  }

  @Test(arguments: [
    (Prediction(name: "garlic", quantity: 2, quantityMax: 3, unit: "clove"), true),
    (Prediction(name: "garlic", quantity: 2, unit: "clove"), true),
    (Prediction(name: "garlic", quantity: 2, quantityMax: 4, unit: "clove"), false),
    (Prediction(name: "garlic", quantity: 3, unit: "clove"), false),
  ])
  func checksAnUpperBoundOnlyWhenOneIsReported(prediction: Prediction, correct: Bool) {
    #expect(IngredientEvaluation.score(prediction, against: Self.garlic).quantity == correct)
  }

  @Test func rejectsAnUpperBoundWhereTheLabelHasNoRange() {
    let prediction = Prediction(
      name: "canned chickpeas", quantity: 150, quantityMax: 200, unit: "g")
    #expect(!IngredientEvaluation.score(prediction, against: Self.chickpeas).quantity)
  }

  @Test func scoresTheContainerAsTheUnitOfACannedAmount() {
    let score = IngredientEvaluation.score(
      Prediction(name: "diced tomatoes", quantity: 1, unit: "can"), against: Self.tomatoes)
    #expect(score.allThree)
    #expect(!score.unitFirstListed && !score.allThreeFirstListed)
  }

  @Test(arguments: [
    ("tablespoon", "tbsp"), ("fluid ounce", "fl-oz"), ("small handful", "handful"),
    ("cloves", "clove"), ("tins", "can"), ("fl-oz", "fl-oz"), ("gram", "g"),
  ])
  func mapsAPeersUnitWordsThroughLardersTable(word: String, unit: String) {
    #expect(IngredientEvaluation.canonicalUnit(word) == unit)
  }

  @Test func expectsNoQuantityWhenTheLabelHasNone() {
    let salt = IngredientEvaluation.strangetomLine(
      input: "salt, to taste", name: "salt", quantity: "", unit: "")!
    #expect(
      IngredientEvaluation.score(Prediction(name: "salt", quantity: nil, unit: nil), against: salt)
        .allThree)
    #expect(
      IngredientEvaluation.score(Prediction(name: "salt", quantity: 0, unit: nil), against: salt)
        .quantity)
    #expect(
      !IngredientEvaluation.score(Prediction(name: "salt", quantity: 1, unit: nil), against: salt)
        .quantity)
  }

  @Test func acceptsRoundedThirdsInDecimalLabels() {
    let vermouth = IngredientEvaluation.nytLine(
      input: "1/3 cup dry vermouth", name: "dry vermouth", quantity: "0.33", rangeEnd: "0.0",
      unit: "cup")!
    let prediction = Prediction(name: "dry vermouth", quantity: 1.0 / 3.0, unit: "cup")
    #expect(IngredientEvaluation.score(prediction, against: vermouth).allThree)
  }

  @Test(arguments: [
    ("Extra-virgin  olive oil", "extra virgin olive oil"),
    ("Pommery mustard (whole grain)", "pommery mustard whole grain"),
    ("salt & pepper", "salt pepper"),
    ("  Baker's   yeast ", "baker s yeast"),
    ("JALAPEÑO", "jalapeño"),
    ("", ""),
  ])
  func normalizesNames(name: String, normalized: String) {
    #expect(IngredientEvaluation.normalizedName(name) == normalized)
  }

  @Test func joinsLardersAlternativesBackIntoTheName() {
    let parsed = ParsedIngredient(
      input: "4 tbsp butter or margarine", quantity: 4, unit: "tbsp", name: "butter",
      alternatives: ["margarine"])
    #expect(Prediction(parsed).name == "butter or margarine")
    let whole = ParsedIngredient(
      input: "butter or margarine", name: "butter or margarine", alternatives: ["margarine"])
    #expect(Prediction(whole).name == "butter or margarine")
  }

  @Test func takesAChoiceAsTheLineWritesIt() {
    // With the parser's spans, the name runs from the name to the last alternative as written.
    let parsed = IngredientParser().parse("2 tablespoons canola, peanut, or walnut oil")
    #expect(parsed.alternatives.count == 2)
    #expect(Prediction(parsed).name == "canola, peanut, or walnut oil")
    // A span outside the line is not trusted: the alternatives are joined with "or".
    let broken = ParsedIngredient(
      input: "butter or margarine", name: "butter", alternatives: ["margarine"],
      spans: ["name": TextSpan(start: 0, end: 6), "alternatives": TextSpan(start: 10, end: 99)])
    #expect(Prediction(broken).name == "butter or margarine")
  }

  @Test func talliesFractions() {
    var tally = IngredientEvaluation.Tally()
    tally.add(
      IngredientEvaluation.score(
        Prediction(name: "garlic", quantity: 2, unit: "clove"), against: Self.garlic))
    tally.add(
      IngredientEvaluation.score(
        Prediction(name: "garlic", quantity: 1, unit: "clove"), against: Self.garlic))
    #expect(tally.count == 2 && tally.names == 2 && tally.quantities == 1 && tally.allThree == 1)
    #expect(tally.fraction(tally.allThree) == 0.5)
    #expect(IngredientEvaluation.Tally().fraction(0) == 0)
  }
}
