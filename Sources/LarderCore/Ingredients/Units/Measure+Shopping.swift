import Foundation

extension Measure {
  /// This amount as a shopper can use it: what ``displayed(_:density:weighed:)`` shows, except
  /// that a total that would read as more than 4 tablespoons (a shopper cannot buy "13 tbsp
  /// butter") is shown
  /// - by weight in the format's system when the food is one cooks weigh and its density is
  ///   known: "13 tbsp butter" → "185 g" (metric) or "6½ oz" (US);
  /// - otherwise in the nearest cook's measure: in US units quarter cups and the tablespoons
  ///   left over ("13 tbsp" → "¾ cup + 1 tbsp"; within 5% of a quarter cup, just the cups:
  ///   "15½ tbsp" → "1 cup"), in metric units millilitres ("13 tbsp" → "190 ml").
  public func shoppingText(
    _ format: MeasureFormat, density: Double? = nil, weighed: Bool = false
  ) -> String {
    let shown = displayed(format, density: density, weighed: weighed)
    guard shown.measure.unit == .tablespoon, shown.measure.upperBound > 4,
      let millilitres = try? converted(to: .millilitre)
    else { return shown.text }
    let plain = MeasureFormat(system: format.system, fractionStyle: format.fractionStyle)
    if weighed, let density, density.isFinite, density > 0,
      let grams = try? millilitres.converted(to: .gram, density: density)
    {
      return grams.displayed(plain).text
    }
    guard format.system == .us, !isRange else { return millilitres.displayed(plain).text }
    let tablespoons = shown.measure.upperBound
    let nearestQuarters = (tablespoons / 4).rounded()
    if nearestQuarters > 0, abs(nearestQuarters * 4 - tablespoons) <= 0.05 * tablespoons {
      return Measure(quantity: nearestQuarters / 4, unit: .cup).displayed(plain).text
    }
    let quarters = (tablespoons / 4).rounded(.down)
    let cups = Measure(quantity: quarters / 4, unit: .cup).displayed(plain).text
    let left = Measure(quantity: tablespoons - quarters * 4, unit: .tablespoon).displayed(plain)
    return "\(cups) + \(left.text)"
  }
}

extension MeasureSum {
  /// The totals as a shopper reads them, such as "¾ cup + 1 tbsp + 3 cloves" (see
  /// ``Measure/shoppingText(_:density:weighed:)``).
  public func shoppingText(
    _ format: MeasureFormat, weighed: Bool = false, separator: String = " + "
  ) -> String {
    parts.map { $0.shoppingText(format, density: density, weighed: weighed) }
      .joined(separator: separator)
  }
}
