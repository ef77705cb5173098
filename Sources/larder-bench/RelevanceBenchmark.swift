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

    var canMakeNow = RelevanceScore(expected: 0, found: 0, agreed: 0)
    var missingOne = canMakeNow
    var perPantry: [[String: Any]] = []
    var unreadFoods: [String] = []
    var guessedFoods: [String] = []
    for pantry in set.pantries {
      let stored = try store(pantry, in: larder, as: caller)
      unreadFoods += stored.unread.map { "\(pantry.id): \($0)" }
      guessedFoods += stored.guessed.map { "\(pantry.id): \($0)" }
      func ask(_ missing: Int) throws -> FinderAnswer {
        try larder.findRecipes(
          FinderRequest(
            missing: missing, staples: set.staples(of: pantry), limit: RecipeQuery.maximumLimit),
          as: caller)
      }
      let now = try ask(0)
      let one = try ask(1)
      let wide = try ask(Self.wideMissing)
      try larder.removePantryItems(stored.ids, as: caller)
      if now.pantrySource != .stored && stored.unread.count < pantry.foods.count {
        throw BenchError(message: "\(pantry.id): the finder did not read the stored pantry")
      }
      let byName = Dictionary(
        wide.items.map { ($0.recipe.name, $0) }, uniquingKeysWith: { first, _ in first })
      let nowComparison = RelevanceComparison(
        expected: Set(pantry.makeable),
        found: Set(now.items.filter { $0.missingCount == 0 }.map(\.recipe.name)))
      let oneComparison = RelevanceComparison(
        expected: Set(pantry.missing1),
        found: Set(one.items.filter { $0.missingCount == 1 }.map(\.recipe.name)))
      canMakeNow = canMakeNow + nowComparison.score
      missingOne = missingOne + oneComparison.score
      func disagreements(_ names: [String]) -> [[String: Any]] {
        names.map { name in
          var entry: [String: Any] = [
            "recipe": name,
            "cook": pantry.makeable.contains(name)
              ? "makeable" : pantry.missing1.contains(name) ? "missing1" : "other",
          ]
          if let item = byName[name] {
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
        "canMakeNow": try report(nowComparison), "missingOne": try report(oneComparison),
      ]
      if !stored.unread.isEmpty { entry["unreadFoods"] = stored.unread }
      if !stored.guessed.isEmpty { entry["guessedFoods"] = stored.guessed }
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

  /// What keeping a pantry stored: the items' ids (to remove them afterwards), the foods the
  /// catalog could not read, and those it read by a guess (dropping words, or a food named
  /// inside a longer name) with the food it guessed.
  private func store(
    _ pantry: FinderRelevanceSet.Pantry, in larder: Larder, as caller: Caller
  ) throws -> (ids: [String], unread: [String], guessed: [String]) {
    var ids: [String] = []
    var unread: [String] = []
    var guessed: [String] = []
    for (text, entry) in zip(pantry.foods, pantry.entries) {
      let fields = PantryItemChange(
        name: entry.name, quantity: entry.quantity, unit: entry.unit.map { .set($0) } ?? .keep)
      let view = try larder.addPantryItem(NewPantryItem(fields: fields), as: caller)
      ids.append(view.item.id.rawValue)
      if view.item.foodID == nil {
        unread.append(text)
      } else if let match = FoodCatalog.bundled.match(entry.name),
        ![.exact, .plural, .synonym].contains(match.how)
      {
        guessed.append("\(text) → \(match.foodID) (\(match.how.rawValue))")
      }
    }
    return (ids, unread, guessed)
  }

  /// A score as a JSON object, through its own encoding.
  static func object(_ score: RelevanceScore) throws -> [String: Any] {
    let data = try JSONEncoder().encode(score)
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
  }
}
