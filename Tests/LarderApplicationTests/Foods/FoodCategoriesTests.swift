import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// The catalog's foods by aisle, the household's most used first.
@Suite struct FoodCategoriesTests {
  @Test func aislesComeInShopOrderWithTheRecipesFoodsFirst() throws {
    let store = InMemoryRecipeStore()
    let analyzing = AnalyzingRecipeStore(
      base: store, analyzer: RecipeAnalyzer(matchFood: { FoodCatalog.bundled.match($0)?.foodID }))
    _ = try analyzing.createRecipe(
      Recipe(
        name: "Omelette",
        ingredientSections: [
          IngredientSection(lines: [
            IngredientLine(text: "3 eggs"), IngredientLine(text: "1 tbsp butter"),
          ])
        ]), household: .default, now: Fixtures.now)
    let larder = Larder(recipes: store)
    let groups = try larder.foodCategories(as: .defaultHousehold).categories
    #expect(groups.first?.name == "Produce")
    let dairy = try #require(groups.first { $0.id == "dairy-eggs" })
    #expect(Set(dairy.foods.prefix(2).map(\.id)) == ["egg", "butter"])
    #expect(groups.allSatisfy { $0.foods.count <= FoodCategories.foodsPerAisle })
  }
}
