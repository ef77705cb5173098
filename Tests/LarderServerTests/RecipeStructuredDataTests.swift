import Foundation
import LarderCore
import LarderImport
import LarderTestSupport
import Testing

@testable import LarderServer

/// The schema.org JSON-LD in a recipe's page: the recipe as clippers read it, nothing private,
/// and no text that can end its element.
@Suite struct RecipeStructuredDataTests {
  /// The one JSON-LD element's object, failing when there is not exactly one.
  static func jsonLD(in html: String) throws -> [String: Any] {
    let open = #"<script type="application/ld+json">"#
    let parts = html.components(separatedBy: open)
    try #require(parts.count == 2, "expected one JSON-LD element")
    let text = try #require(parts[1].components(separatedBy: "</script>").first)
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
  }

  static func pancakesWithPrivateMarks() -> Recipe {
    var recipe = Fixtures.pancakes()
    recipe.nutrition = Nutrition()
    recipe.nutrition?.calories = "320 kcal"
    recipe.nutrition?.proteinContent = "9 g"
    recipe.rating = 5
    recipe.isFavorite = true
    recipe.notes = "Secret: half the sugar"
    recipe.sourceID = "urn:test:pancakes"
    return recipe
  }

  @Test func aRecipePageCarriesTheRecipeAsSchemaOrgJSONLD() throws {
    let (client, stored) = try TestClient.make(recipes: [Self.pancakesWithPrivateMarks()])
    let id = stored[0].id.rawValue
    let html = client.send("GET", "/recipes/\(id)").text
    let object = try Self.jsonLD(in: html)
    #expect(object["@context"] as? String == "https://schema.org")
    #expect(object["@type"] as? String == "Recipe")
    #expect(object["name"] as? String == "Buttermilk Pancakes")
    #expect(object["description"] as? String == "Fluffy pancakes for a slow Sunday.")
    #expect((object["author"] as? [String: Any])?["name"] as? String == "Larder Kitchen")
    // The image the page shows (Larder's copy), as an address readers can fetch.
    #expect(object["image"] as? [String] == ["http://127.0.0.1:8080/recipes/\(id)/image"])
    #expect(object["url"] as? String == "https://example.com/pancakes")
    #expect(object["recipeYield"] as? [String] == ["4", "8 pancakes"])
    #expect(object["prepTime"] as? String == "PT10M")
    #expect(object["cookTime"] as? String == "PT20M")
    #expect(object["totalTime"] as? String == "PT30M")
    #expect(
      object["recipeIngredient"] as? [String] == [
        "2 cups plain flour", "2 eggs", "1 1/2 cups buttermilk", "To serve:", "Maple syrup",
      ])
    let steps = try #require(object["recipeInstructions"] as? [[String: Any]])
    #expect(steps.map { $0["@type"] as? String } == ["HowToStep", "HowToStep"])
    #expect(steps.first?["text"] as? String == stored[0].steps[0].text)
    #expect(object["keywords"] as? String == "brunch, sweet")
    #expect(object["recipeCategory"] as? [String] == ["Breakfast"])
    #expect(object["recipeCuisine"] as? [String] == ["American"])
    let nutrition = try #require(object["nutrition"] as? [String: Any])
    #expect(nutrition["calories"] as? String == "320 kcal")
    #expect(object["datePublished"] as? String == "2026-09-21T14:13:20Z")
    #expect(object["dateModified"] as? String == "2026-09-21T14:13:20Z")
    // The user's marks and Larder's ids stay out.
    for key in ["larder", "@id", "aggregateRating", "dateCreated"] {
      #expect(object[key] == nil, "\(key)")
    }
    let block = try #require(html.components(separatedBy: "application/ld+json").last)
    #expect(!block.prefix(4000).contains("Secret"))
  }

  @Test func lardersOwnExtractorReadsThePageBackAsTheRecipe() throws {
    let (client, stored) = try TestClient.make(recipes: [Self.pancakesWithPrivateMarks()])
    let recipe = stored[0]
    let url = "http://127.0.0.1:8080/recipes/\(recipe.id.rawValue)"
    let page = client.send("GET", "/recipes/\(recipe.id.rawValue)")
    let extraction = try RecipePageExtractor().extract(html: page.body, url: url)
    #expect(extraction.method == .jsonLD)
    let read = extraction.recipe
    #expect(read.name == recipe.name)
    #expect(read.description == recipe.description)
    #expect(read.author == recipe.author)
    #expect(read.sourceURL == recipe.sourceURL)
    #expect(read.images == [url + "/image"])
    #expect(read.yield == recipe.yield)
    #expect(read.prepTime == recipe.prepTime)
    #expect(read.cookTime == recipe.cookTime)
    #expect(read.totalTime == recipe.effectiveTotalTime)
    #expect(read.ingredientSections.map(\.title) == recipe.ingredientSections.map(\.title))
    #expect(read.ingredientLines.map(\.text) == recipe.ingredientLines.map(\.text))
    #expect(read.instructionSections == recipe.instructionSections)
    #expect(read.keywords == recipe.keywords)
    #expect(read.courses == recipe.courses)
    #expect(read.cuisines == recipe.cuisines)
    #expect(read.diets == recipe.diets)
    #expect(read.nutrition == recipe.nutrition)
    #expect(read.rating == nil && read.notes == nil && !read.isFavorite)
  }

  @Test func aTitleThatEndsTheScriptElementStaysInsideIt() throws {
    var hostile = Fixtures.tomatoSoup()
    hostile.name = "</script><script>alert(1)</script> <!-- Soup & \u{2028}more"
    hostile.description = "</SCRIPT >a & b <!--"
    let (client, stored) = try TestClient.make(recipes: [hostile])
    let html = client.send("GET", "/recipes/\(stored[0].id.rawValue)").text
    #expect(!html.contains("<script>alert"))
    #expect(!html.lowercased().contains("</script >"))
    // Nothing in the element is markup: no "<" to start a tag or comment, no "&" to start an
    // entity.
    let element = try #require(
      html.components(separatedBy: #"<script type="application/ld+json">"#).last?
        .components(separatedBy: "</script>").first)
    #expect(!element.contains { "<>&".contains($0) }, "\(element)")
    let object = try Self.jsonLD(in: html)
    #expect(object["name"] as? String == hostile.name)
    #expect(object["description"] as? String == hostile.description)
  }

  @Test(arguments: [
    ("</script>", #""\u003c/script\u003e""#),
    ("a & b", #""a \u0026 b""#),
    ("<!--", #""\u003c!--""#),
    ("line\u{2028}break\u{2029}", #""line\u2028break\u2029""#),
    ("plain/text é", #""plain/text é""#),
  ])
  func scriptSafeJSONEscapesWhatHTMLWouldRead(_ text: String, _ expected: String) throws {
    #expect(HTML.scriptSafeJSON([text]) == "[\(expected)]")
    let back = try JSONSerialization.jsonObject(
      with: Data(HTML.scriptSafeJSON([text]).utf8))
    #expect(back as? [String] == [text])
  }
}
