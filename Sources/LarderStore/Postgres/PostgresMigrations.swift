import Foundation

/// One step of the PostgreSQL schema's history; append-only, as SQLite's ``Migration``s are.
struct PostgresMigration: Sendable {
  /// The schema version the database has after this migration.
  let version: Int
  /// What it does, for error messages.
  let summary: String
  /// The statements, run inside the migration's transaction.
  let sql: String
}

/// The PostgreSQL schema, versioned on its own: it starts at SQLite's schema as of version 16,
/// in one step, and grows by steps of its own.
enum PostgresMigrations {
  /// Every migration, oldest first.
  static let all: [PostgresMigration] = [
    PostgresMigration(
      version: 1, summary: "households, recipes, search, foods, planning, images and accounts",
      sql: schema1),
    PostgresMigration(
      version: 2, summary: "notifying other processes of changes", sql: notifications2),
    PostgresMigration(
      version: 3, summary: "failed sign-ins every process sees", sql: signInFailures3),
    PostgresMigration(
      version: 4, summary: "answers to changes every process can replay",
      sql: replayedAnswers4),
    PostgresMigration(version: 5, summary: "a search index of titles", sql: titleSearch5),
    PostgresMigration(
      version: 6, summary: "misspelt food names and first known choices in other languages",
      sql: misspeltNames6),
  ]

  /// The newest schema version this binary knows.
  static var latestVersion: Int { all.last?.version ?? 0 }

  /// The advisory lock key held while migrating, so two processes starting at once do not
  /// both migrate: the second waits, then finds nothing left to do.
  static let lockKey: Int64 = 0x4C_41_52_44_45_52_4D

  /// Brings the database's schema up to `target` (the latest by default), creating it (and
  /// the schema named by the database's `schema`, when there is one) when there is none;
  /// returns the version it had.
  @discardableResult
  static func migrate(
    _ database: PostgresDatabase, upTo target: Int = latestVersion
  ) throws
    -> Int
  {
    let operation = "upgrading the database schema"
    return try database.withConnection(operation) { connection in
      try connection.run("SELECT pg_advisory_lock($1)", [.integer(lockKey)], operation: operation)
      defer {
        _ = try? connection.run(
          "SELECT pg_advisory_unlock($1)", [.integer(lockKey)], operation: operation)
      }
      try connection.execute("BEGIN", operation: operation)
      do {
        if let schema = database.schema {
          try connection.execute(
            "CREATE SCHEMA IF NOT EXISTS \(quotedIdentifier(schema))", operation: operation)
        }
        // unaccent folds "crème brûlée" to "creme brulee" for search, as FTS5's unicode61 does.
        try connection.execute(
          """
          CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
          CREATE TABLE IF NOT EXISTS larder_schema (
            only_row BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (only_row),
            version INTEGER NOT NULL
          );
          """, operation: operation)
        let found =
          try connection.query("SELECT version FROM larder_schema", operation: operation) {
            Int($0.int(0))
          }.first ?? 0
        guard found <= latestVersion else {
          throw LarderStoreError.schemaTooNew(found: found, supported: latestVersion)
        }
        for migration in all where migration.version > found && migration.version <= target {
          do {
            try connection.execute(migration.sql, operation: operation)
          } catch {
            throw LarderStoreError.migrationFailed(
              version: migration.version, reason: "\(migration.summary): \(error)")
          }
          try connection.run(
            """
            INSERT INTO larder_schema (only_row, version) VALUES (TRUE, $1)
            ON CONFLICT (only_row) DO UPDATE SET version = excluded.version
            """, [.integer(Int64(migration.version))], operation: "recording schema version")
        }
        try connection.execute("COMMIT", operation: operation)
        return found
      } catch {
        try? connection.execute("ROLLBACK", operation: "rolling back a failed upgrade")
        throw error
      }
    }
  }

