import Foundation
import LarderCore

/// What the planning use cases share: today and the units for the caller, the store, and
/// records found by id.
extension Larder {
  /// Today where the caller is.
  func today(_ display: PlanningDisplay) -> CalendarDay {
    CalendarDay(clock(), in: display.timeZone ?? settings.timeZone)
  }

  /// The format amounts are written in for the caller.
  func format(_ display: PlanningDisplay) -> MeasureFormat {
    MeasureFormat(system: display.units ?? settings.unitSystem)
  }

  /// The planning store, or an error where this Larder keeps none.
  func planningStore() throws -> any PlanningStore {
    guard let planning else {
      throw ApplicationError.conflict(
        reason: "this Larder keeps no pantry, meal plan or shopping list")
    }
    return TranslatingPlanningStore(base: planning)
  }

  /// The record with this id, or a unique start of it (at least 4 characters).
  static func record<Record: Identifiable>(
    _ text: String, in records: [Record], kind: RecordKind
  ) throws -> Record where Record.ID == PlanningID {
    if let exact = records.first(where: { $0.id.rawValue == text }) { return exact }
    let lowered = text.lowercased()
    let matches = lowered.count >= 4 ? records.filter { $0.id.rawValue.hasPrefix(lowered) } : []
    if matches.count == 1 { return matches[0] }
    if matches.count > 1 {
      throw ApplicationError.ambiguousID(kind, id: text, matches: matches.count)
    }
    throw ApplicationError.notFound(kind, id: text)
  }
}

/// Passes every call to the store, reporting the core's errors (a record gone since it was
/// read, a record the core refuses) as ``ApplicationError``, so no planning use case lets one
/// out.
struct TranslatingPlanningStore: PlanningStore {
  let base: any PlanningStore

  func pantryItems(household: HouseholdID) throws -> [PantryItem] {
    try ApplicationError.translating { try base.pantryItems(household: household) }
  }

  func mealPlanEntries(
    from: CalendarDay, through: CalendarDay, household: HouseholdID
  ) throws -> [MealPlanEntry] {
    try ApplicationError.translating {
      try base.mealPlanEntries(from: from, through: through, household: household)
    }
  }

  func shoppingListItems(household: HouseholdID) throws -> [ShoppingListItem] {
    try ApplicationError.translating { try base.shoppingListItems(household: household) }
  }

  func apply(_ changes: PlanningChanges, household: HouseholdID) throws {
    try ApplicationError.translating { try base.apply(changes, household: household) }
  }

  func update<Result>(
    household: HouseholdID, _ plan: (PlanningSnapshot) throws -> (PlanningChanges, Result)
  ) throws -> Result {
    try ApplicationError.translating { try base.update(household: household, plan) }
  }
}
