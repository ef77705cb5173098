import Foundation
import LarderCore
import LarderTestSupport
import Testing

@Suite struct SchemaOrgWritingTests {
  /// Recipes that must survive being written as JSON-LD and read back.
  static func recipes() throws -> [Recipe] {
    var titled = Recipe(
      name: "Cornish Pasties", description: "Beef, swede and potato in shortcrust.",
      author: "Ana Ruiz, Ben Ode", images: ["https://x.example/a.jpg", "https://x.example/b.jpg"],
      yield: RecipeYield(servings: 6, text: "6 large pasties"),
      prepTime: RecipeDuration(minutes: 45), cookTime: RecipeDuration(seconds: 50 * 60 + 30),
      totalTime: RecipeDuration(seconds: 26 * 3600),
      ingredientSections: [
        IngredientSection(
          title: "For the pastry",
          lines: [IngredientLine(text: "500 g strong flour"), IngredientLine(text: "120 g lard")]),
        IngredientSection(
          title: "For the filling",
          lines: [IngredientLine(text: "450 g beef skirt"), IngredientLine(text: "1 swede")]),
      ],
      instructionSections: [
        InstructionSection(
          title: "Make the pastry",
          steps: [InstructionStep(text: "Rub the fat into the flour and chill for an hour.")]),
        InstructionSection(
          title: "Fill and bake",
          steps: [
            InstructionStep(text: "Crimp the edges firmly.", name: "Seal"),
            InstructionStep(text: "Bake for 50 minutes at 180°C."),
          ]),
      ],
      keywords: ["pastry", "picnic"], courses: ["Lunch"], cuisines: ["British", "Cornish"],
      diets: [.dairyFree, .nutFree])
    var nutrition = Nutrition()
    nutrition.calories = "720 kcal"
    nutrition.fatContent = "38 g"
    nutrition.servingSize = "1 pasty"
    titled.nutrition = nutrition
    titled.sourceRating = AggregateRating(value: 4.5, count: 87, best: 5)
    titled.sourceID = "urn:larder:pasties"
    titled.rating = 5
    titled.isFavorite = true
    titled.notes = "Use skirt, not mince."
    titled.id = RecipeID(rawValue: "5c1f0f6e-0000-4000-8000-000000000001")
    titled.createdAt = Fixtures.now
    titled.updatedAt = Fixtures.now.addingTimeInterval(60)
    return try [
      Fixtures.pancakes(), Fixtures.cremeBrulee(), Fixtures.tomatoSoup(), Recipe(name: "Toast"),
      titled,
    ].map { try $0.validated() }
  }

  @Test(arguments: try recipes())
  func readsBackWhatItWrites(original: Recipe) throws {
    let items = try SchemaOrg.readRecipes(from: SchemaOrg.encode([original]))
    try #require(items.count == 1)
    let read = try items[0].result.get()
    #expect(read.importedContent == original.importedContent)
    #expect(items[0].warnings.isEmpty)
  }

  @Test func keepsTheUsersRatingFavouriteAndNotesUnderTheLarderKey() throws {
    let original = try #require(try Self.recipes().last)
    let data = SchemaOrg.encode([original])
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let larder = try #require(object["larder"] as? [String: Any])
    #expect(larder["rating"] as? Int == 5)
    #expect(larder["isFavorite"] as? Bool == true)
    #expect(larder["notes"] as? String == "Use skirt, not mince.")
    #expect(larder["id"] as? String == "5c1f0f6e-0000-4000-8000-000000000001")

    let read = try SchemaOrg.readRecipes(from: data)[0].result.get()
    #expect(read.rating == 5)
    #expect(read.isFavorite)
    #expect(read.notes == "Use skirt, not mince.")
  }

  @Test func writesSchemaOrgPropertiesOtherReadersUnderstand() throws {
    let data = SchemaOrg.encode([Fixtures.pancakes()])
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["@context"] as? String == "https://schema.org")
    #expect(object["@type"] as? String == "Recipe")
    #expect(object["name"] as? String == "Buttermilk Pancakes")
    #expect(object["url"] as? String == "https://example.com/pancakes")
    #expect(object["prepTime"] as? String == "PT10M")
    #expect(object["cookTime"] as? String == "PT20M")
    #expect(object["totalTime"] == nil)
    #expect(object["recipeYield"] as? [String] == ["4", "8 pancakes"])
    #expect(object["keywords"] as? String == "brunch, sweet")
    #expect(object["suitableForDiet"] as? [String] == ["https://schema.org/VegetarianDiet"])
    #expect(
      object["recipeIngredient"] as? [String] == [
        "2 cups plain flour", "2 eggs", "1 1/2 cups buttermilk", "To serve:", "Maple syrup",
      ])
    let steps = try #require(object["recipeInstructions"] as? [[String: Any]])
    #expect(steps.map { $0["@type"] as? String } == ["HowToStep", "HowToStep"])
    #expect(
      steps.first?["text"] as? String
        == "Whisk the flour, eggs and buttermilk into a smooth batter.")
    let author = try #require(object["author"] as? [String: Any])
    #expect(author["name"] as? String == "Larder Kitchen")
    // Unstored recipes have no dates to share.
    #expect(object["dateCreated"] == nil)
  }

  @Test func writesStoredDatesAsISO8601() throws {
    var recipe = Fixtures.tomatoSoup()
    recipe.createdAt = Fixtures.now
    recipe.updatedAt = Fixtures.now.addingTimeInterval(86_400)
    let data = SchemaOrg.encode([recipe])
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["dateCreated"] as? String == "2026-09-21T14:13:20Z")
    #expect(object["dateModified"] as? String == "2026-09-22T14:13:20Z")
  }

  @Test func writesSeveralRecipesAsAGraph() throws {
    let recipes = [Fixtures.pancakes(), Fixtures.tomatoSoup(), Fixtures.cremeBrulee()]
    let data = SchemaOrg.encode(recipes)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["@context"] as? String == "https://schema.org")
    let graph = try #require(object["@graph"] as? [[String: Any]])
    #expect(graph.map { $0["@type"] as? String } == ["Recipe", "Recipe", "Recipe"])
    #expect(graph.allSatisfy { $0["@context"] == nil })

    let items = try SchemaOrg.readRecipes(from: data)
    #expect(items.map(\.name) == recipes.map(\.name))
    #expect(try items.map { try $0.result.get().importedContent } == recipes)
  }

  @Test func writesTheSameBytesForTheSameRecipe() {
    let first = SchemaOrg.encode([Fixtures.pancakes()])
    let second = SchemaOrg.encode([Fixtures.pancakes()])
    #expect(first == second)
    #expect(
      String(decoding: first, as: UTF8.self).contains(#""url" : "https://example.com/pancakes""#))
  }
}
