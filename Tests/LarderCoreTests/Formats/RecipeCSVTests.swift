import Foundation
import Testing

@testable import LarderCore

/// Recipe spreadsheets: MyRecipeBox and Plan to Eat CSV exports, read with the RFC 4180 reader.
@Suite struct RecipeCSVTests {
  static let myRecipeBox = "formats/app-exports/mealie-migrations/myrecipebox.csv"

  @Test(
    .enabled(
      if: SampleData.exists(myRecipeBox),
      "skipped: myrecipebox.csv in ../shared/data/formats is not here"))
  func theMyRecipeBoxSampleHoldsTenRecipes() throws {
    let text = try SampleData.text(Self.myRecipeBox)
    let table = try CSVTable.read(text)
    #expect(RecipeCSV.layout(ofHeader: table.header) == .myRecipeBox)
    let recipes = try RecipeCSV.readRecipes(from: text).map { try $0.result.get() }
    #expect(recipes.count == 10)
    let potatoes = try #require(recipes.first)
    #expect(potatoes.name == "Air fryer Sliced potatoes")
    #expect(potatoes.prepTime == RecipeDuration(minutes: 10))
    #expect(potatoes.cookTime == RecipeDuration(minutes: 15))
    #expect(potatoes.totalTime == RecipeDuration(minutes: 25))
    #expect(potatoes.ingredientLines.count == 8)
    #expect(potatoes.ingredientLines[1].text == "2 Tablespoons Oil")
    #expect(potatoes.steps.count == 6)
    #expect(potatoes.steps[0].text.hasPrefix("Soak Potatoes in water for 15 mins"))
    #expect(potatoes.nutrition?.calories == "150 kcal")
    #expect(potatoes.nutrition?.sodiumContent == "396 mg")
    #expect(potatoes.courses == ["Sides"])
    #expect(potatoes.notes == "You have to do an additional batch if you want more than this.")
    #expect(potatoes.sourceURL?.hasPrefix("https://www.airfryeryum.com/") == true)
    #expect(recipes[1].name == "Apple Spinach Salad")
    #expect(recipes[1].keywords == ["Salad"])
  }

  static let planToEat = """
    Title,Course,Cuisine,Main Ingredient,Description,Source,Url,Url Host,Prep Time,Cook Time,\
    Total Time,Servings,Yield,Ingredients,Directions,Tags,Rating,Calories\r
    Test Recipe,Main Course,American,Beans,"A description.\r
    New line.",Manual,https://example.com/bowl,,75,75,150,7,1 loaf,", Heading\r
    2 itm Test, note\r
    , Heading2\r
    3 pkg Two, note2\r
    ","Directions.\r
    Will go here.","Cheap, Test",3,13\r
    ,,,,,,,,,,,,,"1 egg","Boil.",,,\r

    """

  @Test func planToEatHeadingsBecomeSectionsAndANamelessRecordFailsNamingItsLine() throws {
    let items = try RecipeCSV.readRecipes(from: "\u{FEFF}" + Self.planToEat)
    #expect(items.count == 2)
    let recipe = try items[0].result.get()
    #expect(recipe.name == "Test Recipe")
    #expect(recipe.description == "A description.\r\nNew line.")
    #expect(recipe.ingredientSections.map(\.title) == ["Heading", "Heading2"])
    #expect(recipe.ingredientLines.map(\.text) == ["2 itm Test, note", "3 pkg Two, note2"])
    #expect(recipe.steps.map(\.text) == ["Directions.", "Will go here."])
    #expect(recipe.yield == RecipeYield(servings: 7, text: "1 loaf"))
    #expect(recipe.totalTime == RecipeDuration(minutes: 150))
    #expect(recipe.keywords == ["Cheap", "Test"])
    #expect(recipe.courses == ["Main Course"])
    #expect(recipe.rating == 3)
    #expect(recipe.nutrition?.calories == "13")
    #expect(
      throws: LarderCoreError.invalidField(
        field: "title", value: "", reason: "line 9: the recipe has no title")
    ) { try items[1].result.get() }
  }

  @Test func aCSVWithoutRecipeColumnsIsAnErrorNamingTheHeader() {
    #expect(
      throws: LarderCoreError.invalidField(
        field: "CSV header", value: "date,amount",
        reason: "has no recipe title and ingredients columns")
    ) { try RecipeCSV.readRecipes(from: "date,amount\n2024-01-01,3\n") }
  }

  @Test func anUnclosedQuoteIsAnErrorNamingTheLine() {
    #expect(throws: LarderCoreError.self) {
      try RecipeCSV.readRecipes(from: "title,ingredients\nSoup,\"1 leek\n2 potatoes\n")
    }
  }

  @Test func mutatedFilesNeverCrashTheReader() {
    var random = SeededRandom(seed: 4180)
    let bytes = Array(Self.planToEat.utf8)
    for _ in 0..<300 {
      var mutated = bytes
      for _ in 0..<Int.random(in: 1...10, using: &random) {
        let position = Int.random(in: 0..<mutated.count, using: &random)
        let choices: [UInt8] = [0x22, 0x2C, 0x0D, 0x0A, 0xFF, 0x41]
        mutated[position] = choices.randomElement(using: &random)!
      }
      _ = try? RecipeCSV.readRecipes(from: String(decoding: mutated, as: UTF8.self))
    }
  }
}
