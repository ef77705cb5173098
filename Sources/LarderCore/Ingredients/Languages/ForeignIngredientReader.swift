import Foundation

/// Reads an ingredient line written in a language other than English ("2,5 dl fint sammalt
/// hvetemel", "100 gr di zucchero", "1 unidade de limão", "Milch 350 g") by rules: an amount
/// (digits with a decimal comma or point, fractions, "½", number words, ranges), a unit from
/// the language's ``LanguageLexicon`` (or a metric one), and the rest as the food's name,
/// cut at a comma or parenthesis, with alternatives split at the language's "or".
///
/// The amount may also close the line ("Zucker 100 g", "Mąka pszenna – 500 g"), as many
/// sites and family recipes write it. Every word lands in some field, as with
/// ``IngredientParser``.
struct ForeignIngredientReader: Sendable {
  let lexicon: LanguageLexicon

  init(language: RecipeLanguage) {
    lexicon = LanguageLexicon.of(language)
  }

  /// A piece of the line: its text as written, folded, and where it starts and ends.
  private struct Token {
    var text: Substring
    var folded: String
    var isPunctuation: Bool { folded.isEmpty || (folded.count == 1 && ",;:()[]".contains(folded)) }
  }

  /// The amount read from a run of tokens.
  private struct Amount {
    var quantity: Double?
    var quantityMax: Double?
    var unit: String?
    var unitText: String?
    /// Tokens used.
    var end: Int
    /// The unit word's token when it names the food too ("2 Knoblauchzehen").
    var namingUnitAt: Int? = nil
    /// The tokens of the number (or range) and of the unit, for the line's spans.
    var quantityTokens: Range<Int>? = nil
    var unitTokens: Range<Int>? = nil
    /// A closing note after the amount ("Zucker 100 g (fein)"): its tokens, for the comment.
    var note: Range<Int>? = nil
  }

