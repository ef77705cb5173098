import Foundation
import LarderCore

/// A household's own foods and synonyms, in the same database as its recipes.
extension PostgresRecipeStore: FoodStore {
  /// The household's foods and synonyms, each in the order it was last saved.
  public func userFoods(household: HouseholdID) throws -> UserFoods {
    try database.read("reading your foods") { connection in
      let foods = try connection.query(
        "SELECT food_id, document FROM user_foods WHERE household_id = $1 ORDER BY seq",
        [.text(household.rawValue)], operation: "reading your foods"
      ) { row in try StoredDocuments.decodeFood(row.string(1), id: row.string(0) ?? "") }
      let synonyms = try connection.query(
        "SELECT synonym, food_id FROM user_food_synonyms WHERE household_id = $1 ORDER BY seq",
        [.text(household.rawValue)], operation: "reading your synonyms"
      ) { row in UserSynonym(row.string(0) ?? "", foodID: row.string(1) ?? "") }
      return UserFoods(foods: foods, synonyms: synonyms)
    }
  }

  /// Saves a food, replacing the household's food with the same id (it then sorts last, as
  /// the most recently saved).
  public func saveUserFood(_ food: Food, household: HouseholdID, now: Date) throws {
    let document = try StoredDocuments.encodeFood(food)
    try database.write("saving a food") { connection in
      try connection.run(
        "DELETE FROM user_foods WHERE household_id = $1 AND food_id = $2",
        [.text(household.rawValue), .text(food.id)], operation: "saving a food")
      try connection.run(
        """
        INSERT INTO user_foods (household_id, food_id, document, saved_at)
        VALUES ($1, $2, $3, $4)
        """,
        [
          .text(household.rawValue), .text(food.id), .text(document),
          .real(now.timeIntervalSince1970),
        ], operation: "saving a food")
    }
  }

  /// Deletes a household's food and the synonyms that name it.
  public func deleteUserFood(id: String, household: HouseholdID) throws {
    try database.write("deleting a food") { connection in
      let deleted = try connection.run(
        "DELETE FROM user_foods WHERE household_id = $1 AND food_id = $2",
        [.text(household.rawValue), .text(id)], operation: "deleting a food")
      guard deleted > 0 else { throw LarderCoreError.foodNotFound(id) }
      try connection.run(
        "DELETE FROM user_food_synonyms WHERE household_id = $1 AND food_id = $2",
        [.text(household.rawValue), .text(id)], operation: "deleting a food's synonyms")
    }
  }

  /// Saves a synonym; saving the same name again (in any case) points it at the new food.
  public func saveSynonym(_ synonym: UserSynonym, household: HouseholdID, now: Date) throws {
    try database.write("saving a synonym") { connection in
      try connection.run(
        #"""
        DELETE FROM user_food_synonyms
        WHERE household_id = $1 AND lower(synonym) COLLATE "C" = lower($2) COLLATE "C"
        """#, [.text(household.rawValue), .text(synonym.synonym)], operation: "saving a synonym")
      try connection.run(
        """
        INSERT INTO user_food_synonyms (household_id, synonym, food_id, saved_at)
        VALUES ($1, $2, $3, $4)
        """,
        [
          .text(household.rawValue), .text(synonym.synonym), .text(synonym.foodID),
          .real(now.timeIntervalSince1970),
        ], operation: "saving a synonym")
    }
  }

  /// Deletes a synonym, compared without regard to case.
  public func deleteSynonym(_ synonym: String, household: HouseholdID) throws {
    try database.write("deleting a synonym") { connection in
      let deleted = try connection.run(
        #"""
        DELETE FROM user_food_synonyms
        WHERE household_id = $1 AND lower(synonym) COLLATE "C" = lower($2) COLLATE "C"
        """#, [.text(household.rawValue), .text(synonym)], operation: "deleting a synonym")
      guard deleted > 0 else { throw LarderCoreError.foodNotFound(synonym) }
    }
  }
}

/// Each member's own favourite flags, ratings and notes.
extension PostgresRecipeStore: RecipeMarkStore {
  /// Every mark the user has on the household's recipes.
  public func marks(user: UserID, household: HouseholdID) throws -> [RecipeMark] {
    try database.read("reading your favourites and ratings") { connection in
      try connection.query(
        """
        SELECT recipe_id, is_favorite, rating, notes FROM recipe_marks
        WHERE household_id = $1 AND user_id = $2
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
        WHERE household_id = $1 AND user_id = $2 AND recipe_id = $3
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
        "SELECT 1 FROM recipes WHERE id = $1 AND household_id = $2",
        [.text(mark.recipeID.rawValue), .text(household.rawValue)],
        operation: "finding the recipe to mark"
      ) { _ in true }
      guard !exists.isEmpty else { throw LarderCoreError.recipeNotFound(mark.recipeID) }
      let key: [PostgresValue] = [
        .text(household.rawValue), .text(user.rawValue), .text(mark.recipeID.rawValue),
      ]
      if mark.isEmpty {
        try connection.run(
          "DELETE FROM recipe_marks WHERE household_id = $1 AND user_id = $2 AND recipe_id = $3",
          key, operation: "removing your mark on a recipe")
        return
      }
      try connection.run(
        """
        INSERT INTO recipe_marks (household_id, user_id, recipe_id, is_favorite, rating, notes)
        VALUES ($1, $2, $3, $4, $5, $6)
        ON CONFLICT (household_id, user_id, recipe_id) DO UPDATE SET
          is_favorite = excluded.is_favorite, rating = excluded.rating, notes = excluded.notes
        """,
        key + [
          .boolean(mark.isFavorite), mark.rating.map { .integer(Int64($0)) } ?? .null,
          mark.notes.map { .text($0) } ?? .null,
        ], operation: "saving your mark on a recipe")
    }
  }

