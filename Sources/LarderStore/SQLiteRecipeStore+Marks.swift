import Foundation
import LarderCore

/// Each member's own favourite flags, ratings and notes, in the same database file as the
/// recipes and memberships they belong to (so leaving a household, removing an account or
/// deleting a recipe takes its marks along).
extension SQLiteRecipeStore: RecipeMarkStore {
  /// Every mark the user has on the household's recipes.
  public func marks(user: UserID, household: HouseholdID) throws -> [RecipeMark] {
    try database.read("reading your favourites and ratings") { connection in
      try connection.query(
        """
        SELECT recipe_id, is_favorite, rating, notes FROM recipe_marks
        WHERE household_id = ? AND user_id = ?
        """, [.text(household.rawValue), .text(user.rawValue)],
        operation: "reading your favourites and ratings", row: Self.mark)
    }
  }

  /// The user's mark on one recipe, or nil.
  public func mark(recipe: RecipeID, user: UserID, household: HouseholdID) throws -> RecipeMark? {
    try database.read("reading your mark on a recipe") { connection in
      try connection.query(
        """
        SELECT recipe_id, is_favorite, rating, notes FROM recipe_marks
        WHERE household_id = ? AND user_id = ? AND recipe_id = ?
        """, [.text(household.rawValue), .text(user.rawValue), .text(recipe.rawValue)],
        operation: "reading your mark on a recipe", row: Self.mark
      ).first
    }
  }

  /// Saves the user's mark, or removes it when it says nothing.
  public func saveMark(_ mark: RecipeMark, user: UserID, household: HouseholdID) throws {
    let mark = try mark.validated()
    try database.write("saving your mark on a recipe") { connection in
      let exists = try connection.query(
        "SELECT 1 FROM recipes WHERE id = ? AND household_id = ?",
        [.text(mark.recipeID.rawValue), .text(household.rawValue)],
        operation: "finding the recipe to mark"
      ) { _ in true }
      guard !exists.isEmpty else { throw LarderCoreError.recipeNotFound(mark.recipeID) }
      let key: [SQLiteValue] = [
        .text(household.rawValue), .text(user.rawValue), .text(mark.recipeID.rawValue),
      ]
      if mark.isEmpty {
        try connection.run(
          "DELETE FROM recipe_marks WHERE household_id = ? AND user_id = ? AND recipe_id = ?",
          key, operation: "removing your mark on a recipe")
        return
      }
      try connection.run(
        """
        INSERT INTO recipe_marks (household_id, user_id, recipe_id, is_favorite, rating, notes)
        VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (household_id, user_id, recipe_id) DO UPDATE SET
          is_favorite = excluded.is_favorite, rating = excluded.rating, notes = excluded.notes
        """,
        key + [
          .integer(mark.isFavorite ? 1 : 0), mark.rating.map { .integer(Int64($0)) } ?? .null,
          mark.notes.map { .text($0) } ?? .null,
        ], operation: "saving your mark on a recipe")
    }
  }

  /// Removes every mark the user has in the household.
  public func deleteMarks(user: UserID, household: HouseholdID) throws {
    try database.write("removing a member's marks") { connection in
      try connection.run(
        "DELETE FROM recipe_marks WHERE household_id = ? AND user_id = ?",
        [.text(household.rawValue), .text(user.rawValue)], operation: "removing a member's marks")
    }
  }

  /// Copies the recipes' own flags, ratings and notes into the user's marks where the user has
  /// none; the user must be a member of the household.
  @discardableResult
  public func adoptRecipeMarks(user: UserID, household: HouseholdID) throws -> Int {
    try database.write("keeping the recipes' favourites, ratings and notes") { connection in
      try RecipeMarks.adopt(user: user, household: household, connection: connection)
    }
  }

  private static func mark(_ row: SQLiteRow) -> RecipeMark {
    RecipeMark(
      recipeID: RecipeID(rawValue: row.string(0) ?? ""), isFavorite: row.int(1) == 1,
      rating: row.optionalInt(2).map { Int($0) }, notes: row.string(3))
  }
}
