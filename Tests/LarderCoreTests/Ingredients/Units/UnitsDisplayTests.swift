import Foundation
import LarderCore
import Testing

@Suite struct UnitsDisplayTests {
  // MARK: - US

  @Test(
    arguments: [
      // Stepping up to the unit a cook would use.
      ("16 tbsp", "1 cup"),
      ("3 tsp", "1 tbsp"),
      ("2.95 tsp", "1 tbsp"),
      ("48 oz", "3 lb"),
      ("16 oz", "1 lb"),
      ("20 cup", "1¼ gallons"),
      // Stepping down instead of writing tiny fractions.
      ("0.02 cup", "1 tsp"),
      ("0.2 cup", "3¼ tbsp"),
      ("1/3 tbsp", "1 tsp"),
      ("0.1 tsp", "⅛ tsp"),
      ("0.04 tsp", "a pinch"),
      ("0.02 tsp", "a pinch"),
      ("0.2 ml", "a pinch"),
      ("0.5 g", "a pinch"),
      // Cook fractions with glyphs.
      ("1/3 cup", "⅓ cup"),
      ("0.333 cup", "⅓ cup"),
      ("2/3 cup", "⅔ cup"),
      ("1.5 tsp", "1½ tsp"),
      ("0.5 cup", "½ cup"),
      ("0.75 cup", "¾ cup"),
      ("0.375 cup", "⅜ cup"),
      ("1.125 tsp", "1⅛ tsp"),
      ("2.625 tsp", "2⅝ tsp"),
      ("0.875 tsp", "⅞ tsp"),
      ("4.5 cup", "4½ cups"),
      ("0.5 tbsp", "½ tbsp"),
      ("1.25 lb", "1¼ lb"),
      ("1/3 lb", "⅓ lb"),
      // Written amounts that read well are kept.
      ("1 cup", "1 cup"),
      ("2 cup", "2 cups"),
      ("5 tbsp", "5 tbsp"),
      ("12 tbsp", "12 tbsp"),
      ("2 quart", "2 quarts"),
      ("1 pint", "1 pint"),
      ("12 fl-oz", "12 fl oz"),
      ("0.5 gallon", "½ gallon"),
      ("8 oz", "8 oz"),
      ("12 oz", "12 oz"),
      ("1.1 lb", "1.1 lb"),
      ("1 dsp", "1 dessertspoon"),
      // Metric amounts in US units.
      ("250 ml", "1 cup"),
      ("60 ml", "¼ cup"),
      ("30 ml", "2 tbsp"),
      ("15 ml", "1 tbsp"),
      ("5 ml", "1 tsp"),
      ("1 l", "4¼ cups"),
      ("1.5 l", "6⅓ cups"),
      ("4 l", "1 gallon"),
      ("500 g", "1.1 lb"),
      ("750 g", "1.7 lb"),
      ("1 kg", "2¼ lb"),
      ("2 kg", "4½ lb"),
      ("453.59237 g", "1 lb"),
      ("250 g", "9 oz"),
      ("100 g", "3½ oz"),
      ("2 g", "⅛ oz"),
      // Ranges.
      ("2-3 cup", "2–3 cups"),
      ("1-2 tbsp", "1–2 tbsp"),
      ("1.25-1.5 lb", "1¼–1½ lb"),
      ("0-1 cup", "up to 1 cup"),
      ("0.01-2 cup", "up to 2 cups"),
      ("2-5 tsp", "2–5 tsp"),
      ("1-1.01 cup", "1 cup"),
      ("0 cup", "0 cups"),
    ] as [(String, String)])
  func showsAmountsTheWayUSCooksWriteThem(amount: String, expected: String) throws {
    #expect(try measure(amount).formatted(.us) == expected)
  }

  // MARK: - Metric

