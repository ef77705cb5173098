import Foundation
import LarderCore
import XCTest

@testable import LarderImport

/// The extractor on small hand-written pages, one shape of markup each.
final class HTMLExtractorTests: XCTestCase {
  private let extractor = RecipePageExtractor()

  private func extract(
    _ html: String, url: String? = "https://example.com/recipes/soup"
  )
    throws -> PageExtraction
  {
    try extractor.extract(html: Data(html.utf8), url: url)
  }

  // MARK: - JSON-LD

  func testReadsJSONLDInsideAGraphAndResolvesReferencedImages() throws {
    let page = """
      <html><head><script type="application/ld+json">
      {"@context": "https://schema.org", "@graph": [
        {"@type": "ImageObject", "@id": "https://example.com/#image",
         "url": "https://example.com/soup.jpg"},
        {"@type": ["Recipe", "NewsArticle"], "name": "Nan&amp;#39;s Leek &amp; Potato Soup",
         "image": {"@id": "https://example.com/#image"},
         "recipeIngredient": ["2 leeks", "&frac18; tsp nutmeg"],
         "recipeInstructions": [{"@type": "HowToSection", "name": "Soup",
           "itemListElement": [{"@type": "HowToStep", "text": "Sweat the leeks."}]}],
         "recipeYield": ["4", "4 bowls"], "prepTime": "PT10M", "cookTime": "PT1H5M"}
      ]}
      </script></head><body></body></html>
      """
    let extraction = try extract(page)
    XCTAssertEqual(extraction.method, .jsonLD)
    let recipe = extraction.recipe
    XCTAssertEqual(recipe.name, "Nan's Leek & Potato Soup")
    XCTAssertEqual(recipe.images, ["https://example.com/soup.jpg"])
    XCTAssertEqual(recipe.ingredientLines.map(\.text), ["2 leeks", "⅛ tsp nutmeg"])
    XCTAssertEqual(recipe.instructionSections.map(\.title), ["Soup"])
    XCTAssertEqual(recipe.yield?.servings, 4)
    XCTAssertEqual(recipe.cookTime?.minutes, 65)
    XCTAssertEqual(recipe.sourceURL, "https://example.com/recipes/soup")
    XCTAssertTrue(extraction.warnings.isEmpty, "\(extraction.warnings)")
  }

  func testRepairsTrailingCommasAndRawLineBreaksAndSkipsAHopelessBlock() throws {
    let page = """
      <script type="application/ld+json">{"@type": "Recipe", "name": "Broken {</script>
      <script type="application/ld+json">
      <!--
      {"@type": "Recipe", "name": "Flapjacks",
       "recipeIngredient": ["250 g oats", "125 g butter",],
       "recipeInstructions": "Melt the butter.
      Stir in the oats.",
      };
      -->
      </script>
      """
    let extraction = try extract(page)
    XCTAssertEqual(extraction.recipe.name, "Flapjacks")
    XCTAssertEqual(extraction.recipe.ingredientLines.map(\.text), ["250 g oats", "125 g butter"])
    XCTAssertEqual(
      extraction.recipe.steps.map(\.text), ["Melt the butter.", "Stir in the oats."])
    XCTAssertEqual(
      extraction.warnings,
      [
        "JSON-LD block 1: not valid JSON even after repair; skipped",
        "JSON-LD block 2: broken JSON (trailing commas or raw line breaks) repaired",
      ])
  }