  func read(_ line: String) -> ParsedIngredient {
    let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
    var tokens = Self.tokens(trimmed)
    // Bullets and list dashes before the amount.
    while let first = tokens.first, ["-", "–", "—", "•", "*", "·", "o"].contains(first.folded),
      tokens.count > 1, first.folded != "o" || tokens[1].folded.first?.isNumber == true
    {
      tokens.removeFirst()
    }
    var result = ParsedIngredient(input: line)
    guard !tokens.isEmpty else { return result }
    if (tokens.last?.folded == ":" && tokens.count <= 6) || isHeading(tokens),
      !tokens.contains(where: { $0.folded.first?.isNumber == true })
    {
      result.isSectionHeader = true
      result.comment = trimmed
      return result
    }

    // "El zumo de 1 limón", "sok z 1/2 cytryny": the fruit's number is the amount.
    if let juice = tokens.prefix(3).firstIndex(where: {
      LanguageLexicon.juiceWords.contains($0.folded)
        || LanguageLexicon.zestWords.contains($0.folded)
    }) {
      var probe = juice + 1
      // Not past a dash: "Лимонный сок — 2 ст. л." is juice measured, not a fruit counted.
      while probe < tokens.count, tokens[probe].folded != "-",
        lexicon.joiners.contains(tokens[probe].folded)
          || tokens[probe].folded.count <= 2
            && Self.numeral(tokens[probe].folded) == nil
            && lexicon.numbers[tokens[probe].folded] == nil
      {
        probe += 1
      }
      if let (value, next) = number(tokens, probe) {
        result.quantity = value
        tokens.removeSubrange(probe..<next)
        result.name = tokens[juice...].map { String($0.text) }.joined(separator: " ")
        return result
      }
    }
    var start = 0
    var amount = readAmount(tokens, from: 0)
    // A unit word opening a name written noun first ("Лист лавровый — 2 шт.") is the food's,
    // when the line closes with its amount.
    if let found = amount, found.quantityTokens == nil, let closing = trailingAmount(tokens) {
      amount = closing
    } else if let found = amount, found.quantity != nil || found.unit != nil {
      start = found.namingUnitAt ?? found.end
    } else {
      amount = trailingAmount(tokens)
    }
    // Where each part sits in the line, in UTF-16 offsets as the English parser gives them,
    // so a scaled line replaces just its amount.
    let leading = line.prefix(while: \.isWhitespace).utf16.count
    func span(_ range: Range<Int>) -> TextSpan? {
      guard let first = range.first, let last = range.last, last < tokens.count else { return nil }
      let start = trimmed.utf16.distance(
        from: trimmed.utf16.startIndex,
        to: tokens[first].text.startIndex.samePosition(
          in: trimmed.utf16) ?? trimmed.utf16.startIndex)
      let end = trimmed.utf16.distance(
        from: trimmed.utf16.startIndex,
        to: tokens[last].text.endIndex.samePosition(
          in: trimmed.utf16) ?? trimmed.utf16.startIndex)
      return end > start ? TextSpan(start: leading + start, end: leading + end) : nil
    }
    if let amount {
      result.quantity = amount.quantity
      result.quantityMax = amount.quantityMax
      result.unit = amount.unit
      result.unitText = amount.unitText
      if let range = amount.quantityTokens { result.spans["quantity"] = span(range) }
      if let range = amount.unitTokens { result.spans["unit"] = span(range) }
    }
    var end = tokens.count
    if start == 0, let amount, amount.end < 0 { end = -amount.end - 1 }
    // Joining words after the unit: "di zucchero", "d'huile".
    while start < end, lexicon.joiners.contains(tokens[start].folded) { start += 1 }
    let rest = Array(tokens[start..<end])
    let restText = Self.text(of: rest, in: trimmed)
    let foldedRest = " " + rest.map(\.folded).joined(separator: " ") + " "
    for phrase in lexicon.optionalPhrases where foldedRest.contains(" " + phrase + " ") {
      result.isOptional = true
      break
    }
    if rest.isEmpty { return result }

    // The name: up to the first comma, parenthesis or spaced dash that follows a word
    // ("Соль — по вкусу", "Salz - nach Belieben"; not "Fontina-Käse").
    var nameEnd = rest.count
    for index in rest.indices where index > 0 {
      if [",", "(", ";", "["].contains(rest[index].folded)
        || (rest[index].folded == "-" && index + 1 < rest.count
          && Self.isSpacedDash(rest[index]))
      {
        nameEnd = index
        break
      }
    }
    var nameTokens = Array(rest[..<nameEnd])
    if nameTokens.first?.folded == "(" {
      nameTokens = nameTokens.filter { $0.folded != "(" && $0.folded != ")" }
    }
    // Alternatives at the language's "or" (and "/" between words).
    var parts: [[Token]] = [[]]
    for token in nameTokens {
      if lexicon.orWords.contains(token.folded) || token.folded == "/" {
        if !(parts.last ?? []).isEmpty { parts.append([]) }
      } else {
        parts[parts.count - 1].append(token)
      }
    }
    parts = parts.filter { !$0.isEmpty }
    let names = parts.map { Self.text(of: $0, in: trimmed) }.filter { !$0.isEmpty }
    result.name = names.first ?? restText
    // Where the name stands, so a Cooklang export can mark the food up in place.
    if let words = parts.first, let first = words.first, let last = words.last,
      let name = result.name, first.text.startIndex < last.text.endIndex,
      let start = first.text.startIndex.samePosition(in: trimmed.utf16),
      let end = last.text.endIndex.samePosition(in: trimmed.utf16)
    {
      let from = leading + trimmed.utf16.distance(from: trimmed.utf16.startIndex, to: start)
      let to = leading + trimmed.utf16.distance(from: trimmed.utf16.startIndex, to: end)
      if String(trimmed[first.text.startIndex..<last.text.endIndex]) == name {
        result.spans["name"] = TextSpan(start: from, end: to)
      }
    }
    result.alternatives = Array(names.dropFirst())
    if nameEnd < rest.count {
      let comment = Self.text(of: Array(rest[nameEnd...]), in: trimmed)
        .trimmingCharacters(in: CharacterSet(charactersIn: " ,;-—–"))
      if !comment.isEmpty { result.comment = comment }
    }
    if let note = amount?.note, note.upperBound <= tokens.count {
      let text = Self.text(of: Array(tokens[note]), in: trimmed)
        .trimmingCharacters(in: CharacterSet(charactersIn: " ,;-—–()"))
      if !text.isEmpty {
        result.comment = [result.comment, text].compactMap { $0 }.joined(separator: ", ")
      }
    }
    return result
  }

