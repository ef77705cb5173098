import Foundation
import Testing

/// `larder pantry`, `larder plan` and `larder list` (the shopping list), run as the built
/// binary over the starter recipes. Dates are given as "today" and "tomorrow" so the tests
/// hold whatever day they run on.
///
/// Serialized: each test blocks its thread on a dozen runs of the binary, and run side by side
/// they could take every thread of the cooperative pool on a small machine, starving the
/// `serve` tests' asynchronous waits.
@Suite(.serialized) struct PlanningCommandTests {
  /// The id of the starter recipe with this name.
  func recipeID(_ name: String, in sandbox: Sandbox) throws -> String {
    let page = try sandbox.listedRecipes()
    return try #require(page.items.first { $0.name == name }?.id)
  }

  @Test func aLineIsReadInItsLanguageOrTheOneGiven() throws {
    let sandbox = try Sandbox()
    let milk = try sandbox.larder("--json", "pantry", "add", "2 l Milch")
    #expect(milk.status == 0, "\(milk)")
    let items = try #require(try milk.json() as? [[String: Any]], "\(milk)")
    #expect(items.first?["foodID"] as? String == "milk")
    let given = try sandbox.larder("--json", "list", "add", "--language", "de", "2 EL Olivenöl")
    #expect(given.status == 0, "\(given)")
    #expect((try given.json() as? [String: Any])?["foodID"] as? String == "olive-oil")
    let wrong = try sandbox.larder("pantry", "add", "--language", "klingon", "2 l Milch")
    #expect(wrong.status == 2, "\(wrong)")
    #expect(wrong.stderr.contains("--language"), "\(wrong)")
  }

