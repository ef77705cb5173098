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
    Migration(version: 3, summary: "recipe foods for the pantry finder", apply: createRecipeFoods),
    Migration(version: 4, summary: "a household's own foods and synonyms", apply: createUserFoods),
    Migration(
      version: 5, summary: "pantry, meal plan and shopping list", apply: createPlanningTables),
    Migration(version: 6, summary: "stored images", apply: createImages),
    Migration(
      version: 7, summary: "accounts, sessions, tokens, invitations and share links",
      apply: createAccounts),
    Migration(
      version: 8, summary: "each member's favourites, ratings and notes",
      apply: createRecipeMarks),
    Migration(version: 9, summary: "share links to collections", apply: addSharedCollections),
    Migration(
      version: 10, summary: "amounts and alternatives for the pantry finder",
      apply: addFinderAmounts),
    Migration(version: 11, summary: "each user's own settings", apply: createUserSettings),
    Migration(
      version: 12, summary: "one-letter prefixes in the search index",
      apply: addOneLetterPrefixes),
    Migration(version: 13, summary: "each household's recipe count", apply: countRecipes),
    Migration(
      version: SearchIndex.titlesVersion, summary: "a search index of titles",
      apply: createTitleIndex),
    Migration(
      version: SearchIndex.wordsVersion, summary: "the search index's words",
      apply: createSearchWords),
    Migration(
      version: 16, summary: "ingredient lines read in their recipe's language",
      apply: readLinesInTheirLanguage),
    Migration(
      version: 17, summary: "a version of each household's library", apply: versionLibraries),
    Migration(
      version: 18, summary: "misspelt food names and first known choices in other languages",
      apply: readMisspeltNames),
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
    // the prefix index keeps search-as-you-type prefixes fast. The `scope` column holds tokens
    // for the household and the favourite flag, so filtering happens inside the index and a
    // search never has to join the recipes table to count or rank its matches.
    try connection.execute(
      """
      CREATE VIRTUAL TABLE recipe_search USING fts5(
        title, description, ingredients, tags, instructions, scope,
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '2 3'
      );
      ALTER TABLE recipes ADD COLUMN summary TEXT NOT NULL DEFAULT '';
      """, operation: "creating the search index")
    // Index and summarise the recipes an earlier version stored.
    for (seq, recipe) in try storedRecipes(connection, operation: "reading recipes to index") {
      try connection.run(
        "UPDATE recipes SET summary = ? WHERE seq = ?",
        [.text(try RecipeDocument.encodeSummary(recipe)), .integer(seq)],
        operation: "summarising recipes")
      try SearchIndex.insert(recipe, seq: seq, connection: connection)
    }
  }
}

extension Migrations {
  /// A search as a person types starts with one letter. Without a prefix index for it, FTS5
  /// merges the postings of every word starting with that letter, 70–100 ms at 100,000
  /// recipes even to count a thousand matches; with it, a fraction of a millisecond. FTS5
  /// cannot add a prefix index to a table, so the index is made again, copied inside SQLite
  /// (about 30 s at 100,000 recipes, once).
  fileprivate static func addOneLetterPrefixes(_ connection: SQLiteConnection) throws {
    try connection.execute(
      """
      CREATE VIRTUAL TABLE recipe_search_new USING fts5(
        title, description, ingredients, tags, instructions, scope,
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '1 2 3'
      );
      INSERT INTO recipe_search_new
        (rowid, title, description, ingredients, tags, instructions, scope)
        SELECT rowid, title, description, ingredients, tags, instructions, scope
        FROM recipe_search;
      DROP TABLE recipe_search;
      ALTER TABLE recipe_search_new RENAME TO recipe_search;
      """, operation: "adding one-letter prefixes to the search index")
  }

