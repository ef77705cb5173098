import Foundation
import LarderCore

/// Recipes in a SQLite database file: Larder's embedded store.
///
/// Opening a database upgrades its schema in place; see ``open(path:maximumReaders:)``.
public final class SQLiteRecipeStore: RecipeStore {
  /// Shared with SQLiteImageStore, SQLitePlanningStore and the extensions that keep
  /// other data beside recipes, so it all lives in the same file and transactions.
  let database: SQLiteDatabase
  /// Whether this process created the database (it had no schema before opening), which is
  /// when starter recipes are loaded.
  public let isNewDatabase: Bool
  /// The schema version the database had before opening (0 for a new file).
  public let previousSchemaVersion: Int

  /// The newest schema version this binary writes.
  public static var schemaVersion: Int { Migrations.latestVersion }

  /// Opens or creates the database at `path` (":memory:" for a private in-memory one),
  /// upgrading an older schema in place.
  ///
  /// `exactSearchLimit` is how many matches a search counts and ranks by relevance before it
  /// answers "at least" (see ``recipes(matching:household:)``), and `correctsTypos` whether a
  /// word the index has never held is read as the words near it (``SearchSpelling``); the
  /// benchmarks that compare with and without change them, nothing else should.
  public static func open(
    path: String, maximumReaders: Int = 4,
    exactSearchLimit: Int = RecipeQuery.exactSearchLimit, correctsTypos: Bool = true
  ) throws -> SQLiteRecipeStore {
    let database = try SQLiteDatabase(path: path, maximumReaders: maximumReaders)
    let previous = try Migrations.migrate(database)
    return SQLiteRecipeStore(
      database: database, previousVersion: previous, exactSearchLimit: exactSearchLimit,
      correctsTypos: correctsTypos)
  }

  /// How many matches a search counts and ranks before answering "at least"
  /// (``RecipeQuery/exactSearchLimit``; tests make it small).
  let exactSearchLimit: Int
  /// Whether a search reads a word the index has never held as the words near it.
  let correctsTypos: Bool

  init(
    database: SQLiteDatabase, previousVersion: Int,
    exactSearchLimit: Int = RecipeQuery.exactSearchLimit, correctsTypos: Bool = true
  ) {
    self.database = database
    self.previousSchemaVersion = previousVersion
    self.isNewDatabase = previousVersion == 0
    self.exactSearchLimit = exactSearchLimit
    self.correctsTypos = correctsTypos
  }

  /// The database file's path.
  public var path: String { database.path }

  // MARK: - Reading

  /// The recipe with this ID in the household, or nil.
  public func recipe(id: RecipeID, household: HouseholdID) throws -> Recipe? {
    try database.read("reading a recipe") { connection in
      try connection.query(
        "SELECT id, document FROM recipes WHERE id = ? AND household_id = ?",
        [.text(id.rawValue), .text(household.rawValue)], operation: "reading a recipe"
      ) { row in try RecipeDocument.decode(row.string(1) ?? "", id: row.string(0) ?? "") }.first
    }
  }

  /// How many recipes the household has.
  public func recipeCount(household: HouseholdID) throws -> Int {
    try database.read("counting recipes") { connection in
      try Self.recipeCount(household: household, connection: connection)
    }
  }

  /// The household's library version: the tick of the library clock when a row of its
  /// recipes, their foods, or its own foods or synonyms was last written (triggers of
  /// migration 17 keep it, whoever writes). Nil for a household the database does not know.
  public func libraryVersion(household: HouseholdID) throws -> Int64? {
    try database.read("reading the library version") { connection in
      try connection.query(
        "SELECT version FROM library_versions WHERE household_id = ?", [.text(household.rawValue)],
        operation: "reading the library version"
      ) { $0.int(0) }.first
    }
  }

  /// Up to ten IDs that start with `prefix`, so people can type a short ID.
  public func recipeIDs(startingWith prefix: String, household: HouseholdID) throws -> [RecipeID] {
    try database.read("finding recipes by ID prefix") { connection in
      // IDs are lowercase hex and dashes, all below "~": a range scan on the unique index.
      try connection.query(
        "SELECT id FROM recipes WHERE household_id = ? AND id >= ? AND id < ? ORDER BY id LIMIT 10",
        [.text(household.rawValue), .text(prefix), .text(prefix + "~")],
        operation: "finding recipes by ID prefix"
      ) { RecipeID(rawValue: $0.string(0) ?? "") }
    }
  }

