import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderServer

/// Each component is defined once: the page renders it filled in, and the template the scripts
/// clone is the same function's output, so the two cannot drift.
@Suite struct ComponentsTests {
  /// The elements of some markup, as tag and class, in order; text and other attributes aside.
  static func skeleton(_ markup: String) -> [String] {
    let tag = try! Regex(#"<([a-z0-9]+)([^>]*)>"#)
    let classes = try! Regex(#"class="([^"]*)""#)
    return markup.matches(of: tag).map { match in
      let name = String(match.output[1].substring ?? "")
      let attributes = String(match.output[2].substring ?? "")
      let className = attributes.firstMatch(of: classes).map {
        String($0.output[1].substring ?? "")
      }
      // A placeholder's hue class depends on the name.
      return name + "." + (className ?? "").replacing(#/ hue-\d+/#, with: "")
    }
  }

  static func card(_ markup: String) throws -> String {
    let start = try #require(markup.range(of: #"<li class="card">"#))
    let end = try #require(markup.range(of: "</li>", range: start.upperBound..<markup.endIndex))
    return String(markup[start.lowerBound..<end.upperBound])
  }

  @Test func theLibraryCardIsTheTemplateTheScriptsClone() throws {
    var recipe = Fixtures.pancakes()
    recipe.isFavorite = true
    recipe.diets = [.vegetarian]
    recipe.images = ["https://example.com/p.jpg"]
    let (client, _) = try TestClient.make(recipes: [recipe])
    let page = client.send("GET", "/library").text
    let rendered = try Self.card(page)
    let template = try Self.card(Components.recipeCardTemplate.markup)
    // The template holds every optional part; a card with a photo keeps its placeholder under
    // it, for when the photo cannot be loaded.
    #expect(Self.skeleton(template) == Self.skeleton(rendered))
    #expect(Self.skeleton(rendered).starts(with: ["li.card", "a.", "div.placeholder", "img."]))
    // The remote photo is loaded through Larder, never from its own host.
    let id = try #require(
      try client.app.store.recipes(matching: RecipeQuery(), household: .default).items.first?.id)
    #expect(rendered.contains(#"src="/recipes/\#(id)/image""#))
    #expect(!page.contains("example.com/p.jpg"))
    #expect(rendered.contains(#"<h3 data-card="heading">"#))
    #expect(rendered.contains("Buttermilk Pancakes</h3>"))
    #expect(template.contains(#"<h3 data-card="heading">"#))
    #expect(page.contains(Components.recipeCardTemplate.markup))
  }

  @Test(arguments: ["/", "/library", "/pantry"])
  func pagesWithCardsShipTheCardTemplate(path: String) throws {
    let planning = try PlanningClient()
    #expect(planning.send("GET", path).text.contains(#"<template id="recipe-card-template""#))
  }

  @Test func aCardShowsTimeYieldCuisineCourseAndBadgeDiets() throws {
    var summary = RecipeSummary(Fixtures.pancakes())
    summary.cuisines = ["American", "Diner"]
    summary.courses = ["Breakfast"]
    summary.diets = [.vegetarian, .dairyFree]
    let card = RecipeCardModel(summary)
    #expect(card.meta.last == "Breakfast")
    #expect(card.meta.contains("American") && !card.meta.contains("Diner"))
    #expect(card.diets == ["vegetarian"])
  }

  @Test func theShoppingLineIsTheTemplateListJSClones() throws {
    let planning = try PlanningClient()
    #expect(
      planning.send("POST", "/api/v1/shopping-list/items", json: #"{"line": "2 lemons"}"#)
        .status == 201)
    let page = planning.send("GET", "/list").text
    let start = try #require(page.range(of: #"<li class="list-line""#))
    let end = try #require(page.range(of: "</li>", range: start.upperBound..<page.endIndex))
    let rendered = String(page[start.lowerBound..<end.upperBound])
    let template = Components.amountLineTemplate.markup
    #expect(
      Self.skeleton(template).filter {
        !["template.", "span.tag", "li.list-line staple"].contains($0)
      }
        == Self.skeleton(rendered).filter { $0 != "li.list-line" })
    #expect(rendered.contains(#"<span class="line-text" data-line="text">2 lemons</span>"#))
    #expect(page.contains(template))
  }

  @Test func theAisleIsTheTemplateListJSClonesAndItsNotesAreTheAPIs() throws {
    let planning = try PlanningClient()
    #expect(
      planning.send("POST", "/api/v1/shopping-list/items", json: #"{"line": "2 lemons"}"#)
        .status == 201)
    let page = planning.send("GET", "/list").text
    let start = try #require(page.range(of: #"<section class="aisle-group""#))
    let end = try #require(page.range(of: "</section>", range: start.upperBound..<page.endIndex))
    let rendered = String(page[start.lowerBound..<end.upperBound])
    let template = Components.aisleGroupTemplate.markup
    // The template's section has no lines; the page's has one.
    let lines = Set(Self.skeleton(Components.amountLineTemplate.markup))
    #expect(
      Self.skeleton(template).filter { $0 != "template." }
        == Self.skeleton(rendered).filter { !lines.contains($0) && $0 != "li.list-line" })
    #expect(rendered.contains(#"data-aisle="produce""#))
    #expect(page.contains(template))
    let list = planning.send("GET", "/api/v1/shopping-list")
    #expect(list.text.contains(#""notes":["added by hand"]"#))
    #expect(rendered.contains("added by hand"))
  }

  @Test func thePantryItemIsTheTemplatePantryJSClones() throws {
    let planning = try PlanningClient()
    #expect(
      planning.send(
        "POST", "/api/v1/pantry",
        json: #"{"name": "beans", "quantity": 2, "unit": "lb", "expiresOn": "2026-09-24"}"#
      ).status == 201)
    let page = planning.send("GET", "/pantry").text
    let start = try #require(page.range(of: #"<li class="pantry-item""#))
    let end = try #require(page.range(of: "</li>", range: start.upperBound..<page.endIndex))
    let rendered = String(page[start.lowerBound..<end.upperBound])
    let template = Components.pantryItemTemplate.markup
    #expect(
      Self.skeleton(template).filter { !["template.", "span.badge ok"].contains($0) }
        == Self.skeleton(rendered).filter { $0 != "span.badge soon" })
    #expect(rendered.contains("added 21 Sep · use by 24 Sep"))
    #expect(page.contains(template))
  }

  @Test func everyAutocompleteIsTheOneCombobox() throws {
    let planning = try PlanningClient()
    for (path, id) in [("/", "food-input"), ("/plan", "plan-recipe"), ("/list", "gen-recipe")] {
      let html = planning.send("GET", path).text
      #expect(html.contains(#"<input id="\#(id)" type="text" role="combobox""#), "\(path)")
      #expect(html.contains(#"role="listbox""#), "\(path)")
    }
    let cook = try #require(
      String(data: WebAssets.bundled.files["cook.js"]?.body ?? Data(), encoding: .utf8))
    let planningScript = try #require(
      String(data: WebAssets.bundled.files["planning.js"]?.body ?? Data(), encoding: .utf8))
    for script in [cook, planningScript] {
      #expect(script.contains("from './combobox.js'"))
      #expect(!script.contains("ArrowDown"))
    }
    #expect(client(planning, serves: "/static/combobox.js"))
    #expect(planning.send("GET", "/sw.js").text.contains("'/static/combobox.js'"))
  }

  private func client(_ planning: PlanningClient, serves path: String) -> Bool {
    let response = planning.send("GET", path)
    return response.status == 200
      && response.headers["Content-Type"] == "text/javascript; charset=utf-8"
  }
}
