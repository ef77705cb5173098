import Foundation

/// Things a shopping list holds that are not food: kitchen roll, foil, cling film, bin bags,
/// washing-up liquid. The food matcher leaves them unmatched, so "kitchen roll" is not filed
/// under Bakery as a bread roll, and the list shows them under "Other".
public enum HouseholdItems {
  /// Phrases that name a household item, as whole words in lowercase; plurals are listed.
  static let phrases: [String] = [
    "kitchen roll", "kitchen rolls", "kitchen paper", "kitchen towel", "kitchen towels",
    "paper towel", "paper towels", "toilet roll", "toilet rolls", "toilet paper", "tissues",
    "napkins", "paper napkins", "foil", "tin foil", "tinfoil", "aluminium foil", "aluminum foil",
    "cling film", "clingfilm", "cling wrap", "plastic wrap", "saran wrap", "bin bag", "bin bags",
    "bin liner", "bin liners", "trash bag", "trash bags", "garbage bag", "garbage bags",
    "freezer bag", "freezer bags", "sandwich bags", "washing up liquid", "washing-up liquid",
    "dish soap", "dishwashing liquid", "dishwasher tablets", "dishwasher tablet",
    "laundry detergent", "washing powder", "fabric softener", "bleach", "hand soap",
    "baking paper", "parchment paper", "greaseproof paper", "light bulbs", "batteries",
  ]

  private static let wordPhrases: [String] = phrases.map { " " + words($0) + " " }

  /// Whether a name ("2 rolls of kitchen roll", "Foil") names a household item rather than a
  /// food.
  public static func contains(_ name: String) -> Bool {
    let padded = " " + words(name) + " "
    return wordPhrases.contains { padded.contains($0) }
  }

  /// The name's words in lowercase, split at anything but a letter.
  private static func words(_ text: String) -> String {
    text.lowercased().split(whereSeparator: { !$0.isLetter }).joined(separator: " ")
  }
}