  /// Whether the token at `index` is glued to a word before it ("T55", "Type405").
  private static func isGlued(_ tokens: [Token], _ index: Int) -> Bool {
    guard index > 0 else { return false }
    return tokens[index - 1].text.endIndex == tokens[index].text.startIndex
      && tokens[index - 1].text.last?.isLetter == true
  }

  /// Whether a dash token stands apart from the words around it: an em or en dash, or a
  /// hyphen with a space before it.
  private static func isSpacedDash(_ token: Token) -> Bool {
    if token.text == "—" || token.text == "–" { return true }
    let line = token.text.base
    guard token.text.startIndex > line.startIndex else { return false }
    return line[line.index(before: token.text.startIndex)].isWhitespace
  }

  /// A group heading without a colon: a few words opening with the language's "for the"
  /// ("Für den Teig", "Pour la garniture", "Til dressingen"), no number, and not a purpose
  /// the lexicon reads as optional ("til servering").
  private func isHeading(_ tokens: [Token]) -> Bool {
    guard tokens.count >= 2, tokens.count <= 5,
      let openers = LanguageLexicon.headingOpeners[lexicon.language],
      tokens.allSatisfy({ !$0.isPunctuation || $0.folded == ":" })
    else { return false }
    let folded = tokens.map(\.folded).filter { $0 != ":" }.joined(separator: " ")
    guard openers.contains(where: { folded.hasPrefix($0 + " ") }) else { return false }
    return !lexicon.optionalPhrases.contains(where: { folded.contains($0) })
  }

  /// The amount at `start`: approximate words, a number or number word (a range, a mixed
  /// fraction), qualifiers, a unit, a joining word.
  private func readAmount(_ tokens: [Token], from start: Int) -> Amount? {
    var index = start
    while index < tokens.count, isApproximate(tokens, index) {
      index += approximateLength(tokens, index)
    }
    // "quelques brins de thym", "ein paar Zweige": no number, but a unit may follow.
    var few = false
    if index + 1 < tokens.count,
      LanguageLexicon.fewWords.contains(tokens[index].folded + " " + tokens[index + 1].folded)
    {
      index += 2
      few = true
    } else if index < tokens.count, LanguageLexicon.fewWords.contains(tokens[index].folded) {
      index += 1
      few = true
    }
    var quantity: Double?
    var quantityMax: Double?
    let numberStart = index
    if let (value, next) = number(tokens, index) {
      quantity = value
      index = next
      if index + 1 < tokens.count,
        lexicon.rangeWords.contains(tokens[index].folded)
          || tokens[index].folded == "-",
        let (upper, after) = number(tokens, index + 1), upper > value
      {
        quantityMax = upper
        index = after
      }
    }
    let quantityTokens = quantity == nil ? nil : numberStart..<index
    // "1/4 de cucharadita": a joining word between the number and its unit.
    if quantity != nil, index + 1 < tokens.count, lexicon.joiners.contains(tokens[index].folded),
      unit(tokens, index + 1) != nil
    {
      index += 1
    }
    // Qualifiers between the amount and its unit ("2 gehäufte EL", "1 cucharada colmada").
    var probe = index
    while probe < tokens.count, lexicon.unitQualifiers.contains(tokens[probe].folded) { probe += 1 }
    let atProbe = unit(tokens, probe)
    let unitStart = atProbe == nil ? index : probe
    if let (meaning, text, next) = atProbe ?? (probe != index ? unit(tokens, index) : nil),
      // Without a number, "noce moscata" and "noix de coco" are foods, not knobs.
      quantity != nil || meaning.unit != "knob"
    {
      var meaning = meaning
      // "un filet d'huile" is a splash; "4 filets de cabillaud" are fillets.
      if meaning.unit == "fillet", Self.isLiquid(tokens, after: next, lexicon) {
        meaning.unit = "splash"
      }
      if let scaled = quantity, meaning.factor != 1 {
        quantity = scaled * meaning.factor
        quantityMax = quantityMax.map { $0 * meaning.factor }
      }
      // "1 cucharada colmada de azúcar": qualifiers after the unit too.
      var after = next
      while after < tokens.count, lexicon.unitQualifiers.contains(tokens[after].folded) {
        after += 1
      }
      return Amount(
        // A unit without a number is one of it ("Prise Salz"), or its part ("полстакана").
        quantity: quantity ?? (meaning.unit == nil || few ? nil : meaning.factor),
        quantityMax: quantityMax,
        unit: meaning.unit, unitText: meaning.unit == nil ? nil : text, end: after,
        namingUnitAt: meaning.namesFood ? next - 1 : nil, quantityTokens: quantityTokens,
        unitTokens: meaning.unit == nil || meaning.namesFood ? nil : unitStart..<next)
    }
    guard quantity != nil else { return nil }
    return Amount(
      quantity: quantity, quantityMax: quantityMax, unit: nil, unitText: nil, end: index,
      quantityTokens: quantityTokens)
  }

