import Foundation
import LarderApplication
import LarderCore

/// How the pantry finder's answers compare with a cook's on a hand-judged set of pantries and
/// the starter recipes (`bench/relevance/pantries.json`; README, "Finder relevance").
///
/// A new Larder on a temporary database, opened as the server opens one (starter recipes
/// seeded, the finder built), keeps each pantry in turn in the household's pantry through the
/// pantry use case, amounts and all, and asks the finder use case with no `have`, so that it
/// answers from the stored pantry (the one path that carries amounts), at missing 0 and at
/// missing 1. "Can make now" is the finder's missing-0 answer against the cook's makeable
/// recipes; "missing one" is its recipes missing exactly one at missing 1 against the cook's
/// missing1. Each disagreement comes with what the finder found missing (a third, wide query
/// at missing 50, for diagnosis only) and the cook's note.
struct RelevanceBenchmark {
  let pantriesPath: String

  /// The widest `missing` a request may ask: the diagnostic query's.
  static let wideMissing = FinderRequest.missingRange.upperBound

  func run() throws -> String {
    let start = DispatchTime.now().uptimeNanoseconds
    let set: FinderRelevanceSet
    do {
      set = try JSONDecoder().decode(
        FinderRelevanceSet.self, from: Data(contentsOf: URL(fileURLWithPath: pantriesPath)))
    } catch {
      throw BenchError(message: "--pantries: cannot read \(pantriesPath): \(error)")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "larder-bench-relevance-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let caller = Caller.defaultHousehold
    let opened = try Larder.open(
      databasePath: folder.appendingPathComponent("larder.sqlite").path,
      options: OpeningOptions(buildsFinder: true), caller: caller)
    let larder = opened.larder
    let recipeNames = Set(try StarterRecipes.load().map(\.name))
    let strangers = set.pantries.flatMap { pantry in
      pantry.namedRecipes.subtracting(recipeNames).sorted().map { "\(pantry.id): \($0)" }
    }
    guard strangers.isEmpty else {
      throw BenchError(
        message: "the judgments name recipes that are not starter recipes: "
          + strangers.joined(separator: "; "))
    }

    let judgements = try larder.judgeRelevance(set, as: caller)
    let canMakeNow = judgements.canMakeNow
    let missingOne = judgements.missingOne
    var perPantry: [[String: Any]] = []
    var unreadFoods: [String] = []
    var guessedFoods: [String] = []
    for judgement in judgements {
      let pantry = judgement.pantry
      unreadFoods += judgement.unreadFoods.map { "\(pantry.id): \($0)" }
      guessedFoods += judgement.guessedFoods.map { "\(pantry.id): \($0)" }
      func disagreements(_ names: [String]) -> [[String: Any]] {
        names.map { name in
          var entry: [String: Any] = [
            "recipe": name,
            "cook": pantry.makeable.contains(name)
              ? "makeable" : pantry.missing1.contains(name) ? "missing1" : "other",
          ]
          if let item = judgement.wide[name] {
            entry["finderMissingCount"] = item.missingCount
            entry["finderMissing"] = item.missing.map(\.name)
            if !item.unmatchedLineTexts.isEmpty {
              entry["finderUnreadLines"] = item.unmatchedLineTexts
            }
          } else {
            entry["finderMissingCount"] = "more than \(Self.wideMissing)"
          }
          if let note = pantry.notes[name] { entry["note"] = note }
          return entry
        }
      }
      func report(_ comparison: RelevanceComparison) throws -> [String: Any] {
        var object = try Self.object(comparison.score)
        object["falsePositives"] = disagreements(comparison.falsePositives)
        object["falseNegatives"] = disagreements(comparison.falseNegatives)
        return object
      }
      var entry: [String: Any] = [
        "id": pantry.id, "foods": pantry.foods.count,
        "canMakeNow": try report(judgement.canMakeNow),
        "missingOne": try report(judgement.missingOne),
      ]
      if !judgement.unreadFoods.isEmpty { entry["unreadFoods"] = judgement.unreadFoods }
      if !judgement.guessedFoods.isEmpty { entry["guessedFoods"] = judgement.guessedFoods }
      perPantry.append(entry)
    }

    let output: [String: Any] = [
      "benchmark": "relevance",
      "pantriesFile": pantriesPath,
      "pantries": set.pantries.count,
      "recipes": recipeNames.count,
      "query": [
        "missing": [0, 1], "diagnosticMissing": Self.wideMissing, "pantry": "stored, with amounts",
        "limit": RecipeQuery.maximumLimit, "defaultStaples": set.defaultStaples,
      ],
      "canMakeNow": try Self.object(canMakeNow),
      "missingOne": try Self.object(missingOne),
      "unreadFoods": unreadFoods,
      "guessedFoods": guessedFoods,
      "perPantry": perPantry,
      "machine": Machine.description,
      "seconds": round3(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9),
    ]
    let data = try JSONSerialization.data(
      withJSONObject: output, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
  }

  /// A score as a JSON object, through its own encoding.
  static func object(_ score: RelevanceScore) throws -> [String: Any] {
    let data = try JSONEncoder().encode(score)
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
  }
}
