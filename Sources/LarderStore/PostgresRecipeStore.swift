import Foundation
import LarderCore

/// Recipes in a PostgreSQL database, for installations that run several Larder processes on
/// one database. Behaves as ``SQLiteRecipeStore`` does: the same contract tests run on both.
///
/// Full-text search uses PostgreSQL's own tools: each recipe's words in a weighted
/// `tsvector` (title, then ingredients and tags, then description, then steps), folded by
/// `unaccent` as FTS5's unicode61 folds them, matched as prefixes through a GIN index and
/// ranked by `ts_rank`.
public final class PostgresRecipeStore: RecipeStore {
  /// Shared with the planning, image and account stores, so all of it lives in the same
  /// database and transactions.
  let database: PostgresDatabase
  /// Whether this process created the schema (there was none before opening), which is when
  /// starter recipes are loaded.
  public let isNewDatabase: Bool
  /// The schema version the database had before opening (0 for a new one).
  public let previousSchemaVersion: Int
  /// How many matches a search counts and ranks before answering "at least".
  let exactSearchLimit: Int
  /// Whether a search reads a word the index has never held as the words near it.
  let correctsTypos: Bool
  /// Follows other processes' changes, once asked to (``followChanges(_:)``).
  let changeListener: PostgresChangeListener

  /// The newest schema version this binary writes.
  public static var schemaVersion: Int { PostgresMigrations.latestVersion }

  /// Connects to the database at `url` (`postgres://user@host:port/name`; a password comes
  /// from `PGPASSFILE` or `~/.pgpass` rather than the address) and creates or upgrades its
  /// schema. `schema` puts the tables in a schema of that name instead of the user's default
  /// (tests give each store its own).
  public static func open(
    url: String, schema: String? = nil, maximumConnections: Int = 8,
    exactSearchLimit: Int = RecipeQuery.exactSearchLimit, correctsTypos: Bool = true
  ) throws -> PostgresRecipeStore {
    let database = try PostgresDatabase(
      url: url, schema: schema, maximumConnections: maximumConnections)
    let previous = try PostgresMigrations.migrate(database)
    return PostgresRecipeStore(
      database: database, previousVersion: previous, exactSearchLimit: exactSearchLimit,
      correctsTypos: correctsTypos)
  }

  init(
    database: PostgresDatabase, previousVersion: Int,
    exactSearchLimit: Int = RecipeQuery.exactSearchLimit, correctsTypos: Bool = true
  ) {
    self.database = database
    self.previousSchemaVersion = previousVersion
    self.isNewDatabase = previousVersion == 0
    self.exactSearchLimit = exactSearchLimit
    self.correctsTypos = correctsTypos
    self.changeListener = PostgresChangeListener(database: database)
  }

  /// The database's address without its password.
  public var location: String { database.location }

  // MARK: - Reading