  /// The library's first page shows how many recipes there are; `count(*)` walks the
  /// household's index, 20 ms at 100,000 recipes, on every page. Triggers keep the count as
  /// recipes come and go, whichever statement (or cascade) adds or removes them.
  fileprivate static func countRecipes(_ connection: SQLiteConnection) throws {
    try connection.execute(
      """
      CREATE TABLE recipe_counts (
        household_id TEXT PRIMARY KEY REFERENCES households(id) ON DELETE CASCADE,
        recipes INTEGER NOT NULL
      ) WITHOUT ROWID;
      INSERT INTO recipe_counts (household_id, recipes)
        SELECT household_id, count(*) FROM recipes GROUP BY household_id;
      CREATE TRIGGER recipes_counted_in AFTER INSERT ON recipes BEGIN
        INSERT INTO recipe_counts (household_id, recipes) VALUES (NEW.household_id, 1)
          ON CONFLICT (household_id) DO UPDATE SET recipes = recipes + 1;
      END;
      CREATE TRIGGER recipes_counted_out AFTER DELETE ON recipes BEGIN
        UPDATE recipe_counts SET recipes = recipes - 1 WHERE household_id = OLD.household_id;
      END;
      CREATE TRIGGER recipes_counted_moved AFTER UPDATE OF household_id ON recipes
        WHEN OLD.household_id <> NEW.household_id BEGIN
        UPDATE recipe_counts SET recipes = recipes - 1 WHERE household_id = OLD.household_id;
        INSERT INTO recipe_counts (household_id, recipes) VALUES (NEW.household_id, 1)
          ON CONFLICT (household_id) DO UPDATE SET recipes = recipes + 1;
      END;
      """, operation: "counting each household's recipes")
  }

  /// A search matching very many recipes lists those with its words in the title first
  /// (see ``SQLiteRecipeStore``'s search). Asking the main index for them merges the postings
  /// of every word the prefix starts in every column (5–10 ms for "garlic" at 100,000
  /// recipes); an index of titles alone answers in a fraction of that.
  fileprivate static func createTitleIndex(_ connection: SQLiteConnection) throws {
    try connection.execute(
      """
      CREATE VIRTUAL TABLE recipe_titles USING fts5(
        title, scope,
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '1 2 3'
      );
      INSERT INTO recipe_titles (rowid, title, scope)
        SELECT rowid, title, scope FROM recipe_search;
      """, operation: "making the search index of titles")
  }

  /// A prefix longer than the prefix index's three letters ("garlic") makes FTS5 merge the
  /// postings of every word it starts before returning a row: 6–7 ms for garlic at 100,000
  /// recipes, each time. An OR of those words reads their postings lazily (0.7 ms for a
  /// thousand rows), if the words are known: `search_words` holds every word the index has
  /// ever held, as FTS5's own tokenizer made it (read here from `fts5vocab`, and kept by
  /// ``SearchIndex/insert(_:seq:connection:)``). A word whose recipes are gone stays; it
  /// only matches nothing.
  fileprivate static func createSearchWords(_ connection: SQLiteConnection) throws {
    try connection.execute(
      """
      CREATE TABLE search_words (word TEXT PRIMARY KEY) WITHOUT ROWID;
      CREATE VIRTUAL TABLE temp.recipe_search_words USING fts5vocab(main, recipe_search, row);
      INSERT INTO search_words (word) SELECT term FROM temp.recipe_search_words;
      DROP TABLE temp.recipe_search_words;
      """, operation: "listing the search index's words")
  }

  fileprivate static func createRecipeFoods(_ connection: SQLiteConnection) throws {
    // One row per distinct catalog food of a recipe, so the pantry finder loads its index
    // without decoding documents; lines that matched no food are counted on the recipe.
    try connection.execute(
      """
      CREATE TABLE recipe_foods (
        recipe_seq INTEGER NOT NULL REFERENCES recipes(seq) ON DELETE CASCADE,
        food_id TEXT NOT NULL,
        is_optional INTEGER NOT NULL,
        PRIMARY KEY (recipe_seq, food_id)
      ) WITHOUT ROWID;
      CREATE INDEX recipe_foods_by_food ON recipe_foods (food_id);
      ALTER TABLE recipes ADD COLUMN unmatched_lines INTEGER NOT NULL DEFAULT 0;
      """, operation: "creating the recipe foods table")
    for (seq, recipe) in try storedRecipes(
      connection, operation: "reading recipes to list their foods")
    {
      try RecipeFoods.write(recipe, seq: seq, schema: .foodsOnly, connection: connection)
    }
  }

  /// Every stored recipe with its row number, for migrations that derive new data from them.
  fileprivate static func storedRecipes(
    _ connection: SQLiteConnection, operation: String
  ) throws -> [(seq: Int64, recipe: Recipe)] {
    let rows = try connection.query("SELECT seq, id, document FROM recipes", operation: operation) {
      row in (row.int(0), row.string(1) ?? "", row.string(2) ?? "")
    }
    return try rows.map { seq, id, document in (seq, try RecipeDocument.decode(document, id: id)) }
  }
}