  /// An amount closing the line: "Milch 350 g", "Salz – 1 TL", "Zucker (100 g)", "Чеснок —
  /// 2-3 зубчика", "Ванилин — на кончике ножа", or before a closing note in parentheses ("Морковь — 2 шт. (средние)"). Its
  /// `end` is `-(first token of the amount) - 1`, so the name is what comes before.
  private func trailingAmount(_ tokens: [Token]) -> Amount? {
    func strip(_ end: Int) -> Int {
      var last = end
      while last > 0, [")", ".", ",", ";"].contains(tokens[last - 1].folded) { last -= 1 }
      return last
    }
    var ends: [(last: Int, note: Range<Int>?)] = [(strip(tokens.count), nil)]
    // A note in parentheses after the amount: the amount ends where the note opens.
    if tokens.last?.folded == ")",
      let open = tokens.indices.reversed().first(where: { tokens[$0].folded == "(" }),
      open >= 2, tokens.count - open <= 6
    {
      ends.append((strip(open), open..<tokens.count))
    }
    for (last, note) in ends where last >= 2 {
      // The earliest of the last few tokens from which an amount reads to the end, so a
      // range ("2-3 зубчика", "от 2 до 3 ст. л.") is read whole; but not from a number glued
      // to a word or across a spaced dash ("Mehl Type 405 – 500 g", "Farine T55 – 250 g").
      var found: (start: Int, amount: Amount)?
      for start in stride(from: last - 1, through: max(1, last - 6), by: -1) {
        if let later = found?.start,
          tokens[start..<later].contains(where: {
            $0.folded == "-" && Self.isSpacedDash($0)
          }) || Self.isGlued(tokens, start)
        {
          break
        }
        // A unit alone after a dash is one of it ("Ванилин — на кончике ножа", "Salz – Prise").
        guard
          number(tokens, start) != nil || isApproximate(tokens, start)
            || (start >= 2 && tokens[start - 1].folded == "-" && unit(tokens, start) != nil)
        else { continue }
        guard let amount = readAmount(tokens, from: start), amount.end == last else { continue }
        found = (start, amount)
      }
      guard let (start, amount) = found else { continue }
      var nameEnd = start
      while nameEnd > 0, ["-", "–", "—", ":", ",", "("].contains(tokens[nameEnd - 1].folded) {
        nameEnd -= 1
      }
      guard nameEnd > 0 else { return nil }
      var result = amount
      result.end = -nameEnd - 1
      result.note = note
      return result
    }
    return nil
  }

  /// Whether the food after a "filet" is poured: oil, vinegar, juice, cream, honey.
  private static func isLiquid(
    _ tokens: [Token], after index: Int, _ lexicon: LanguageLexicon
  )
    -> Bool
  {
    var probe = index
    while probe < tokens.count, lexicon.joiners.contains(tokens[probe].folded) { probe += 1 }
    guard probe < tokens.count else { return true }
    let word = tokens[probe].folded
    return ["huile", "vinaigre", "jus", "citron", "creme", "miel", "sauce", "vin", "olio", "aceto"]
      .contains(where: { word.hasPrefix($0) })
  }

  private func isApproximate(_ tokens: [Token], _ index: Int) -> Bool {
    approximateLength(tokens, index) > 0
  }

