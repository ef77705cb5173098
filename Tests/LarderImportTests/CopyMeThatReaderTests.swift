import Foundation
import LarderCore
import XCTest

@testable import LarderImport

final class CopyMeThatReaderTests: XCTestCase {
  /// `recipes.html` read out of the shared `copymethat.zip` by Larder's own zip reader.
  private func exportedRecipesHTML() throws -> Data {
    let folder = try HTMLSampleData.folder("app-exports/mealie-migrations")
    let data = try Data(contentsOf: folder.appendingPathComponent("copymethat.zip"))
    let archive = try ZipArchive(data: data, name: "copymethat.zip")
    let member = try XCTUnwrap(archive.files.first { $0.path.hasSuffix("recipes.html") })
    var budget = ArchiveBudget()
    return try archive.contents(of: member, budget: &budget)
  }

  func testReadsTheThreeRecipesOfTheExport() throws {
    let items = CopyMeThatReader.read(html: try exportedRecipesHTML(), source: "recipes.html")
    XCTAssertEqual(
      items.map(\.name),
      ["Classic Stuffed Shells", "Crockpot Cilantro Lime Chicken", "Spam Zoodles"])
    let recipes = try items.map { try $0.result.get() }

    let shells = recipes[0]
    XCTAssertEqual(
      shells.sourceURL, "https://www.spendwithpennies.com/classic-stuffed-shells-recipe/")
    XCTAssertEqual(shells.images, ["images/classic_stuffed_shells_f89m7.jpg"])
    XCTAssertEqual(shells.yield?.servings, 6)
    XCTAssertEqual(shells.ingredientLines.count, 12)
    XCTAssertEqual(shells.ingredientLines.first?.text, "24 jumbo pasta shells")
    XCTAssertEqual(shells.steps.count, 6)
    XCTAssertEqual(
      shells.steps[2].text,
      "Lightly grease a 9x13\" baking dish with non-stick spray and spread 1 cup marinara sauce in the bottom."
    )
    XCTAssertFalse(shells.isFavorite)

    let chicken = recipes[1]
    XCTAssertEqual(chicken.keywords, ["chicken", "dinner", "instantpot", "slowcooker", "texmex"])
    XCTAssertEqual(chicken.rating, 4)
    XCTAssertTrue(chicken.isFavorite)
    XCTAssertEqual(chicken.yield?.servings, 4)
    XCTAssertEqual(chicken.ingredientLines.count, 11)
    XCTAssertEqual(chicken.steps.count, 8)
    XCTAssertEqual(chicken.notes?.components(separatedBy: "\n").count, 3)

    XCTAssertEqual(recipes[2].rating, 5)
    XCTAssertFalse(recipes[2].isFavorite)
    XCTAssertNil(recipes[2].yield)
  }

  func testSubheadersBecomeSectionsAndANamelessRecipeIsReported() throws {
    let html = """
      <html><body>
      <div class="recipe"><div id="name">Layer Cake</div>
      <ul id="recipeIngredients">
        <li class="recipeIngredient_subheader">For the sponge:</li>
        <li class="recipeIngredient">200 g flour</li>
        <li class="recipeIngredient_subheader">For the icing</li>
        <li class="recipeIngredient">100 g icing sugar</li>
      </ul>
      <ol id="recipeInstructions">
        <li class="instruction_subheader">Sponge</li><li class="instruction">Bake it.</li>
      </ol></div>
      <div class="recipe"><div id="name"> </div><ul><li class="recipeIngredient">1 egg</li></ul></div>
      </body></html>
      """
    let items = CopyMeThatReader.read(html: Data(html.utf8), source: "recipes.html")
    XCTAssertEqual(items.count, 2)
    let cake = try items[0].result.get()
    XCTAssertEqual(cake.ingredientSections.map(\.title), ["For the sponge", "For the icing"])
    XCTAssertEqual(
      cake.ingredientSections.map { $0.lines.map(\.text) },
      [["200 g flour"], ["100 g icing sugar"]])
    XCTAssertEqual(cake.instructionSections.map(\.title), ["Sponge"])
    XCTAssertThrowsError(try items[1].result.get()) {
      XCTAssertEqual($0 as? LarderCoreError, .missingField(field: "name", item: 1))
    }
  }

  func testAPageWithoutRecipesGivesNoItems() {
    XCTAssertTrue(
      CopyMeThatReader.read(html: Data("<p>hello</p>".utf8), source: "x.html").isEmpty)
  }
}