extension Migrations {
  fileprivate static func createUserFoods(_ connection: SQLiteConnection) throws {
    // A user food is kept whole as JSON (the catalog's Food), so new food fields need no
    // migration; synonyms are unique per household without regard to case.
    try connection.execute(
      """
      CREATE TABLE user_foods (
        household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
        food_id TEXT NOT NULL,
        document TEXT NOT NULL,
        saved_at REAL NOT NULL,
        PRIMARY KEY (household_id, food_id)
      );
      CREATE TABLE user_food_synonyms (
        household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
        synonym TEXT NOT NULL COLLATE NOCASE,
        food_id TEXT NOT NULL,
        saved_at REAL NOT NULL,
        PRIMARY KEY (household_id, synonym)
      );
      """, operation: "creating the user foods tables")
  }

  fileprivate static func createAccounts(_ connection: SQLiteConnection) throws {
    // Tokens (sessions, API tokens, invitations, share links) are kept only as the SHA-256 of
    // the token, so a copy of the database signs no one in. A database made before accounts
    // keeps everything in the 'default' household; the first account becomes its owner.
    try connection.execute(
      """
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        login TEXT NOT NULL UNIQUE COLLATE NOCASE,
        display_name TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        created_at REAL NOT NULL
      );
      CREATE TABLE memberships (
        household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role TEXT NOT NULL,
        joined_at REAL NOT NULL,
        PRIMARY KEY (household_id, user_id)
      );
      CREATE INDEX memberships_by_user ON memberships (user_id);
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
        created_at REAL NOT NULL,
        last_seen_at REAL NOT NULL,
        expires_at REAL NOT NULL,
        user_agent TEXT NOT NULL,
        client_address TEXT NOT NULL
      );
      CREATE INDEX sessions_by_user ON sessions (user_id);
      CREATE TABLE api_tokens (
        id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        is_read_only INTEGER NOT NULL,
        created_at REAL NOT NULL,
        last_used_at REAL
      );
      CREATE INDEX api_tokens_by_user ON api_tokens (user_id);
      CREATE TABLE invitations (
        id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
        role TEXT NOT NULL,
        created_by TEXT NOT NULL,
        created_at REAL NOT NULL,
        expires_at REAL NOT NULL,
        max_uses INTEGER NOT NULL,
        uses INTEGER NOT NULL
      );
      CREATE TABLE share_links (
        id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
        recipe_id TEXT NOT NULL,
        created_by TEXT NOT NULL,
        created_at REAL NOT NULL
      );
      CREATE INDEX share_links_by_household ON share_links (household_id);
      """, operation: "creating the account tables")
  }

  fileprivate static func createRecipeMarks(_ connection: SQLiteConnection) throws {
    // A mark belongs to a membership and to a recipe, so leaving a household, removing an
    // account and deleting a recipe take their marks with them. The recipe's own flag, rating
    // and notes stay where they are: the command line, which acts for no one in particular,
    // keeps reading and writing them.
    try connection.execute(
      """
      CREATE TABLE recipe_marks (
        household_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        recipe_id TEXT NOT NULL REFERENCES recipes(id) ON DELETE CASCADE,
        is_favorite INTEGER NOT NULL,
        rating INTEGER,
        notes TEXT,
        PRIMARY KEY (household_id, user_id, recipe_id),
        FOREIGN KEY (household_id, user_id)
          REFERENCES memberships (household_id, user_id) ON DELETE CASCADE
      ) WITHOUT ROWID;
      CREATE INDEX recipe_marks_by_recipe ON recipe_marks (recipe_id);
      """, operation: "creating the recipe marks table")
    // A database that has accounts already gives each household's first owner the marks its
    // recipes carry, as the first account of a database without any is given them when made
    // (`RecipeMarkStore.adoptRecipeMarks`): nothing marked before is lost to the web.
    let owners = try connection.query(
      """
      SELECT household_id, user_id FROM memberships WHERE role = 'owner'
      ORDER BY household_id, joined_at, user_id
      """, operation: "finding each household's first owner"
    ) { row in (row.string(0) ?? "", row.string(1) ?? "") }
    var seen: Set<String> = []
    for (household, user) in owners where seen.insert(household).inserted {
      try RecipeMarks.adopt(
        user: UserID(rawValue: user), household: HouseholdID(rawValue: household),
        connection: connection)
    }
  }

