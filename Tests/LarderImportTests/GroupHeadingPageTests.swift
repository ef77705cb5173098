import Foundation
import LarderCore
import Testing

@testable import LarderImport

/// Ingredient group headings without a colon on recipe pages: a bare "Topping" in JSON-LD,
/// an item holding only a bold name, lines split by `<br>`, and the lines that look like
/// headings but are ingredients ("Salt", "Butter"). Every page is written here by hand.
@Suite struct GroupHeadingPageTests {
  let extractor = RecipePageExtractor()

  struct Page: CustomStringConvertible, Sendable {
    var name: String
    var html: String
    var sections: [String?]
    var lines: [[String]]
    var description: String { name }
  }

  static func jsonLD(_ name: String, _ lines: [String]) -> String {
    let quoted = lines.map { "\"\($0)\"" }.joined(separator: ", ")
    return """
      <html><head><title>\(name)</title><script type="application/ld+json">
      {"@context": "https://schema.org", "@type": "Recipe", "name": "\(name)",
       "recipeIngredient": [\(quoted)],
       "recipeInstructions": ["Mix everything together.", "Bake for 30 minutes."]}
      </script></head><body><h1>\(name)</h1></body></html>
      """
  }

  static let pages: [Page] = [
    Page(
      name: "JSON-LD with bare group names",
      html: jsonLD(
        "Apple Crumble Bars",
        ["Base", "200 g flour", "100 g butter", "Topping", "3 apples", "50 g oats", "Salt"]),
      sections: ["Base", "Topping"],
      lines: [["200 g flour", "100 g butter"], ["3 apples", "50 g oats", "Salt"]]),
    Page(
      name: "JSON-LD in German, a group named by a food first",
      html: jsonLD(
        "Zwiebelkuchen",
        ["Teig", "300 g Mehl", "1 Würfel Hefe", "Belag", "1 kg Zwiebeln", "2 Eier"]),
      sections: ["Teig", "Belag"],
      lines: [["300 g Mehl", "1 Würfel Hefe"], ["1 kg Zwiebeln", "2 Eier"]]),
    Page(
      name: "list items holding only a bold name",
      html: """
        <html lang="en"><head><title>Lemon Cake</title></head><body>
        <h1>Lemon Cake</h1>
        <h2>Ingredients</h2>
        <ul>
        <li><strong>Cake</strong></li>
        <li>200 g flour</li><li>150 g sugar</li><li>3 eggs</li>
        <li><strong>Glaze</strong></li>
        <li>100 g icing sugar</li><li>2 tbsp lemon juice</li>
        </ul>
        <h2>Method</h2>
        <p>Beat everything for the cake together and bake for 35 minutes.</p>
        <p>Stir the glaze and pour it over the cooled cake.</p>
        </body></html>
        """,
      sections: ["Cake", "Glaze"],
      lines: [
        ["200 g flour", "150 g sugar", "3 eggs"], ["100 g icing sugar", "2 tbsp lemon juice"],
      ]
    ),
    Page(
      name: "lines split by br in French",
      html: """
        <html lang="fr"><head><title>Quiche lorraine</title></head><body>
        <h1>Quiche lorraine</h1>
        <h2>Ingrédients</h2>
        <p>Pâte<br>250 g de farine<br>125 g de beurre<br>Garniture<br>3 œufs<br>20 cl de crème</p>
        <h2>Préparation</h2>
        <p>Préparer la pâte et la laisser reposer 30 minutes.</p>
        <p>Mélanger les œufs et la crème, verser sur la pâte et cuire 35 minutes.</p>
        </body></html>
        """,
      sections: ["Pâte", "Garniture"],
      lines: [["250 g de farine", "125 g de beurre"], ["3 œufs", "20 cl de crème"]]),
    Page(
      name: "a paragraph per line in Dutch",
      html: """
        <html lang="nl"><head><title>Appeltaart</title></head><body>
        <h1>Appeltaart</h1>
        <h2>Ingrediënten</h2>
        <p>Deeg</p><p>300 g bloem</p><p>200 g boter</p>
        <p>Vulling</p><p>1 kg appels</p><p>2 tl kaneel</p>
        <h2>Bereiding</h2>
        <p>Kneed het deeg en bekleed de vorm.</p>
        <p>Vul de taart met de appels en bak 60 minuten.</p>
        </body></html>
        """,
      sections: ["Deeg", "Vulling"],
      lines: [["300 g bloem", "200 g boter"], ["1 kg appels", "2 tl kaneel"]]),
    // Lines that only look like headings stay lines.
    Page(
      name: "a food alone between measured lines",
      html: jsonLD("Pancakes", ["2 eggs", "Salt", "200 g flour", "Butter", "300 ml milk"]),
      sections: [nil],
      lines: [["2 eggs", "Salt", "200 g flour", "Butter", "300 ml milk"]]),
    Page(
      name: "a lone food first",
      html: jsonLD("Shortbread", ["Butter", "200 g flour", "100 g sugar"]),
      sections: [nil], lines: [["Butter", "200 g flour", "100 g sugar"]]),
    Page(
      name: "words with and",
      html: jsonLD("Soup", ["Salt and pepper", "2 leeks", "1 l stock"]),
      sections: [nil], lines: [["Salt and pepper", "2 leeks", "1 l stock"]]),
  ]

  @Test(arguments: pages)
  func groupNamesBecomeSectionsAndFoodsStayLines(_ page: Page) throws {
    let recipe = try extractor.extract(html: Data(page.html.utf8), url: nil).recipe
    #expect(recipe.ingredientSections.map(\.title) == page.sections)
    #expect(recipe.ingredientSections.map { $0.lines.map(\.text) } == page.lines)
  }
}
