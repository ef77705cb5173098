import Foundation
import LarderCore

/// A ``PlanningStore`` held in memory: the test double for code above the store, and a second
/// implementation the planning contract tests check alongside SQLite.
///
/// `@unchecked Sendable`: all state is reached only while holding `lock`.
public final class InMemoryPlanningStore: PlanningStore, @unchecked Sendable {
  private struct Row<Record> {
    var household: HouseholdID
    var record: Record
  }

  private let lock = NSLock()
  private var pantry: [Row<PantryItem>] = []
  private var plan: [Row<MealPlanEntry>] = []
  private var shopping: [Row<ShoppingListItem>] = []

  /// Makes an empty store.
  public init() {}

  /// The household's pantry, soonest expiry first.
  public func pantryItems(household: HouseholdID) throws -> [PantryItem] {
    locked { pantry.filter { $0.household == household }.map(\.record) }
      .sorted(by: PantryItem.listOrder)
  }

  /// The household's entries from `from` through `through`.
  public func mealPlanEntries(
    from: CalendarDay, through: CalendarDay, household: HouseholdID
  ) throws -> [MealPlanEntry] {
    locked {
      plan.filter {
        $0.household == household && $0.record.date >= from && $0.record.date <= through
      }
      .map(\.record)
    }.sorted(by: MealPlanEntry.listOrder)
  }

  /// The household's shopping list in the order lines were first saved.
  public func shoppingListItems(household: HouseholdID) throws -> [ShoppingListItem] {
    locked { shopping.filter { $0.household == household }.map(\.record) }
  }

  /// Applies every change or none.
  public func apply(_ changes: PlanningChanges, household: HouseholdID) throws {
    let valid = try changes.validated()
    try locked { try write(valid, household: household) }
  }

  /// Reads and writes while holding the lock, so no other write comes between.
  public func update<Result>(
    household: HouseholdID, _ plan: (PlanningSnapshot) throws -> (PlanningChanges, Result)
  ) throws -> Result {
    try locked {
      let snapshot = PlanningSnapshot(
        pantry: pantry.filter { $0.household == household }.map(\.record)
          .sorted(by: PantryItem.listOrder),
        shoppingList: shopping.filter { $0.household == household }.map(\.record))
      let (changes, result) = try plan(snapshot)
      try write(try changes.validated(), household: household)
      return result
    }
  }

  /// Applies validated changes; called with the lock held.
  private func write(_ valid: PlanningChanges, household: HouseholdID) throws {
    // Work on copies so a failure part-way leaves the store as it was.
    var pantry = self.pantry
    var plan = self.plan
    var shopping = self.shopping
    try Self.delete(valid.deletePantryItems, from: &pantry, household, .pantryItem)
    try Self.delete(valid.deleteMealPlanEntries, from: &plan, household, .mealPlanEntry)
    try Self.delete(valid.deleteShoppingListItems, from: &shopping, household, .shoppingListItem)
    if valid.clearGeneratedShoppingItems {
      shopping.removeAll { $0.household == household && !$0.record.isManual }
    }
    for item in valid.savePantryItems { try Self.save(item, in: &pantry, household) }
    for entry in valid.saveMealPlanEntries { try Self.save(entry, in: &plan, household) }
    for item in valid.saveShoppingListItems { try Self.save(item, in: &shopping, household) }
    self.pantry = pantry
    self.plan = plan
    self.shopping = shopping
  }

  private static func delete<Record: Identifiable>(
    _ ids: [PlanningID], from rows: inout [Row<Record>], _ household: HouseholdID,
    _ kind: PlanningRecordKind
  ) throws where Record.ID == PlanningID {
    for id in ids {
      guard let index = rows.firstIndex(where: { $0.record.id == id && $0.household == household })
      else { throw LarderCoreError.notFound(kind: kind.rawValue, id: id.rawValue) }
      rows.remove(at: index)
    }
  }

  private static func save<Record: Identifiable>(
    _ record: Record, in rows: inout [Row<Record>], _ household: HouseholdID
  ) throws where Record.ID == PlanningID {
    if let index = rows.firstIndex(where: { $0.record.id == record.id }) {
      guard rows[index].household == household else {
        throw LarderCoreError.invalidField(
          field: "id", value: record.id.rawValue, reason: "belongs to another household")
      }
      rows[index].record = record
    } else {
      rows.append(Row(household: household, record: record))
    }
  }

  private func locked<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}
