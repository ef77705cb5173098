import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderImport

/// One page gives one recipe, and an import or clip of it never empties what was stored: pages
/// with duplicate, partial and conflicting Recipe nodes, read, imported and clipped.
@Suite struct SameRecipeNodesTests {
  static let complete = #"""
    {"@type": "Recipe", "name": "Sunday Roast Chicken", "url": "https://blog.example/roast",
     "recipeIngredient": ["1 whole chicken", "2 lemons", "4 garlic cloves"],
     "recipeInstructions": "Stuff the chicken with lemon and garlic. Roast for 90 minutes."}
    """#
  static let emptyTwin = #"{"@type": "Recipe", "name": "Sunday Roast Chicken"}"#
  static let partialTwin = #"""
    {"@type": "Recipe", "name": "sunday roast  chicken", "description": "The family classic.",
     "recipeYield": "4 servings", "totalTime": "PT2H"}
    """#
  static let conflictingTwin = #"""
    {"@type": "Recipe", "name": "Sunday Roast Chicken",
     "recipeIngredient": ["1 chicken"], "recipeInstructions": "Roast it."}
    """#
  static let emptyOther = #"{"@type": "Recipe", "name": "Site Search"}"#
  static let otherRecipe = #"""
    {"@type": "Recipe", "name": "Gravy", "recipeIngredient": ["pan juices", "1 tbsp flour"],
     "recipeInstructions": "Whisk the flour into the juices."}
    """#

  /// A page with the nodes in one JSON-LD `@graph`, as WordPress plugins write them.
  static func page(_ nodes: [String]) -> Data {
    Data(
      """
      <html><head><title>Sunday Roast Chicken</title>
      <script type="application/ld+json">
      {"@context": "https://schema.org", "@graph": [\(nodes.joined(separator: ",\n"))]}
      </script></head><body><p>Our roast.</p></body></html>
      """.utf8)
  }

  struct PageCase: Sendable, CustomStringConvertible {
    let description: String
    let nodes: [String]
    let names: [String]
    let ingredientCount: Int
  }

  static let pages: [PageCase] = [
    PageCase(
      description: "a complete node and its empty twin", nodes: [complete, emptyTwin],
      names: ["Sunday Roast Chicken"], ingredientCount: 3),
    PageCase(
      description: "the empty twin first", nodes: [emptyTwin, complete],
      names: ["Sunday Roast Chicken"], ingredientCount: 3),
    PageCase(
      description: "a partial twin that adds fields", nodes: [complete, partialTwin],
      names: ["Sunday Roast Chicken"], ingredientCount: 3),
    PageCase(
      description: "a conflicting twin with fewer lines", nodes: [conflictingTwin, complete],
      names: ["Sunday Roast Chicken"], ingredientCount: 3),
    PageCase(
      description: "an empty node of another name", nodes: [complete, emptyOther],
      names: ["Sunday Roast Chicken"], ingredientCount: 3),
    PageCase(
      description: "two different recipes", nodes: [complete, otherRecipe],
      names: ["Sunday Roast Chicken", "Gravy"], ingredientCount: 3),
  ]

  @Test(arguments: pages)
  func aPageGivesOneRecipePerName(_ example: PageCase) throws {
    let extraction = try RecipePageExtractor().extract(
      html: Self.page(example.nodes), url: "https://blog.example/roast")
    #expect(extraction.recipes.map(\.name) == example.names, "\(extraction.warnings)")
    #expect(extraction.recipe.ingredientLines.count == example.ingredientCount)
    #expect(!extraction.recipe.steps.isEmpty)
  }

  @Test func aPartialTwinCompletesTheRecipeAndSaysSo() throws {
    let extraction = try RecipePageExtractor().extract(
      html: Self.page([Self.complete, Self.partialTwin]), url: "https://blog.example/roast")
    #expect(extraction.recipe.description == "The family classic.")
    #expect(extraction.recipe.yield?.servings == 4)
    #expect(extraction.recipe.totalTime == RecipeDuration(minutes: 120))
    #expect(
      extraction.warnings.contains {
        $0.contains("2 recipes named 'Sunday Roast Chicken' read as one")
          && $0.contains("description")
      }, "\(extraction.warnings)")
  }

  // MARK: - Importing

  /// What `larder extract` wrote for such a page before pages gave one recipe: both nodes.
  static let extractedGraph = Data(
    #"""
    {"@context": "https://schema.org", "@graph": [
      {"@type": "Recipe", "name": "Sunday Roast Chicken", "url": "https://blog.example/roast",
       "recipeIngredient": ["1 whole chicken", "2 lemons", "4 garlic cloves"],
       "recipeInstructions": [{"@type": "HowToStep", "text": "Roast for 90 minutes."}]},
      {"@type": "Recipe", "name": "Sunday Roast Chicken", "url": "https://blog.example/roast",
       "image": ["https://blog.example/roast.jpg"]}
    ]}
    """#.utf8)

  static func document(_ data: Data) throws -> ImportDocument {
    var budget = ArchiveBudget(limits: ArchiveLimits())
    var documents: [ImportDocument] = []
    BulkReader().read(
      data, source: ImportSource(file: "roast.json"), explicit: true, budget: &budget
    ) { documents.append($0) }
    return try #require(documents.first)
  }

  @Test func anExtractedGraphOfTwinsImportsAsOneCompleteRecipe() throws {
    let store = InMemoryRecipeStore()
    let report = BulkImporter.store(
      try Self.document(Self.extractedGraph), into: store, now: Fixtures.now)
    #expect(report.items.map(\.status) == [.created])
    let id = try #require(report.items.first?.recipeID)
    let stored = try #require(try store.recipe(id: id, household: .default))
    #expect(stored.ingredientLines.count == 3)
    #expect(stored.images == ["https://blog.example/roast.jpg"])
  }

  @Test func anUpdateThatWouldEmptyFieldsKeepsThemAndWarns() throws {
    let store = InMemoryRecipeStore()
    let first = BulkImporter.store(
      try Self.document(Self.extractedGraph), into: store, now: Fixtures.now)
    let id = try #require(first.items.first?.recipeID)
    let emptied = Data(
      #"""
      {"@type": "Recipe", "name": "Sunday Roast Chicken", "url": "https://blog.example/roast",
       "description": "Now with a summary."}
      """#.utf8)
    let report = BulkImporter.store(try Self.document(emptied), into: store, now: Fixtures.now)
    #expect(report.items.map(\.status) == [.updated])
    let stored = try #require(try store.recipe(id: id, household: .default))
    #expect(stored.description == "Now with a summary.")
    #expect(stored.ingredientLines.count == 3)
    #expect(stored.steps.count == 1)
    #expect(stored.images == ["https://blog.example/roast.jpg"])
    #expect(
      report.items[0].warnings == [
        "kept the stored images, ingredients, steps: the import left them empty"
      ])
  }

  // MARK: - Clipping

  @Test func aClipOfAPageThatLostItsIngredientsKeepsThem() throws {
    let serveEmpty = Recorder<Bool>()
    let site = try FixtureHTTPServer { request in
      guard request.path == "/roast" else { return .response(status: 404) }
      return .response(
        headers: ["Content-Type": "text/html"],
        body: serveEmpty.all.last == true
          ? Self.page([Self.emptyTwin]) : Self.page([Self.complete, Self.emptyTwin]))
    }
    let fetcher = PageFetcher(
      configuration: FetchConfiguration(
        policy: AddressPolicy(
          allowedEndpoints: [SocketEndpoint(address: IPAddress("127.0.0.1")!, port: site.port)]),
        connectTimeout: 2, totalTimeout: 5))
    let clipper = RecipeClipper(fetcher: fetcher)
    let store = InMemoryRecipeStore()
    let url = site.url("/roast").absoluteString
    let first = try clipper.clip(
      url, into: store, images: nil, household: .default, now: Fixtures.now)
    #expect(first.recipe.ingredientLines.count == 3)
    serveEmpty.append(true)
    let again = try clipper.clip(
      url, into: store, images: nil, household: .default, now: Fixtures.now)
    #expect(again.outcome == .unchanged(first.recipe.id))
    #expect(again.recipe.ingredientLines.count == 3)
    #expect(again.recipe.steps.count == first.recipe.steps.count)
    #expect(
      again.warnings.contains("kept the stored ingredients, steps: the import left them empty"),
      "\(again.warnings)")
  }
}
