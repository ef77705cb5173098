import Foundation
import LarderCore
import XCTest

@testable import LarderImport

/// Random and mutated pages from a seeded generator: the extractor and the readers must
/// return a result or a ``LarderImportError`` for every one of them, never crash or hang.
final class HTMLFuzzTests: XCTestCase {
  private static let seeds: [String] = [
    """
    <html><head><base href="/x/"><meta charset="utf-8"><title>T</title>
    <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":
    "Recipe","name":"A &amp; B","image":{"@id":"#i"},"recipeIngredient":["1 egg","2 g salt"],
    "recipeInstructions":[{"@type":"HowToSection","name":"S","itemListElement":[{"@type":
    "HowToStep","text":"Mix."}]}],"recipeYield":["4","4 cups"],"cookTime":"PT1H"}]}</script>
    </head><body><h1>Title</h1></body></html>
    """,
    """
    <div itemscope itemtype="https://schema.org/Recipe"><span itemprop="name">M</span>
    <img itemprop="image" src="a.jpg"><li itemprop="recipeIngredient">1 lemon</li>
    <div itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToStep">
    <p itemprop="text">Squeeze.</p></div><div itemprop="nutrition" itemscope
    itemtype="https://schema.org/NutritionInformation"><span itemprop="calories">9</span></div>
    </div>
    """,
    """
    <div vocab="https://schema.org/" typeof="Recipe"><b property="name">R</b>
    <span property="recipeIngredient">2 figs</span><p property="recipeInstructions">Eat.</p></div>
    """,
    """
    <h1>Heuristic</h1><h2>Ingredients</h2><ul><li>1 cup rice</li><li>2 cups water</li></ul>
    <h2>Method</h2><ol><li>Boil.</li><li>Simmer.</li></ol><h2>Notes</h2>
    """,
  ]

  private static let fragments: [String] = [
    "<", ">", "</", "<div>", "</div>", "<li>", "<ul>", "<h2>Ingredients</h2>", "<h3>Method</h3>",
    "<script type=\"application/ld+json\">", "</script>", "{", "}", "[", "]", "\"", ",",
    "itemscope ", "itemprop=\"recipeIngredient\"", "typeof=\"Recipe\"", "&amp;", "&#x0;",
    "&frac18;", "<!--", "-->", "<![CDATA[", "]]>", "\u{0}", "\u{FEFF}", "<base href=\"::\">",
    "<meta charset=\"utf-16\">", "<meta charset=\"x-unknown\">", "\"@type\":\"Recipe\"",
    "\"@graph\":[", "\"@id\":\"#i\"", "<img src=\"data:,x\">",
  ]

  private func mutate(_ text: String, random: inout SeededRandom) -> Data {
    var bytes = Array(text.utf8)
    for _ in 0..<Int.random(in: 1...12, using: &random) {
      let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
      switch Int.random(in: 0..<6, using: &random) {
      case 0: if !bytes.isEmpty { bytes[position] = UInt8.random(in: 0...255, using: &random) }
      case 1: if !bytes.isEmpty { bytes.remove(at: position) }
      case 2:
        let fragment = Self.fragments.randomElement(using: &random) ?? ""
        bytes.insert(contentsOf: Array(fragment.utf8), at: position)
      case 3: bytes = Array(bytes.prefix(position))
      case 4:
        let end = min(bytes.count, position + Int.random(in: 1...200, using: &random))
        bytes.insert(contentsOf: bytes[position..<end], at: position)
      default:
        bytes.insert(UInt8.random(in: 0x80...0xFF, using: &random), at: position)
      }
    }
    return Data(bytes)
  }

  private func tagSoup(random: inout SeededRandom) -> Data {
    var text = ""
    for _ in 0..<Int.random(in: 0...400, using: &random) {
      text += Self.fragments.randomElement(using: &random) ?? ""
      if Bool.random(using: &random) { text += "word \(Int.random(in: 0...99, using: &random)) " }
    }
    return Data(text.utf8)
  }

  func testRandomAndMutatedPagesNeverCrash() {
    var random = SeededRandom(seed: 0x5EED_CAFE)
    let extractor = RecipePageExtractor()
    var found = 0
    for round in 0..<400 {
      let seed = Self.seeds[round % Self.seeds.count]
      let page = round % 5 == 4 ? tagSoup(random: &random) : mutate(seed, random: &random)
      do {
        let extraction = try extractor.extract(
          html: page, url: "https://example.com/r/\(round)", source: "round \(round)")
        XCTAssertFalse(extraction.recipes.isEmpty)
        XCTAssertFalse(extraction.recipe.name.isEmpty)
        found += 1
      } catch let error as LarderImportError {
        XCTAssertFalse(error.description.isEmpty)
      } catch {
        XCTFail("round \(round): unexpected error \(error)")
      }
      _ = CopyMeThatReader.read(html: page, source: "round \(round)")
      _ = try? MasterCookReader.read(page, source: "round \(round)")
    }
    // Most mutations leave a recipe to find; if none did, the harness would be broken.
    XCTAssertGreaterThan(found, 50)
  }
}
