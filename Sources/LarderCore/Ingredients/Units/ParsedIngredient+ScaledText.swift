import Foundation

extension ParsedIngredient {
  /// The line with its amount scaled and shown in a unit system, the rest kept as written:
  /// "2 cups flour, sifted" at twice the servings in metric reads "480 ml flour, sifted".
  ///
  /// A nil `format` keeps each amount in the system it was written in, only rescaled. Lines
  /// without an amount, or whose amount cannot be read, come back as written (``input``), as
  /// does every line when nothing changes (a factor of 1 in the original units).
  ///
  /// A line of a recipe in another `language` gets that language's unit words and decimal
  /// comma: "2 EL Olivenöl" twice over is "4 EL Olivenöl", "1 Dose Tomaten" "2 Dosen
  /// Tomaten", "1 kg Mehl" halved "500 g Mehl" and "1 tasse de lait" in metric "240 ml de
  /// lait". The unit as the line wrote it is kept while the amount stays in that unit ("2 c. à
  /// s." → "4 c. à s."); a unit word that also names the food ("2 Knoblauchzehen") stays as
  /// written and only its number changes.
  ///
  /// - Parameters:
  ///   - factor: how many times the amount to show (2 for twice the servings).
  ///   - format: the unit system to show amounts in; nil for the one they were written in.
  ///   - density: the food's grams per millilitre, so a volume can be shown as a weight.
  ///   - weighed: whether the food is weighed rather than measured in metric kitchens.
  ///   - language: the language the line is written in (the recipe's).
  public func text(
    scaledBy factor: Double, shownIn format: MeasureFormat?, density: Double?,
    weighed: Bool = false, language: RecipeLanguage = .english
  ) -> String {
    let text = input
    guard abs(factor - 1) > 0.0001 || format != nil,
      let measure = try? Measure(self),
      let scaled = try? measure.scaled(by: factor)
    else { return text }
    let amountSpans = ["quantity", "unit"].compactMap { spans[$0] }
    guard let start = amountSpans.map(\.start).min(), var end = amountSpans.map(\.end).max()
    else { return text }
    let utf16 = Array(text.utf16)
    // "a cup and a half of flour": the fraction after the measure is part of the amount, when
    // only spaces part it from the unit (English lines: the other languages' reader has no
    // such reading).
    if language == .english, let fraction = IngredientTokenizer().fractionAfterMeasure(in: text) {
      // A word between the amount and the fraction that is not its unit ("1 stick and a half"
      // with "stick" read as the name): the line is shown as written rather than half-scaled.
      guard let unitSpan = spans["unit"], unitSpan.end == end, fraction.start >= end,
        fraction.end <= utf16.count,
        utf16[end..<fraction.start].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0xA0 })
      else { return text }
      end = fraction.end
    }
    guard start >= 0, end <= utf16.count, start < end else { return text }
    var before = String(decoding: utf16[..<start], as: UTF16.self)
    // "a cup of sugar" twice over is "2 cups of sugar", not "a 2 cups": the article that stood
    // for the amount goes with it.
    if language == .english, quantity == nil,
      ["a", "an"].contains(before.trimmingCharacters(in: .whitespaces).lowercased())
    {
      before = String(before.prefix { $0 == " " || $0 == "\t" })
    }
    let after = String(decoding: utf16[end...], as: UTF16.self)
    let shown = scaled.displayed(
      format ?? MeasureFormat(system: .us, keepsWrittenSystem: true), density: density,
      weighed: weighed)
    guard language != .english else { return before + shown.text + after }
    let names = LanguageUnitNames.of(language)
    // A unit word that names the food too has no span of its own: only the number changes,
    // and only while the unit does not.
    if unit != nil, spans["unit"] == nil {
      guard shown.measure.unit?.id == unit else { return text }
      let bare = DisplayedMeasure(
        measure: Measure(
          quantity: shown.measure.quantity, quantityMax: shown.measure.quantityMax, unit: nil),
        quantityText: shown.quantityText, unitText: nil)
      return before + names.text(of: bare, written: nil, writtenUnitID: nil) + after
    }
    // The unit as the line wrote it: all its words ("c. à s."), not only the first.
    let written = spans["unit"].flatMap { span -> String? in
      guard span.start >= 0, span.end <= utf16.count, span.start < span.end else { return nil }
      return String(decoding: utf16[span.start..<span.end], as: UTF16.self)
    }
    return before + names.text(of: shown, written: written ?? unitText, writtenUnitID: unit)
      + after
  }
}
