import Foundation
import Testing

@testable import LarderCLI

/// The `larder` binary's help, version and usage errors, run as a user runs them.
@Suite struct UsageTests {
  /// Each command with text only its own help shows.
  static let helpCases: [(command: [String], usage: String, detail: String)] = [
    ([], "Usage: larder [options] <command>", "Run 'larder <command> --help'"),
    (["serve"], "Usage: larder serve [options]", "--port <PORT>"),
    (["import"], "Usage: larder import [options] <path>...", "'-' reads standard input"),
    (["export"], "Usage: larder export [options] [<id>...]", "--dir <FOLDER>"),
    (["recipes"], "Usage: larder recipes [options]", "--limit <N>"),
    (["search"], "Usage: larder search [options] <words>...", "What to search for."),
    (["show"], "Usage: larder show [options] <id>", "unique start of it"),
    (["delete"], "Usage: larder delete [options] <id>...", "The recipes' IDs."),
  ]

  @Test(arguments: helpCases)
  func helpShowsTheCommandsUsageAndExitsZero(
    command: [String], usage: String, detail: String
  ) throws {
    let sandbox = try Sandbox()
    for flag in ["--help", "-h"] {
      let run = try sandbox.larder(command + [flag])
      #expect(run.status == 0, "\(run)")
      #expect(run.stdoutLines.first == usage, "\(run)")
      #expect(run.stdout.contains(detail), "\(run)")
      #expect(run.stdout.contains("--db <PATH>"), "global options are listed: \(run)")
      #expect(run.stderr.isEmpty, "\(run)")
    }
    #expect(!sandbox.exists(sandbox.database), "help opens no database")
  }

  @Test func helpIsGivenEvenWhenTheRestOfTheLineIsWrong() throws {
    let run = try Sandbox().larder("import", "--bogus", "--help")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdoutLines.first == "Usage: larder import [options] <path>...", "\(run)")
  }

  @Test func versionPrintsTheVersion() throws {
    let run = try Sandbox().larder("--version")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout == "larder \(LarderCommandLine.version)\n", "\(run)")
    #expect(run.stderr.isEmpty, "\(run)")
  }

  @Test(arguments: ["recipes", "serve", "export"])
  func versionAfterACommandPrintsTheVersionInsteadOfRunningIt(command: String) throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder(command, "--version", timeout: .seconds(60))
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout == "larder \(LarderCommandLine.version)\n", "\(run)")
    #expect(!sandbox.exists(sandbox.database), "the command did not run")
  }

  @Test func noCommandPrintsUsageOnStandardErrorAndExitsTwo() throws {
    let run = try Sandbox().larder()
    #expect(run.status == 2, "\(run)")
    #expect(run.stdout.isEmpty, "\(run)")
    #expect(run.stderrLines.first == "Usage: larder [options] <command>", "\(run)")
    #expect(run.stderr.contains("Commands:"), "\(run)")
  }

  /// Mistyped command lines, and what the error must say.
  static let usageErrorCases: [(arguments: [String], message: String)] = [
    (["lst"], "larder: unknown command 'lst'; did you mean 'list'?"),
    (["serach", "soup"], "larder: unknown command 'serach'; did you mean 'search'?"),
    (["recipes", "--jsno"], "larder recipes: unknown option '--jsno'; did you mean '--json'?"),
    (
      ["export", "--ouput", "x.json"],
      "larder export: unknown option '--ouput'; did you mean '--output'?"
    ),
    (["--confg", "x", "recipes"], "larder: unknown option '--confg'; did you mean '--config'?"),
    (["show"], "larder show: missing argument <id>"),
    (["import"], "larder import: missing argument <path>"),
    (["show", "a", "b"], "larder show: unexpected argument 'b'"),
    (["recipes", "--limit"], "larder recipes: missing value for option --limit"),
    (["recipes", "--json=yes"], "larder recipes: option --json does not take a value (got 'yes')"),
  ]

  @Test(arguments: usageErrorCases)
  func aMistypedLineExitsTwoWithMessageAndUsage(arguments: [String], message: String) throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder(arguments)
    #expect(run.status == 2, "\(run)")
    #expect(run.stdout.isEmpty, "\(run)")
    #expect(run.stderrLines.first == message, "\(run)")
    #expect(run.stderr.contains("Usage: larder"), "\(run)")
    #expect(!sandbox.exists(sandbox.database), "nothing ran")
  }

  /// Option values that parse but are out of bounds, and the words the error must contain.
  static let badValueCases: [(arguments: [String], fragments: [String])] = [
    (["recipes", "--limit", "abc"], ["--limit", "'abc'", "whole number"]),
    (["recipes", "--limit", "0"], ["--limit", "'0'"]),
    (["search", "soup", "--offset", "-3"], ["--offset", "'-3'"]),
    (["search", "  "], ["argument WORDS is required"]),
    // The API's range, checked by the same use case.
    (["recipes", "--offset", "10000001"], ["--offset", "'10000001'", "from 0 to 10000000"]),
    (["recipes", "--sort", "tastiest"], ["--sort", "'tastiest'", "name"]),
    (["export", "--output", "a.json", "--dir", "b"], ["--dir", "--output"]),
  ]

  @Test(arguments: badValueCases)
  func aBadOptionValueExitsTwoNamingTheOption(arguments: [String], fragments: [String]) throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder(arguments)
    #expect(run.status == 2, "\(run)")
    #expect(run.stdout.isEmpty, "\(run)")
    for fragment in fragments {
      #expect(run.stderr.contains(fragment), "expected '\(fragment)': \(run)")
    }
    #expect(!sandbox.exists(sandbox.database), "the check comes before the database is opened")
  }
}

