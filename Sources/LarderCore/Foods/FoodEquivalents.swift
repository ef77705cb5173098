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

  /// A finder pantry with the everyday kinds its plain foods stand for added after it, each
  /// with its plain food's expiry date; kinds already in the pantry are not added again.
  public static func expanding(
    _ items: [FinderQuery.PantryItem], in catalog: FoodCatalog
  ) -> [FinderQuery.PantryItem] {
    // Every given item stays (two of one food may expire on different days).
    var seen = Set(items.map(\.food))
    var result = items
    for item in items {
      for kind in everyday[item.food] ?? [] where catalog.food(id: kind) != nil {
        if seen.insert(kind).inserted {
          result.append(FinderQuery.PantryItem(food: kind, expiresOn: item.expiresOn))
        }
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
