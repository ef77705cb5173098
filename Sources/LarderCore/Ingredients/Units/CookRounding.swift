import Foundation

/// A quantity rounded for display, and how to write it.
struct RoundedQuantity: Hashable {
  /// The rounded value.
  var value: Double
  /// Decimal places to write ("1.5 kg"); nil writes a whole number and a cook fraction.
  var decimals: Int?

  /// "1½" or "1 1/2", "0.3", "250".
  func text(_ style: FractionStyle) -> String {
    guard let decimals else { return CookFraction.text(value, style) }
    return CookFraction.decimalText(value, decimals: decimals)
  }
}

/// The fractions cooks write, and their glyphs.
enum CookFraction {
  /// Every fraction Larder writes, with its Unicode glyph and ASCII form.
  static let glyphs: [(value: Double, unicode: String, ascii: String)] = [
    (1.0 / 8, "⅛", "1/8"), (1.0 / 4, "¼", "1/4"), (1.0 / 3, "⅓", "1/3"),
    (3.0 / 8, "⅜", "3/8"), (1.0 / 2, "½", "1/2"), (5.0 / 8, "⅝", "5/8"),
    (2.0 / 3, "⅔", "2/3"), (3.0 / 4, "¾", "3/4"), (7.0 / 8, "⅞", "7/8"),
  ]
  /// Measuring spoons and cups: eighths and thirds.
  static let eighthsAndThirds = glyphs.map(\.value)
  /// Ounces below one: eighths only (nobody weighs a third of an ounce).
  static let eighths: [Double] = [1, 2, 3, 4, 5, 6, 7].map { Double($0) / 8 }
  /// The common cook fractions: ⅛ ¼ ⅓ ½ ⅔ ¾.
  static let common: [Double] = [1.0 / 8, 1.0 / 4, 1.0 / 3, 1.0 / 2, 2.0 / 3, 3.0 / 4]
  /// ¼ ⅓ ½ ⅔ ¾.
  static let quartersAndThirds: [Double] = [1.0 / 4, 1.0 / 3, 1.0 / 2, 2.0 / 3, 3.0 / 4]
  /// ¼ ½ ¾.
  static let quarters: [Double] = [1.0 / 4, 1.0 / 2, 3.0 / 4]
  /// ½.
  static let halves: [Double] = [1.0 / 2]

  /// `value` rounded to a whole number plus the nearest of `fractions` (or none, or one more);
  /// halfway goes up, so a cook rounding 2¼ eggs to halves buys 2½.
  static func round(_ value: Double, to fractions: [Double]) -> Double {
    let whole = value.rounded(.down)
    let part = value - whole
    var best = 0.0
    for candidate in fractions + [1] where abs(candidate - part) <= abs(best - part) {
      best = candidate
    }
    return whole + best
  }

  /// A whole number and a fraction: "1½", "⅓", "2" (Unicode) or "1 1/2", "1/3", "2" (ASCII).
  static func text(_ value: Double, _ style: FractionStyle) -> String {
    var whole = Int(value.rounded(.down))
    let part = value - Double(whole)
    var glyph: (unicode: String, ascii: String)?
    if let match = glyphs.first(where: { abs($0.value - part) < 1e-6 }) {
      glyph = (match.unicode, match.ascii)
    } else if part > 0.5 {
      whole += 1  // within a hair of the next whole number
    }
    guard let glyph else { return "\(whole)" }
    switch style {
    case .unicode: return whole == 0 ? glyph.unicode : "\(whole)\(glyph.unicode)"
    case .ascii: return whole == 0 ? glyph.ascii : "\(whole) \(glyph.ascii)"
    }
  }

  /// `value` with at most `decimals` places and no trailing zeros: "1.5", "250", "1.25".
  static func decimalText(_ value: Double, decimals: Int) -> String {
    var scale = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    var text = "\(scaled / scale)"
    var fraction = scaled % scale
    guard fraction != 0 else { return text }
    var digits = decimals
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    let fractionText = "\(fraction)"
    text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    return text
  }
}