  /// The recipe with this ID in the household, or nil.
  public func recipe(id: RecipeID, household: HouseholdID) throws -> Recipe? {
    try database.read("reading a recipe") { connection in
      try connection.query(
        "SELECT id, document FROM recipes WHERE id = $1 AND household_id = $2",
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

  /// Up to ten IDs that start with `prefix`, so people can type a short ID.
  public func recipeIDs(startingWith prefix: String, household: HouseholdID) throws -> [RecipeID] {
    try database.read("finding recipes by ID prefix") { connection in
      // IDs are kept in byte order: a range scan of the unique index.
      try connection.query(
        """
        SELECT id FROM recipes WHERE household_id = $1 AND id >= $2 AND id < $3
        ORDER BY id LIMIT 10
        """,
        [.text(household.rawValue), .text(prefix), .text(prefix + "~")],
        operation: "finding recipes by ID prefix"
      ) { RecipeID(rawValue: $0.string(0) ?? "") }
    }
  }

  /// A page of summaries: full-text matches ranked by `ts_rank` when the query has text,
  /// otherwise every recipe in the requested order.
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
    if query.onlyIDs?.isEmpty == true {
      return Page(items: [], total: 0, offset: query.offset, limit: query.limit)
    }
    let sort = query.effectiveSort
    if !terms.isEmpty && sort == .relevance {
      return try search(terms: terms, corrections: corrections, query: query, household: household)
    }
    let order: String
    switch sort {
    case .relevance, .name: order = #"lower(r.name) COLLATE "C", r.seq"#
    case .newest: order = "r.created_at DESC, r.seq DESC"
    case .updated: order = "r.updated_at DESC, r.seq DESC"
    case .rating: order = #"r.rating DESC NULLS LAST, lower(r.name) COLLATE "C", r.seq"#
    case .time: order = #"r.total_seconds ASC NULLS LAST, lower(r.name) COLLATE "C", r.seq"#
    }
    var filter = Filter(household: household, query: query)
    if !terms.isEmpty {
      filter.add(
        "r.search @@ $?::tsquery", .text(try parsedQuery(Self.tsquery(terms, corrections))))
    }
    let operation = terms.isEmpty ? "listing recipes" : "searching recipes"
    let everyRecipe = terms.isEmpty && !query.favoritesOnly && query.onlyIDs == nil
    let pageParameters =
      filter.parameters + [
        .integer(Int64(query.limit)), .integer(Int64(query.offset)),
      ]
    let count = filter.parameters.count
    return try database.read(operation) { connection in
      let total =
        try everyRecipe
        ? Self.recipeCount(household: household, connection: connection)
        : connection.query(
          "SELECT count(*) FROM recipes r WHERE \(filter.sql)", filter.parameters,
          operation: operation
        ) { Int($0.int(0)) }.first ?? 0
      let items = try connection.query(
        """
        SELECT r.id, r.summary FROM recipes r WHERE \(filter.sql)
        ORDER BY \(order) LIMIT $\(count + 1) OFFSET $\(count + 2)
        """, pageParameters, operation: operation
      ) { row in try RecipeDocument.decodeSummary(row.string(1) ?? "", id: row.string(0) ?? "") }
      return Page(items: items, total: total, offset: query.offset, limit: query.limit)
    }
  }

  /// A search in order of relevance. Up to ``exactSearchLimit`` matches are counted and
  /// ranked; a search matching more says "at least that many" and lists those with every word
  /// in the title first, then the rest, newest first within each, as ``SQLiteRecipeStore``
  /// does.
  private func search(
    terms: [String], corrections: [String: [String]], query: RecipeQuery,
    household: HouseholdID
  ) throws -> Page<RecipeSummary> {
    let operation = "searching recipes"
    var filter = Filter(household: household, query: query)
    let matchIndex = filter.add(
      "r.search @@ $?::tsquery", .text(try parsedQuery(Self.tsquery(terms, corrections))))
    let cap = min(exactSearchLimit, Int.max - 1)
    let count = filter.parameters.count
    return try database.read(operation) { connection in
      let newest = try connection.query(
        """
        SELECT r.seq FROM recipes r WHERE \(filter.sql)
        ORDER BY r.seq DESC LIMIT $\(count + 1)
        """, filter.parameters + [.integer(Int64(cap) + 1)], operation: operation
      ) { $0.int(0) }
      if newest.count <= cap {
        let items = try connection.query(
          """
          SELECT r.id, r.summary FROM recipes r WHERE \(filter.sql)
          ORDER BY ts_rank('{0.1, 0.2, 0.4, 1.0}', r.search, $\(matchIndex)::tsquery) DESC, r.seq
          LIMIT $\(count + 1) OFFSET $\(count + 2)
          """,
          filter.parameters + [.integer(Int64(query.limit)), .integer(Int64(query.offset))],
          operation: operation
        ) { row in try RecipeDocument.decodeSummary(row.string(1) ?? "", id: row.string(0) ?? "") }
        return Page(items: items, total: newest.count, offset: query.offset, limit: query.limit)
      }
      // Enough rows of the two tiers to fill the page and tell whether more follow; the first
      // from the titles' own index.
      let wanted = query.offset + query.limit + 1
      var titleFilter = Filter(household: household, query: query)
      titleFilter.add("r.title_search @@ $?::tsquery", filter.parameters[matchIndex - 1])
      var seqs = try connection.query(
        """
        SELECT r.seq FROM recipes r WHERE \(titleFilter.sql)
        ORDER BY r.seq DESC LIMIT $\(titleFilter.parameters.count + 1)
        """, titleFilter.parameters + [.integer(Int64(wanted))], operation: operation
      ) { $0.int(0) }
      if seqs.count < wanted {
        let titled = Set(seqs)
        seqs += newest.lazy.filter { !titled.contains($0) }.prefix(wanted - seqs.count)
        if seqs.count < wanted, let oldest = newest.last {
          let older = try connection.query(
            """
            SELECT r.seq FROM recipes r WHERE \(filter.sql) AND r.seq < $\(count + 1)
            ORDER BY r.seq DESC LIMIT $\(count + 2)
            """,
            filter.parameters + [
              .integer(oldest), .integer(Int64(wanted - seqs.count + titled.count)),
            ], operation: operation
          ) { $0.int(0) }
          seqs += older.lazy.filter { !titled.contains($0) }.prefix(wanted - seqs.count)
        }
      }
      let pageSeqs = Array(seqs.dropFirst(query.offset).prefix(query.limit))
      var summaries: [Int64: RecipeSummary] = [:]
      _ = try connection.query(
        "SELECT seq, id, summary FROM recipes WHERE seq = ANY($1::bigint[])",
        [.text("{" + pageSeqs.map(String.init).joined(separator: ",") + "}")],
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

  /// A query's conditions on `recipes r` and their parameters, numbered in order.
  private struct Filter {
    private(set) var sql: String
    private(set) var parameters: [PostgresValue]

    init(household: HouseholdID, query: RecipeQuery) {
      sql = "r.household_id = $1"
      parameters = [.text(household.rawValue)]
      if query.favoritesOnly { sql += " AND r.is_favorite" }
      if let ids = query.onlyIDs {
        add("r.id = ANY($?::text[])", .text(PostgresArray.literal(ids.map(\.rawValue).sorted())))
      }
    }

    /// Adds a condition whose `$?` is the new parameter; returns the parameter's number.
    @discardableResult
    mutating func add(_ condition: String, _ value: PostgresValue) -> Int {
      parameters.append(value)
      let number = parameters.count
      sql += " AND " + condition.replacingOccurrences(of: "$?", with: "$\(number)")
      return number
    }
  }

  /// The `tsquery` `text` (see ``tsquery(_:_:)``) folds and parses to, made once per
  /// search and sent as a constant: the planner then weighs it with the column's statistics
  /// and it is evaluated once, where `to_tsquery(unaccent($1))` in a condition is a call per
  /// row the planner cannot estimate (0.35 s for a rare word at 100,000 recipes).
  private func parsedQuery(_ text: String) throws -> String {
    try database.read("searching recipes") { connection in
      try connection.query(
        "SELECT to_tsquery('simple', unaccent($1::text))::text", [.text(text)],
        operation: "searching recipes"
      ) { $0.string(0) ?? "" }.first ?? ""
    }
  }

  /// A `tsquery` matching every term as a prefix (or, for a misspelled term, any of the
  /// words near it), before `unaccent` folds it as the index is folded.
  static func tsquery(
    _ terms: [String], _ corrections: [String: [String]] = [:]
  ) -> String {
    func lexeme(_ text: String) -> String {
      let safe = String(
        String.UnicodeScalarView(
          text.lowercased().unicodeScalars.filter { $0.properties.generalCategory != .control }))
      return "'"
        + safe.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "'", with: "''") + "'"
    }
    let parts = terms.map { term -> String in
      if let near = corrections[term], !near.isEmpty {
        return "(" + near.map(lexeme).joined(separator: " | ") + ")"
      }
      return lexeme(term) + ":*"
    }
    // No terms would be an empty query, which matches nothing (with a notice).
    return parts.isEmpty ? "''" : parts.joined(separator: " & ")
  }

  /// How many recipes the household has, as the `recipe_counts` table keeps it.
  private static func recipeCount(
    household: HouseholdID, connection: PostgresConnection
  ) throws -> Int {
    try connection.query(
      "SELECT recipes FROM recipe_counts WHERE household_id = $1", [.text(household.rawValue)],
      operation: "counting recipes"
    ) { Int($0.int(0)) }.first ?? 0
  }

  /// For each term no word of the index starts with, the words a person typing it may have
  /// meant (``SearchSpelling``), among the index's words with its first letter.
  private func corrections(for terms: [String]) throws -> [String: [String]] {
    let correctable = terms.filter(SearchSpelling.isCorrectable)
    guard correctsTypos, !correctable.isEmpty else { return [:] }
    return try database.read("searching recipes") { connection in
      // Folded as the index's words are ("straße" is "strasse" there).
      let folded = try connection.query(
        "SELECT unaccent(term) FROM unnest($1::text[]) WITH ORDINALITY AS t(term, n) ORDER BY n",
        [.text(PostgresArray.literal(correctable))], operation: "searching recipes"
      ) { $0.string(0) ?? "" }
      var found: [String: [String]] = [:]
      for (term, folded) in zip(correctable, folded) {
        guard try Self.words(startingWith: folded, limit: 1, connection: connection) == []
        else { continue }
        let candidates = try Self.words(
          startingWith: String(folded.prefix(1)), limit: .max - 1, connection: connection)
        let near = SearchSpelling.neighbours(of: folded, among: candidates ?? [])
        if !near.isEmpty { found[term] = near }
      }
      return found
    }
  }

  /// The index's words starting with `prefix`, up to `limit` (nil when there are more).
  private static func words(
    startingWith prefix: String, limit: Int, connection: PostgresConnection
  ) throws -> [String]? {
    let words = try connection.query(
      "SELECT word FROM search_words WHERE word >= $1 AND word < $2 ORDER BY word LIMIT $3",
      [.text(prefix), .text(prefix + "\u{10FFFF}"), .integer(Int64(limit) &+ 1)],
      operation: "searching recipes"
    ) { $0.string(0) ?? "" }
    return words.count > limit ? nil : words
  }

  /// Every recipe's food profile, read from the `recipe_foods` table and the summaries.
  public func foodProfiles(household: HouseholdID) throws -> [RecipeFoodProfile] {
    let operation = "loading recipe foods"
    return try database.read(operation) { connection in
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
        JOIN recipes r ON r.seq = f.recipe_seq WHERE r.household_id = $1
        ORDER BY f.recipe_seq, f.food_id COLLATE "C"
        """, [.text(household.rawValue)], operation: operation
      ) { row in
        let seq = row.int(0)
        let food = row.string(1) ?? ""
        if row.bool(2) {
          foods[seq, default: Foods()].optional.append(food)
        } else {
          foods[seq, default: Foods()].required.append(food)
          if !row.isNull(3),
            let amount = try? Measure(
              quantity: row.double(3), quantityMax: row.optionalDouble(4), unitID: row.string(5))
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
        WHERE household_id = $1 ORDER BY seq
        """, [.text(household.rawValue)], operation: operation
      ) { row in
        Row(
          id: row.string(1) ?? "", summary: row.string(2) ?? "", alternatives: row.string(4),
          unmatchedLines: Int(row.int(3)), foods: foods[row.int(0)] ?? Foods())
      }
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

  /// The households whose stored lines an older Larder analysed and should be parsed and
  /// matched once more.
  public func householdsAwaitingAnalysis() throws -> [HouseholdID] {
    try database.read("reading which recipes to analyse again") { connection in
      try connection.query(
        #"SELECT household_id FROM analysis_pending ORDER BY household_id COLLATE "C""#, [],
        operation: "reading which recipes to analyse again"
      ) { HouseholdID(rawValue: $0.string(0) ?? "") }
    }
  }

  /// Records that the household's recipes have been analysed again.
  public func finishedAnalysis(household: HouseholdID) throws {
    _ = try database.write("recording recipes analysed again") { connection in
      try connection.run(
        "DELETE FROM analysis_pending WHERE household_id = $1", [.text(household.rawValue)],
        operation: "recording recipes analysed again")
    }
  }

  // MARK: - Writing

  /// Stores a new recipe with a fresh ID; `now` becomes its creation and update time.
  public func createRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    let valid = try recipe.validated()
    return try database.write("saving a new recipe") { connection in
      try insert(valid, household: household, now: now, connection: connection)
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

  /// Deletes a recipe (its foods and members' marks go with it).
  public func deleteRecipe(id: RecipeID, household: HouseholdID) throws {
    try database.write("deleting a recipe") { connection in
      let deleted = try connection.run(
        "DELETE FROM recipes WHERE id = $1 AND household_id = $2",
        [.text(id.rawValue), .text(household.rawValue)], operation: "deleting a recipe")
      guard deleted > 0 else { throw LarderCoreError.recipeNotFound(id) }
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
        let match = try connection.query(
          """
          SELECT seq, id, document FROM recipes WHERE household_id = $1 AND source_key = $2
          ORDER BY seq LIMIT 1
          """,
          [.text(household.rawValue), .text(recipe.identityKey)],
          operation: "finding an earlier import"
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
    id: RecipeID, household: HouseholdID, _ connection: PostgresConnection
  ) throws -> StoredRecipe? {
    try connection.query(
      "SELECT seq, document FROM recipes WHERE id = $1 AND household_id = $2",
      [.text(id.rawValue), .text(household.rawValue)], operation: "finding a recipe"
    ) { row in
      StoredRecipe(
        seq: row.int(0), recipe: try RecipeDocument.decode(row.string(1) ?? "", id: id.rawValue))
    }.first
  }

  /// The weighted words of a recipe, from its parameters `$first` to `$first + 4` (title,
  /// ingredients, tags, description, steps).
  private static func searchVector(from first: Int) -> String {
    let p = (0..<5).map { "unaccent($\(first + $0)::text)" }
    return """
      setweight(to_tsvector('simple', \(p[0])), 'A')
        || setweight(to_tsvector('simple', \(p[1]) || ' ' || \(p[2])), 'B')
        || setweight(to_tsvector('simple', \(p[3])), 'C')
        || setweight(to_tsvector('simple', \(p[4])), 'D')
      """
  }

  private static func searchTexts(_ recipe: Recipe) -> [PostgresValue] {
    let tags = recipe.keywords + recipe.courses + recipe.cuisines + recipe.diets.map(\.rawValue)
    return [
      .text(recipe.name), .text(recipe.ingredientLines.map(\.text).joined(separator: "\n")),
      .text(tags.joined(separator: ", ")), .text(recipe.description ?? ""),
      .text(recipe.steps.map(\.text).joined(separator: "\n")),
    ]
  }

  private func insert(
    _ recipe: Recipe, household: HouseholdID, now: Date, connection: PostgresConnection
  ) throws -> Recipe {
    var stored = recipe
    stored.id = RecipeID(UUID())
    stored.householdID = household
    stored.createdAt = now
    stored.updatedAt = now
    let seq =
      try connection.query(
        """
        INSERT INTO recipes (id, household_id, name, source_key, is_favorite, rating,
          total_seconds, created_at, updated_at, document, summary, search, title_search)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, \(Self.searchVector(from: 12)),
          to_tsvector('simple', unaccent($12::text)))
        RETURNING seq
        """, try columns(stored) + Self.searchTexts(stored), operation: "saving a recipe"
      ) { $0.int(0) }.first ?? 0
    try indexed(seq: seq, recipe: stored, connection: connection)
    return stored
  }

  private func replace(
    _ existing: StoredRecipe, with recipe: Recipe, now: Date, connection: PostgresConnection
  ) throws -> Recipe {
    var stored = recipe
    stored.id = existing.recipe.id
    stored.householdID = existing.recipe.householdID
    stored.createdAt = existing.recipe.createdAt
    stored.updatedAt = now
    try connection.run(
      """
      UPDATE recipes SET id = $1, household_id = $2, name = $3, source_key = $4,
        is_favorite = $5, rating = $6, total_seconds = $7, created_at = $8, updated_at = $9,
        document = $10, summary = $11, search = \(Self.searchVector(from: 12)),
        title_search = to_tsvector('simple', unaccent($12::text))
      WHERE seq = $17
      """, try columns(stored) + Self.searchTexts(stored) + [.integer(existing.seq)],
      operation: "updating a recipe")
    try indexed(seq: existing.seq, recipe: stored, connection: connection)
    return stored
  }

  /// Sets a stored recipe's search words from `recipe` (for a library copied in, whose rows
  /// came without them) and lists them for spelling corrections.
  func reindexSearch(seq: Int64, recipe: Recipe, connection: PostgresConnection) throws {
    try connection.run(
      """
      UPDATE recipes SET search = \(Self.searchVector(from: 1)),
        title_search = to_tsvector('simple', unaccent($1::text))
      WHERE seq = $6
      """,
      Self.searchTexts(recipe) + [.integer(seq)], operation: "indexing a recipe for search")
    try connection.run(
      """
      INSERT INTO search_words (word)
        SELECT unnest(tsvector_to_array(search)) FROM recipes WHERE seq = $1
      ON CONFLICT DO NOTHING
      """, [.integer(seq)], operation: "listing a recipe's words")
  }

  /// Lists the recipe's words for spelling corrections and writes its foods for the finder.
  private func indexed(seq: Int64, recipe: Recipe, connection: PostgresConnection) throws {
    try connection.run(
      """
      INSERT INTO search_words (word)
        SELECT unnest(tsvector_to_array(search)) FROM recipes WHERE seq = $1
      ON CONFLICT DO NOTHING
      """, [.integer(seq)], operation: "listing a recipe's words")
    try connection.run(
      "DELETE FROM recipe_foods WHERE recipe_seq = $1", [.integer(seq)],
      operation: "replacing a recipe's foods")
    let profile = RecipeFoodProfile(recipe)
    var written = Set<String>()
    let foods = profile.requiredFoods.map { ($0, false) } + profile.optionalFoods.map { ($0, true) }
    for (food, isOptional) in foods where written.insert(food).inserted {
      let amount = profile.amounts[food]
      try connection.run(
        """
        INSERT INTO recipe_foods (recipe_seq, food_id, is_optional, quantity, quantity_max, unit)
        VALUES ($1, $2, $3, $4, $5, $6)
        """,
        [
          .integer(seq), .text(food), .boolean(isOptional),
          amount.map { .real($0.quantity) } ?? .null,
          amount?.quantityMax.map { .real($0) } ?? .null,
          amount?.unit.map { .text($0.id) } ?? .null,
        ], operation: "listing a recipe's foods")
    }
    try connection.run(
      "UPDATE recipes SET unmatched_lines = $1, alternatives = $2 WHERE seq = $3",
      [
        .integer(Int64(profile.unmatchedLines)),
        try RecipeFoods.encodeAlternatives(profile.alternatives).map { .text($0) } ?? .null,
        .integer(seq),
      ], operation: "counting a recipe's unmatched lines")
  }

  private func columns(_ recipe: Recipe) throws -> [PostgresValue] {
    [
      .text(recipe.id.rawValue), .text(recipe.householdID.rawValue), .text(recipe.name),
      .text(recipe.identityKey), .boolean(recipe.isFavorite),
      recipe.rating.map { .integer(Int64($0)) } ?? .null,
      recipe.effectiveTotalTime.map { .integer(Int64($0.seconds)) } ?? .null,
      .real(recipe.createdAt.timeIntervalSince1970), .real(recipe.updatedAt.timeIntervalSince1970),
      .text(try RecipeDocument.encode(recipe)), .text(try RecipeDocument.encodeSummary(recipe)),
    ]
  }
}

/// PostgreSQL array literals, sent as one text parameter and cast (`$1::text[]`).
enum PostgresArray {
  /// `{"a","b"}` with each element quoted and escaped.
  static func literal(_ elements: [String]) -> String {
    "{"
      + elements.map {
        "\""
          + $0.replacingOccurrences(of: "\\", with: "\\\\")
          .replacingOccurrences(of: "\"", with: "\\\"") + "\""
      }.joined(separator: ",") + "}"
  }
}
