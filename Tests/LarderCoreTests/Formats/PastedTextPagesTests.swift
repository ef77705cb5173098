import Foundation
import Testing

@testable import LarderCore

/// ``PastedRecipeReader/readAll(_:)``: a page with several recipes, as OCR reads a cookbook
/// page, becomes one recipe each.
@Suite struct PastedTextPagesTests {
  static let twoRecipes = """
    Tomato Salad
    Serves 2

    Ingredients
    4 tomatoes
    1 tbsp olive oil

    Method
    1. Slice the tomatoes.
    2. Dress them with the oil.

    Garlic Bread

    Ingredients
    1 baguette
    50 g butter
    2 cloves garlic

    Method
    1. Mash the butter with the garlic.
    2. Spread it on the bread and bake for 10 minutes.
    """

  @Test func readsEachRecipeOnAPageWithItsTitleLinesAndSteps() throws {
    let recipes = try PastedRecipeReader().readAll(Self.twoRecipes)
    try #require(recipes.map(\.recipe.name) == ["Tomato Salad", "Garlic Bread"])
    #expect(recipes[0].recipe.yield == RecipeYield(servings: 2))
    #expect(recipes[0].recipe.ingredientLines.map(\.text) == ["4 tomatoes", "1 tbsp olive oil"])
    #expect(recipes[0].recipe.steps.count == 2)
    #expect(
      recipes[1].recipe.ingredientLines.map(\.text) == [
        "1 baguette", "50 g butter", "2 cloves garlic",
      ])
    #expect(
      recipes[1].recipe.steps.map(\.text) == [
        "Mash the butter with the garlic.", "Spread it on the bread and bake for 10 minutes.",
      ])
  }

  @Test func splitsTextEndingInABreakAsOCRWritesIt() throws {
    let recipes = try PastedRecipeReader().readAll(Self.twoRecipes + "\n\u{0C}")
    #expect(recipes.map(\.recipe.name) == ["Tomato Salad", "Garlic Bread"])
  }

  @Test func readsOneRecipeAsReadDoes() throws {
    let text = """
      Garlic Bread

      Ingredients
      1 baguette

      Method
      1. Bake it.
      """
    let all = try PastedRecipeReader().readAll(text)
    #expect(all == [try PastedRecipeReader().read(text)])
  }

  @Test func doesNotSplitAtAnIngredientsHeadingBeforeAnySteps() {
    let text = """
      Layered Cake

      Ingredients
      200 g flour

      For the icing

      Ingredients
      100 g sugar

      Method
      1. Bake and ice.
      """
    #expect(PastedRecipeReader.recipeParts(text).count == 1)
  }

  @Test func doesNotSplitWhenNoTitleStandsAboveTheSecondHeading() {
    let text = """
      Two Sauces

      Ingredients
      1 onion

      Method
      1. Fry the onion.
      2. Add the tomatoes.
      Ingredients
      2 tomatoes
      """
    #expect(PastedRecipeReader.recipeParts(text).count == 1)
  }

  @Test func splitsGermanPagesByTheirHeadings() throws {
    let text = """
      Kartoffelsalat

      Zutaten
      1 kg Kartoffeln

      Zubereitung
      1. Kartoffeln kochen.

      Gurkensalat

      Zutaten
      2 Gurken

      Zubereitung
      1. Gurken hobeln.
      """
    #expect(
      try PastedRecipeReader().readAll(text).map(\.recipe.name) == [
        "Kartoffelsalat", "Gurkensalat",
      ])
  }
}
