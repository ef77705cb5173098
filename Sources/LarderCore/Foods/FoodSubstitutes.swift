import Foundation

/// Substitutions every cook knows, by catalog food id, best substitute first. Only pairs whose
/// ids the catalog has take effect; the rest are ignored.
public enum FoodSubstitutes {
  /// The built-in table.
  public static let common: [String: [String]] = [
    "butter": ["margarine", "vegetable-oil", "olive-oil"],
    "margarine": ["butter"],
    "buttermilk": ["milk", "yogurt"],
    "sour-cream": ["yogurt", "creme-fraiche"],
    "creme-fraiche": ["sour-cream"],
    "yogurt": ["sour-cream"],
    "heavy-cream": ["double-cream", "whipping-cream"],
    "double-cream": ["heavy-cream", "whipping-cream"],
    "whipping-cream": ["heavy-cream", "double-cream"],
    "milk": ["soy-milk", "oat-milk", "almond-milk"],
    "shallot": ["onion"],
    "scallion": ["onion", "shallot"],
    "red-onion": ["onion"],
    "lemon-juice": ["lime-juice", "vinegar"],
    "lime-juice": ["lemon-juice"],
    "lemon": ["lime"],
    "lime": ["lemon"],
    "brown-sugar": ["sugar"],
    "caster-sugar": ["sugar"],
    "honey": ["maple-syrup", "sugar"],
    "maple-syrup": ["honey"],
    "vegetable-oil": ["olive-oil", "sunflower-oil", "canola-oil"],
    "olive-oil": ["vegetable-oil"],
    "vegetable-stock": ["chicken-stock", "water"],
    "chicken-stock": ["vegetable-stock"],
    "beef-stock": ["chicken-stock", "vegetable-stock"],
    "parsley": ["cilantro"],
    "cilantro": ["parsley"],
    "self-raising-flour": ["flour"],
    "bread-flour": ["flour"],
    "white-wine": ["chicken-stock", "vegetable-stock"],
    "red-wine": ["beef-stock"],
    "garlic": ["garlic-powder"],
    "fresh-ginger": ["ground-ginger"],
    "ginger": ["ground-ginger"],
    "spaghetti": ["pasta", "linguine"],
    "penne": ["pasta", "rigatoni"],
    "cheddar": ["cheese"],
    "parmesan": ["pecorino"],
    "pecorino": ["parmesan"],
  ]
}
