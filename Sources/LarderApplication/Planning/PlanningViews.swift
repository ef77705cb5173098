import Foundation
import LarderCore

/// A pantry item as the front ends show it: the stored item's own fields, plus `amountText`
/// (in the system the amount was entered in: "2 lb" stays "2 lb" for a metric reader, tidied
/// within it) and `expiry` (`daysLeft`, `text`, `kind`: expired, soon or ok), each null when there is none.
public struct PantryItemView: Encodable, Sendable, Equatable {
  /// The stored item.
  public var item: PantryItem
  /// The amount as text; nil without one.
  public var amountText: String?
  /// How far the expiry is; nil without an expiry date.
  public var expiry: ExpiryStatus?

  /// Shows an item as of `today`.
  public init(_ item: PantryItem, today: CalendarDay, format: MeasureFormat, foods: FoodCatalog) {
    var format = format
    format.keepsWrittenSystem = true
    let density = item.foodID.flatMap { foods.food(id: $0)?.densityGramsPerMillilitre }
    self.item = item
    amountText = item.amount.map { $0.formatted(format, density: density) }
    expiry = item.expiry(today: today)
  }

  enum CodingKeys: String, CodingKey {
    case amountText, expiry
  }

  /// The item's fields with `amountText` and `expiry` beside them.
  public func encode(to encoder: Encoder) throws {
    try item.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeNilOrValue(amountText, forKey: .amountText)
    try container.encodeNilOrValue(expiry, forKey: .expiry)
  }
}

/// The pantry as listed: today's date where the caller is, and the items, soonest expiry
/// first.
public struct PantryList: Encodable, Sendable, Equatable {
  /// Today, as the items' expiry is reckoned.
  public var today: CalendarDay
  /// The items.
  public var items: [PantryItemView]
}

/// What cooking a recipe takes from the pantry (or took): each change with `beforeText`,
/// `usedText` and `afterText` in the system the item was entered in, the lines skipped and
/// why, and whether it was `applied`.
public struct DeductionView: Encodable, Sendable, Equatable {
  /// A change to one pantry item, with its amounts as text.
  public struct Change: Encodable, Sendable, Equatable {
    /// The change.
    public var change: PantryDeduction.Change
    /// The amount before, as text.
    public var beforeText: String
    /// The amount used, as text.
    public var usedText: String
    /// The amount left, as text.
    public var afterText: String

    enum CodingKeys: String, CodingKey {
      case beforeText, usedText, afterText
    }

    /// The change's fields with the texts beside them.
    public func encode(to encoder: Encoder) throws {
      try change.encode(to: encoder)
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(beforeText, forKey: .beforeText)
      try container.encode(usedText, forKey: .usedText)
      try container.encode(afterText, forKey: .afterText)
    }
  }

  /// The recipe cooked.
  public var recipeName: String
  /// The changes, one per pantry item touched.
  public var changes: [Change]
  /// The lines that change nothing.
  public var skipped: [PantryDeduction.Skipped]
  /// Whether the pantry was changed (false for a preview).
  public var applied: Bool

  /// Shows a deduction.
  public init(
    _ deduction: PantryDeduction, recipe: Recipe, applied: Bool, format: MeasureFormat
  ) {
    var format = format
    format.keepsWrittenSystem = true
    recipeName = recipe.name
    changes = deduction.changes.map {
      Change(
        change: $0, beforeText: $0.before.formatted(format), usedText: $0.used.formatted(format),
        afterText: $0.after.formatted(format))
    }
    skipped = deduction.skipped
    self.applied = applied
  }

  enum CodingKeys: String, CodingKey {
    case changes, skipped, applied
  }

  /// `changes`, `skipped` and `applied`, as the API has always written them.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(changes, forKey: .changes)
    try container.encode(skipped, forKey: .skipped)
    try container.encode(applied, forKey: .applied)
  }
}

/// A meal plan entry with its recipe's name and total time, each null when the recipe is
/// gone or gives none.
public struct PlanEntryView: Encodable, Sendable, Equatable {
  /// The stored entry.
  public var entry: MealPlanEntry
  /// The planned recipe's name; nil when it was deleted.
  public var recipeName: String?
  /// The planned recipe's total time in minutes; nil when unknown.
  public var totalMinutes: Int?

  /// Shows an entry with its recipe (nil when deleted).
  public init(_ entry: MealPlanEntry, recipe: Recipe?) {
    self.entry = entry
    recipeName = recipe?.name
    totalMinutes = recipe?.effectiveTotalTime?.minutes
  }

  enum CodingKeys: String, CodingKey {
    case recipeName, totalMinutes
  }

  /// The entry's fields with `recipeName` and `totalMinutes` beside them.
  public func encode(to encoder: Encoder) throws {
    try entry.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeNilOrValue(recipeName, forKey: .recipeName)
    try container.encodeNilOrValue(totalMinutes, forKey: .totalMinutes)
  }
}

/// A day of the meal plan: its date and weekday, its meals and their total time.
public struct PlanDayView: Encodable, Sendable, Equatable {
  /// The day.
  public var date: CalendarDay
  /// Its weekday.
  public var weekday: Weekday
  /// The planned recipes' total time, in minutes.
  public var totalMinutes: Int
  /// The meals, in the day's order.
  public var entries: [PlanEntryView]
  /// The day's nutrition: one serving of each meal, and every serving planned.
  public var nutrition: PlannedNutrition
}

