import Foundation
import LarderCore
import Testing

@Suite struct UnitsReadingTests {
  @Test(
    arguments: [
      (IngredientAmount(quantity: 2, unit: "cup"), "2 cup"),
      (IngredientAmount(quantity: 2, quantityMax: 3, unit: "tbsp"), "2-3 tbsp"),
      (IngredientAmount(quantity: 3, quantityMax: 2), "2-3"),
      (IngredientAmount(quantity: 2, quantityMax: 2, unit: "g"), "2 g"),
      (IngredientAmount(quantity: 4), "4"),
      (IngredientAmount(unit: "pinch"), "1 pinch"),
    ] as [(IngredientAmount, String)])
  func readsAParsedAmount(amount: IngredientAmount, expected: String) throws {
    #expect(try Measure(amount) == measure(expected))
  }

  @Test func readsNoMeasureFromALineWithoutAnAmount() throws {
    #expect(try Measure(IngredientAmount()) == nil)
    #expect(try Measure(ParsedIngredient(input: "salt to taste", name: "salt")) == nil)
    #expect(
      try Measure(ParsedIngredient(input: "For the sauce:", isSectionHeader: true)) == nil)
  }

  @Test func refusesAParsedAmountWithAnUnknownUnit() {
    #expect(throws: UnitError.unknownUnit("tbspx")) {
      try Measure(IngredientAmount(quantity: 2, unit: "tbspx"))
    }
  }

  @Test func readsALineAsWritten() throws {
    let line = ParsedIngredient(
      input: "2 (14 oz) cans tomatoes", quantity: 2, unit: "can",
      containerSize: IngredientAmount(quantity: 14, unit: "oz"), name: "tomatoes")
    #expect(try Measure(line) == measure("2 can"))
  }

  @Test(
    arguments: [
      (2.0, nil, IngredientAmount(quantity: 14, unit: "oz"), "28 oz"),
      (2, 3, IngredientAmount(quantity: 14, unit: "oz"), "28-42 oz"),
      (1, nil, IngredientAmount(quantity: 400, quantityMax: 500, unit: "g"), "400-500 g"),
      (1, nil, IngredientAmount(quantity: 12, unit: "fl-oz"), "12 fl-oz"),
      (3, nil, IngredientAmount(quantity: 2), "3 can"),
      (3, nil, nil, "3 can"),
    ] as [(Double, Double?, IngredientAmount?, String)])
  func readsWhatASizedContainerHolds(
    quantity: Double, quantityMax: Double?, size: IngredientAmount?, expected: String
  ) throws {
    let line = ParsedIngredient(
      input: "cans", quantity: quantity, quantityMax: quantityMax, unit: "can",
      containerSize: size)
    #expect(try Measure(contentsOf: line) == measure(expected))
  }

  @Test func writesAMeasureBackAsAParsedAmount() throws {
    let amount = IngredientAmount(try measure("2-3 cup"))
    #expect(amount == IngredientAmount(quantity: 2, quantityMax: 3, unit: "cup", unitText: "cups"))
    #expect(try Measure(amount) == measure("2-3 cup"))
  }

  @Test(arguments: ["2-3 cup", "250 g", "4", "1 pinch"])
  func roundTripsThroughJSON(amount: String) throws {
    let original = try measure(amount)
    let data = try JSONEncoder().encode(original)
    #expect(try JSONDecoder().decode(Measure.self, from: data) == original)
  }

  @Test func writesJSONWithTheKeysOfAParsedAmount() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(measure("2-3 cup")), as: UTF8.self)
    #expect(json == #"{"quantity":2,"quantityMax":3,"unit":"cup"}"#)
  }

  @Test func refusesJSONWithAnUnknownUnit() {
    let json = Data(#"{"quantity": 2, "unit": "tbspx"}"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Measure.self, from: json)
    }
  }

  @Test func describesItselfCompactlyForLogs() throws {
    #expect(try measure("2-3 cup").description == "2.0-3.0 cup")
    #expect(try measure("2").description == "2.0 (count)")
  }
}
