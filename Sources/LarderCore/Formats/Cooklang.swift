import Foundation

/// A Cooklang (`.cook`) document as the language's canonical tests describe it: metadata, then
/// sections of steps and notes, each step a run of text, ingredients, cookware and timers.
public struct CooklangDocument: Hashable, Sendable {
  /// An amount inside `{}`: a number when it reads as one ("3", "1.5", "1/2"), else the text.
  public enum Quantity: Hashable, Sendable {
    /// No amount was given.
    case unspecified
    /// A number, and the text it was written as ("1/2").
    case number(Double, written: String)
    /// Words or an amount that is not a plain number ("few", "2 1/2", "01/2").
    case text(String)

    /// The amount as written ("1/2"), or nil when none was given.
    public var displayText: String? {
      switch self {
      case .unspecified: return nil
      case .number(_, let written): return written
      case .text(let text): return text
      }
    }
  }

  /// One piece of a step.
  public enum Item: Hashable, Sendable {
    /// Plain text.
    case text(String)
    /// `@name{quantity%units}(note)`.
    case ingredient(name: String, quantity: Quantity, units: String, note: String?)
    /// `#name{quantity}`.
    case cookware(name: String, quantity: Quantity)
    /// `~name{quantity%units}`.
    case timer(name: String, quantity: Quantity, units: String)
  }

  /// A paragraph of the method, or a `>` note.
  public enum Block: Hashable, Sendable {
    /// A step.
    case step([Item])
    /// A note: background that is not a step.
    case note(String)
  }

  /// A `= Name` section and what follows it; the first section of a file has no name.
  public struct Section: Hashable, Sendable {
    /// The section's name, or nil.
    public var name: String?
    /// The steps and notes in order.
    public var blocks: [Block]
  }

  /// Metadata from the front matter (or `>> key: value` lines), in file order.
  public var metadata: [String: [String]]
  /// The keys of ``metadata`` in file order.
  public var metadataKeys: [String]
  /// The sections in order; empty sections are dropped.
  public var sections: [Section]

  /// Every step, across sections.
  public var steps: [[Item]] {
    sections.flatMap(\.blocks).compactMap { block in
      if case .step(let items) = block { return items }
      return nil
    }
  }
}

