import Foundation
import LarderCore
import LarderStore

/// The pantry finder's engine on a library that already exists (a user's database, or the one
/// `larder-bench http --db` made): the household with the most recipes, its recipes' profiles
/// as the server reads them, and pantries drawn from the foods those recipes use most. Prints
/// each pantry size and K's latency and the work a query does (postings walked, recipes
/// checked), which, unlike time, a busy machine does not change: so an engine change can be
/// judged on the very library the endpoint benchmark serves.
struct FinderLibraryBenchmark {
  let databasePath: String
  let pantriesPerSize: Int
  let seed: UInt64
  var only: (size: Int, maxMissing: Int)?
  /// How many times each query runs; its median counts, and its fastest run is reported too.
  var repeats = 5

  /// The calibrated benchmark's sizes and K, so that one `--only` check serves both.
  static let pantrySizes = FinderBenchmark.pantrySizes
  static let maxMissingValues = FinderBenchmark.maxMissingValues
  /// The page the endpoint benchmark asks for.
  static let pageSize = 24

  func run() throws -> String {
    guard FileManager.default.fileExists(atPath: databasePath) else {
      throw BenchError(message: "no database at \(databasePath)")
    }
    let store = try SQLiteRecipeStore.open(path: databasePath)
    let accounts = SQLiteAccountStore(sharing: store)
    var chosen: (household: HouseholdID, recipes: [FinderRecipe])?
    for household in try accounts.households() {
      let recipes = try store.foodProfiles(household: household.id).map(
        FinderRecipe.init(profile:))
      if recipes.count > chosen?.recipes.count ?? 0 { chosen = (household.id, recipes) }
    }
    guard let (household, recipes) = chosen else {
      throw BenchError(message: "the database at \(databasePath) has no recipes")
    }
    let engine = FinderEngine(catalog: FinderCatalog(foods: FoodCatalog.bundled))
    let report = engine.build(
      recipes: recipes, clock: { DispatchTime.now().uptimeNanoseconds })

    // Pantries: the foods the library uses most, shuffled, as the endpoint benchmark draws
    // its own.
    var use: [String: Int] = [:]
    for recipe in recipes { for food in Set(recipe.requiredFoods) { use[food, default: 0] += 1 } }
    let common = use.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      .map(\.key)
    var random = SeededRandom(seed: seed)
    var results: [[String: Any]] = []
    for size in Self.pantrySizes where only == nil || only?.size == size {
      let pool = Array(common.prefix(max(60, size * 2)))
      let pantries = (0..<pantriesPerSize).map { _ in
        pool.shuffled(using: &random).prefix(size).map { FinderQuery.PantryItem(food: $0) }
      }
      for maxMissing in only.map({ [$0.maxMissing] }) ?? Self.maxMissingValues {
        let queries = pantries.map {
          FinderQuery(pantryItems: $0, maxMissing: maxMissing, limit: Self.pageSize)
        }
        for query in queries { _ = engine.find(query) }
        // Each query's median of its runs, so that a busy moment does not pass for the
        // engine's tail.
        var rounds = [Latencies](repeating: Latencies(), count: repeats)
        var totals: [Int] = []
        for round in rounds.indices {
          for query in queries {
            let page = rounds[round].measure { engine.find(query) }
            if round == 0 { totals.append(page.total) }
          }
        }
        let latencies = Latencies.medians(of: rounds)
        // The fastest run of each query, averaged: what a query costs when nothing else
        // runs, the steadiest figure on a busy machine.
        let fastest = queries.indices.map { index in rounds.map { $0.samples[index] }.min()! }
        let work = queries.map { engine.work(of: $0) }
        let count = Double(max(1, queries.count))
        results.append([
          "pantrySize": size, "k": maxMissing, "queries": queries.count,
          "p50Ms": round3(latencies.percentile(0.5)),
          "p99Ms": round3(latencies.percentile(0.99)),
          "meanFastestMs": round3(Double(fastest.reduce(0, +)) / count / 1e6),
          "meanTotal": round3(Double(totals.reduce(0, +)) / count),
          "meanPostingsWalked": round3(Double(work.map(\.postingsWalked).reduce(0, +)) / count),
          "meanCandidatesChecked": round3(
            Double(work.map(\.candidatesChecked).reduce(0, +)) / count),
        ])
      }
    }
    let output: [String: Any] = [
      "benchmark": "finder-library",
      "database": databasePath,
      "household": household.rawValue,
      "recipes": recipes.count,
      "seed": seed, "repeats": repeats,
      "buildSeconds": round3(report.seconds),
      "machine": Machine.description,
      "results": results,
    ]
    let data = try JSONSerialization.data(
      withJSONObject: output, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
  }
}