  fileprivate static func createUserSettings(_ connection: SQLiteConnection) throws {
    // Settings belong to a membership, so leaving a household or removing an account takes
    // them along. Lists are JSON arrays of text; nothing queries inside them.
    try connection.execute(
      """
      CREATE TABLE user_settings (
        household_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        staples TEXT NOT NULL,
        diets TEXT NOT NULL,
        units TEXT NOT NULL,
        updated_at REAL NOT NULL,
        PRIMARY KEY (household_id, user_id),
        FOREIGN KEY (household_id, user_id)
          REFERENCES memberships (household_id, user_id) ON DELETE CASCADE
      ) WITHOUT ROWID;
      """, operation: "creating the user settings table")
  }

  fileprivate static func addSharedCollections(_ connection: SQLiteConnection) throws {
    // A link to a collection names the tag and leaves recipe_id empty (its NOT NULL stays, so
    // the table is only added to, not rebuilt); a link to a recipe leaves collection NULL.
    try connection.execute(
      "ALTER TABLE share_links ADD COLUMN collection TEXT",
      operation: "adding collections to share links")
  }

  fileprivate static func createImages(_ connection: SQLiteConnection) throws {
    // Images are immutable: the digest (FNV-1a of the bytes) finds identical bytes already
    // stored, and the bytes themselves are compared, so a digest collision cannot merge two
    // different images.
    try connection.execute(
      """
      CREATE TABLE images (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
        format TEXT NOT NULL,
        byte_count INTEGER NOT NULL,
        digest TEXT NOT NULL,
        created_at REAL NOT NULL,
        bytes BLOB NOT NULL
      );
      CREATE INDEX images_by_digest ON images (household_id, digest);
      """, operation: "creating the images table")
  }

  /// A finder index saved beside the database is trusted on the next start only if nothing it
  /// was made of changed since (``SQLiteRecipeStore/libraryVersion(household:)``). Triggers
  /// bump the household's version on every row written to the recipes, their foods and the
  /// household's own foods and synonyms, whichever statement, process or cascade writes it,
  /// so a change made with the sqlite3 shell counts too. Versions come from one clock that
  /// only moves forward, so a household deleted and made again, or a recipe deleted and
  /// another created, never brings an old version back. No foreign key: a cascade deleting a
  /// household's rows fires the triggers for a household that is going.
  fileprivate static func versionLibraries(_ connection: SQLiteConnection) throws {
    func bump(_ household: String) -> String {
      """
        UPDATE library_clock SET tick = tick + 1;
        INSERT INTO library_versions (household_id, version)
          SELECT \(household), tick FROM library_clock WHERE \(household) IS NOT NULL
          ON CONFLICT (household_id) DO UPDATE SET version = excluded.version;
      """
    }
    let ofRecipe = { (row: String) in
      "(SELECT household_id FROM recipes WHERE seq = \(row).recipe_seq)"
    }
    var triggers = """
      CREATE TABLE library_clock (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        tick INTEGER NOT NULL
      );
      INSERT INTO library_clock (id, tick) VALUES (1, 1);
      CREATE TABLE library_versions (
        household_id TEXT PRIMARY KEY,
        version INTEGER NOT NULL
      ) WITHOUT ROWID;
      INSERT INTO library_versions (household_id, version) SELECT id, 1 FROM households;

      """
    let events: [(name: String, event: String, households: [String])] = [
      ("households_versioned_in", "INSERT ON households", ["NEW.id"]),
      ("recipes_versioned_in", "INSERT ON recipes", ["NEW.household_id"]),
      ("recipes_versioned_changed", "UPDATE ON recipes", ["OLD.household_id", "NEW.household_id"]),
      ("recipes_versioned_out", "DELETE ON recipes", ["OLD.household_id"]),
      ("recipe_foods_versioned_in", "INSERT ON recipe_foods", [ofRecipe("NEW")]),
      (
        "recipe_foods_versioned_changed", "UPDATE ON recipe_foods",
        [ofRecipe("OLD"), ofRecipe("NEW")]
      ),
      ("recipe_foods_versioned_out", "DELETE ON recipe_foods", [ofRecipe("OLD")]),
      ("user_foods_versioned_in", "INSERT ON user_foods", ["NEW.household_id"]),
      (
        "user_foods_versioned_changed", "UPDATE ON user_foods",
        ["OLD.household_id", "NEW.household_id"]
      ),
      ("user_foods_versioned_out", "DELETE ON user_foods", ["OLD.household_id"]),
      ("user_food_synonyms_versioned_in", "INSERT ON user_food_synonyms", ["NEW.household_id"]),
      (
        "user_food_synonyms_versioned_changed", "UPDATE ON user_food_synonyms",
        ["OLD.household_id", "NEW.household_id"]
      ),
      ("user_food_synonyms_versioned_out", "DELETE ON user_food_synonyms", ["OLD.household_id"]),
    ]
    for (name, event, households) in events {
      triggers += "CREATE TRIGGER \(name) AFTER \(event) BEGIN\n"
      triggers += households.map(bump).joined()
      triggers += "END;\n"
    }
    try connection.execute(triggers, operation: "versioning each household's library")
  }

