import Foundation
import LarderCore
import Testing

@Suite struct UnitsScalingTests {
  @Test(
    arguments: [
      ("2 cup", 1.5, "3 cup"),
      ("2-3 cup", 2, "4-6 cup"),
      ("250 g", 0.5, "125 g"),
      ("4", 2.0 / 3, "8/3"),
      ("1 pinch", 3, "3 pinch"),
      ("1-2 clove", 0.5, "0.5-1 clove"),
    ] as [(String, Double, String)])
  func scalesExactlyByAFactor(amount: String, factor: Double, expected: String) throws {
    let scaled = try measure(amount).scaled(by: factor)
    let wanted = try measure(expected)
    #expect(scaled.unit == wanted.unit)
    #expect(quantitiesMatch(scaled.quantity, wanted.quantity))
    #expect(
      scaled.quantityMax.map { quantitiesMatch($0, wanted.quantityMax ?? .nan) }
        ?? (wanted.quantityMax == nil))
  }

  @Test(
    arguments: [
      // Masses and volumes, shown the way cooks write them after scaling.
      ("2 cup", 1.5, MeasureFormat.us, "3 cups"),
      ("1 cup", 1.0 / 3, .us, "⅓ cup"),
      ("1 cup", 0.25, .us, "¼ cup"),
      ("1 tbsp", 1.0 / 3, .us, "1 tsp"),
      ("1 tbsp", 0.5, .us, "½ tbsp"),
      ("0.25 tsp", 0.125, .us, "a pinch"),
      ("2 tbsp", 8, .us, "1 cup"),
      ("750 g", 2, .metric, "1.5 kg"),
      ("500 ml", 0.5, .metric, "250 ml"),
      ("1 l", 0.25, .metric, "250 ml"),
      ("100 g", 1.0 / 3, .metric, "33 g"),
      // Ranges scale at both ends.
      ("2-3 cup", 2, .us, "4–6 cups"),
      ("1-2 tbsp", 0.5, .us, "½–1 tbsp"),
      ("400-600 g", 2.5, .metric, "1–1.5 kg"),
      // Counts: halves from one, ¼ ⅓ ½ ⅔ ¾ below one, whole from ten.
      ("4", 2.0 / 3, .us, "2½"),
      ("3", 0.5, .us, "1½"),
      ("1", 0.5, .us, "½"),
      ("1", 0.1, .us, "¼"),
      ("2", 1.0 / 3, .us, "⅔"),
      ("8", 1.5, .us, "12"),
      ("6", 2.1, .us, "13"),
      ("2-3", 0.5, .us, "1–1½"),
      ("3 clove", 0.5, .us, "1½ cloves"),
      ("1 can", 1.0 / 3, .metric, "⅓ can"),
      ("1 can", 2, .metric, "2 cans"),
      // Vague units stay whole and never vanish.
      ("1 pinch", 0.5, .us, "1 pinch"),
      ("1 pinch", 3, .us, "3 pinches"),
    ] as [(String, Double, MeasureFormat, String)])
  func showsScaledAmountsTheWayCooksWriteThem(
    amount: String, factor: Double, format: MeasureFormat, expected: String
  ) throws {
    #expect(try measure(amount).scaled(by: factor).formatted(format) == expected)
  }

  @Test(
    arguments: [
      ("2 cup", 4.0, 6.0, "3 cups"),
      ("1 tbsp", 4, 2, "½ tbsp"),
      ("3", 6, 4, "2"),
      ("3", 4, 6, "4½"),
      ("1 cup", 4, 1, "¼ cup"),
      ("2-3 clove", 4, 8, "4–6 cloves"),
      ("300 g", 4, 10, "750 g"),
      ("1 lb", 2, 6, "3 lb"),
    ] as [(String, Double, Double, String)])
  func scalesFromOneNumberOfServingsToAnother(
    amount: String, from: Double, to: Double, expected: String
  ) throws {
    let format: MeasureFormat = expected.hasSuffix(" g") ? .metric : .us
    let scaled = try measure(amount).scaled(fromServings: from, toServings: to)
    #expect(scaled.formatted(format) == expected)
  }

  @Test func scalingBackAndForthGivesTheOriginalAmount() throws {
    let original = try measure("2.6667 cup")
    let there = try original.scaled(fromServings: 3, toServings: 7)
    let back = try there.scaled(fromServings: 7, toServings: 3)
    #expect(quantitiesMatch(back.quantity, original.quantity))
  }

  @Test(arguments: [0.0, -1, .nan, .infinity, -.infinity])
  func refusesAFactorThatIsNotPositive(factor: Double) throws {
    let amount = try measure("2 cup")
    #expect {
      try amount.scaled(by: factor)
    } throws: { error in
      guard case UnitError.invalidScaleFactor(let got) = error else { return false }
      return got == factor || (got.isNaN && factor.isNaN)
    }
  }

  @Test(arguments: [(0.0, 4.0), (4, 0), (-2, 4), (4, .infinity), (.nan, 2)])
  func refusesServingsThatAreNotPositive(from: Double, to: Double) throws {
    let amount = try measure("2 cup")
    #expect {
      try amount.scaled(fromServings: from, toServings: to)
    } throws: { error in
      guard case UnitError.invalidServings = error else { return false }
      return true
    }
  }

  @Test func theServingsFactorIsTheRatio() throws {
    #expect(try Measure.scaleFactor(fromServings: 4, toServings: 6) == 1.5)
  }
}
