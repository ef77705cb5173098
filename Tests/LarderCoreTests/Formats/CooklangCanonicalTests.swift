import Foundation
import LarderTestSupport
import Testing

@testable import LarderCore

/// The Cooklang specification's canonical parser tests (`../shared/data/cooklang-canonical`),
/// read with a small YAML reader sufficient for that one file.
@Suite struct CooklangCanonicalTests {
  static let file = SharedData.url("cooklang-canonical/canonical.yaml")

  static var isPresent: Bool { SharedData.exists("cooklang-canonical/canonical.yaml") }

  static func cases() throws -> [CanonicalCase] {
    try CanonicalYAML.read(String(decoding: Data(contentsOf: file), as: UTF8.self))
  }

  @Test(
    .enabled(
      if: isPresent,
      "skipped: ../shared/data/cooklang-canonical/canonical.yaml is not beside the repository"))
  func everyCanonicalTestPasses() throws {
    let cases = try Self.cases()
    #expect(cases.count == 60, "the suite has 60 tests; the YAML reader found \(cases.count)")
    var passed = 0
    for test in cases {
      let document = Cooklang.parse(test.source)
      let steps = document.steps.map { $0.map(Self.canonical) }
      var metadata: [String: String] = [:]
      for (key, values) in document.metadata { metadata[key] = values.joined(separator: ", ") }
      #expect(steps == test.steps, "\(test.name): steps")
      #expect(metadata == test.metadata, "\(test.name): metadata")
      if steps == test.steps && metadata == test.metadata { passed += 1 }
    }
    #expect(passed == cases.count, "\(passed) of \(cases.count) canonical tests pass")
  }

  @Test func theYAMLReaderReadsBlockSourcesStepsAndMetadata() throws {
    let yaml = """
      version: 7
      tests:
        testOne:
          source: |
            @thyme{2%sprigs} -- a comment
            and text

          result:
            steps:
              -
                - type: ingredient
                  name: "thyme"
                  quantity: 2
                  units: "sprigs"
                - type: text
                  value: "  and text"    
            metadata:
              "cooking time": 30 mins
      """
    let cases = try CanonicalYAML.read(yaml)
    #expect(cases.count == 1)
    #expect(cases[0].source == "@thyme{2%sprigs} -- a comment\nand text\n")
    #expect(cases[0].steps == [["ingredient|thyme|n:2|sprigs", "text|  and text"]])
    #expect(cases[0].metadata == ["cooking time": "30 mins"])
  }

  static func canonical(_ item: CooklangDocument.Item) -> String {
    func quantity(_ value: CooklangDocument.Quantity, default fallback: String) -> String {
      switch value {
      case .unspecified: return fallback
      case .number(let number, _): return "n:" + CanonicalYAML.format(number)
      case .text(let text): return "s:" + text
      }
    }
    switch item {
    case .text(let text): return "text|" + text
    case .ingredient(let name, let amount, let units, _):
      return "ingredient|\(name)|\(quantity(amount, default: "s:some"))|\(units)"
    case .cookware(let name, let amount):
      return "cookware|\(name)|\(quantity(amount, default: "n:1"))"
    case .timer(let name, let amount, let units):
      return "timer|\(name)|\(quantity(amount, default: "s:"))|\(units)"
    }
  }
}

/// One test of the canonical suite, with its items written as `type|field|field` strings.
struct CanonicalCase {
  var name: String
  var source: String
  var steps: [[String]]
  var metadata: [String: String]
}

/// Reads `canonical.yaml`: block scalars (`|`), nested lists of maps, quoted and plain scalars.
enum CanonicalYAML {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func read(_ text: String) throws -> [CanonicalCase] {
    let lines = text.components(separatedBy: "\n")
    var cases: [CanonicalCase] = []
    var index = 0
    var inMetadata = false
    var item: [String: String] = [:]

