import Foundation

/// A diet a recipe suits, such as "vegetarian" or "gluten-free", in a normalised lowercase form.
///
/// Reads schema.org's `RestrictedDiet` values ("https://schema.org/VeganDiet", "VeganDiet") and
/// plain words ("Vegan", "gluten free"). Labels schema.org has no value for (dairy-free,
/// nut-free, egg-free) are kept as words, and unknown labels are kept rather than dropped.
public struct DietLabel: RawRepresentable, Hashable, Codable, Sendable, Comparable,
  CustomStringConvertible
{
  /// The normalised label, such as "gluten-free".
  public let rawValue: String

  /// Wraps a normalised label.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// No meat or fish.
  public static let vegetarian = DietLabel(rawValue: "vegetarian")
  /// No animal products.
  public static let vegan = DietLabel(rawValue: "vegan")
  /// No wheat, barley or rye.
  public static let glutenFree = DietLabel(rawValue: "gluten-free")
  /// No milk or milk products.
  public static let dairyFree = DietLabel(rawValue: "dairy-free")
  /// No tree nuts or peanuts.
  public static let nutFree = DietLabel(rawValue: "nut-free")
  /// No eggs.
  public static let eggFree = DietLabel(rawValue: "egg-free")

  private static let schemaOrgNames: [String: String] = [
    "diabetic": "DiabeticDiet", "gluten-free": "GlutenFreeDiet", "halal": "HalalDiet",
    "hindu": "HinduDiet", "kosher": "KosherDiet", "low-calorie": "LowCalorieDiet",
    "low-fat": "LowFatDiet", "low-lactose": "LowLactoseDiet", "low-salt": "LowSaltDiet",
    "vegan": "VeganDiet", "vegetarian": "VegetarianDiet",
  ]

  /// Other names of labels, as their parsed words joined by hyphens.
  private static let aliases = [
    "glutenfree": "gluten-free", "dairyfree": "dairy-free", "nutfree": "nut-free",
    "eggfree": "egg-free", "lactose-free": "dairy-free", "veggie": "vegetarian",
    "plant-based": "vegan",
  ]

  /// Whether `text` is already a label as this type writes it (lowercase ASCII words joined
  /// by single hyphens, no alias, no trailing "-diet"): what every stored label is, read
  /// without parsing (decoding a library's summaries parses each recipe's labels).
  private static func isCanonical(_ text: String) -> Bool {
    var previous: UInt8 = UInt8(ascii: "-")
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): break
      case UInt8(ascii: "-") where previous != UInt8(ascii: "-"): break
      default: return false
      }
      previous = byte
    }
    return previous != UInt8(ascii: "-") && !text.hasSuffix("-diet") && aliases[text] == nil
  }

  /// Reads a label as sites and apps write it; nil for empty text.
  public init?(parsing text: String) {
    if Self.isCanonical(text) {
      self.rawValue = text
      return
    }
    var word = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if let slash = word.lastIndex(of: "/") { word = String(word[word.index(after: slash)...]) }
    if word.hasPrefix("schema:") { word = String(word.dropFirst("schema:".count)) }
    if word.hasSuffix("Diet"), word.count > 4 { word = String(word.dropLast(4)) }
    // Split CamelCase ("GlutenFree") and separators into words joined by hyphens.
    // Only a lowercase-to-uppercase step starts a word, so "VEGAN" and "FODMAP" stay whole.
    var words: [String] = []
    var current = ""
    var previous: Character?
    for character in word {
      if character.isUppercase, !current.isEmpty, previous?.isLowercase == true {
        words.append(current)
        current = ""
      }
      if character.isLetter || character.isNumber {
        current.append(Character(character.lowercased()))
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
      previous = character
    }
    if !current.isEmpty { words.append(current) }
    if words.last == "diet", words.count > 1 { words.removeLast() }
    guard !words.isEmpty else { return nil }
    let label = words.joined(separator: "-")
    self.rawValue = Self.aliases[label] ?? label
  }

  /// The schema.org URL for labels schema.org knows, otherwise the label itself.
  public var schemaOrgValue: String {
    Self.schemaOrgNames[rawValue].map { "https://schema.org/\($0)" } ?? rawValue
  }

  /// The label, as "gluten-free".
  public var description: String { rawValue }

  /// Orders labels alphabetically.
  public static func < (lhs: DietLabel, rhs: DietLabel) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Decodes from a label in any form ``init(parsing:)`` reads.
  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let label = DietLabel(parsing: text) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "empty diet label")
    }
    self = label
  }

  /// Encodes as the normalised label.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