  func testLenientJSONKeepsCommasAndBracketsInsideStrings() throws {
    let text = "{\"a\": \"x, ]\", \"b\": [1, 2,], \"c\": \"line\nbreak\",}"
    let parsed = try XCTUnwrap(LenientJSON.parse(text))
    XCTAssertTrue(parsed.repaired)
    let object = try XCTUnwrap(parsed.value as? [String: Any])
    XCTAssertEqual(object["a"] as? String, "x, ]")
    XCTAssertEqual(object["b"] as? [Int], [1, 2])
    XCTAssertEqual(object["c"] as? String, "line\nbreak")
    XCTAssertNil(LenientJSON.parse("{\"a\": "))
    let escaped = LenientJSON.parse("{&quot;name&quot;: &quot;Fish &amp; chips&quot;}")
    XCTAssertEqual((escaped?.value as? [String: String])?["name"], "Fish & chips")
    XCTAssertEqual((LenientJSON.parse("{\"a\": 1}\n{\"a\": 2}")?.value as? [Any])?.count, 2)
    // XHTML pages wrap the block in a CDATA section, whose "[" is not the document's.
    let wrapped = LenientJSON.parse("//<![CDATA[\n{\"name\": \"Granola\", \"n\": [1]}\n//]]>")
    XCTAssertEqual((wrapped?.value as? [String: Any])?["name"] as? String, "Granola")
  }

  func testAListItemWithParagraphMarkupIsOneLineButRealLineBreaksSplit() throws {
    let page = """
      <script type="application/ld+json">
      {"@type": "Recipe", "name": "Asparagus",
       "recipeIngredient": ["2 lb. <p>asparagus, trimmed</p>", "1 cup cream\\n2 eggs"],
       "recipeInstructions": "Bake."}
      </script>
      """
    XCTAssertEqual(
      try extract(page).recipe.ingredientLines.map(\.text),
      ["2 lb. asparagus, trimmed", "1 cup cream", "2 eggs"])
  }

  func testARecipeWithoutANameTakesThePageTitle() throws {
    let page = """
      <head><meta property="og:title" content="Nan's Scones"></head>
      <script type="application/ld+json">
      {"@type": "Recipe", "recipeIngredient": ["225 g flour"], "recipeInstructions": "Bake."}
      </script>
      """
    XCTAssertEqual(try extract(page).recipe.name, "Nan's Scones")
  }

  func testPutsTheRecipeWithIngredientsFirstAmongSeveral() throws {
    let page = """
      <script type="application/ld+json">
      [{"@type": "Recipe", "name": "Teaser", "url": "https://example.com/other"},
       {"@type": "Recipe", "name": "Soup", "recipeIngredient": ["1 leek"],
        "recipeInstructions": "Cook."}]
      </script>
      """
    let extraction = try extract(page)
    XCTAssertEqual(extraction.recipes.map(\.name), ["Soup"])
    // An empty node beside a real recipe is not a recipe of its own: one page, one recipe.
    XCTAssertTrue(
      extraction.warnings.contains {
        $0.contains("'Teaser' has neither ingredients nor steps; skipped")
      }, "\(extraction.warnings)")
  }

  func testKeepsEveryRecipeOfARoundupThatHasContent() throws {
    let page = """
      <script type="application/ld+json">
      [{"@type": "Recipe", "name": "Soup", "recipeIngredient": ["1 leek"],
        "recipeInstructions": "Cook."},
       {"@type": "Recipe", "name": "Bread", "recipeIngredient": ["500 g flour"]}]
      </script>
      """
    XCTAssertEqual(try extract(page).recipes.map(\.name), ["Soup", "Bread"])
  }

  // MARK: - Microdata and RDFa

