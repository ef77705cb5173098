import Foundation
import LarderCore
import Testing

@testable import LarderImport

/// Gourmet Recipe Manager's XML export, read recipe by recipe.
@Suite struct GourmetReaderTests {
  /// Written for these tests in the shape Gourmet exports: a grouped recipe with an image, one
  /// without a title, one whose ingredient has no item, and one plain recipe.
  static let export = Data(
    #"""
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE gourmetDoc>
    <gourmetDoc>
      <recipe id="7">
        <title>
          Lentil Soup
        </title>
        <category>Soup, Winter</category>
        <cuisine>Turkish</cuisine>
        <source>Aunt Selma</source>
        <link>https://example.org/lentil-soup</link>
        <rating>4/5 stars</rating>
        <preptime>15 minutes</preptime>
        <cooktime>1 hour</cooktime>
        <yields>6 servings</yields>
        <image format="png"><![CDATA[iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAcCBlCwAAAABJRU5ErkJggg==]]></image>
        <ingredient-list>
          <ingredient>
            <amount>1</amount><unit>cup</unit><item>red lentils</item><key>lentils</key>
          </ingredient>
          <inggroup>
            <groupname>To finish</groupname>
            <ingredient optional="yes">
              <amount>2</amount><unit>tbsp</unit><item>butter</item><key>butter</key>
            </ingredient>
            <ingref amount="1" refid="9">Chili Oil</ingref>
          </inggroup>
        </ingredient-list>
        <instructions>Rinse the lentils &amp;lt;b&amp;gt;well&amp;lt;/b&amp;gt;.

    Simmer for an hour &amp;amp; blend.</instructions>
        <modifications>Less salt next time.

    Good with lemon.</modifications>
      </recipe>
      <recipe id="8">
        <category>Mystery</category>
        <ingredient-list><ingredient><item>salt</item></ingredient></ingredient-list>
      </recipe>
      <recipe id="9">
        <title>Chili Oil</title>
        <ingredient-list>
          <ingredient><amount>1</amount><unit>cup</unit><item>oil</item></ingredient>
          <ingredient><amount>2</amount><unit>tbsp</unit></ingredient>
        </ingredient-list>
      </recipe>
      <recipe id="10">
        <title>Toast</title>
        <cooktime>a while</cooktime>
        <ingredient-list><ingredient><amount>1</amount><item>slice bread</item></ingredient>
        </ingredient-list>
        <instructions>Toast it.</instructions>
      </recipe>
    </gourmetDoc>
    """#.utf8)

  @Test func everyFieldOfARecipeIsMapped() throws {
    let items = try GourmetReader.read(Self.export, source: "export.grmt")
    #expect(items.count == 4)
    let soup = try items[0].result.get()
    #expect(soup.name == "Lentil Soup")
    #expect(soup.courses == ["Soup", "Winter"])
    #expect(soup.cuisines == ["Turkish"])
    #expect(soup.author == "Aunt Selma")
    #expect(soup.sourceURL == "https://example.org/lentil-soup")
    #expect(soup.rating == 4)
    #expect(soup.prepTime == RecipeDuration(minutes: 15))
    #expect(soup.cookTime == RecipeDuration(minutes: 60))
    #expect(soup.yield?.servings == 6)
    #expect(soup.ingredientSections.map(\.title) == [nil, "To finish"])
    #expect(
      soup.ingredientLines.map(\.text) == [
        "1 cup red lentils", "2 tbsp butter (optional)", "1 Chili Oil (another recipe)",
      ])
    #expect(soup.steps.map(\.text) == ["Rinse the lentils well.", "Simmer for an hour & blend."])
    #expect(soup.notes == "Less salt next time.\n\nGood with lemon.")
    #expect(items[0].warnings.isEmpty)
    // The embedded PNG is handed to the import, decoded, to be checked and stored there.
    guard case .bytes(let png)? = items[0].embeddedImages.first?.content else {
      Issue.record("the <image> was not handed on: \(items[0].embeddedImages)")
      return
    }
    #expect(png.count == 70)
    #expect(items[0].embeddedImages.map(\.field) == ["<image>"])
  }

  @Test func aBrokenRecipeIsReportedByItselfNamingTheField() throws {
    let items = try GourmetReader.read(Self.export, source: "export.grmt")
    #expect(items.map(\.index) == [0, 1, 2, 3])
    #expect(throws: LarderCoreError.missingField(field: "<title>", item: 1)) {
      try items[1].result.get()
    }
    #expect(items[2].name == "Chili Oil")
    guard case .failure(let error) = items[2].result else {
      Issue.record("an ingredient without an item was read")
      return
    }
    #expect(error.description.contains("ingredient 2 has no <item>"), "\(error)")
    let toast = try items[3].result.get()
    #expect(toast.cookTime == nil)
    #expect(items[3].warnings == ["<cooktime>: 'a while' is not a time; left empty"])
  }

  @Test(
    arguments: [
      ("4/5 stars", 4), ("3/5 stars", 3), ("8/10 stars", 4), ("5", 5), ("0/5 stars", nil),
      ("7/5 stars", nil), ("great", nil),
    ] as [(String, Int?)])
  func ratingsAreReadOnAFivePointScale(text: String, stars: Int?) {
    #expect(GourmetReader.stars(text) == stars)
  }

  @Test func otherXMLIsRefusedWithAReason() {
    #expect(throws: LarderImportError.self) {
      try GourmetReader.read(Data("<mx2></mx2>".utf8), source: "x.grmt")
    }
    // A cut-off file is either refused naming it, or its broken recipe reported.
    do {
      let items = try GourmetReader.read(Data("<gourmetDoc><recipe".utf8), source: "cut.grmt")
      #expect(items.allSatisfy { (try? $0.result.get()) == nil })
    } catch {
      #expect("\(error)".contains("cut.grmt"), "\(error)")
    }
    #expect(throws: LarderImportError.noRecipe(source: "empty.grmt")) {
      try GourmetReader.read(Data("<gourmetDoc></gourmetDoc>".utf8), source: "empty.grmt")
    }
  }

  @Test func bulkImportRecognisesGourmetByExtensionAndContent() throws {
    let reader = BulkReader()
    var budget = ArchiveBudget(limits: ArchiveLimits())
    var documents: [ImportDocument] = []
    for name in ["export.grmt", "export.xml"] {
      reader.read(
        Self.export, source: ImportSource(file: name), explicit: true, budget: &budget
      ) { documents.append($0) }
    }
    reader.read(
      Self.export, source: ImportSource(file: "standard input"), explicit: true, budget: &budget
    ) { documents.append($0) }
    #expect(documents.map(\.format) == [.gourmet, .gourmet, .gourmet])
    #expect(documents.allSatisfy { $0.status == .read && $0.items.count == 4 })
  }

  @Test(
    .enabled(
      if: BulkSamples.arePresent,
      "skipped: the format samples in ../shared/data/formats are not here"))
  func gourmetsOwnTestSetIsRead() throws {
    let documents = try BulkReaderTests.documents(
      BulkSamples.path("gourmet-xml/gourmet-test_set.grmt"))
    #expect(documents.map(\.format) == [.gourmet])
    let recipes = try BulkReaderTests.recipes(documents)
    #expect(recipes.map(\.name) == ["Amazing rice", "Amazing Sauce"])
    let sauce = recipes[1]
    #expect(sauce.ingredientSections.map(\.title) == ["veggies", nil, "liquids"])
    #expect(sauce.ingredientLines.count == 6)
    #expect(sauce.ingredientLines[1].text == "3 whole jalapeño peppers")
    #expect(sauce.steps.map(\.text) == ["Mix everything well.", "Then eat it and enjoy!"])
    #expect(sauce.sourceURL == "http://slashdot.org")
    #expect(sauce.rating == 4)
    #expect(sauce.notes?.hasPrefix("\"well\" should be italicized.") == true)
  }
}
