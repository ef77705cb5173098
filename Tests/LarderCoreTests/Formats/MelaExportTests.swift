import Foundation
import Testing

@testable import LarderCore

/// Mela's `.melarecipe` JSON, written for these tests from Mela's published description.
@Suite struct MelaExportTests {
  static let shakshuka = Data(
    #"""
    {"id": "5C1B2A9E-7F0D-4C55-9E43-0D6D3E5A1B11", "title": "Shakshuka",
     "text": "Eggs poached in a spiced tomato sauce.",
     "images": ["iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAcCBlCwAAAABJRU5ErkJggg=="],
     "categories": ["Breakfast", "Vegetarian"], "yield": "4 servings",
     "prepTime": "10 min", "cookTime": "25 min", "totalTime": "35 min",
     "ingredients": "2 tbsp olive oil\n1 onion, sliced\n\n# Sauce\n800 g tinned tomatoes\n1 tsp cumin\n# To finish\n6 eggs",
     "instructions": "Soften the onion in the oil.\nAdd the tomatoes and cumin; simmer 15 minutes.\n# Eggs\nMake six wells and crack in the eggs.",
     "notes": "Feta on top is good.", "nutrition": "320 kcal per serving",
     "link": "https://example.org/shakshuka", "favorite": true, "wantToCook": false}
    """#.utf8)

  @Test func everyDescribedFieldIsMapped() throws {
    let items = try MelaExport.readRecipes(from: Self.shakshuka)
    #expect(items.count == 1)
    let recipe = try items[0].result.get()
    #expect(recipe.name == "Shakshuka")
    #expect(recipe.sourceID == "mela:5C1B2A9E-7F0D-4C55-9E43-0D6D3E5A1B11")
    #expect(recipe.description == "Eggs poached in a spiced tomato sauce.")
    #expect(recipe.courses == ["Breakfast", "Vegetarian"])
    #expect(recipe.yield?.servings == 4)
    #expect(recipe.prepTime == RecipeDuration(minutes: 10))
    #expect(recipe.cookTime == RecipeDuration(minutes: 25))
    #expect(recipe.totalTime == RecipeDuration(minutes: 35))
    #expect(recipe.ingredientSections.map(\.title) == [nil, "Sauce", "To finish"])
    #expect(recipe.ingredientSections.map(\.lines.count) == [2, 2, 1])
    #expect(recipe.instructionSections.map(\.title) == [nil, "Eggs"])
    #expect(recipe.steps.first?.text == "Soften the onion in the oil.")
    #expect(recipe.notes == "Feta on top is good.\n\nNutrition: 320 kcal per serving")
    #expect(recipe.sourceURL == "https://example.org/shakshuka")
    #expect(recipe.isFavorite)
    #expect(items[0].warnings.isEmpty)
    #expect(items[0].embeddedImages.map(\.field) == ["images[1]"])
  }

  @Test func aLinkThatIsNotAnAddressIsTheSource() throws {
    let data = Data(
      #"{"id": "x", "title": "Soda Bread", "ingredients": "500 g flour", "link": "Grandma's book"}"#
        .utf8)
    let recipe = try MelaExport.readRecipes(from: data)[0].result.get()
    #expect(recipe.sourceURL == nil)
    #expect(recipe.author == "Grandma's book")
  }

  @Test func brokenRecipesAreReportedNamingTheField() throws {
    let data = Data(
      #"""
      [{"id": "a", "title": "Toast", "ingredients": "1 slice bread", "instructions": "Toast."},
       {"id": "b", "ingredients": "2 eggs"},
       {"id": "c", "title": "Porridge", "ingredients": ["oats", "milk"]},
       {"id": "d", "title": "Stew", "ingredients": "1 onion", "prepTime": "a good while"}]
      """#.utf8)
    let items = try MelaExport.readRecipes(from: data)
    #expect(items.map(\.index) == [0, 1, 2, 3])
    #expect(try items[0].result.get().name == "Toast")
    #expect(throws: LarderCoreError.missingField(field: "title", item: 1)) {
      try items[1].result.get()
    }
    #expect(items[2].name == "Porridge")
    guard case .failure(let error) = items[2].result else {
      Issue.record("a list of ingredients was read as Mela text")
      return
    }
    #expect(error.description.contains("field 'ingredients': Mela writes it as text"))
    #expect(try items[3].result.get().prepTime == nil)
    #expect(items[3].warnings == ["field 'prepTime': 'a good while' is not a duration; left empty"])
  }

  @Test func notJSONAndEmptyDocumentsAreRefused() {
    #expect(throws: LarderCoreError.self) { try MelaExport.readRecipes(from: Data("{".utf8)) }
    #expect(throws: LarderCoreError.noRecipeFound) {
      try MelaExport.readRecipes(from: Data("[]".utf8))
    }
  }

  @Test func melaRecipesAreToldApartFromOtherJSON() throws {
    let mela = try #require(
      try JSONSerialization.jsonObject(with: Self.shakshuka) as? [String: Any])
    #expect(MelaExport.isMelaRecipe(mela))
    #expect(!MelaExport.isMelaRecipe(["@type": "Recipe", "title": "x", "ingredients": "y"]))
    #expect(!MelaExport.isMelaRecipe(["name": "x", "ingredients": "y", "directions": "z"]))
  }
}