  /// A page of summaries: full-text matches ranked by bm25 when the query has text, otherwise
  /// every recipe in the requested order.
  ///
  /// When a misspelled word was read as the words near it, the page's
  /// ``Page/correctedQuery`` gives the search with each such word as the nearest of them.
  public func recipes(
    matching query: RecipeQuery, household: HouseholdID
  ) throws
    -> Page<RecipeSummary>
  {
    let terms = query.searchTerms
    let corrections = try self.corrections(for: terms)
    var page = try recipes(
      matching: query, terms: terms, corrections: corrections, household: household)
    page.correctedQuery = SearchSpelling.correctedQuery(terms, corrections: corrections)
    return page
  }

  private func recipes(
    matching query: RecipeQuery, terms: [String], corrections: [String: [String]],
    household: HouseholdID
  ) throws -> Page<RecipeSummary> {
    let sort = query.effectiveSort
    let order: String
    switch sort {
    case .relevance, .name: order = "r.name COLLATE NOCASE, r.seq"
    case .newest: order = "r.created_at DESC, r.seq DESC"
    case .updated: order = "r.updated_at DESC, r.seq DESC"
    case .rating: order = "r.rating DESC NULLS LAST, r.name COLLATE NOCASE, r.seq"
    case .time: order = "r.total_seconds ASC NULLS LAST, r.name COLLATE NOCASE, r.seq"
    }
    let page: [SQLiteValue] = [.integer(Int64(query.limit)), .integer(Int64(query.offset))]
    if query.onlyIDs?.isEmpty == true {
      return Page(items: [], total: 0, offset: query.offset, limit: query.limit)
    }
    // Only some IDs (a member's favourites): one parameter, a JSON array of them.
    let onlyIDs: [SQLiteValue] = try query.onlyIDs.map { [try Self.jsonArray($0)] } ?? []
    let countSQL: String
    let pageSQL: String
    let parameters: [SQLiteValue]
    if terms.isEmpty {
      var filter = "r.household_id = ?" + (query.favoritesOnly ? " AND r.is_favorite = 1" : "")
      if !onlyIDs.isEmpty { filter += " AND r.id IN (SELECT value FROM json_each(?))" }
      parameters = [.text(household.rawValue)] + onlyIDs
      countSQL = "SELECT count(*) FROM recipes r WHERE \(filter)"
      pageSQL =
        "SELECT r.id, r.summary FROM recipes r WHERE \(filter) ORDER BY \(order) LIMIT ? OFFSET ?"
    } else if sort == .relevance {
      return try search(
        terms: terms, corrections: corrections, query: query, onlyIDs: onlyIDs,
        household: household)
    } else {
      // The household and favourite filters are part of the match, so counting stays inside
      // the full-text index (see ``search(terms:query:onlyIDs:household:)``).
      parameters =
        [
          .text(
            SearchIndex.matchExpression(
              for: terms, household: household, favoritesOnly: query.favoritesOnly,
              words: corrections))
        ] + onlyIDs
      let only = onlyIDs.isEmpty ? "" : SearchIndex.onlyIDsFilter
      countSQL = "SELECT count(*) FROM recipe_search WHERE recipe_search MATCH ?\(only)"
      // CROSS JOIN makes the match drive the loop; a plain JOIN may let the planner scan
      // recipes and re-run the match for every row.
      pageSQL = """
        SELECT r.id, r.summary FROM recipe_search CROSS JOIN recipes r
          ON r.seq = recipe_search.rowid
        WHERE recipe_search MATCH ?\(only) ORDER BY \(order) LIMIT ? OFFSET ?
        """
    }
    let operation = terms.isEmpty ? "listing recipes" : "searching recipes"
    let everyRecipe = terms.isEmpty && !query.favoritesOnly && onlyIDs.isEmpty
    return try database.read(operation) { connection in
      let total =
        try everyRecipe
        ? Self.recipeCount(household: household, connection: connection)
        : connection.query(countSQL, parameters, operation: operation) { Int($0.int(0)) }.first
          ?? 0
      let items = try connection.query(pageSQL, parameters + page, operation: operation) { row in
        try RecipeDocument.decodeSummary(row.string(1) ?? "", id: row.string(0) ?? "")
      }
      return Page(items: items, total: total, offset: query.offset, limit: query.limit)
    }
  }

