import Foundation
import LarderCore
import LarderStore
import LarderTestSupport
import Testing

@testable import LarderServer

/// The server-rendered library (at /library) and recipe pages.
@Suite struct PagesTests {
  @Test func libraryListsRecipesWithASearchBox() throws {
    let (client, stored) = try TestClient.make(recipes: [
      Fixtures.pancakes(), Fixtures.tomatoSoup(),
    ])
    let response = client.send("GET", "/library")
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"]?.hasPrefix("text/html") == true)
    #expect(response.text.contains(#"<input id="q" name="q" type="search""#))
    #expect(response.text.contains("2 recipes"))
    #expect(response.text.contains(#"href="/recipes/\#(stored[0].id)""#))
    #expect(response.text.contains("Tomato Soup"))
  }

  @Test func librarySearchShowsOnlyMatchesAndKeepsTheQuery() throws {
    let (client, _) = try TestClient.make(recipes: [Fixtures.pancakes(), Fixtures.tomatoSoup()])
    let response = client.send("GET", "/library", query: ["q": "garlic"])
    #expect(response.text.contains("Tomato Soup"))
    #expect(!response.text.contains("Buttermilk Pancakes"))
    #expect(response.text.contains(#"value="garlic""#))
    let none = client.send("GET", "/library", query: ["q": "anchovy"])
    #expect(none.text.contains("Nothing matches"))
  }

  @Test func libraryPaginatesWithLinks() throws {
    let recipes = (0..<30).map { index -> Recipe in
      var recipe = Fixtures.tomatoSoup()
      recipe.name = String(format: "Soup %02d", index)
      return recipe
    }
    let (client, _) = try TestClient.make(recipes: recipes)
    let first = client.send("GET", "/library")
    #expect(first.text.contains("Page 1 of 2"))
    #expect(first.text.contains(#"href="/library?offset=24""#))
    let second = client.send("GET", "/library", query: ["offset": "24"])
    #expect(second.text.contains("Soup 29"))
    #expect(!second.text.contains("Soup 00"))
  }

  /// A search matching more than the store counts says so on the page and in the API.
  @Test func aSearchMatchingMoreThanAreCountedSaysAtLeast() throws {
    let recipes = (0...RecipeQuery.exactSearchLimit).map { index -> Recipe in
      var recipe = Fixtures.tomatoSoup()
      recipe.name = "Soup \(index)"
      return recipe
    }
    let store = try SQLiteRecipeStore.open(path: ":memory:")
    let (client, _) = try TestClient.make(store: store, recipes: recipes)
    let page = client.send("GET", "/library", query: ["q": "soup"])
    #expect(page.text.contains("1,000+ recipes"))
    #expect(page.text.contains("<span>Page 1</span>"))
    #expect(page.text.contains(#"rel="next""#))
    let few = client.send("GET", "/library", query: ["q": "soup 1000"])
    #expect(few.text.contains("1 recipe<"))
    let api = client.send("GET", "/api/v1/search", query: ["q": "soup", "limit": "2"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: api.body) as? [String: Any])
    #expect(object["totalIsExact"] as? Bool == false)
    #expect(object["total"] as? Int == RecipeQuery.exactSearchLimit)
    #expect((object["items"] as? [Any])?.count == 2)
  }