/// A new database, and the starter recipes it gets.
@Suite struct NewDatabaseTests {
  @Test func aNewDatabaseGetsTheStarterRecipes() throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let first = try sandbox.larder("recipes")
    #expect(first.status == 0, "\(first)")
    #expect(first.stdoutLines.last == "1–24 of 64 (next: --offset 24)", "\(first)")
    #expect(first.stdoutLines.count == 25, "24 recipes and the footer: \(first)")
    #expect(
      first.stderr == "Created \(sandbox.database) with 64 starter recipes.\n", "\(first)")

    let second = try sandbox.larder("recipes", "--offset", "60")
    #expect(second.status == 0, "\(second)")
    #expect(second.stdoutLines.last == "61–64 of 64", "\(second)")
    #expect(second.stderr.isEmpty, "the starter recipes are added only once: \(second)")
  }

  @Test func noStarterRecipesGivesAnEmptyDatabase() throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let run = try sandbox.larder("recipes", environment: ["LARDER_STARTER_RECIPES": "0"])
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout == "No recipes.\n", "\(run)")
    #expect(run.stderr.isEmpty, "\(run)")
    #expect(sandbox.exists(sandbox.database))
    #expect(try sandbox.listedRecipes().total == 0, "nothing is added later either")
  }
}

/// `list`, `search`, `show` and `delete` over a database of a few invented recipes.
@Suite struct RecipeCommandTests {
  /// A sandbox holding three invented recipes.
  private func sandboxWithRecipes() throws -> Sandbox {
    let sandbox = try Sandbox()
    let file = try sandbox.writeJSON(
      [
        JSONDocument.recipe(
          "Kohlrabi Ribbon Slaw", ingredients: ["1 large kohlrabi", "2 tbsp cider vinegar"]),
        JSONDocument.recipe(
          "Crème Brûlée for Two", ingredients: ["2 egg yolks", "150 ml double cream"],
          steps: ["Bake in a bain-marie.", "Torch the sugar."]),
        JSONDocument.recipe(
          "Charred Jalapeño Salsa", ingredients: ["3 jalapeños", "1 lime", "1 small onion"]),
      ], to: "three.json")
    let run = try sandbox.larder("import", file)
    #expect(run.status == 0, "\(run)")
    return sandbox
  }

  /// The ID of the recipe called `name`.
  private func id(of name: String, in sandbox: Sandbox) throws -> String {
    try #require(try sandbox.listedRecipes().items.first { $0.name == name }).id
  }

