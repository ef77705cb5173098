import Foundation
import LarderCore

/// Parses the JSON inside `<script type="application/ld+json">`, repairing the cheap mistakes
/// real pages make: HTML comment or CDATA wrappers, raw control characters (line breaks, tabs)
/// inside strings, trailing commas, a trailing semicolon, and several objects written one after
/// another.
enum LenientJSON {
  /// The parsed value and whether it had to be repaired, or nil when it is not JSON even after
  /// repair.
  static func parse(_ text: String) -> (value: Any, repaired: Bool)? {
    if let value = parsed(text) {
      return (value, false)
    }
    let repaired = repair(text)
    if let value = parsed(repaired) {
      return (value, true)
    }
    // "{...}{...}" or "{...}\n{...}": parse as an array of documents.
    // Some publishers escape the block as if it were HTML text.
    if repaired.contains("&quot;") || repaired.contains("&#34;") {
      let unescaped = repair(
        text.replacingOccurrences(of: "&quot;", with: "\"")
          .replacingOccurrences(of: "&#34;", with: "\"").replacingOccurrences(
            of: "&amp;", with: "&"))
      if let value = parsed(unescaped) {
        return (value, true)
      }
    }
    let pieces = splitConcatenated(repaired)
    if pieces.count > 1,
      let value = parsed("[" + pieces.joined(separator: ",") + "]")
    {
      return (value, true)
    }
    return nil
  }

  /// The JSON value of `text`, through the project's nesting-checked parser, or nil.
  private static func parsed(_ text: String) -> Any? {
    try? BoundedJSON.parse(Data(text.utf8))
  }

  /// The text with wrappers removed, control characters in strings escaped and trailing commas
  /// dropped, in one pass that tracks whether it is inside a string.
  static func repair(_ text: String) -> String {
    var body = Substring(text)
    // "//<![CDATA[ … //]]>" (XHTML pages): its brackets are not the document's.
    if let open = body.range(of: "<![CDATA[") {
      body = body[open.upperBound...]
      if let close = body.range(of: "]]>", options: .backwards) {
        body = body[..<close.lowerBound]
      }
    }
    // Cut anything before the first bracket and after the last (comments, CDATA, ";").
    if let first = body.firstIndex(where: { $0 == "{" || $0 == "[" }),
      let last = body.lastIndex(where: { $0 == "}" || $0 == "]" })
    {
      body = first <= last ? body[first...last] : body
    }
    var output: [UInt8] = []
    output.reserveCapacity(body.utf8.count)
    var inString = false
    var escaped = false
    var pendingComma: Int?  // index in output of a comma that may be trailing
    for byte in body.utf8 {
      if inString {
        if escaped {
          escaped = false
          output.append(byte)
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
          output.append(byte)
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          output.append(byte)
        } else if byte < 0x20 {
          switch byte {
          case UInt8(ascii: "\n"): output += Array("\\n".utf8)
          case UInt8(ascii: "\t"): output += Array("\\t".utf8)
          case UInt8(ascii: "\r"): output += Array("\\r".utf8)
          default: output.append(UInt8(ascii: " "))
          }
        } else {
          output.append(byte)
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        pendingComma = nil
        inString = true
        output.append(byte)
      case UInt8(ascii: ","):
        pendingComma = output.count
        output.append(byte)
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        // Blanked rather than removed, so a text of many trailing commas stays linear.
        if let comma = pendingComma { output[comma] = UInt8(ascii: " ") }
        pendingComma = nil
        output.append(byte)
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
        output.append(byte)
      default:
        pendingComma = nil
        output.append(byte)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Top-level JSON values written one after another, split where brackets balance.
  private static func splitConcatenated(_ text: String) -> [String] {
    var pieces: [String] = []
    var depth = 0
    var inString = false
    var escaped = false
    var start: String.Index?
    for index in text.indices {
      let character = text[index]
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
        continue
      }
      switch character {
      case "\"": inString = true
      case "{", "[":
        if depth == 0 { start = index }
        depth += 1
      case "}", "]":
        depth -= 1
        if depth == 0, let begin = start {
          pieces.append(String(text[begin...index]))
          start = nil
        }
        if depth < 0 { return pieces }
      default: break
      }
    }
    return pieces
  }
}
