import Foundation
import LarderCore
import XCTest

@testable import LarderImport

final class MasterCookReaderTests: XCTestCase {
  private func athenos() throws -> [FoundRecipe] {
    let folder = try HTMLSampleData.folder("mastercook")
    let data = try Data(contentsOf: folder.appendingPathComponent("gourmet-athenos.mx2"))
    return try MasterCookReader.read(data, source: "gourmet-athenos.mx2")
  }

  func testReadsAllHundredRecipesOfTheAthenosExport() throws {
    let items = try athenos()
    XCTAssertEqual(items.count, 100)
    XCTAssertEqual(items.map(\.index), Array(0..<100))
    for item in items {
      let recipe = try item.result.get()
      XCTAssertFalse(recipe.ingredientLines.isEmpty, "\(recipe.name): no ingredients")
      XCTAssertFalse(recipe.steps.isEmpty, "\(recipe.name): no steps")
    }
    XCTAssertEqual(items.first?.name, "5 Layer Mediterranean Dip")
  }

  func testReadsTheFieldsOfOneRecipeInItsLatin1Encoding() throws {
    // The samples are read first: a skip thrown inside XCTUnwrap's argument would be
    // reported as a failure when ../shared is absent.
    let items = try athenos()
    let dip = try XCTUnwrap(items.first).result.get()
    XCTAssertEqual(dip.name, "5 Layer Mediterranean Dip")
    XCTAssertNil(dip.author, "'n/a' is no author")
    XCTAssertEqual(
      dip.ingredientLines.map(\.text),
      [
        "1 fresh jalapeño pepper",
        "1 package Atnenos Original Hummus - (7 oz)",
        "1/2 cup chopped tomato",
        "1/4 cup chopped cucumber",
        "1 package Atnenos Traditional Crumbled Feta Cheese (4 oz)",
        "2 tablespoons sliced pitted ripe olives",
      ])
    XCTAssertEqual(dip.steps.count, 3)
    XCTAssertEqual(
      dip.steps.first?.text.hasPrefix("Spread hummus on bottom of 9-inch pie plate."), true)
    XCTAssertEqual(dip.keywords, ["Appetizers", "Dips/Spreads"])
    XCTAssertEqual(dip.yield?.text, "2 cups")
    XCTAssertNil(dip.prepTime, "0:00 is no time")
    XCTAssertEqual(
      dip.notes?.contains("Source: Athenos' recipe archive at http://www.athenos.com"), true,
      "\(dip.notes ?? "no notes")")
  }

  func testReadsServingsPreparationAndSectionTitles() throws {
    let items = try athenos()
    let risotto = try XCTUnwrap(items.first { $0.name == "Almost Risotto" }).result.get()
    XCTAssertEqual(risotto.yield?.servings, 6)
    XCTAssertTrue(risotto.ingredientLines.map(\.text).contains("1 cup orzo pasta, uncooked"))
    XCTAssertTrue(
      risotto.ingredientLines.map(\.text).contains("Di Giorno Shredded Parmesan Cheese (optional)"))

    let olives = try XCTUnwrap(items.first { $0.name == "Marinated Olives" }).result.get()
    XCTAssertEqual(
      olives.ingredientSections.compactMap(\.title),
      ["For Greek", "For Italian", "For Spanish", "For French"])
  }

  func testElapsedTimesAreHoursAndMinutes() {
    XCTAssertEqual(MasterCookReader.elapsed("1:30"), RecipeDuration(minutes: 90))
    XCTAssertEqual(MasterCookReader.elapsed("0:45"), RecipeDuration(minutes: 45))
    XCTAssertEqual(MasterCookReader.elapsed("20"), RecipeDuration(minutes: 20))
    XCTAssertNil(MasterCookReader.elapsed("soon"))
  }

  func testARecipeWithoutANameIsReportedAndTheOthersAreKept() throws {
    let document = """
      <?xml version="1.0" encoding="ISO-8859-1"?>
      <mx2 source="MasterCook 6.0">
      <RcpE name="Crème brûlée"><IngR name="cream" unit="ml" qty="500"></IngR>
      <DirS><DirT>Bake.</DirT></DirS></RcpE>
      <RcpE name="  "><IngR name="water"></IngR></RcpE>
      <RcpE name="Toast"><IngR name="bread" unit="slice" qty="1"></IngR></RcpE>
      </mx2>
      """
    let latin1 = try XCTUnwrap(document.data(using: .isoLatin1))
    let items = try MasterCookReader.read(latin1, source: "test.mx2")
    XCTAssertEqual(items.count, 3)
    XCTAssertEqual(try items[0].result.get().name, "Crème brûlée")
    XCTAssertEqual(try items[0].result.get().ingredientLines.map(\.text), ["500 ml cream"])
    XCTAssertThrowsError(try items[1].result.get()) {
      XCTAssertEqual($0 as? LarderCoreError, .missingField(field: "name"))
    }
    XCTAssertEqual(try items[2].result.get().name, "Toast")
  }

  func testRefusesWhatIsNotAMasterCookExport() {
    XCTAssertThrowsError(try MasterCookReader.read(Data("not xml".utf8), source: "a.mx2")) {
      XCTAssertEqual(
        $0 as? LarderImportError, .unreadable(source: "a.mx2", reason: "not an XML document"))
    }
    XCTAssertThrowsError(
      try MasterCookReader.read(Data("<recipes/>".utf8), source: "b.mx2")
    ) {
      XCTAssertEqual(
        $0 as? LarderImportError,
        .unreadable(source: "b.mx2", reason: "not a MasterCook export (no <mx2> root element)"))
    }
    XCTAssertThrowsError(try MasterCookReader.read(Data("<mx2></mx2>".utf8), source: "c.mx2")) {
      XCTAssertEqual($0 as? LarderImportError, .noRecipe(source: "c.mx2"))
    }
  }

  func testNeverExpandsExternalEntities() throws {
    let document = """
      <?xml version="1.0"?>
      <!DOCTYPE mx2 [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
      <mx2><RcpE name="Leak &secret;"><IngR name="salt"></IngR></RcpE></mx2>
      """
    let items = try MasterCookReader.read(Data(document.utf8), source: "evil.mx2")
    let name = try XCTUnwrap(items.first?.name)
    let hostname =
      (try? String(contentsOfFile: "/etc/hostname", encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines) ?? "\u{0}"
    XCTAssertFalse(!hostname.isEmpty && name.contains(hostname), name)
  }
}
