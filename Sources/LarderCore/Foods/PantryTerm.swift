import Foundation

/// How one thing the user says they have was understood.
public struct PantryTerm: Hashable, Sendable, Codable {
  /// What the user wrote ("eggs").
  public var input: String
  /// The catalog food it stands for, or nil when none matched.
  public var food: FoodMatch?

  /// Makes a term.
  public init(input: String, food: FoodMatch?) {
    self.input = input
    self.food = food
  }

  /// Reads a list such as "eggs, flour, 2 cups milk": each item is a catalog food id or a
  /// name, matched through the catalog.
  public static func resolve(_ items: [String], catalog: FoodCatalog) -> [PantryTerm] {
    items.flatMap { $0.split(separator: ",") }
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { !$0.isEmpty }
      .map { item in
        if let food = catalog.food(id: item) {
          return PantryTerm(
            input: item,
            food: FoodMatch(foodID: food.id, name: food.name, how: .exact, confidence: 1))
        }
        return PantryTerm(input: item, food: catalog.match(item))
      }
  }
}
