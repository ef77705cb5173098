import Foundation

/// The identifier of a pantry item, a meal plan entry or a shopping list item: a lowercase
/// UUID string that never changes once assigned.
public struct PlanningID: RawRepresentable, Hashable, Codable, Sendable, Comparable,
  CustomStringConvertible
{
  /// The identifier's text.
  public let rawValue: String

  /// Wraps an identifier's text as is.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Makes an identifier from a UUID (callers pass the UUID so the core stays deterministic).
  public init(_ uuid: UUID) { self.rawValue = uuid.uuidString.lowercased() }

  /// The identifier's text.
  public var description: String { rawValue }

  /// Orders identifiers by their text.
  public static func < (lhs: PlanningID, rhs: PlanningID) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Decodes from a bare JSON string.
  public init(from decoder: Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes as a bare JSON string.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// Where a pantry item is kept: the fridge, the freezer, the cupboard, or a place the user
/// names ("cellar").
public struct PantryLocation: RawRepresentable, Hashable, Codable, Sendable,
  CustomStringConvertible
{
  /// The location's name, lowercased and trimmed.
  public let rawValue: String

  /// Wraps a name, lowercased and trimmed; nil when it is empty or longer than 40 characters.
  public init?(rawValue: String) {
    let name = rawValue.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    guard !name.isEmpty, name.count <= 40 else { return nil }
    self.rawValue = name
  }

  /// The fridge.
  public static let fridge = PantryLocation(rawValue: "fridge")!
  /// The freezer.
  public static let freezer = PantryLocation(rawValue: "freezer")!
  /// The cupboard (dry storage).
  public static let cupboard = PantryLocation(rawValue: "cupboard")!
  /// The kitchen counter or fruit bowl: bananas, tomatoes, onions, potatoes.
  public static let counter = PantryLocation(rawValue: "counter")!

  /// The name.
  public var description: String { rawValue }

  /// Decodes from a bare JSON string.
  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let location = PantryLocation(rawValue: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "a location is 1 to 40 characters, got '\(text)'")
    }
    self = location
  }

  /// Encodes as a bare JSON string.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// Where a food from this aisle is usually kept: frozen food in the freezer, fresh meat,
  /// dairy and deli food in the fridge, everything else in the cupboard.
  public static func usual(for aisle: Aisle?) -> PantryLocation {
    switch aisle {
    case .frozen: return .freezer
    case .meatAndSeafood, .dairyAndEggs, .deli, .produce: return .fridge
    default: return .cupboard
    }
  }

  /// Where a food is usually kept: produce that keeps best out of the cold (bananas,
  /// tomatoes, avocados, onions, garlic, potatoes and their kinds) on the counter, the rest
  /// as its aisle suggests (``usual(for:)``); the cupboard for a food the catalog does not know.
  public static func usual(forFood id: String?, catalog: FoodCatalog) -> PantryLocation {
    guard let id, let food = catalog.food(id: id) else { return .cupboard }
    let counterFoods: Set<String> = [
      "banana", "tomato", "avocado", "onion", "shallot", "garlic", "potato", "sweet-potato",
    ]
    if food.aisle == .produce, id != "mashed-potatoes",
      ([id] + catalog.ancestors(of: id).map(\.id)).contains(where: counterFoods.contains)
    {
      return .counter
    }
    return usual(for: food.aisle)
  }
}

/// Something the household has at home.
public struct PantryItem: Hashable, Sendable, Codable, Identifiable {
  /// The item's identifier.
  public var id: PlanningID
  /// What it is, as the user wrote it or as the catalog names it ("chicken thighs").
  public var name: String
  /// The catalog food it is, when known; amounts convert and recipes match through it.
  public var foodID: String?
  /// How much there is; nil when the user did not say ("some milk").
  public var amount: Measure?
  /// Where it is kept.
  public var location: PantryLocation
  /// The day it was added.
  public var addedOn: CalendarDay
  /// The day it expires, when known.
  public var expiresOn: CalendarDay?
  /// A free note.
  public var note: String?
  /// How far the item stands for its food's kinds: "rice" gives the everyday kinds of rice,
  /// "any rice" every kind, "only brown rice" brown rice alone. See ``PantryKinds``.
  public var kinds: PantryKinds

  /// Makes an item.
  public init(
    id: PlanningID, name: String, foodID: String? = nil, amount: Measure? = nil,
    location: PantryLocation = .cupboard, addedOn: CalendarDay, expiresOn: CalendarDay? = nil,
    note: String? = nil, kinds: PantryKinds = .everyday
  ) {
    self.id = id
    self.name = name
    self.foodID = foodID
    self.amount = amount
    self.location = location
    self.addedOn = addedOn
    self.expiresOn = expiresOn
    self.note = note
    self.kinds = kinds
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, foodID, amount, location, addedOn, expiresOn, note, kinds
  }