  @Test(
    arguments: [
      ("1500 g", "1.5 kg"),
      ("0.25 l", "250 ml"),
      ("0.5 kg", "500 g"),
      ("1000 ml", "1 l"),
      ("999 g", "1 kg"),
      ("2.5 kg", "2.5 kg"),
      ("1.25 kg", "1.25 kg"),
      ("1.04 kg", "1 kg"),
      ("2 l", "2 l"),
      ("1.5 l", "1.5 l"),
      // Grams: 0.1 below 1, whole grams below 100, fives above.
      ("123 g", "125 g"),
      ("42 g", "42 g"),
      ("7.4 g", "7 g"),
      ("0.3 g", "0.3 g"),
      ("0.01 g", "a pinch"),
      ("500 mg", "500 mg"),
      // Millilitres: whole below 50, fives above.
      ("45 ml", "45 ml"),
      ("5 ml", "5 ml"),
      ("100 ml", "100 ml"),
      ("750 ml", "750 ml"),
      ("1.5 dl", "1.5 dl"),
      ("75 cl", "75 cl"),
      // US amounts in metric units; spoons are shared.
      ("1 cup", "235 ml"),
      ("0.5 cup", "120 ml"),
      ("0.25 cup", "60 ml"),
      ("16 tbsp", "235 ml"),
      ("2 tbsp", "2 tbsp"),
      ("1 tsp", "1 tsp"),
      ("3 tsp", "1 tbsp"),
      ("4 tsp", "1⅓ tbsp"),
      ("0.1 tsp", "⅛ tsp"),
      ("0.2 ml", "a pinch"),
      ("0.02 tsp", "a pinch"),
      ("1 fl-oz", "2 tbsp"),
      ("2 fl-oz", "60 ml"),
      ("12 fl-oz", "355 ml"),
      ("1 quart", "945 ml"),
      ("1 gallon", "3.8 l"),
      ("1 lb", "455 g"),
      ("8 oz", "225 g"),
      ("1 oz", "28 g"),
      ("3 lb", "1.4 kg"),
      // Ranges.
      ("750-1250 g", "750–1250 g"),
      ("1-2 l", "1–2 l"),
      ("2-3 cup", "475–710 ml"),
    ] as [(String, String)])
  func showsAmountsTheWayMetricCooksWriteThem(amount: String, expected: String) throws {
    #expect(try measure(amount).formatted(.metric) == expected)
  }

  // MARK: - Counts and vague units, the same in both systems

  @Test(
    arguments: [
      ("1 clove", "1 clove"),
      ("3 clove", "3 cloves"),
      ("1-2 clove", "1–2 cloves"),
      ("0.5 can", "½ can"),
      ("1.5 can", "1½ cans"),
      ("0.5-1 can", "½–1 can"),
      ("2 stick", "2 sticks"),
      ("1.5 dozen", "1½ dozen"),
      ("1 leaf", "1 leaf"),
      ("4 leaf", "4 leaves"),
      ("2", "2"),
      ("0.5", "½"),
      ("1/3", "⅓"),
      ("2-3", "2–3"),
      // Counts: ¼ ⅓ ½ ⅔ ¾ below one (at least ¼), halves from one, whole from ten.
      ("2.6667", "2½"),
      ("2.25", "2½"),
      ("1.2", "1"),
      ("0.1", "¼"),
      ("0.6667", "⅔"),
      ("0.9", "1"),
      ("12.4", "12"),
      ("9.8", "10"),
      ("1 pinch", "1 pinch"),
      ("2 pinch", "2 pinches"),
      ("0.5 pinch", "1 pinch"),
      ("2 dash", "2 dashes"),
    ] as [(String, String)])
  func showsCountsAndVagueUnitsAsCountedInEitherSystem(amount: String, expected: String) throws {
    #expect(try measure(amount).formatted(.us) == expected)
    #expect(try measure(amount).formatted(.metric) == expected)
  }

  // MARK: - ASCII

