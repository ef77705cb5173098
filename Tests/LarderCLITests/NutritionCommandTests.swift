import Foundation
import Testing

/// `larder nutrition`, run as the built binary over the starter recipes.
@Suite struct NutritionCommandTests {
  func recipeID(_ name: String, in sandbox: Sandbox) throws -> String {
    let page = try sandbox.listedRecipes()
    return try #require(page.items.first { $0.name == name }?.id)
  }

  @Test func printsPerServingTotalAndWhatWasNotCounted() throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let carbonara = try recipeID("Spaghetti Carbonara", in: sandbox)
    let run = try sandbox.larder("nutrition", String(carbonara.prefix(8)), "--servings", "2")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("For 2 servings (the recipe makes 4)"), "\(run)")
    #expect(run.stdout.contains("per serving"))
    #expect(run.stdout.contains("Energy"))
    #expect(run.stdout.contains("- Salt, for the pasta water: no amount"), "\(run)")
  }

  @Test func aCountedLineSaysWhetherBeansWereCountedDryCookedOrCanned() throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let tacos = try recipeID("Black Bean Tacos", in: sandbox)
    let run = try sandbox.larder("nutrition", tacos)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("as black beans (canned)"), "\(run)")
  }

  @Test func jsonHasTheFiguresAndTheCoverage() throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let carbonara = try recipeID("Spaghetti Carbonara", in: sandbox)
    let run = try sandbox.larder("--json", "nutrition", carbonara)
    #expect(run.status == 0, "\(run)")
    let answer = try #require(try run.json() as? [String: Any])
    #expect(answer["servings"] as? Double == 4)
    #expect((answer["perServing"] as? [String: Any])?["energyKcal"] is Double)
    #expect((answer["coverage"] as? [String: Any])?["summary"] is String)
  }

  @Test func badServingsAreAUsageErrorAndAnUnknownRecipeAFailure() throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let carbonara = try recipeID("Spaghetti Carbonara", in: sandbox)
    let bad = try sandbox.larder("nutrition", carbonara, "--servings", "0")
    #expect(bad.status == 2, "\(bad)")
    #expect(bad.stderr.contains("option --servings"), "\(bad)")
    let missing = try sandbox.larder("nutrition", "nosuchrecipe")
    #expect(missing.status == 1, "\(missing)")
  }
}
