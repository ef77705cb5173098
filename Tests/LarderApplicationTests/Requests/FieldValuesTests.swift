import Foundation
import LarderApplication
import LarderCore
import Testing

/// The readers for values typed as text give the same errors as the request decoders.
@Suite struct FieldValuesTests {
  struct Page: RequestFields, Equatable {
    var limit: Int?
    var day: CalendarDay?
    var sort: RecipeSort?
    static let fieldNames = ["limit", "day", "sort"]
    enum CodingKeys: String, CodingKey { case limit, day, sort }
    init(from decoder: Decoder) throws {
      let fields = try decoder.container(keyedBy: CodingKeys.self)
      limit = try fields.wholeNumber(.limit, expected: "a whole number from 1 to 50")
      day = try fields.day(.day)
      sort = try fields.choice(.sort)
    }
  }

  static func error(_ body: () throws -> Void) throws -> ApplicationError {
    try #require(throws: ApplicationError.self) { try body() }
  }

  @Test func aWholeNumberIsReadOrRefusedAsTheDecoderRefusesIt() throws {
    #expect(try FieldValues.wholeNumber(" 12", field: Field("limit"), expected: "x") == 12)
    let typed = try Self.error {
      _ = try FieldValues.wholeNumber(
        "abc", field: Field("limit"), expected: "a whole number from 1 to 50")
    }
    let decoded = try Self.error { _ = try Page.decode(query: ["limit": "abc"]) }
    #expect(
      typed.message(naming: .commandLine(options: [:]))
        == decoded.message(naming: .commandLine(options: [:])))
    #expect(
      typed.message(naming: .commandLine(options: [:]))
        == "option --limit: 'abc' is not a whole number from 1 to 50")
  }

  @Test func aDayIsReadOrRefusedAsTheDecoderRefusesIt() throws {
    #expect(try FieldValues.day("2026-03-01", field: Field("day")) == CalendarDay("2026-03-01"))
    let typed = try Self.error { _ = try FieldValues.day("2026-02-30", field: Field("day")) }
    let decoded = try Self.error { _ = try Page.decode(query: ["day": "2026-02-30"]) }
    #expect(
      typed.message(naming: .commandLine(options: [:]))
        == decoded.message(naming: .commandLine(options: [:])))
    #expect(
      typed.message(naming: .commandLine(options: [:]))
        == "option --day: '2026-02-30' is not a date as YYYY-MM-DD")
  }

  @Test func aChoiceIsReadInAnyCaseOrRefusedListingTheChoices() throws {
    #expect(try FieldValues.choice("Newest", field: Field("sort"), as: RecipeSort.self) == .newest)
    let typed = try Self.error {
      _ = try FieldValues.choice("tastiest", field: Field("sort"), as: RecipeSort.self)
    }
    let decoded = try Self.error { _ = try Page.decode(query: ["sort": "tastiest"]) }
    #expect(
      typed.message(naming: .commandLine(options: [:]))
        == decoded.message(naming: .commandLine(options: [:])))
    #expect(
      typed.message(naming: .api(defaultLocation: .query))
        == "query parameter 'sort': 'tastiest' is not one of "
        + RecipeSort.allCases.map(\.rawValue).joined(separator: ", "))
  }

  @Test func aTextLosesTheSpaceAroundIt() {
    #expect(FieldValues.text("  Meyer lemons \n") == "Meyer lemons")
    #expect(FieldValues.text(" ") == "")
  }
}