/// Days of the meal plan, from `from` through `to`.
public struct PlanDays: Encodable, Sendable, Equatable {
  /// The first day.
  public var from: CalendarDay
  /// The last day.
  public var to: CalendarDay
  /// Every day from the first through the last.
  public var days: [PlanDayView]
  /// The days' nutrition added up (a week's, for a week).
  public var nutrition: PlannedNutrition
}

/// Suggestions for a week's empty meals, and whether they were planned.
public struct WeekSuggestions: Encodable, Sendable, Equatable {
  /// Whether the suggestions were saved to the plan.
  public var saved: Bool
  /// The suggested (or planned) meals.
  public var entries: [PlanEntryView]
}

/// A shopping list line with `amountText`, `text` (amount and name) and `inPantryText` (what
/// the pantry already has) in the caller's units.
public struct ShoppingItemView: Encodable, Sendable, Equatable {
  /// The stored line.
  public var item: ShoppingListItem
  /// The amounts to buy, as text; empty without amounts.
  public var amountText: String
  /// The line as it reads: "2 cups milk".
  public var text: String
  /// What the pantry has of it, as text; empty when nothing.
  public var inPantryText: String
  /// What the line is for, as the list shows it under the line: "for Pancakes, Soup", "you
  /// have 200 g", "added by hand". The page and the web app both show these words.
  public var notes: [String]

  /// Shows a line in `format`.
  public init(_ item: ShoppingListItem, format: MeasureFormat) {
    self.item = item
    amountText = item.amountText(format)
    text = item.text(format)
    inPantryText = MeasureSum(item.inPantry, density: item.density).formatted(format)
    var notes: [String] = []
    if !item.recipes.isEmpty {
      notes.append("for " + item.recipes.map(\.name).joined(separator: ", "))
    }
    if !inPantryText.isEmpty { notes.append("you have \(inPantryText)") }
    if item.isManual && item.recipes.isEmpty { notes.append("added by hand") }
    self.notes = notes
  }

  enum CodingKeys: String, CodingKey {
    case amountText, text, inPantryText, notes
  }

  /// The line's fields with the texts beside them.
  public func encode(to encoder: Encoder) throws {
    try item.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(amountText, forKey: .amountText)
    try container.encode(text, forKey: .text)
    try container.encode(inPantryText, forKey: .inPantryText)
    try container.encode(notes, forKey: .notes)
  }
}

/// The shopping list grouped by aisle, in shop order, with how many lines it has and how many
/// are checked off.
public struct ShoppingListAnswer: Encodable, Sendable, Equatable {
  /// The lines of one aisle.
  public struct Group: Encodable, Sendable, Equatable {
    /// The aisle; nil for "Other".
    public var aisle: Aisle?
    /// The aisle's name.
    public var title: String
    /// Its lines.
    public var items: [ShoppingItemView]

    enum CodingKeys: String, CodingKey {
      case aisle, title, items
    }

    /// `aisle` (null for "Other"), `title` and `items`.
    public func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encodeNilOrValue(aisle, forKey: .aisle)
      try container.encode(title, forKey: .title)
      try container.encode(items, forKey: .items)
    }
  }

  /// The aisles with lines.
  public var groups: [Group]
  /// How many lines are shown.
  public var count: Int
  /// How many of them are checked off.
  public var checked: Int

  /// Groups `items`, leaving staples out unless `includeStaples`.
  public init(_ items: [ShoppingListItem], format: MeasureFormat, includeStaples: Bool) {
    let view = ShoppingListView(items, includeStaples: includeStaples)
    groups = view.groups.map { group in
      Group(
        aisle: group.aisle, title: group.title,
        items: group.items.map { ShoppingItemView($0, format: format) })
    }
    count = view.groups.reduce(0) { $0 + $1.items.count }
    checked = view.groups.reduce(0) { $0 + $1.items.filter(\.isChecked).count }
  }
}

/// What moving the checked lines into the pantry did: the pantry items added or changed, and
/// the list left.
public struct MovedToPantry: Encodable, Sendable, Equatable {
  /// The pantry items added or changed.
  public var moved: [PantryItemView]
  /// The shopping list after the move.
  public var list: ShoppingListAnswer
}

/// What checking lines off did: the lines changed, and the list as it is now.
public struct CheckedShoppingItems: Sendable, Equatable {
  /// The lines checked off (or on again).
  public var changed: [ShoppingItemView]
  /// The list after the change, without staples.
  public var list: ShoppingListAnswer
}

/// What adding recipes to the list did: the lines added or added onto, and the list as it is
/// now.
public struct AddedToShoppingList: Encodable, Sendable, Equatable {
  /// The lines new on the list, or grown, as they are now.
  public var added: [ShoppingItemView]
  /// The list after the addition, without staples.
  public var list: ShoppingListAnswer
}

/// A shopping list made afresh, and what it was made from.
public struct GeneratedShoppingList: Sendable, Equatable {
  /// The whole list, manual lines included.
  public var list: ShoppingListAnswer
  /// How many recipes were shopped for.
  public var recipeCount: Int
  /// The planned days it was made from; nil when it was made from chosen recipes.
  public var days: ClosedRange<CalendarDay>?
}

extension KeyedEncodingContainer {
  /// Writes the value, or null when there is none (JSONEncoder would leave the key out).
  fileprivate mutating func encodeNilOrValue<Value: Encodable>(
    _ value: Value?, forKey key: Key
  ) throws {
    if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
  }
}
