import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// One reading of an ingredient line, written the same way by the API and the command line.
@Suite struct IngredientReadingTests {
  static let lines = [
    "2 cups plain flour, sifted", "For the sauce:", "salt to taste", "a glug of zzzz", "",
    "1 (14 oz) can diced tomatoes, drained", "150g/5½oz butter or margarine, softened",
    "2-3 \"large\" eggs\tbeaten \\ whisked\u{7}", "olive or vegetable oil, for frying",
    "1/3 cup milk (optional)",
  ]

  @Test(arguments: lines)
  func theStreamedBytesAreTheEncodedObject(line: String) throws {
    var reader = IngredientReader(catalog: .bundled)
    let reading = reader.read(line)
    var bytes: [UInt8] = []
    reading.appendJSON(to: &bytes)
    let streamed = try JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary
    let encoded =
      try JSONSerialization.jsonObject(with: LarderJSON.encode(reading)) as? NSDictionary
    #expect(streamed != nil)
    #expect(streamed == encoded, "\(String(decoding: bytes, as: UTF8.self))")
  }

  @Test func everyKeyIsWrittenUnderTheAPIsNames() throws {
    var reader = IngredientReader(catalog: .bundled)
    let object = try #require(
      try JSONSerialization.jsonObject(with: LarderJSON.encode(reader.read("salt to taste")))
        as? [String: Any])
    #expect(
      Set(object.keys) == [
        "input", "isSectionHeader", "quantity", "quantityMax", "unit", "unitText",
        "alternativeAmounts", "containerSize", "size", "name", "alternatives", "preparation",
        "comment", "purpose", "isOptional", "spans", "food",
      ])
    #expect(object["isOptional"] as? Bool == true)
    #expect(object["quantity"] is NSNull)
    let food = try #require(object["food"] as? [String: Any])
    #expect(food["id"] as? String == "salt")
    #expect(Set(food.keys) == ["id", "name", "how"])
  }

  @Test func theUseCaseReadsEachLineAndMatchesItsFood() throws {
    let larder = Larder(recipes: InMemoryRecipeStore())
    let readings = try larder.parseIngredients(
      IngredientParseRequest(lines: [
        "2 cups plain flour, sifted", "For the sauce:", "a glug of zzzz",
      ]),
      as: .defaultHousehold)
    #expect(readings.items.count == 3)
    #expect(readings.items[0].parsed.quantity == 2)
    #expect(readings.items[0].parsed.unit == "cup")
    #expect(readings.items[0].food?.foodID == "all-purpose-flour")
    #expect(readings.items[1].parsed.isSectionHeader)
    #expect(readings.items[2].food == nil)
  }

  @Test func aLineInAnotherLanguageIsMatchedAsARecipesLineIs() {
    // The same reading as the analysis stored with a recipe (RecipeAnalyzer): a misspelt
    // name, and a word the catalog knows by its own name.
    let catalog = FoodCatalog.bundled
    let analyzer = RecipeAnalyzer(matchFood: { catalog.match($0)?.foodID })
    var reader = IngredientReader(catalog: catalog, language: .danish)
    for line in [
      "7½ dl. hønsebouillion", "50 g Mozarella", "150 g guanciale", "2 spsk farin",
      "1 dl hedvin/portvin/sherry", "2 rød eller gul peberfrugt", "1 stk (frisk ingefær)",
    ] {
      let food = reader.read(line).food?.foodID
      #expect(food != nil, "\(line)")
      #expect(food == analyzer.facts(for: line, language: .danish).foodID, "\(line)")
    }
  }

  @Test func longLinesAreCutAndTooManyRefused() throws {
    let larder = Larder(recipes: InMemoryRecipeStore())
    let long = String(repeating: "a", count: 600)
    let readings = try larder.parseIngredients(
      IngredientParseRequest(lines: [long]), as: .defaultHousehold)
    #expect(readings.items[0].parsed.input.count == 500)
    #expect(
      throws: ApplicationError.refusedValue(
        Field("lines"), value: "", reason: "at most 200 lines at a time")
    ) {
      _ = try larder.parseIngredients(
        IngredientParseRequest(lines: Array(repeating: "1 egg", count: 201)),
        as: .defaultHousehold)
    }
  }

  @Test func theRequestTakesAListOrOneTextOfLines() throws {
    let list = try IngredientParseRequest.decode(json: Data(#"{"lines": ["1 egg", "salt"]}"#.utf8))
    let text = try IngredientParseRequest.decode(json: Data(#"{"lines": "1 egg\nsalt"}"#.utf8))
    #expect(list == text)
    #expect(throws: ApplicationError.self) {
      _ = try IngredientParseRequest.decode(json: Data(#"{"lines": 3}"#.utf8))
    }
    #expect(throws: ApplicationError.self) {
      _ = try IngredientParseRequest.decode(json: Data(#"{}"#.utf8))
    }
  }
}
