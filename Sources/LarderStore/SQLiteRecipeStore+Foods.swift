import Foundation
import LarderCore

/// A household's own foods and synonyms, in the same database file as its recipes.
extension SQLiteRecipeStore: FoodStore {
  /// The household's foods and synonyms, each in the order it was last saved.
  public func userFoods(household: HouseholdID) throws -> UserFoods {
    try database.read("reading your foods") { connection in
      let foods = try connection.query(
        "SELECT food_id, document FROM user_foods WHERE household_id = ? ORDER BY rowid",
        [.text(household.rawValue)], operation: "reading your foods"
      ) { row in try StoredDocuments.decodeFood(row.string(1), id: row.string(0) ?? "") }
      let synonyms = try connection.query(
        "SELECT synonym, food_id FROM user_food_synonyms WHERE household_id = ? ORDER BY rowid",
        [.text(household.rawValue)], operation: "reading your synonyms"
      ) { row in UserSynonym(row.string(0) ?? "", foodID: row.string(1) ?? "") }
      return UserFoods(foods: foods, synonyms: synonyms)
    }
  }

  /// Saves a food, replacing the household's food with the same id.
  public func saveUserFood(_ food: Food, household: HouseholdID, now: Date) throws {
    let document = try StoredDocuments.encodeFood(food)
    try database.write("saving a food") { connection in
      try connection.run(
        """
        INSERT OR REPLACE INTO user_foods (household_id, food_id, document, saved_at)
        VALUES (?, ?, ?, ?)
        """,
        [
          .text(household.rawValue), .text(food.id), .text(document),
          .real(now.timeIntervalSince1970),
        ],
        operation: "saving a food")
    }
  }

  /// Deletes a household's food and the synonyms that name it.
  public func deleteUserFood(id: String, household: HouseholdID) throws {
    try database.write("deleting a food") { connection in
      try connection.run(
        "DELETE FROM user_foods WHERE household_id = ? AND food_id = ?",
        [.text(household.rawValue), .text(id)], operation: "deleting a food")
      guard connection.changeCount > 0 else { throw LarderCoreError.foodNotFound(id) }
      try connection.run(
        "DELETE FROM user_food_synonyms WHERE household_id = ? AND food_id = ?",
        [.text(household.rawValue), .text(id)], operation: "deleting a food's synonyms")
    }
  }

  /// Saves a synonym; saving the same name again points it at the new food.
  public func saveSynonym(_ synonym: UserSynonym, household: HouseholdID, now: Date) throws {
    try database.write("saving a synonym") { connection in
      try connection.run(
        """
        INSERT OR REPLACE INTO user_food_synonyms (household_id, synonym, food_id, saved_at)
        VALUES (?, ?, ?, ?)
        """,
        [
          .text(household.rawValue), .text(synonym.synonym), .text(synonym.foodID),
          .real(now.timeIntervalSince1970),
        ],
        operation: "saving a synonym")
    }
  }

  /// Deletes a synonym, compared without regard to case.
  public func deleteSynonym(_ synonym: String, household: HouseholdID) throws {
    try database.write("deleting a synonym") { connection in
      try connection.run(
        "DELETE FROM user_food_synonyms WHERE household_id = ? AND synonym = ?",
        [.text(household.rawValue), .text(synonym)], operation: "deleting a synonym")
      guard connection.changeCount > 0 else { throw LarderCoreError.foodNotFound(synonym) }
    }
  }
}