/// How amounts in a unit are rounded for display.
///
/// The rules, in short: spoons and cups to eighths and thirds (quarters and thirds from 4,
/// halves from 10, whole numbers from 100); other US units to ⅛ ¼ ⅓ ½ ⅔ ¾; ounces to eighths
/// below 1, quarters below 4, then halves; pounds to quarters (and thirds below 1 lb) when that
/// is within 2.5%, else one decimal ("1.1 lb"); grams to 0.1 below 1, to 1 below 100, then to 5;
/// millilitres to 0.1 below 1, to 1 below 50, then to 5; kilograms and litres to one decimal,
/// or two for an exact quarter ("1.25 kg"); counts to ¼ ⅓ ½ ⅔ ¾ below 1 (at least ¼), to halves
/// below 10, then whole; vague units to whole numbers (at least 1).
enum DisplayRounding: Hashable {
  case spoonsAndCups, fractions, ounces, pounds, grams, millilitres, kilosAndLitres, tenths
  case wholeNumbers, counts, vague

  func round(_ value: Double) -> RoundedQuantity {
    switch self {
    case .spoonsAndCups:
      return fraction(
        value,
        tiers: [
          (4, CookFraction.eighthsAndThirds), (10, CookFraction.quartersAndThirds),
          (100, CookFraction.halves),
        ])
    case .fractions:
      return fraction(
        value,
        tiers: [
          (1, CookFraction.common), (10, CookFraction.quartersAndThirds),
          (100, CookFraction.halves),
        ])
    case .ounces:
      return fraction(
        value,
        tiers: [(1, CookFraction.eighths), (4, CookFraction.quarters), (100, CookFraction.halves)])
    case .pounds:
      let fractions = value < 1 ? CookFraction.quartersAndThirds : CookFraction.quarters
      let nearest = CookFraction.round(value, to: fractions)
      if value > 0, abs(nearest - value) <= 0.025 * value {
        return RoundedQuantity(value: nearest, decimals: nil)
      }
      return decimal(value, step: 0.1, decimals: 1)
    case .grams:
      if value < 1 { return decimal(value, step: 0.1, decimals: 1) }
      return decimal(value, step: value < 100 ? 1 : 5, decimals: 0)
    case .millilitres:
      if value < 1 { return decimal(value, step: 0.1, decimals: 1) }
      return decimal(value, step: value < 50 ? 1 : 5, decimals: 0)
    case .kilosAndLitres:
      let quarter = (value * 4).rounded() / 4
      if abs(quarter - value) <= 0.005 * value,
        (quarter * 4).truncatingRemainder(dividingBy: 2) == 1
      {
        return RoundedQuantity(value: quarter, decimals: 2)
      }
      return decimal(value, step: 0.1, decimals: 1)
    case .tenths:
      return decimal(value, step: 0.1, decimals: 1)
    case .wholeNumbers:
      return decimal(value, step: 1, decimals: 0)
    case .counts:
      let rounded = fraction(
        value, tiers: [(1, CookFraction.quartersAndThirds), (10, CookFraction.halves)])
      return value > 0 && rounded.value == 0 ? RoundedQuantity(value: 0.25, decimals: nil) : rounded
    case .vague:
      return RoundedQuantity(value: value > 0 ? max(1, value.rounded()) : 0, decimals: nil)
    }
  }

  /// Rounds to the fractions of the first tier whose bound `value` is under; whole numbers past
  /// the last bound.
  private func fraction(
    _ value: Double, tiers: [(below: Double, fractions: [Double])]
  ) -> RoundedQuantity {
    let fractions = tiers.first { value < $0.below }?.fractions ?? []
    return RoundedQuantity(value: CookFraction.round(value, to: fractions), decimals: nil)
  }

  private func decimal(_ value: Double, step: Double, decimals: Int) -> RoundedQuantity {
    let steps = (value / step).rounded()
    // Dividing by a whole number keeps 1.5 exact, where multiplying by 0.1 gives 1.5000000000000002.
    let rounded = step < 1 ? steps / (1 / step).rounded() : steps * step
    return RoundedQuantity(value: rounded, decimals: decimals)
  }
}