  /// How many recipes the household has, as the `recipe_counts` table keeps it.
  private static func recipeCount(
    household: HouseholdID, connection: SQLiteConnection
  ) throws -> Int {
    try connection.query(
      "SELECT recipes FROM recipe_counts WHERE household_id = ?", [.text(household.rawValue)],
      operation: "counting recipes"
    ) { Int($0.int(0)) }.first ?? 0
  }

  /// A search in order of relevance, as a person types it.
  ///
  /// Up to ``RecipeQuery/exactSearchLimit`` matches are counted and ranked with bm25, as
  /// always. bm25 costs microseconds per match and first reads every match of each word to
  /// weigh it, so a search matching more (a one-letter prefix, a word in a fifth of a large
  /// library) would spend tens to hundreds of milliseconds ranking matches nobody pages to.
  /// Such a search says "at least that many" and lists its matches in two tiers, those with
  /// every word in the title and then the rest, newest first within each: the index yields
  /// rows in that order, so a page reads only the rows before its end, and every page of the
  /// same search follows the same order.
  private func search(
    terms: [String], corrections: [String: [String]], query: RecipeQuery,
    onlyIDs: [SQLiteValue], household: HouseholdID
  ) throws -> Page<RecipeSummary> {
    let operation = "searching recipes"
    return try database.read(operation) { connection in
      // The household's token is part of every match only when other households share the
      // index: matching it reads a posting for every recipe, which the ranking then weighs.
      // The favourite flag's token is needed whenever favourites are asked for.
      let shared = try Self.householdsShareIndex(with: household, connection: connection)
      let scope = shared || query.favoritesOnly ? household : nil
      let everywhere = SearchIndex.matchExpression(
        for: terms, household: scope, favoritesOnly: query.favoritesOnly, words: corrections)
      let only = onlyIDs.isEmpty ? "" : SearchIndex.onlyIDsFilter
      // The same matches, each long prefix read as an OR of the words it starts: for the
      // rows in order of age, where bm25's weighing of each phrase plays no part.
      let lazily = SearchIndex.matchExpression(
        for: terms, household: scope, favoritesOnly: query.favoritesOnly,
        words: try Self.wordsOfLongPrefixes(terms, connection: connection).merging(
          corrections, uniquingKeysWith: { _, corrected in corrected }))
      // The newest matches, one past the bound (a bound of Int.max ranks everything): how
      // many there are up to it, and the start of the second tier below.
      let cap = min(exactSearchLimit, Int.max - 1)
      let newest = try connection.query(
        """
        SELECT rowid FROM recipe_search WHERE recipe_search MATCH ?\(only)
        ORDER BY rowid DESC LIMIT \(cap + 1)
        """, [.text(lazily)] + onlyIDs, operation: operation
      ) { $0.int(0) }
      let found = newest.count
      if found <= cap {
        let items = try connection.query(
          """
          SELECT r.id, r.summary FROM (
            SELECT rowid AS seq, bm25(recipe_search, \(SearchIndex.bm25Weights)) AS score
            FROM recipe_search WHERE recipe_search MATCH ?\(only)
            ORDER BY score, rowid LIMIT ? OFFSET ?
          ) AS hits CROSS JOIN recipes r ON r.seq = hits.seq
          ORDER BY hits.score, hits.seq
          """,
          [.text(everywhere)] + onlyIDs
            + [.integer(Int64(query.limit)), .integer(Int64(query.offset))],
          operation: operation
        ) { row in try RecipeDocument.decodeSummary(row.string(1) ?? "", id: row.string(0) ?? "") }
        return Page(items: items, total: found, offset: query.offset, limit: query.limit)
      }
      // Enough rows of the two tiers to fill the page and tell whether more follow. The
      // first, from the index of titles (a title match is a match everywhere too).
      let wanted = query.offset + query.limit + 1
      let inTitle = SearchIndex.matchExpression(
        for: terms, household: scope, favoritesOnly: query.favoritesOnly, columns: "title",
        words: corrections)
      let onlyTitles = onlyIDs.isEmpty ? "" : SearchIndex.onlyIDsFilter(in: "recipe_titles")
      var seqs = try connection.query(
        """
        SELECT rowid FROM recipe_titles WHERE recipe_titles MATCH ?\(onlyTitles)
        ORDER BY rowid DESC LIMIT ?
        """, [.text(inTitle)] + onlyIDs + [.integer(Int64(wanted))], operation: operation
      ) { $0.int(0) }
      if seqs.count < wanted {
        // Every title match is in `seqs`: the rest follow, newest first, from the newest
        // matches read above and, for a page beyond them, from older ones.
        let titled = Set(seqs)
        seqs += newest.lazy.filter { !titled.contains($0) }.prefix(wanted - seqs.count)
        if seqs.count < wanted, let oldest = newest.last {
          let older = try connection.query(
            """
            SELECT rowid FROM recipe_search WHERE recipe_search MATCH ?\(only) AND rowid < ?
            ORDER BY rowid DESC LIMIT ?
            """,
            [.text(lazily)] + onlyIDs
              + [.integer(oldest), .integer(Int64(wanted - seqs.count + titled.count))],
            operation: operation
          ) { $0.int(0) }
          seqs += older.lazy.filter { !titled.contains($0) }.prefix(wanted - seqs.count)
        }
      }
      let pageSeqs = Array(seqs.dropFirst(query.offset).prefix(query.limit))
      var summaries: [Int64: RecipeSummary] = [:]
      _ = try connection.query(
        "SELECT seq, id, summary FROM recipes WHERE seq IN (SELECT value FROM json_each(?))",
        [.text("[" + pageSeqs.map(String.init).joined(separator: ",") + "]")],
        operation: operation
      ) { row in
        summaries[row.int(0)] = try RecipeDocument.decodeSummary(
          row.string(2) ?? "", id: row.string(1) ?? "")
      }
      let items = pageSeqs.compactMap { summaries[$0] }
      let more = seqs.count > query.offset + query.limit
      return Page(
        items: items, total: max(cap, query.offset + items.count + (more ? 1 : 0)),
        totalIsExact: false, offset: query.offset, limit: query.limit)
    }
  }

