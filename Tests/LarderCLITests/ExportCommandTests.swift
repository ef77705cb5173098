import Foundation
import Testing

/// `larder export` to standard output, a file and a folder, and back in again with `import`.
@Suite struct ExportCommandTests {
  /// A sandbox holding three invented recipes, two of them with the same name.
  private func sandboxWithRecipes() throws -> Sandbox {
    let sandbox = try Sandbox()
    let file = try sandbox.writeJSON(
      [
        JSONDocument.recipe(
          "Smoked Haddock Kedgeree", ingredients: ["300 g smoked haddock", "200 g basmati rice"],
          description: "A breakfast of curried rice & fish."),
        JSONDocument.recipe("Green Shakshuka", ingredients: ["4 eggs", "200 g spinach"]),
        JSONDocument.recipe("Green Shakshuka", ingredients: ["4 eggs", "1 bunch chard"]),
      ], to: "recipes.json")
    let run = try sandbox.larder("import", file)
    #expect(run.status == 0, "\(run)")
    return sandbox
  }

  /// The schema.org objects in an exported document: the `@graph`, or the document itself.
  private func recipeObjects(in data: Data) throws -> [[String: Any]] {
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(document["@context"] as? String == "https://schema.org")
    if let graph = document["@graph"] {
      return try #require(graph as? [[String: Any]])
    }
    return [document]
  }

