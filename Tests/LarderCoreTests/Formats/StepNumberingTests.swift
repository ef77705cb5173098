import Foundation
import LarderCore
import Testing

@Suite struct StepNumberingTests {
  @Test(arguments: [
    ("Step 1: Heat the oven.", "Heat the oven."),
    ("STEP 2 - Whisk the eggs.", "Whisk the eggs."),
    ("Stap 2 Verwarm de oven.", "Verwarm de oven."),
    ("Schritt 3. Die Kartoffeln kochen.", "Die Kartoffeln kochen."),
    ("Schritt 1Die Kartoffeln kochen.", "Die Kartoffeln kochen."),
    ("Étape 4 : Battez les œufs.", "Battez les œufs."),
    ("Paso 5 – Mezcla la harina.", "Mezcla la harina."),
    ("Passo 1: Bata no liquidificador.", "Bata no liquidificador."),
    ("1. Heat the oven.", "Heat the oven."),
    ("2) Tip into the tin.", "Tip into the tin."),
    ("Step 3", ""),
    ("12", ""),
  ])
  func removesTheNumberingPagesWriteIntoSteps(step: String, text: String) {
    #expect(SchemaOrg.withoutStepNumber(step) == text)
  }

  @Test(arguments: [
    "2 - 3 eggs, beaten", "350 degrees is hot enough", "Steps 2 and 3 can be done ahead.",
    "Stapel the pancakes.", "1/2 cup sugar",
  ])
  func leavesTextThatIsNotNumbering(text: String) {
    #expect(SchemaOrg.withoutStepNumber(text) == text)
  }

  @Test func dropsAStepNameThatIsOnlyItsNumber() throws {
    let json = """
      {"@type": "Recipe", "name": "Toast", "recipeIngredient": ["1 slice bread"],
       "recipeInstructions": [
         {"@type": "HowToStep", "name": "Step 1", "text": "Step 1: Toast the bread."},
         {"@type": "HowToStep", "name": "Butter", "text": "Spread the butter."}]}
      """
    let recipe = try #require(try SchemaOrg.readRecipes(from: Data(json.utf8)).first).result.get()
    let steps = recipe.instructionSections.flatMap(\.steps)
    #expect(steps.map(\.text) == ["Toast the bread.", "Spread the butter."])
    #expect(steps.map(\.name) == [nil, "Butter"])
  }
}