  /// For each term no word of the index starts with, the words a person typing it may have
  /// meant (``SearchSpelling``), among the index's words with its first letter; none when the
  /// store does not correct typos or nothing is near.
  private func corrections(for terms: [String]) throws -> [String: [String]] {
    let correctable = terms.filter(SearchSpelling.isCorrectable)
    guard correctsTypos, !correctable.isEmpty else { return [:] }
    return try database.read("searching recipes") { connection in
      guard try Migrations.userVersion(connection) >= SearchIndex.wordsVersion else { return [:] }
      var found: [String: [String]] = [:]
      for term in correctable {
        guard try SearchIndex.words(startingWith: term, limit: 1, connection: connection) == []
        else { continue }
        let candidates = try SearchIndex.words(
          startingWith: String(term.prefix(1)), limit: .max - 1, connection: connection)
        let near = SearchSpelling.neighbours(of: term, among: candidates ?? [])
        if !near.isEmpty { found[term] = near }
      }
      return found
    }
  }

  /// For each term longer than the prefix index's three letters and made of ASCII letters
  /// and digits (which FTS5's tokenizer keeps as they are), the index's words it starts,
  /// when there are at most 16.
  private static func wordsOfLongPrefixes(
    _ terms: [String], connection: SQLiteConnection
  ) throws -> [String: [String]] {
    guard try Migrations.userVersion(connection) >= SearchIndex.wordsVersion else { return [:] }
    var words: [String: [String]] = [:]
    for term in terms
    where term.count > 3
      && term.unicodeScalars.allSatisfy({
        $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0)
      })
    {
      if let found = try SearchIndex.words(startingWith: term, limit: 16, connection: connection),
        !found.isEmpty
      {
        words[term] = found
      }
    }
    return words
  }

  /// Whether recipes of another household than `household` are in the database (and so in
  /// the search index): two range scans of the household index, stopping at the first row.
  private static func householdsShareIndex(
    with household: HouseholdID, connection: SQLiteConnection
  ) throws -> Bool {
    try !connection.query(
      "SELECT 1 FROM recipes WHERE household_id < ?1 OR household_id > ?1 LIMIT 1",
      [.text(household.rawValue)], operation: "searching recipes"
    ) { _ in true }.isEmpty
  }

  /// Every recipe's food profile, read from the `recipe_foods` table and the summaries, so
  /// the finder loads without decoding documents.
  public func foodProfiles(household: HouseholdID) throws -> [RecipeFoodProfile] {
    try database.read("loading recipe foods") { connection in
      struct Foods: Sendable {
        var required: [String] = []
        var optional: [String] = []
        var amounts: [String: Measure] = [:]
      }
      var foods: [Int64: Foods] = [:]
      _ = try connection.query(
        """
        SELECT f.recipe_seq, f.food_id, f.is_optional, f.quantity, f.quantity_max, f.unit
        FROM recipe_foods f
        JOIN recipes r ON r.seq = f.recipe_seq WHERE r.household_id = ?
        ORDER BY f.recipe_seq, f.food_id
        """, [.text(household.rawValue)], operation: "loading recipe foods"
      ) { row in
        let seq = row.int(0)
        let food = row.string(1) ?? ""
        if row.int(2) == 1 {
          foods[seq, default: Foods()].optional.append(food)
        } else {
          foods[seq, default: Foods()].required.append(food)
          // A unit this binary no longer knows leaves the amount unknown, not the recipe.
          if !row.isNull(3),
            let amount = try? Measure(
              quantity: row.double(3), quantityMax: row.isNull(4) ? nil : row.double(4),
              unitID: row.string(5))
          {
            foods[seq, default: Foods()].amounts[food] = amount
          }
        }
      }
      struct Row: Sendable {
        var id: String
        var summary: String
        var alternatives: String?
        var unmatchedLines: Int
        var foods: Foods
      }
      let rows = try connection.query(
        """
        SELECT seq, id, summary, unmatched_lines, alternatives FROM recipes
        WHERE household_id = ? ORDER BY seq
        """,
        [.text(household.rawValue)], operation: "loading recipe foods"
      ) { row in
        Row(
          id: row.string(1) ?? "", summary: row.string(2) ?? "", alternatives: row.string(4),
          unmatchedLines: Int(row.int(3)), foods: foods[row.int(0)] ?? Foods())
      }
      // Decoding the summaries' JSON is most of the load (seconds at 100,000 recipes): on
      // every core.
      return try ParallelDecoding.map(rows) { row in
        RecipeFoodProfile(
          summary: try RecipeDocument.decodeSummary(row.summary, id: row.id),
          requiredFoods: row.foods.required,
          alternatives: try RecipeFoods.decodeAlternatives(row.alternatives, id: row.id),
          amounts: row.foods.amounts, optionalFoods: row.foods.optional,
          unmatchedLines: row.unmatchedLines)
      }
    }
  }

  /// The households whose stored lines were analysed by an older Larder and should be parsed
  /// and matched once more (an upgrade marks them; see ``finishedAnalysis(household:)``).
  public func householdsAwaitingAnalysis() throws -> [HouseholdID] {
    try database.read("reading which recipes to analyse again") { connection in
      try connection.query(
        "SELECT household_id FROM analysis_pending ORDER BY household_id", [],
        operation: "reading which recipes to analyse again"
      ) { HouseholdID(rawValue: $0.string(0) ?? "") }
    }
  }

  /// Records that the household's recipes have been analysed again.
  public func finishedAnalysis(household: HouseholdID) throws {
    try database.write("recording recipes analysed again") { connection in
      try connection.run(
        "DELETE FROM analysis_pending WHERE household_id = ?", [.text(household.rawValue)],
        operation: "recording recipes analysed again")
    }
  }

  // MARK: - Writing

  /// Stores a new recipe with a fresh ID; `now` becomes its creation and update time.
  public func createRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    try database.write("saving a new recipe") { connection in
      try insert(recipe.validated(), household: household, now: now, connection: connection)
    }
  }

  /// Replaces a recipe's content and user fields, keeping its ID, household and creation date.
  public func updateRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    let valid = try recipe.validated()
    return try database.write("updating a recipe") { connection in
      guard let existing = try stored(id: recipe.id, household: household, connection) else {
        throw LarderCoreError.recipeNotFound(recipe.id)
      }
      return try replace(existing, with: valid, now: now, connection: connection)
    }
  }

  /// Deletes a recipe and its search entry.
  public func deleteRecipe(id: RecipeID, household: HouseholdID) throws {
    try database.write("deleting a recipe") { connection in
      guard let existing = try stored(id: id, household: household, connection) else {
        throw LarderCoreError.recipeNotFound(id)
      }
      try connection.run(
        "DELETE FROM recipes WHERE seq = ?", [.integer(existing.seq)],
        operation: "deleting a recipe")
      try SearchIndex.delete(seq: existing.seq, connection: connection)
    }
  }

  /// Imports recipes in one transaction; see ``RecipeStore/importRecipes(_:household:now:)``.
  public func importRecipes(
    _ recipes: [Recipe], household: HouseholdID, now: Date
  ) throws
    -> [ImportOutcome]
  {
    let valid = try recipes.map { try $0.validated() }
    return try database.write("importing recipes") { connection in
      try valid.map { recipe in
        let key = recipe.identityKey
        let match = try connection.query(
          "SELECT seq, id, document FROM recipes WHERE household_id = ? AND source_key = ? "
            + "ORDER BY seq LIMIT 1",
          [.text(household.rawValue), .text(key)], operation: "finding an earlier import"
        ) { row in
          StoredRecipe(
            seq: row.int(0),
            recipe: try RecipeDocument.decode(row.string(2) ?? "", id: row.string(1) ?? ""))
        }.first
        guard let existing = match else {
          return .created(
            try insert(recipe, household: household, now: now, connection: connection).id)
        }
        guard let merged = recipe.reimported(over: existing.recipe) else {
          return .unchanged(existing.recipe.id)
        }
        return .updated(try replace(existing, with: merged, now: now, connection: connection).id)
      }
    }
  }

  // MARK: - Helpers

  private struct StoredRecipe {
    let seq: Int64
    let recipe: Recipe
  }

  private func stored(
    id: RecipeID, household: HouseholdID, _ connection: SQLiteConnection
  ) throws
    -> StoredRecipe?
  {
    try connection.query(
      "SELECT seq, document FROM recipes WHERE id = ? AND household_id = ?",
      [.text(id.rawValue), .text(household.rawValue)], operation: "finding a recipe"
    ) { row in
      StoredRecipe(
        seq: row.int(0), recipe: try RecipeDocument.decode(row.string(1) ?? "", id: id.rawValue))
    }.first
  }

  private func insert(
    _ recipe: Recipe, household: HouseholdID, now: Date, connection: SQLiteConnection
  ) throws -> Recipe {
    var stored = recipe
    stored.id = RecipeID(UUID())
    stored.householdID = household
    stored.createdAt = now
    stored.updatedAt = now
    try connection.run(
      """
      INSERT INTO recipes (id, household_id, name, source_key, is_favorite, rating,
        total_seconds, created_at, updated_at, document, summary)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """, columns(stored), operation: "saving a recipe")
    let seq = connection.lastInsertRowID
    try SearchIndex.insert(stored, seq: seq, connection: connection)
    try RecipeFoods.write(stored, seq: seq, connection: connection)
    return stored
  }

  private func replace(
    _ existing: StoredRecipe, with recipe: Recipe, now: Date, connection: SQLiteConnection
  ) throws -> Recipe {
    var stored = recipe
    stored.id = existing.recipe.id
    stored.householdID = existing.recipe.householdID
    stored.createdAt = existing.recipe.createdAt
    stored.updatedAt = now
    try connection.run(
      """
      UPDATE recipes SET id = ?, household_id = ?, name = ?, source_key = ?, is_favorite = ?,
        rating = ?, total_seconds = ?, created_at = ?, updated_at = ?, document = ?, summary = ?
      WHERE seq = ?
      """, columns(stored) + [.integer(existing.seq)], operation: "updating a recipe")
    try SearchIndex.delete(seq: existing.seq, connection: connection)
    try SearchIndex.insert(stored, seq: existing.seq, connection: connection)
    try RecipeFoods.write(stored, seq: existing.seq, connection: connection)
    return stored
  }

  /// The IDs as one JSON array, for `json_each`.
  private static func jsonArray(_ ids: Set<RecipeID>) throws -> SQLiteValue {
    .text(String(decoding: try JSONEncoder().encode(ids.map(\.rawValue).sorted()), as: UTF8.self))
  }

  private func columns(_ recipe: Recipe) throws -> [SQLiteValue] {
    [
      .text(recipe.id.rawValue), .text(recipe.householdID.rawValue), .text(recipe.name),
      .text(recipe.identityKey), .integer(recipe.isFavorite ? 1 : 0),
      recipe.rating.map { .integer(Int64($0)) } ?? .null,
      recipe.effectiveTotalTime.map { .integer(Int64($0.seconds)) } ?? .null,
      .real(recipe.createdAt.timeIntervalSince1970), .real(recipe.updatedAt.timeIntervalSince1970),
      .text(try RecipeDocument.encode(recipe)), .text(try RecipeDocument.encodeSummary(recipe)),
    ]
  }
}
