import Foundation
import LarderApplication
import LarderCore

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

  /// Reads lines from standard input and writes each one's ``IngredientReading`` as a JSON
  /// object on a line (the keys the API writes), streaming in blocks of bytes so that large
  /// inputs run at parser speed rather than at write-call speed.
  static func parse(_ context: CommandContext) throws -> Int32 {
    // The household's own foods count when a database exists; parsing never creates one.
    let code = context.command.value("language") ?? "en"
    guard let language = RecipeLanguage(code: code) else {
      throw CLIError(
        "--language: '\(code)' is not a language Larder reads; use one of "
          + RecipeLanguage.allCases.map(\.rawValue).joined(separator: ", "))
    }
    var reader = IngredientReader(catalog: try context.foodLookup().catalog, language: language)
    let input = FileHandle.standardInput
    let output = FileHandle.standardOutput
    var pending: [UInt8] = []
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 17)
    func emit(_ bytes: ArraySlice<UInt8>) {
      var line = bytes
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      reader.read(String(decoding: line, as: UTF8.self)).appendJSON(to: &buffer)
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
    let larder = try context.openLarder().larder
    let start = Date()
    let report = try larder.rematchRecipes(
      progress: { done, total in context.console.progress("Analysing \(done)/\(total) recipes") },
      as: context.caller)
    context.console.clearProgress()
    let seconds = Date().timeIntervalSince(start)
    if context.json {
      try context.printJSON(
        Reparsed(recipes: report.recipes, changed: report.changed, seconds: seconds))
    } else {
      context.console.print(
        "Analysed \(report.recipes) recipes in \(String(format: "%.1f", seconds)) s: "
          + "\(report.changed) changed.")
    }
    return LarderCommandLine.exitSuccess
  }

  /// What `ingredients reparse --json` prints.
  private struct Reparsed: Encodable {
    var recipes: Int
    var changed: Int
    var seconds: Double
  }
}
