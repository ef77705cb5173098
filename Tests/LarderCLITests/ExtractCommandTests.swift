import Foundation
import Testing

/// `larder extract`: a saved page in, schema.org JSON-LD out, the database untouched.
@Suite struct ExtractCommandTests {
  static let page = """
    <html><head><title>Fennel Gratin | Our Kitchen</title>
    <link rel="canonical" href="https://kitchen.example/fennel-gratin">
    <script type="application/ld+json">
    {"@context": "https://schema.org", "@type": "Recipe", "name": "Fennel Gratin",
     "image": "/photos/gratin.jpg", "recipeYield": "4",
     "recipeIngredient": ["2 fennel bulbs", "100 ml cream"],
     "recipeInstructions": [{"@type": "HowToStep", "text": "Slice the fennel."},
                            {"@type": "HowToStep", "text": "Bake with the cream."}]}
    </script></head><body><h1>Fennel Gratin</h1></body></html>
    """

  @Test func printsTheRecipeAsJSONLDAndSavesNothing() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(Self.page, to: "gratin.html")
    let run = try sandbox.larder("extract", file, "--url", "https://kitchen.example/x/y")
    #expect(run.status == 0, "\(run)")
    let object = try #require(try run.json() as? [String: Any], "\(run)")
    #expect(object["@context"] as? String == "https://schema.org")
    #expect(object["@type"] as? String == "Recipe")
    #expect(object["name"] as? String == "Fennel Gratin")
    #expect(object["image"] as? [String] == ["https://kitchen.example/photos/gratin.jpg"])
    #expect(object["url"] as? String == "https://kitchen.example/fennel-gratin")
    #expect(object["recipeIngredient"] as? [String] == ["2 fennel bulbs", "100 ml cream"])
    #expect(object["larder"] == nil, "an extracted recipe has no Larder id yet")
    #expect(run.stderr.contains("by jsonLD"), "\(run)")
    #expect(!sandbox.exists(sandbox.database), "extract must not create the database")
  }

  @Test func readsStandardInputAndReportsTheMethodWithJSON() throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder("--json", "extract", "-", stdin: Data(Self.page.utf8))
    #expect(run.status == 0, "\(run)")
    let report = try #require(try run.json() as? [String: Any], "\(run)")
    #expect(report["method"] as? String == "jsonLD")
    #expect(report["warnings"] as? [String] == [])
    #expect(report["canonicalURL"] as? String == "https://kitchen.example/fennel-gratin")
    let recipes = try #require(report["recipes"] as? [[String: Any]])
    #expect(recipes.map { $0["name"] as? String } == ["Fennel Gratin"])
    #expect(run.stderr.isEmpty, "\(run)")
  }

  @Test func extractedJSONLDImportsBackIn() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(Self.page, to: "gratin.html")
    let extracted = try sandbox.larder("extract", file)
    #expect(extracted.status == 0, "\(extracted)")
    let imported = try sandbox.larder("import", "-", stdin: Data(extracted.stdout.utf8))
    #expect(imported.status == 0, "\(imported)")
    let listed = try sandbox.larder("--json", "recipes")
    #expect(listed.stdout.contains("Fennel Gratin"), "\(listed)")
  }

  @Test func aPageWithoutARecipeExitsWithOneAndSaysWhy() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write("<html><h1>Opening hours</h1></html>", to: "hours.html")
    let run = try sandbox.larder("extract", file)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.isEmpty, "\(run)")
    #expect(run.stderr.contains("hours.html: no recipe found"), "\(run)")

    let missing = try sandbox.larder("extract", sandbox.path("nowhere.html"))
    #expect(missing.status == 1, "\(missing)")
    #expect(missing.stderr.contains("nowhere.html: no such file"), "\(missing)")
  }

  @Test func usageErrorsExitWithTwo() throws {
    let sandbox = try Sandbox()
    let noPath = try sandbox.larder("extract")
    #expect(noPath.status == 2, "\(noPath)")
    #expect(noPath.stderr.contains("missing argument <path>"), "\(noPath)")
    let file = try sandbox.write(Self.page, to: "gratin.html")
    let badURL = try sandbox.larder("extract", file, "--url", "not a url")
    #expect(badURL.status == 2, "\(badURL)")
    #expect(badURL.stderr.contains("--url"), "\(badURL)")
  }
}

/// `larder extract` of a page with several recipes writes them as `larder export` does.
@Suite struct ExtractSeveralRecipesTests {
  @Test func severalRecipesAreOneGraphWithOneContext() throws {
    let sandbox = try Sandbox()
    let page = """
      <html><head><script type="application/ld+json">
      {"@context": "https://schema.org", "@graph": [
        {"@type": "Recipe", "name": "Fennel Gratin", "recipeIngredient": ["2 fennel bulbs"],
         "recipeInstructions": ["Bake."]},
        {"@type": "Recipe", "name": "Pea Soup", "recipeIngredient": ["500 g peas"],
         "recipeInstructions": ["Simmer."]}]}
      </script></head><body></body></html>
      """
    let file = try sandbox.write(page, to: "two.html")
    let run = try sandbox.larder("extract", file)
    #expect(run.status == 0, "\(run)")
    let object = try #require(try run.json() as? [String: Any], "\(run)")
    #expect(object["@context"] as? String == "https://schema.org")
    let graph = try #require(object["@graph"] as? [[String: Any]], "\(run)")
    #expect(graph.map { $0["name"] as? String } == ["Fennel Gratin", "Pea Soup"])
    // As SchemaOrg.encode writes a graph: the context once, no Larder fields.
    #expect(graph.allSatisfy { $0["@context"] == nil && $0["larder"] == nil }, "\(graph)")
  }
}
