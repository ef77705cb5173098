import Foundation
import Testing

/// `larder import` run on JSON-LD files, folders and standard input written by the tests.
@Suite struct ImportCommandTests {
  /// The report `import --json` prints.
  struct ImportReport: Decodable {
    struct File: Decodable {
      let path: String
      let error: String?
      let items: [Item]
    }

    struct Item: Decodable {
      let index: Int
      let name: String?
      let status: String
      let id: String?
      let error: String?
      let warnings: [String]
    }

    let created: Int
    let updated: Int
    let unchanged: Int
    let failed: Int
    let files: [File]
  }

  static var parsnipSoup: [String: Any] {
    JSONDocument.recipe(
      "Parsnip and Pear Soup", ingredients: ["4 parsnips", "2 pears", "1 l vegetable stock"])
  }
  static var oatBars: [String: Any] {
    JSONDocument.recipe(
      "Sticky Oat Bars", ingredients: ["200 g rolled oats", "100 g golden syrup"])
  }
  static var beetrootTart: [String: Any] {
    JSONDocument.recipe("Beetroot Tarte Tatin", ingredients: ["3 beetroot", "1 sheet puff pastry"])
  }

  @Test func aSingleRecipeObjectIsCreated() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.writeJSON(Self.parsnipSoup, to: "soup.json")
    let run = try sandbox.larder("import", file)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout == "Imported 1 file: 1 created, 0 updated, 0 unchanged, 0 failed.\n")
    #expect(run.stderr.isEmpty, "\(run)")
    #expect(try sandbox.listedRecipes().names == ["Parsnip and Pear Soup"])
  }

  @Test func anArrayOfRecipesIsCreated() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.writeJSON([Self.parsnipSoup, Self.oatBars], to: "two.json")
    let run = try sandbox.larder("import", file)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout == "Imported 1 file: 2 created, 0 updated, 0 unchanged, 0 failed.\n")
    #expect(
      try sandbox.listedRecipes().names.sorted() == ["Parsnip and Pear Soup", "Sticky Oat Bars"])
  }

  @Test func theRecipesInAGraphAreCreatedAndTheOtherNodesIgnored() throws {
    let sandbox = try Sandbox()
    let document = JSONDocument.graph([
      ["@type": "WebSite", "name": "A Made-Up Food Blog", "url": "https://blog.invalid/"],
      JSONDocument.recipe("Sticky Oat Bars", ingredients: ["200 g oats"], withContext: false),
      ["@type": "BreadcrumbList", "itemListElement": []],
      JSONDocument.recipe("Beetroot Tarte Tatin", ingredients: ["3 beetroot"], withContext: false),
    ])
    let file = try sandbox.writeJSON(document, to: "page.jsonld")
    let run = try sandbox.larder("import", file)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout == "Imported 1 file: 2 created, 0 updated, 0 unchanged, 0 failed.\n")
    #expect(
      try sandbox.listedRecipes().names.sorted() == ["Beetroot Tarte Tatin", "Sticky Oat Bars"])
  }

  @Test func aFolderIsSearchedForRecipeFilesAndOtherFilesAreSkipped() throws {
    let sandbox = try Sandbox()
    try sandbox.writeJSON(Self.parsnipSoup, to: "box/soup.json")
    try sandbox.writeJSON([Self.oatBars], to: "box/baking/bars.jsonld")
    try sandbox.writeJSON(Self.beetrootTart, to: "box/baking/deeper/tart.JSON")
    try sandbox.write("Not a recipe; ignored.", to: "box/README.txt")
    try sandbox.write("{ not even json", to: "box/baking/notes.md")
    let run = try sandbox.larder("import", sandbox.path("box"))
    #expect(run.status == 0, "\(run)")
    #expect(
      run.stdout
        == "Imported 3 files: 3 created, 0 updated, 0 unchanged, 0 failed; "
        + "skipped 2 files without recipes.\n")
    #expect(run.stderr.isEmpty, "\(run)")
    #expect(try sandbox.listedRecipes().total == 3)
  }

  @Test func aFolderWithoutRecipeFilesIsAnError() throws {
    let sandbox = try Sandbox()
    try sandbox.write("just words", to: "empty/notes.txt")
    let run = try sandbox.larder("import", "empty")
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("error: empty: no recipe files in this folder"), "\(run)")
  }

  @Test func aDashReadsStandardInput() throws {
    let sandbox = try Sandbox()
    let input = try JSONDocument.text([Self.parsnipSoup, Self.beetrootTart])
    let run = try sandbox.larder("import", "-", stdin: Data(input.utf8))
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout == "Imported 1 file: 2 created, 0 updated, 0 unchanged, 0 failed.\n")
    #expect(try sandbox.listedRecipes().total == 2)
  }

  @Test func standardInputLargerThanAPipeBufferIsReadToTheEnd() throws {
    let sandbox = try Sandbox()
    let recipes = (1...400).map { number in
      JSONDocument.recipe(
        "Test Kitchen Stew No. \(number)",
        ingredients: ["\(number) g lentils", "1 onion, finely chopped", "2 carrots, diced"],
        steps: ["Soften the onion and carrots.", "Add the lentils and simmer until tender."],
        withContext: false)
    }
    let input = Data(try JSONDocument.text(JSONDocument.graph(recipes)).utf8)
    #expect(input.count > 65_536, "more than one pipe buffer")
    let run = try sandbox.larder("import", "-", stdin: input)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout == "Imported 1 file: 400 created, 0 updated, 0 unchanged, 0 failed.\n")
  }

  @Test func importingAgainLeavesTheRecipesUnchangedAndDuplicatesNothing() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.writeJSON([Self.parsnipSoup, Self.oatBars], to: "two.json")
    #expect(try sandbox.larder("import", file).status == 0)
    let again = try sandbox.larder("import", file)
    #expect(again.status == 0, "\(again)")
    #expect(again.stdout == "Imported 1 file: 0 created, 0 updated, 2 unchanged, 0 failed.\n")
    #expect(try sandbox.listedRecipes().total == 2)
  }

  @Test func aChangedRecipeIsUpdatedInPlace() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.writeJSON(Self.parsnipSoup, to: "soup.json")
    #expect(try sandbox.larder("import", file).status == 0)
    var changed = Self.parsnipSoup
    changed["recipeInstructions"] = ["Roast the parsnips first.", "Blend with the stock."]
    changed["description"] = "Now with roasted parsnips."
    try sandbox.writeJSON(changed, to: "soup.json")

    let run = try sandbox.larder("import", file)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout == "Imported 1 file: 0 created, 1 updated, 0 unchanged, 0 failed.\n")
    let page = try sandbox.listedRecipes()
    #expect(page.total == 1)
    let show = try sandbox.larder("show", try #require(page.items.first).id)
    #expect(show.stdout.contains("1. Roast the parsnips first."), "\(show)")
    #expect(show.stdout.contains("Now with roasted parsnips."), "\(show)")
  }

  @Test func aNamelessItemFailsAloneAndIsReportedByFileAndItem() throws {
    let sandbox = try Sandbox()
    let nameless = JSONDocument.recipe(nil, ingredients: ["1 mystery"])
    let file = try sandbox.writeJSON([Self.oatBars, nameless], to: "mixed.json")
    let run = try sandbox.larder("import", file)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout == "Imported 1 file: 1 created, 0 updated, 0 unchanged, 1 failed.\n")
    let errors = run.stderrLines.filter { $0.hasPrefix("error:") }
    #expect(errors == ["error: \(file): item 2: field 'name' is required"], "\(run)")
    #expect(try sandbox.listedRecipes().names == ["Sticky Oat Bars"])
  }

  @Test func aFileThatIsNotJSONIsAnErrorNamingIt() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write("<html><body>Soup!</body></html>", to: "soup.json")
    let run = try sandbox.larder("import", file)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout == "Imported 1 file: 0 created, 0 updated, 0 unchanged, 1 failed.\n")
    #expect(run.stderr.hasPrefix("error: \(file): not valid JSON"), "\(run)")
  }

  @Test func aBadFileLosesNothingFromTheOthers() throws {
    let sandbox = try Sandbox()
    let good = try sandbox.writeJSON(Self.parsnipSoup, to: "a-good.json")
    let bad = try sandbox.write("{\"@type\": \"Recipe\", \"name\": ", to: "b-truncated.json")
    let run = try sandbox.larder("import", good, bad)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout == "Imported 2 files: 1 created, 0 updated, 0 unchanged, 1 failed.\n")
    #expect(run.stderr.contains("error: \(bad): not valid JSON"), "\(run)")
    #expect(try sandbox.listedRecipes().names == ["Parsnip and Pear Soup"])
  }

  @Test func aMissingPathIsAnError() throws {
    let sandbox = try Sandbox()
    let missing = sandbox.path("nowhere/recipes.json")
    let run = try sandbox.larder("import", missing)
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("error: \(missing): no such file or folder"), "\(run)")
    #expect(run.stdout.hasSuffix("1 failed.\n"), "\(run)")
  }

  @Test func jsonOutputReportsEveryFileAndItem() throws {
    let sandbox = try Sandbox()
    let mixed = try sandbox.writeJSON(
      [Self.oatBars, JSONDocument.recipe(nil, ingredients: ["1 x"])], to: "mixed.json")
    let notJSON = try sandbox.write("soup", to: "soup.json")
    let run = try sandbox.larder(
      "import", "--json", mixed, notJSON, "-",
      stdin: Data(try JSONDocument.text(Self.parsnipSoup).utf8))
    #expect(run.status == 1, "\(run)")
    let report = try run.decode(ImportReport.self)
    #expect(
      [report.created, report.updated, report.unchanged, report.failed] as [Int] == [2, 0, 0, 2],
      "\(run)")
    #expect(report.files.map(\.path) == [mixed, notJSON, "standard input"])

    let items = report.files[0].items
    #expect(items.map(\.index) == [1, 2])
    #expect(items.map(\.status) == ["created", "failed"])
    #expect(items[0].name == "Sticky Oat Bars")
    #expect(items[0].id?.count == 36)
    #expect(items[1].error == "field 'name' is required")
    #expect(report.files[1].error?.hasPrefix("not valid JSON") == true)
    #expect(report.files[1].items.isEmpty)
    #expect(report.files[2].items.map(\.name) == ["Parsnip and Pear Soup"])
    #expect(run.stderr.isEmpty, "JSON mode reports on standard output only: \(run)")

    let again = try sandbox.larder("import", "--json", mixed)
    let second = try again.decode(ImportReport.self)
    #expect(second.files[0].items.map(\.status) == ["unchanged", "failed"])
    #expect(second.files[0].items[0].id == items[0].id)
  }
}