  @Test func listPrintsEachRecipeWithItsShortIDAndAFooter() throws {
    let sandbox = try sandboxWithRecipes()
    let slawID = try id(of: "Kohlrabi Ribbon Slaw", in: sandbox)
    let run = try sandbox.larder("recipes", "--sort", "name")
    #expect(run.status == 0, "\(run)")
    let lines = run.stdoutLines
    #expect(lines.count == 4, "\(run)")
    #expect(lines.last == "1–3 of 3", "\(run)")
    #expect(lines.contains { $0.hasPrefix(String(slawID.prefix(8)) + "  Kohlrabi Ribbon Slaw") })
    let names = lines.dropLast().map { $0.dropFirst(10).trimmingCharacters(in: .whitespaces) }
    #expect(names == ["Charred Jalapeño Salsa", "Crème Brûlée for Two", "Kohlrabi Ribbon Slaw"])
  }

  @Test func listJSONDecodesAsAPage() throws {
    let sandbox = try sandboxWithRecipes()
    let run = try sandbox.larder("recipes", "--json", "--limit", "2", "--sort", "name")
    #expect(run.status == 0, "\(run)")
    let page = try run.decode(RecipePageJSON.self)
    #expect(page.total == 3)
    #expect(page.limit == 2)
    #expect(page.names == ["Charred Jalapeño Salsa", "Crème Brûlée for Two"])
    #expect(page.items.allSatisfy { $0.id.count == 36 }, "full IDs: \(page.items)")
  }

  /// Search words and the one recipe each must find.
  static let searchCases: [(words: [String], name: String)] = [
    (["kohlrabi"], "Kohlrabi Ribbon Slaw"),
    (["cream"], "Crème Brûlée for Two"),
    (["creme", "brulee"], "Crème Brûlée for Two"),
    (["CRÈME"], "Crème Brûlée for Two"),
    (["jalapeno"], "Charred Jalapeño Salsa"),
    (["lime"], "Charred Jalapeño Salsa"),
  ]

  @Test(arguments: searchCases)
  func searchFindsByIngredientAndAccentFoldedWords(words: [String], name: String) throws {
    let sandbox = try sandboxWithRecipes()
    let json = try sandbox.larder(["search", "--json"] + words)
    #expect(json.status == 0, "\(json)")
    let page = try json.decode(RecipePageJSON.self)
    #expect(page.names == [name], "\(json)")

    let text = try sandbox.larder(["search"] + words)
    #expect(text.status == 0, "\(text)")
    #expect(text.stdout.contains(name), "\(text)")
    #expect(text.stdoutLines.last == "1–1 of 1", "\(text)")
  }

