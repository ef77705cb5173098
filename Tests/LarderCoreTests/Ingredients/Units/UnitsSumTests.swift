import Foundation
import LarderCore
import Testing

@Suite struct UnitsSumTests {
  // MARK: - Adding

  @Test(
    arguments: [
      // 1 cup + 250 ml milk is one volume, in the unit of the first amount.
      (["1 cup", "250 ml"], nil, "2 cups", "485 ml"),
      (["250 ml", "1 cup"], nil, "2 cups", "485 ml"),
      (["3 tsp", "1 tbsp"], nil, "2 tbsp", "2 tbsp"),
      (["1 lb", "500 g"], nil, "2.1 lb", "955 g"),
      (["500 g", "750 g"], nil, "2¾ lb", "1.25 kg"),
      // Mass and volume combine only through the density.
      (["200 g", "1 cup"], 0.53, "11½ oz", "325 g"),
      (["1 cup", "200 g"], 0.53, "2⅝ cups", "615 ml"),
      (["200 g", "1 cup"], nil, "7 oz + 1 cup", "200 g + 235 ml"),
      // Counts combine with their own kind only.
      (["2 clove", "1 clove"], nil, "3 cloves", "3 cloves"),
      (["2", "1 dozen"], nil, "14", "14"),
      (["2 clove", "1 can", "1 clove"], nil, "3 cloves + 1 can", "3 cloves + 1 can"),
      (["2", "100 g"], 1.0, "2 + 3½ oz", "2 + 100 g"),
      (["1 pinch", "1 pinch"], nil, "2 pinches", "2 pinches"),
      (["1 pinch", "1 dash"], nil, "1 pinch + 1 dash", "1 pinch + 1 dash"),
      // Ranges add end to end.
      (["1-2 cup", "1 cup"], nil, "2–3 cups", "475–710 ml"),
      (["2-3", "1-2"], nil, "3–5", "3–5"),
    ] as [([String], Double?, String, String)])
  func addsWhatCombinesAndKeepsTheRestApart(
    amounts: [String], density: Double?, us: String, metric: String
  ) throws {
    let sum = MeasureSum(try amounts.map(measure), density: density)
    #expect(sum.formatted(.us) == us)
    #expect(sum.formatted(.metric) == metric)
  }

  @Test func keepsEachTotalInTheUnitOfItsFirstAmount() throws {
    let sum = MeasureSum([try measure("1 cup"), try measure("250 ml"), try measure("2 clove")])
    #expect(sum.parts.count == 2)
    #expect(sum.parts[0].unit == .cup)
    #expect(quantitiesMatch(sum.parts[0].quantity, 1 + 250 / 236.588_236_5))
    #expect(sum.parts[1] == (try measure("2 clove")))
  }

  @Test func addingOneAtATimeMatchesAddingAll() throws {
    let amounts = try ["1 cup", "2 tbsp", "100 ml", "3"].map(measure)
    var stepByStep = MeasureSum()
    for amount in amounts { stepByStep = stepByStep.adding(amount) }
    #expect(stepByStep == MeasureSum(amounts))
  }

  @Test func anEmptySumIsEmpty() {
    let sum = MeasureSum(density: 0.5)
    #expect(sum.isEmpty)
    #expect(sum.formatted(.us) == "")
  }

  @Test(arguments: [0.0, -1, .nan])
  func aDensityThatIsNotPositiveKeepsMassAndVolumeApart(density: Double) throws {
    let sum = MeasureSum([try measure("100 g"), try measure("1 cup")], density: density)
    #expect(sum.density == nil)
    #expect(sum.parts.count == 2)
  }

  @Test(
    arguments: [
      ("1 cup", "250 ml", nil, "2.0567 cup"),
      ("200 g", "1 cup", 0.53, "325.3917 g"),
      ("1-2 cup", "1 cup", nil, "2-3 cup"),
      ("1 dozen", "6", nil, "1.5 dozen"),
    ] as [(String, String, Double?, String)])
  func addsTwoMeasuresInTheFirstUnit(
    first: String, second: String, density: Double?, expected: String
  ) throws {
    let total = try measure(first).adding(measure(second), density: density)
    let wanted = try measure(expected)
    #expect(total.unit == wanted.unit)
    #expect(quantitiesMatch(total.quantity, wanted.quantity, within: 1e-4), "\(total)")
    #expect(total.quantityMax == wanted.quantityMax)
  }

  @Test func refusesToAddMeasuresThatDoNotCombine() throws {
    #expect(throws: UnitError.densityRequired(from: "g", to: "cup")) {
      try measure("1 cup").adding(measure("100 g"))
    }
  }

  // MARK: - Subtracting what is on hand

  @Test(
    arguments: [
      // need, have, density → still to buy (metric), left over (metric)
      (["750 g"], ["500 g"], nil, "250 g", ""),
      (["500 g"], ["1 kg"], nil, "", "500 g"),
      (["500 g"], ["500 g"], nil, "", ""),
      (["1 cup"], ["236.5882365 ml"], nil, "", ""),
      (["2 cup"], ["250 ml"], nil, "225 ml", ""),
      (["1 lb"], ["200 g"], nil, "255 g", ""),
      (["3"], ["1-2"], nil, "2", ""),
      (["2-3"], ["2"], nil, "up to 1", ""),
      (["2-3"], ["4"], nil, "", "1"),
      (["200 g", "1 cup"], ["100 g"], nil, "100 g + 235 ml", ""),
      (["1 cup"], ["100 g"], 0.53, "3¼ tbsp", ""),
      (["500 g"], ["2 can"], nil, "500 g", "2 cans"),
      (["3 clove", "1 can"], ["1 can", "5 clove"], nil, "", "2 cloves"),
      (["100 g"], ["50 g", "30 g"], nil, "20 g", ""),
      ([], ["1 kg"], nil, "", "1 kg"),
    ] as [([String], [String], Double?, String, String)])
  func subtractsWhatIsOnHandNeverBelowZero(
    need: [String], have: [String], density: Double?, toBuy: String, leftover: String
  ) throws {
    let difference = MeasureSum(try need.map(measure), density: density)
      .subtracting(try have.map(measure))
    #expect(difference.remaining.formatted(.metric) == toBuy)
    #expect(difference.leftover.formatted(.metric) == leftover)
  }

  @Test func reportsAmountsOnHandThatCompareWithNothingNeeded() throws {
    let difference = MeasureSum([try measure("500 g")])
      .subtracting([try measure("2 can"), try measure("100 g")])
    #expect(difference.unmatched == [try measure("2 can")])
    #expect(difference.remaining.formatted(.metric) == "400 g")
  }

  @Test(
    arguments: [
      ("750 g", "500 g", "250 g"),
      ("500 g", "750 g", "0 g"),
      ("2-3 cup", "2 cup", "0-1 cup"),
      ("2-3 cup", "1-2 cup", "1-2 cup"),
      ("1 kg", "250 g", "0.75 kg"),
    ] as [(String, String, String)])
  func subtractsOneMeasureFromAnotherClampedAtZero(
    amount: String, taken: String, expected: String
  ) throws {
    let left = try measure(amount).subtracting(measure(taken))
    let wanted = try measure(expected)
    #expect(left.unit == wanted.unit)
    #expect(quantitiesMatch(left.quantity, wanted.quantity))
    #expect(left.quantityMax == wanted.quantityMax)
  }
}
