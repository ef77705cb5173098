import Foundation
import LarderCore
import Testing

@Suite struct UnitsConversionTests {
  // MARK: - Within mass, within volume, within counts

  @Test(
    arguments: [
      ("cup", "tbsp", 16.0),
      ("tbsp", "tsp", 3),
      ("cup", "tsp", 48),
      ("cup", "fl-oz", 8),
      ("pint", "cup", 2),
      ("quart", "pint", 2),
      ("gallon", "quart", 4),
      ("gallon", "cup", 16),
      ("fl-oz", "tbsp", 2),
      ("l", "ml", 1000),
      ("dl", "ml", 100),
      ("cl", "ml", 10),
      ("dsp", "ml", 10),
      ("cup", "ml", 236.588_236_5),
      ("tbsp", "ml", 14.786_764_781_25),
      ("tsp", "ml", 4.928_921_593_75),
      ("fl-oz", "ml", 29.573_529_562_5),
      ("gallon", "l", 3.785_411_784),
      ("ml", "l", 0.001),
      ("lb", "oz", 16),
      ("kg", "g", 1000),
      ("g", "mg", 1000),
      ("oz", "g", 28.349_523_125),
      ("lb", "g", 453.592_37),
      ("kg", "lb", 1000 / 453.592_37),
      ("dozen", "", 12),
      ("", "dozen", 1.0 / 12),
    ] as [(String, String, Double)])
  func convertsByExactFactors(from: String, to: String, factor: Double) throws {
    let source = try Measure(quantity: 3, unitID: from.isEmpty ? nil : from)
    let target = try unitOrBareCount(to)
    let converted = try source.converted(to: target)
    #expect(converted.unit == target)
    #expect(quantitiesMatch(converted.quantity, 3 * factor), "3 \(from) → \(converted)")
    #expect(
      quantitiesMatch(try Measure.conversionFactor(from: source.unit, to: target), factor))
  }

  @Test func convertsBothEndsOfARange() throws {
    let converted = try measure("2-3 cup").converted(to: .tablespoon)
    #expect(converted.quantity == 32)
    #expect(converted.quantityMax == 48)
  }

  @Test(arguments: ["g", "cup", "clove", "pinch", ""])
  func convertsAUnitToItselfUnchanged(id: String) throws {
    let original = try measure("2.5 \(id)")
    #expect(try original.converted(to: original.unit) == original)
  }

  @Test func roundTripsThroughEveryMassAndVolumeUnit() throws {
    for unit in IngredientUnit.all where unit.baseFactor != nil {
      let base: IngredientUnit = unit.dimension == .mass ? .gram : .millilitre
      let there = try Measure(quantity: 7, unit: unit).converted(to: base)
      let back = try there.converted(to: unit)
      #expect(quantitiesMatch(back.quantity, 7), "\(unit.id) round trip gave \(back.quantity)")
    }
  }

  // MARK: - Through a density or a piece weight

  @Test(
    arguments: [
      // 1 cup of flour at 0.53 g/ml is about 125 g.
      ("1 cup", "g", 0.53, 125.39, 0.01),
      ("100 g", "ml", 1.0, 100, 1e-12),
      ("1 tbsp", "g", 1.42, 21.0, 0.01),
      ("200 g", "cup", 0.85, 0.9945, 0.001),
      ("1 l", "kg", 1.03, 1.03, 1e-12),
      ("8 oz", "cup", 0.96, 0.9986, 0.001),
      ("2-3 cup", "g", 0.53, 250.78, 0.01),
    ] as [(String, String, Double, Double, Double)])
  func convertsBetweenMassAndVolumeThroughADensity(
    from: String, to: String, density: Double, expected: Double, tolerance: Double
  ) throws {
    let target = try unitOrBareCount(to)
    let converted = try measure(from).converted(to: target, density: density)
    #expect(abs(converted.quantity - expected) <= tolerance * max(1, expected), "\(converted)")
  }

  @Test func aDensityIsIgnoredWhenNotNeeded() throws {
    let converted = try measure("1 cup").converted(to: .millilitre, density: -5)
    #expect(quantitiesMatch(converted.quantity, 236.588_236_5))
  }

  @Test(
    arguments: [
      ("2", "g", 50.0, 100.0),
      ("1 dozen", "g", 50, 600),
      ("3 clove", "g", 5, 15),
      ("100 g", "", 50, 2),
      ("1 kg", "dozen", 50, 1000.0 / 600),
      ("2 stick", "lb", 113.398_092_5, 0.5),
    ] as [(String, String, Double, Double)])
  func convertsCountsThroughAPieceWeight(
    from: String, to: String, gramsPerPiece: Double, expected: Double
  ) throws {
    let target = try unitOrBareCount(to)
    let converted = try measure(from).converted(to: target, gramsPerPiece: gramsPerPiece)
    #expect(quantitiesMatch(converted.quantity, expected, within: 1e-9), "\(converted)")
  }

  @Test func convertsACountToAVolumeThroughBothWeightAndDensity() throws {
    let converted = try measure("4 clove").converted(
      to: .teaspoon, density: 1, gramsPerPiece: 4.928_921_593_75)
    #expect(quantitiesMatch(converted.quantity, 4))
  }

  // MARK: - Impossible conversions

  @Test(
    arguments: [
      ("1 cup", "g", nil, nil, UnitError.densityRequired(from: "cup", to: "g")),
      ("100 g", "ml", nil, nil, .densityRequired(from: "g", to: "ml")),
      ("1 lb", "tbsp", nil, 5, .densityRequired(from: "lb", to: "tbsp")),
      ("2 clove", "g", nil, nil, .pieceWeightRequired(from: "clove", to: "g")),
      ("2", "g", 1, nil, .pieceWeightRequired(from: nil, to: "g")),
      ("100 g", "clove", nil, nil, .pieceWeightRequired(from: "g", to: "clove")),
      ("1 cup", "", 1, nil, .pieceWeightRequired(from: "cup", to: nil)),
      ("1 clove", "can", nil, 5, .incompatibleUnits(from: "clove", to: "can")),
      ("1 clove", "", nil, nil, .incompatibleUnits(from: "clove", to: nil)),
      ("2", "head", nil, nil, .incompatibleUnits(from: nil, to: "head")),
      ("1 pinch", "tsp", 1, 1, .vagueUnit("pinch")),
      ("1 tsp", "pinch", nil, nil, .vagueUnit("pinch")),
      ("1 pinch", "dash", nil, nil, .vagueUnit("pinch")),
      ("1 handful", "", nil, nil, .vagueUnit("handful")),
      ("1 cup", "g", 0, nil, .invalidDensity(0)),
      ("1 cup", "g", -1, nil, .invalidDensity(-1)),
      ("1 cup", "g", .infinity, nil, .invalidDensity(.infinity)),
      ("2 clove", "g", nil, 0, .invalidPieceWeight(0)),
    ] as [(String, String, Double?, Double?, UnitError)])
  func refusesConversionsItCannotMake(
    from: String, to: String, density: Double?, gramsPerPiece: Double?, error: UnitError
  ) throws {
    let target = try unitOrBareCount(to)
    #expect(throws: error) {
      try measure(from).converted(to: target, density: density, gramsPerPiece: gramsPerPiece)
    }
  }

  @Test func refusesAnUnknownUnitID() {
    #expect(throws: UnitError.unknownUnit("tbspx")) {
      try Measure(quantity: 2, unitID: "tbspx")
    }
  }

  @Test(
    arguments: [
      (
        UnitError.densityRequired(from: "cup", to: "g"),
        "cannot convert 'cup' (a volume) to 'g' (a mass) without the food's density "
          + "(grams per millilitre)"
      ),
      (
        .pieceWeightRequired(from: "clove", to: "g"),
        "cannot convert 'clove' (a count) to 'g' (a mass) without the weight of one clove"
      ),
      (
        .pieceWeightRequired(from: "g", to: nil),
        "cannot convert 'g' (a mass) to a bare count without the weight of one piece"
      ),
      (
        .pieceWeightRequired(from: nil, to: "g"),
        "cannot convert a bare count to 'g' (a mass) without the weight of one piece"
      ),
      (
        .pieceWeightRequired(from: "kg", to: "dozen"),
        "cannot convert 'kg' (a mass) to 'dozen' (a count) without the weight of one piece"
      ),
      (
        .pieceWeightRequired(from: "ml", to: "clove"),
        "cannot convert 'ml' (a volume) to 'clove' (a count) without the weight of one clove"
      ),
      (
        .incompatibleUnits(from: "clove", to: "can"),
        "cannot convert 'clove' (a count) to 'can' (a count): they count different things"
      ),
      (.vagueUnit("pinch"), "cannot convert 'pinch': it is too vague to measure"),
      (.unknownUnit("tbspx"), "unknown unit 'tbspx'"),
      (.invalidDensity(0), "density must be a positive number of grams per millilitre (got 0.0)"),
      (.invalidScaleFactor(-2), "scale factor must be a positive number (got -2.0)"),
      (.invalidServings(from: 0, to: 4), "servings must be positive numbers (got from 0.0 to 4.0)"),
    ] as [(UnitError, String)])
  func errorsSayWhatIsWrong(error: UnitError, message: String) {
    #expect(error.description == message)
  }

  // MARK: - Named units

  @Test(
    arguments: [
      (IngredientUnit.milligram, "mg"), (.gram, "g"), (.kilogram, "kg"), (.ounce, "oz"),
      (.pound, "lb"), (.millilitre, "ml"), (.centilitre, "cl"), (.decilitre, "dl"),
      (.litre, "l"), (.teaspoon, "tsp"), (.dessertspoon, "dsp"), (.tablespoon, "tbsp"),
      (.fluidOunce, "fl-oz"), (.cup, "cup"), (.pint, "pint"), (.quart, "quart"),
      (.gallon, "gallon"), (.pinch, "pinch"), (.dozen, "dozen"),
    ] as [(IngredientUnit, String)])
  func namedUnitsAreTheTableEntries(unit: IngredientUnit, id: String) {
    #expect(unit.id == id)
    #expect(IngredientUnit.unit(id: id) == unit)
  }
}
