import Foundation
import LarderCore
import Testing

@testable import LarderImport

/// Zips of the newer formats: Mela's `.melarecipes` and a zip of Markdown recipes.
@Suite struct ExportFormatArchiveTests {
  static func documents(_ data: Data, name: String) -> [ImportDocument] {
    var budget = ArchiveBudget(limits: ArchiveLimits())
    var found: [ImportDocument] = []
    BulkReader().read(data, source: ImportSource(file: name), explicit: true, budget: &budget) {
      found.append($0)
    }
    return found
  }

  @Test func aMelaRecipesExportIsAZipOfMelaRecipes() throws {
    var zip = ZipFixture()
    zip.add(
      "Soup.melarecipe",
      #"{"id": "s", "title": "Soup", "ingredients": "1 leek", "instructions": "Simmer."}"#)
    zip.add("Broken.melarecipe", #"{"id": "b", "ingredients": "2 eggs"}"#)
    zip.add("Cut.melarecipe", #"{"id": "c", "title": "Cut"#)
    let documents = Self.documents(zip.archive(), name: "Recipes.melarecipes")
    #expect(documents.map(\.format) == [.mela, .mela, .mela])
    #expect(documents[0].source.description == "Recipes.melarecipes › Soup.melarecipe")
    #expect(try documents[0].items.first?.result.get().name == "Soup")
    #expect(throws: LarderCoreError.missingField(field: "title", item: 0)) {
      try documents[1].items.first?.result.get()
    }
    guard case .failed(let reason) = documents[2].status else {
      Issue.record("a cut-off recipe was read")
      return
    }
    #expect(reason.contains("not valid JSON"), "\(reason)")
  }

  @Test func aZipOfMarkdownRecipesIsReadAndOtherMarkdownSkipped() throws {
    var zip = ZipFixture()
    zip.add("recipes/toast.md", "# Toast\n\n## Ingredients\n\n- 1 slice bread\n")
    zip.add("recipes/README.md", "# My recipes\n\nExported from my notes.\n")
    zip.add("recipes/toast.jpg", "not really a photo")
    let documents = Self.documents(zip.archive(), name: "notes.zip")
    #expect(documents.map(\.format) == [.markdown, nil])
    #expect(try documents[0].items.first?.result.get().name == "Toast")
    #expect(
      documents[1].status
        == .skipped(
          "a Markdown file without an '## Ingredients' section or Chowdown front matter"))
  }
}
