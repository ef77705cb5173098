import Foundation

/// How one thing the user says they have was understood.
public struct PantryTerm: Hashable, Sendable, Codable {
  /// What the user wrote ("eggs").
  public var input: String
  /// The catalog food it stands for, or nil when none matched.
  public var food: FoodMatch?
  /// How far it stands for the food's kinds: "any rice" every kind, "only brown rice" brown
  /// rice alone, plain "rice" the everyday kinds.
  public var kinds: PantryKinds

  /// Makes a term.
  public init(input: String, food: FoodMatch?, kinds: PantryKinds = .everyday) {
    self.input = input
    self.food = food
    self.kinds = kinds
  }

  /// Reads a list such as "eggs, flour, 2 cups milk": each item is a catalog food id or a
  /// name, matched through the catalog.
  public static func resolve(_ items: [String], catalog: FoodCatalog) -> [PantryTerm] {
    self.items(items).map { resolve(item: $0, catalog: catalog) }
  }

  /// The items of a list such as "eggs, flour, 2 cups milk": split at commas, trimmed, the
  /// empty ones dropped.
  public static func items(_ list: [String]) -> [String] {
    list.flatMap { $0.split(separator: ",") }
      .map { $0.trimmingWhitespace(newlines: true) }
      .filter { !$0.isEmpty }
  }

  /// One item of a list (see ``items(_:)``): a catalog food id or a name, matched through the
  /// catalog.
  public static func resolve(item: String, catalog: FoodCatalog) -> PantryTerm {
    // A food whose own name starts so ("Just Egg") is that food, not "only" egg.
    if let whole = catalog.match(item), [.exact, .plural, .synonym].contains(whole.how) {
      return PantryTerm(input: item, food: whole)
    }
    let (kinds, name) = PantryKinds.reading(item)
    if let food = catalog.food(id: name) {
      return PantryTerm(
        input: item,
        food: FoodMatch(foodID: food.id, name: food.name, how: .exact, confidence: 1),
        kinds: kinds ?? .everyday)
    }
    return PantryTerm(input: item, food: catalog.match(name), kinds: kinds ?? .everyday)
  }
}

extension PantryKinds {
  /// The kinds a pantry entry's first words ask for, and the rest: "any rice" and "any kind
  /// of rice" are ``any``, "only brown rice" and "just brown rice" ``only``; nil and the
  /// whole text when it starts with neither, is nothing but the words, or goes on with an
  /// amount ("only 200 g rice" is a small amount of rice).
  public static func reading(_ text: String) -> (kinds: PantryKinds?, rest: String) {
    let prefixes: [(String, PantryKinds)] = [
      ("any kind of ", .any), ("any kinds of ", .any), ("all kinds of ", .any), ("any ", .any),
      ("only ", .only), ("just ", .only),
    ]
    let lowered = text.lowercased()
    for (prefix, kinds) in prefixes where lowered.hasPrefix(prefix) {
      let rest = String(text.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
      // "only 200 g rice", "just 1 onion": a small amount, not a kind.
      guard let first = rest.unicodeScalars.first,
        !CharacterSet.decimalDigits.contains(first), !"½⅓⅔¼¾⅛".unicodeScalars.contains(first)
      else { return (nil, text) }
      return (kinds, rest)
    }
    return (nil, text)
  }
}
