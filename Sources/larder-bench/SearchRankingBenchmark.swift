import Dispatch
import Foundation
import LarderCore
import LarderStore

/// What bounding the search's ranking changes (issue 14): a real library (the Wikibooks
/// recipes in `../shared/data`) searched with queries written here, once ranking every match
/// with bm25 (the order before the bound) and once with each bound given. For every query:
/// whether the bounded search still ranked exactly, and how many of its first page are on the
/// exact first page (overlap), and the same first recipe.
///
/// A bound of 1,000 is what the store uses; at 100,000 recipes it applies to words in more
/// than 1% of them. On a library of 3,626 recipes few queries reach 1,000 matches, so the
/// benchmark also runs bounds scaled to the library (1% of it) to show what a large library's
/// common words get.
struct SearchRankingBenchmark {
  let dataPath: String
  let bounds: [Int]
  let pageSize = 24

  /// Queries as people type them: common foods and dishes, one- and two-letter prefixes,
  /// partly typed words, pairs and rarer foods.
  static let queries: [String] = [
    "chicken", "butter", "garlic", "onion", "flour", "sugar", "egg", "rice", "beef", "pork",
    "tomato", "cheese", "potato", "carrot", "lemon", "milk", "cream", "chocolate", "apple",
    "bread", "pasta", "soup", "cake", "salad", "curry", "beans", "fish", "salt", "pepper",
    "water", "oil", "bake", "fry", "roast", "stir", "cookies", "pie", "sauce", "spinach",
    "mushroom", "c", "s", "b", "p", "t", "ch", "to", "po", "bu", "sa", "br", "chick", "toma",
    "pota", "choc", "garl", "onio", "chicken rice", "tomato soup", "lemon cake", "garlic bread",
    "apple pie", "beef stew", "chocolate cake", "potato salad", "fried rice", "saffron",
    "cardamom", "tahini", "miso", "coconut", "lentil", "ginger", "cinnamon", "vanilla",
    "yogurt", "honey", "almond", "walnut", "basil", "thyme", "rosemary", "oregano",
  ]

  func run() throws -> String {
    let path = Self.wikibooksPath(dataPath)
    guard let recipes = try Self.wikibooksRecipes(dataPath) else {
      throw BenchError(
        message: "no \(path): this benchmark needs ../shared/data (or --data DIR)", exitCode: 1)
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-bench-search-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let databasePath = try Self.library(of: recipes, in: folder)
    let exact = try SQLiteRecipeStore.open(path: databasePath, exactSearchLimit: .max)
    let scaled = max(1, recipes.count / 100)
    var results: [[String: Any]] = []
    for bound in bounds + [scaled] {
      let bounded = try SQLiteRecipeStore.open(path: databasePath, exactSearchLimit: bound)
      var perQuery: [[String: Any]] = []
      var overlaps: [Double] = []
      var sameFirst = 0
      var exactTimes = Latencies()
      var boundedTimes = Latencies()
      for query in Self.queries {
        let request = RecipeQuery(text: query, limit: pageSize)
        let before = try exactTimes.measure {
          try exact.recipes(matching: request, household: .default)
        }
        let after = try boundedTimes.measure {
          try bounded.recipes(matching: request, household: .default)
        }
        guard !after.totalIsExact else { continue }
        let expected = before.items.map(\.id)
        let shared = Set(expected).intersection(after.items.map(\.id)).count
        let overlap = expected.isEmpty ? 1 : Double(shared) / Double(expected.count)
        overlaps.append(overlap)
        if after.items.first?.id == expected.first { sameFirst += 1 }
        perQuery.append([
          "query": query, "matches": before.total, "overlap": round3(overlap),
          "sameFirst": after.items.first?.id == expected.first,
        ])
      }
      results.append([
        "bound": bound,
        "boundIs": bound == scaled ? "1% of the library" : "given",
        "queries": Self.queries.count,
        "queriesRankedExactly": Self.queries.count - perQuery.count,
        "queriesBounded": perQuery.count,
        "meanOverlapOfFirstPage": overlaps.isEmpty
          ? 1 : round3(overlaps.reduce(0, +) / Double(overlaps.count)),
        "sameFirstRecipe": sameFirst,
        "exactP50Ms": round3(exactTimes.percentile(0.5)),
        "boundedP50Ms": round3(boundedTimes.percentile(0.5)),
        "bounded": perQuery,
      ])
    }
    let report: [String: Any] = [
      "benchmark": "search-ranking", "machine": Machine.description,
      "library": ["recipes": recipes.count, "source": path], "pageSize": pageSize,
      "results": results,
    ]
    let data = try JSONSerialization.data(
      withJSONObject: report, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
  }

  /// Where `--data` keeps the Wikibooks recipes.
  static func wikibooksPath(_ dataPath: String) -> String {
    dataPath + "/recipes-wikibooks/recipes.jsonl"
  }

  /// The Wikibooks recipes in `--data`, or nil when they are not there.
  static func wikibooksRecipes(_ dataPath: String) throws -> [Recipe]? {
    guard let text = try? String(contentsOfFile: wikibooksPath(dataPath), encoding: .utf8)
    else { return nil }
    return try text.split(separator: "\n").enumerated().map { index, line in
      try recipe(from: Data(line.utf8), index: index)
    }
  }

  /// A new database in `folder` (made here) holding `recipes`, imported 500 at a time; its
  /// path.
  static func library(of recipes: [Recipe], in folder: URL) throws -> String {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("larder.sqlite").path
    let store = try SQLiteRecipeStore.open(path: path)
    for batch in stride(from: 0, to: recipes.count, by: 500) {
      _ = try store.importRecipes(
        Array(recipes[batch..<min(batch + 500, recipes.count)]), household: .default,
        now: Date(timeIntervalSince1970: 1_790_000_000))
    }
    return path
  }

  /// One Wikibooks record as a recipe: title, category, lines and steps.
  static func recipe(from line: Data, index: Int) throws -> Recipe {
    guard let object = try JSONSerialization.jsonObject(with: line) as? [String: Any],
      let title = object["title"] as? String
    else { throw BenchError(message: "recipe \(index + 1): not a record with a title") }
    let lines = (object["ingredients"] as? [String] ?? []).map { IngredientLine(text: $0) }
    let steps = (object["steps"] as? [String] ?? []).map { InstructionStep(text: $0) }
    return Recipe(
      name: title, sourceID: "urn:larder:bench-search:\(index)",
      ingredientSections: [IngredientSection(lines: lines)],
      instructionSections: [InstructionSection(steps: steps)],
      keywords: (object["category"] as? String).map { [$0] } ?? [])
  }
}