  private func approximateLength(_ tokens: [Token], _ index: Int) -> Int {
    guard index < tokens.count else { return 0 }
    if index + 1 < tokens.count,
      lexicon.approximateWords.contains(tokens[index].folded + " " + tokens[index + 1].folded)
    {
      return 2
    }
    // A qualifier is only "about" when an amount follows ("gut 500 g", not "gute Butter").
    guard lexicon.approximateWords.contains(tokens[index].folded), index + 1 < tokens.count,
      number(tokens, index + 1) != nil
    else { return 0 }
    return 1
  }

  /// A number at `index`: digits ("2", "2,5", "1.5", "1/2", "½", "1½" split earlier, "1 1/2"),
  /// or a number word ("zwei", "une demi" = 0.5, "en halv" = 0.5).
  private func number(_ tokens: [Token], _ index: Int) -> (Double, Int)? {
    guard index < tokens.count else { return nil }
    if let value = Self.numeral(tokens[index].folded) {
      // "1 e 1/2", "1 y ½", "2 und 1/2": a whole number and a fraction.
      if index + 2 < tokens.count, value == value.rounded(),
        lexicon.andWords.contains(tokens[index + 1].folded),
        let fraction = Self.numeral(tokens[index + 2].folded), fraction > 0, fraction < 1
      {
        return (value + fraction, index + 3)
      }
      // A mixed number: "1 1/2", "1 ½".
      if index + 1 < tokens.count, value == value.rounded(),
        let fraction = Self.numeral(tokens[index + 1].folded), fraction < 1, fraction > 0,
        tokens[index + 1].folded.contains(where: { !$0.isNumber }) || fraction < 1
      {
        return (value + fraction, index + 2)
      }
      return (value, index + 1)
    }
    var word = tokens[index].folded
    var next = index + 1
    if next < tokens.count, let combined = lexicon.numbers[word + " " + tokens[next].folded] {
      return (combined, next + 1)
    }
    // "anderthalb", "eine halbe": a one followed by a half is a half.
    guard var value = lexicon.numbers[word] else { return nil }
    if value == 1, next < tokens.count, let half = lexicon.numbers[tokens[next].folded], half < 1 {
      value = half
      next += 1
      word = tokens[next - 1].folded
    }
    return (value, next)
  }

  /// The unit phrase at `index`, longest first: its meaning, its text and the token after it.
  private func unit(_ tokens: [Token], _ index: Int) -> (LanguageLexicon.UnitMeaning, String, Int)?
  {
    guard index < tokens.count else { return nil }
    var phrases: [(String, Int)] = []
    var words: [String] = []
    var probe = index
    while probe < tokens.count, words.count < lexicon.longestUnit {
      let folded = tokens[probe].folded
      probe += 1
      if folded == "(" || folded == ")" { continue }
      if folded.isEmpty || folded == "," || folded == ";" { break }
      words.append(folded)
      phrases.append((words.joined(separator: " "), probe))
    }
    for (phrase, next) in phrases.reversed() {
      if let meaning = lexicon.units[phrase] {
        var end = next
        if end < tokens.count, tokens[end].folded == ")",
          tokens[index..<end].contains(where: { $0.folded == "(" })
        {
          end += 1
        }
        return (meaning, tokens[index].text.description, end)
      }
    }
    // A unit word glued to a period or plural the table lacks ("EL.", "Tassen"): the English
    // table knows the metric and US units by their symbols.
    let word = tokens[index].folded
    if word.count >= 3 || ["g", "kg", "mg", "ml", "cl", "dl", "l", "oz", "lb"].contains(word),
      let known = IngredientUnit.lookup(word),
      known.dimension == .mass || known.dimension == .volume
    {
      return (
        LanguageLexicon.UnitMeaning(unit: known.id), tokens[index].text.description, index + 1
      )
    }
    return nil
  }