    func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
    func flushItem() {
      guard !item.isEmpty, !cases.isEmpty, !cases[cases.count - 1].steps.isEmpty else { return }
      let type = item["type"] ?? "?"
      let fields: [String]
      switch type {
      case "text": fields = [item["value"] ?? ""]
      case "ingredient", "timer":
        fields = [item["name"] ?? "", item["quantity"] ?? "", item["units"] ?? ""]
      case "cookware": fields = [item["name"] ?? "", item["quantity"] ?? ""]
      default: fields = []
      }
      cases[cases.count - 1].steps[cases[cases.count - 1].steps.count - 1].append(
        ([type] + fields).joined(separator: "|"))
      item = [:]
    }

    while index < lines.count {
      let line = lines[index]
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let depth = indent(line)
      index += 1
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      if depth == 2, trimmed.hasSuffix(":") {
        flushItem()
        cases.append(
          CanonicalCase(name: String(trimmed.dropLast()), source: "", steps: [], metadata: [:]))
        inMetadata = false
        continue
      }
      guard !cases.isEmpty else { continue }
      let last = cases.count - 1
      if depth == 4, trimmed == "source: |" {
        var block: [String] = []
        while index < lines.count {
          let next = lines[index]
          if !next.trimmingCharacters(in: .whitespaces).isEmpty && indent(next) <= 4 { break }
          block.append(String(next.dropFirst(min(6, indent(next)))))
          index += 1
        }
        while block.last?.isEmpty == true { block.removeLast() }
        cases[last].source = block.joined(separator: "\n") + "\n"
        continue
      }
      if depth == 4 || depth == 6 {
        flushItem()
        inMetadata = trimmed.hasPrefix("metadata:")
        continue
      }
      if depth == 8, trimmed == "-", !inMetadata {
        flushItem()
        cases[last].steps.append([])
        continue
      }
      if depth == 8, inMetadata, let (key, value) = pair(trimmed) {
        cases[last].metadata[key] = value.text
        continue
      }
      if depth == 10, trimmed.hasPrefix("- ") {
        flushItem()
        if let (key, value) = pair(String(trimmed.dropFirst(2))) {
          item[key] = key == "quantity" ? value.tagged : value.text
        }
        continue
      }
      if depth == 12, let (key, value) = pair(trimmed) {
        item[key] = key == "quantity" ? value.tagged : value.text
        continue
      }
      throw Failure(description: "line \(index): cannot read '\(trimmed)'")
    }
    flushItem()
    return cases
  }

  /// A scalar: `tagged` marks numbers `n:` and strings `s:`, as quantities are compared.
  struct Scalar {
    var text: String
    var tagged: String
  }

  static func pair(_ text: String) -> (String, Scalar)? {
    var keyEnd: String.Index?
    if text.hasPrefix("\"") {
      guard let close = text.dropFirst().firstIndex(of: "\"") else { return nil }
      keyEnd = text.index(after: close)
    } else {
      keyEnd = text.firstIndex(of: ":")
    }
    guard let end = keyEnd, end < text.endIndex else { return nil }
    let key = unquote(String(text[..<end]))
    var rest = text[end...]
    guard rest.first == ":" else { return nil }
    rest = rest.dropFirst()
    let value = rest.trimmingCharacters(in: .whitespaces)
    if value.hasPrefix("\"") {
      let inner = unquote(value)
      return (key, Scalar(text: inner, tagged: "s:" + inner))
    }
    if let number = Double(value) {
      return (key, Scalar(text: value, tagged: "n:" + format(number)))
    }
    return (key, Scalar(text: value, tagged: "s:" + value))
  }

  static func unquote(_ text: String) -> String {
    guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
    return String(text.dropFirst().dropLast())
      .replacingOccurrences(of: "\\\"", with: "\"")
      .replacingOccurrences(of: "\\\\", with: "\\")
  }

  static func format(_ number: Double) -> String {
    number.rounded() == number ? String(Int(number)) : String(number)
  }
}
