import Foundation

extension StringProtocol {
  /// The text without the white space at either end, as
  /// `trimmingCharacters(in: .whitespaces)` (or `.whitespacesAndNewlines` with `newlines`)
  /// trims it, without Foundation's bridging: on Linux that call copies the text into an
  /// `NSString` and back, which was a tenth of a finder request's time (its pantry list and
  /// headers are trimmed item by item).
  ///
  /// White space is a space separator (Unicode's Zs), a tab or a zero-width space (U+200B, a
  /// space separator in Unicode's older tables, which Foundation on Linux still trims); with
  /// `newlines`, also the line and paragraph separators (Zl, Zp), U+000A to U+000D and
  /// U+0085.
  public func trimmingWhitespace(newlines: Bool = false) -> String {
    let scalars = unicodeScalars
    var start = scalars.startIndex
    var end = scalars.endIndex
    while start < end, Self.isWhitespace(scalars[start], newlines: newlines) {
      start = scalars.index(after: start)
    }
    while end > start, Self.isWhitespace(scalars[scalars.index(before: end)], newlines: newlines) {
      end = scalars.index(before: end)
    }
    if start == scalars.startIndex, end == scalars.endIndex { return String(self) }
    var trimmed = String.UnicodeScalarView()
    trimmed.append(contentsOf: scalars[start..<end])
    return String(trimmed)
  }

  private static func isWhitespace(_ scalar: Unicode.Scalar, newlines: Bool) -> Bool {
    if scalar.isASCII {
      return scalar == " " || scalar == "\t" || (newlines && (0x0A...0x0D).contains(scalar.value))
    }
    if scalar.value == 0x200B { return true }
    switch scalar.properties.generalCategory {
    case .spaceSeparator: return true
    case .lineSeparator, .paragraphSeparator: return newlines
    default: return newlines && scalar.value == 0x85
    }
  }
}