  @Test func searchWithNoMatchSaysSo() throws {
    let sandbox = try sandboxWithRecipes()
    let run = try sandbox.larder("search", "durian")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout == "No recipes match 'durian'.\n", "\(run)")
    let json = try sandbox.larder("search", "durian", "--json")
    #expect(try json.decode(RecipePageJSON.self).total == 0, "\(json)")
  }

  @Test(arguments: [36, 8])
  func showFindsARecipeByItsIDOrThe8CharacterStart(length: Int) throws {
    let sandbox = try sandboxWithRecipes()
    let id = try id(of: "Crème Brûlée for Two", in: sandbox)
    let run = try sandbox.larder("show", String(id.prefix(length)))
    #expect(run.status == 0, "\(run)")
    #expect(
      Array(run.stdoutLines.prefix(2))
        == ["Crème Brûlée for Two", String(repeating: "=", count: 20)], "\(run)")
    #expect(run.stdout.contains("ID \(id)"), "\(run)")
    #expect(run.stdout.contains("  - 150 ml double cream"), "\(run)")
    #expect(run.stdout.contains("  2. Torch the sugar."), "\(run)")
  }

  @Test func showJSONDecodesAsTheRecipe() throws {
    struct ShownRecipe: Decodable {
      let id: String
      let name: String
    }
    let sandbox = try sandboxWithRecipes()
    let id = try id(of: "Kohlrabi Ribbon Slaw", in: sandbox)
    let run = try sandbox.larder("show", "--json", String(id.prefix(8)))
    #expect(run.status == 0, "\(run)")
    let recipe = try run.decode(ShownRecipe.self)
    #expect(recipe.id == id)
    #expect(recipe.name == "Kohlrabi Ribbon Slaw")
  }

  @Test func showAnUnknownIDExitsOne() throws {
    let sandbox = try sandboxWithRecipes()
    let run = try sandbox.larder("show", "00000000-0000-4000-8000-000000000000")
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.isEmpty, "\(run)")
    #expect(
      run.stderr.contains("no recipe with id '00000000-0000-4000-8000-000000000000'"), "\(run)")
  }

  @Test func deleteRemovesTheRecipe() throws {
    let sandbox = try sandboxWithRecipes()
    let id = try id(of: "Charred Jalapeño Salsa", in: sandbox)
    let delete = try sandbox.larder("delete", String(id.prefix(8)))
    #expect(delete.status == 0, "\(delete)")
    #expect(delete.stdout == "Deleted Charred Jalapeño Salsa (\(id))\n", "\(delete)")

    let show = try sandbox.larder("show", id)
    #expect(show.status == 1, "\(show)")
    #expect(show.stderr.contains("no recipe with id"), "\(show)")
    #expect(try sandbox.listedRecipes().total == 2)
  }

  @Test func deleteAnUnknownIDExitsOneAndDeletesTheOthers() throws {
    let sandbox = try sandboxWithRecipes()
    let id = try id(of: "Kohlrabi Ribbon Slaw", in: sandbox)
    let run = try sandbox.larder("delete", "--json", "ffffffff-0000-4000-8000-000000000000", id)
    #expect(run.status == 1, "\(run)")
    let results = try #require(try run.json() as? [[String: Any]], "\(run)")
    #expect(results.map { $0["status"] as? String } == ["failed", "deleted"], "\(run)")
    #expect(
      results.first?["error"] as? String
        == "no recipe with id 'ffffffff-0000-4000-8000-000000000000'")
    #expect(results.last?["id"] as? String == id)
    #expect(run.stderr.contains("no recipe with id"), "\(run)")
    #expect(try sandbox.listedRecipes().names.contains("Kohlrabi Ribbon Slaw") == false)
  }

  /// A sandbox with so many recipes that two IDs start with the same 4 characters (with 1,500
  /// random IDs the chance that no two do is about e^-17); returns it, that shared start, and
  /// the IDs that do not begin with it.
  private func sandboxWithAmbiguousPrefix() throws -> (Sandbox, prefix: String, others: [String]) {
    let sandbox = try Sandbox()
    let recipes = (1...1500).map { number in
      JSONDocument.recipe("Batch Loaf \(number)", ingredients: ["\(number) g flour"])
    }
    let run = try sandbox.larder(
      "import", "--json", try sandbox.writeJSON(recipes, to: "many.json"))
    #expect(run.status == 0)
    let report = try #require(try run.json() as? [String: Any])
    let files = try #require(report["files"] as? [[String: Any]])
    let items = try #require(files.first?["items"] as? [[String: Any]])
    let ids = items.compactMap { $0["id"] as? String }
    #expect(ids.count == 1500)
    let byPrefix = Dictionary(grouping: ids) { String($0.prefix(4)) }
    let prefix = try #require(byPrefix.first { $0.value.count == 2 }?.key)
    return (sandbox, prefix, ids.filter { !$0.hasPrefix(prefix) })
  }

  @Test func showWithAnAmbiguousIDStartExitsOneAskingForMore() throws {
    let (sandbox, prefix, _) = try sandboxWithAmbiguousPrefix()
    let run = try sandbox.larder("show", prefix)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.isEmpty, "\(run)")
    #expect(run.stderr.contains("'\(prefix)' matches 2 recipes; give more of the ID"), "\(run)")
  }

  @Test func deleteWithAnAmbiguousIDStartStillDeletesTheOthers() throws {
    let (sandbox, prefix, others) = try sandboxWithAmbiguousPrefix()
    let other = try #require(others.first)
    let run = try sandbox.larder("delete", "--json", prefix, other)
    #expect(run.status == 1, "\(run)")
    let results = try #require(try run.json() as? [[String: Any]], "\(run)")
    #expect(results.map { $0["status"] as? String } == ["failed", "deleted"], "\(run)")
    #expect(
      results.first?["error"] as? String == "'\(prefix)' matches 2 recipes; give more of the ID")
    #expect(try sandbox.larder("show", other).status == 1, "\(other) was deleted")
    #expect(try sandbox.listedRecipes().total == 1499, "only that one was deleted")
  }

  @Test func deleteAnUnknownIDAloneExitsOne() throws {
    let sandbox = try sandboxWithRecipes()
    let run = try sandbox.larder("delete", "abcdef12")
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("no recipe with id 'abcdef12'"), "\(run)")
    #expect(try sandbox.listedRecipes().total == 3)
  }
}
