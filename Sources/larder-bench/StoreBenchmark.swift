import CSQLite
import Foundation
import LarderApplication
import LarderCore
import LarderStore

/// Import, list, get and search on the SQLite store, with a naive LIKE scan over the same
/// database as the peer for search (what an app without a full-text index does).
struct StoreBenchmark {
  let recipeCount: Int
  let queryCount: Int
  let seed: UInt64
  let databasePath: String?

  /// Searches as people type them: whole words, prefixes and pairs.
  static let searches = [
    "tomato", "garlic", "chick", "onion soup", "lemon", "rice", "coconut curry", "bread",
    "chocolate", "egg", "bean", "pasta", "spin", "ginger", "cinnamon", "potato", "honey",
    "yogurt", "lime", "carrot",
  ]

  func run() throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-bench-\(UUID().uuidString)")
    let path = databasePath ?? folder.appendingPathComponent("bench.sqlite").path
    defer { if databasePath == nil { try? FileManager.default.removeItem(at: folder) } }

    var random = SeededRandom(seed: seed)
    let corpus = try makeCorpus(&random)
    let store = try SQLiteRecipeStore.open(path: path)
    let importStart = DispatchTime.now().uptimeNanoseconds
    var imported: [RecipeID] = []
    for batch in stride(from: 0, to: corpus.count, by: 1000) {
      imported += try store.importRecipes(
        Array(corpus[batch..<min(batch + 1000, corpus.count)]), household: .default, now: Date()
      ).map(\.recipeID)
    }
    let importSeconds = Double(DispatchTime.now().uptimeNanoseconds - importStart) / 1e9

    var search = Latencies()
    var like = Latencies()
    var list = Latencies()
    var get = Latencies()
    var ids: [RecipeID] = []
    let peer = try LikeScanPeer(path: path)
    var matched = 0
    var peerMatched = 0
    for round in 0..<queryCount {
      let words = Self.searches[round % Self.searches.count]
      let page = try search.measure {
        try store.recipes(matching: RecipeQuery(text: words, limit: 24), household: .default)
      }
      matched += page.total
      peerMatched += try like.measure { try peer.search(words, limit: 24) }
      let offset = Int.random(in: 0..<max(1, recipeCount - 24), using: &random)
      let listed = try list.measure {
        try store.recipes(
          matching: RecipeQuery(sort: .name, offset: offset, limit: 24), household: .default)
      }
      ids += listed.items.prefix(2).map(\.id)
    }
    for id in ids.prefix(queryCount) {
      _ = try get.measure { try store.recipe(id: id, household: .default) }
    }
    let library = try LibraryBenchmark(
      path: path, recipeIDs: imported, queryCount: queryCount, searches: Self.searches
    ).run(&random)
    let larderSearch = search.summary(engine: "larder-fts5", operation: "search")
    let peerSearch = like.summary(engine: "sqlite-like-scan", operation: "search")
    let report: [String: Any] = [
      "benchmark": "store",
      "recipes": recipeCount,
      "queries": queryCount,
      "seed": seed,
      "machine": Machine.description,
      "import": [
        "seconds": round3(importSeconds),
        "recipesPerSecond": round3(Double(recipeCount) / importSeconds),
      ],
      "results": [
        larderSearch, peerSearch,
        list.summary(engine: "larder", operation: "list-by-name"),
        get.summary(engine: "larder", operation: "get"),
      ] + library,
      "ratios": [
        "searchP50LikeOverLarder": round3(like.percentile(0.5) / max(search.percentile(0.5), 1e-9)),
        "searchP99LikeOverLarder": round3(
          like.percentile(0.99) / max(search.percentile(0.99), 1e-9)),
      ],
      "matches": ["larder": matched, "sqlite-like-scan": peerMatched],
      "memoryMB": Machine.peakMemoryMB,
    ]
    let data = try JSONSerialization.data(
      withJSONObject: report, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
  }

  /// Variations on the starter recipes (``StarterVariations``).
  private func makeCorpus(_ random: inout SeededRandom) throws -> [Recipe] {
    let variations = try StarterVariations()
    return (0..<recipeCount).map { index in
      variations.recipe(index, sourceID: "urn:larder:bench:\(seed):\(index)", random: &random)
    }
  }
}

/// Variations on the starter recipes: each keeps its real ingredient lines and steps, with a
/// distinct name and a shuffled subset of extra lines, so text statistics stay realistic.
struct StarterVariations {
  let bases: [Recipe]
  let allLines: [IngredientLine]
  static let adjectives = [
    "Weeknight", "Classic", "Easy", "Spicy", "Smoky", "Herby", "Golden", "Rustic", "Quick",
    "Slow-Cooked", "Summer", "Winter", "Granny's", "Crispy", "Creamy", "Zesty",
  ]

  init(bases: [Recipe]) {
    self.bases = bases
    allLines = bases.flatMap(\.ingredientLines)
  }

  init() throws { self.init(bases: try StarterRecipes.load()) }

  /// The `index`th variation: rated half the time, a favourite one time in 50 (the recipe's
  /// own flag, which the command line lists).
  func recipe(_ index: Int, sourceID: String, random: inout SeededRandom) -> Recipe {
    var recipe = bases[index % bases.count]
    recipe.name = "\(Self.adjectives.randomElement(using: &random)!) \(recipe.name) \(index)"
    recipe.sourceID = sourceID
    let extra = (0..<Int.random(in: 0...3, using: &random)).map { _ in
      allLines.randomElement(using: &random)!
    }
    if !recipe.ingredientSections.isEmpty { recipe.ingredientSections[0].lines += extra }
    recipe.rating = Bool.random(using: &random) ? Int.random(in: 1...5, using: &random) : nil
    recipe.isFavorite = index % 50 == 0
    return recipe
  }
}

/// The peer: a LIKE scan over stored documents, ordered by name, with a total count.
final class LikeScanPeer {
  private var database: OpaquePointer?

  init(path: String) throws {
    guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
      throw BenchError(message: "cannot open \(path) for the peer", exitCode: 1)
    }
  }

  deinit { sqlite3_close_v2(database) }

  /// Returns the total number of matches, fetching the first page like the store does.
  func search(_ words: String, limit: Int) throws -> Int {
    let terms = words.split(separator: " ").map { "%\($0)%" }
    let filter = terms.map { _ in "document LIKE ?" }.joined(separator: " AND ")
    let total =
      try query("SELECT count(*) FROM recipes WHERE \(filter)", terms) { statement in
        Int(sqlite3_column_int64(statement, 0))
      }.first ?? 0
    _ = try query(
      "SELECT id, document FROM recipes WHERE \(filter) ORDER BY name LIMIT \(limit)", terms
    ) { statement in
      // Decode like the store does, so both sides do the same work per row.
      let text = String(cString: sqlite3_column_text(statement, 1))
      return try LarderJSON.decode(Recipe.self, from: Data(text.utf8))
    }
    return total
  }

  private func query<T>(
    _ sql: String, _ parameters: [String], row: (OpaquePointer) throws -> T
  )
    throws -> [T]
  {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
      throw BenchError(message: "peer query failed: \(sql)", exitCode: 1)
    }
    defer { sqlite3_finalize(statement) }
    for (index, parameter) in parameters.enumerated() {
      sqlite3_bind_text(statement, Int32(index + 1), parameter, -1, larder_sqlite_transient())
    }
    var rows: [T] = []
    while sqlite3_step(statement) == SQLITE_ROW { rows.append(try row(statement)) }
    return rows
  }
}
