import Foundation

/// How much a recipe makes: a number to scale by and the words the author used.
public struct RecipeYield: Hashable, Sendable, Codable {
  /// The number of servings (or pieces, for "24 cookies"), when the text holds one.
  public var servings: Double?
  /// The original wording, such as "4 servings" or "1 loaf (10 slices)".
  public var text: String?

  /// Makes a yield from a number and its wording.
  public init(servings: Double?, text: String? = nil) {
    self.servings = servings
    self.text = text
  }

  /// Reads the texts schema.org allows (a number, "Serves 4-6", ["4", "4 servings"]).
  ///
  /// The servings are the first number found (the lower bound of a range, as printed first);
  /// the text is the most descriptive wording, and nil when the source gave only numbers (so a
  /// yield written back as a number reads back the same).
  public init?(texts: [String]) {
    let cleaned = texts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { !$0.isEmpty }
    guard !cleaned.isEmpty else { return nil }
    let number = cleaned.lazy.compactMap(RecipeYield.firstNumber(in:)).first
    let descriptive = cleaned.filter { Double($0) == nil }.max { $0.count < $1.count }
    self.servings = number
    self.text = descriptive ?? (number == nil ? cleaned.first : nil)
  }

  /// The wording to show: the text, or the servings as "4 servings".
  public var displayText: String {
    if let text { return Double(text) == nil ? text : "\(text) servings" }
    guard let servings else { return "" }
    return servings.rounded() == servings ? "\(Int(servings)) servings" : "\(servings) servings"
  }

  static func firstNumber(in text: String) -> Double? {
    var literal = ""
    for character in text {
      if character.isASCII && (character.isNumber || (character == "." && !literal.isEmpty)) {
        literal.append(character)
      } else if !literal.isEmpty {
        break
      }
    }
    if literal.hasSuffix(".") { literal.removeLast() }
    guard let value = Double(literal), value > 0, value < 100_000 else { return nil }
    return value
  }
}
