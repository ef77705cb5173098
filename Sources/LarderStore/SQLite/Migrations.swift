import Foundation
import LarderCore

/// One step of the schema's history. Migrations are append-only: once released, a migration is
/// never edited, because databases in the field were made by it.
struct Migration: Sendable {
  /// The schema version the database has after this migration.
  let version: Int
  /// What it does, for error messages.
  let summary: String
  /// Applies the migration inside the caller's transaction.
  let apply: @Sendable (SQLiteConnection) throws -> Void
}

enum Migrations {
  /// Every migration, oldest first.
  static let all: [Migration] = [
    Migration(version: 1, summary: "households and recipes", apply: createRecipes),
    Migration(version: 2, summary: "full-text search", apply: createSearchIndex),
  ]

  /// The newest schema version this binary knows.
  static var latestVersion: Int { all.last?.version ?? 0 }

  /// Brings the database up to `target` (the latest by default); returns the version it had.
  ///
  /// Runs under an immediate transaction, so two processes starting at once do not both
  /// migrate: the second waits, then finds nothing left to do.
  @discardableResult
  static func migrate(_ database: SQLiteDatabase, upTo target: Int = latestVersion) throws -> Int {
    try database.write("upgrading the database schema") { connection in
      let found = try userVersion(connection)
      guard found <= latestVersion else {
        throw LarderStoreError.schemaTooNew(found: found, supported: latestVersion)
      }
      for migration in all where migration.version > found && migration.version <= target {
        do {
          try migration.apply(connection)
        } catch {
          throw LarderStoreError.migrationFailed(
            version: migration.version, reason: "\(migration.summary): \(error)")
        }
        try connection.execute(
          "PRAGMA user_version = \(migration.version)", operation: "recording schema version")
      }
      return found
    }
  }

  /// The schema version recorded in the database (0 for a new file).
  static func userVersion(_ connection: SQLiteConnection) throws -> Int {
    let rows = try connection.query("PRAGMA user_version", operation: "reading schema version") {
      Int($0.int(0))
    }
    return rows.first ?? 0
  }

  private static func createRecipes(_ connection: SQLiteConnection) throws {
    try connection.execute(
      """
      CREATE TABLE households (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        created_at REAL NOT NULL
      );
      INSERT INTO households (id, name, created_at)
        VALUES ('default', 'Home', CAST(strftime('%s', 'now') AS REAL));
      CREATE TABLE recipes (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        source_key TEXT NOT NULL,
        is_favorite INTEGER NOT NULL DEFAULT 0,
        rating INTEGER,
        total_seconds INTEGER,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        document TEXT NOT NULL
      );
      CREATE INDEX recipes_by_name ON recipes (household_id, name COLLATE NOCASE);
      CREATE INDEX recipes_by_source ON recipes (household_id, source_key);
      CREATE INDEX recipes_by_created ON recipes (household_id, created_at);
      CREATE INDEX recipes_by_updated ON recipes (household_id, updated_at);
      """, operation: "creating recipe tables")
  }

  private static func createSearchIndex(_ connection: SQLiteConnection) throws {
    // unicode61 with remove_diacritics 2 folds "crème brûlée" to "creme brulee" on both sides;
    // the prefix index keeps search-as-you-type prefixes fast.
    try connection.execute(
      """
      CREATE VIRTUAL TABLE recipe_search USING fts5(
        title, description, ingredients, tags, instructions,
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '2 3'
      );
      """, operation: "creating the search index")
    // Index the recipes an earlier version stored.
    let rows = try connection.query(
      "SELECT seq, id, document FROM recipes", operation: "reading recipes to index"
    ) { row in (row.int(0), row.string(1) ?? "", row.string(2) ?? "") }
    for (seq, id, document) in rows {
      let recipe = try RecipeDocument.decode(document, id: id)
      try SearchIndex.insert(recipe, seq: seq, connection: connection)
    }
  }
}

/// How a recipe is written into the `recipes.document` column.
enum RecipeDocument {
  static func encode(_ recipe: Recipe) throws -> String {
    String(decoding: try LarderJSON.encode(recipe), as: UTF8.self)
  }

  static func decode(_ text: String, id: String) throws -> Recipe {
    do {
      return try LarderJSON.decode(Recipe.self, from: Data(text.utf8))
    } catch {
      throw LarderStoreError.corruptDocument(id: id, reason: "\(error)")
    }
  }
}

/// The FTS5 index over title, description, ingredients, tags and instructions.
enum SearchIndex {
  /// Column weights for bm25: a hit in the title counts most, one in the steps least.
  static let bm25Weights = "10.0, 2.0, 4.0, 3.0, 1.0"

  static func insert(_ recipe: Recipe, seq: Int64, connection: SQLiteConnection) throws {
    let tags = recipe.keywords + recipe.courses + recipe.cuisines + recipe.diets.map(\.rawValue)
    try connection.run(
      """
      INSERT INTO recipe_search (rowid, title, description, ingredients, tags, instructions)
      VALUES (?, ?, ?, ?, ?, ?)
      """,
      [
        .integer(seq), .text(recipe.name), .text(recipe.description ?? ""),
        .text(recipe.ingredientLines.map(\.text).joined(separator: "\n")),
        .text(tags.joined(separator: ", ")),
        .text(recipe.steps.map(\.text).joined(separator: "\n")),
      ], operation: "indexing recipe for search")
  }

  static func delete(seq: Int64, connection: SQLiteConnection) throws {
    try connection.run(
      "DELETE FROM recipe_search WHERE rowid = ?", [.integer(seq)],
      operation: "removing recipe from search index")
  }

  /// An FTS5 query that matches every term as a prefix. Terms hold only letters and digits, so
  /// quoting them cannot break the query syntax.
  static func matchExpression(for terms: [String]) -> String {
    terms.map { "\"\($0)\"*" }.joined(separator: " ")
  }
}
