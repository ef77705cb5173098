import Foundation

/// What a cook means by a plain food in the pantry. The catalog's hierarchy lets a specific
/// food satisfy a generic one (cheddar for "cheese") but not the reverse, which is right for
/// cheese; but "butter" in a pantry is what a recipe's "unsalted butter" asks for, and "flour"
/// is all-purpose flour. These everyday kinds count as had when the plain food is.
public enum FoodEquivalents {
  /// For a plain food, the kinds a recipe may name that the plain food in a pantry stands for.
  public static let everyday: [String: [String]] = [
    "butter": ["unsalted-butter", "salted-butter"],
    "flour": ["all-purpose-flour"],
    "sugar": ["caster-sugar"],
    "milk": ["whole-milk"],
    "olive-oil": ["extra-virgin-olive-oil"],
    "salt": ["kosher-salt", "sea-salt"],
    "cream": ["heavy-cream"],
  ]

  /// The pantry's foods with the everyday kinds they stand for added (each once, in order),
  /// keeping only foods the catalog knows.
  public static func expanding(_ foods: [String], in catalog: FoodCatalog) -> [String] {
    var seen = Set<String>()
    var result: [String] = []
    for food in foods where seen.insert(food).inserted {
      result.append(food)
    }
    for food in foods {
      for kind in everyday[food] ?? [] where catalog.food(id: kind) != nil {
        if seen.insert(kind).inserted { result.append(kind) }
      }
    }
    return result
  }

  /// Whether a pantry food gives what a recipe's food asks for: the same food, a kind of it
  /// (cheddar for "cheese"), or an everyday kind a plain food stands for (butter for "unsalted
  /// butter").
  public static func pantryFood(
    _ have: String, satisfies need: String, in catalog: FoodCatalog
  ) -> Bool {
    have == need || catalog.isDescendant(have, of: need)
      || (everyday[have]?.contains(need) ?? false)
  }
}
