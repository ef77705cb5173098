import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// A recipe's lines scaled, shown in a unit system and marked against a pantry.
@Suite struct RecipeLinesTests {
  func lines(_ result: RecipeLines) -> [RecipeLines.Line] {
    result.sections.flatMap(\.lines)
  }

  @Test func twiceTheServingsDoublesTheAmounts() throws {
    let fixture = try LibraryFixture()
    let result = try fixture.larder.recipeLines(
      fixture.pancakes.id, RecipeLinesRequest(servings: 8, units: .us), as: .defaultHousehold)
    #expect(result.factor == 2)
    #expect(result.servings == 4)
    #expect(result.targetServings == 8)
    #expect(
      lines(result).map(\.shown) == [
        "4 cups plain flour", "4 eggs", "3 cups buttermilk", "Maple syrup",
      ])
    #expect(result.sections.map(\.title) == [nil, "To serve"])
    #expect(result.have == nil)
    #expect(lines(result).allSatisfy { $0.status == nil })
  }

  @Test func aRecipeInAnotherLanguageScalesAndMarksItsLines() throws {
    let fixture = try LibraryFixture()
    var salad = Recipe(
      name: "Kartoffelsalat", yield: RecipeYield(servings: 2),
      ingredientSections: [
        IngredientSection(lines: [
          IngredientLine(text: "500 g Kartoffeln"), IngredientLine(text: "2 EL Essig"),
          IngredientLine(text: "1 Prise Salz"),
        ])
      ])
    salad.language = .german
    let stored = try fixture.larder.createRecipe(salad, as: .defaultHousehold)
    let result = try fixture.larder.recipeLines(
      stored.id, RecipeLinesRequest(servings: 4, have: ["potatoes"]), as: .defaultHousehold)
    #expect(result.factor == 2)
    #expect(lines(result).map(\.shown).prefix(2) == ["1 kg Kartoffeln", "4 EL Essig"])
    #expect(lines(result).map(\.status) == [.have, .missing, .have])
  }

  @Test func aRecipeInAnotherLanguageIsConvertedInItsOwnWords() throws {
    let fixture = try LibraryFixture()
    var cake = Recipe(
      name: "Gâteau", yield: RecipeYield(servings: 4),
      ingredientSections: [
        IngredientSection(lines: [
          IngredientLine(text: "1 kg de pommes"), IngredientLine(text: "1 boîte de lait concentré"),
          IngredientLine(text: "2 c. à s. de sucre"), IngredientLine(text: "1 pincée de sel"),
        ])
      ])
    cake.language = .french
    let stored = try fixture.larder.createRecipe(cake, as: .defaultHousehold)
    let result = try fixture.larder.recipeLines(
      stored.id, RecipeLinesRequest(servings: 6), as: .defaultHousehold)
    #expect(
      lines(result).map(\.shown) == [
        "1,5 kg de pommes", "1½ boîte de lait concentré", "3 c. à s. de sucre",
        "2 pincées de sel",
      ])
  }

  @Test func metricWeighsFlourAndPoursButtermilk() throws {
    let fixture = try LibraryFixture()
    let result = try fixture.larder.recipeLines(
      fixture.pancakes.id, RecipeLinesRequest(units: .metric), as: .defaultHousehold)
    let shown = lines(result).map(\.shown)
    #expect(shown[0] == "250 g plain flour")
    #expect(shown[2].hasSuffix("ml buttermilk"))
    #expect(lines(result)[0].food?.id == "all-purpose-flour")
  }

  @Test func linesAreMarkedAgainstThePantry() throws {
    let fixture = try LibraryFixture()
    let result = try fixture.larder.recipeLines(
      fixture.pancakes.id, RecipeLinesRequest(have: ["eggs", "buttermilk"]),
      as: .defaultHousehold)
    #expect(lines(result).map(\.status) == [.missing, .have, .have, .missing])
    #expect(result.have == 2)
    #expect(result.needed == 4)
  }

  @Test func anEmptyPantryMarksEveryLineAndStaplesCanBeNone() throws {
    let fixture = try LibraryFixture()
    let soup = Recipe(
      name: "Salted water",
      ingredientSections: [
        IngredientSection(lines: [
          IngredientLine(text: "1 tsp salt"), IngredientLine(text: "1 egg"),
        ])
      ])
    let stored = try fixture.larder.recipes.createRecipe(
      soup, household: .default, now: Fixtures.now)
    let usual = try fixture.larder.recipeLines(
      stored.id, RecipeLinesRequest(have: []), as: .defaultHousehold)
    #expect(lines(usual).map(\.status) == [.have, .missing])
    let none = try fixture.larder.recipeLines(
      stored.id, RecipeLinesRequest(have: [], staples: []), as: .defaultHousehold)
    #expect(lines(none).map(\.status) == [.missing, .missing])
  }

  @Test func anEmptyStaplesParameterMeansNoStaples() throws {
    let request = try RecipeLinesRequest.decode(query: ["have": "", "staples": "", "units": "US"])
    #expect(request == RecipeLinesRequest(units: .us, have: [], staples: []))
    #expect(try RecipeLinesRequest.decode(query: [:]) == RecipeLinesRequest())
  }

  @Test(arguments: [
    ["servings": "-1"], ["servings": "0"], ["servings": "1001"], ["units": "imperial-ish"],
  ])
  func badValuesAreRefused(query: [String: String]) throws {
    let fixture = try LibraryFixture()
    #expect(throws: ApplicationError.self) {
      _ = try fixture.larder.recipeLines(
        fixture.pancakes.id, try RecipeLinesRequest.decode(query: query), as: .defaultHousehold)
    }
  }

  @Test func anUnknownRecipeIsNotFound() throws {
    let fixture = try LibraryFixture()
    #expect(throws: ApplicationError.notFound(.recipe, id: "nope")) {
      _ = try fixture.larder.recipeLines(
        RecipeID(rawValue: "nope"), RecipeLinesRequest(), as: .defaultHousehold)
    }
  }

  @Test func theAnswerWritesNullsTheWebAppExpects() throws {
    let fixture = try LibraryFixture()
    let result = try fixture.larder.recipeLines(
      fixture.soup.id, RecipeLinesRequest(), as: .defaultHousehold)
    let object = try #require(
      try JSONSerialization.jsonObject(with: LarderJSON.encode(result)) as? [String: Any])
    #expect(object["servings"] is NSNull)
    #expect(object["targetServings"] is NSNull)
    #expect(object["units"] as? String == "original")
    #expect(object["have"] == nil)
    let section = try #require((object["sections"] as? [[String: Any]])?.first)
    #expect(section["title"] is NSNull)
    let line = try #require((section["lines"] as? [[String: Any]])?.first)
    #expect(Set(line.keys) == ["text", "shown", "optional", "food"])
  }
}
