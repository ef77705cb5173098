import Foundation
import LarderCore
import Testing

@testable import LarderImport

/// Recipe Keeper's `recipes.html`, written for these tests from Recipe Keeper's published
/// description of its export.
@Suite struct RecipeKeeperReaderTests {
  static let html = Data(
    """
    <!DOCTYPE html>
    <html><head><meta charset="utf-8"><title>Recipe Keeper</title></head><body>
    <div class="recipe-details">
      <h2 itemprop="name">Banana Bread</h2>
      <meta itemprop="recipeIsFavourite" content="True">
      <meta itemprop="recipeRating" content="5">
      <div>Course: <span itemprop="recipeCourse">Breakfast</span></div>
      <div>Categories: <span itemprop="recipeCategory">Baking</span>,
        <span itemprop="recipeCategory">Freezer</span></div>
      <div>Source: <span itemprop="recipeSource">https://example.org/banana-bread</span></div>
      <div>Serving size: <span itemprop="recipeYield">1 loaf</span></div>
      <div>Prep time: <span>15 mins</span><meta itemprop="prepTime" content="PT15M"></div>
      <div>Cook time: <span>1 hour</span><meta itemprop="cookTime" content="PT1H"></div>
      <div itemprop="recipeIngredients"><p>3 ripe bananas</p><p>250 g flour</p>
        <p>100 g sugar</p></div>
      <div itemprop="recipeDirections"><p>Mash the bananas.</p><p>Mix everything.</p>
        <p>Bake 1 hour at 180°C.</p></div>
      <div itemprop="recipeNotes"><p>Walnuts are good in it.</p></div>
      <img itemprop="photo0" src="images/banana.jpg">
    </div>
    <div class="recipe-details">
      <h2 itemprop="name"></h2>
      <div itemprop="recipeIngredients"><p>1 egg</p></div>
    </div>
    <div class="recipe-details">
      <h2 itemprop="name">Tea</h2>
      <div>Source: <span itemprop="recipeSource">Granny</span></div>
      <div itemprop="recipeIngredients"></div>
      <div itemprop="recipeDirections"><p>Boil water.</p></div>
    </div>
    <div class="recipe-details">
      <h2 itemprop="name">Porridge</h2>
      <meta itemprop="prepTime" content="soon">
      <div itemprop="recipeIngredients"><p>50 g oats</p><p>300 ml milk</p></div>
    </div>
    </body></html>
    """.utf8)

  @Test func fieldsAreMapped() throws {
    let items = try RecipeKeeperReader.read(html: Self.html, source: "recipes.html")
    #expect(items.count == 4)
    let bread = try items[0].result.get()
    #expect(bread.name == "Banana Bread")
    #expect(bread.isFavorite)
    #expect(bread.rating == 5)
    #expect(bread.courses == ["Breakfast"])
    #expect(bread.keywords == ["Baking", "Freezer"])
    #expect(bread.sourceURL == "https://example.org/banana-bread")
    #expect(bread.yield?.text == "1 loaf")
    #expect(bread.prepTime == RecipeDuration(minutes: 15))
    #expect(bread.cookTime == RecipeDuration(minutes: 60))
    #expect(bread.ingredientLines.map(\.text) == ["3 ripe bananas", "250 g flour", "100 g sugar"])
    #expect(bread.steps.count == 3)
    #expect(bread.notes == "Walnuts are good in it.")
    #expect(bread.images.isEmpty)
    #expect(items[0].warnings.isEmpty)
    // The photo is a file of the export: handed on for the bulk reader to read beside it.
    #expect(
      items[0].embeddedImages == [
        EmbeddedImage(field: "photo0 (images/banana.jpg)", content: .file("images/banana.jpg"))
      ])
  }

  @Test func brokenRecipesAreReportedByThemselves() throws {
    let items = try RecipeKeeperReader.read(html: Self.html, source: "recipes.html")
    #expect(throws: LarderCoreError.missingField(field: "recipeName", item: 1)) {
      try items[1].result.get()
    }
    #expect(items[2].name == "Tea")
    #expect(throws: LarderCoreError.missingField(field: "recipeIngredients", item: 2)) {
      try items[2].result.get()
    }
    let porridge = try items[3].result.get()
    #expect(porridge.prepTime == nil)
    #expect(items[3].warnings == ["prepTime: 'soon' is not a time; left empty"])
  }

  @Test func aPageWithoutRecipesIsRefused() {
    #expect(throws: LarderImportError.noRecipe(source: "recipes.html")) {
      try RecipeKeeperReader.read(
        html: Data("<html><body><p>Hello</p></body></html>".utf8), source: "recipes.html")
    }
  }

  @Test func theExportZipIsRecognisedApartFromCopyMeThat() throws {
    var zip = ZipFixture()
    zip.add("recipes.html", String(decoding: Self.html, as: UTF8.self))
    zip.add("images/banana.jpg", "not really a photo")
    var budget = ArchiveBudget(limits: ArchiveLimits())
    var documents: [ImportDocument] = []
    BulkReader().read(
      zip.archive(), source: ImportSource(file: "RecipeKeeper.zip"), explicit: true,
      budget: &budget
    ) { documents.append($0) }
    #expect(documents.map(\.format) == [.recipeKeeper])
    #expect(documents.first?.items.count == 4)
    let copyMeThat = BulkReader().detect(
      Data("<html><body><div class=\"recipe\"><div id=\"name\">Soup</div></div>".utf8),
      name: "recipes.html", isStandardInput: false)
    guard case .format(.copyMeThat) = copyMeThat else {
      Issue.record("Copy Me That's recipes.html was taken for another format")
      return
    }
  }
}