  /// Reads an item; one stored before items had kinds stands for its everyday kinds.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(PlanningID.self, forKey: .id),
      name: try container.decode(String.self, forKey: .name),
      foodID: try container.decodeIfPresent(String.self, forKey: .foodID),
      amount: try container.decodeIfPresent(Measure.self, forKey: .amount),
      location: try container.decode(PantryLocation.self, forKey: .location),
      addedOn: try container.decode(CalendarDay.self, forKey: .addedOn),
      expiresOn: try container.decodeIfPresent(CalendarDay.self, forKey: .expiresOn),
      note: try container.decodeIfPresent(String.self, forKey: .note),
      kinds: try container.decodeIfPresent(PantryKinds.self, forKey: .kinds) ?? .everyday)
  }

  /// How far the expiry is from `today`; nil without an expiry date.
  public func expiry(today: CalendarDay) -> ExpiryStatus? {
    expiresOn.map { ExpiryStatus(expiresOn: $0, today: today) }
  }

  /// Checks the fields a store relies on.
  ///
  /// - Throws: ``LarderCoreError/missingField(field:item:)`` for an empty name or id, and
  ///   ``LarderCoreError/invalidField(field:value:reason:item:)`` for a negative or
  ///   non-finite amount.
  public func validated() throws -> PantryItem {
    var item = self
    item.name = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !id.rawValue.isEmpty else { throw LarderCoreError.missingField(field: "id") }
    guard !item.name.isEmpty else { throw LarderCoreError.missingField(field: "name") }
    if let amount {
      guard amount.quantity.isFinite, amount.quantity >= 0, amount.upperBound.isFinite else {
        throw LarderCoreError.invalidField(
          field: "quantity", value: "\(amount.quantity)", reason: "must be zero or more")
      }
    }
    return item
  }

  /// The order a pantry is listed in: soonest expiry first (undated items last), then by
  /// name, then by id.
  public static func listOrder(_ lhs: PantryItem, _ rhs: PantryItem) -> Bool {
    switch (lhs.expiresOn, rhs.expiresOn) {
    case (let a?, let b?) where a != b: return a < b
    case (.some, nil): return true
    case (nil, .some): return false
    default:
      let order = lhs.name.localizedCaseInsensitiveCompare(rhs.name)
      if order != .orderedSame { return order == .orderedAscending }
      return lhs.id < rhs.id
    }
  }
}

/// A meal of the day, in the order the day has them.
public enum Meal: String, Hashable, Sendable, Codable, CaseIterable {
  /// Breakfast.
  case breakfast
  /// Lunch.
  case lunch
  /// Dinner.
  case dinner
  /// A snack.
  case snack

  /// 0 for breakfast to 3 for a snack.
  public var order: Int { Meal.allCases.firstIndex(of: self)! }
}

/// A recipe planned for a meal on a day.
public struct MealPlanEntry: Hashable, Sendable, Codable, Identifiable {
  /// The entry's identifier.
  public var id: PlanningID
  /// The day.
  public var date: CalendarDay
  /// The meal.
  public var meal: Meal
  /// The recipe to cook.
  public var recipeID: RecipeID
  /// How many servings to cook; nil means the recipe's own yield.
  public var servings: Double?
  /// A free note ("double the garlic").
  public var note: String?

  /// Makes an entry.
  public init(
    id: PlanningID, date: CalendarDay, meal: Meal, recipeID: RecipeID, servings: Double? = nil,
    note: String? = nil
  ) {
    self.id = id
    self.date = date
    self.meal = meal
    self.recipeID = recipeID
    self.servings = servings
    self.note = note
  }

  /// Checks the fields a store relies on.
  ///
  /// - Throws: ``LarderCoreError/missingField(field:item:)`` for an empty id or recipe, and
  ///   ``LarderCoreError/invalidField(field:value:reason:item:)`` for servings that are not a
  ///   positive number.
  public func validated() throws -> MealPlanEntry {
    guard !id.rawValue.isEmpty else { throw LarderCoreError.missingField(field: "id") }
    guard !recipeID.rawValue.isEmpty else { throw LarderCoreError.missingField(field: "recipe") }
    if let servings, !(servings.isFinite && servings > 0 && servings <= 1000) {
      throw LarderCoreError.invalidField(
        field: "servings", value: "\(servings)", reason: "must be a number from 0 to 1000")
    }
    return self
  }

  /// The order a plan is listed in: by day, then meal, then id.
  public static func listOrder(_ lhs: MealPlanEntry, _ rhs: MealPlanEntry) -> Bool {
    if lhs.date != rhs.date { return lhs.date < rhs.date }
    if lhs.meal != rhs.meal { return lhs.meal.order < rhs.meal.order }
    return lhs.id < rhs.id
  }
}

/// A recipe a shopping list line is for.
public struct ShoppingRecipeRef: Hashable, Sendable, Codable {
  /// The recipe's id.
  public var id: RecipeID
  /// The recipe's name when the list was made.
  public var name: String

  /// Makes a reference.
  public init(id: RecipeID, name: String) {
    self.id = id
    self.name = name
  }
}

