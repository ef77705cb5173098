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

  func testLimitMessagesNameTheMemberAndTheLimit() {
    XCTAssertEqual(
      LarderImportError.documentTooLarge(source: "a.zip › big.json", limit: 64 << 20).description,
      "a.zip › big.json: refused: larger than the limit of 64 MiB (a guard against hostile files)")
    XCTAssertEqual(
      LarderImportError.suspiciousCompression(source: "a.zip › bomb.txt", ratio: 1000).reason,
      "refused: expands more than 1000 times its compressed size (zip bomb protection)")
  }
}