  @Test func pantryAddsTypedLinesAndListsSoonestExpiryFirst() throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let added = try sandbox.larder(
      "pantry", "add", "2 lb chicken thighs", "--expires", "tomorrow", "--location", "fridge")
    #expect(added.status == 0, "\(added)")
    #expect(added.stdout.contains("2 lb     chicken thighs"))
    #expect(added.stdout.contains("expires tomorrow"))
    _ = try sandbox.larder("pantry", "add", "1", "kg", "rice")
    _ = try sandbox.larder("pantry", "add", "milk", "--expires", "today")
    let list = try sandbox.larder("pantry")
    #expect(list.status == 0, "\(list)")
    let lines = list.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[0].contains("milk") && lines[0].hasSuffix("expires today"))
    #expect(lines[1].contains("chicken thighs"))
    #expect(lines[2].contains("1 kg") && lines[2].contains("cupboard"))

    let json = try #require(try sandbox.larder("--json", "pantry").json() as? [[String: Any]])
    #expect(json.compactMap { $0["foodID"] as? String } == ["milk", "chicken-thigh", "rice"])
    let rice = try #require(json[2]["id"] as? String)

    let edited = try sandbox.larder(
      "pantry", "edit", String(rice.prefix(6)), "--quantity", "250", "--unit", "g",
      "--location", "Cellar")
    #expect(edited.status == 0, "\(edited)")
    #expect(edited.stdout.contains("250 g") && edited.stdout.contains("cellar"))
    #expect(try sandbox.larder("pantry", "remove", rice).status == 0)
    #expect(try sandbox.larder("pantry").stdout.split(separator: "\n").count == 2)
  }

  @Test func editingOnlyTheUnitKeepsTheRangeAndReadsUnitsAsTheAPIDoes() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.larder("pantry", "add", "2-3 lb potatoes").status == 0)
    let listed = try #require(try sandbox.larder("--json", "pantry").json() as? [[String: Any]])
    let id = try #require(listed.first?["id"] as? String)
    func amount(_ run: LarderRun) throws -> [String: Any] {
      let items = try #require(try run.json() as? [[String: Any]], "\(run)")
      return try #require(items.first?["amount"] as? [String: Any], "\(run)")
    }
    // The same edit as PATCH /api/v1/pantry/{id} with {"unit": "kg"}: the range stays.
    let kilograms = try sandbox.larder("--json", "pantry", "edit", id, "--unit", "kg")
    #expect(kilograms.status == 0, "\(kilograms)")
    #expect(try amount(kilograms)["quantity"] as? Double == 2)
    #expect(try amount(kilograms)["quantityMax"] as? Double == 3)
    #expect(try amount(kilograms)["unit"] as? String == "kg")
    // A unit as written, which the API has always read.
    let spoons = try sandbox.larder("--json", "pantry", "edit", id, "--unit", "tablespoons")
    #expect(spoons.status == 0, "\(spoons)")
    #expect(try amount(spoons)["unit"] as? String == "tbsp")
    let bad = try sandbox.larder("pantry", "edit", id, "--unit", "bucketful")
    #expect(bad.status == 2, "\(bad)")
    #expect(bad.stderr.contains("option --unit: 'bucketful' is not a unit"), "\(bad)")
  }

  @Test(
    arguments: [
      (
        ["pantry", "add", "2 cups"], 2,
        "larder: argument LINE: names no food to keep (try '2 lb chicken thighs') (got '2 cups')"
      ),
      (
        ["pantry", "add", "milk", "--expires", "2026-02-30"], 2,
        "larder: option --expires: '2026-02-30' is not a date as YYYY-MM-DD"
      ),
      (["pantry", "remove", "nope"], 1, "larder: no pantry item with id 'nope'"),
      (["pantry", "edit", "nope", "--quantity", "2"], 1, "larder: no pantry item with id 'nope'"),
      (["plan", "add", "nope"], 1, "larder: no recipe with id 'nope'"),
      (["list", "check", "nope"], 1, "larder: no shopping list item with id 'nope'"),
    ] as [([String], Int32, String)])
  func badPlanningCommandsFailNamingWhatIsWrong(
    arguments: [String], status: Int32, message: String
  ) throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder(arguments)
    #expect(run.status == status, "\(run)")
    #expect(run.stderr.split(separator: "\n").last.map(String.init) == message, "\(run)")
  }

  @Test func cookingDeductsOnlyAfterConfirmation() throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let bread = try recipeID("No-Knead Crusty Bread", in: sandbox)
    _ = try sandbox.larder("pantry", "add", "1 kg bread flour")
    let preview = try sandbox.larder("pantry", "deduct", String(bread.prefix(8)))
    #expect(preview.status == 0, "\(preview)")
    #expect(preview.stdout.contains("would take"), "\(preview)")
    #expect(preview.stdout.contains("bread flour (of 1 kg;"), "\(preview)")
    #expect(preview.stdout.contains("skipped “1/4 tsp instant yeast”: not in the pantry"))
    #expect(preview.stdout.contains("Run again with --yes"))
    #expect(try sandbox.larder("pantry").stdout.contains("1 kg"))
    let done = try sandbox.larder("pantry", "deduct", bread, "--yes")
    #expect(done.status == 0, "\(done)")
    #expect(done.stdout.contains("Took from the pantry"))
    #expect(!(try sandbox.larder("pantry").stdout.contains("1 kg")))
  }

  @Test func planShowsTheWeekAndTheListMergesWhatItNeeds() throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let bread = try recipeID("No-Knead Crusty Bread", in: sandbox)
    let added = try sandbox.larder(
      "plan", "add", bread, "--date", "today", "--meal", "dinner", "--servings", "20")
    #expect(added.status == 0, "\(added)")
    #expect(added.stdout.hasPrefix("Planned No-Knead Crusty Bread for dinner on "))
    let week = try sandbox.larder("plan")
    #expect(week.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.count == 7)
    #expect(week.stdout.contains("dinner    No-Knead Crusty Bread  ×20 servings"))

    let list = try sandbox.larder("list", "generate")
    #expect(list.status == 0, "\(list)")
    #expect(list.stdout.contains("Baking"))
    // ¼ tsp for 10 servings, doubled; salt and water are staples.
    #expect(list.stdout.contains("½ tsp yeast  (No-Knead Crusty Bread)"), "\(list)")
    #expect(list.stdout.contains("6 cups bread flour"), "\(list)")
    #expect(!list.stdout.contains("salt"))
    #expect(!list.stdout.contains("water"))

    let json = try #require(try sandbox.larder("--json", "list").json() as? [String: Any])
    let groups = try #require(json["groups"] as? [[String: Any]])
    let flour = try #require(
      groups.flatMap { $0["items"] as? [[String: Any]] ?? [] }.first {
        $0["foodID"] as? String == "yeast"
      })
    let id = try #require(flour["id"] as? String)
    #expect(try sandbox.larder("list", "check", String(id.prefix(8))).status == 0)
    _ = try sandbox.larder("list", "add", "birthday candles")
    let text = try sandbox.larder("list", "--text")
    #expect(text.stdout.hasPrefix("Shopping list\n"))
    #expect(text.stdout.contains("[x] ½ tsp yeast"))
    #expect(text.stdout.contains("[ ] birthday candles"))
    let moved = try sandbox.larder("list", "to-pantry")
    #expect(moved.status == 0, "\(moved)")
    #expect(try sandbox.larder("pantry").stdout.contains("yeast"))
    #expect(!(try sandbox.larder("list").stdout.contains("yeast")))

    let removed = try sandbox.larder(
      "plan", "remove",
      try #require(
        week.stdout.split(separator: "\n").first { $0.contains("No-Knead Crusty Bread") }?
          .split(separator: " ").first.map(String.init)))
    #expect(removed.status == 0, "\(removed)")
  }

  @Test func cookUsesTheStoredPantryWithoutHave() throws {
    let sandbox = try Sandbox(starterRecipes: true)
    _ = try sandbox.larder("pantry", "add", "6 eggs", "--expires", "tomorrow")
    _ = try sandbox.larder("pantry", "add", "1 l milk")
    let run = try sandbox.larder("cook", "--missing", "3", "--use-it-up")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.hasPrefix("You have: eggs → egg, milk"), "\(run)")
    let json = try #require(
      try sandbox.larder("--json", "cook", "--missing", "3", "--use-it-up").json() as? [String: Any]
    )
    #expect(json["pantrySource"] as? String == "stored")
  }

  @Test func recipesAreListedByTheRecipesCommand() throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let run = try sandbox.larder("recipes", "-n", "2", "--sort", "name")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("1–2 of 64"))
    let help = try sandbox.larder("--help")
    #expect(help.stdout.contains("recipes"))
    #expect(help.stdout.contains("The shopping list"))
  }

  // Generating the list from chosen recipes, and filling the week.

  @Test func chosenRecipesAtChosenServingsMakeTheList() throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let page = try sandbox.listedRecipes()
    let bread = try #require(page.items.first { $0.name == "No-Knead Crusty Bread" }?.id)
    let run = try sandbox.larder("list", "generate", "--recipe", "\(bread.prefix(8)):5")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("1½ cups bread flour"), "\(run)")
    let bad = try sandbox.larder("list", "generate", "--recipe", "\(bread):lots")
    #expect(bad.status == 2, "\(bad)")
    #expect(bad.stderr.contains("--recipe"))
  }

  @Test func fillingTheWeekSuggestsThenSaves() throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let suggested = try sandbox.larder("plan", "fill", "--max-time", "30")
    #expect(suggested.status == 0, "\(suggested)")
    #expect(suggested.stdout.contains("Run again with --save"))
    let week = try #require(try sandbox.larder("--json", "plan").json() as? [String: Any])
    let days = try #require(week["days"] as? [[String: Any]])
    #expect(days.count == 7)
    #expect(days.allSatisfy { ($0["entries"] as? [Any])?.isEmpty == true })
    // Next week, every day of which is still to come (days already past are not filled).
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    let nextWeek = formatter.string(from: Date().addingTimeInterval(7 * 86_400))
    let saved = try sandbox.larder(
      "--json", "plan", "fill", "--save", "--max-time", "30", "--date", nextWeek)
    let answer = try #require(try saved.json() as? [String: Any])
    let entries = try #require(answer["entries"] as? [[String: Any]])
    #expect(entries.count == 7)
    #expect(Set(entries.compactMap { $0["recipeID"] as? String }).count == 7)
    for entry in entries { #expect((entry["totalMinutes"] as? Int ?? 999) <= 30) }
    let again = try sandbox.larder("plan", "fill", "--date", nextWeek)
    #expect(again.stdout.contains("Nothing to suggest"))
  }
}
