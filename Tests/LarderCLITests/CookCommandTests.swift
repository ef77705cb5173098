import Foundation
import Testing

/// `larder cook`, run as the built binary over the starter recipes.
@Suite struct CookCommandTests {
  @Test func findsStarterRecipesAndSaysWhatIsMissing() throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let run = try sandbox.larder(
      "cook", "--have", "eggs, tomatoes, onion, garlic, olive oil, red bell pepper, cumin",
      "--have", "paprika, sugar", "--missing", "1")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.hasPrefix("You have: eggs → egg, tomatoes → tomato, onion, garlic"))
    #expect(run.stdout.contains("Shakshuka"))
    #expect(run.stdout.contains("missing parsley"))
  }

  @Test func saysWhereAPlainFoodStoodForAKindOrAnAlternativeWasUsed() throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let run = try sandbox.larder(
      "cook", "--have", "potatoes, olive oil, rosemary, garlic", "--missing", "1", "-n", "50")
    #expect(run.status == 0, "\(run)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    let roast = try #require(lines.firstIndex { $0.contains("Crispy Roast Potatoes") }, "\(run)")
    let notes = lines[(roast + 1)...].prefix { $0.hasPrefix("   ") }
    #expect(notes.contains { $0.contains("you have potato — the recipe asks for russet potato") })
    #expect(notes.contains { $0.contains("vegetable oil or olive oil: you have olive oil") })
  }

  @Test func jsonAnswerListsItemsAndUnknownFoods() throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let run = try sandbox.larder(
      "--json", "cook", "--have", "eggs, flour, milk, butter, sugar, unobtainium", "--missing", "2",
      "--diet", "vegetarian")
    #expect(run.status == 0, "\(run)")
    let answer = try #require(try run.json() as? [String: Any])
    #expect(answer["unknown"] as? [String] == ["unobtainium"])
    let items = try #require(answer["items"] as? [[String: Any]])
    #expect(!items.isEmpty)
    for item in items { #expect((item["missingCount"] as? Int ?? 99) <= 2) }
  }

  @Test(arguments: [
    ["cook"], ["cook", "--have", "eggs", "--missing", "lots"],
    ["cook", "--have", "eggs", "--max-time", "soon"],
  ])
  func badCommandLinesAreUsageErrors(arguments: [String]) throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder(arguments)
    #expect(run.status == 2, "\(run)")
  }

  @Test func anUnknownDietIsNamed() throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder("cook", "--have", "eggs", "--diet", "carnivore")
    // A bad option value is a usage error (2), named as the option.
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("option --diet: 'carnivore' is not one of"), "\(run)")
  }
}
