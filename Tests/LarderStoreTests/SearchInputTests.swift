import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// Whatever a user types into search, the store answers: no FTS5 syntax error, ever.
@Suite struct SearchInputTests {
  static let hostile: [String] = [
    "\u{0D4E}\"", "x\u{0D4E}\"", "\"", "\"\"\"", "tomato\"", "a\"b", "NEAR(tomato soup)",
    "tomato*", "*", "-tomato", "^title", "{title}: tomato", "title:tomato", "tomato AND OR NOT",
    "AND", "(", "((tomato", ")", "'", "\u{0}", "tomato\u{0}\"", "\u{301}", "tom\u{301}ato",
    "\u{200D}\u{0D4E}", "+", ":", "\u{0600}\"", "\u{110BD}\"", "🍅\"", "soup;DROP TABLE recipes",
  ]

  static func storeWithSoup() throws -> SQLiteRecipeStore {
    let store = try SQLiteRecipeStore.open(path: TemporaryFolder.make().appending("larder.sqlite"))
    _ = try store.createRecipe(Fixtures.tomatoSoup(), household: .default, now: Fixtures.now)
    return store
  }

  @Test(arguments: hostile)
  func aHostileSearchGivesAnAnswerNotAnError(text: String) throws {
    let store = try Self.storeWithSoup()
    for sort in [RecipeSort.relevance, .name] {
      let page = try store.recipes(
        matching: RecipeQuery(text: text, sort: sort), household: .default)
      #expect(page.total <= 1)
    }
  }

  @Test func wordsNextToSyntaxStillMatch() throws {
    let store = try Self.storeWithSoup()
    for text in ["tomato\"", "\"tomato\"", "tomato*", "(tomato)", "soup\u{0}"] {
      let page = try store.recipes(matching: RecipeQuery(text: text), household: .default)
      #expect(page.total == 1, "\(text.debugDescription)")
    }
  }

  @Test func randomStringsOfSyntaxCharactersNeverFail() throws {
    let store = try Self.storeWithSoup()
    // Scalars, not characters: the prepend and joining ones must land next to anything.
    let alphabet: [String] =
      "\"'*^:(){}+-., tomaANDORNEAR\u{0}\u{301}".unicodeScalars.map { String($0) }
      + ["\u{0D4E}", "\u{0600}", "\u{110BD}", "\u{200D}", "é", "🍅"]
    var random = SeededRandom(seed: 13)
    for _ in 0..<500 {
      let length = Int.random(in: 1...12, using: &random)
      let text = (0..<length).map { _ in alphabet.randomElement(using: &random)! }.joined()
      #expect(throws: Never.self, "\(text.debugDescription)") {
        _ = try store.recipes(matching: RecipeQuery(text: text), household: .default)
      }
    }
  }

  /// The query builder is safe on its own, even for terms no RecipeQuery would give.
  @Test(arguments: [["a\"b"], ["\""], ["x\u{0}\""], [""], [], ["\u{0D4E}\"", "soup"]])
  func theMatchExpressionIsValidForAnyTerms(terms: [String]) throws {
    let store = try Self.storeWithSoup()
    let expression = SearchIndex.matchExpression(
      for: terms, household: .default, favoritesOnly: true)
    let count = try store.database.read("testing a match") { connection in
      try connection.query(
        "SELECT count(*) FROM recipe_search WHERE recipe_search MATCH ?", [.text(expression)],
        operation: "testing a match"
      ) { $0.int(0) }.first
    }
    #expect(count == 0)
  }

  @Test func searchTermsHoldNoPunctuation() {
    let terms = RecipeQuery(text: "x\u{0D4E}\" Tom\u{301}ato, (soup)").searchTerms
    #expect(terms == ["x\u{0D4E}", "tom\u{301}ato", "soup"])
  }
}
