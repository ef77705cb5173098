import Foundation

/// How Larder writes an ingredient line as Cooklang, and reads its own lines back.
///
/// Each line is written from its parse (``IngredientParser``) so that any Cooklang reader sees
/// the food, amount and unit Larder sees, and so that Larder reads the very same line back:
///
/// - `@food{amount%unit}(note)` when the line is exactly "amount unit food, note", as
///   "100 g cold unsalted butter, diced" is (`@cold unsalted butter{100%g}(diced)`);
/// - otherwise the line's own words with the food marked up in place and the amount in its
///   braces: "1 (14 oz) can chickpeas, drained" is
///   `1 (14 oz) can @chickpeas{1%can}, drained`, which a Cooklang app shows as written;
/// - the whole line as the name (`@a line{}`) only when the parser found no food in it.
///
/// A unit without a number ("Pinch of salt") stays in the text: cooklang-rs refuses
/// `{%pinch}`. Markup characters in the text are escaped with a backslash (`\@`, `\--`, `\)`),
/// which cooklang-rs and ``Cooklang/parse(_:)`` both read as plain text.
extension Cooklang {
  /// The markup for one ingredient line, checked to read back as the same line.
  ///
  /// A line of a recipe in another `language` is read in that language, so its markup holds
  /// the amount, unit and food as written there: "2,5 dl mjölk" is `@mjölk{2,5%dl}`.
  static func ingredientMarkup(
    _ line: IngredientLine, parser: IngredientParser, language: RecipeLanguage = .english
  ) -> String {
    let text = oneLine(line.text).trimmingCharacters(in: .whitespaces)
    let whole = "@" + ingredientName(text) + "{}"
    let parsed = parser.parse(text, language: language)
    // The food as the line words it ("mint leaves", not the name's "mint leaf").
    guard !parsed.isSectionHeader, let name = parsed.writtenName, !name.isEmpty else {
      return whole
    }
    let amount = amountMarkup(parsed, in: text)
    for candidate in [noteForm(text, name: name, amount: amount), inPlaceForm(text, parsed)] {
      if let candidate, readsBack(candidate, as: text) { return candidate }
    }
    return whole
  }

  /// What goes between the braces: "100%g", "2-3%cloves", "3", or "" with no number.
  struct AmountMarkup {
    /// The number as Cooklang reads it, as written where it can be ("1 1/2", "2-3").
    var quantity: String?
    /// The unit as written ("cups", "Tbsp"), only with a quantity.
    var unit: String?

    /// The braces' content.
    var markup: String {
      guard let quantity else { return "" }
      return quantity + (unit.map { "%" + $0 } ?? "")
    }
  }

  static func amountMarkup(_ parsed: ParsedIngredient, in text: String) -> AmountMarkup {
    guard let low = parsed.quantity, low.isFinite, low >= 0 else { return AmountMarkup() }
    let high = parsed.quantityMax.flatMap { $0.isFinite && $0 > low ? $0 : nil }
    var quantity = number(low) + (high.map { "-" + number($0) } ?? "")
    // The number as written, a decimal comma included ("2,5"): Larder reads it back as the
    // line wrote it, and a Cooklang app shows it as the cook wrote it.
    if let span = parsed.spans["quantity"], let written = span.text(in: text),
      let value = cooklangValue(written.replacingOccurrences(of: ",", with: ".")),
      value.low == low, value.high == high,
      !written.contains(where: { "{}%\\".contains($0) })
    {
      quantity = written
    }
    var unit: String?
    // A unit of several words ("c. à s.") as the line writes it, where the parse keeps only
    // its first ("c.").
    var writtenUnit = parsed.unitText
    if let first = writtenUnit, let span = parsed.spans["unit"], let whole = span.text(in: text),
      whole.count > first.count, whole.hasPrefix(first)
    {
      writtenUnit = whole
    }
    if let written = writtenUnit?.trimmingCharacters(in: .whitespaces), !written.isEmpty,
      !written.contains(where: { "{}%\\".contains($0) })
    {
      unit = written
    } else {
      unit = parsed.unit
    }
    // A unit word that names the food ("2 Knoblauchzehen"): the food counts, no unit.
    if parsed.spans["unit"] == nil, let name = parsed.writtenName?.lowercased(),
      let written = parsed.unitText?.lowercased(), !written.isEmpty,
      name == written || name.hasPrefix(written + " ")
    {
      unit = nil
    }
    return AmountMarkup(quantity: quantity, unit: unit)
  }