  /// A misspelt search says what was searched instead, on the page and in both search APIs.
  @Test func aCorrectedSearchSaysShowingResultsFor() throws {
    let store = try SQLiteRecipeStore.open(path: ":memory:")
    let (client, _) = try TestClient.make(
      store: store, recipes: [Fixtures.pancakes(), Fixtures.tomatoSoup()])
    let page = client.send("GET", "/library", query: ["q": "garlik"])
    #expect(page.text.contains("Tomato Soup"))
    #expect(
      page.text.contains(
        #"<p class="corrected" id="library-corrected">Showing results for <strong>garlic</strong> — you typed garlik</p>"#
      ), "\(page.text)")
    for path in ["/api/v1/search", "/api/v1/library"] {
      let api = client.send("GET", path, query: ["q": "garlik"])
      let object = try #require(try JSONSerialization.jsonObject(with: api.body) as? [String: Any])
      #expect(object["correctedQuery"] as? String == "garlic", "\(path)")
      let right = client.send("GET", path, query: ["q": "garlic"])
      let rightObject = try #require(
        try JSONSerialization.jsonObject(with: right.body) as? [String: Any])
      #expect(rightObject["correctedQuery"] == nil, "\(path)")
    }
    let spelt = client.send("GET", "/library", query: ["q": "garlic"])
    #expect(!spelt.text.contains("Showing results for"))
    #expect(spelt.text.contains(#"id="library-corrected" hidden"#))
  }

  @Test func recipePageShowsSectionsStepsAndFacts() throws {
    let (client, stored) = try TestClient.make(recipes: [Fixtures.pancakes()])
    let response = client.send("GET", "/recipes/\(stored[0].id)")
    #expect(response.status == 200)
    let html = response.text
    #expect(html.contains("<h1>Buttermilk Pancakes</h1>"))
    #expect(html.contains("<h3>To serve</h3>"))
    #expect(html.contains(#"<span class="line-text">1 1/2 cups buttermilk</span>"#))
    #expect(html.contains("<li>Whisk the flour, eggs and buttermilk into a smooth batter.</li>"))
    #expect(html.contains("<dt>Total</dt><dd>30 min</dd>"))
    #expect(html.contains("8 pancakes"))
    // The remote photo is shown through Larder's copy, never from its own host.
    #expect(
      html.contains(
        #"<img class="hero" src="/recipes/\#(stored[0].id)/image" alt="Buttermilk Pancakes">"#))
    #expect(!html.contains("example.com/pancakes.jpg"))
  }

  @Test func recipePageCarriesTheRecipesLanguageGivenOrToldFromItsWords() throws {
    var given = Fixtures.tomatoSoup()
    given.name = "Tomato Soup, set to French"
    given.language = .french
    var german = Fixtures.tomatoSoup()
    german.name = "Kartoffelsuppe"
    german.language = nil
    german.ingredientSections = [
      IngredientSection(lines: [
        IngredientLine(text: "500 g Kartoffeln"), IngredientLine(text: "1 Zwiebel"),
        IngredientLine(text: "1 Prise Salz und Pfeffer nach Belieben"),
      ])
    ]
    german.instructionSections = [
      InstructionSection(steps: [
        InstructionStep(text: "Die Kartoffeln und die Zwiebel schälen und mit dem Salz kochen.")
      ])
    ]
    let (client, stored) = try TestClient.make(recipes: [
      Fixtures.pancakes(), given, german,
    ])
    // The article's opening tag, up to its closing ">".
    let article = { (index: Int) throws -> String in
      let html = client.send("GET", "/recipes/\(stored[index].id)").text
      let start = try #require(html.range(of: "<article class=\"recipe\"")).lowerBound
      return String(html[start...].prefix { $0 != ">" })
    }
    #expect(try article(0).hasSuffix(#"lang="en""#))
    #expect(try article(1).hasSuffix(#"lang="fr""#))
    #expect(try article(2).hasSuffix(#"lang="de""#))
    // Larder's own headings stay English inside a recipe in another language.
    let page = client.send("GET", "/recipes/\(stored[2].id)").text
    #expect(page.contains(#"<h2 id="method-h" lang="en">Method</h2>"#))
    let english = client.send("GET", "/recipes/\(stored[0].id)").text
    #expect(english.contains(#"<h2 id="method-h">Method</h2>"#))
  }

  @Test func textFromRecipesIsEscaped() throws {
    var hostile = Fixtures.tomatoSoup()
    hostile.name = "<script>alert(1)</script> Soup"
    hostile.ingredientSections = [
      IngredientSection(lines: [IngredientLine(text: "1 \"quoted\" <b>onion</b>")])
    ]
    hostile.sourceURL = "javascript:alert(1)"
    let (client, stored) = try TestClient.make(recipes: [hostile])
    for path in ["/library", "/recipes/\(stored[0].id)", "/recipes/\(stored[0].id)/edit"] {
      let html = client.send("GET", path).text
      #expect(!html.contains("<script>"), "\(path)")
      #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; Soup"), "\(path)")
    }
    let page = client.send("GET", "/recipes/\(stored[0].id)").text
    #expect(page.contains("1 &quot;quoted&quot; &lt;b&gt;onion&lt;/b&gt;"))
    #expect(!page.contains("href=\"javascript:"))
  }

  @Test func unknownRecipePageIsAFriendly404() throws {
    let (client, _) = try TestClient.make()
    let response = client.send("GET", "/recipes/nope")
    #expect(response.status == 404)
    #expect(response.headers["Content-Type"]?.hasPrefix("text/html") == true)
    #expect(response.text.contains("Not found"))
    #expect(client.send("GET", "/no/such/page").status == 404)
  }

  @Test func badPageParameterIsA422PageAsInTheAPI() throws {
    let (client, _) = try TestClient.make()
    let response = client.send("GET", "/library", query: ["limit": "lots"])
    #expect(response.status == 422)
    #expect(response.text.contains("query parameter &#39;limit&#39;"))
  }

  @Test func stylesheetAndIconAreServed() throws {
    let (client, _) = try TestClient.make()
    let css = client.send("GET", "/static/larder.css")
    #expect(css.status == 200)
    #expect(css.headers["Content-Type"] == "text/css; charset=utf-8")
    #expect(css.text.contains(".cards"))
    #expect(client.send("GET", "/static/icon.svg").text.hasPrefix("<svg"))
  }
}