  private let microdataPage = """
    <html><head><base href="https://cdn.example.org/img/"></head><body>
    <div itemscope itemtype="http://schema.org/Recipe">
      <h1 itemprop="name">Lemon Tart</h1>
      <img itemprop="image" src="tart.jpg" alt="">
      <a itemprop="url" href="/lemon-tart">link</a>
      <meta itemprop="recipeYield" content="8 slices">
      <time itemprop="prepTime" datetime="PT30M">30 minutes</time>
      <span itemprop="author" itemscope itemtype="http://schema.org/Person">
        <span itemprop="name">Ada</span></span>
      <a itemprop="recipeCategory" href="/desserts">Dessert</a>
      <ul>
        <li itemprop="recipeIngredient">3 lemons</li>
        <li itemprop="recipeIngredient">100 g <b>caster</b> sugar</li>
      </ul>
      <ol>
        <li itemprop="recipeInstructions" itemscope itemtype="http://schema.org/HowToStep">
          <span itemprop="text">Blind-bake the case.</span></li>
        <li itemprop="recipeInstructions" itemscope itemtype="http://schema.org/HowToStep">
          <span itemprop="text">Fill and bake.</span></li>
      </ol>
      <div itemprop="nutrition" itemscope itemtype="http://schema.org/NutritionInformation">
        <span itemprop="calories">320 kcal</span></div>
      <div itemprop="aggregateRating" itemscope itemtype="http://schema.org/AggregateRating">
        <span itemprop="ratingValue" content="4.5">4½</span>
        <span itemprop="ratingCount">12</span></div>
    </div></body></html>
    """

  func testReadsMicrodataWithNestedItemsAndResolvesAgainstTheBase() throws {
    let extraction = try extract(microdataPage)
    XCTAssertEqual(extraction.method, .microdata)
    let recipe = extraction.recipe
    XCTAssertEqual(recipe.name, "Lemon Tart")
    XCTAssertEqual(recipe.images, ["https://cdn.example.org/img/tart.jpg"])
    XCTAssertEqual(recipe.sourceURL, "https://cdn.example.org/lemon-tart")
    XCTAssertEqual(recipe.yield?.servings, 8)
    XCTAssertEqual(recipe.prepTime?.minutes, 30)
    XCTAssertEqual(recipe.author, "Ada")
    XCTAssertEqual(recipe.courses, ["Dessert"])
    XCTAssertEqual(recipe.ingredientLines.map(\.text), ["3 lemons", "100 g caster sugar"])
    XCTAssertEqual(recipe.steps.map(\.text), ["Blind-bake the case.", "Fill and bake."])
    XCTAssertEqual(recipe.nutrition?.calories, "320 kcal")
    XCTAssertEqual(recipe.sourceRating?.value, 4.5)
    XCTAssertEqual(recipe.sourceRating?.count, 12)
  }

  func testTheSameRecipeReadsTheSameAsJSONLDAndAsMicrodata() throws {
    let jsonLD = """
      <script type="application/ld+json">
      {"@context": "https://schema.org", "@type": "Recipe", "name": "Lemon Tart",
       "image": "https://cdn.example.org/img/tart.jpg",
       "url": "https://cdn.example.org/lemon-tart", "recipeYield": "8 slices",
       "prepTime": "PT30M", "author": {"@type": "Person", "name": "Ada"},
       "recipeCategory": "Dessert",
       "recipeIngredient": ["3 lemons", "100 g caster sugar"],
       "recipeInstructions": [{"@type": "HowToStep", "text": "Blind-bake the case."},
                              {"@type": "HowToStep", "text": "Fill and bake."}],
       "nutrition": {"@type": "NutritionInformation", "calories": "320 kcal"},
       "aggregateRating": {"@type": "AggregateRating", "ratingValue": 4.5, "ratingCount": 12}}
      </script>
      """
    XCTAssertEqual(try extract(jsonLD).recipe, try extract(microdataPage).recipe)
  }

  func testReadsRDFa() throws {
    let page = """
      <div vocab="https://schema.org/" typeof="Recipe">
        <h2 property="name">Gazpacho</h2>
        <img property="image" src="/g.jpg">
        <meta property="totalTime" content="PT20M">
        <ul><li property="recipeIngredient">1 kg tomatoes</li>
            <li property="recipeIngredient">1 cucumber</li></ul>
        <div property="recipeInstructions"><p>Blend.</p><p>Chill.</p></div>
        <div property="aggregateRating" typeof="AggregateRating">
          <span property="ratingValue">5</span></div>
      </div>
      """
    let extraction = try extract(page)
    XCTAssertEqual(extraction.method, .rdfa)
    let recipe = extraction.recipe
    XCTAssertEqual(recipe.name, "Gazpacho")
    XCTAssertEqual(recipe.images, ["https://example.com/g.jpg"])
    XCTAssertEqual(recipe.totalTime?.minutes, 20)
    XCTAssertEqual(recipe.ingredientLines.map(\.text), ["1 kg tomatoes", "1 cucumber"])
    XCTAssertEqual(recipe.steps.map(\.text), ["Blend.", "Chill."])
    XCTAssertEqual(recipe.sourceRating?.value, 5)
  }

