import Foundation

extension Measure {
  /// This amount as a cook would write it in `format`: "⅓ cup", "1½ tsp", "1.5 kg", "2–3 cups",
  /// "3 cloves", "a pinch".
  ///
  /// How the unit is chosen, for masses and volumes:
  /// 1. The written unit is kept when it belongs to the format's system (spoons belong to both;
  ///    with ``MeasureFormat/keepsWrittenSystem`` a unit's own system counts), reads well at
  ///    this size (from ⅛ tsp up to 3 tsp, ½ to 16 tbsp, ¼ to 16 cups, ⅛ to 16 oz, ¼ lb up,
  ///    0.1 to 1000 g, 1 to 1000 ml, 1 kg or 1 l up, ...) and rounds to within 5%: a recipe's
  ///    "5 tbsp" stays "5 tbsp".
  /// 2. Otherwise the largest unit of the system's ladder the amount fills: US volume is
  ///    gallon (from 1), cup (from ¼), tbsp (from 1), tsp; US mass is lb (from 1), oz; metric
  ///    volume is l (from 1), ml (from 50), tbsp (from 1), tsp; metric mass is kg (from 1), g.
  ///    So 16 tbsp → "1 cup", 3 tsp → "1 tbsp", 0.02 cup → "1 tsp", 48 oz → "3 lb", 500 g →
  ///    "1.1 lb", 250 ml → "1 cup", 1500 g → "1.5 kg", 0.25 l → "250 ml". Cooks use pounds
  ///    from 1 lb and ounces below, and never see fluid ounces, pints or quarts chosen for them
  ///    (a recipe's own "1 quart" is kept).
  /// 3. An amount that rounds to nothing in the smallest unit (under 1/16 tsp, 0.05 g) is "a
  ///    pinch".
  ///
  /// For the US system, a mass under ½ oz of a food whose `density` is given is shown in
  /// spoons ("5 g salt" → "⅞ tsp"): American cooks measure small dry amounts by the spoon.
  /// For the metric system, a volume (other than spoons) of a food cooks weigh (`weighed`:
  /// flour, sugar, rice, butter — see ``FoodCatalog/isWeighed(_:)``) whose `density` is given
  /// is shown by weight ("2 cups flour" → "250 g"), as metric recipes write it.
  ///
  /// A range takes its unit from its lower end ("750–1250 g"); a range whose lower end is zero
  /// reads "up to 1 cup", and one whose ends round alike is shown once. Counts and vague units
  /// are never converted. Rounding follows the rules of each unit: eighths and thirds for
  /// spoons and cups, one decimal for kilograms and litres, whole and half pieces for counts of
  /// one or more ("2.67 eggs" → "2½"), and ¼ ⅓ ½ ⅔ ¾ below one.
  public func displayed(
    _ format: MeasureFormat, density: Double? = nil, weighed: Bool = false
  ) -> DisplayedMeasure {
    guard quantity >= 0 else {
      // Only arithmetic gone wrong makes a negative amount; show it as none rather than "-1".
      let clamped = Measure(quantity: 0, quantityMax: max(0, upperBound), unit: unit)
      return clamped.displayed(format, density: density, weighed: weighed)
    }
    let low = quantity
    let high = upperBound
    guard let unit, dimension == .mass || dimension == .volume else {
      let rounding: DisplayRounding = dimension == .vague ? .vague : .counts
      return Measure.render(low, high, isRange, in: unit, rounding, format.fractionStyle)
    }
    guard high > 0 else {
      return Measure.render(
        0, 0, false, in: unit, UnitDisplay.rule(for: unit).rounding, format.fractionStyle)
    }
    let system: UnitSystem =
      switch (format.keepsWrittenSystem, unit.system) {
      case (true, .us): .us
      case (true, .metric): .metric
      default: format.system
      }
    if system == .metric, weighed, unit.dimension == .volume,
      !(unit.belongs(to: .us) && unit.belongs(to: .metric)),  // spoons stay spoons
      let density, density.isFinite, density > 0,
      let mass = try? converted(to: .gram, density: density)
    {
      return mass.displayedOnLadder(.metric, format.fractionStyle)
    }
    if system == .us, unit.dimension == .mass, let density, density.isFinite, density > 0,
      high * (unit.baseFactor ?? 1) < UnitDisplay.halfOunceInGrams,
      let volume = try? converted(to: .millilitre, density: density)
    {
      return volume.displayedOnLadder(.us, format.fractionStyle)
    }
    let rule = UnitDisplay.rule(for: unit)
    if unit.belongs(to: system),
      let keep = rule.keep,
      [isRange && low > 0 ? low : nil, high].allSatisfy({ value in
        guard let value else { return true }
        let rounded = rule.rounding.round(value).value
        return rounded >= keep.minimum && rounded < keep.maximum
          && abs(rounded - value) <= 0.05 * value
      })
    {
      return Measure.render(low, high, isRange, in: unit, rule.rounding, format.fractionStyle)
    }
    return displayedOnLadder(system, format.fractionStyle)
  }

  /// This amount in `format`, as one string: "1½ cups" (see ``displayed(_:density:)``).
  public func formatted(
    _ format: MeasureFormat, density: Double? = nil, weighed: Bool = false
  ) -> String {
    displayed(format, density: density, weighed: weighed).text
  }