  @Test(
    arguments: [
      ("1.5 tsp", MeasureFormat.us, "1 1/2 tsp"),
      ("1/3 cup", .us, "1/3 cup"),
      ("0.375 cup", .us, "3/8 cup"),
      ("2-3 cup", .us, "2-3 cups"),
      ("1.25-1.5 lb", .us, "1 1/4-1 1/2 lb"),
      ("0.5", .us, "1/2"),
      ("2.6667", .metric, "2 1/2"),
      ("0.04 tsp", .us, "a pinch"),
      ("0-1 cup", .us, "up to 1 cup"),
      ("1500 g", .metric, "1.5 kg"),
      ("750-1250 g", .metric, "750-1250 g"),
    ] as [(String, MeasureFormat, String)])
  func writesPlainASCIIForTerminalsAndExports(
    amount: String, format: MeasureFormat, expected: String
  ) throws {
    var ascii = format
    ascii.fractionStyle = .ascii
    #expect(try measure(amount).formatted(ascii) == expected)
  }

  // MARK: - Keeping the written system

  @Test(
    arguments: [
      ("1500 g", UnitSystem.us, "1.5 kg"),
      ("250 ml", .us, "250 ml"),
      ("0.25 l", .us, "250 ml"),
      ("16 tbsp", .us, "1 cup"),
      ("16 tbsp", .metric, "235 ml"),
      ("2 cup", .metric, "2 cups"),
      ("1 lb", .metric, "1 lb"),
      ("48 oz", .metric, "3 lb"),
      ("0.02 cup", .metric, "1 tsp"),
    ] as [(String, UnitSystem, String)])
  func keepsTheWrittenSystemWhenAsked(
    amount: String, system: UnitSystem, expected: String
  )
    throws
  {
    let format = MeasureFormat(system: system, keepsWrittenSystem: true)
    #expect(try measure(amount).formatted(format) == expected)
  }

  // MARK: - Small masses by the spoon

  @Test(
    arguments: [
      ("5 g", 1.2, MeasureFormat.us, "⅞ tsp"),
      ("10 g", 0.53, .us, "1¼ tbsp"),
      ("20 g", 0.53, .us, "¾ oz"),
      ("5 g", 1.2, .metric, "5 g"),
      ("5 g", nil, .us, "⅛ oz"),
    ] as [(String, Double?, MeasureFormat, String)])
  func showsSmallUSMassesInSpoonsWhenTheDensityIsKnown(
    amount: String, density: Double?, format: MeasureFormat, expected: String
  ) throws {
    #expect(try measure(amount).formatted(format, density: density) == expected)
  }

  // MARK: - Parts

  @Test func givesTheQuantityUnitAndRoundedAmountApart() throws {
    let shown = try measure("0.333 cup").displayed(.us)
    #expect(shown.quantityText == "⅓")
    #expect(shown.unitText == "cup")
    #expect(shown.text == "⅓ cup")
    #expect(shown.measure == Measure(quantity: 1.0 / 3, unit: .cup))
  }

  @Test func showsATinyAmountAsOnePinch() throws {
    let shown = try measure("0.01 tsp").displayed(.metric)
    #expect(shown.quantityText == "a")
    #expect(shown.unitText == "pinch")
    #expect(shown.measure == Measure(quantity: 1, unit: .pinch))
  }

  @Test func givesARangeAsARoundedRange() throws {
    let shown = try measure("1.98-3.02 cup").displayed(.us)
    #expect(shown.text == "2–3 cups")
    #expect(shown.measure == Measure(quantity: 2, quantityMax: 3, unit: .cup))
  }

  @Test(
    arguments: [
      ("1500 g", 1.5), ("0.3 g", 0.3), ("1.25 kg", 1.25), ("0.75 l", 750), ("3.14 dl", 3.1),
    ] as [(String, Double)])
  func givesDecimalAmountsAsTheNumbersShown(amount: String, shown: Double) throws {
    #expect(try measure(amount).displayed(.metric).measure.quantity == shown)
  }

  @Test func showsANegativeAmountAsNone() {
    #expect(Measure(quantity: -1, unit: .cup).formatted(.us) == "0 cups")
    #expect(Measure(quantity: -1, quantityMax: 2, unit: .cup).formatted(.us) == "up to 2 cups")
  }

  @Test func givesABareCountWithoutAUnit() throws {
    let shown = try measure("3").displayed(.us)
    #expect(shown.unitText == nil)
    #expect(shown.text == "3")
  }
}