  /// Removes every mark the user has in the household.
  public func deleteMarks(user: UserID, household: HouseholdID) throws {
    _ = try database.write("removing a member's marks") { connection in
      try connection.run(
        "DELETE FROM recipe_marks WHERE household_id = $1 AND user_id = $2",
        [.text(household.rawValue), .text(user.rawValue)], operation: "removing a member's marks")
    }
  }

  /// Copies the recipes' own flags, ratings and notes into the user's marks where the user has
  /// none; the user must be a member of the household.
  @discardableResult
  public func adoptRecipeMarks(user: UserID, household: HouseholdID) throws -> Int {
    try database.write("keeping the recipes' favourites, ratings and notes") { connection in
      try Self.adoptRecipeMarks(user: user, household: household, connection: connection)
    }
  }

  /// ``adoptRecipeMarks(user:household:)`` inside the caller's transaction.
  static func adoptRecipeMarks(
    user: UserID, household: HouseholdID, connection: PostgresConnection
  ) throws -> Int {
    try connection.run(
      """
      INSERT INTO recipe_marks (household_id, user_id, recipe_id, is_favorite, rating, notes)
      SELECT household_id, $1, id, is_favorite, rating, notes FROM (
        SELECT household_id, id, is_favorite, rating,
          NULLIF(document::jsonb ->> 'notes', '') AS notes
        FROM recipes WHERE household_id = $2
      ) AS marked WHERE is_favorite OR rating IS NOT NULL OR notes IS NOT NULL
      ON CONFLICT DO NOTHING
      """, [.text(user.rawValue), .text(household.rawValue)],
      operation: "giving the first owner the recipes' favourites, ratings and notes")
  }

  private static func mark(_ row: PostgresRow) -> RecipeMark {
    RecipeMark(
      recipeID: RecipeID(rawValue: row.string(0) ?? ""), isFavorite: row.bool(1),
      rating: row.optionalInt(2).map { Int($0) }, notes: row.string(3))
  }
}

/// Each user's own settings.
extension PostgresRecipeStore: UserSettingsStore {
  /// The user's settings in the household, or nil when they have saved none.
  public func userSettings(user: UserID, household: HouseholdID) throws -> StoredUserSettings? {
    try database.read("reading your settings") { connection in
      try connection.query(
        """
        SELECT staples, diets, units FROM user_settings WHERE household_id = $1 AND user_id = $2
        """,
        [.text(household.rawValue), .text(user.rawValue)], operation: "reading your settings"
      ) { row in
        StoredUserSettings(
          staples: StoredDocuments.decodeList(row.string(0)),
          diets: StoredDocuments.decodeList(row.string(1)),
          units: row.string(2) ?? "original")
      }.first
    }
  }

  /// Saves the user's settings in the household, replacing any earlier ones.
  public func saveUserSettings(
    _ settings: StoredUserSettings, user: UserID, household: HouseholdID, now: Date
  ) throws {
    _ = try database.write("saving your settings") { connection in
      try connection.run(
        """
        INSERT INTO user_settings (household_id, user_id, staples, diets, units, updated_at)
        VALUES ($1, $2, $3, $4, $5, $6)
        ON CONFLICT (household_id, user_id) DO UPDATE SET
          staples = excluded.staples, diets = excluded.diets, units = excluded.units,
          updated_at = excluded.updated_at
        """,
        [
          .text(household.rawValue), .text(user.rawValue),
          .text(StoredDocuments.encodeList(settings.staples)),
          .text(StoredDocuments.encodeList(settings.diets)), .text(settings.units),
          .real(now.timeIntervalSince1970),
        ], operation: "saving your settings")
    }
  }
}