  func testReadsTheOlderDataVocabularyMicrodata() throws {
    let page = """
      <div itemscope itemtype="http://data-vocabulary.org/Recipe">
        <h1 itemprop="name">Apple Pie</h1><img itemprop="photo" src="/pie.jpg">
        <span itemprop="yield">Serves 6</span>
        <span itemprop="ingredient" itemscope itemtype="http://data-vocabulary.org/RecipeIngredient">
          <span itemprop="amount">6</span> <span itemprop="name">apples</span></span>
        <span itemprop="ingredient" itemscope itemtype="http://data-vocabulary.org/RecipeIngredient">
          <span itemprop="amount">1</span> <span itemprop="name">pastry case</span></span>
        <div itemprop="instructions"><ol><li>Slice.</li><li>Bake.</li></ol></div>
      </div>
      """
    let recipe = try extract(page).recipe
    XCTAssertEqual(recipe.name, "Apple Pie")
    XCTAssertEqual(recipe.images, ["https://example.com/pie.jpg"])
    XCTAssertEqual(recipe.yield?.servings, 6)
    XCTAssertEqual(recipe.ingredientLines.map(\.text), ["6 apples", "1 pastry case"])
    XCTAssertEqual(recipe.steps.map(\.text), ["Slice.", "Bake."])
  }

  func testTheTitleLosesTheSiteName() throws {
    XCTAssertEqual(
      PageFacts.withoutSiteName("Lemon Tart | The Kitchen", siteName: "The Kitchen"),
      "Lemon Tart")
    XCTAssertEqual(
      PageFacts.withoutSiteName("The Kitchen - Lemon Tart", siteName: "The Kitchen"),
      "Lemon Tart")
    XCTAssertEqual(PageFacts.withoutSiteName("Lemon Tart", siteName: "Lemon Tart"), "Lemon Tart")
  }

  func testFillsWhatJSONLDLacksFromMicrodataAndSaysSo() throws {
    let page = """
      <script type="application/ld+json">
      {"@type": "Recipe", "name": "Lemon Tart", "recipeInstructions": "Bake it."}
      </script>
      """ + microdataPage
    let extraction = try extract(page)
    XCTAssertEqual(extraction.method, .jsonLD)
    XCTAssertEqual(extraction.supplementedBy, [.microdata])
    XCTAssertEqual(extraction.recipe.steps.map(\.text), ["Bake it."])
    XCTAssertEqual(
      extraction.recipe.ingredientLines.map(\.text), ["3 lemons", "100 g caster sugar"])
    XCTAssertTrue(
      extraction.warnings.contains {
        $0.hasPrefix("ingredients") && $0.contains("taken from microdata")
      }, "\(extraction.warnings)")
  }

  // MARK: - Pages without structured data

