import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// Gourmet, Mela, RecipeSage and Markdown files imported the way `larder import` and
/// `POST /api/v1/import` do it: recognised by name and content, one report line per recipe, the
/// broken one reported with the field and place, none dropped.
@Suite struct ExportFormatImportsTests {
  let store = InMemoryRecipeStore()
  var larder: Larder { Larder(recipes: store, clock: { Fixtures.now }) }

  static let gourmet = Data(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <gourmetDoc>
      <recipe id="1"><title>Rice</title>
        <ingredient-list><ingredient><amount>1</amount><unit>cup</unit><item>rice</item>
        </ingredient></ingredient-list><instructions>Cook it.</instructions></recipe>
      <recipe id="2"><category>Untitled</category>
        <ingredient-list><ingredient><item>salt</item></ingredient></ingredient-list></recipe>
    </gourmetDoc>
    """.utf8)

  static let mela = Data(
    #"{"id": "m1", "title": "Dal", "ingredients": "1 cup lentils\n# Tadka\n1 tsp cumin", "instructions": "Simmer.\nFry the tadka."}"#
      .utf8)

  static let recipeSage = Data(
    #"""
    [{"@context": "http://schema.org", "@type": "Recipe", "name": "Pancakes",
      "recipeIngredient": ["1 cup flour", "1 egg"],
      "recipeInstructions": [{"@type": "HowToStep", "text": "Whisk and fry."}],
      "creditText": "Dad", "comment": "Serve with syrup."},
     {"@context": "http://schema.org", "@type": "Recipe", "recipeIngredient": ["x"],
      "creditText": "?"}]
    """#.utf8)

  static let markdown = "# Toast\n\n## Ingredients\n\n- 1 slice bread\n\n## Steps\n\n1. Toast it.\n"
  static let untitledMarkdown = "Just text.\n\n## Ingredients\n\n- 1 egg\n"

  func importBytes(_ data: Data, name: String) throws -> ImportReport {
    try larder.importFiles(
      FileImportRequest(inputs: [.bytes(data, name: name)]), as: .defaultHousehold)
  }

  @Test func aGourmetExportIsImportedWithTheUntitledRecipeReported() throws {
    let report = try importBytes(Self.gourmet, name: "export.grmt")
    #expect(report.files.map(\.format) == ["Gourmet XML"])
    #expect(report.files[0].items.map(\.status) == [.created, .failed])
    #expect(report.files[0].items[1].error == "item 2: field '<title>' is required")
    #expect(report.files[0].items[1].source == "export.grmt › item 2")
    #expect(try store.recipeCount(household: .default) == 1)
  }

  @Test func aMelaRecipeIsImported() throws {
    let report = try importBytes(Self.mela, name: "Dal.melarecipe")
    #expect(report.files.map(\.format) == ["Mela"])
    #expect(report.created == 1)
    let id = try #require(report.files[0].items[0].id)
    let recipe = try #require(try store.recipe(id: id, household: .default))
    #expect(recipe.ingredientSections.map(\.title) == [nil, "Tadka"])
  }

  @Test func aRecipeSageExportIsImportedAndItsBrokenRecipeReported() throws {
    let report = try importBytes(Self.recipeSage, name: "recipesage-export.json")
    #expect(report.files.map(\.format) == ["RecipeSage"])
    #expect(report.files[0].items.map(\.status) == [.created, .failed])
    #expect(report.files[0].items[1].error == "item 2: field 'name' is required")
    let id = try #require(report.files[0].items[0].id)
    #expect(try store.recipe(id: id, household: .default)?.author == "Dad")
  }

  @Test func aFolderOfMarkdownRecipesIsImportedFileByFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "larder-markdown-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(Self.markdown.utf8).write(to: folder.appendingPathComponent("toast.md"))
    try Data(Self.untitledMarkdown.utf8).write(to: folder.appendingPathComponent("egg.md"))
    try Data("# Shopping\n\n- milk\n".utf8).write(to: folder.appendingPathComponent("list.md"))
    let report = try larder.importFiles(
      FileImportRequest(inputs: [.path(folder.path)]), as: .defaultHousehold)
    #expect(report.created == 1)
    #expect(report.failed == 1)
    #expect(report.skipped == 1)
    let egg = try #require(report.files.first { $0.path.hasSuffix("egg.md") })
    #expect(egg.format == "Markdown")
    #expect(egg.items.first?.error == "item 1: field '# Title heading' is required")
    let list = try #require(report.files.first { $0.path.hasSuffix("list.md") })
    #expect(list.skipped?.contains("'## Ingredients'") == true)
  }

  @Test func anUploadIsRecognisedByItsName() throws {
    let report = try larder.importUpload(
      UploadImportRequest(data: Self.gourmet, filename: "export.grmt"), as: .defaultHousehold)
    #expect(report.created == 1)
    #expect(report.failed == 1)
  }
}
