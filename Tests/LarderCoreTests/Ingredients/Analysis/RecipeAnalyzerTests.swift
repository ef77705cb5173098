import Foundation
import LarderCore
import LarderTestSupport
import Testing

@Suite struct RecipeAnalyzerTests {
  /// A matcher over a fixed table, standing in for the food catalog.
  static func analyzer(_ table: [String: String]) -> RecipeAnalyzer {
    RecipeAnalyzer(matchFood: { name in
      table.first { name.lowercased().contains($0.key) }?.value
    })
  }

  @Test func fillsTheFactsOfEveryLineAndKeepsTheText() {
    let analyzer = Self.analyzer(["tomato": "tomato", "garlic": "garlic"])
    let recipe = analyzer.analyze(Fixtures.tomatoSoup())
    #expect(recipe.ingredientLines.map(\.text) == Fixtures.tomatoSoup().ingredientLines.map(\.text))
    #expect(recipe.ingredientLines.allSatisfy { $0.facts != nil })
    #expect(recipe.ingredientLines.compactMap(\.facts?.foodID).sorted() == ["garlic", "tomato"])
  }

  @Test func analyzingStoreWritesFactsAndReanalysesWithoutTouchingUpdateTimes() throws {
    let base = InMemoryRecipeStore()
    let first = AnalyzingRecipeStore(base: base, analyzer: Self.analyzer(["tomato": "tomato"]))
    let soup = try first.createRecipe(Fixtures.tomatoSoup(), household: .default, now: Fixtures.now)
    _ = try first.importRecipes([Fixtures.pancakes()], household: .default, now: Fixtures.now)
    let stored = try #require(try base.recipe(id: soup.id, household: .default))
    #expect(stored.ingredientLines.compactMap(\.facts?.foodID) == ["tomato"])
    #expect(try first.foodProfiles(household: .default).map(\.requiredFoods).contains(["tomato"]))

    // A catalog update that also knows garlic and onion changes the soup only.
    let second = AnalyzingRecipeStore(
      base: base,
      analyzer: Self.analyzer(["tomato": "tomato", "garlic": "garlic", "onion": "onion"]))
    #expect(try second.reanalyzeAll(household: .default) == 1)
    let updated = try #require(try base.recipe(id: soup.id, household: .default))
    #expect(
      updated.ingredientLines.compactMap(\.facts?.foodID).sorted() == ["garlic", "onion", "tomato"])
    #expect(updated.updatedAt == Fixtures.now)
    #expect(try second.reanalyzeAll(household: .default) == 0)
  }
}

/// The optional rule as the finder relies on it: extra for dusting or seasoning does not make
/// the main amount optional.
@Suite struct OptionalLineTests {
  @Test(arguments: [
    ("3 cups bread flour, plus extra for dusting", false),
    ("Salt, plus more to taste", false),
    ("1 tbsp olive oil, plus extra to serve", false),
    ("Flour, for dusting", true),
    ("Salt and black pepper, to taste", true),
    ("Fresh parsley, to serve (optional)", true),
    ("2 eggs", false),
  ])
  func extraAfterPlusLeavesTheMainAmountRequired(line: String, optional: Bool) {
    #expect(IngredientParser().parse(line).isOptional == optional)
  }

  /// The bundled catalog's analyzer, as recipes are written.
  static let bundled = RecipeAnalyzer(matchFood: { FoodCatalog.bundled.match($0)?.foodID })

  @Test func aLineOfAlternativesKeepsEachFoodItNames() {
    let parsley = Self.bundled.facts(for: "1 small handful fresh parsley or coriander, chopped")
    #expect(parsley.foodID == "parsley")
    #expect(parsley.alternativeFoodIDs == ["coriander"])
    let feta = Self.bundled.facts(for: "1/2 cup crumbled queso fresco or feta")
    #expect(feta.alternativeFoodIDs == ["feta"])
    // A one-word alternative shares the name's other words.
    let chicken = Self.bundled.facts(for: "1 1/2 lb boneless, skinless chicken thighs or breasts")
    #expect(chicken.foodID == "chicken-thigh")
    #expect(chicken.alternativeFoodIDs == ["chicken-breast"])
    let plain = Self.bundled.facts(for: "2 large onions, sliced")
    #expect(plain.alternativeFoodIDs.isEmpty)
  }

  @Test func aNameOfSeveralWordsSharesTheHeadOfItsAlternative() throws {
    // "long-grain white or basmati rice" is white rice or basmati, never "grain".
    let rice = Self.bundled.facts(for: "1 cup long-grain white or basmati rice, rinsed")
    let food = try #require(rice.foodID)
    #expect(FoodCatalog.bundled.isDescendant(food, of: "rice"))
    #expect(rice.alternativeFoodIDs.contains { FoodCatalog.bundled.isDescendant($0, of: "rice") })
    let wine = Self.bundled.facts(for: "1/2 cup dry red or white wine")
    #expect(wine.foodID != nil && wine.foodID != wine.alternativeFoodIDs.first)
    // The head is not added when the name is a food of its own.
    let chilli = Self.bundled.facts(for: "1 tsp Kashmiri chilli powder or sweet paprika")
    #expect(chilli.foodID != "paprika")
    #expect(chilli.alternativeFoodIDs == ["paprika"])
  }

  @Test func factsStoredBeforeAlternativesReadWithNone() throws {
    let old = #"{"quantity":2,"name":"eggs","isOptional":false,"foodID":"egg"}"#
    let facts = try JSONDecoder().decode(IngredientFacts.self, from: Data(old.utf8))
    #expect(facts == IngredientFacts(quantity: 2, name: "eggs", foodID: "egg"))
    let written = try JSONEncoder().encode(
      IngredientFacts(name: "parsley", foodID: "parsley", alternativeFoodIDs: ["coriander"]))
    #expect(
      try JSONDecoder().decode(IngredientFacts.self, from: written).alternativeFoodIDs == [
        "coriander"
      ])
  }
}
