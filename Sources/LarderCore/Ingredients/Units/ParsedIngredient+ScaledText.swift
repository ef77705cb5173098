import Foundation

extension ParsedIngredient {
  /// The line with its amount scaled and shown in a unit system, the rest kept as written:
  /// "2 cups flour, sifted" at twice the servings in metric reads "480 ml flour, sifted".
  ///
  /// A nil `format` keeps each amount in the system it was written in, only rescaled. Lines
  /// without an amount, or whose amount cannot be read, come back as written (``input``), as
  /// does every line when nothing changes (a factor of 1 in the original units).
  ///
  /// - Parameters:
  ///   - factor: how many times the amount to show (2 for twice the servings).
  ///   - format: the unit system to show amounts in; nil for the one they were written in.
  ///   - density: the food's grams per millilitre, so a volume can be shown as a weight.
  ///   - weighed: whether the food is weighed rather than measured in metric kitchens.
  public func text(
    scaledBy factor: Double, shownIn format: MeasureFormat?, density: Double?,
    weighed: Bool = false
  ) -> String {
    let text = input
    guard abs(factor - 1) > 0.0001 || format != nil,
      let measure = try? Measure(self),
      let scaled = try? measure.scaled(by: factor)
    else { return text }
    let amountSpans = ["quantity", "unit"].compactMap { spans[$0] }
    guard let start = amountSpans.map(\.start).min(), let end = amountSpans.map(\.end).max()
    else { return text }
    let utf16 = Array(text.utf16)
    guard start >= 0, end <= utf16.count, start < end else { return text }
    let before = String(decoding: utf16[..<start], as: UTF16.self)
    let after = String(decoding: utf16[end...], as: UTF16.self)
    let display = scaled.formatted(
      format ?? MeasureFormat(system: .us, keepsWrittenSystem: true), density: density,
      weighed: weighed)
    return before + display + after
  }
}