/// One line of the shopping list: a food and every amount of it to buy.
public struct ShoppingListItem: Hashable, Sendable, Codable, Identifiable {
  /// The line's identifier.
  public var id: PlanningID
  /// What to buy ("milk").
  public var name: String
  /// The catalog food, when known.
  public var foodID: String?
  /// The shop aisle; nil sorts under "Other" at the end.
  public var aisle: Aisle?
  /// The amounts to buy, one per kind that cannot be combined ("2" and "200 g"); empty when
  /// no amount was given ("salt").
  public var amounts: [Measure]
  /// The food's density (g/ml) the amounts were combined with, for showing them.
  public var density: Double?
  /// The recipes that need it.
  public var recipes: [ShoppingRecipeRef]
  /// Amounts already in the pantry that were taken off ("have 500 g").
  public var inPantry: [Measure]
  /// Whether the user added it by hand (it survives regenerating the list).
  public var isManual: Bool
  /// Whether it is a staple (salt, pepper, water) the list hides unless asked.
  public var isStaple: Bool
  /// Whether it has been checked off.
  public var isChecked: Bool
  /// Whether cooks weigh the food (``FoodCatalog/isWeighed(_:)``), so large spoon totals are
  /// shown by weight.
  public var isWeighed: Bool

  /// Makes a line.
  public init(
    id: PlanningID, name: String, foodID: String? = nil, aisle: Aisle? = nil,
    amounts: [Measure] = [], density: Double? = nil, recipes: [ShoppingRecipeRef] = [],
    inPantry: [Measure] = [], isManual: Bool = false, isStaple: Bool = false,
    isChecked: Bool = false, isWeighed: Bool = false
  ) {
    self.id = id
    self.name = name
    self.foodID = foodID
    self.aisle = aisle
    self.amounts = amounts
    self.density = density
    self.recipes = recipes
    self.inPantry = inPantry
    self.isManual = isManual
    self.isStaple = isStaple
    self.isChecked = isChecked
    self.isWeighed = isWeighed
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, foodID, aisle, amounts, density, recipes, inPantry, isManual, isStaple
    case isChecked, isWeighed
  }

  /// Reads a line; lines stored before ``isWeighed`` existed read as not weighed.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(PlanningID.self, forKey: .id),
      name: try container.decode(String.self, forKey: .name),
      foodID: try container.decodeIfPresent(String.self, forKey: .foodID),
      aisle: try container.decodeIfPresent(Aisle.self, forKey: .aisle),
      amounts: try container.decode([Measure].self, forKey: .amounts),
      density: try container.decodeIfPresent(Double.self, forKey: .density),
      recipes: try container.decode([ShoppingRecipeRef].self, forKey: .recipes),
      inPantry: try container.decode([Measure].self, forKey: .inPantry),
      isManual: try container.decode(Bool.self, forKey: .isManual),
      isStaple: try container.decode(Bool.self, forKey: .isStaple),
      isChecked: try container.decode(Bool.self, forKey: .isChecked),
      isWeighed: try container.decodeIfPresent(Bool.self, forKey: .isWeighed) ?? false)
  }

  /// The amounts as one text in `format`, as a shopper can use them: "2 cups", "2 + 200 g",
  /// "¾ cup + 1 tbsp", "185 g" (see ``Measure/shoppingText(_:density:weighed:)``); empty
  /// without amounts. The list, its text export and the API all show this.
  public func amountText(_ format: MeasureFormat) -> String {
    MeasureSum(amounts, density: density).shoppingText(format, weighed: isWeighed)
  }

  /// Checks the fields a store relies on.
  ///
  /// - Throws: ``LarderCoreError/missingField(field:item:)`` for an empty id or name.
  public func validated() throws -> ShoppingListItem {
    var item = self
    item.name = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !id.rawValue.isEmpty else { throw LarderCoreError.missingField(field: "id") }
    guard !item.name.isEmpty else { throw LarderCoreError.missingField(field: "name") }
    return item
  }

  /// The order a list is shown in: by aisle in shop order (no aisle last), then by name.
  public static func listOrder(_ lhs: ShoppingListItem, _ rhs: ShoppingListItem) -> Bool {
    let left = lhs.aisle.flatMap { Aisle.allCases.firstIndex(of: $0) } ?? Aisle.allCases.count
    let right = rhs.aisle.flatMap { Aisle.allCases.firstIndex(of: $0) } ?? Aisle.allCases.count
    if left != right { return left < right }
    let order = lhs.name.localizedCaseInsensitiveCompare(rhs.name)
    if order != .orderedSame { return order == .orderedAscending }
    return lhs.id < rhs.id
  }
}

extension PantryItem {
  /// The item as the finder sees it (its food, amount and expiry day), or nil when it names no catalog
  /// food. The finder only compares expiry dates, so a day is its start in UTC.
  public var finderItem: FinderQuery.PantryItem? {
    guard let foodID else { return nil }
    return FinderQuery.PantryItem(
      food: foodID,
      expiresOn: expiresOn.map { Date(timeIntervalSince1970: Double($0.dayNumber) * 86_400) },
      amount: amount, kinds: kinds)
  }
}
