import Foundation
import LarderCore
import Testing

@Suite struct IngredientEvaluationLabelTests {
  // MARK: - Quantity tokens

  @Test(
    arguments: [
      ("2", 2.0, nil),
      ("1.5", 1.5, nil),
      (".25", 0.25, nil),
      ("#1$2", 0.5, nil),
      ("#3$4", 0.75, nil),
      ("1#1$2", 1.5, nil),
      ("5#1$4", 5.25, nil),
      ("#3$4-1", 0.75, 1.0),
      ("2-3", 2.0, 3.0),
      ("2#1$2-3", 2.5, 3.0),
      ("#1$2-#3$4", 0.5, 0.75),
      ("2.25-2.75", 2.25, 2.75),
      ("2x", 2.0, nil),
      ("#1$2x", 0.5, nil),
      ("One", 1.0, nil),
      ("a", 1.0, nil),
      ("half", 0.5, nil),
      ("dozen", 12.0, nil),
    ] as [(String, Double, Double?)])
  func decodesQuantityTokens(token: String, low: Double, high: Double?) throws {
    let quantity = try #require(IngredientEvaluation.decodeQuantityToken(token))
    #expect(abs((quantity.low ?? .nan) - low) < 1e-12)
    #expect(quantity.high == high)
  }

  @Test(arguments: ["few", "couple", "and", "", "#1$0"])
  func findsNoNumberInVagueTokens(token: String) {
    #expect(IngredientEvaluation.decodeQuantityToken(token) == nil)
  }

  // MARK: - Units

  @Test(arguments: [
    ("tablespoon", "tbsp"), ("tablespoons", "tbsp"), ("Tb", "tbsp"), ("ounce", "oz"),
    ("clove", "clove"), ("g", "g"), ("fl oz", "fl-oz"), ("fluid ounce", "fl-oz"),
    ("c", "cup"), ("ml fl oz", "ml"), ("g lb oz", "g"), ("small handful", "handful"),
    ("heaped tbsp", "tbsp"), ("lg clove", "clove"), ("ounce containers", "oz"),
    ("fl-oz", "fl-oz"), ("sachet", "envelope"), ("medium-size clove", "clove"),
    ("plump clove", "clove"), ("inch-thick slice", "slice"),
  ])
  func mapsLabelUnitsToLarderUnits(label: String, unit: String) {
    #expect(IngredientEvaluation.firstListedUnit(in: label) == unit)
  }

  @Test(arguments: ["", "punnet", "cm in piece", "recipe", "small"])
  func mapsUnknownLabelUnitsToNone(label: String) {
    #expect(IngredientEvaluation.firstListedUnit(in: label) == nil)
  }