  fileprivate static func readLinesInTheirLanguage(_ connection: SQLiteConnection) throws {
    // Lines were read as English whatever the recipe's language; every household with recipes
    // is marked for one pass of matching again, which reads each recipe in its language.
    try connection.execute(
      """
      INSERT OR IGNORE INTO analysis_pending (household_id)
        SELECT DISTINCT household_id FROM recipes;
      """, operation: "marking recipes to be read again in their language")
  }

  fileprivate static func readMisspeltNames(_ connection: SQLiteConnection) throws {
    // Lines in other languages now match a food name with a one-letter slip, and a line of
    // choices whose first is unknown takes its first known one: every household with recipes
    // is marked for one pass of matching again, so stored lines read as new ones do.
    try connection.execute(
      """
      INSERT OR IGNORE INTO analysis_pending (household_id)
        SELECT DISTINCT household_id FROM recipes;
      """, operation: "marking recipes to be read again with misspelt names")
  }

  fileprivate static func addFinderAmounts(_ connection: SQLiteConnection) throws {
    // Each required food's amount, and the lines of alternatives as a JSON array of arrays
    // (NULL when none), so the finder checks amounts and alternatives without decoding
    // documents. Stored lines were matched before alternatives were, so every household with
    // recipes is marked for one pass of matching again (`analysis_pending`), which the server
    // runs in the background; the rows written here already carry the stored lines' amounts.
    try connection.execute(
      """
      ALTER TABLE recipe_foods ADD COLUMN quantity REAL;
      ALTER TABLE recipe_foods ADD COLUMN quantity_max REAL;
      ALTER TABLE recipe_foods ADD COLUMN unit TEXT;
      ALTER TABLE recipes ADD COLUMN alternatives TEXT;
      CREATE TABLE analysis_pending (
        household_id TEXT PRIMARY KEY REFERENCES households(id) ON DELETE CASCADE
      ) WITHOUT ROWID;
      INSERT INTO analysis_pending (household_id) SELECT DISTINCT household_id FROM recipes;
      """, operation: "adding amounts and alternatives to recipe foods")
    // A document that no longer reads keeps its rows as they were (without amounts), so one
    // damaged recipe does not stop the database from opening; reading it says what is wrong.
    let rows = try connection.query(
      "SELECT seq, id, document FROM recipes", operation: "reading recipes to list their amounts"
    ) { row in (row.int(0), row.string(1) ?? "", row.string(2) ?? "") }
    for (seq, id, document) in rows {
      guard let recipe = try? RecipeDocument.decode(document, id: id) else { continue }
      try RecipeFoods.write(recipe, seq: seq, schema: .current, connection: connection)
    }
  }

  fileprivate static func createPlanningTables(_ connection: SQLiteConnection) throws {
    // Each record is a JSON document beside the columns lists are filtered and ordered by;
    // `seq` keeps the order records were first saved in (an upsert keeps its row).
    try connection.execute(
      """
      CREATE TABLE IF NOT EXISTS pantry_items (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
        expires_on TEXT,
        document TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS pantry_items_by_expiry
        ON pantry_items (household_id, expires_on);
      CREATE TABLE IF NOT EXISTS meal_plan_entries (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
        day TEXT NOT NULL,
        meal_order INTEGER NOT NULL,
        document TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS meal_plan_entries_by_day
        ON meal_plan_entries (household_id, day, meal_order);
      CREATE TABLE IF NOT EXISTS shopping_list_items (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
        is_manual INTEGER NOT NULL,
        document TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS shopping_list_items_by_household
        ON shopping_list_items (household_id, seq);
      """, operation: "creating the pantry, meal plan and shopping list tables")
  }
}

/// The `recipe_foods` rows, `unmatched_lines` count and `alternatives` that mirror a recipe's
/// analysed lines.
enum RecipeFoods {
  /// Which columns a migration's schema has.
  enum Schema {
    /// Foods and their optional flag only: the schema of migrations 3 to 9.
    case foodsOnly
    /// Amounts and alternatives too (migration 10 on).
    case current
  }

