import Foundation
import LarderApplication
import LarderCore
import Testing

/// A request with one field of each kind the readers share.
private struct SampleRequest: RequestFields, Equatable {
  static let limits = 1...200
  var limit: Int?
  var favorites: Bool?
  var have: [String] = []
  var staples: [String]?
  var unit: IngredientUnit?
  var on: CalendarDay?
  var sort: RecipeSort?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case limit, favorites, have, staples, unit, on, sort
  }
  static var fieldNames: [String] { CodingKeys.allCases.map(\.stringValue) }

  init() {}

  init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    limit = try fields.wholeNumber(.limit, expected: Check.wholeNumberText(Self.limits))
    favorites = try fields.flag(.favorites)
    have = try fields.list(.have)
    staples = try fields.optionalList(.staples)
    unit = try fields.unit(.unit)
    on = try fields.day(.on)
    sort = try fields.choice(.sort)
  }

  func validate() throws {
    try Check.wholeNumber(limit, "limit", in: Self.limits)
  }
}

@Suite struct RequestFieldsTests {
  @Test func aQueryAndAJSONBodyReadTheSameRequest() throws {
    let query = try SampleRequest.decode(query: [
      "limit": "12", "favorites": "yes", "have": "eggs, flour", "unit": "tablespoons",
      "on": "2026-12-01", "sort": "name",
    ])
    let json = try SampleRequest.decode(
      json: Data(
        #"{"limit": 12, "favorites": true, "have": ["eggs", "flour"], "unit": "tablespoons", "on": "2026-12-01", "sort": "name"}"#
          .utf8), contentType: "application/json; charset=utf-8")
    #expect(query == json)
    #expect(query.have == ["eggs", "flour"])
    #expect(query.unit?.id == "tbsp")
    #expect(query.staples == nil)
  }

  @Test func anEmptyListDiffersFromAnAbsentOne() throws {
    let given = try SampleRequest.decode(json: Data(#"{"staples": []}"#.utf8))
    #expect(given.staples == [])
    // An explicit null is absent, as it is for every other reader.
    let null = try SampleRequest.decode(json: Data(#"{"staples": null}"#.utf8))
    #expect(null.staples == nil)
    // In a query, `staples=` gives the list empty; other empty parameters count as absent.
    let query = try SampleRequest.decode(query: ["staples": "", "limit": ""])
    #expect(query.staples == [])
    #expect(query.limit == nil)
  }

  @Test(arguments: [
    (["limit": "abc"], "query parameter 'limit': 'abc' is not a whole number from 1 to 200"),
    (["favorites": "maybe"], "query parameter 'favorites': 'maybe' is not true or false"),
    (["on": "tomorrow"], "query parameter 'on': 'tomorrow' is not a date as YYYY-MM-DD"),
    (
      ["sort": "tastiest"],
      "query parameter 'sort': 'tastiest' is not one of relevance, name, newest, updated, rating, time"
    ),
    (
      ["unit": "tbspx"],
      "query parameter 'unit': 'tbspx' is not a unit such as g, kg, ml, l, cup, tbsp, tsp, oz or lb"
    ),
  ])
  func aBadQueryValueIsNamed(query: [String: String], message: String) {
    #expect(throws: ApplicationError.self) { try SampleRequest.decode(query: query) }
    do {
      _ = try SampleRequest.decode(query: query)
    } catch let error as ApplicationError {
      #expect(error.message(naming: .api(defaultLocation: .body)) == message)
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func aBadJSONValueIsNamedAsAField() throws {
    let error = #expect(throws: ApplicationError.self) {
      try SampleRequest.decode(json: Data(#"{"favorites": 1}"#.utf8))
    }
    #expect(error?.description == "field 'favorites': expected true or false")
  }

  /// Foundation reports a JSON number an Int cannot hold with an error of its own, not a
  /// DecodingError; it once passed for a body that is not JSON (400 `invalid_json`).
  @Test(arguments: [#"{"limit": 1.5}"#, #"{"limit": 99999999999999999999}"#, #"{"limit": 1e300}"#])
  func aNumberThatIsNotAWholeNumberIsNamedAsAField(body: String) throws {
    let error = #expect(throws: ApplicationError.self) {
      try SampleRequest.decode(json: Data(body.utf8))
    }
    guard case .invalidValue(let field, _, let expected) = error else {
      Issue.record("\(body): \(String(describing: error))")
      return
    }
    #expect(field.name == "limit")
    #expect(expected == "a whole number from 1 to 200")
  }

  @Test func anUnknownFieldIsRefusedFromAQueryAndABody() throws {
    let fromQuery = #expect(throws: ApplicationError.self) {
      try SampleRequest.decode(query: ["limt": "3"])
    }
    #expect(fromQuery?.description.hasPrefix("unknown query parameter 'limt'") == true)
    let fromBody = #expect(throws: ApplicationError.self) {
      try SampleRequest.decode(json: Data(#"{"limt": 3}"#.utf8))
    }
    #expect(fromBody?.description.hasPrefix("unknown field 'limt'") == true)
  }

  @Test(arguments: [
    (
      "text/plain; charset=json",
      ApplicationError.unsupportedMediaType("text/plain; charset=json", expected: .json)
    ),
    ("application/json", ApplicationError.malformedBody(detail: "expected a JSON object")),
  ])
  func onlyAJSONObjectIsABody(type: String, expected: ApplicationError) {
    let error = #expect(throws: ApplicationError.self) {
      try SampleRequest.decode(json: Data("[1]".utf8), contentType: type)
    }
    #expect(error == expected)
  }

  @Test func rangesAreCheckedTheSameWayForEveryFrontEnd() throws {
    var request = SampleRequest()
    request.limit = 0
    let error = #expect(throws: ApplicationError.self) { try request.validate() }
    #expect(
      error?.message(naming: .api(defaultLocation: .query))
        == "query parameter 'limit': '0' is not a whole number from 1 to 200")
    #expect(
      error?.message(naming: .commandLine(options: [:]))
        == "option --limit: '0' is not a whole number from 1 to 200")
  }

  @Test func optionNamesAreTheFieldsInKebabCase() {
    let naming = FieldNaming.commandLine(options: ["diets": "diet"])
    #expect(naming.name(of: Field("maxTime")) == "option --max-time")
    #expect(naming.name(of: Field("diets")) == "option --diet")
  }
}
