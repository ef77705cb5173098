import Foundation

/// Where the pantry, the meal plan and the shopping list are kept, per household. SQLite
/// implements it in LarderStore; the in-memory test double and a future PostgreSQL store pass
/// the same contract tests.
///
/// Every write goes through ``apply(_:household:)``, one transaction of changes, so that
/// "deduct a recipe from the pantry" or "move checked items to the pantry" either happen
/// whole or not at all; a change worked out from what is stored goes through
/// ``update(household:_:)``, which reads and writes in the same transaction. The convenience methods in the extension build such a change set.
public protocol PlanningStore: Sendable {
  /// The household's pantry, soonest expiry first (see ``PantryItem/listOrder(_:_:)``).
  func pantryItems(household: HouseholdID) throws -> [PantryItem]

  /// The household's meal plan entries from `from` through `through`, in
  /// ``MealPlanEntry/listOrder(_:_:)``.
  func mealPlanEntries(
    from: CalendarDay, through: CalendarDay, household: HouseholdID
  ) throws -> [MealPlanEntry]

  /// The household's shopping list, in the order the lines were first saved.
  func shoppingListItems(household: HouseholdID) throws -> [ShoppingListItem]

  /// Applies every change in one transaction: records with a known id are replaced (keeping
  /// their place), new ids are added, deletions remove.
  ///
  /// - Throws: ``LarderCoreError/notFound(kind:id:)`` when a record to delete does not exist
  ///   in the household, and the validation errors of the records saved; nothing is changed
  ///   then.
  func apply(_ changes: PlanningChanges, household: HouseholdID) throws

  /// Reads the household's pantry and shopping list, and applies the changes `plan` works out
  /// from them, in one transaction: no other write comes between the read and the write, so
  /// two deductions at once both count and neither is lost.
  ///
  /// - Throws: what `plan` throws (nothing is changed then) and what
  ///   ``apply(_:household:)`` throws.
  func update<Result>(
    household: HouseholdID, _ plan: (PlanningSnapshot) throws -> (PlanningChanges, Result)
  ) throws -> Result
}

/// The pantry and shopping list as ``PlanningStore/update(household:_:)`` reads them, inside
/// its transaction.
public struct PlanningSnapshot: Sendable, Equatable {
  /// The pantry, soonest expiry first.
  public var pantry: [PantryItem]
  /// The shopping list, in the order lines were first saved.
  public var shoppingList: [ShoppingListItem]

  /// A snapshot of these records.
  public init(pantry: [PantryItem], shoppingList: [ShoppingListItem]) {
    self.pantry = pantry
    self.shoppingList = shoppingList
  }
}

/// A set of writes to the planning data, applied together.
public struct PlanningChanges: Hashable, Sendable {
  /// Pantry items to add or replace.
  public var savePantryItems: [PantryItem] = []
  /// Pantry items to delete.
  public var deletePantryItems: [PlanningID] = []
  /// Meal plan entries to add or replace.
  public var saveMealPlanEntries: [MealPlanEntry] = []
  /// Meal plan entries to delete.
  public var deleteMealPlanEntries: [PlanningID] = []
  /// Shopping list lines to add or replace.
  public var saveShoppingListItems: [ShoppingListItem] = []
  /// Shopping list lines to delete.
  public var deleteShoppingListItems: [PlanningID] = []
  /// Whether to delete every generated (not manual) shopping line before saving, as
  /// regenerating a list does.
  public var clearGeneratedShoppingItems = false

  /// Makes a change set; every part defaults to nothing.
  public init(
    savePantryItems: [PantryItem] = [], deletePantryItems: [PlanningID] = [],
    saveMealPlanEntries: [MealPlanEntry] = [], deleteMealPlanEntries: [PlanningID] = [],
    saveShoppingListItems: [ShoppingListItem] = [], deleteShoppingListItems: [PlanningID] = [],
    clearGeneratedShoppingItems: Bool = false
  ) {
    self.savePantryItems = savePantryItems
    self.deletePantryItems = deletePantryItems
    self.saveMealPlanEntries = saveMealPlanEntries
    self.deleteMealPlanEntries = deleteMealPlanEntries
    self.saveShoppingListItems = saveShoppingListItems
    self.deleteShoppingListItems = deleteShoppingListItems
    self.clearGeneratedShoppingItems = clearGeneratedShoppingItems
  }

  /// The records saved, validated; throws the first validation error.
  public func validated() throws -> PlanningChanges {
    var copy = self
    copy.savePantryItems = try savePantryItems.map { try $0.validated() }
    copy.saveMealPlanEntries = try saveMealPlanEntries.map { try $0.validated() }
    copy.saveShoppingListItems = try saveShoppingListItems.map { try $0.validated() }
    return copy
  }
}

extension PlanningStore {
  /// The pantry item with this id, or nil.
  public func pantryItem(id: PlanningID, household: HouseholdID) throws -> PantryItem? {
    try pantryItems(household: household).first { $0.id == id }
  }

  /// Adds or replaces one pantry item.
  public func savePantryItem(_ item: PantryItem, household: HouseholdID) throws {
    try apply(PlanningChanges(savePantryItems: [item]), household: household)
  }

  /// Deletes one pantry item; throws ``LarderCoreError/notFound(kind:id:)`` when there is
  /// none.
  public func deletePantryItem(id: PlanningID, household: HouseholdID) throws {
    try apply(PlanningChanges(deletePantryItems: [id]), household: household)
  }

  /// Adds or replaces one meal plan entry.
  public func saveMealPlanEntry(_ entry: MealPlanEntry, household: HouseholdID) throws {
    try apply(PlanningChanges(saveMealPlanEntries: [entry]), household: household)
  }

  /// Deletes one meal plan entry; throws ``LarderCoreError/notFound(kind:id:)`` when there is
  /// none.
  public func deleteMealPlanEntry(id: PlanningID, household: HouseholdID) throws {
    try apply(PlanningChanges(deleteMealPlanEntries: [id]), household: household)
  }

  /// The shopping list line with this id, or nil.
  public func shoppingListItem(id: PlanningID, household: HouseholdID) throws -> ShoppingListItem? {
    try shoppingListItems(household: household).first { $0.id == id }
  }

  /// Adds or replaces shopping list lines.
  public func saveShoppingListItems(_ items: [ShoppingListItem], household: HouseholdID) throws {
    try apply(PlanningChanges(saveShoppingListItems: items), household: household)
  }
}

/// What kind of planning record a ``LarderCoreError/notFound(kind:id:)`` is about.
public enum PlanningRecordKind: String, Hashable, Sendable {
  /// A pantry item.
  case pantryItem = "pantry item"
  /// A meal plan entry.
  case mealPlanEntry = "meal plan entry"
  /// A shopping list line.
  case shoppingListItem = "shopping list item"
}