  /// Writes the rows of the recipe's ``RecipeFoodProfile``, replacing any earlier ones, in
  /// the columns `schema` has (by default, those of the database's recorded version).
  static func write(
    _ recipe: Recipe, seq: Int64, schema: Schema? = nil, connection: SQLiteConnection
  ) throws {
    let schema = try schema ?? (Migrations.userVersion(connection) >= 10 ? .current : .foodsOnly)
    try connection.run(
      "DELETE FROM recipe_foods WHERE recipe_seq = ?", [.integer(seq)],
      operation: "replacing a recipe's foods")
    let profile = RecipeFoodProfile(recipe)
    var foods = profile.requiredFoods.map { ($0, false) }
    if schema == .foodsOnly {
      // Before migration 10 a line's alternatives were never matched, so its foods are its own.
      foods += profile.alternatives.compactMap(\.first).map { ($0, false) }
    }
    foods += profile.optionalFoods.map { ($0, true) }
    var written = Set<String>()
    for (food, isOptional) in foods where written.insert(food).inserted {
      switch schema {
      case .foodsOnly:
        try connection.run(
          "INSERT INTO recipe_foods (recipe_seq, food_id, is_optional) VALUES (?, ?, ?)",
          [.integer(seq), .text(food), .integer(isOptional ? 1 : 0)],
          operation: "listing a recipe's foods")
      case .current:
        let amount = profile.amounts[food]
        try connection.run(
          """
          INSERT INTO recipe_foods (recipe_seq, food_id, is_optional, quantity, quantity_max, unit)
          VALUES (?, ?, ?, ?, ?, ?)
          """,
          [
            .integer(seq), .text(food), .integer(isOptional ? 1 : 0),
            amount.map { .real($0.quantity) } ?? .null,
            amount?.quantityMax.map { .real($0) } ?? .null,
            amount?.unit.map { .text($0.id) } ?? .null,
          ],
          operation: "listing a recipe's foods")
      }
    }
    switch schema {
    case .foodsOnly:
      try connection.run(
        "UPDATE recipes SET unmatched_lines = ? WHERE seq = ?",
        [.integer(Int64(profile.unmatchedLines)), .integer(seq)],
        operation: "counting a recipe's unmatched lines")
    case .current:
      try connection.run(
        "UPDATE recipes SET unmatched_lines = ?, alternatives = ? WHERE seq = ?",
        [
          .integer(Int64(profile.unmatchedLines)),
          try encodeAlternatives(profile.alternatives).map { .text($0) } ?? .null,
          .integer(seq),
        ],
        operation: "counting a recipe's unmatched lines")
    }
  }

  /// The `alternatives` column's text: nil when the recipe has none.
  static func encodeAlternatives(_ alternatives: [[String]]) throws -> String? {
    guard !alternatives.isEmpty else { return nil }
    return String(decoding: try JSONEncoder().encode(alternatives), as: UTF8.self)
  }

  /// The lines of alternatives the column holds; an unreadable value is a corrupt row.
  static func decodeAlternatives(_ text: String?, id: String) throws -> [[String]] {
    guard let text, !text.isEmpty else { return [] }
    do {
      return try JSONDecoder().decode([[String]].self, from: Data(text.utf8))
    } catch {
      throw LarderStoreError.corruptDocument(
        id: "recipe \(id) alternatives", reason: "\(error)")
    }
  }
}

/// The `recipe_marks` rows: each member's own favourite flag, rating and note on a recipe.
enum RecipeMarks {
  /// Copies the flag, rating and notes the household's recipes carry into the user's marks,
  /// for every recipe the user has not marked; returns how many marks were made.
  @discardableResult
  static func adopt(
    user: UserID, household: HouseholdID, connection: SQLiteConnection
  ) throws -> Int {
    try connection.run(
      """
      INSERT OR IGNORE INTO recipe_marks
        (household_id, user_id, recipe_id, is_favorite, rating, notes)
      SELECT household_id, ?, id, is_favorite, rating, notes FROM (
        SELECT household_id, id, is_favorite, rating,
          NULLIF(json_extract(document, '$.notes'), '') AS notes
        FROM recipes WHERE household_id = ?
      ) WHERE is_favorite = 1 OR rating IS NOT NULL OR notes IS NOT NULL
      """, [.text(user.rawValue), .text(household.rawValue)],
      operation: "giving the first owner the recipes' favourites, ratings and notes")
    return connection.changeCount
  }
}

