import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// Typo-tolerant search: a word the index has never held finds the words near it.
@Suite struct SearchSpellingTests {
  static let words = [
    "chicken", "chickpeas", "chili", "cinnamon", "zucchini", "parmesan", "broccoli", "brown",
    "tomato", "tomatoes", "turmeric", "oregano", "onion",
  ]

  @Test(arguments: [
    ("chiken", ["chicken"]), ("zuchini", ["zucchini"]), ("parmesean", ["parmesan"]),
    ("brocolli", ["broccoli"]), ("cinamon", ["cinnamon"]), ("tumeric", ["turmeric"]),
    ("oregeno", ["oregano"]),
    // "tomatoe" begins "tomatoes" exactly; "chik" is one edit from "chil" and from "chic".
    ("tomatoe", ["tomatoes", "tomato"]), ("chik", ["chili", "chicken", "chickpeas"]),
  ])
  func aMisspeltOrPartlyTypedWordFindsWhatWasMeant(typed: String, meant: [String]) {
    #expect(SearchSpelling.neighbours(of: typed, among: Self.words) == meant)
  }

  @Test func shortWordsAndFarWordsAreLeftAlone() {
    #expect(SearchSpelling.neighbours(of: "oni", among: Self.words).isEmpty)
    #expect(SearchSpelling.neighbours(of: "xylophone", among: Self.words).isEmpty)
    #expect(!SearchSpelling.isCorrectable("chi"))
    #expect(!SearchSpelling.isCorrectable("crème"))
    #expect(SearchSpelling.isCorrectable("chiken"))
  }

  @Test(arguments: [
    ("kitten", "sitting", 3), ("ab", "ba", 1), ("chiken", "chicken", 1), ("same", "same", 0),
  ])
  func distancesCountEditsAndSwaps(a: String, b: String, edits: Int) {
    #expect(SearchSpelling.distance(Array(a.utf8), Array(b.utf8)[...], atMost: 3) == edits)
    #expect(
      SearchSpelling.distance(Array(a.utf8), Array(b.utf8)[...], atMost: edits - 1) == nil
        || edits == 0)
  }

  @Test func theStoreFindsWhatAMisspeltSearchMeantAndNothingElseForARightOne() throws {
    let recipes: [(name: String, lines: [String], household: HouseholdID)] = [
      ("Roast Chicken", ["1 chicken"], .default), ("Zucchini Fritters", ["2 zucchini"], .default),
      ("Chickpea Stew", ["400 g chickpeas"], .default), ("Apple Pie", ["6 apples"], .default),
    ]
    let (store, _) = try LargeSearchTests.store(limit: 1_000, recipes)
    func names(_ text: String, in store: SQLiteRecipeStore) throws -> Set<String> {
      Set(
        try store.recipes(matching: RecipeQuery(text: text), household: .default).items.map(\.name))
    }
    #expect(try names("chiken", in: store) == ["Roast Chicken"])
    #expect(try names("zuchini fritters", in: store) == ["Zucchini Fritters"])
    #expect(try names("chik", in: store) == ["Roast Chicken", "Chickpea Stew"])
    // Spelt right, a word finds only itself (and what it starts): "chick" is not corrected.
    #expect(try names("chick", in: store) == ["Roast Chicken", "Chickpea Stew"])
    #expect(try names("chickpea", in: store) == ["Chickpea Stew"])
    #expect(try names("xylophone", in: store).isEmpty)
    // By name too, and in a large search's tiers.
    let byName = try store.recipes(
      matching: RecipeQuery(text: "chiken", sort: .name), household: .default)
    #expect(byName.items.map(\.name) == ["Roast Chicken"])
    let (bounded, _) = try LargeSearchTests.store(limit: 0, recipes)
    #expect(try names("chiken", in: bounded) == ["Roast Chicken"])

    let strict = SQLiteRecipeStore(
      database: store.database, previousVersion: store.previousSchemaVersion,
      correctsTypos: false)
    #expect(try names("chiken", in: strict).isEmpty)
  }

  @Test func aCorrectedSearchSaysWhatWasSearchedAndARightOneSaysNothing() throws {
    let recipes: [(name: String, lines: [String], household: HouseholdID)] = [
      ("Roast Chicken", ["1 chicken"], .default), ("Zucchini Fritters", ["2 zucchini"], .default),
    ]
    func searched(
      _ text: String, sort: RecipeSort? = nil, in store: SQLiteRecipeStore
    ) throws
      -> String?
    {
      try store.recipes(matching: RecipeQuery(text: text, sort: sort), household: .default)
        .correctedQuery
    }
    let (store, _) = try LargeSearchTests.store(limit: 1_000, recipes)
    #expect(try searched("chiken", in: store) == "chicken")
    #expect(try searched("Zuchini fritters", in: store) == "zucchini fritters")
    #expect(try searched("chiken", sort: .name, in: store) == "chicken")
    #expect(try searched("chicken", in: store) == nil)
    #expect(try searched("chick", in: store) == nil)
    #expect(try searched("xylophone", in: store) == nil)
    // In a large search's tiers as well.
    let (bounded, _) = try LargeSearchTests.store(limit: 0, recipes)
    #expect(try searched("chiken", in: bounded) == "chicken")
  }

  @Test(
    arguments: [
      (["chiken"], ["chiken": ["chicken", "chickens"]], "chicken"),
      (["chiken", "soup"], ["chiken": ["chicken"]], "chicken soup"),
      (["soup"], [String: [String]](), nil),
    ] as [([String], [String: [String]], String?)])
  func theCorrectedQueryPutsTheNearestWordForEachTypo(
    _ terms: [String], _ corrections: [String: [String]], _ expected: String?
  ) {
    #expect(SearchSpelling.correctedQuery(terms, corrections: corrections) == expected)
  }
}