  /// A numeral's value: "2", "2,5", "1.5", "1/2", "½", "2½" → nil (split beforehand).
  static func numeral(_ text: String) -> Double? {
    if let value = vulgarFractions[text] { return value }
    guard let first = text.first, first.isNumber, first.isASCII else { return nil }
    if let slash = text.firstIndex(of: "/") {
      guard let top = Double(text[..<slash]),
        let bottom = Double(text[text.index(after: slash)...]),
        bottom > 0
      else { return nil }
      return top / bottom
    }
    let normalized = text.replacingOccurrences(of: ",", with: ".")
    guard normalized.allSatisfy({ $0.isNumber || $0 == "." }),
      normalized.filter({ $0 == "." }).count <= 1
    else { return nil }
    return Double(normalized)
  }

  static let vulgarFractions: [String: Double] = [
    "½": 0.5, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "¼": 0.25, "¾": 0.75, "⅕": 0.2, "⅛": 0.125,
    "⅜": 0.375, "⅝": 0.625, "⅞": 0.875, "⅙": 1.0 / 6,
  ]

  /// Splits a line into tokens: words, numbers (with a decimal comma or point, or a slash),
  /// vulgar fractions, and punctuation; digits glued to letters come apart ("500g", "2EL",
  /// "1½").
  private static func tokens(_ line: String) -> [Token] {
    var tokens: [Token] = []
    var index = line.startIndex
    func push(_ start: String.Index, _ end: String.Index) {
      guard start < end else { return }
      let text = line[start..<end]
      let folded: String
      if text.count == 1, let character = text.first, ",;:()[]-–—/&".contains(character) {
        folded = character == "–" || character == "—" ? "-" : String(character)
      } else if vulgarFractions[String(text)] != nil {
        folded = String(text)
      } else {
        folded = LanguageText.fold(String(text)).replacingOccurrences(of: " ", with: "")
      }
      tokens.append(Token(text: text, folded: folded))
    }
    while index < line.endIndex {
      let character = line[index]
      if character.isWhitespace {
        index = line.index(after: index)
        continue
      }
      if vulgarFractions[String(character)] != nil {
        push(index, line.index(after: index))
        index = line.index(after: index)
        continue
      }
      if character.isASCII, character.isNumber {
        var end = line.index(after: index)
        while end < line.endIndex {
          let next = line[end]
          if next.isASCII, next.isNumber {
            end = line.index(after: end)
          } else if next == "," || next == "." || next == "/",
            line.index(after: end) < line.endIndex, line[line.index(after: end)].isASCII,
            line[line.index(after: end)].isNumber
          {
            end = line.index(after: end)
          } else {
            break
          }
        }
        push(index, end)
        index = end
        continue
      }
      if ",;:()[]–—/&".contains(character)
        || (character == "-"
          && (tokens.isEmpty || line.index(after: index) == line.endIndex
            || line[line.index(after: index)].isWhitespace
            || line[line.index(after: index)].isNumber
            || (index > line.startIndex && line[line.index(before: index)].isWhitespace)
            || (index > line.startIndex && line[line.index(before: index)].isNumber)))
      {
        push(index, line.index(after: index))
        index = line.index(after: index)
        continue
      }
      var end = line.index(after: index)
      while end < line.endIndex {
        let next = line[end]
        if next.isWhitespace || ",;:()[]–—/&".contains(next) || vulgarFractions[String(next)] != nil
        {
          break
        }
        if next.isASCII, next.isNumber { break }
        end = line.index(after: end)
      }
      // "d'huile", "dell'olio", "l'ail": the elided word is a token of its own.
      let piece = line[index..<end]
      if let apostrophe = piece.firstIndex(where: { $0 == "'" || $0 == "’" }),
        apostrophe > piece.startIndex, piece.index(after: apostrophe) < end,
        piece.distance(from: piece.startIndex, to: apostrophe) <= 4
      {
        push(index, piece.index(after: apostrophe))
        push(piece.index(after: apostrophe), end)
      } else {
        push(index, end)
      }
      index = end
    }
    return tokens
  }

  /// The line's text from the first token to the last, as written.
  private static func text(of tokens: [Token], in line: String) -> String {
    guard let first = tokens.first, let last = tokens.last else { return "" }
    let start = first.text.startIndex
    let end = last.text.endIndex
    guard start <= end else { return "" }
    return String(line[start..<end]).trimmingCharacters(in: CharacterSet(charactersIn: " ,;:-"))
  }
}
