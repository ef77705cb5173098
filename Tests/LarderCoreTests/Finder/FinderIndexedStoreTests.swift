import Foundation
import LarderCore
import LarderTestSupport
import Testing

/// An engine for some households; the others have none in use.
private struct SomeEngines: FinderEngines {
  let engines: [HouseholdID: FinderEngine]

  func withEngine(of household: HouseholdID, _ edit: (FinderEngine) throws -> Void) rethrows {
    if let engine = engines[household] { try edit(engine) }
  }
}

/// Each household's writes reach its own engine and no other.
@Suite struct FinderIndexedStoreTests {
  let first = HouseholdID(rawValue: "first")
  let second = HouseholdID(rawValue: "second")
  let third = HouseholdID(rawValue: "third")

  static func recipe(_ name: String, foods: [String]) -> Recipe {
    Recipe(
      name: name,
      ingredientSections: [
        IngredientSection(
          lines: foods.map { IngredientLine(text: $0, facts: IngredientFacts(foodID: $0)) })
      ])
  }

  @Test func writesGoToTheWritingHouseholdsEngineOnly() throws {
    let engines = [first: FinderEngine(), second: FinderEngine()]
    let base = ReadCountingRecipeStore(base: InMemoryRecipeStore())
    let store = FinderIndexedStore(base: base, engines: SomeEngines(engines: engines))
    let omelette = try store.createRecipe(
      Self.recipe("Omelette", foods: ["egg"]), household: first, now: Fixtures.now)
    #expect(engines[first]?.contains(recipeID: omelette.id.rawValue) == true)
    #expect(engines[second]?.recipeCount == 0)

    _ = try store.importRecipes(
      [Self.recipe("Toast", foods: ["bread"]), Self.recipe("Rice", foods: ["rice"])],
      household: second, now: Fixtures.now)
    #expect(engines[second]?.recipeCount == 2)
    #expect(engines[first]?.recipeCount == 1)
    #expect(base.count == 2)
    // A household with no engine in use costs no reading back.
    _ = try store.importRecipes(
      [Self.recipe("Soup", foods: ["leek"])], household: third, now: Fixtures.now)
    #expect(base.count == 2)
    #expect(engines.values.map(\.recipeCount).reduce(0, +) == 3)

    try store.deleteRecipe(id: omelette.id, household: first)
    #expect(engines[first]?.recipeCount == 0)
    #expect(engines[second]?.recipeCount == 2)
  }
}
