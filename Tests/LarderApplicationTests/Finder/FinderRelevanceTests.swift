import Foundation
import LarderApplication
import LarderCore
import Testing

@Suite struct FinderRelevanceTests {
  static let setFile = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("bench/relevance/pantries.json")

  static func relevanceSet() throws -> FinderRelevanceSet {
    try JSONDecoder().decode(FinderRelevanceSet.self, from: Data(contentsOf: setFile))
  }

  @Test func aComparisonSplitsAgreementFromEachSidesExtras() {
    let comparison = RelevanceComparison(
      expected: ["Tacos", "Soup", "Bread"], found: ["Soup", "Bread", "Cake", "Pie"])
    #expect(comparison.agreed == ["Bread", "Soup"])
    #expect(comparison.falsePositives == ["Cake", "Pie"])
    #expect(comparison.falseNegatives == ["Tacos"])
    let score = comparison.score
    #expect(score == RelevanceScore(expected: 3, found: 4, agreed: 2))
    #expect(score.precision == 0.5)
    #expect(score.recall == 2.0 / 3.0)
  }

  @Test func scoresAddTheirCountsSoATotalWeighsEveryRecipeAlike() {
    let total =
      RelevanceScore(expected: 3, found: 4, agreed: 2)
      + RelevanceScore(expected: 1, found: 0, agreed: 0)
    #expect(total == RelevanceScore(expected: 4, found: 4, agreed: 2))
    #expect(total.precision == 0.5)
    #expect(total.recall == 0.5)
  }

  @Test func aRatioWithNothingToDivideIsUndefinedNotZero() throws {
    let nothingFound = RelevanceComparison(expected: ["Soup"], found: []).score
    #expect(nothingFound.precision == nil)
    #expect(nothingFound.recall == 0)
    let nothingExpected = RelevanceComparison(expected: [], found: []).score
    #expect(nothingExpected.recall == nil)
    let json = String(decoding: try JSONEncoder().encode(nothingFound), as: UTF8.self)
    #expect(json.contains(#""precision":null"#))
  }

  @Test(
    arguments: [
      ("eggs", "eggs", nil, nil),
      ("eggs 2", "eggs", 2.0, nil),
      ("butter 250 g", "butter", 250.0, "g"),
      ("milk 1 l", "milk", 1.0, "l"),
      ("chicken thighs 1.5 kg", "chicken thighs", 1.5, "kg"),
      ("tinned tomatoes 2", "tinned tomatoes", 2.0, nil),
      ("7 up", "7 up", nil, nil),
      ("g", "g", nil, nil),
    ] as [(String, String, Double?, String?)])
  func aTypedFoodReadsItsAmountFromTheEnd(
    text: String, name: String, quantity: Double?, unit: String?
  ) {
    let entry = PantryEntry(parsing: text)
    #expect(entry.name == name)
    #expect(entry.quantity == quantity)
    #expect(entry.unit?.id == unit)
  }

  @Test func theSetHasEnoughPantriesEachNamedOnce() throws {
    let set = try Self.relevanceSet()
    #expect(set.pantries.count >= 40)
    #expect(Set(set.pantries.map(\.id)).count == set.pantries.count)
    for pantry in set.pantries {
      #expect(!pantry.foods.isEmpty, "\(pantry.id) has no foods")
      #expect(
        Set(pantry.makeable).isDisjoint(with: pantry.missing1),
        "\(pantry.id) calls a recipe both makeable and missing one")
    }
  }

  @Test func everyPantryFoodAndStapleIsACatalogFood() throws {
    let set = try Self.relevanceSet()
    var unread: [String] = []
    for pantry in set.pantries {
      for (text, entry) in zip(pantry.foods, pantry.entries) {
        if FoodCatalog.bundled.match(entry.name) == nil { unread.append("\(pantry.id): \(text)") }
      }
      for staple in set.staples(of: pantry) where FoodCatalog.bundled.match(staple) == nil {
        unread.append("\(pantry.id): staple \(staple)")
      }
    }
    #expect(unread == [])
  }

  @Test func everyJudgedRecipeIsAStarterRecipe() throws {
    let set = try Self.relevanceSet()
    let starters = Set(try StarterRecipes.load().map(\.name))
    #expect(starters.count == 64)
    let strangers = set.pantries.flatMap { pantry in
      pantry.namedRecipes.subtracting(starters).sorted().map { "\(pantry.id): \($0)" }
    }
    #expect(strangers == [])
  }
}

/// The finder against the cook on the whole relevance set: a floor under precision and recall,
/// so a change that makes the finder promise more or find less than a cook would fails here.
/// (`larder-bench relevance` reports every disagreement; BENCHMARKS.md has the figures.)
@Suite struct FinderRelevanceFloorTests {
  @Test func theFinderAgreesWithTheCookOnTheRelevanceSet() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "larder-relevance-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let larder = try Larder.open(
      databasePath: folder.appendingPathComponent("larder.sqlite").path,
      options: OpeningOptions(passwordHashing: .leastForTests), caller: .defaultHousehold
    ).larder
    let judgements = try larder.judgeRelevance(
      try FinderRelevanceTests.relevanceSet(), as: .defaultHousehold)
    let now = judgements.canMakeNow
    let one = judgements.missingOne
    #expect(now.expected >= 100 && one.expected >= 100, "too few judged recipes")
    #expect((now.precision ?? 0) >= 0.9, "can make now: \(now)")
    #expect((now.recall ?? 0) >= 0.9, "can make now: \(now)")
    #expect((one.precision ?? 0) >= 0.88, "missing one: \(one)")
    #expect((one.recall ?? 0) >= 0.88, "missing one: \(one)")
    // Every pantry's foods are read; none is guessed at.
    #expect(judgements.flatMap(\.unreadFoods).isEmpty)
  }
}
