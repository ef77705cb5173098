import Foundation
import LarderCore

/// The pantry, meal plan and shopping list in the same PostgreSQL database as the recipes.
/// Behaves as ``SQLitePlanningStore`` does: the same contract tests run on both.
///
/// Each record is stored as a JSON document beside the columns lists are filtered and
/// ordered by; every ``apply(_:household:)`` is one transaction holding the database's write
/// lock, so no other writer, in this process or another, comes between its reads and writes.
public final class PostgresPlanningStore: PlanningStore {
  private let database: PostgresDatabase

  /// The planning store of the database a recipe store has open.
  public init(sharing recipeStore: PostgresRecipeStore) {
    database = recipeStore.database
  }

  /// The household's pantry, soonest expiry first.
  public func pantryItems(household: HouseholdID) throws -> [PantryItem] {
    try database.read("reading the pantry") { try Self.pantry(of: household, on: $0) }
  }

  private static func pantry(
    of household: HouseholdID, on connection: PostgresConnection
  ) throws -> [PantryItem] {
    try connection.query(
      "SELECT id, document FROM pantry_items WHERE household_id = $1 ORDER BY seq",
      [.text(household.rawValue)], operation: "reading the pantry"
    ) { row in try decode(PantryItem.self, row.string(1), id: row.string(0)) }
    .sorted(by: PantryItem.listOrder)
  }

  /// The household's meal plan entries from `from` through `through`.
  public func mealPlanEntries(
    from: CalendarDay, through: CalendarDay, household: HouseholdID
  ) throws -> [MealPlanEntry] {
    let entries = try database.read("reading the meal plan") { connection in
      // Days (a "C" column) and IDs compare byte by byte, as SQLite compares text.
      try connection.query(
        """
        SELECT id, document FROM meal_plan_entries
        WHERE household_id = $1 AND day >= $2 AND day <= $3
        ORDER BY day, meal_order, id COLLATE "C"
        """,
        [.text(household.rawValue), .text(from.description), .text(through.description)],
        operation: "reading the meal plan"
      ) { row in try Self.decode(MealPlanEntry.self, row.string(1), id: row.string(0)) }
    }
    return entries.sorted(by: MealPlanEntry.listOrder)
  }

  /// The household's shopping list in the order lines were first saved.
  public func shoppingListItems(household: HouseholdID) throws -> [ShoppingListItem] {
    try database.read("reading the shopping list") { try Self.shoppingList(of: household, on: $0) }
  }

  private static func shoppingList(
    of household: HouseholdID, on connection: PostgresConnection
  ) throws -> [ShoppingListItem] {
    try connection.query(
      "SELECT id, document FROM shopping_list_items WHERE household_id = $1 ORDER BY seq",
      [.text(household.rawValue)], operation: "reading the shopping list"
    ) { row in try decode(ShoppingListItem.self, row.string(1), id: row.string(0)) }
  }

  /// Applies the changes in one transaction; see ``PlanningStore/apply(_:household:)``.
  public func apply(_ changes: PlanningChanges, household: HouseholdID) throws {
    let valid = try changes.validated()
    try database.write("saving planning changes") { connection in
      try Self.write(valid, household: household, on: connection)
    }
  }

  /// Reads and writes in one transaction holding the write lock, which keeps out every other
  /// writer on the database; see ``PlanningStore/update(household:_:)``.
  public func update<Result>(
    household: HouseholdID, _ plan: (PlanningSnapshot) throws -> (PlanningChanges, Result)
  ) throws -> Result {
    try database.write("saving planning changes") { connection in
      let snapshot = PlanningSnapshot(
        pantry: try Self.pantry(of: household, on: connection),
        shoppingList: try Self.shoppingList(of: household, on: connection))
      let (changes, result) = try plan(snapshot)
      try Self.write(try changes.validated(), household: household, on: connection)
      return result
    }
  }