  /// `@food{amount}(note)` when the line is "amount unit food" or "amount unit food, note".
  private static func noteForm(_ text: String, name: String, amount: AmountMarkup) -> String? {
    guard isPlainName(name) else { return nil }
    let head = [amount.quantity, amount.unit, name].compactMap { $0 }.joined(separator: " ")
    let markup = "@" + name + "{" + amount.markup + "}"
    if text == head { return markup }
    guard text.hasPrefix(head + ", ") else { return nil }
    let note = String(text.dropFirst(head.count + 2))
    guard !note.isEmpty, note.trimmingCharacters(in: .whitespaces) == note else { return nil }
    return markup + "(" + escaped(note, in: .note) + ")"
  }

  /// The line's words with the food marked up where it stands.
  private static func inPlaceForm(_ text: String, _ parsed: ParsedIngredient) -> String? {
    guard let name = parsed.writtenName, let span = parsed.spans["name"],
      let wording = span.text(in: text)
    else { return nil }
    let utf16 = text.utf16
    let start = utf16.index(utf16.startIndex, offsetBy: span.start)
    let end = utf16.index(utf16.startIndex, offsetBy: span.end)
    let before = String(text[..<start])
    let after = String(text[end...])
    // A line that starts with "=" or ">" would be a section or a note.
    var markup = before.first.map { "=>".contains($0) } == true ? "\\" : ""
    markup += escaped(before, in: .text) + "@" + escaped(name, in: .name)
    markup += "{" + amountMarkup(parsed, in: text).markup + "}"
    // The food as the line words it, when the parser's name leaves words out ("caster
    // (superfine) sugar" is caster superfine sugar): Larder reads the line with it in place.
    if wording != name { markup += "(" + escaped(wording, in: .note) + ")" }
    // A "(" straight after the braces would open a note.
    if after.hasPrefix("(") { markup += "\\" }
    markup += escaped(after, in: .text)
    return markup
  }

  /// The line of an ingredient alone on it: "amount unit name, note", or the note when it
  /// words the food and there is no amount.
  private static func lineAlone(
    _ name: String, _ quantity: CooklangDocument.Quantity, _ units: String, _ note: String?
  ) -> String {
    if let note, quantity == .unspecified, units.isEmpty, isWording(note, of: name) {
      return note
    }
    return line(name, quantity, units, note)
  }

  /// Whether an ingredient's note is how the line words the food rather than a remark: it
  /// holds every word of the name ("caster (superfine) sugar" for caster superfine sugar),
  /// piece words counted in the name's singular ("dried fenugreek leaves (kasuri methi)" for
  /// dried fenugreek leaf kasuri methi).
  static func isWording(_ note: String, of name: String) -> Bool {
    let noteWords = Set(words(note)).union(words(IngredientNameForm.canonical(note)))
    let nameWords = words(name)
    return !nameWords.isEmpty && nameWords.allSatisfy(noteWords.contains)
  }

  private static func words(_ text: String) -> [String] {
    text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
  }

  /// Whether Larder reads `markup`, as one line of a written ingredient list, as `text`.
  private static func readsBack(_ markup: String, as text: String) -> Bool {
    let document = parse(markup + "\\\n")
    guard document.sections.count == 1, document.sections[0].name == nil,
      document.sections[0].blocks.count == 1,
      case .step(let items) = document.sections[0].blocks[0],
      let lines = listLines(items), lines.count == 1
    else { return false }
    return lines[0] == text
  }

  /// A name `@name{...}` carries without escapes, which the note form needs to read back.
  private static func isPlainName(_ name: String) -> Bool {
    !name.contains { "@#~{}()\\".contains($0) } && !name.contains("--") && !name.contains("[-")
      && name.trimmingCharacters(in: .whitespaces) == name
  }

  /// Where escaped text goes, which decides what in it would be markup.
  enum EscapedPlace {
    /// Step text: sigils and comments.
    case text
    /// An ingredient's name: also braces.
    case name
    /// A note: only `)` and comments; a sigil there is text.
    case note
  }

  /// Text with what Cooklang would read as markup in `place` escaped by a backslash.
  static func escaped(_ text: String, in place: EscapedPlace) -> String {
    let characters = Array(text)
    var result = ""
    for (index, character) in characters.enumerated() {
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      let isMarkup: Bool
      switch character {
      case "\\": isMarkup = true
      case "-", "[": isMarkup = next == "-"
      case "@", "#", "~": isMarkup = place != .note
      case "{", "}": isMarkup = place == .name
      case ")": isMarkup = place == .note
      default: isMarkup = false
      }
      if isMarkup { result.append("\\") }
      result.append(character)
    }
    return result
  }

