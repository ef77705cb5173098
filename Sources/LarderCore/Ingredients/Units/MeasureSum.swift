import Foundation

/// The total amount of one food, as a shopping list adds it up: every amount that can be
/// combined is combined, and amounts that cannot are kept apart rather than lost.
///
/// Masses add to masses and volumes to volumes; with the food's density masses and volumes
/// become one total ("1 cup + 250 ml milk" is one volume, "200 g + 1 cup flour" one mass). A
/// bare count and dozens add up; every other count unit ("clove", "can") and every vague unit
/// ("pinch") has a total of its own. Each total stays in the unit of the first amount added to
/// it, so a list of cups stays in cups; display picks the unit to show.
public struct MeasureSum: Hashable, Sendable {
  /// The food's density in grams per millilitre, used to combine masses with volumes; nil
  /// (or a value that is not a positive number) keeps them apart.
  public let density: Double?
  /// The totals, one per kind of amount that cannot be combined with the others, in the order
  /// their first amounts were added.
  public private(set) var parts: [Measure] = []

  /// Makes an empty sum for a food with this density.
  public init(density: Double? = nil) {
    self.density = density.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
  }

  /// Makes the sum of these amounts.
  public init(_ measures: some Sequence<Measure>, density: Double? = nil) {
    self.init(density: density)
    add(contentsOf: measures)
  }

  /// Whether nothing has been added (or everything was taken away).
  public var isEmpty: Bool { parts.isEmpty }

  /// Adds an amount to the total it combines with, or starts a new total.
  public mutating func add(_ measure: Measure) {
    let key = group(of: measure)
    if let index = parts.firstIndex(where: { group(of: $0) == key }),
      let total = try? parts[index].adding(measure, density: density)
    {
      parts[index] = total
    } else {
      parts.append(measure)
    }
  }

  /// Adds every amount.
  public mutating func add(contentsOf measures: some Sequence<Measure>) {
    for measure in measures { add(measure) }
  }

  /// This sum with one more amount.
  public func adding(_ measure: Measure) -> MeasureSum {
    var sum = self
    sum.add(measure)
    return sum
  }

  /// What is still needed once the amounts `available` (say, in the pantry) are used, and what
  /// is left of them; amounts on hand that compare with nothing needed are reported apart.
  ///
  /// Each total is reduced by the amount on hand of the same kind, never below zero (see
  /// ``Measure/subtracting(_:density:gramsPerPiece:)``), and totals brought to zero disappear.
  /// The amounts on hand are first added up with this sum's density.
  public func subtracting(_ available: some Sequence<Measure>) -> MeasureDifference {
    var remaining = self
    var leftover = MeasureSum(density: density)
    var unmatched: [Measure] = []
    for have in MeasureSum(available, density: density).parts {
      let key = group(of: have)
      // Amounts in one group always convert into each other, so the subtractions succeed
      // whenever a group matches; anything else is reported as unmatched.
      guard let index = remaining.parts.firstIndex(where: { group(of: $0) == key }),
        let stillNeeded = try? remaining.parts[index].subtracting(have, density: density),
        let left = try? have.subtracting(
          Measure(quantity: remaining.parts[index].upperBound, unit: remaining.parts[index].unit),
          density: density)
      else {
        unmatched.append(have)
        leftover.add(have)
        continue
      }
      if stillNeeded.isZero {
        remaining.parts.remove(at: index)
      } else {
        remaining.parts[index] = stillNeeded
      }
      if !left.isZero { leftover.add(left) }
    }
    return MeasureDifference(remaining: remaining, leftover: leftover, unmatched: unmatched)
  }

  /// Each total shown in `format` (see ``Measure/displayed(_:density:)``).
  public func displayed(_ format: MeasureFormat) -> [DisplayedMeasure] {
    parts.map { $0.displayed(format, density: density) }
  }

  /// The totals as one line, such as "2 cups + 3 cloves".
  public func formatted(_ format: MeasureFormat, separator: String = " + ") -> String {
    displayed(format).map(\.text).joined(separator: separator)
  }

  private func group(of measure: Measure) -> MeasureGroup {
    switch BaseAmount(measure.unit) {
    case .grams: return density == nil ? .mass : .massOrVolume
    case .millilitres: return density == nil ? .volume : .massOrVolume
    case .pieces: return .pieces
    case .each(let id): return .each(id)
    case .vague(let id): return .vague(id)
    }
  }
}

/// The result of taking what is on hand away from what is needed.
public struct MeasureDifference: Hashable, Sendable {
  /// What is still needed (what to buy); empty when everything is on hand.
  public var remaining: MeasureSum
  /// What is left of the amounts on hand once the need is met at its largest (the upper end of
  /// a range), including the amounts in ``unmatched``.
  public var leftover: MeasureSum
  /// Amounts on hand that compare with nothing needed ("2 cans" against "500 g"), so a list
  /// can say "you have 2 cans; check whether that is enough".
  public var unmatched: [Measure]

  /// Makes a difference from its parts.
  public init(remaining: MeasureSum, leftover: MeasureSum, unmatched: [Measure]) {
    self.remaining = remaining
    self.leftover = leftover
    self.unmatched = unmatched
  }
}

/// Which amounts add up into one total.
private enum MeasureGroup: Hashable {
  case mass, volume, massOrVolume, pieces
  case each(String)
  case vague(String)
}
