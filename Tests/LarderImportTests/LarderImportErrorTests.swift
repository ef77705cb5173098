import LarderImport
import XCTest

final class LarderImportErrorTests: XCTestCase {
  func testMessagesNameTheSource() {
    XCTAssertEqual(
      LarderImportError.unreadable(source: "a.zip", reason: "truncated").description,
      "a.zip: cannot be read: truncated")
    XCTAssertEqual(
      LarderImportError.noRecipe(source: "page.html").description, "page.html: no recipe found")
  }
}
