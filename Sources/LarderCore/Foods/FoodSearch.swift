import Foundation

/// Finds foods by what a person types: "chick" finds chicken, chickpea and chicken thigh;
/// "courgette" finds zucchini through its synonym. For pickers and the `foods search` command.
public enum FoodSearch {
  /// Up to `limit` foods whose name, plural or a synonym contains `text`, best first: whole
  /// names, then names starting with the text, then a word starting with it, then anywhere;
  /// shorter names first within each.
  public static func search(_ text: String, in catalog: FoodCatalog, limit: Int = 20) -> [Food] {
    let query = fold(text)
    guard !query.isEmpty, limit > 0 else { return [] }
    var ranked: [(rank: Int, length: Int, food: Food)] = []
    for food in catalog.foods {
      var best = Int.max
      for (offset, name) in ([food.name, food.pluralName] + food.synonyms).enumerated() {
        let folded = fold(name)
        // A synonym ranks just below the food's own name at the same kind of hit.
        let penalty = offset < 2 ? 0 : 1
        if folded == query {
          best = min(best, 0 + penalty)
        } else if folded.hasPrefix(query) {
          best = min(best, 2 + penalty)
        } else if folded.contains(" " + query) || folded.contains("-" + query) {
          best = min(best, 4 + penalty)
        } else if folded.contains(query) {
          best = min(best, 6 + penalty)
        }
      }
      if best != .max { ranked.append((best, food.name.count, food)) }
    }
    ranked.sort {
      ($0.rank, $0.length, $0.food.name) < ($1.rank, $1.length, $1.food.name)
    }
    return ranked.prefix(limit).map(\.food)
  }

  private static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
