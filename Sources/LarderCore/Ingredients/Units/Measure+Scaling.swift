import Foundation

extension Measure {
  /// This amount multiplied by `factor`; both ends of a range scale.
  ///
  /// Scaling is exact for every unit, counts included: 4 eggs scaled by ⅔ hold 2.666… eggs, and
  /// display rounds them the way a cook counts ("2½", see ``displayed(_:density:)``). Keeping the
  /// exact value means a shopping list that adds two scaled recipes buys what both need.
  ///
  /// - Throws: ``UnitError/invalidScaleFactor(_:)`` when `factor` is not a positive, finite
  ///   number.
  public func scaled(by factor: Double) throws(UnitError) -> Measure {
    guard factor.isFinite, factor > 0 else { throw .invalidScaleFactor(factor) }
    return Measure(
      quantity: quantity * factor, quantityMax: quantityMax.map { $0 * factor }, unit: unit)
  }

  /// This amount for `toServings` servings of a recipe written for `fromServings`.
  ///
  /// - Throws: ``UnitError/invalidServings(from:to:)`` when either is not a positive, finite
  ///   number.
  public func scaled(fromServings: Double, toServings: Double) throws(UnitError) -> Measure {
    try scaled(by: Measure.scaleFactor(fromServings: fromServings, toServings: toServings))
  }

  /// The factor that turns a recipe for `fromServings` into one for `toServings` (4 → 6: 1.5).
  ///
  /// - Throws: ``UnitError/invalidServings(from:to:)`` when either is not a positive, finite
  ///   number.
  public static func scaleFactor(
    fromServings: Double, toServings: Double
  ) throws(UnitError) -> Double {
    guard fromServings.isFinite, toServings.isFinite, fromServings > 0, toServings > 0 else {
      throw .invalidServings(from: fromServings, to: toServings)
    }
    return toServings / fromServings
  }

  /// The total of this amount and `other`, in this measure's unit ("1 cup" + "250 ml" → 2.06
  /// cups). Ranges add end to end: 1–2 cups + 1 cup → 2–3 cups.
  ///
  /// - Throws: the errors of ``converted(to:density:gramsPerPiece:)`` when `other` cannot be
  ///   expressed in this unit.
  public func adding(
    _ other: Measure, density: Double? = nil, gramsPerPiece: Double? = nil
  ) throws(UnitError) -> Measure {
    let other = try other.converted(to: unit, density: density, gramsPerPiece: gramsPerPiece)
    let upper = isRange || other.isRange ? upperBound + other.upperBound : nil
    return Measure(quantity: quantity + other.quantity, quantityMax: upper, unit: unit)
  }

  /// What is left of this amount once `other` is taken away, in this unit and never below
  /// zero: need 750 g, have 500 g → 250 g; need 500 g, have 1 kg → 0 g.
  ///
  /// Only the lower bound of `other` is taken away (of "2–3 eggs" on hand, 2 are sure); each
  /// end of this measure's range is reduced by it. An amount within a billionth of zero is zero,
  /// so "1 cup − 236.588 ml" leaves nothing rather than a crumb.
  ///
  /// - Throws: the errors of ``converted(to:density:gramsPerPiece:)`` when `other` cannot be
  ///   expressed in this unit.
  public func subtracting(
    _ other: Measure, density: Double? = nil, gramsPerPiece: Double? = nil
  ) throws(UnitError) -> Measure {
    let taken = try other.converted(to: unit, density: density, gramsPerPiece: gramsPerPiece)
      .quantity
    return Measure(
      quantity: Measure.difference(quantity, taken),
      quantityMax: quantityMax.map { Measure.difference($0, taken) }, unit: unit)
  }

  /// Whether the amount is nothing at all (both ends zero).
  public var isZero: Bool { upperBound <= 0 }

  private static func difference(_ amount: Double, _ taken: Double) -> Double {
    let left = amount - taken
    return left <= 1e-9 * max(abs(amount), abs(taken)) ? 0 : left
  }
}
