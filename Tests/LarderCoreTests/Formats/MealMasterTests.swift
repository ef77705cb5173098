import Foundation
import Testing

@testable import LarderCore

/// MealMaster files: several recipes per file, one- and two-column ingredient tables.
@Suite struct MealMasterTests {
  static let folder = "formats/mealmaster"

  static func recipes(_ text: String) throws -> [Recipe] {
    try MealMaster.readRecipes(from: text).map { try $0.result.get() }
  }

  @Test(
    .enabled(
      if: SampleData.exists("formats/mealmaster"),
      "skipped: the MealMaster samples in ../shared/data/formats are not here"))
  func theOneColumnSampleHoldsFiveRecipes() throws {
    let recipes = try Self.recipes(SampleData.text("\(Self.folder)/gourmet-mealmaster.mmf"))
    #expect(
      recipes.map(\.name) == [
        "Almond Mushroom Pate", "Almond Puff", "Almond Stuffed Dates with Bacon",
        "Anchovy Olive Dip", "Anchoyade",
      ])
    let pate = recipes[0]
    #expect(pate.keywords == ["Appetizers"])
    #expect(pate.yield?.servings == 6)
    #expect(pate.ingredientLines.count == 10)
    #expect(pate.ingredientLines.first?.text == "1-2 tbsp Margarine")
    #expect(pate.ingredientLines[3].text == "1-1 1/2 cup Sliced Mushrooms")
    // "-softened" continues the line above.
    #expect(recipes[1].ingredientLines[0].text == "1/2 cup Butter (or margarine), softened")
    #expect(
      recipes[2].ingredientLines.map(\.text).last
        == "1 1/2 lb Lean thinly sliced bacon cut into thirds")
    #expect(recipes[3].steps.map(\.text) == ["Combine ingredients; mix well. Chill", "Randy Rigg"])
    #expect(pate.steps.contains { $0.text.hasPrefix("In a large skillet, melt margarine.") })
  }

  @Test(
    .enabled(
      if: SampleData.exists("formats/mealmaster"),
      "skipped: the MealMaster samples in ../shared/data/formats are not here"))
  func theTwoColumnSampleReadsBothColumnsAndTheSubsection() throws {
    let recipes = try Self.recipes(SampleData.text("\(Self.folder)/gourmet-mealmaster_2_col.mmf"))
    #expect(recipes.count == 1)
    let chiles = try #require(recipes.first)
    #expect(chiles.name == "Chiles Rellenos de Queso")
    #expect(chiles.keywords == ["Appetizers", "Main dish", "Cheese", "Mexican"])
    #expect(chiles.yield?.servings == 2)
    #expect(chiles.ingredientSections.map(\.title) == [nil, "Tomato Sauce"])
    #expect(
      chiles.ingredientSections[0].lines.map(\.text) == [
        "2 Chiles, calif.; roast & peel", "1 1/3 oz Cheese, monterey jack", "Oil; for frying",
        "1 Eggs; separated", "3/16 cup Flour, all purpose",
      ])
    #expect(chiles.ingredientSections[1].lines.count == 9)
    #expect(chiles.ingredientSections[1].lines.contains { $0.text == "pinch Cinnamon, ground" })
    #expect(chiles.steps.first?.text == "Prepare tomato sauce; keep warm.")
    #expect(chiles.steps.count == 5)
  }

  @Test func aRecipeWithoutATitleFailsAloneNamingItsLine() throws {
    let text = """
      MMMMM----- Recipe via Meal-Master (tm) v8.02

            Title: Toast
       Categories: Breakfast

            1    Slice bread

        Toast it.
      MMMMM
      MMMMM----- Recipe via Meal-Master (tm) v8.02

       Categories: Mystery

            1    Thing

        Do it.
      MMMMM
      """
    let items = try MealMaster.readRecipes(from: text)
    #expect(items.count == 2)
    #expect(try items[0].result.get().name == "Toast")
    #expect(throws: LarderCoreError.missingField(field: "Title (recipe starting on line 10)")) {
      try items[1].result.get()
    }
  }

  @Test func theOlderDashStyleDelimitersWorkToo() throws {
    let text = """
      ---------- Recipe via Meal-Master (tm) v8.02

            Title: Dash Style
       Categories: Old

            2 c  Flour
      ---------------------------FOR THE TOP---------------------------
            1 tb Sugar

        Mix and bake.
      -----
      """
    let recipe = try #require(try Self.recipes(text).first)
    #expect(recipe.name == "Dash Style")
    #expect(recipe.ingredientSections.map(\.title) == [nil, "For The Top"])
    #expect(recipe.ingredientLines.map(\.text) == ["2 cup Flour", "1 tbsp Sugar"])
    #expect(recipe.steps.map(\.text) == ["Mix and bake."])
  }

  @Test func textWithoutAHeaderIsAnError() {
    #expect(throws: LarderCoreError.self) { try MealMaster.readRecipes(from: "just a note\n") }
  }

  @Test func mutatedFilesNeverCrashTheReader() throws {
    let seed = """
      MMMMM----- Recipe via Meal-Master (tm) v8.02

            Title: Seed
       Categories: A, B
            Yield: 2 servings

            2    Chiles, calif.; roast & peel        1    Eggs; separated
        1 1/3 oz Cheese, monterey jack            3/16 c  Flour, all purpose
                 -continued

      MMMMM------------------------SAUCE-----------------------------
        1 1/3 sm Tomatoes; peeled                 3/16 ts Salt

        Prepare the sauce.
      MMMMM
      """
    var random = SeededRandom(seed: 1957)
    let bytes = Array(seed.utf8)
    for _ in 0..<500 {
      var mutated = bytes
      for _ in 0..<Int.random(in: 1...16, using: &random) {
        let position = Int.random(in: 0..<mutated.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: mutated[position] = UInt8.random(in: 0...255, using: &random)
        case 1: mutated.insert(UInt8.random(in: 0...255, using: &random), at: position)
        default: mutated.remove(at: position)
        }
      }
      _ = try? MealMaster.readRecipes(from: RecipeText.legacy(Data(mutated)))
    }
  }
}
