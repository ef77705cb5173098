import Foundation

/// A measuring system to show amounts in.
public enum UnitSystem: String, Hashable, Sendable, Codable, CaseIterable {
  /// Cups, spoons, ounces and pounds.
  case us
  /// Grams, kilograms, millilitres, litres, and spoons for small amounts.
  case metric
}

/// How fractions and ranges are written.
public enum FractionStyle: String, Hashable, Sendable, Codable, CaseIterable {
  /// Unicode fractions and an en dash, as printed cookbooks write: "1½", "⅓", "2–3".
  case unicode
  /// Plain ASCII for terminals and exports: "1 1/2", "1/3", "2-3".
  case ascii
}

/// How to show amounts: in which system, and with which characters.
public struct MeasureFormat: Hashable, Sendable {
  /// The system to show amounts in; teaspoons and tablespoons belong to both.
  public var system: UnitSystem
  /// Whether an amount written in the other system stays in it (tidied within it: 1500 g →
  /// 1.5 kg even for a US reader). When false, every mass and volume is converted to
  /// ``system``. Spoons follow ``system`` either way.
  public var keepsWrittenSystem: Bool
  /// How fractions and ranges are written.
  public var fractionStyle: FractionStyle

  /// Makes a format.
  public init(
    system: UnitSystem, keepsWrittenSystem: Bool = false, fractionStyle: FractionStyle = .unicode
  ) {
    self.system = system
    self.keepsWrittenSystem = keepsWrittenSystem
    self.fractionStyle = fractionStyle
  }

  /// US units with Unicode fractions.
  public static let us = MeasureFormat(system: .us)
  /// Metric units with Unicode fractions.
  public static let metric = MeasureFormat(system: .metric)
}

/// An amount as a cook would write it, in parts a page can lay out.
public struct DisplayedMeasure: Hashable, Sendable, CustomStringConvertible {
  /// The amount shown, rounded and in the unit shown ("a pinch" is one pinch), for arithmetic on
  /// what the reader sees.
  public var measure: Measure
  /// The number or range: "1½", "2–3", "up to 1", or "a" in "a pinch".
  public var quantityText: String
  /// The unit's name, singular or plural: "cup", "cups", "g"; nil for a bare count.
  public var unitText: String?

  /// Makes a displayed amount from its parts.
  public init(measure: Measure, quantityText: String, unitText: String?) {
    self.measure = measure
    self.quantityText = quantityText
    self.unitText = unitText
  }

  /// The whole amount: "1½ cups", "250 ml", "3 cloves", "2".
  public var text: String {
    guard let unitText else { return quantityText }
    return "\(quantityText) \(unitText)"
  }

  /// The same as ``text``.
  public var description: String { text }
}
