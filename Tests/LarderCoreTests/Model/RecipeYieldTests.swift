import Foundation
import LarderCore
import Testing

@Suite struct RecipeYieldTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var texts: [String]
    var servings: Double?
    var text: String?
    var testDescription: String { texts.description }
  }

  @Test(arguments: [
    Case(texts: ["4"], servings: 4, text: nil),
    Case(texts: ["4 servings"], servings: 4, text: "4 servings"),
    Case(texts: ["Serves 4-6"], servings: 4, text: "Serves 4-6"),
    Case(texts: ["4", "4 servings"], servings: 4, text: "4 servings"),
    Case(texts: ["12 cookies"], servings: 12, text: "12 cookies"),
    Case(texts: ["1 loaf (10 slices)"], servings: 1, text: "1 loaf (10 slices)"),
    Case(texts: ["makes about 2 cups"], servings: 2, text: "makes about 2 cups"),
    Case(texts: ["Makes 2.5 litres."], servings: 2.5, text: "Makes 2.5 litres."),
    Case(texts: ["  6 portions  "], servings: 6, text: "6 portions"),
    Case(texts: ["a dozen"], servings: nil, text: "a dozen"),
  ])
  func readsTheShapesSchemaOrgAllows(example: Case) throws {
    let yield = try #require(RecipeYield(texts: example.texts))
    #expect(yield.servings == example.servings)
    #expect(yield.text == example.text)
  }

  @Test(arguments: [[], [""], ["  ", "\n"]] as [[String]])
  func isNilWithoutAnyWording(texts: [String]) {
    #expect(RecipeYield(texts: texts) == nil)
  }

  @Test(arguments: [
    (RecipeYield(servings: 4), "4 servings"),
    (RecipeYield(servings: 2.5), "2.5 servings"),
    (RecipeYield(servings: 4, text: "4"), "4 servings"),
    (RecipeYield(servings: 12, text: "12 cookies"), "12 cookies"),
    (RecipeYield(servings: nil, text: "a dozen"), "a dozen"),
    (RecipeYield(servings: nil), ""),
  ])
  func showsTheWordingOrTheServings(yield: RecipeYield, display: String) {
    #expect(yield.displayText == display)
  }
}
