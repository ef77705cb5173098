import Foundation

/// Turns the HTML fragments recipe sites put inside JSON-LD strings into plain text.
public enum PlainText {
  /// Strips tags, decodes entities and collapses runs of spaces; keeps line breaks from
  /// `<br>`, `<p>` and `<li>` when `keepLines` is set.
  public static func clean(_ text: String, keepLines: Bool = false) -> String {
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
    return collapse(output, keepLines: keepLines)
  }

  private static func collapse(_ text: String, keepLines: Bool) -> String {
    let lines = keepLines ? text.components(separatedBy: .newlines) : [text]
    return lines.map { line in
      line.split(whereSeparator: { $0.isWhitespace || $0 == "\u{00A0}" }).joined(separator: " ")
    }
    .filter { !$0.isEmpty }
    .joined(separator: "\n")
  }

  private static let namedEntities: [String: Character] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "frac12": "½",
    "frac14": "¼", "frac34": "¾", "frac13": "⅓", "frac23": "⅔", "deg": "°", "ndash": "–",
    "mdash": "—", "hellip": "…", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“",
    "eacute": "é", "egrave": "è", "ecirc": "ê", "agrave": "à", "aacute": "á", "ccedil": "ç",
    "ntilde": "ñ", "ouml": "ö", "uuml": "ü", "auml": "ä", "szlig": "ß", "times": "×",
    "iuml": "ï", "ocirc": "ô", "icirc": "î", "copy": "©", "reg": "®", "trade": "™",
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
