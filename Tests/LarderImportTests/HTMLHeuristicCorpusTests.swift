import Foundation
import LarderCore
import LarderImport
import LarderTestSupport
import XCTest

/// The heading-and-list reader on pages it has never seen: Wikibooks Cookbook recipes
/// (`../shared/data/recipes-wikibooks`, CC BY-SA) rendered here into pages without structured
/// data, in several layouts and with the navigation, sidebars and footers real pages carry.
/// Scores how often the title, every ingredient line and every step come back exactly.
final class HTMLHeuristicCorpusTests: XCTestCase {
  struct WikibooksRecipe: Decodable {
    let title: String
    let lang: String
    let ingredients: [String]
    let steps: [String]
  }

  static func recipes(limit: Int) throws -> [WikibooksRecipe] {
    let file = SharedData.url("recipes-wikibooks/recipes.jsonl")
    guard let text = try? String(contentsOf: file, encoding: .utf8) else {
      throw XCTSkip("skipped: \(file.path) is not here (it lives beside the repository)")
    }
    let decoder = JSONDecoder()
    var recipes: [WikibooksRecipe] = []
    // Every seventh recipe, so the sample spreads over the whole alphabet.
    for (index, line) in text.split(separator: "\n").enumerated() where index % 7 == 0 {
      guard let recipe = try? decoder.decode(WikibooksRecipe.self, from: Data(line.utf8)),
        recipe.lang == "en-us", recipe.ingredients.count >= 2, recipe.steps.count >= 2,
        !recipe.ingredients.contains(where: { $0.contains("<") || $0.contains("&") }),
        !recipe.steps.contains(where: { $0.contains("<") || $0.contains("&") })
      else { continue }
      recipes.append(recipe)
      if recipes.count == limit { break }
    }
    return recipes
  }

  /// Page layouts seen on blogs and small sites, each with chrome around the recipe.
  static func page(_ recipe: WikibooksRecipe, layout: Int) -> String {
    let chrome = """
      <header><nav><ul><li><a href="/">Home</a></li><li><a href="/recipes">Recipes</a></li>
      <li><a href="/about">About</a></li><li><a href="/contact">Contact</a></li></ul></nav></header>
      """
    let sidebar = """
      <aside><h3>Popular recipes</h3><ul><li><a href="/a">Lemon cake</a></li>
      <li><a href="/b">Tomato soup</a></li><li><a href="/c">Fish pie</a></li></ul></aside>
      """
    let footer = """
      <footer><ul><li>Privacy</li><li>Terms</li><li>© 2026 A Kitchen Blog</li></ul></footer>
      """
    let items = recipe.ingredients.map { "<li>\($0)</li>" }.joined(separator: "\n")
    let steps = recipe.steps.map { "<li>\($0)</li>" }.joined(separator: "\n")
    let body: String
    switch layout {
    case 0:
      body = """
        <article><h1>\(recipe.title)</h1><p>A family favourite.</p>
        <h2>Ingredients</h2><ul>\(items)</ul><h2>Method</h2><ol>\(steps)</ol></article>
        """
    case 1:
      body = """
        <main><h1 class="entry-title">\(recipe.title)</h1>
        <div class="recipe"><h3>Ingredients:</h3><ul class="ingredients">\(items)</ul>
        <h3>Directions</h3>\(recipe.steps.map { "<p>\($0)</p>" }.joined(separator: "\n"))</div>
        <section class="comments"><h3>3 comments</h3><ul><li>Lovely, thanks!</li>
        <li>Made it twice.</li></ul></section></main>
        """
    case 2:
      body = """
        <div id="content"><h2>\(recipe.title)</h2><h4>INGREDIENTS</h4><ul>\(items)</ul>
        <h4>INSTRUCTIONS</h4><ol>\(steps)</ol></div>
        """
    default:
      body = """
        <div class="post"><h1>\(recipe.title)</h1><p><strong>Ingredients</strong></p><ul>\(items)</ul>
        <p><strong>Preparation</strong></p><ol>\(steps)</ol></div>
        """
    }
    return """
      <!doctype html><html><head><meta charset="utf-8"><title>\(recipe.title) | A Kitchen Blog</title>
      </head><body>\(chrome)\(body)\(sidebar)\(footer)</body></html>
      """
  }

  func testTitlesIngredientsAndStepsComeBackFromPagesWithoutStructuredData() throws {
    let recipes = try Self.recipes(limit: 120)
    XCTAssertGreaterThan(recipes.count, 100)
    let extractor = RecipePageExtractor()
    var scores = Array(repeating: (title: 0, ingredients: 0, steps: 0), count: 4)
    var misses: [String] = []
    for (index, recipe) in recipes.enumerated() {
      let layout = index % 4
      let html = Self.page(recipe, layout: layout)
      guard
        let found = try? extractor.extract(
          html: Data(html.utf8), url: "https://blog.example/\(index)"
        ).recipe
      else {
        misses.append("layout \(layout): no recipe in '\(recipe.title)'")
        continue
      }
      let lines = found.ingredientLines.map { HTMLSampleData.collapsed($0.text) }
      let steps = found.steps.map { HTMLSampleData.collapsed($0.text) }
      if found.name == recipe.title { scores[layout].title += 1 }
      if lines == recipe.ingredients.map(HTMLSampleData.collapsed) {
        scores[layout].ingredients += 1
      } else if misses.count < 12 {
        misses.append("layout \(layout) '\(recipe.title)' ingredients: \(lines)")
      }
      // Wikibooks keeps its markup's bullets ("* Soften the noodles…"), which a reader drops.
      let expectedSteps = recipe.steps.map { step in
        HTMLSampleData.collapsed(step.hasPrefix("* ") ? String(step.dropFirst(2)) : step)
      }
      if steps == expectedSteps {
        scores[layout].steps += 1
      } else if misses.count < 12 {
        misses.append("layout \(layout) '\(recipe.title)' steps: \(steps.prefix(3))")
      }
    }
    let perLayout = recipes.count / 4
    let report = scores.enumerated().map { layout, score in
      "layout \(layout): title \(score.title)/\(perLayout), ingredients "
        + "\(score.ingredients)/\(perLayout), steps \(score.steps)/\(perLayout)"
    }
    let detail = (report + misses).joined(separator: "\n")
    for score in scores {
      XCTAssertGreaterThanOrEqual(Double(score.title) / Double(perLayout), 0.95, detail)
      XCTAssertGreaterThanOrEqual(Double(score.ingredients) / Double(perLayout), 0.95, detail)
      XCTAssertGreaterThanOrEqual(Double(score.steps) / Double(perLayout), 0.95, detail)
    }
  }
}