  @Test(arguments: [
    // One quantity: its unit is the first listed.
    ("2 to 3 garlic cloves, peeled", "2-3", "clove", "clove"),
    ("1 small handful fresh coriander", "1", "small handful", "handful"),
    // Several: the first quantity's own unit, read from the sentence.
    ("150g/5¼oz canned chickpeas, drained", "150 5#1$4", "g oz", "g"),
    ("500ml/18fl oz venison jus", "500 18", "ml fl oz", "ml"),
    ("1 cup plus 2 tablespoons flour", "1 2", "cup tablespoon", "cup"),
    ("1 (14 oz) can diced tomatoes", "1 14", "ounce can", "can"),
    ("4 (6 ounce) containers low-fat vanilla yogurt", "4 6", "ounce containers", "container"),
    ("2 (14-ounce) cans artichoke hearts", "2 14", "ounce can", "can"),
    ("1 15- to 16-ounce box white cake mix", "1 15-16", "ounce box", "box"),
    ("2 x 400g/14oz cans black eye beans", "2x 400 14", "g oz can", "can"),
    ("1x200ml jar char siu marinade", "1x 200", "ml jar", "jar"),
    ("1 (8-inch) strip kombu", "1 8", "inch strip", "strip"),
    ("Three 20-ounce bottles ketchup", "Three 20", "ounce bottle", "bottle"),
    (
      "One ¼-ounce package or 2¼ teaspoons yeast", "One #1$4 2#1$4", "ounce package teaspoon",
      "package"
    ),
    ("2 15-ounce (426-g) cans or boxes black beans", "2 15 426", "ounce g can or box", "can"),
    ("1 1/2 cups (12 oz) milk", "1#1$2 12", "cup oz", "cup"),
    ("1 ½ cups (12 oz) milk", "1#1$2 12", "cup oz", "cup"),
    ("Two 14.5 oz (411g) cans chopped tomatoes", "Two 14.5 411", "oz g can", "can"),
    ("2 7.7 ounce jars Nutella", "2 7.7", "ounce jar", "jar"),
    ("Six 1/8-inch-thick slices galangal", "Six #1$8", "inch-thick slice", "slice"),
    ("2 1/2-inch pieces ginger", "2 #1$2", "inch piece", "piece"),
  ])
  func pairsTheFirstQuantityWithItsUnit(
    input: String, quantity: String, unit: String, expected: String
  ) throws {
    let line = try #require(
      IngredientEvaluation.strangetomLine(input: input, name: "x", quantity: quantity, unit: unit))
    #expect(line.unit == expected)
  }

  @Test(
    arguments: [
      ("4 large tomatoes (about 1½ pounds), quartered", "4 1#1$2", "pound", "lb"),
      ("4 x 85g/3oz salmon fillet, skinned", "4x 85 3", "g oz", "g"),
      ("1 onion, about 200g, sliced", "1 200", "g", "g"),
      ("1 (2 pound) beef flank steak", "1 2", "pound", "lb"),
      ("Four 6- to 8-ounce red snapper fillets", "Four 6-8", "ounce", "oz"),
      ("2.5cm/1in piece ginger", "2.5 1", "cm in piece", nil),
    ] as [(String, String, String, String?)])
  func findsNoUnitWhenTheUnitsBelongToLaterQuantities(
    input: String, quantity: String, unit: String, firstListed: String?
  ) throws {
    let line = try #require(
      IngredientEvaluation.strangetomLine(input: input, name: "x", quantity: quantity, unit: unit))
    #expect(line.unit == nil)
    #expect(line.firstListedUnit == firstListed)
  }

  // MARK: - Rows

  @Test func skipsStrangetomRowsWithoutLabels() {
    #expect(
      IngredientEvaluation.strangetomLine(input: "1 cup milk", name: "", quantity: "", unit: "")
        == nil)
  }

  @Test func readsAStrangetomRangeAndItsExactTolerance() throws {
    let line = try #require(
      IngredientEvaluation.strangetomLine(
        input: "2-3 tbsp oil", name: "oil", quantity: "2-3", unit: "tbsp"))
    #expect(line.quantity == 2 && line.quantityMax == 3 && line.knowsQuantityMax)
    #expect(line.quantityTolerance == 1e-6)
  }

  @Test(arguments: [("0.33", 0.01), ("0.333", 0.001), ("0.5", 1e-6), ("2.0", 1e-6)])
  func toleratesRoundingInDecimalLabels(quantity: String, tolerance: Double) throws {
    let line = try #require(
      IngredientEvaluation.strangetomLine(
        input: "1/3 cup milk", name: "milk", quantity: quantity, unit: "cup"))
    #expect(abs(line.quantityTolerance - tolerance) < 1e-12)
  }

  @Test func readsNYTRowsWithZeroAsNoQuantityAndNoKnownRange() throws {
    let salt = try #require(
      IngredientEvaluation.nytLine(
        input: "Salt and pepper", name: "salt and pepper", quantity: "0.0", rangeEnd: "0.0",
        unit: ""))
    #expect(salt.quantity == nil && salt.unit == nil && !salt.knowsQuantityMax)
    let cumin = try #require(
      IngredientEvaluation.nytLine(
        input: "1 teaspoon ground cumin", name: "ground cumin", quantity: "1.0",
        rangeEnd: "0.0", unit: "teaspoon"))
    #expect(cumin.quantity == 1 && cumin.unit == "tsp")
    let range = try #require(
      IngredientEvaluation.nytLine(
        input: "3 to 4 cups stock", name: "stock", quantity: "3.0", rangeEnd: "4.0",
        unit: "cup"))
    #expect(range.quantityMax == 4 && range.knowsQuantityMax)
  }

  @Test func readsALabeledFileAndCountsWhatItSkips() throws {
    let csv = """
      row_id,input,name,qty,range_end,unit,comment
      0,1 teaspoon ground cumin,ground cumin,1.0,0.0,teaspoon,
      3,,oregano,1.0,0.0,teaspoon,
      6,"1/3 cup dry vermouth, chilled",dry vermouth,0.33,0.0,cup,chilled

      """
    let file = try IngredientEvaluation.readLabeledFile(named: "nyt.csv", csv: csv)
    #expect(file.format == .nyt)
    #expect(file.rowCount == 3 && file.lines.count == 2 && file.emptyInputCount == 1)
    #expect(file.lines[1].input == "1/3 cup dry vermouth, chilled")
    #expect(file.lines[1].unit == "cup")

    let strangetom = """
      row_id,input,name,quantity,unit,size,preparation,comment,purpose
      0,"10g/½oz fresh tarragon, leaves only",fresh tarragon,10 #1$2,g oz,,,leaf only,
      1,A line nobody labeled,,,,,,,
      """
    let other = try IngredientEvaluation.readLabeledFile(named: "bbc.csv", csv: strangetom)
    #expect(other.format == .strangetom && other.lines.count == 1 && other.unlabeledCount == 1)
    #expect(other.lines[0].quantity == 10 && other.lines[0].unit == "g")
  }

  @Test func refusesAFileInAnotherLayout() {
    #expect(throws: LarderCoreError.self) {
      try IngredientEvaluation.readLabeledFile(named: "x.csv", csv: "a,b\n1,2\n")
    }
  }
}