  func testReadsAPageByItsHeadingsInGerman() throws {
    let page = """
      <html><head><title>Omas Kartoffelsalat | Kochseite</title>
      <meta property="og:title" content="Omas Kartoffelsalat">
      <meta property="og:image" content="/bilder/salat.jpg"></head>
      <body><nav><a href="/">Zutaten</a></nav>
      <h1>Omas Kartoffelsalat</h1><p>Für 4 Personen</p>
      <ul class="times"><li>Arbeitszeit: 20 Min.</li><li><b>Kochzeit</b> 1 Std. 5 Min.</li></ul>
      <h2>Zutaten für 4 Personen:</h2>
      <ul><li>1 kg Kartoffeln</li><li>1 Zwiebel</li></ul>
      <p><strong>Für das Dressing</strong></p>
      <ul><li>100 ml Brühe</li><li>3 EL Essig</li></ul>
      <h2>Zubereitung</h2>
      <ol><li>Kartoffeln kochen.</li><li>Schritt 2: Alles mischen.</li></ol>
      <h2>Kommentare</h2><ul><li>Lecker!</li></ul>
      </body></html>
      """
    let extraction = try extract(page, url: "https://kochseite.example/salat")
    XCTAssertEqual(extraction.method, .heuristic)
    let recipe = extraction.recipe
    XCTAssertEqual(recipe.name, "Omas Kartoffelsalat")
    XCTAssertEqual(recipe.images, ["https://kochseite.example/bilder/salat.jpg"])
    XCTAssertEqual(recipe.ingredientSections.map(\.title), [nil, "Für das Dressing"])
    XCTAssertEqual(
      recipe.ingredientLines.map(\.text),
      ["1 kg Kartoffeln", "1 Zwiebel", "100 ml Brühe", "3 EL Essig"])
    XCTAssertEqual(recipe.steps.map(\.text), ["Kartoffeln kochen.", "Alles mischen."])
    XCTAssertEqual(recipe.yield?.servings, 4)
    XCTAssertEqual(recipe.prepTime?.minutes, 20)
    XCTAssertEqual(recipe.sourceURL, "https://kochseite.example/salat")
  }

  func testReadsParagraphStepsUnderAFrenchHeadingAndListsFoundByClass() throws {
    let page = """
      <h1>Crêpes</h1>
      <div class="recipe-ingredients"><ul><li>250 g de farine</li><li>4 œufs</li></ul></div>
      <h3>Préparation</h3>
      <p>Mélanger la farine et les œufs.</p>
      <p>Cuire à la poêle.</p>
      <h3>Partager</h3>
      """
    let recipe = try extract(page).recipe
    XCTAssertEqual(recipe.name, "Crêpes")
    XCTAssertEqual(recipe.ingredientLines.map(\.text), ["250 g de farine", "4 œufs"])
    XCTAssertEqual(
      recipe.steps.map(\.text), ["Mélanger la farine et les œufs.", "Cuire à la poêle."])
  }

  func testReadsLinesBesideAnInlineHeadingAndSkipsMenus() throws {
    let page = """
      <h1>Rice</h1>
      <div class="sidebar"><h3>Cooking methods</h3>
        <ul><li><a href="/a">Boiling</a></li><li><a href="/b">Frying</a></li>
        <li><a href="/c">Roasting</a></li></ul></div>
      <p><b>Ingredients:</b><br>1 cup rice<br>2 cups water</p>
      <p><b>Method</b></p>
      <p>Rinse the rice.</p><p>Simmer for 15 minutes.</p>
      <h2>Recipes you might like</h2>
      <ul><li><a href="/x">Risotto</a></li><li><a href="/y">Paella</a></li></ul>
      """
    let recipe = try extract(page).recipe
    XCTAssertEqual(recipe.ingredientLines.map(\.text), ["1 cup rice", "2 cups water"])
    XCTAssertEqual(recipe.steps.map(\.text), ["Rinse the rice.", "Simmer for 15 minutes."])
  }

