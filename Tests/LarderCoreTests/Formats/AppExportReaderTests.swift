import Foundation
import Testing

@testable import LarderCore

/// The JSON and Markdown inside other apps' exports (the archives themselves are opened by
/// LarderImport; its tests read the real sample exports).
@Suite struct AppExportReaderTests {
  static func json(_ value: Any) throws -> Data {
    try JSONSerialization.data(withJSONObject: value)
  }

  @Test func aMealie2021RecipeReadsIngredientsStepsAndTimes() throws {
    let object: [String: Any] = [
      "name": "Levain Cookies", "slug": "levain-cookies", "description": "Big ones.",
      "recipe_category": ["Dessert"], "tags": ["cookies"], "recipe_yield": "8 cookies",
      "recipe_ingredient": [
        ["title": NSNull(), "note": "1.5 cups cake flour ", "disable_amount": true],
        ["title": "Mix-ins", "note": "2 cups walnuts", "disable_amount": true],
      ],
      "recipe_instructions": [["title": "", "text": "Mix."], ["title": "", "text": "Bake."]],
      "perform_time": "10-13 Minutes", "prep_time": NSNull(),
      "org_url": "https://example.com/levain", "rating": 4,
      "notes": [["title": "Tip", "text": "Chill the dough."]],
    ]
    #expect(MealieExport.isMealieRecipe(object))
    let recipe = try MealieExport.readRecipes(from: Self.json(object))[0].result.get()
    #expect(recipe.name == "Levain Cookies")
    #expect(recipe.ingredientSections.map(\.title) == [nil, "Mix-ins"])
    #expect(recipe.ingredientLines.map(\.text) == ["1.5 cups cake flour", "2 cups walnuts"])
    #expect(recipe.steps.map(\.text) == ["Mix.", "Bake."])
    #expect(recipe.cookTime != nil)
    #expect(recipe.sourceURL == "https://example.com/levain")
    #expect(recipe.courses == ["Dessert"])
    #expect(recipe.rating == 4)
    #expect(recipe.notes == "Tip: Chill the dough.")
  }

  @Test func aTandoorRecipeReadsStepIngredientsWithAmountsAndNotes() throws {
    let object: [String: Any] = [
      "name": "Chili", "description": "", "keywords": [["name": "American"]],
      "working_time": 20, "waiting_time": 120, "servings": 4, "servings_text": "",
      "steps": [
        [
          "instruction": "Roast the chiles.\n\nBrown the meat.", "name": "",
          "ingredients": [
            [
              "food": ["name": "New Mexico chile"], "unit": ["name": "oz"], "amount": 2.0,
              "note": "57 g", "is_header": false, "no_amount": false,
            ],
            [
              "food": ["name": "salt"], "unit": NSNull(), "amount": 0, "note": "",
              "is_header": false, "no_amount": true,
            ],
          ],
        ]
      ],
    ]
    #expect(TandoorExport.isTandoorRecipe(object))
    let recipe = try TandoorExport.readRecipes(from: Self.json(object))[0].result.get()
    #expect(recipe.ingredientLines.map(\.text) == ["2 oz New Mexico chile (57 g)", "salt"])
    #expect(recipe.steps.map(\.text) == ["Roast the chiles.", "Brown the meat."])
    #expect(recipe.prepTime == RecipeDuration(minutes: 20))
    #expect(recipe.cookTime == RecipeDuration(minutes: 120))
    #expect(recipe.yield?.servings == 4)
    #expect(recipe.keywords == ["American"])
  }

  @Test func aPaprikaRecipeIsRecognisedAgainByItsUID() throws {
    let object: [String: Any] = [
      "name": "Zucchinipuffer", "uid": "D818BC90", "ingredients": "400 g Zucchini\n2 Eier",
      "directions": "Raffeln.\nBraten.", "servings": "4", "categories": ["Snacks"], "rating": 0,
      "source": "Chefkoch.de", "source_url": "", "prep_time": "", "cook_time": "10 min",
    ]
    #expect(PaprikaExport.isPaprikaRecipe(object))
    let recipe = try PaprikaExport.readRecipes(from: Self.json(object))[0].result.get()
    #expect(recipe.identityKey == "id:paprika:D818BC90")
    #expect(recipe.ingredientLines.map(\.text) == ["400 g Zucchini", "2 Eier"])
    #expect(recipe.steps.map(\.text) == ["Raffeln.", "Braten."])
    #expect(recipe.rating == nil, "0 means unrated in Paprika")
    #expect(recipe.cookTime == RecipeDuration(minutes: 10))
    #expect(recipe.author == "Chefkoch.de")
  }

  @Test func aChowdownRecipeReadsItsFrontMatterLists() {
    let text = """

      ---

      layout: recipe
      title:  "Roasted Okra"
      image: roasted-okra.jpg
      tags: sides, vegetables

      ingredients:
      - 1 bunch of okra
      - salt, pepper, etc to taste

      directions:
      - Wash the okra
      - Roast under the broiler for 10-15 mins.

      ---

      I love me some okra.
      """
    #expect(Chowdown.isChowdownRecipe(text))
    let items = Chowdown.readRecipes(from: text)
    let recipe = try? items[0].result.get()
    #expect(recipe?.name == "Roasted Okra")
    #expect(recipe?.keywords == ["sides", "vegetables"])
    #expect(
      recipe?.ingredientLines.map(\.text) == ["1 bunch of okra", "salt, pepper, etc to taste"])
    #expect(recipe?.steps.count == 2)
    #expect(recipe?.description == "I love me some okra.")
    #expect(
      items[0].warnings == [
        "field 'image': 'roasted-okra.jpg' is a file in the export; not imported"
      ])
    #expect(!Chowdown.isChowdownRecipe("# Just notes\n"))
  }

  @Test func deeplyNestedJSONIsRefusedWithoutExhaustingTheStack() {
    let hostile = Data(String(repeating: "[", count: 1_000_000).utf8)
    #expect(
      throws: LarderCoreError.invalidJSON(detail: "nested more than 512 levels deep; refused")
    ) { try SchemaOrg.readRecipes(from: hostile) }
    #expect(throws: LarderCoreError.self) { try MealieExport.readRecipes(from: hostile) }
  }

  @Test func invalidUTF8IsAnErrorNamingTheLineAndByte() {
    var bytes = Array("title,ingredients\nSoup,1 leek\n".utf8)
    bytes.insert(0xC3, at: 23)
    bytes.insert(0x28, at: 24)
    #expect(
      throws: LarderCoreError.invalidField(
        field: "encoding", value: "",
        reason: "line 2, byte 24: not valid UTF-8 (save the file as UTF-8)")
    ) { try RecipeText.utf8(Data(bytes)) }
    #expect(RecipeText.legacy(Data([0x43, 0x72, 0xE8, 0x6D, 0x65])) == "Crème")
  }

  @Test func mutatedJSONNeverCrashesTheReaders() throws {
    let seed = try Self.json([
      "name": "Seed", "recipe_ingredient": [["note": "1 egg"]], "steps": [["instruction": "x"]],
      "ingredients": "1 egg", "directions": "Boil.", "working_time": 3,
    ])
    var random = SeededRandom(seed: 31_337)
    for _ in 0..<300 {
      var bytes = [UInt8](seed)
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(
          in: 0...255, using: &random)
      }
      let data = Data(bytes)
      _ = try? MealieExport.readRecipes(from: data)
      _ = try? TandoorExport.readRecipes(from: data)
      _ = try? PaprikaExport.readRecipes(from: data)
      _ = Chowdown.readRecipes(from: String(decoding: data, as: UTF8.self))
    }
  }
}
