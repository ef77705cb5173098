import Foundation
import LarderHTTP

/// A piece of HTML built so that text can never turn into markup.
///
/// String literals written in the source are markup; every `String` interpolated into them is
/// escaped, for element content and quoted attribute values alike:
///
/// ```swift
/// let card: HTML = "<h3 title=\"\(recipe.name)\">\(recipe.name)</h3>"
/// ```
///
/// Already-built `HTML` interpolates as it is, and a list of `HTML` joins. The one way to insert
/// markup that did not come from a literal or the builder is ``init(unsafeRaw:)``, which says so
/// at the call site.
struct HTML: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
  /// The markup, ready to send.
  let markup: String

  /// Markup taken as it is, unescaped. Only for markup that is constant or that the builder
  /// already made; never for text from a user, a recipe or a request.
  init(unsafeRaw markup: String) {
    self.markup = markup
  }

  /// A literal is markup the programmer wrote.
  init(stringLiteral markup: StaticString) {
    self.markup = markup.description
  }

  init(stringInterpolation: StringInterpolation) {
    markup = stringInterpolation.markup
  }

  /// Markup the builder itself made (joined pieces).
  fileprivate init(built markup: String) {
    self.markup = markup
  }

  /// Nothing.
  static let empty = HTML(built: "")

  var description: String { markup }

  /// Whether this is no markup at all.
  var isEmpty: Bool { markup.isEmpty }

  /// A `<script type="application/ld+json">` element holding `object` (strings, numbers,
  /// arrays and dictionaries) as JSON that no text in it can end (see ``scriptSafeJSON(_:)``).
  static func jsonLDScript(_ object: Any) -> HTML {
    HTML(built: "<script type=\"application/ld+json\">" + scriptSafeJSON(object) + "</script>")
  }

  /// JSON text that cannot end the `<script>` element it sits in or open another: `<`, `>` and
  /// `&` (which JSON only ever has inside strings) are written as `\u003c`, `\u003e` and
  /// `\u0026`, which every JSON reader turns back into the same characters.
  static func scriptSafeJSON(_ object: Any) -> String {
    // The object is built from strings, numbers, arrays and dictionaries only: always valid.
    let data =
      (try? JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    var text = ""
    for character in String(decoding: data, as: UTF8.self).unicodeScalars {
      switch character {
      case "<": text += "\\u003c"
      case ">": text += "\\u003e"
      case "&": text += "\\u0026"
      case "\u{2028}": text += "\\u2028"
      case "\u{2029}": text += "\\u2029"
      default: text.unicodeScalars.append(character)
      }
    }
    return text
  }

  /// Escapes text for element content and (quoted) attribute values.
  static func escape(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      default: output.append(character)
      }
    }
    return output
  }

  /// Builds HTML from a literal: its literal parts are markup, its interpolated strings text.
  struct StringInterpolation: StringInterpolationProtocol {
    fileprivate var markup = ""

    init(literalCapacity: Int, interpolationCount: Int) {
      markup.reserveCapacity(literalCapacity + interpolationCount * 16)
    }

    mutating func appendLiteral(_ literal: StaticString) {
      markup += literal.description
    }

    /// Text, escaped.
    mutating func appendInterpolation(_ text: String) {
      markup += HTML.escape(text)
    }

    /// Text, escaped; nothing for nil.
    mutating func appendInterpolation(_ text: String?) {
      if let text { markup += HTML.escape(text) }
    }

    /// A number, as digits.
    mutating func appendInterpolation(_ number: Int) {
      markup += String(number)
    }

    /// `true` or `false`, as ARIA states are written.
    mutating func appendInterpolation(_ flag: Bool) {
      markup += flag ? "true" : "false"
    }

    /// HTML the builder already made, as it is.
    mutating func appendInterpolation(_ html: HTML) {
      markup += html.markup
    }

    /// HTML the builder already made, or nothing for nil.
    mutating func appendInterpolation(_ html: HTML?) {
      if let html { markup += html.markup }
    }

    /// Pieces of HTML one after another, with `separator` between them.
    mutating func appendInterpolation(_ pieces: [HTML], separator: HTML = .empty) {
      markup += pieces.joined(separator: separator).markup
    }

    /// ` name="value"` with the value escaped, or nothing when the value is nil; for an
    /// attribute that only some elements carry.
    mutating func appendInterpolation(attribute name: StaticString, _ value: String?) {
      guard let value else { return }
      markup += " \(name)=\"\(HTML.escape(value))\""
    }

    /// ` name` when `present`, or nothing; for a boolean attribute such as `hidden` or `checked`.
    mutating func appendInterpolation(attribute name: StaticString, if present: Bool) {
      if present { markup += " \(name)" }
    }
  }
}

extension Sequence where Element == HTML {
  /// The pieces one after another, with `separator` between them.
  func joined(separator: HTML = .empty) -> HTML {
    HTML(built: map(\.markup).joined(separator: separator.markup))
  }
}

extension HTTPResponse {
  /// A `text/html; charset=utf-8` response from a page the builder made.
  static func html(_ page: HTML, status: Int = 200) -> HTTPResponse {
    .html(page.markup, status: status)
  }
}

/// Percent-encodes a query parameter value.
func escapeQueryValue(_ text: String) -> String {
  var allowed = CharacterSet.alphanumerics
  allowed.insert(charactersIn: "-._~")
  return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
}