  func testAPageWithoutARecipeSaysSo() {
    let page = "<html><head><title>About us</title></head><body><h1>About us</h1></body></html>"
    XCTAssertThrowsError(
      try extractor.extract(html: Data(page.utf8), url: nil, source: "about.html")
    ) {
      XCTAssertEqual($0 as? LarderImportError, .noRecipe(source: "about.html"))
    }
    // An ingredient list without steps is a product label, not a recipe.
    let label = "<h1>Hand cream</h1><h2>Ingredients</h2><ul><li>Water</li><li>Glycerin</li></ul>"
    XCTAssertThrowsError(try extractor.extract(html: Data(label.utf8), source: "cream.html")) {
      XCTAssertEqual($0 as? LarderImportError, .noRecipe(source: "cream.html"))
    }
    XCTAssertThrowsError(try extractor.extract(html: Data(), source: "empty.html")) {
      XCTAssertEqual($0 as? LarderImportError, .noRecipe(source: "empty.html"))
    }
  }

  // MARK: - Bytes and character sets

  func testSurvivesInvalidUTF8AndKeepsTheRest() throws {
    var bytes = Data(#"<script type="application/ld+json">{"@type":"Recipe","name":"Caf"#.utf8)
    bytes += Data([0xE9, 0xFF])  // Latin-1 é and a byte no encoding uses
    bytes += Data(#" au lait","recipeIngredient":["1 cup milk"]}</script><p>ok</p>"#.utf8)
    let recipe = try extractor.extract(html: bytes).recipe
    XCTAssertEqual(recipe.name, "Caf\u{FFFD}\u{FFFD} au lait")
    XCTAssertEqual(recipe.ingredientLines.map(\.text), ["1 cup milk"])
  }

  func testHonoursMetaCharsetAndTheCallersCharset() throws {
    let html = """
      <html><head><meta charset="iso-8859-1"></head><body>
      <div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Crème brûlée</h1>
      <span itemprop="recipeIngredient">500 ml crème</span></div></body></html>
      """
    let latin1 = try XCTUnwrap(html.data(using: .isoLatin1))
    XCTAssertEqual(try extractor.extract(html: latin1).recipe.name, "Crème brûlée")
    // The HTTP header's charset wins over the page's own declaration.
    let utf8 = Data(html.utf8)
    XCTAssertEqual(
      try extractor.extract(html: utf8, charset: "utf-8").recipe.name, "Crème brûlée")
    // windows-1252's curly quotes decode, and a byte it leaves undefined does not cut the page.
    var windows = Data("<meta charset=windows-1252><h1>".utf8)
    windows += Data([0x93, 0x4F, 0x6B, 0x94, 0x81])
    windows += Data(
      "</h1><h2>Ingredients</h2><ul><li>1 egg</li></ul><h2>Method</h2><p>Fry.</p>".utf8)
    let fried = try extractor.extract(html: windows).recipe
    XCTAssertEqual(fried.name, "“Ok”\u{81}")
    XCTAssertEqual(fried.steps.map(\.text), ["Fry."])
    XCTAssertEqual(
      Charset.sniff(
        Data("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=Shift_JIS\">".utf8)),
      "SHIFT_JIS")
  }

  func testDeeplyNestedAndHugePagesFinish() throws {
    let depth = 50_000
    let nested =
      String(repeating: "<div>", count: depth) + "<h1>Deep</h1>"
      + String(repeating: "</div>", count: depth)
    XCTAssertThrowsError(try extractor.extract(html: Data(nested.utf8), source: "deep.html"))
    let tooBig = Data(count: MarkupDocument.maximumBytes + 1)
    XCTAssertThrowsError(try extractor.extract(html: tooBig, source: "big.html")) {
      XCTAssertEqual(
        $0 as? LarderImportError, .unreadable(source: "big.html", reason: "larger than 32 MiB"))
    }
  }

  func testTextKeepsLinesAtBlocksAndLeavesScriptsOut() throws {
    let document = try MarkupDocument.html(
      Data("<div>one<br>two<p>three</p><script>var x;</script>four</div>".utf8), source: "t")
    let division = try XCTUnwrap(document.elements(named: "div").first)
    XCTAssertEqual(division.text, "one two three four")
    XCTAssertEqual(division.textWithLineBreaks, "one\ntwo\nthree\nfour")
  }
}