  @Test func exportPrintsEveryRecipeAsAGraph() throws {
    let sandbox = try sandboxWithRecipes()
    let run = try sandbox.larder("export")
    #expect(run.status == 0, "\(run)")
    let document = try #require(try run.json() as? [String: Any], "\(run)")
    let graph = try #require(document["@graph"] as? [[String: Any]], "\(run)")
    #expect(graph.count == 3)
    #expect(graph.allSatisfy { $0["@type"] as? String == "Recipe" }, "\(run)")
    #expect(
      graph.compactMap { $0["name"] as? String }.sorted()
        == ["Green Shakshuka", "Green Shakshuka", "Smoked Haddock Kedgeree"])
    let kedgeree = graph.first { $0["name"] as? String == "Smoked Haddock Kedgeree" }
    #expect(
      kedgeree?["recipeIngredient"] as? [String] == ["300 g smoked haddock", "200 g basmati rice"])
    #expect(run.stderr.isEmpty, "\(run)")
  }

  @Test func exportingOneRecipePrintsOneObject() throws {
    let sandbox = try sandboxWithRecipes()
    let id = try #require(
      try sandbox.listedRecipes().items.first { $0.name == "Smoked Haddock Kedgeree" }?.id)
    let run = try sandbox.larder("export", String(id.prefix(8)))
    #expect(run.status == 0, "\(run)")
    let document = try #require(try run.json() as? [String: Any], "\(run)")
    #expect(document["@graph"] == nil)
    #expect(document["@type"] as? String == "Recipe")
    #expect(document["name"] as? String == "Smoked Haddock Kedgeree")
    #expect(document["description"] as? String == "A breakfast of curried rice & fish.")
  }

  @Test func exportingAnUnknownIDExitsOne() throws {
    let sandbox = try sandboxWithRecipes()
    let run = try sandbox.larder("export", "deadbeef")
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.isEmpty, "\(run)")
    #expect(run.stderr.contains("no recipe with id 'deadbeef'"), "\(run)")
  }

  @Test func outputWritesOneFile() throws {
    let sandbox = try sandboxWithRecipes()
    let file = sandbox.path("backup/all.jsonld")
    try FileManager.default.createDirectory(
      atPath: sandbox.path("backup"), withIntermediateDirectories: true)
    let run = try sandbox.larder("export", "--output", file)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.isEmpty, "\(run)")
    #expect(run.stderr == "Exported 3 recipes to \(file)\n", "\(run)")
    let objects = try recipeObjects(in: try Data(contentsOf: URL(fileURLWithPath: file)))
    #expect(objects.count == 3)
  }

  @Test func outputIntoAMissingFolderExitsOneNamingTheFile() throws {
    let sandbox = try sandboxWithRecipes()
    let file = sandbox.path("no-such-folder/all.jsonld")
    let run = try sandbox.larder("export", "--output", file)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.isEmpty, "\(run)")
    #expect(run.stderr == "larder: cannot write '\(file)': No such file or directory\n", "\(run)")
  }

  @Test func dirOntoAFileExitsOneNamingTheFolder() throws {
    let sandbox = try sandboxWithRecipes()
    let file = try sandbox.write("in the way", to: "in-the-way")
    let run = try sandbox.larder("export", "--dir", file)
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr == "larder: cannot create the folder '\(file)': File exists\n", "\(run)")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "in the way")
  }

  @Test func dirWritesOneFilePerRecipe() throws {
    let sandbox = try sandboxWithRecipes()
    let folder = sandbox.path("exported")
    let run = try sandbox.larder("export", "--dir", folder)
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr == "Exported 3 recipes to \(folder)\n", "\(run)")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(files.count == 3, "\(files)")
    #expect(files.allSatisfy { $0.hasSuffix(".jsonld") }, "\(files)")
    #expect(files.contains("smoked-haddock-kedgeree.jsonld"), "\(files)")
    #expect(files.contains("green-shakshuka.jsonld"), "\(files)")
    #expect(
      files.contains { $0.hasPrefix("green-shakshuka-") }, "a second name gets the ID: \(files)")
    var names: [String] = []
    for file in files {
      let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file))
      let objects = try recipeObjects(in: data)
      #expect(objects.count == 1, "\(file)")
      names += objects.compactMap { $0["name"] as? String }
    }
    #expect(names.sorted() == ["Green Shakshuka", "Green Shakshuka", "Smoked Haddock Kedgeree"])
  }

  /// Ways of exporting, and what to import afterwards.
  enum ExportKind: String, CaseIterable, Sendable {
    case standardOutput, file, folder
  }

  @Test(arguments: ExportKind.allCases)
  func anExportImportedIntoAFreshDatabaseRecreatesEveryRecipe(kind: ExportKind) throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let file = try sandbox.writeJSON(
      [
        JSONDocument.recipe("Smoked Haddock Kedgeree", ingredients: ["300 g smoked haddock"]),
        JSONDocument.recipe("Crème Fraîche Dip", ingredients: ["200 ml crème fraîche"]),
      ], to: "mine.json")
    #expect(try sandbox.larder("import", file).status == 0)
    let original = try sandbox.listedRecipes()
    #expect(original.total == 66)

    let exported: String
    switch kind {
    case .standardOutput:
      let run = try sandbox.larder("export")
      #expect(run.status == 0)
      exported = try sandbox.write(run.stdout, to: "export.json")
    case .file:
      exported = sandbox.path("export.jsonld")
      #expect(try sandbox.larder("export", "-o", exported).status == 0)
    case .folder:
      exported = sandbox.path("export")
      #expect(try sandbox.larder("export", "--dir", exported).status == 0)
    }

    let fresh = sandbox.path("fresh.sqlite")
    let run = try sandbox.larder(
      "--db", fresh, "import", exported, environment: ["LARDER_STARTER_RECIPES": "0"],
      withDatabase: false)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains(": 66 created, 0 updated, 0 unchanged, 0 failed."), "\(run)")
    let list = try sandbox.larder(
      "--db", fresh, "recipes", "--json", "--limit", "100", withDatabase: false)
    let copy = try list.decode(RecipePageJSON.self)
    #expect(copy.total == 66)
    #expect(copy.names.sorted() == original.names.sorted())
  }

  @Test func anExportImportedIntoTheSameDatabaseIsUnchanged() throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let mine = try sandbox.writeJSON(
      JSONDocument.recipe(
        "Smoked Haddock Kedgeree", ingredients: ["300 g smoked haddock", "4 eggs"],
        description: "Invented for this test."), to: "mine.json")
    #expect(try sandbox.larder("import", mine).status == 0)
    let exported = sandbox.path("everything.jsonld")
    #expect(try sandbox.larder("export", "--output", exported).status == 0)

    let run = try sandbox.larder("import", exported)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout == "Imported 1 file: 0 created, 0 updated, 65 unchanged, 0 failed.\n")
    #expect(try sandbox.listedRecipes().total == 65)
  }

  @Test func aRecipeWithTitledAndUntitledStepSectionsSurvivesARoundTrip() throws {
    let sandbox = try Sandbox()
    let recipe: [String: Any] = [
      "@context": "https://schema.org", "@type": "Recipe", "name": "Two-Part Plum Traybake",
      "recipeIngredient": ["200 g oats", "6 plums"],
      "recipeInstructions": [
        [
          "@type": "HowToSection", "name": "Base",
          "itemListElement": ["Press the oats into a tin."],
        ],
        "Top with the plums and bake.",
      ],
    ]
    #expect(
      try sandbox.larder("import", try sandbox.writeJSON(recipe, to: "plum.json")).status == 0)
    let exported = sandbox.path("plum-export.jsonld")
    #expect(try sandbox.larder("export", "--output", exported).status == 0)
    let run = try sandbox.larder("import", exported)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout == "Imported 1 file: 0 created, 0 updated, 1 unchanged, 0 failed.\n")
    let show = try sandbox.larder("show", try #require(try sandbox.listedRecipes().items.first).id)
    #expect(show.stdout.contains("  Base:\n  1. Press the oats into a tin."), "\(show)")
    #expect(show.stdout.contains("  2. Top with the plums and bake."), "\(show)")
    #expect(!show.stdout.contains("Method:"), "\(show)")
  }
}
