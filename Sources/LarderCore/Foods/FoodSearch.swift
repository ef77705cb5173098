import Foundation

/// Finds foods by what a person types: "chick" finds chicken, chickpea and chicken thigh;
/// "courgette" finds zucchini through its synonym. Built once per catalog, for pickers,
/// autocomplete and the `foods search` command.
public struct FoodSearchIndex: Sendable {
  /// A food found, and the name (its own, its plural or a synonym) that matched.
  public struct Hit: Sendable {
    /// The food.
    public let food: Food
    /// The name that matched, as the catalog writes it.
    public let matchedName: String
  }

  private let entries: [(key: String, name: String, food: Food)]

  /// Folds every name, plural and synonym of the catalog's foods once.
  public init(_ catalog: FoodCatalog) {
    var entries: [(key: String, name: String, food: Food)] = []
    for food in catalog.foods {
      var seen = Set<String>()
      for name in [food.name, food.pluralName] + food.synonyms where !name.isEmpty {
        let key = Self.fold(name)
        if seen.insert(key).inserted { entries.append((key, name, food)) }
      }
    }
    self.entries = entries
  }

  /// Up to `limit` foods whose name, plural or a synonym is the text, starts with it, has a
  /// word starting with it, or (for three letters or more) contains it — best first, each food
  /// once, shorter names first within a rank and the food's own name before a synonym.
  public func search(_ text: String, limit: Int = 20) -> [Hit] {
    let needle = Self.fold(text.trimmingCharacters(in: .whitespacesAndNewlines))
    guard !needle.isEmpty, limit > 0 else { return [] }
    var best: [String: (rank: Int, length: Int, hit: Hit)] = [:]
    for entry in entries {
      let rank: Int
      if entry.key == needle {
        rank = 0
      } else if entry.key.hasPrefix(needle) {
        rank = 1
      } else if entry.key.contains(" " + needle) || entry.key.contains("-" + needle) {
        rank = 2
      } else if needle.count >= 3 && entry.key.contains(needle) {
        rank = 3
      } else {
        continue
      }
      let isOwnName = entry.name == entry.food.name || entry.name == entry.food.pluralName
      // Within a rank, every food's own name comes before any synonym ("chicken egg").
      let length = entry.key.count + (isOwnName ? 0 : 1000)
      if let existing = best[entry.food.id], (existing.rank, existing.length) <= (rank, length) {
        continue
      }
      best[entry.food.id] = (rank, length, Hit(food: entry.food, matchedName: entry.name))
    }
    return best.values.sorted {
      ($0.rank, $0.length, $0.hit.food.name) < ($1.rank, $1.length, $1.hit.food.name)
    }.prefix(limit).map(\.hit)
  }

  private static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }
}

/// One-off food searches; see ``FoodSearchIndex``.
public enum FoodSearch {
  /// Up to `limit` foods matching the text, best first.
  public static func search(_ text: String, in catalog: FoodCatalog, limit: Int = 20) -> [Food] {
    FoodSearchIndex(catalog).search(text, limit: limit).map(\.food)
  }
}
