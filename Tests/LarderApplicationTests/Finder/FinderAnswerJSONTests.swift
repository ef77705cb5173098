import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// The finder's and the library's answers write their own JSON (``JSONWritable``); the bytes
/// must be Foundation's encoder's, for answers that use every part: kinds, alternatives,
/// shortfalls, substitutions, unread lines, unknown foods and facets.
@Suite struct FinderAnswerJSONTests {
  static let recipes = [
    PlanningLarder.recipe(
      "Herb Salad", ["20 g fresh parsley or coriander, chopped", "3 tomatoes", "1 lemon"]),
    PlanningLarder.recipe("Basmati Pilaf", ["1 cup basmati rice", "1 onion", "2 cups stock"]),
    PlanningLarder.recipe("Big Omelette", ["6 eggs", "20 g butter", "a pinch of zorblax"]),
    PlanningLarder.recipe("Buttermilk Pancakes", ["2 cups flour", "2 cups buttermilk", "1 egg"]),
    PlanningLarder.recipe("Grandma's Secret", []),
  ]

  private func expectSameBytes<Value: JSONWritable>(
    _ value: Value, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let fast = String(decoding: JSONOutput.encode(value), as: UTF8.self)
    let foundation = String(decoding: try LarderJSON.encoder().encode(value), as: UTF8.self)
    #expect(fast == foundation, sourceLocation: sourceLocation)
  }

  @Test func finderAnswersWithEveryPartAreTheEncodersBytes() throws {
    let app = try PlanningLarder(recipes: Self.recipes)
    _ = try app.stock("2 eggs", "250 g butter", "rice")
    let requests = [
      FinderRequest(
        have: ["coriander", "tomatoes", "rice", "onion", "milk", "blorft"], missing: 3),
      FinderRequest(have: ["only rice", "onion", "eggs", "butter", "flour"], missing: 2),
      FinderRequest(missing: 2),
      FinderRequest(have: ["flour", "egg", "milk", "lemon juice"], missing: 1),
      FinderRequest(have: []),
    ]
    var parts = (kinds: 0, choices: 0, shortfalls: 0, substitutions: 0, unread: 0)
    for request in requests {
      let answer = try app.larder.findRecipes(request, as: app.caller)
      try expectSameBytes(answer)
      for item in answer.items {
        parts.kinds += item.kindMatches.count
        parts.choices += item.choices.count
        parts.shortfalls += item.shortfalls.count
        parts.substitutions += item.substitutions.count
        parts.unread += item.unmatchedLineTexts.count
      }
    }
    // The answers compared did hold each part.
    #expect(parts.kinds > 0)
    #expect(parts.choices > 0)
    #expect(parts.shortfalls > 0)
    #expect(parts.substitutions > 0)
    #expect(parts.unread > 0)
  }

  @Test func libraryPagesWithFacetsAreTheEncodersBytes() throws {
    let app = try PlanningLarder(recipes: Self.recipes)
    let page = try app.larder.browseLibrary(LibraryRequest(), as: app.caller)
    #expect(!page.facets.courses.isEmpty)
    try expectSameBytes(page)
    let searched = try app.larder.browseLibrary(
      LibraryRequest(text: "omelete"), as: app.caller)
    try expectSameBytes(searched)
  }
}
