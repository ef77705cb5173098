import Foundation

/// Turns the HTML fragments recipe sites put inside JSON-LD strings into plain text.
public enum PlainText {
  /// Strips tags, decodes entities and collapses runs of spaces; keeps line breaks from
  /// `<br>`, `<p>` and `<li>` when `keepLines` is set.
  ///
  /// Cleans as a careful reader would: text escaped twice ("&amp;amp;", "&amp;#39;",
  /// "&lt;p&gt;") is decoded until it no longer changes (at most three times), invisible
  /// characters (zero-width spaces and joiners, soft hyphens, byte-order marks, direction
  /// marks) are removed and doubled parentheses "((optional))" become single.
  public static func clean(_ text: String, keepLines: Bool = false) -> String {
    var current = decodedOnce(text, keepLines: keepLines)
    var passes = 1
    while passes < 3, current.contains("&") || current.contains("<") {
      let next = decodedOnce(current, keepLines: keepLines)
      if next == current { break }
      current = next
      passes += 1
    }
    return collapse(withoutInvisibles(current), keepLines: keepLines)
  }

  /// Scalars that take no room on screen and only get in the way of matching words.
  private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00AD, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2060, 0xFEFF: return true
    default: return false
    }
  }

  private static func withoutInvisibles(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isInvisible) else { return text }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: text.unicodeScalars.lazy.filter { !isInvisible($0) })
    return String(scalars)
  }

  /// One pass of tag stripping and entity decoding.
  private static func decodedOnce(_ text: String, keepLines: Bool) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "<", let close = text[index...].firstIndex(of: ">"),
        text.distance(from: index, to: close) < 200
      {
        let tag = text[text.index(after: index)..<close].lowercased()
        let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
        if ["br", "p", "li", "div", "h1", "h2", "h3", "h4", "tr", "ul", "ol"].contains(String(name))
        {
          output.append(keepLines ? "\n" : " ")
        } else if !name.isEmpty {
          output.append("")
        } else {
          output.append(contentsOf: text[index...close])
        }
        index = text.index(after: close)
      } else if character == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";"),
        let decoded = decodeEntity(String(text[text.index(after: index)..<semicolon]))
      {
        output.append(decoded)
        index = text.index(after: semicolon)
      } else {
        output.append(character)
        index = text.index(after: index)
      }
    }
    return output
  }

  private static func collapse(_ text: String, keepLines: Bool) -> String {
    let lines = keepLines ? text.components(separatedBy: .newlines) : [text]
    return lines.map { line in
      tidied(
        line.split(whereSeparator: { $0.isWhitespace || $0 == "\u{00A0}" }).joined(separator: " "))
    }
    .filter { !$0.isEmpty }
    .joined(separator: "\n")
  }

  /// "((optional))" as "(optional)". Spacing the page chose ("Petersilie , Koriander") is
  /// kept: expected answers keep it too.
  static func tidied(_ line: String) -> String {
    guard line.contains("((") else { return line }
    var result = line
    while let open = result.range(of: "(("),
      let close = result[open.upperBound...].range(of: "))"),
      !result[open.upperBound..<close.lowerBound].contains(where: { $0 == "(" || $0 == ")" })
    {
      let inner = result[open.upperBound..<close.lowerBound]
      result.replaceSubrange(open.lowerBound..<close.upperBound, with: "(\(inner))")
    }
    return result
  }

  private static let namedEntities: [String: Character] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "frac12": "½",
    "frac14": "¼", "frac34": "¾", "frac13": "⅓", "frac23": "⅔", "deg": "°", "ndash": "–",
    "mdash": "—", "hellip": "…", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“",
    "eacute": "é", "egrave": "è", "ecirc": "ê", "agrave": "à", "aacute": "á", "ccedil": "ç",
    "ntilde": "ñ", "ouml": "ö", "uuml": "ü", "auml": "ä", "szlig": "ß", "times": "×",
    "iuml": "ï", "ocirc": "ô", "icirc": "î", "copy": "©", "reg": "®", "trade": "™",
    "frac18": "⅛", "frac38": "⅜", "frac58": "⅝", "frac78": "⅞", "frac15": "⅕", "frac16": "⅙",
    "shy": "\u{00AD}", "zwj": "\u{200D}", "zwnj": "\u{200C}", "lrm": "\u{200E}",
    "rlm": "\u{200F}", "thinsp": " ", "ensp": " ", "emsp": " ", "middot": "·", "bull": "•",
    "laquo": "«", "raquo": "»", "lsaquo": "‹", "rsaquo": "›", "sbquo": "‚", "bdquo": "„",
    "minus": "−", "ordm": "º", "ordf": "ª", "sup2": "²", "sup3": "³", "micro": "µ",
    "euro": "€", "pound": "£", "cent": "¢", "oelig": "œ", "OElig": "Œ", "aelig": "æ",
    "AElig": "Æ", "oslash": "ø", "Oslash": "Ø", "aring": "å", "Aring": "Å", "euml": "ë",
    "iacute": "í", "oacute": "ó", "uacute": "ú", "ugrave": "ù", "ucirc": "û", "igrave": "ì",
    "ograve": "ò", "acirc": "â", "atilde": "ã", "otilde": "õ", "yacute": "ý", "yuml": "ÿ",
    "Eacute": "É", "Egrave": "È", "Agrave": "À", "Aacute": "Á", "Ccedil": "Ç", "Ntilde": "Ñ",
    "Ouml": "Ö", "Uuml": "Ü", "Auml": "Ä", "Iacute": "Í", "Oacute": "Ó", "Uacute": "Ú",
    "scaron": "š", "Scaron": "Š", "zcaron": "ž", "Zcaron": "Ž", "hyphen": "‐", "dash": "‐",
    "half": "½",
  ]

  private static func decodeEntity(_ name: String) -> Character? {
    if name.hasPrefix("#") {
      let digits = name.dropFirst()
      let value: UInt32?
      if digits.first == "x" || digits.first == "X" {
        value = UInt32(digits.dropFirst(), radix: 16)
      } else {
        value = UInt32(digits)
      }
      guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
      return Character(scalar)
    }
    return namedEntities[name]
  }
}
