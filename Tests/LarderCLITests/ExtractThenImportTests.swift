import Foundation
import Testing

/// A page that describes its recipe twice, extracted and then imported: one recipe, complete.
@Suite struct ExtractThenImportTests {
  struct Listing: Decodable {
    struct Item: Decodable {
      let name: String
      let ingredientCount: Int
    }
    let items: [Item]
  }

  /// A WordPress-style page: the recipe plugin's node, then the theme's empty node of the
  /// same name.
  static let page = """
    <html><head><title>Sunday Roast Chicken</title>
    <script type="application/ld+json">
    {"@context": "https://schema.org", "@graph": [
      {"@type": "Recipe", "name": "Sunday Roast Chicken",
       "recipeIngredient": ["1 whole chicken", "2 lemons", "4 garlic cloves"],
       "recipeInstructions": "Stuff the chicken with lemon and garlic. Roast for 90 minutes."},
      {"@type": "Recipe", "name": "Sunday Roast Chicken"}]}
    </script></head><body></body></html>
    """

  @Test func aPageWithAnEmptyTwinImportsAsOneCompleteRecipe() throws {
    let sandbox = try Sandbox()
    let html = try sandbox.write(Self.page, to: "roast.html")
    let extract = try sandbox.larder("extract", html, "--url", "https://blog.example/roast")
    #expect(extract.status == 0, "\(extract)")
    let jsonLD = try sandbox.write(extract.stdout, to: "roast.jsonld")
    let run = try sandbox.larder("import", jsonLD)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout == "Imported 1 file: 1 created, 0 updated, 0 unchanged, 0 failed.\n")
    let listed = try sandbox.larder("--json", "recipes").decode(Listing.self)
    #expect(listed.items.map(\.name) == ["Sunday Roast Chicken"])
    #expect(listed.items.first?.ingredientCount == 3)
  }
}