  /// Shown in the largest unit of the system's ladder that the amount fills.
  private func displayedOnLadder(_ system: UnitSystem, _ style: FractionStyle) -> DisplayedMeasure {
    guard let unit, let factor = unit.baseFactor else {
      return Measure.render(quantity, upperBound, isRange, in: unit, .counts, style)
    }
    let ladder = UnitDisplay.ladder(system, unit.dimension)
    // A range takes its unit from its lower end ("2–3 cups"), unless that end is under a
    // quarter of the upper one: then the upper end decides ("up to 2 cups", not "up to 96 tsp").
    let base = (quantity > 0 && quantity * 4 >= upperBound ? quantity : upperBound) * factor
    let step =
      ladder.first { base / ($0.unit.baseFactor ?? 1) >= $0.minimum * 0.975 }
      ?? ladder[ladder.count - 1]
    let target = step.unit
    let ratio = factor / (target.baseFactor ?? 1)
    let rounding = UnitDisplay.rule(for: target).rounding
    let high = upperBound * ratio
    if rounding.round(high).value == 0 {
      return DisplayedMeasure(
        measure: Measure(quantity: 1, unit: .pinch), quantityText: "a",
        unitText: IngredientUnit.pinch.singular)
    }
    return Measure.render(quantity * ratio, high, isRange, in: target, rounding, style)
  }

  /// Writes an amount already in its display unit.
  private static func render(
    _ low: Double, _ high: Double, _ isRange: Bool, in unit: IngredientUnit?,
    _ rounding: DisplayRounding, _ style: FractionStyle
  ) -> DisplayedMeasure {
    let upper = rounding.round(high)
    let lower = isRange ? (low > 0 ? rounding.round(low) : RoundedQuantity(value: 0)) : upper
    let text: String
    let measure: Measure
    if lower.value == upper.value {
      text = upper.text(style)
      measure = Measure(quantity: upper.value, unit: unit)
    } else {
      let prefix = lower.value == 0 ? "up to " : lower.text(style) + (style == .unicode ? "–" : "-")
      text = prefix + upper.text(style)
      measure = Measure(quantity: lower.value, quantityMax: upper.value, unit: unit)
    }
    return DisplayedMeasure(
      measure: measure, quantityText: text, unitText: unit?.name(for: upper.value))
  }
}

/// Which units display amounts, and how.
enum UnitDisplay {
  /// Below this, a US mass with a known density is shown in spoons.
  static let halfOunceInGrams = 28.349_523_125 / 2

  /// How a unit's amounts are rounded, and the sizes at which a written amount keeps it.
  struct Rule {
    var rounding: DisplayRounding
    var keep: (minimum: Double, maximum: Double)?
  }

  /// A unit on a system's ladder and the amount (in that unit) from which it is chosen.
  struct Step {
    var unit: IngredientUnit
    var minimum: Double
  }

  static func rule(for unit: IngredientUnit) -> Rule {
    rules[unit.id] ?? Rule(rounding: unit.dimension == .vague ? .vague : .counts, keep: nil)
  }

  private static let rules: [String: Rule] = [
    "tsp": Rule(rounding: .spoonsAndCups, keep: (1.0 / 8, 3)),
    "dsp": Rule(rounding: .spoonsAndCups, keep: (0.5, 4)),
    "tbsp": Rule(rounding: .spoonsAndCups, keep: (0.5, 16)),
    "cup": Rule(rounding: .spoonsAndCups, keep: (0.25, 16)),
    "fl-oz": Rule(rounding: .fractions, keep: (1, 32)),
    "pint": Rule(rounding: .fractions, keep: (0.5, 8)),
    "quart": Rule(rounding: .fractions, keep: (0.5, 8)),
    "gallon": Rule(rounding: .fractions, keep: (0.5, .infinity)),
    "oz": Rule(rounding: .ounces, keep: (1.0 / 8, 16)),
    "lb": Rule(rounding: .pounds, keep: (0.25, .infinity)),
    "mg": Rule(rounding: .wholeNumbers, keep: (1, 1000)),
    "g": Rule(rounding: .grams, keep: (0.1, 1000)),
    "kg": Rule(rounding: .kilosAndLitres, keep: (1, .infinity)),
    "ml": Rule(rounding: .millilitres, keep: (1, 1000)),
    "cl": Rule(rounding: .tenths, keep: (1, 100)),
    "dl": Rule(rounding: .tenths, keep: (1, 10)),
    "l": Rule(rounding: .kilosAndLitres, keep: (1, .infinity)),
  ]

  /// The units chosen for a system and dimension, largest first.
  static func ladder(_ system: UnitSystem, _ dimension: IngredientUnit.Dimension) -> [Step] {
    switch (system, dimension) {
    case (.us, .mass): return usMass
    case (.metric, .mass): return metricMass
    case (.us, _): return usVolume
    case (.metric, _): return metricVolume
    }
  }

  private static let usMass = [Step(unit: .pound, minimum: 1), Step(unit: .ounce, minimum: 0)]
  private static let metricMass = [
    Step(unit: .kilogram, minimum: 1), Step(unit: .gram, minimum: 0),
  ]
  private static let usVolume = [
    Step(unit: .gallon, minimum: 1), Step(unit: .cup, minimum: 0.25),
    Step(unit: .tablespoon, minimum: 1), Step(unit: .teaspoon, minimum: 0),
  ]
  private static let metricVolume = [
    Step(unit: .litre, minimum: 1), Step(unit: .millilitre, minimum: 50),
    Step(unit: .tablespoon, minimum: 1), Step(unit: .teaspoon, minimum: 0),
  ]
}

extension IngredientUnit {
  /// Whether the unit is at home in `system`; neutral units (spoons, counts) are at home in both.
  func belongs(to system: UnitSystem) -> Bool {
    switch (self.system, system) {
    case (.neutral, _), (.us, .us), (.metric, .metric): return true
    case (.us, .metric), (.metric, .us): return false
    }
  }
}