/// Reads and writes Cooklang recipes (https://cooklang.org).
public enum Cooklang {
  /// Parses Cooklang text into its canonical structure. Never fails: anything that is not
  /// markup is text, as the specification says.
  public static func parse(_ source: String) -> CooklangDocument {
    var text = source.replacingOccurrences(of: "\r\n", with: "\n")
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    let front = FrontMatter(splitting: text)
    var metadata: [String: [String]] = [:]
    var keys: [String] = []
    for field in front.fields where metadata[field.key] == nil {
      metadata[field.key] = field.values
      keys.append(field.key)
    }
    let body = removingBlockComments(front.fields.isEmpty ? text : front.body)
    var sections: [CooklangDocument.Section] = []
    var current = CooklangDocument.Section(name: nil, blocks: [])
    var paragraph: [String] = []
    var paragraphIsNote = false

    func flushParagraph() {
      defer {
        paragraph = []
        paragraphIsNote = false
      }
      guard !paragraph.isEmpty else { return }
      var joined = ""
      for (index, line) in paragraph.enumerated() {
        if line.hasSuffix("\\") {
          joined += line.dropLast() + "\n"
        } else {
          joined += line + (index == paragraph.count - 1 ? "" : " ")
        }
      }
      if paragraphIsNote {
        current.blocks.append(.note(joined.trimmingCharacters(in: .whitespaces)))
      } else {
        let items = parseStep(joined)
        if !items.isEmpty { current.blocks.append(.step(items)) }
      }
    }

    for rawLine in body.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = String(rawLine)
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty {
        flushParagraph()
        continue
      }
      if trimmed.hasPrefix(">>") {
        // Metadata as older Cooklang wrote it: `>> servings: 4`.
        let entry = trimmed.dropFirst(2)
        if let colon = entry.firstIndex(of: ":") {
          let key = entry[..<colon].trimmingCharacters(in: .whitespaces)
          let value = entry[entry.index(after: colon)...].trimmingCharacters(in: .whitespaces)
          if metadata[key] == nil { keys.append(key) }
          metadata[key] = [value]
        }
        continue
      }
      let uncommented = removingLineComment(line)
      if uncommented.trimmingCharacters(in: .whitespaces).isEmpty { continue }
      if trimmed.hasPrefix("="), paragraph.isEmpty || !paragraphIsNote {
        flushParagraph()
        if !current.blocks.isEmpty || current.name != nil { sections.append(current) }
        let name = uncommented.trimmingCharacters(in: CharacterSet(charactersIn: "= \t"))
        current = CooklangDocument.Section(name: name.isEmpty ? nil : name, blocks: [])
        continue
      }
      if trimmed.hasPrefix(">"), paragraph.isEmpty {
        paragraphIsNote = true
        paragraph.append(String(trimmed.dropFirst()).trimmingCharacters(in: .whitespaces))
        continue
      }
      paragraph.append(paragraphIsNote ? trimmed : uncommented)
    }
    flushParagraph()
    if !current.blocks.isEmpty || current.name != nil { sections.append(current) }
    return CooklangDocument(metadata: metadata, metadataKeys: keys, sections: sections)
  }

  // MARK: - Comments

  /// The characters a backslash makes plain text, as cooklang-rs reads them: `\@` is an at
  /// sign, `\--` two dashes rather than a comment, `\)` a parenthesis inside a note.
  static let escapableCharacters: Set<Character> = [
    "\\", "@", "#", "~", "-", "[", "{", "}", "(", ")", "=", ">",
  ]

  /// Removes `[- ... -]` comments, which may span lines; an escaped `\[-` opens none.
  static func removingBlockComments(_ text: String) -> String {
    guard text.contains("[-") else { return text }
    var output = ""
    var rest = Substring(text)
    while let open = rest.range(of: "[-") {
      if open.lowerBound > rest.startIndex,
        rest[rest.index(before: open.lowerBound)] == "\\"
      {
        output += rest[..<open.upperBound]
        rest = rest[open.upperBound...]
        continue
      }
      output += rest[..<open.lowerBound]
      guard let close = rest[open.upperBound...].range(of: "-]") else {
        rest = rest[open.lowerBound...]
        break
      }
      rest = rest[close.upperBound...]
    }
    return output + rest
  }

  /// Removes a `--` comment to the end of the line; runs of three or more dashes are text, and
  /// so is an escaped `\--`.
  static func removingLineComment(_ line: String) -> String {
    let characters = Array(line)
    var index = 0
    while index + 1 < characters.count {
      if characters[index] == "\\" {
        index += 2
        continue
      }
      if characters[index] == "-", characters[index + 1] == "-" {
        var end = index
        while end < characters.count, characters[end] == "-" { end += 1 }
        if end - index == 2 { return String(characters[..<index]) }
        index = end
        continue
      }
      index += 1
    }
    return line
  }

  // MARK: - Steps

  /// Splits a step's text into text, ingredients, cookware and timers.
  static func parseStep(_ text: String) -> [CooklangDocument.Item] {
    let characters = Array(text)
    var items: [CooklangDocument.Item] = []
    var pending = ""
    var index = 0
    func flushText() {
      if !pending.isEmpty { items.append(.text(pending)) }
      pending = ""
    }
    while index < characters.count {
      let character = characters[index]
      if character == "\\", index + 1 < characters.count,
        escapableCharacters.contains(characters[index + 1])
      {
        pending.append(characters[index + 1])
        index += 2
        continue
      }
      if "@#~".contains(character),
        let (item, next) = component(characters, sigil: character, at: index + 1)
      {
        flushText()
        items.append(item)
        index = next
        continue
      }
      pending.append(character)
      index += 1
    }
    flushText()
    // A step that is only whitespace (left by comments) is no step.
    if items.count == 1, case .text(let only) = items[0],
      only.trimmingCharacters(in: .whitespaces).isEmpty
    {
      return []
    }
    return items
  }

  /// Letters, digits, emoji and symbols; a single-word name ends at whitespace or punctuation
  /// (hyphens and underscores excepted).
  private static func isWordCharacter(_ character: Character) -> Bool {
    if character == "-" || character == "_" { return true }
    return !character.isWhitespace && !character.isPunctuation
  }

  /// The longest name, amount or note a component may have; longer runs are text.
  static let maximumMarkupLength = 256

  /// Reads the component whose name starts at `start`; nil when the sigil is plain text.
  private static func component(
    _ characters: [Character], sigil: Character, at start: Int
  ) -> (CooklangDocument.Item, Int)? {
    var nameEnd = start
    var braceOpen: Int?
    // A name of several words runs to a `{` before the line ends or another component starts.
    // Names and amounts are short; bounding the look-ahead keeps a hostile paragraph of
    // unclosed "@a{" linear rather than quadratic.
    var probe = start
    while probe < min(characters.count, start + maximumMarkupLength) {
      let character = characters[probe]
      if character == "\\" {
        probe += 2
        continue
      }
      if character == "{" {
        braceOpen = probe
        break
      }
      if "@#~\n}".contains(character) { break }
      probe += 1
    }
    if let open = braceOpen {
      nameEnd = open
      let name = String(characters[start..<open])
      // "@ example{}" and "~ {5}" are text: a name may not start with a space.
      if let first = name.first, first.isWhitespace { return nil }
      if name.isEmpty && sigil != "~" { braceOpen = nil }
    }
    if braceOpen == nil {
      nameEnd = start
      while nameEnd < characters.count, isWordCharacter(characters[nameEnd]) { nameEnd += 1 }
      // A trailing hyphen belongs to the text ("@salt-" is rare; "@salt--" a comment).
      while nameEnd > start, characters[nameEnd - 1] == "-" { nameEnd -= 1 }
      guard nameEnd > start else { return nil }
    }
    let name = unescaped(characters[start..<nameEnd]).trimmingCharacters(in: .whitespaces)
    var next = nameEnd
    var quantity = CooklangDocument.Quantity.unspecified
    var units = ""
    if let open = braceOpen {
      let searchEnd = min(characters.count, open + maximumMarkupLength)
      guard let close = characters[open..<searchEnd].firstIndex(of: "}") else { return nil }
      let inside = String(characters[(open + 1)..<close])
      if let percent = inside.firstIndex(of: "%") {
        quantity = parseQuantity(String(inside[..<percent]))
        units = inside[inside.index(after: percent)...].trimmingCharacters(in: .whitespaces)
      } else {
        quantity = parseQuantity(inside)
      }
      next = close + 1
    }
    switch sigil {
    case "@":
      var note: String?
      if braceOpen != nil, next < characters.count, characters[next] == "(",
        let close = closingParenthesis(characters, after: next)
      {
        note = unescaped(characters[(next + 1)..<close])
        next = close + 1
      }
      return (.ingredient(name: name, quantity: quantity, units: units, note: note), next)
    case "#":
      return (.cookware(name: name, quantity: quantity), next)
    default:
      return (.timer(name: name, quantity: quantity, units: units), next)
    }
  }

  /// The `)` that closes the note opened at `open`, skipping escaped ones; nil when none does
  /// within ``maximumMarkupLength``.
  private static func closingParenthesis(_ characters: [Character], after open: Int) -> Int? {
    var index = open + 1
    while index < min(characters.count, open + maximumMarkupLength) {
      if characters[index] == "\\" {
        index += 2
        continue
      }
      if characters[index] == ")" { return index }
      index += 1
    }
    return nil
  }

  /// Markup text with its backslash escapes (`\@`, `\)`, ...) made plain.
  static func unescaped(_ characters: ArraySlice<Character>) -> String {
    guard characters.contains("\\") else { return String(characters) }
    var result = ""
    var index = characters.startIndex
    while index < characters.endIndex {
      let character = characters[index]
      let next = characters.index(after: index)
      if character == "\\", next < characters.endIndex,
        escapableCharacters.contains(characters[next])
      {
        result.append(characters[next])
        index = characters.index(after: next)
      } else {
        result.append(character)
        index = next
      }
    }
    return result
  }

  /// "3" and "1.5" and "1/2" (also "1 / 2") are numbers; "01/2", "7 k" and words are text.
  static func parseQuantity(_ raw: String) -> CooklangDocument.Quantity {
    let text = raw.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty else { return .unspecified }
    if let value = decimal(text) { return .number(value, written: text) }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count == 2 {
      let numerator = parts[0].trimmingCharacters(in: .whitespaces)
      let denominator = parts[1].trimmingCharacters(in: .whitespaces)
      if !(numerator.hasPrefix("0") && numerator.count > 1),
        numerator.allSatisfy(\.isASCIIDigitCharacter),
        denominator.allSatisfy(\.isASCIIDigitCharacter),
        let top = Double(numerator), let bottom = Double(denominator), bottom != 0
      {
        return .number(top / bottom, written: "\(numerator)/\(denominator)")
      }
    }
    return .text(text)
  }

  private static func decimal(_ text: String) -> Double? {
    let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(pieces.count),
      pieces.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigitCharacter) })
    else { return nil }
    return Double(text)
  }
}

extension Character {
  fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber && !isWhitespace }
}
