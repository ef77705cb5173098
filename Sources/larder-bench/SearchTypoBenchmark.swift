import Foundation
import LarderApplication
import LarderCore
import LarderStore

/// Typo-tolerant search (issue 20): misspellings people type (`bench/search/misspellings.tsv`,
/// written here, each with the word meant), searched in a library with and without the
/// store's corrections. A misspelling counts as found when its first page holds the first
/// recipe the word meant finds; pairs whose word finds nothing in the library are not
/// counted. Libraries: the starter recipes, and the Wikibooks recipes when `--data` has them.
struct SearchTypoBenchmark {
  let misspellingsPath: String
  let dataPath: String

  func run() throws -> String {
    guard let text = try? String(contentsOfFile: misspellingsPath, encoding: .utf8) else {
      throw BenchError(message: "no \(misspellingsPath)", exitCode: 1)
    }
    let pairs = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
      .map { line -> (typed: String, meant: String) in
        let fields = line.split(separator: "\t").map(String.init)
        return (fields.first ?? "", fields.count > 1 ? fields[1] : "")
      }
    var libraries: [(name: String, recipes: [Recipe])] = [
      ("starter recipes", try StarterRecipes.load())
    ]
    if let wikibooks = try SearchRankingBenchmark.wikibooksRecipes(dataPath) {
      libraries.append(("Wikibooks", wikibooks))
    }
    var results: [[String: Any]] = []
    for library in libraries {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("larder-bench-typos-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: folder) }
      let path = try SearchRankingBenchmark.library(of: library.recipes, in: folder)
      let strict = try SQLiteRecipeStore.open(path: path, correctsTypos: false)
      let tolerant = try SQLiteRecipeStore.open(path: path)
      var counted = 0
      var foundBefore = 0
      var foundAfter = 0
      var rightWordsUnchanged = 0
      var missed: [String] = []
      var times = Latencies()
      for pair in pairs {
        let meant = try strict.recipes(
          matching: RecipeQuery(text: pair.meant), household: .default)
        guard let first = meant.items.first?.id else { continue }
        counted += 1
        let before = try strict.recipes(
          matching: RecipeQuery(text: pair.typed), household: .default)
        let after = try times.measure {
          try tolerant.recipes(matching: RecipeQuery(text: pair.typed), household: .default)
        }
        if before.items.contains(where: { $0.id == first }) { foundBefore += 1 }
        if after.items.contains(where: { $0.id == first }) {
          foundAfter += 1
        } else {
          missed.append("\(pair.typed) → \(pair.meant)")
        }
        // A word spelt right is never corrected: the same page with or without.
        let meantAgain = try tolerant.recipes(
          matching: RecipeQuery(text: pair.meant), household: .default)
        if meantAgain.items.map(\.id) == meant.items.map(\.id) { rightWordsUnchanged += 1 }
      }
      results.append([
        "library": library.name, "recipes": library.recipes.count,
        "misspellings": pairs.count, "countedWordInLibrary": counted,
        "recallBefore": counted == 0 ? 0 : round3(Double(foundBefore) / Double(counted)),
        "recallAfter": counted == 0 ? 0 : round3(Double(foundAfter) / Double(counted)),
        "rightSpellingsUnchanged": rightWordsUnchanged,
        "misspeltSearchP50Ms": round3(times.percentile(0.5)),
        "misspeltSearchP99Ms": round3(times.percentile(0.99)),
        "missedAfter": missed,
      ])
    }
    let report: [String: Any] = [
      "benchmark": "typos", "machine": Machine.description, "list": misspellingsPath,
      "results": results,
    ]
    let data = try JSONSerialization.data(
      withJSONObject: report, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
  }
}