  /// Writes validated changes on a connection inside a write transaction.
  private static func write(
    _ valid: PlanningChanges, household: HouseholdID, on connection: PostgresConnection
  ) throws {
    let owner = PostgresValue.text(household.rawValue)
    func delete(_ ids: [PlanningID], from table: String, kind: PlanningRecordKind) throws {
      for id in ids {
        let found = try connection.query(
          "SELECT seq FROM \(table) WHERE id = $1 AND household_id = $2",
          [.text(id.rawValue), owner],
          operation: "finding a \(kind.rawValue)"
        ) { $0.int(0) }
        guard let seq = found.first else {
          throw LarderCoreError.notFound(kind: kind.rawValue, id: id.rawValue)
        }
        try connection.run(
          "DELETE FROM \(table) WHERE seq = $1", [.integer(seq)],
          operation: "deleting a \(kind.rawValue)")
      }
    }
    /// Inserts or replaces by id, keeping the row (and so its place in the list); an id owned
    /// by another household is refused rather than taken over.
    func save(
      _ id: PlanningID, table: String, kind: PlanningRecordKind,
      columns: [String: PostgresValue], document: String
    ) throws {
      let owners = try connection.query(
        "SELECT household_id FROM \(table) WHERE id = $1", [.text(id.rawValue)],
        operation: "finding a \(kind.rawValue)"
      ) { $0.string(0) }
      if let existing = owners.first, existing != household.rawValue {
        throw LarderCoreError.invalidField(
          field: "id", value: id.rawValue, reason: "belongs to another household")
      }
      let names = columns.keys.sorted()
      let values = names.map { columns[$0]! }
      if owners.isEmpty {
        let placeholders = (1...(3 + names.count)).map { "$\($0)" }.joined(separator: ", ")
        try connection.run(
          "INSERT INTO \(table) (id, household_id, document, \(names.joined(separator: ", "))) "
            + "VALUES (\(placeholders))",
          [.text(id.rawValue), owner, .text(document)] + values,
          operation: "saving a \(kind.rawValue)")
      } else {
        let sets = (["document"] + names).enumerated()
          .map { "\($0.element) = $\($0.offset + 1)" }.joined(separator: ", ")
        try connection.run(
          "UPDATE \(table) SET \(sets) WHERE id = $\(names.count + 2)",
          [.text(document)] + values + [.text(id.rawValue)],
          operation: "saving a \(kind.rawValue)")
      }
    }

    try delete(valid.deletePantryItems, from: "pantry_items", kind: .pantryItem)
    try delete(valid.deleteMealPlanEntries, from: "meal_plan_entries", kind: .mealPlanEntry)
    try delete(
      valid.deleteShoppingListItems, from: "shopping_list_items", kind: .shoppingListItem)
    if valid.clearGeneratedShoppingItems {
      try connection.run(
        "DELETE FROM shopping_list_items WHERE household_id = $1 AND NOT is_manual", [owner],
        operation: "clearing the generated shopping list")
    }
    for item in valid.savePantryItems {
      try save(
        item.id, table: "pantry_items", kind: .pantryItem,
        columns: ["expires_on": item.expiresOn.map { .text($0.description) } ?? .null],
        document: try Self.encode(item))
    }
    for entry in valid.saveMealPlanEntries {
      try save(
        entry.id, table: "meal_plan_entries", kind: .mealPlanEntry,
        columns: [
          "day": .text(entry.date.description), "meal_order": .integer(Int64(entry.meal.order)),
        ], document: try Self.encode(entry))
    }
    for item in valid.saveShoppingListItems {
      try save(
        item.id, table: "shopping_list_items", kind: .shoppingListItem,
        columns: ["is_manual": .boolean(item.isManual)], document: try Self.encode(item))
    }
  }

  private static func encode<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try LarderJSON.encode(value), as: UTF8.self)
  }

  private static func decode<T: Decodable>(
    _ type: T.Type, _ text: String?, id: String?
  ) throws -> T {
    do {
      return try LarderJSON.decode(type, from: Data((text ?? "").utf8))
    } catch {
      throw LarderStoreError.corruptDocument(id: id ?? "", reason: "\(error)")
    }
  }
}
