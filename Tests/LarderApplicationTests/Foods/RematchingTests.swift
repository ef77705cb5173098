import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// Counts the food lookups an analyzer makes, answering from a food that can change.
private final class CountingMatcher: @unchecked Sendable {
  // @unchecked Sendable: `calls` and `food` are read and written only while holding `lock`.
  private let lock = NSLock()
  private var calls = 0
  private var food: String?

  func match(_ name: String) -> String? {
    lock.lock()
    defer { lock.unlock() }
    calls += 1
    return food
  }

  /// The lookups made since the last call, then starts counting again.
  func take() -> Int {
    lock.lock()
    defer { lock.unlock() }
    defer { calls = 0 }
    return calls
  }

  func answer(_ food: String?) {
    lock.lock()
    self.food = food
    lock.unlock()
  }
}

/// Matching stored recipes again analyses each recipe once, as one write does.
@Suite struct RematchingTests {
  @Test func eachRecipeIsAnalysedOnceAndTheLibrarySeesTheChange() throws {
    let matcher = CountingMatcher()
    let analyzer = RecipeAnalyzer(matchFood: { matcher.match($0) })
    let larder = Larder(
      recipes: InMemoryRecipeStore(), analysis: RecipeAnalysis { _ in analyzer },
      clock: { Fixtures.now })
    let soba = try larder.createRecipe(
      Recipe(
        name: "Sudachi Soba",
        ingredientSections: [IngredientSection(lines: [IngredientLine(text: "2 sudachi")])]),
      as: .defaultHousehold)
    let oneWrite = matcher.take()
    #expect(oneWrite > 0)
    #expect(try larder.browseLibrary(LibraryRequest(), as: .defaultHousehold).total == 1)
    matcher.answer("sudachi")
    let report = try larder.rematchRecipes(as: .defaultHousehold)
    #expect(report == RematchReport(recipes: 1, changed: 1))
    #expect(matcher.take() == oneWrite)
    #expect(
      try larder.recipe(soba.id, as: .defaultHousehold).ingredientLines.first?.facts?.foodID
        == "sudachi")
    // No search was made, so no finder was built, nor rebuilt by the pass.
    #expect(larder.finderRecipeCount(as: .defaultHousehold) == nil)
  }
}
