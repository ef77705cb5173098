import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderServer

/// The recipe page's nutrition: Larder's figures per serving, what they cover in plain words,
/// and the page's own figures apart as "the page says".
@Suite struct RecipeNutritionPageTests {
  @Test func theRecipePageShowsPerServingFiguresAndWhatWasNotCounted() throws {
    let (client, stored) = try TestClient.make(recipes: [Fixtures.pancakes()])
    let page = client.send("GET", "/recipes/\(stored[0].id)").text
    #expect(page.contains(#"<section class="nutrition" id="nutrition""#))
    #expect(page.contains("for 4 servings"))
    #expect(page.contains(#"<th scope="col">Per serving</th>"#))
    #expect(page.contains(#"<th scope="row">Energy</th>"#))
    #expect(page.contains("of which saturates"))
    #expect(page.contains("3 of 4 lines counted"))
    #expect(page.contains("<li>Maple syrup: no amount</li>"))
    // No page figures were given, so there is nothing the page says.
    #expect(!page.contains("The page says"))
  }

  @Test func thePagesOwnNutritionIsShownApartNeverMixedIn() throws {
    var recipe = Fixtures.tomatoSoup()
    recipe.yield = RecipeYield(servings: 4)
    var own = Nutrition()
    own.calories = "<b>999</b> kcal"
    own.proteinContent = "12 g"
    recipe.nutrition = own
    let (client, stored) = try TestClient.make(recipes: [recipe])
    let page = client.send("GET", "/recipes/\(stored[0].id)").text
    let says = try #require(page.range(of: "The page says"))
    let computed = try #require(page.range(of: #"<table class="nutrition-table">"#))
    #expect(computed.lowerBound < says.lowerBound)
    #expect(page.contains("<dt>Calories</dt><dd>&lt;b&gt;999&lt;/b&gt; kcal</dd>"))
    #expect(page.contains("<dt>Protein</dt><dd>12 g</dd>"))
    #expect(!page.contains("999 kcal ("))  // never in Larder's own table
  }
}
