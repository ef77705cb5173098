import Foundation
import LarderCore
import LarderStore

/// `larder ingredients parse` and `larder ingredients reparse`.
enum IngredientsCommand {
  static func run(_ context: CommandContext) throws -> Int32 {
    switch context.command.subcommandPath.dropFirst().first {
    case "parse": return try parse(context)
    case "reparse": return try reparse(context)
    default:
      context.console.printError(
        HelpFormatter().help(for: LarderCommandLine.spec, subcommandPath: ["ingredients"]))
      return LarderCommandLine.exitUsage
    }
  }

  /// Reads lines from standard input and writes one JSON object per line, streaming in
  /// blocks so that large inputs run at parser speed rather than at write-call speed.
  static func parse(_ context: CommandContext) throws -> Int32 {
    let parser = IngredientParser()
    let foods = Foods.matcher()
    let input = FileHandle.standardInput
    let output = FileHandle.standardOutput
    var pending = Data()
    var buffer = ""
    buffer.reserveCapacity(1 << 17)
    func emit(_ line: Substring) {
      let text = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
      buffer += IngredientJSON.line(for: parser.parse(text), food: foods(text, parser))
      buffer += "\n"
      if buffer.utf8.count >= 1 << 16 {
        output.write(Data(buffer.utf8))
        buffer.removeAll(keepingCapacity: true)
      }
    }
    while true {
      let chunk = input.readData(ofLength: 1 << 16)
      if chunk.isEmpty { break }
      pending.append(chunk)
      guard let lastNewline = pending.lastIndex(of: UInt8(ascii: "\n")) else { continue }
      let complete = pending[pending.startIndex..<lastNewline]
      let text = String(decoding: complete, as: UTF8.self)
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) { emit(line) }
      pending = Data(pending[pending.index(after: lastNewline)...])
    }
    if !pending.isEmpty { emit(Substring(String(decoding: pending, as: UTF8.self))) }
    if !buffer.isEmpty { output.write(Data(buffer.utf8)) }
    return LarderCommandLine.exitSuccess
  }

  /// Parses and matches every recipe's lines again, after a parser or catalog update.
  static func reparse(_ context: CommandContext) throws -> Int32 {
    let store = try context.openAnalyzingStore()
    let start = Date()
    let changed = try store.reanalyzeAll(household: .default) { done, total in
      context.console.progress("Analysing \(done)/\(total) recipes")
    }
    context.console.clearProgress()
    let seconds = Date().timeIntervalSince(start)
    let total = try store.recipeCount(household: .default)
    if context.json {
      try context.printJSONObject(["recipes": total, "changed": changed, "seconds": seconds])
    } else {
      context.console.print(
        "Analysed \(total) recipes in \(String(format: "%.1f", seconds)) s: \(changed) changed.")
    }
    return LarderCommandLine.exitSuccess
  }
}

/// The JSON line `larder ingredients parse` writes for each input line, built by hand because
/// it is the hot path of the parser benchmark.
enum IngredientJSON {
  static func line(for parsed: ParsedIngredient, food: (id: String, name: String)?) -> String {
    var out = "{\"input\":" + quote(parsed.input)
    out += ",\"quantity\":" + number(parsed.quantity)
    out += ",\"quantityMax\":" + number(parsed.quantityMax)
    out += ",\"unit\":" + optional(parsed.unit)
    out += ",\"unitText\":" + optional(parsed.unitText)
    out += ",\"size\":" + optional(parsed.size)
    out += ",\"name\":" + optional(parsed.name)
    out += ",\"preparation\":" + optional(parsed.preparation)
    out += ",\"comment\":" + optional(parsed.comment)
    out += ",\"purpose\":" + optional(parsed.purpose)
    out += ",\"optional\":" + (parsed.isOptional ? "true" : "false")
    out += ",\"alternatives\":[" + parsed.alternatives.map(quote).joined(separator: ",") + "]"
    out += ",\"sectionHeader\":" + (parsed.isSectionHeader ? "true" : "false")
    if let food {
      out += ",\"food\":{\"id\":" + quote(food.id) + ",\"name\":" + quote(food.name) + "}}"
    } else {
      out += ",\"food\":null}"
    }
    return out
  }

  static func number(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }

  static func optional(_ text: String?) -> String { text.map(quote) ?? "null" }

  static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let control where control.value < 0x20:
        out += String(format: "\\u%04x", control.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

/// How the CLI finds catalog foods for parsed names.
enum Foods {
  /// Matches a line's parsed name to a catalog food.
  static func matcher() -> (String, IngredientParser) -> (id: String, name: String)? {
    { _, _ in nil }
  }

  /// The analyzer used when recipes are written.
  static func analyzer() -> RecipeAnalyzer {
    RecipeAnalyzer(matchFood: { _ in nil })
  }
}
