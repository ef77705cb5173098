import Foundation
import Testing

/// `larder add` run on pasted text in files and on standard input.
@Suite struct AddCommandTests {
  static let rolls = """
    Cinnamon Rolls
    Makes 12 rolls
    Prep: 30 min | Cook: 25 min

    Ingredients:
    For the dough:
    500 g strong white flour
    7 g fast-action yeast
    For the filling:
    75 g soft butter

    Directions:
    Mix the flour and yeast and knead for 10 minutes.

    Cut into 12 and bake for 25 minutes.
    """

  /// The ID at the end of the summary's last line ("Added Cinnamon Rolls as <id>").
  static func addedID(_ run: LarderRun) throws -> String {
    let last = try #require(run.stdoutLines.last)
    let parts = last.components(separatedBy: " as ")
    try #require(parts.count == 2, "\(run)")
    return parts[1]
  }

  @Test func aFileIsAddedAndWhatWasUnderstoodIsPrinted() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(Self.rolls, to: "rolls.txt")
    let run = try sandbox.larder("add", file)
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr.isEmpty, "\(run)")
    let id = try Self.addedID(run)
    #expect(
      run.stdoutLines == [
        "Title:       Cinnamon Rolls",
        "Servings:    12 rolls",
        "Time:        prep 30 min, cook 25 min",
        "Ingredients: 3 in 2 sections (For the dough, For the filling)",
        "Steps:       2",
        "Added Cinnamon Rolls as \(id)",
      ])
    let shown = try sandbox.larder("show", id, "--json")
    #expect(shown.status == 0, "\(shown)")
    let recipe = try #require(try shown.json() as? [String: Any])
    let sections = try #require(recipe["ingredientSections"] as? [[String: Any]])
    #expect(sections.map { $0["title"] as? String } == ["For the dough", "For the filling"])
    // Stored through the analysing store: the lines were parsed.
    let lines = try #require(sections.first?["lines"] as? [[String: Any]])
    let facts = try #require(lines.first?["facts"] as? [String: Any])
    #expect(facts["unit"] as? String == "g")
  }

  @Test(arguments: [[], ["-"]])
  func standardInputIsReadWithoutAFileOrWithADash(arguments: [String]) throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder(
      ["add"] + arguments, stdin: Data("Toast\n2 slices bread\nToast the bread.\n".utf8))
    #expect(run.status == 0, "\(run)")
    #expect(run.stdoutLines.first == "Title:       Toast")
    #expect(run.stdoutLines.contains("Ingredients: 1"))
    #expect(run.stdoutLines.contains("Steps:       1"))
    #expect(try sandbox.listedRecipes().names == ["Toast"])
  }

  @Test func dryRunPrintsTheAPIsPreviewAndStoresNothing() throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder("add", "--dry-run", stdin: Data(Self.rolls.utf8))
    #expect(run.status == 0, "\(run)")
    // What POST /api/v1/import/text with "save": false answers: the recipe as read, its
    // lines parsed and matched, without an id or dates.
    let object = try #require(try run.json() as? [String: Any])
    #expect(object["warnings"] is [String], "\(run)")
    let recipe = try #require(object["recipe"] as? [String: Any], "\(run)")
    #expect(recipe["name"] as? String == "Cinnamon Rolls")
    #expect(recipe["id"] == nil)
    #expect(recipe["createdAt"] == nil)
    let sections = try #require(recipe["ingredientSections"] as? [[String: Any]])
    #expect(sections.map { $0["title"] as? String } == ["For the dough", "For the filling"])
    let flour = try #require((sections.first?["lines"] as? [[String: Any]])?.first)
    #expect(flour["text"] as? String == "500 g strong white flour")
    let facts = try #require(flour["facts"] as? [String: Any], "the line is analysed: \(flour)")
    #expect(facts["unit"] as? String == "g", "\(facts)")
    #expect(!sandbox.exists(sandbox.database), "a dry run creates no database")
    #expect(try sandbox.listedRecipes().names.isEmpty)
  }

  @Test func warningsNameTheSourceAndLine() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write("Mystery Stew\nPrep time: a while\n", to: "stew.txt")
    let run = try sandbox.larder("add", file)
    #expect(run.status == 0, "\(run)")
    #expect(
      run.stderrLines == [
        "warning: \(file): line 2: no time in 'a while': 'Prep time: a while'",
        "warning: \(file): no ingredients found; put them under an 'Ingredients' heading",
        "warning: \(file): no steps found; put them under a 'Method' heading",
      ])
    #expect(run.stdoutLines.contains("Ingredients: 0"))
  }

  @Test func jsonOutputHasTheIDRecipeAndWarnings() throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder("--json", "add", stdin: Data("Plain Rice\n".utf8))
    #expect(run.status == 0, "\(run)")
    let object = try #require(try run.json() as? [String: Any])
    let id = try #require(object["id"] as? String)
    #expect((object["recipe"] as? [String: Any])?["id"] as? String == id)
    #expect((object["warnings"] as? [String])?.count == 2)
  }

  @Test(arguments: [
    (Data(), "larder: standard input: is empty; paste a recipe with its title on the first line"),
    (
      Data("Ingredients\nMethod\n".utf8),
      "larder: standard input: has no title (line 1 is 'Ingredients'); put the recipe's name "
        + "on the first line"
    ),
    (
      Data([0x4F, 0x6B, 0x0A, 0xFF, 0xFE, 0x0A]),
      "larder: standard input: line 2 is not UTF-8 text; save the text as UTF-8"
    ),
  ])
  func unreadableTextFailsWithAMessage(input: Data, message: String) throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder("add", stdin: input)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.isEmpty)
    #expect(run.stderrLines == [message])
  }

  @Test func aMissingFileIsNamed() throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder("add", "no-such-recipe.txt")
    #expect(run.status == 1, "\(run)")
    #expect(run.stderrLines == ["larder: no-such-recipe.txt: no such file, or it cannot be read"])
  }

  @Test func textOverOneMebibyteIsRefused() throws {
    let sandbox = try Sandbox()
    let big = Data(("Big\n" + String(repeating: "x", count: 1 << 20)).utf8)
    let run = try sandbox.larder("add", stdin: big)
    #expect(run.status == 1, "\(run)")
    #expect(
      run.stderrLines == [
        "larder: standard input: more than 1048576 bytes; pasted text may be at most 1 MiB"
      ])
  }
}