/// How a recipe is written into the `recipes.document` column.
enum RecipeDocument {
  static func encode(_ recipe: Recipe) throws -> String {
    String(decoding: try LarderJSON.encode(recipe), as: UTF8.self)
  }

  /// The summary lists show, stored beside the document so a page of results decodes little.
  static func encodeSummary(_ recipe: Recipe) throws -> String {
    String(decoding: try LarderJSON.encode(RecipeSummary(recipe)), as: UTF8.self)
  }

  static func decodeSummary(_ text: String, id: String) throws -> RecipeSummary {
    // Larder's own JSON is read without Foundation's decoder (a page of search results spent
    // most of its time there); anything else goes through the decoder, which words errors.
    if let read = RecipeSummary.readingStoredJSON(text) { return read }
    do {
      return try LarderJSON.decode(RecipeSummary.self, from: Data(text.utf8))
    } catch {
      throw LarderStoreError.corruptDocument(id: id, reason: "summary: \(error)")
    }
  }

  static func decode(_ text: String, id: String) throws -> Recipe {
    do {
      return try LarderJSON.decode(Recipe.self, from: Data(text.utf8))
    } catch {
      throw LarderStoreError.corruptDocument(id: id, reason: "\(error)")
    }
  }
}

/// The FTS5 index over title, description, ingredients, tags and instructions, plus a `scope`
/// column of filter tokens (household, favourite).
///
/// The favourite token stands for the recipe's own flag, which the command line keeps. A
/// member's own favourites are not tokens (each star would rewrite the recipe's whole entry,
/// once per member): a search among them is restricted to their IDs
/// (``RecipeQuery/onlyIDs``), which still counts and ranks inside the index.
enum SearchIndex {
  /// Column weights for bm25: a hit in the title counts most, one in the steps least, and the
  /// scope tokens not at all.
  static let bm25Weights = "10.0, 2.0, 4.0, 3.0, 1.0, 0.0"

  /// The token standing for a household: "h" and the ID's UTF-8 in hex, so any ID is one token.
  static func householdToken(_ household: HouseholdID) -> String {
    "h" + household.rawValue.utf8.map { String(format: "%02x", $0) }.joined()
  }

  /// The token standing for the favourite flag.
  static let favoriteToken = "favourite"

  /// The schema version that made the index of titles.
  static let titlesVersion = 14
  /// The schema version that made the list of the index's words.
  static let wordsVersion = 15

