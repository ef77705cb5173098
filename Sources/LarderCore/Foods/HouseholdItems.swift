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

  /// The phrases as their words joined by one space ("washing up liquid").
  private static let wordPhrases: Set<String> = Set(phrases.map(words))
  /// The most words a phrase has.
  private static let longestPhrase = phrases.map { words($0).split(separator: " ").count }.max()!

  /// Whether a name ("2 rolls of kitchen roll", "Foil") names a household item rather than a
  /// food: whether a run of its words is a phrase. Every food name the matcher and the finder
  /// read goes through here, so each run is looked up in a set rather than each phrase
  /// searched for in the name (Foundation's substring search, a fifth of a finder request).
  public static func contains(_ name: String) -> Bool {
    let found = name.lowercased().split(whereSeparator: { !$0.isLetter })
    for start in found.indices {
      var run = ""
      for end in start..<min(found.count, start + longestPhrase) {
        if end > start { run += " " }
        run += found[end]
        if wordPhrases.contains(run) { return true }
      }
    }
    return false
  }

  /// The name's words in lowercase, split at anything but a letter.
  private static func words(_ text: String) -> String {
    text.lowercased().split(whereSeparator: { !$0.isLetter }).joined(separator: " ")
  }
}