  /// A quantity as Cooklang writes it: whole numbers plain, common fractions as "1 1/2", the
  /// rest as decimals.
  static func number(_ value: Double) -> String {
    if value.rounded() == value { return CooklangNumber.format(value) }
    for denominator in [2.0, 3, 4, 8, 16] {
      let scaled = value * denominator
      guard abs(scaled - scaled.rounded()) < 1e-9 else { continue }
      let whole = value.rounded(.down)
      let numerator = Int((scaled - whole * denominator).rounded())
      let fraction = "\(numerator)/\(Int(denominator))"
      return whole > 0 ? CooklangNumber.format(whole) + " " + fraction : fraction
    }
    return CooklangNumber.format(value)
  }

  /// The value cooklang-rs reads from an amount: a whole or decimal number, a fraction, a
  /// mixed number ("1 1/2"), or a range of those ("2-3"); nil for anything else ("½", "a").
  static func cooklangValue(_ text: String) -> (low: Double, high: Double?)? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count) else { return nil }
    let values = parts.compactMap { cooklangNumber(String($0)) }
    guard values.count == parts.count else { return nil }
    return (values[0], values.count == 2 ? values[1] : nil)
  }

  private static func cooklangNumber(_ text: String) -> Double? {
    func digits(_ part: Substring) -> Bool {
      !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber }
    }
    let words = text.split(separator: " ", omittingEmptySubsequences: false)
    if words.count == 2, digits(words[0]), let fraction = cooklangNumber(String(words[1])),
      words[1].contains("/"), let whole = Double(words[0])
    {
      return whole + fraction
    }
    guard words.count == 1 else { return nil }
    let slash = text.split(separator: "/", omittingEmptySubsequences: false)
    if slash.count == 2, digits(slash[0]), digits(slash[1]),
      !(slash[0].hasPrefix("0") && slash[0].count > 1),
      let top = Double(slash[0]), let bottom = Double(slash[1]), bottom != 0
    {
      return top / bottom
    }
    let dot = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(dot.count), dot.allSatisfy(digits) else { return nil }
    return Double(text)
  }

  // MARK: - Reading written lists

  /// The lines of a paragraph that is an ingredient list, or nil when it is a step.
  ///
  /// A list is a paragraph of ingredients alone (``isIngredientList(_:)``), or one whose every
  /// line ends in a backslash (as ``write(_:)`` writes them) and holds exactly one ingredient
  /// and no cookware or timer. A line that is only its ingredient reads as "amount unit name,
  /// note"; one with words around its ingredient reads as written, the name in place. A note
  /// that words the food (``isWording(_:of:)``) stands in place of the name, and is the whole
  /// line for an ingredient alone on its line with no amount.
  static func listLines(_ items: [CooklangDocument.Item]) -> [String]? {
    if isIngredientList(items) {
      return items.compactMap { item in
        guard case .ingredient(let name, let quantity, let units, let note) = item else {
          return nil
        }
        return lineAlone(name, quantity, units, note)
      }
    }
    guard case .text(let last) = items.last, last.hasSuffix("\n") else { return nil }
    var lines: [String] = []
    var before = ""
    var after = ""
    var ingredient: (String, CooklangDocument.Quantity, String, String?)?
    func finishLine() -> Bool {
      guard let (name, quantity, units, note) = ingredient else { return false }
      let around = (before + after).trimmingCharacters(in: .whitespaces)
      if around.isEmpty {
        lines.append(lineAlone(name, quantity, units, note))
      } else {
        let wording = note.flatMap { isWording($0, of: name) ? $0 : nil }
        let named = wording ?? (name + (note.map { " (\($0))" } ?? ""))
        lines.append((before + named + after).trimmingCharacters(in: .whitespaces))
      }
      before = ""
      after = ""
      ingredient = nil
      return true
    }
    for item in items {
      switch item {
      case .text(let text):
        let pieces = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
          if index > 0 { guard finishLine() else { return nil } }
          if ingredient == nil { before += piece } else { after += piece }
        }
      case .ingredient(let name, let quantity, let units, let note):
        guard ingredient == nil else { return nil }
        ingredient = (name, quantity, units, note)
      case .cookware, .timer:
        return nil
      }
    }
    return ingredient == nil && before.trimmingCharacters(in: .whitespaces).isEmpty
      ? lines : nil
  }
}
