import Foundation
import LarderCore
import LarderImport
import Testing

/// The extractor as clipping sees it, through ``RecipePageReading``.
@Suite struct RecipePageReadingTests {
  static let pageURL = URL(string: "https://example.com/soup")!

  static func recipeJSON(_ name: String) -> String {
    #"{"@context": "https://schema.org", "@type": "Recipe", "name": "\#(name)", "#
      + #""recipeIngredient": ["1 onion"]}"#
  }

  @Test(arguments: [
    #"<script type="application/ld+json">"#, "<SCRIPT TYPE='application/ld+json'>",
    #"<script id="x" type = "application/ld+json" nonce="n">"#,
    "<script type=application/ld+json>",
  ])
  func findsTheBlockWhateverTheTagLooksLike(openTag: String) throws {
    let html = "<html><head>\(openTag)\(Self.recipeJSON("Onion Soup"))</script></head></html>"
    let items = try RecipePageExtractor().recipes(
      inHTML: Data(html.utf8), pageURL: Self.pageURL, charset: nil)
    #expect(items.map(\.name) == ["Onion Soup"])
  }

  @Test func skipsOtherScriptsAndBrokenBlocksAndNumbersRecipesAcrossBlocks() throws {
    let html = """
      <script>var x = {"@type": "Recipe", "name": "Not JSON-LD"};</script>
      <script type="application/ld+json">{ broken</script>
      <script type="application/ld+json"><!--\(Self.recipeJSON("First"))--></script>
      <script type="application/ld+json">[\(Self.recipeJSON("Second"))]</script>
      """
    let items = try RecipePageExtractor().recipes(
      inHTML: Data(html.utf8), pageURL: Self.pageURL, charset: "utf-8")
    #expect(items.map(\.name) == ["First", "Second"])
    #expect(items.map(\.index) == [0, 1])
  }

  @Test func readsThePageInItsDeclaredCharset() throws {
    let html = "<script type=\"application/ld+json\">\(Self.recipeJSON("Crème brûlée"))</script>"
    let latin1 = try #require(html.data(using: .isoLatin1))
    let items = try RecipePageExtractor().recipes(
      inHTML: latin1, pageURL: Self.pageURL, charset: "iso-8859-1")
    #expect(items.map(\.name) == ["Crème brûlée"])
  }

  @Test func aPageWithoutRecipesThrowsNoRecipeFound() {
    #expect(throws: LarderCoreError.noRecipeFound) {
      try RecipePageExtractor().recipes(
        inHTML: Data("<html><body>Hello</body></html>".utf8), pageURL: Self.pageURL,
        charset: nil)
    }
  }
}
