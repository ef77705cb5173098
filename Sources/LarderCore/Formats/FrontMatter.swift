import Foundation

/// The YAML front matter at the top of Markdown and Cooklang files: a block between two `---`
/// lines holding `key: value` pairs and simple lists, which is all recipe files use.
///
/// This is not a YAML parser: nested maps, anchors and flow collections are read as text.
public struct FrontMatter: Sendable {
  /// The keys in file order with their values; a list is joined into ``values``.
  public var fields: [(key: String, values: [String])]
  /// The text after the closing `---`.
  public var body: String

  /// Splits `text` into front matter and body; text without front matter has no fields.
  public init(splitting text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    // The opening `---` may follow blank lines (Chowdown files start with a blank line).
    let start = lines.firstIndex { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    guard let start, lines[start].trimmingCharacters(in: .whitespaces) == "---",
      let end = lines[(start + 1)...].firstIndex(where: {
        $0.trimmingCharacters(in: .whitespaces) == "---"
      })
    else {
      fields = []
      body = text
      return
    }
    fields = Self.readFields(lines[(start + 1)..<end])
    body = lines[(end + 1)...].joined(separator: "\n")
  }

  /// The values of the first key equal to one of `keys`, ignoring case, spaces and underscores.
  public func values(_ keys: String...) -> [String] {
    let wanted = Set(keys.map(Self.normalize))
    return fields.first { wanted.contains(Self.normalize($0.key)) }?.values ?? []
  }

  /// The first value of one of `keys`, or nil.
  public func value(_ keys: String...) -> String? {
    let wanted = Set(keys.map(Self.normalize))
    return fields.first { wanted.contains(Self.normalize($0.key)) }?.values.first
  }

  static func normalize(_ key: String) -> String {
    key.lowercased().filter { $0.isLetter || $0.isNumber }
  }

  private static func readFields(_ lines: ArraySlice<Substring>) -> [(String, [String])] {
    var fields: [(String, [String])] = []
    var lastIsList = false
    for line in lines {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      if trimmed.hasPrefix("- "), !fields.isEmpty, lastIsList {
        fields[fields.count - 1].1.append(unquote(String(trimmed.dropFirst(2))))
        continue
      }
      lastIsList = false
      if trimmed == "-" { continue }
      guard let colon = trimmed.firstIndex(of: ":") else {
        // A continuation of a folded value.
        if !fields.isEmpty, let last = fields[fields.count - 1].1.popLast() {
          fields[fields.count - 1].1.append(last.isEmpty ? trimmed : last + " " + trimmed)
        }
        continue
      }
      let key = unquote(trimmed[..<colon].trimmingCharacters(in: .whitespaces))
      let rest = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      if rest.hasPrefix("["), rest.hasSuffix("]") {
        let items = rest.dropFirst().dropLast().split(separator: ",").map {
          unquote($0.trimmingCharacters(in: .whitespaces))
        }
        fields.append((key, items.filter { !$0.isEmpty }))
      } else if rest.isEmpty || rest == "|" || rest == ">" {
        fields.append((key, []))
        lastIsList = true
      } else {
        fields.append((key, [unquote(rest)]))
      }
    }
    return fields
  }

  static func unquote(_ text: String) -> String {
    for quote in ["\"", "'"] where text.count >= 2 && text.hasPrefix(quote) && text.hasSuffix(quote)
    {
      return String(text.dropFirst().dropLast())
    }
    return text
  }
}