  /// `name` as a quoted SQL identifier.
  static func quotedIdentifier(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// Every change to a recipe or to a household's own foods is announced on the channel
  /// `larder_changes_SCHEMA` (PostgreSQL delivers it at commit, once per distinct payload),
  /// as JSON naming the process that made it (`larder.origin`), so every other Larder process
  /// on the database can bring its finder, library and catalog up to date.
  private static let notifications2 = """
    CREATE FUNCTION larder_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed RECORD;
    BEGIN
      IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
      IF TG_TABLE_NAME = 'recipes' THEN
        PERFORM pg_notify('larder_changes_' || TG_TABLE_SCHEMA, json_build_object(
          'o', current_setting('larder.origin', true), 'k', 'r', 'h', changed.household_id,
          'id', changed.id, 'd', TG_OP = 'DELETE')::text);
      ELSE
        PERFORM pg_notify('larder_changes_' || TG_TABLE_SCHEMA, json_build_object(
          'o', current_setting('larder.origin', true), 'k', 'f',
          'h', changed.household_id)::text);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER recipes_notified AFTER INSERT OR UPDATE OR DELETE ON recipes
      FOR EACH ROW EXECUTE FUNCTION larder_notify_change();
    CREATE TRIGGER user_foods_notified AFTER INSERT OR UPDATE OR DELETE ON user_foods
      FOR EACH ROW EXECUTE FUNCTION larder_notify_change();
    CREATE TRIGGER user_food_synonyms_notified
      AFTER INSERT OR UPDATE OR DELETE ON user_food_synonyms
      FOR EACH ROW EXECUTE FUNCTION larder_notify_change();
    """

  /// Failed sign-ins by key (a login name, a client address), so every process serving the
  /// database slows guessing alike.
  private static let signInFailures3 = """
    CREATE TABLE sign_in_failures (
      key TEXT PRIMARY KEY,
      failures INTEGER NOT NULL,
      last_at DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX sign_in_failures_by_time ON sign_in_failures (last_at);
    """

  /// The answer each change sent with an idempotency key got, for a day.
  private static let replayedAnswers4 = """
    CREATE TABLE replayed_answers (
      key TEXT PRIMARY KEY,
      kept_at DOUBLE PRECISION NOT NULL,
      status INTEGER NOT NULL,
      headers TEXT NOT NULL,
      body BYTEA NOT NULL
    );
    CREATE INDEX replayed_answers_by_time ON replayed_answers (kept_at);
    """

  /// A search matching very many recipes lists those with its words in the title first
  /// (``PostgresRecipeStore``). Asking the weighted index for title-only matches rechecks every
  /// match's words, or walks every recipe from the newest when the planner expects many (0.35 s
  /// for "saffron" at 100,000 recipes); the titles' own index answers at once.
  private static let titleSearch5 = """
    ALTER TABLE recipes ADD COLUMN title_search TSVECTOR NOT NULL DEFAULT ''::tsvector;
    UPDATE recipes SET title_search = to_tsvector('simple', unaccent(name));
    CREATE INDEX recipes_title_search ON recipes USING GIN (title_search);
    """

  /// Lines in other languages now match a food name with a one-letter slip, and a line of
  /// choices whose first is unknown takes its first known one: every household with recipes
  /// is marked for one pass of matching again (SQLite's version 18).
  private static let misspeltNames6 = """
    INSERT INTO analysis_pending (household_id)
      SELECT DISTINCT household_id FROM recipes
      ON CONFLICT DO NOTHING;
    """

  /// The schema of SQLite's version 16, in PostgreSQL's types. Times are seconds since 1970
  /// as `DOUBLE PRECISION`, as SQLite keeps them, so a copy between the two is exact.
  private static let schema1 = """
    CREATE TABLE households (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      created_at DOUBLE PRECISION NOT NULL
    );
    INSERT INTO households (id, name, created_at)
      VALUES ('default', 'Home', extract(epoch FROM now()));

    -- IDs in byte order, so an ID prefix is a range scan of the unique index.
    CREATE TABLE recipes (
      seq BIGSERIAL PRIMARY KEY,
      id TEXT COLLATE "C" NOT NULL UNIQUE,
      household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      source_key TEXT NOT NULL,
      is_favorite BOOLEAN NOT NULL DEFAULT FALSE,
      rating INTEGER,
      total_seconds BIGINT,
      created_at DOUBLE PRECISION NOT NULL,
      updated_at DOUBLE PRECISION NOT NULL,
      document TEXT NOT NULL,
      summary TEXT NOT NULL DEFAULT '',
      unmatched_lines INTEGER NOT NULL DEFAULT 0,
      alternatives TEXT,
      -- Weighted words: A title, B ingredients and tags, C description, D steps.
      search TSVECTOR NOT NULL DEFAULT ''::tsvector
    );
    CREATE INDEX recipes_by_name ON recipes (household_id, lower(name) COLLATE "C", seq);
    CREATE INDEX recipes_by_source ON recipes (household_id, source_key);
    CREATE INDEX recipes_by_created ON recipes (household_id, created_at, seq);
    CREATE INDEX recipes_by_updated ON recipes (household_id, updated_at, seq);
    CREATE INDEX recipes_by_household_seq ON recipes (household_id, seq);
    CREATE INDEX recipes_search ON recipes USING GIN (search);

    -- Each household's recipe count, kept by triggers: count(*) walks an index each page.
    CREATE TABLE recipe_counts (
      household_id TEXT PRIMARY KEY REFERENCES households(id) ON DELETE CASCADE,
      recipes BIGINT NOT NULL
    );
    CREATE FUNCTION larder_count_recipes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE recipe_counts SET recipes = recipes - 1 WHERE household_id = OLD.household_id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO recipe_counts (household_id, recipes) VALUES (NEW.household_id, 1)
          ON CONFLICT (household_id) DO UPDATE SET recipes = recipe_counts.recipes + 1;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER recipes_counted AFTER INSERT OR DELETE ON recipes
      FOR EACH ROW EXECUTE FUNCTION larder_count_recipes();
    CREATE TRIGGER recipes_counted_moved AFTER UPDATE OF household_id ON recipes
      FOR EACH ROW WHEN (OLD.household_id IS DISTINCT FROM NEW.household_id)
      EXECUTE FUNCTION larder_count_recipes();

    -- Every word the search index has held, for reading a misspelled word as one near it.
    CREATE TABLE search_words (word TEXT COLLATE "C" PRIMARY KEY);

    CREATE TABLE recipe_foods (
      recipe_seq BIGINT NOT NULL REFERENCES recipes(seq) ON DELETE CASCADE,
      food_id TEXT NOT NULL,
      is_optional BOOLEAN NOT NULL,
      quantity DOUBLE PRECISION,
      quantity_max DOUBLE PRECISION,
      unit TEXT,
      PRIMARY KEY (recipe_seq, food_id)
    );
    CREATE INDEX recipe_foods_by_food ON recipe_foods (food_id);

    CREATE TABLE analysis_pending (
      household_id TEXT PRIMARY KEY REFERENCES households(id) ON DELETE CASCADE
    );

    CREATE TABLE user_foods (
      seq BIGSERIAL NOT NULL,
      household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
      food_id TEXT NOT NULL,
      document TEXT NOT NULL,
      saved_at DOUBLE PRECISION NOT NULL,
      PRIMARY KEY (household_id, food_id)
    );
    CREATE TABLE user_food_synonyms (
      seq BIGSERIAL NOT NULL,
      household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
      synonym TEXT NOT NULL,
      food_id TEXT NOT NULL,
      saved_at DOUBLE PRECISION NOT NULL
    );
    -- Synonyms are unique per household without regard to (ASCII) case, as SQLite's NOCASE.
    CREATE UNIQUE INDEX user_food_synonyms_key
      ON user_food_synonyms (household_id, lower(synonym) COLLATE "C");

    CREATE TABLE pantry_items (
      seq BIGSERIAL PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
      expires_on TEXT,
      document TEXT NOT NULL
    );
    CREATE INDEX pantry_items_by_expiry ON pantry_items (household_id, expires_on);
    CREATE TABLE meal_plan_entries (
      seq BIGSERIAL PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
      -- ISO days in byte order, as SQLite compares them: the index serves a week's range.
      day TEXT COLLATE "C" NOT NULL,
      meal_order INTEGER NOT NULL,
      document TEXT NOT NULL
    );
    CREATE INDEX meal_plan_entries_by_day ON meal_plan_entries (household_id, day, meal_order);
    CREATE TABLE shopping_list_items (
      seq BIGSERIAL PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
      is_manual BOOLEAN NOT NULL,
      document TEXT NOT NULL
    );
    CREATE INDEX shopping_list_items_by_household ON shopping_list_items (household_id, seq);

    CREATE TABLE images (
      seq BIGSERIAL PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
      format TEXT NOT NULL,
      byte_count BIGINT NOT NULL,
      digest TEXT NOT NULL,
      created_at DOUBLE PRECISION NOT NULL,
      bytes BYTEA NOT NULL
    );
    CREATE INDEX images_by_digest ON images (household_id, digest);

    CREATE TABLE users (
      id TEXT PRIMARY KEY,
      login TEXT NOT NULL,
      display_name TEXT NOT NULL,
      password_hash TEXT NOT NULL,
      created_at DOUBLE PRECISION NOT NULL
    );
    CREATE UNIQUE INDEX users_by_login ON users (lower(login) COLLATE "C");
    -- seq keeps the order memberships were made in, as SQLite's rowid: members who joined at
    -- the same moment list in that order (an upsert keeps its row).
    CREATE TABLE memberships (
      seq BIGSERIAL NOT NULL,
      household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role TEXT NOT NULL,
      joined_at DOUBLE PRECISION NOT NULL,
      PRIMARY KEY (household_id, user_id)
    );
    CREATE INDEX memberships_by_user ON memberships (user_id);
    CREATE TABLE sessions (
      id TEXT PRIMARY KEY,
      token_hash TEXT NOT NULL UNIQUE,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
      created_at DOUBLE PRECISION NOT NULL,
      last_seen_at DOUBLE PRECISION NOT NULL,
      expires_at DOUBLE PRECISION NOT NULL,
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
      is_read_only BOOLEAN NOT NULL,
      created_at DOUBLE PRECISION NOT NULL,
      last_used_at DOUBLE PRECISION
    );
    CREATE INDEX api_tokens_by_user ON api_tokens (user_id);
    CREATE TABLE invitations (
      id TEXT PRIMARY KEY,
      token_hash TEXT NOT NULL UNIQUE,
      household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
      role TEXT NOT NULL,
      created_by TEXT NOT NULL,
      created_at DOUBLE PRECISION NOT NULL,
      expires_at DOUBLE PRECISION NOT NULL,
      max_uses INTEGER NOT NULL,
      uses INTEGER NOT NULL
    );
    CREATE TABLE share_links (
      id TEXT PRIMARY KEY,
      token_hash TEXT NOT NULL UNIQUE,
      household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
      recipe_id TEXT NOT NULL,
      created_by TEXT NOT NULL,
      created_at DOUBLE PRECISION NOT NULL,
      collection TEXT
    );
    CREATE INDEX share_links_by_household ON share_links (household_id);

    CREATE TABLE recipe_marks (
      household_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      recipe_id TEXT NOT NULL REFERENCES recipes(id) ON DELETE CASCADE ON UPDATE CASCADE,
      is_favorite BOOLEAN NOT NULL,
      rating INTEGER,
      notes TEXT,
      PRIMARY KEY (household_id, user_id, recipe_id),
      FOREIGN KEY (household_id, user_id)
        REFERENCES memberships (household_id, user_id) ON DELETE CASCADE
    );
    CREATE INDEX recipe_marks_by_recipe ON recipe_marks (recipe_id);

    CREATE TABLE user_settings (
      household_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      staples TEXT NOT NULL,
      diets TEXT NOT NULL,
      units TEXT NOT NULL,
      updated_at DOUBLE PRECISION NOT NULL,
      PRIMARY KEY (household_id, user_id),
      FOREIGN KEY (household_id, user_id)
        REFERENCES memberships (household_id, user_id) ON DELETE CASCADE
    );
    """
}
