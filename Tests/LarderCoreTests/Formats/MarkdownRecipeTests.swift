import Foundation
import Testing

@testable import LarderCore

/// Plain Markdown recipes, and Larder's own Markdown export read back.
@Suite struct MarkdownRecipeTests {
  static let withFrontMatter = """
    ---
    title: Ignored when there is a heading
    tags: [soup, winter]
    cuisine: French
    servings: 4
    prep: 15 min
    cook: 1 hr
    source: https://example.org/onion-soup
    ---
    # French Onion Soup

    Slow onions, good stock.

    ## Ingredients

    - 1 kg onions, sliced
    * 50 g butter

    ### To serve

    - 4 slices baguette
    - [ ] 100 g gruyère

    ## Method

    1. Cook the onions in the butter for 45 minutes.
    2) Add the stock and simmer.
    - Grill the bread and cheese on top.

    ## Notes

    Better the next day.

    ## Wine

    A dry white.
    """

  @Test func sectionsListsAndFrontMatterAreMapped() throws {
    let items = MarkdownRecipe.readRecipes(from: Self.withFrontMatter)
    #expect(items.count == 1)
    let recipe = try items[0].result.get()
    #expect(recipe.name == "French Onion Soup")
    #expect(recipe.description == "Slow onions, good stock.")
    #expect(recipe.keywords == ["soup", "winter"])
    #expect(recipe.cuisines == ["French"])
    #expect(recipe.yield?.servings == 4)
    #expect(recipe.prepTime == RecipeDuration(minutes: 15))
    #expect(recipe.cookTime == RecipeDuration(minutes: 60))
    #expect(recipe.sourceURL == "https://example.org/onion-soup")
    #expect(recipe.ingredientSections.map(\.title) == [nil, "To serve"])
    #expect(
      recipe.ingredientLines.map(\.text) == [
        "1 kg onions, sliced", "50 g butter", "4 slices baguette", "100 g gruyère",
      ])
    #expect(
      recipe.steps.map(\.text) == [
        "Cook the onions in the butter for 45 minutes.", "Add the stock and simmer.",
        "Grill the bread and cheese on top.",
      ])
    #expect(recipe.notes == "Better the next day.\n\nWine\nA dry white.")
  }

  @Test(arguments: ["Instructions", "Method", "Steps", "Directions"])
  func theStepsSectionHasSeveralNames(heading: String) throws {
    let text = "# Toast\n\n## Ingredients\n\n- 1 slice bread\n\n## \(heading)\n\n1. Toast it.\n"
    #expect(MarkdownRecipe.isMarkdownRecipe(text))
    let recipe = try MarkdownRecipe.readRecipes(from: text)[0].result.get()
    #expect(recipe.steps.map(\.text) == ["Toast it."])
  }

  @Test func larderOwnMarkdownExportReadsBack() throws {
    var recipe = Recipe(
      name: "Lemon *Drizzle* Cake", description: "A tender sponge.", author: "Mara Quill",
      sourceURL: "https://kitchen.example/lemon", yield: RecipeYield(servings: 10),
      prepTime: RecipeDuration(minutes: 20), cookTime: RecipeDuration(minutes: 45))
    recipe.ingredientSections = [
      IngredientSection(lines: [
        IngredientLine(text: "225 g butter"), IngredientLine(text: "4 eggs"),
      ]),
      IngredientSection(title: "Drizzle", lines: [IngredientLine(text: "1 lemon, juiced")]),
    ]
    recipe.instructionSections = [
      InstructionSection(steps: [
        InstructionStep(text: "Heat the oven.", name: "Prepare"),
        InstructionStep(text: "Bake *45* min."),
      ])
    ]
    recipe.keywords = ["cake", "tea"]
    recipe.notes = "Keeps a week."
    var second = Recipe(name: "Butter Biscuits")
    second.ingredientSections = [IngredientSection(lines: [IngredientLine(text: "100 g butter")])]
    let items = MarkdownRecipe.readRecipes(from: MarkdownWriter.write([recipe, second]))
    #expect(items.count == 2)
    let read = try items[0].result.get()
    #expect(read.name == recipe.name)
    #expect(read.description == recipe.description)
    #expect(read.author == recipe.author)
    #expect(read.sourceURL == recipe.sourceURL)
    #expect(read.yield?.servings == 10)
    #expect(read.prepTime == recipe.prepTime)
    #expect(read.cookTime == recipe.cookTime)
    #expect(read.effectiveTotalTime == recipe.effectiveTotalTime)
    #expect(read.keywords == recipe.keywords)
    #expect(read.ingredientSections == recipe.ingredientSections)
    #expect(read.instructionSections == recipe.instructionSections)
    #expect(read.notes == recipe.notes)
    #expect(try items[1].result.get().ingredientLines.map(\.text) == ["100 g butter"])
  }

  @Test func aRecipeWithoutATitleOrIngredientsIsReportedNamingWhatIsMissing() {
    let untitled = MarkdownRecipe.readRecipes(
      from: "Some text\n\n## Ingredients\n\n- 1 egg\n")
    #expect(throws: LarderCoreError.missingField(field: "# Title heading", item: 0)) {
      try untitled[0].result.get()
    }
    let empty = MarkdownRecipe.readRecipes(from: "# Soup\n\n## Ingredients\n\nTo taste.\n")
    #expect(throws: LarderCoreError.missingField(field: "## Ingredients list", item: 0)) {
      try empty[0].result.get()
    }
  }

  @Test func oneBadRecipeInADocumentLeavesTheOthers() throws {
    let text = """
      # Good

      ## Ingredients

      - 1 egg

      # Bad

      ## Ingredients

      ## Method

      1. Nothing to do.
      """
    let items = MarkdownRecipe.readRecipes(from: text)
    #expect(items.map(\.name) == ["Good", "Bad"])
    #expect(try items[0].result.get().ingredientLines.count == 1)
    #expect(throws: LarderCoreError.missingField(field: "## Ingredients list", item: 1)) {
      try items[1].result.get()
    }
  }

  @Test func markdownWithoutAnIngredientsSectionIsNotARecipe() {
    #expect(!MarkdownRecipe.isMarkdownRecipe("# Shopping\n\n- milk\n"))
    #expect(!MarkdownRecipe.isMarkdownRecipe("# Notes\n\n##Ingredients\n"))
  }
}
