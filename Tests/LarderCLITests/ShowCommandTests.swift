import Foundation
import Testing

/// `larder show ID --servings N --units SYSTEM`: the lines as the recipe page shows them.
@Suite struct ShowCommandTests {
  static var salad: [String: Any] {
    var recipe = JSONDocument.recipe(
      "Kartoffelsalat", ingredients: ["500 g Kartoffeln", "2 EL Essig", "1 Dose Mais"],
      steps: ["Die Kartoffeln kochen und schälen.", "Mit dem Essig und dem Mais mischen."])
    recipe["recipeYield"] = "2"
    recipe["inLanguage"] = "de"
    return recipe
  }

  @Test func aGermanRecipeScaledIsShownInGerman() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.writeJSON(Self.salad, to: "salat.json")
    #expect(try sandbox.larder("import", file).status == 0)
    let id = try #require(try sandbox.listedRecipes().items.first?.id)
    let run = try sandbox.larder("show", id, "--servings", "4")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdoutLines.contains("  - 1 kg Kartoffeln"), "\(run)")
    #expect(run.stdoutLines.contains("  - 4 EL Essig"), "\(run)")
    #expect(run.stdoutLines.contains("  - 2 Dosen Mais"), "\(run)")
    // Without options the lines are as written.
    let plain = try sandbox.larder("show", id)
    #expect(plain.stdoutLines.contains("  - 2 EL Essig"), "\(plain)")
  }

  @Test func aBadServingsOrUnitsIsNamed() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.writeJSON(Self.salad, to: "salat.json")
    #expect(try sandbox.larder("import", file).status == 0)
    let id = try #require(try sandbox.listedRecipes().items.first?.id)
    let servings = try sandbox.larder("show", id, "--servings", "lots")
    #expect(servings.status == 2, "\(servings)")
    #expect(servings.stderr.contains("--servings"), "\(servings)")
    let units = try sandbox.larder("show", id, "--units", "imperial")
    #expect(units.status == 2, "\(units)")
    #expect(units.stderr.contains("--units"), "\(units)")
  }
}