  /// Indexes the recipe under `seq`, in the index of titles too when the database's recorded
  /// version has it.
  static func insert(_ recipe: Recipe, seq: Int64, connection: SQLiteConnection) throws {
    let version = try Migrations.userVersion(connection)
    let titles = version >= titlesVersion
    let tags = recipe.keywords + recipe.courses + recipe.cuisines + recipe.diets.map(\.rawValue)
    var scope = [householdToken(recipe.householdID)]
    if recipe.isFavorite { scope.append(favoriteToken) }
    if titles {
      try connection.run(
        "INSERT INTO recipe_titles (rowid, title, scope) VALUES (?, ?, ?)",
        [.integer(seq), .text(recipe.name), .text(scope.joined(separator: " "))],
        operation: "indexing recipe for search")
    }
    try connection.run(
      """
      INSERT INTO recipe_search (rowid, title, description, ingredients, tags, instructions, scope)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .integer(seq), .text(recipe.name), .text(recipe.description ?? ""),
        .text(recipe.ingredientLines.map(\.text).joined(separator: "\n")),
        .text(tags.joined(separator: ", ")),
        .text(recipe.steps.map(\.text).joined(separator: "\n")),
        .text(scope.joined(separator: " ")),
      ], operation: "indexing recipe for search")
    if version >= wordsVersion {
      try addWords(
        of: [
          recipe.name, recipe.description ?? "",
          recipe.ingredientLines.map(\.text).joined(separator: "\n"), tags.joined(separator: ", "),
          recipe.steps.map(\.text).joined(separator: "\n"),
        ].joined(separator: "\n"), connection: connection)
    }
  }

  /// Stages the words of `text` for `search_words`, as FTS5's tokenizer makes them: the text
  /// goes into a private in-memory index with the same tokenizer, whose vocabulary
  /// ``collectWords(connection:)`` reads once per write (``SQLiteDatabase/write(_:_:)``
  /// calls it before committing), so an import of a thousand recipes reads it once.
  static func addWords(of text: String, connection: SQLiteConnection) throws {
    if !connection.hasStagedWords {
      try connection.execute(
        """
        CREATE VIRTUAL TABLE IF NOT EXISTS temp.word_probe USING fts5(
          text, tokenize = 'unicode61 remove_diacritics 2');
        CREATE VIRTUAL TABLE IF NOT EXISTS temp.word_probe_words
          USING fts5vocab(temp, word_probe, row);
        """, operation: "listing a recipe's words")
    }
    try connection.run(
      "INSERT INTO temp.word_probe (text) VALUES (?)", [.text(text)],
      operation: "listing a recipe's words")
    connection.hasStagedWords = true
  }

  /// Adds the staged words (``addWords(of:connection:)``) to `search_words` and drops the
  /// private index (quicker than deleting its rows, which FTS5 would tokenize again).
  static func collectWords(connection: SQLiteConnection) throws {
    try connection.execute(
      """
      INSERT OR IGNORE INTO search_words (word) SELECT term FROM temp.word_probe_words;
      DROP TABLE temp.word_probe_words;
      DROP TABLE temp.word_probe;
      """, operation: "listing recipes' words")
    connection.hasStagedWords = false
  }

  /// The words of the index starting with `prefix`, up to `limit` (nil when there are more):
  /// what a prefix longer than the prefix index's can be matched as, an OR of words.
  static func words(
    startingWith prefix: String, limit: Int, connection: SQLiteConnection
  ) throws -> [String]? {
    // Every word starting with the prefix sorts between it and it followed by the largest
    // scalar (BINARY order is UTF-8's, which is scalar order).
    let words = try connection.query(
      "SELECT word FROM search_words WHERE word >= ? AND word < ? ORDER BY word LIMIT ?",
      [.text(prefix), .text(prefix + "\u{10FFFF}"), .integer(Int64(limit + 1))],
      operation: "searching recipes"
    ) { $0.string(0) ?? "" }
    return words.count > limit ? nil : words
  }

  static func delete(seq: Int64, connection: SQLiteConnection) throws {
    if try Migrations.userVersion(connection) >= titlesVersion {
      try connection.run(
        "DELETE FROM recipe_titles WHERE rowid = ?", [.integer(seq)],
        operation: "removing recipe from search index")
    }
    try connection.run(
      "DELETE FROM recipe_search WHERE rowid = ?", [.integer(seq)],
      operation: "removing recipe from search index")
  }

  /// The condition keeping only the matches whose recipes' IDs are in a JSON array, the
  /// statement's parameter after the match. The unary + keeps the planner from handing FTS5
  /// each ID as a rowid to look up, which runs the whole match once per ID (20 times slower
  /// for 200 favourites among 10,000 recipes).
  static let onlyIDsFilter = onlyIDsFilter(in: "recipe_search")

  /// ``onlyIDsFilter`` for a query of `table`.
  static func onlyIDsFilter(in table: String) -> String {
    " AND +\(table).rowid IN "
      + "(SELECT seq FROM recipes WHERE id IN (SELECT value FROM json_each(?)))"
  }

  /// An FTS5 query matching every term as a prefix in `columns` (the text columns by
  /// default), within the household when one is given (and among favourites when asked).
  ///
  /// Valid FTS5 for any terms: each is one quoted string with its quotes doubled (FTS5's
  /// escape) and control characters dropped (a NUL would end the bound text early and leave
  /// the string unclosed). ``RecipeQuery/searchTerms`` holds no punctuation anyway; this does
  /// not rely on it.
  ///
  /// A term with `words` (every word of the index it starts) matches as an OR of them: the
  /// same recipes, read lazily rather than merged first.
  static func matchExpression(
    for terms: [String], household: HouseholdID?, favoritesOnly: Bool,
    columns: String = "title description ingredients tags instructions",
    words: [String: [String]] = [:]
  ) -> String {
    func quote(_ text: String) -> String {
      let safe = String(
        String.UnicodeScalarView(
          text.unicodeScalars.filter { $0.properties.generalCategory != .control }))
      return "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
    let quoted = terms.map { term in
      guard let expansion = words[term], !expansion.isEmpty else { return quote(term) + "*" }
      return "(" + expansion.map(quote).joined(separator: " OR ") + ")"
    }
    // No terms would leave "()", a syntax error; an empty string matches nothing.
    let text = quoted.isEmpty ? "\"\"" : quoted.joined(separator: " AND ")
    var expression = "{\(columns)} : (\(text))"
    if let household { expression += " AND scope : \(householdToken(household))" }
    if favoritesOnly { expression += " AND scope : \(favoriteToken)" }
    return expression
  }
}
