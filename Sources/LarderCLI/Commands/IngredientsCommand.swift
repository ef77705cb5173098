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
  /// blocks of bytes so that large inputs run at parser speed rather than at write-call speed.
  static func parse(_ context: CommandContext) throws -> Int32 {
    let parser = IngredientParser()
    // The household's own foods count when a database exists; parsing never creates one.
    let catalog = try context.existingFoodCatalog()
    let input = FileHandle.standardInput
    let output = FileHandle.standardOutput
    var pending: [UInt8] = []
    var matches: [String: FoodMatch?] = [:]
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 17)
    func emit(_ bytes: ArraySlice<UInt8>) {
      var line = bytes
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      let parsed = parser.parse(String(decoding: line, as: UTF8.self))
      // Names repeat a great deal (salt, garlic, olive oil): remember each name's match.
      let food = parsed.matchingName.flatMap { name -> FoodMatch? in
        if let known = matches[name] { return known }
        let found = catalog.match(name)
        if matches.count < 100_000 { matches[name] = .some(found) }
        return found
      }
      IngredientJSON.write(parsed, food: food.map { (id: $0.foodID, name: $0.name) }, to: &buffer)
      buffer.append(UInt8(ascii: "\n"))
      if buffer.count >= 1 << 16 {
        output.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
      }
    }
    while true {
      // A read error (standard input is a folder, say) is reported, not a crash.
      guard let chunk = try input.read(upToCount: 1 << 16), !chunk.isEmpty else { break }
      pending.append(contentsOf: chunk)
      var start = pending.startIndex
      while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
        emit(pending[start..<newline])
        start = newline + 1
      }
      pending.removeSubrange(..<start)
    }
    if !pending.isEmpty { emit(pending[...]) }
    if !buffer.isEmpty { output.write(Data(buffer)) }
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

/// The JSON line `larder ingredients parse` writes for each input line, written straight into
/// a byte buffer because it is the hot path of the parser benchmark.
enum IngredientJSON {
  /// Appends the line's JSON object to `out`.
  static func write(
    _ parsed: ParsedIngredient, food: (id: String, name: String)?, to out: inout [UInt8]
  ) {
    func raw(_ text: StaticString) {
      text.withUTF8Buffer { out.append(contentsOf: $0) }
    }
    func string(_ text: String?) {
      guard let text else { return raw("null") }
      quote(text, to: &out)
    }
    func number(_ value: Double?) {
      guard let value, value.isFinite else { return raw("null") }
      if value == value.rounded(), abs(value) < 1e15 {
        out.append(contentsOf: String(Int64(value)).utf8)
      } else {
        out.append(contentsOf: String(value).utf8)
      }
    }
    raw("{\"input\":")
    string(parsed.input)
    raw(",\"quantity\":")
    number(parsed.quantity)
    raw(",\"quantityMax\":")
    number(parsed.quantityMax)
    raw(",\"unit\":")
    string(parsed.unit)
    raw(",\"unitText\":")
    string(parsed.unitText)
    raw(",\"size\":")
    string(parsed.size)
    raw(",\"name\":")
    string(parsed.name)
    raw(",\"preparation\":")
    string(parsed.preparation)
    raw(",\"comment\":")
    string(parsed.comment)
    raw(",\"purpose\":")
    string(parsed.purpose)
    raw(parsed.isOptional ? ",\"optional\":true" : ",\"optional\":false")
    raw(",\"alternatives\":[")
    for (index, alternative) in parsed.alternatives.enumerated() {
      if index > 0 { raw(",") }
      string(alternative)
    }
    raw(parsed.isSectionHeader ? "],\"sectionHeader\":true" : "],\"sectionHeader\":false")
    if let food {
      raw(",\"food\":{\"id\":")
      string(food.id)
      raw(",\"name\":")
      string(food.name)
      raw("}}")
    } else {
      raw(",\"food\":null}")
    }
  }

  /// Appends a JSON string literal.
  static func quote(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Most text needs no escaping: copy it in one go when its bytes are contiguous.
    let copied: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
      guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
        return false
      }
      out.append(contentsOf: bytes)
      return true
    }
    if copied != true {
      for byte in text.utf8 { escape(byte, to: &out) }
    }
    out.append(UInt8(ascii: "\""))
  }

  private static func escape(_ byte: UInt8, to out: inout [UInt8]) {
    switch byte {
    case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
    case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
    case UInt8(ascii: "\n"): out.append(contentsOf: [0x5C, 0x6E])
    case UInt8(ascii: "\r"): out.append(contentsOf: [0x5C, 0x72])
    case UInt8(ascii: "\t"): out.append(contentsOf: [0x5C, 0x74])
    case 0..<0x20:
      let hex = Array("0123456789abcdef".utf8)
      out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
    default: out.append(byte)
    }
  }
}
