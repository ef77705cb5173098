import Foundation
import Testing

@testable import LarderCore

/// MasterCook text exports (`.mxp`), from a fixture written for these tests.
@Suite struct MasterCookTextTests {
  static let export = """
                         *  Exported from  MasterCook  *

                                Barley Soup

    Recipe By     : Ada Brown
    Serving Size  : 6     Preparation Time :1:15
    Categories    : Soups                           Winter

      Amount  Measure       Ingredient -- Preparation Method
    --------  ------------  --------------------------------
       1      cup           pearl barley -- rinsed
       2      quarts        beef stock
                            salt

    Simmer the barley in the stock
    for an hour.

    Season and serve.

                       - - - - - - - - - - - - - - - - - -

    NOTES : Freezes well.

                         *  Exported from  MasterCook  *

                                Plain Rice

    Recipe By     :
    Serving Size  : 2     Preparation Time :0:20
    Categories    :

      Amount  Measure       Ingredient -- Preparation Method
    --------  ------------  --------------------------------
       1      cup           rice

    Boil.
    """

  @Test func everyRecipeIsReadWithItsTableFieldsAndNotes() throws {
    #expect(MasterCookText.isMasterCookText(Self.export))
    let recipes = try MasterCookText.readRecipes(from: Self.export).map { try $0.result.get() }
    #expect(recipes.map(\.name) == ["Barley Soup", "Plain Rice"])
    let soup = recipes[0]
    #expect(soup.author == "Ada Brown")
    #expect(soup.yield?.servings == 6)
    #expect(soup.totalTime == RecipeDuration(minutes: 75))
    #expect(soup.courses == ["Soups", "Winter"])
    #expect(
      soup.ingredientLines.map(\.text) == [
        "1 cup pearl barley, rinsed", "2 quarts beef stock", "salt",
      ])
    #expect(
      soup.steps.map(\.text) == [
        "Simmer the barley in the stock for an hour.", "Season and serve.",
      ])
    #expect(soup.notes == "NOTES : Freezes well.")
    #expect(recipes[1].author == nil)
    #expect(recipes[1].totalTime == RecipeDuration(minutes: 20))
  }

  @Test func aRecipeWithoutItsIngredientTableFailsAloneNamingTheField() throws {
    let broken = Self.export.replacingOccurrences(
      of: "--------  ------------  --------------------------------\n   1      cup           rice",
      with: "")
    let items = try MasterCookText.readRecipes(from: broken)
    #expect(items.count == 2)
    #expect(try items[0].result.get().name == "Barley Soup")
    #expect(
      throws: LarderCoreError.missingField(field: "ingredients table (recipe starting on line 24)")
    ) { try items[1].result.get() }
  }

  @Test func mutatedExportsNeverCrashTheReader() {
    var random = SeededRandom(seed: 1995)
    let bytes = Array(Self.export.utf8)
    for _ in 0..<300 {
      var mutated = bytes
      for _ in 0..<Int.random(in: 1...12, using: &random) {
        let position = Int.random(in: 0..<mutated.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: mutated[position] = UInt8.random(in: 0...255, using: &random)
        case 1: mutated.insert(UInt8(ascii: ":"), at: position)
        default: mutated.remove(at: position)
        }
      }
      _ = try? MasterCookText.readRecipes(from: RecipeText.legacy(Data(mutated)))
    }
  }
}
