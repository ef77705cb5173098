import Foundation
import Testing

@testable import LarderCore

@Suite struct MarkdownWriterTests {
  @Test func aRecipeReadsAsTitleFactsBulletedIngredientsAndNumberedSteps() {
    var recipe = Recipe(
      name: "Lemon Drizzle Cake", description: "A tender sponge.", author: "Mara Quill",
      sourceURL: "https://kitchen.example/lemon", yield: RecipeYield(servings: 10),
      prepTime: RecipeDuration(minutes: 20), cookTime: RecipeDuration(minutes: 45))
    recipe.ingredientSections = [
      IngredientSection(lines: [
        IngredientLine(text: "225 g butter"), IngredientLine(text: "4 eggs"),
      ]),
      IngredientSection(title: "Drizzle", lines: [IngredientLine(text: "1 lemon, juiced")]),
    ]
    recipe.instructionSections = [
      InstructionSection(
        steps: [InstructionStep(text: "Heat the oven."), InstructionStep(text: "Bake *45* min.")])
    ]
    recipe.keywords = ["cake"]
    #expect(
      MarkdownWriter.write(recipe) == """
        # Lemon Drizzle Cake

        A tender sponge.

        **Serves:** 10 servings · **Prep:** 20 min · **Cook:** 45 min · **Total:** 1 hr 5 min

        *cake*

        ## Ingredients

        - 225 g butter
        - 4 eggs

        ### Drizzle

        - 1 lemon, juiced

        ## Method

        1. Heat the oven.
        2. Bake \\*45\\* min.

        ---

        By Mara Quill · <https://kitchen.example/lemon>

        """)
  }
}
