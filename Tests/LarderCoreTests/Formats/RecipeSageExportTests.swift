import Foundation
import Testing

@testable import LarderCore

/// RecipeSage's JSON-LD export, written for these tests from the schema.org vocabulary and
/// RecipeSage's description of its export.
@Suite struct RecipeSageExportTests {
  static let export = Data(
    #"""
    [
      {"@context": "http://schema.org", "@type": "Recipe", "name": "Miso Salmon",
       "description": "Weeknight salmon.", "image": ["https://img.example/salmon.jpg"],
       "prepTime": "10 minutes", "totalTime": "30 minutes", "recipeYield": "2 servings",
       "recipeIngredient": ["2 salmon fillets", "2 tbsp white miso", "1 tbsp honey"],
       "recipeInstructions": [
         {"@type": "HowToStep", "text": "Mix the miso and honey."},
         {"@type": "HowToStep", "text": "Brush on the salmon and roast 15 minutes."}],
       "recipeCategory": ["Fish", "Quick"], "creditText": "Kenji",
       "isBasedOn": "https://example.org/miso-salmon",
       "comment": [{"@type": "Comment", "name": "Author Notes", "text": "Use skin-on fillets."}]},
      {"@context": "http://schema.org", "@type": "Recipe", "name": "Flatbread",
       "recipeIngredient": ["250 g flour", "150 ml water"],
       "recipeInstructions": [{"@type": "HowToStep", "text": "Knead and cook in a dry pan."}],
       "creditText": "", "isBasedOn": "The Bread Book", "comment": "Freezes well."},
      {"@context": "http://schema.org", "@type": "Recipe",
       "recipeIngredient": ["1 thing"], "creditText": "nobody"},
      {"@context": "http://schema.org", "@type": "HowTo", "name": "Sharpen a knife"},
      "not a recipe"
    ]
    """#.utf8)

  @Test func schemaOrgFieldsAndRecipeSageExtrasAreMapped() throws {
    let items = try RecipeSageExport.readRecipes(from: Self.export)
    let salmon = try items[0].result.get()
    #expect(salmon.name == "Miso Salmon")
    #expect(salmon.author == "Kenji")
    #expect(salmon.sourceURL == "https://example.org/miso-salmon")
    #expect(salmon.notes == "Use skin-on fillets.")
    #expect(salmon.images == ["https://img.example/salmon.jpg"])
    #expect(salmon.ingredientLines.map(\.text).first == "2 salmon fillets")
    #expect(salmon.steps.map(\.text).count == 2)
    #expect(salmon.courses == ["Fish", "Quick"])
    #expect(salmon.yield?.servings == 2)
    #expect(salmon.prepTime == RecipeDuration(minutes: 10))
    let bread = try items[1].result.get()
    #expect(bread.author == "The Bread Book")
    #expect(bread.sourceURL == nil)
    #expect(bread.notes == "Freezes well.")
  }

  @Test func everyElementIsAnItemAndBrokenOnesSayWhy() throws {
    let items = try RecipeSageExport.readRecipes(from: Self.export)
    #expect(items.map(\.index) == [0, 1, 2, 3, 4])
    #expect(throws: LarderCoreError.missingField(field: "name", item: 2)) {
      try items[2].result.get()
    }
    #expect(
      throws: LarderCoreError.invalidField(
        field: "@type", value: "HowTo", reason: "not a schema.org Recipe", item: 3)
    ) { try items[3].result.get() }
    #expect(items[3].name == "Sharpen a knife")
    guard case .failure(let error) = items[4].result else {
      Issue.record("a string was read as a recipe")
      return
    }
    #expect(error.description.contains("not a JSON object"))
  }

  @Test func theExportIsToldApartFromPlainSchemaOrg() throws {
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Self.export) as? [Any])
    #expect(RecipeSageExport.isRecipeSageRecipe(try #require(objects[0] as? [String: Any])))
    #expect(!RecipeSageExport.isRecipeSageRecipe(["@type": "Recipe", "name": "Plain"]))
  }
}
