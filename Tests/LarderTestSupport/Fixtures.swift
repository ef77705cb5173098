import Foundation
import LarderCore

/// Recipes and dates for tests, built in code so each test shows what it relies on.
public enum Fixtures {
  /// A fixed instant, so stored dates are predictable.
  public static let now = Date(timeIntervalSince1970: 1_790_000_000)

  /// A complete recipe with sections, times, tags and diets.
  public static func pancakes() -> Recipe {
    Recipe(
      name: "Buttermilk Pancakes", description: "Fluffy pancakes for a slow Sunday.",
      author: "Larder Kitchen", sourceURL: "https://example.com/pancakes",
      images: ["https://example.com/pancakes.jpg"],
      yield: RecipeYield(servings: 4, text: "8 pancakes"),
      prepTime: RecipeDuration(minutes: 10), cookTime: RecipeDuration(minutes: 20),
      ingredientSections: [
        IngredientSection(lines: [
          IngredientLine(text: "2 cups plain flour"), IngredientLine(text: "2 eggs"),
          IngredientLine(text: "1 1/2 cups buttermilk"),
        ]),
        IngredientSection(title: "To serve", lines: [IngredientLine(text: "Maple syrup")]),
      ],
      instructionSections: [
        InstructionSection(steps: [
          InstructionStep(text: "Whisk the flour, eggs and buttermilk into a smooth batter."),
          InstructionStep(text: "Cook ladlefuls in a hot buttered pan for 2 minutes a side."),
        ])
      ],
      keywords: ["brunch", "sweet"], courses: ["Breakfast"], cuisines: ["American"],
      diets: [.vegetarian])
  }

  /// A short vegan recipe with an accented name.
  public static func cremeBrulee() -> Recipe {
    Recipe(
      name: "Crème brûlée (vegan)", sourceID: "urn:test:creme-brulee",
      prepTime: RecipeDuration(minutes: 20), totalTime: RecipeDuration(minutes: 260),
      ingredientSections: [
        IngredientSection(lines: [
          IngredientLine(text: "400 ml coconut cream"), IngredientLine(text: "60 g caster sugar"),
        ])
      ],
      instructionSections: [
        InstructionSection(steps: [InstructionStep(text: "Chill for 4 hours, then brûlée.")])
      ],
      courses: ["Dessert"], cuisines: ["French"], diets: [.vegan, .vegetarian])
  }

  /// A quick savoury recipe.
  public static func tomatoSoup() -> Recipe {
    Recipe(
      name: "Tomato Soup", prepTime: RecipeDuration(minutes: 5),
      cookTime: RecipeDuration(minutes: 25),
      ingredientSections: [
        IngredientSection(lines: [
          IngredientLine(text: "800 g canned tomatoes"), IngredientLine(text: "1 onion, chopped"),
          IngredientLine(text: "2 cloves garlic"),
        ])
      ],
      instructionSections: [
        InstructionSection(steps: [
          InstructionStep(text: "Simmer everything for 25 minutes and blend.")
        ])
      ],
      keywords: ["soup", "quick"], courses: ["Soup"], cuisines: ["Italian"], diets: [.vegan])
  }

  /// A dinner recipe for the planning tests: the lines given, serving `serves`, taking
  /// `minutes` in all.
  public static func dinner(
    _ name: String, serves: Double = 2, minutes: Int = 30, _ lines: [String]
  ) -> Recipe {
    Recipe(
      name: name, yield: RecipeYield(servings: serves), totalTime: RecipeDuration(minutes: minutes),
      ingredientSections: [IngredientSection(lines: lines.map { IngredientLine(text: $0) })],
      courses: ["Dinner"])
  }

  /// The three recipes the planning tests plan, cook and shop for.
  public static let plannedRecipes = [
    dinner("Pancakes", minutes: 20, ["1 cup milk", "2 eggs", "1 cup flour", "1/2 tsp salt"]),
    dinner("Custard", minutes: 45, ["250 ml milk", "3 eggs", "50 g sugar"]),
    dinner("Chicken Bake", minutes: 60, ["500 g chicken thighs", "2 onions", "1 cup rice"]),
  ]
}
