import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

@Suite struct FindRecipesTests {
  func names(_ answer: FinderAnswer) -> [String] { answer.items.map(\.recipe.name) }

  @Test func recipesAreRankedForWhatTheCallerHas() throws {
    let app = try PlanningLarder()
    let answer = try app.larder.findRecipes(
      FinderRequest(have: ["milk", "eggs", "sugar", "unobtainium"]), as: app.caller)
    #expect(names(answer) == ["Custard"])
    #expect(answer.pantrySource == .have)
    #expect(answer.unknown == ["unobtainium"])
    #expect(answer.pantry.map(\.food.id) == ["milk", "egg", "sugar"])
    #expect(answer.pantry[1].input == "eggs")
    #expect(answer.total == 1)
    #expect(answer.items[0].missingCount == 0)
  }

  @Test func theFinderIsBuiltOnTheFirstSearchAndRebuildingLoadsRecipesWrittenPastIt() throws {
    let analyzer = RecipeAnalyzer(matchFood: { FoodCatalog.bundled.match($0)?.foodID })
    let store = AnalyzingRecipeStore(base: InMemoryRecipeStore(), analyzer: analyzer)
    for recipe in PlanningLarder.defaultRecipes.filter({ $0.name != "Custard" }) {
      _ = try store.createRecipe(recipe, household: .default, now: Fixtures.now)
    }
    let larder = Larder(recipes: store, clock: { Fixtures.now })
    #expect(larder.finderRecipeCount(as: .defaultHousehold) == nil)
    let request = FinderRequest(have: ["milk", "eggs", "sugar"], missing: 1)
    #expect(names(try larder.findRecipes(request, as: .defaultHousehold)) == ["Pancakes"])
    #expect(larder.finderRecipeCount(as: .defaultHousehold) == 2)
    // Written past the Larder, the custard is not in the finder until it is rebuilt.
    let custard = try #require(PlanningLarder.defaultRecipes.first { $0.name == "Custard" })
    _ = try store.createRecipe(custard, household: .default, now: Fixtures.now)
    #expect(names(try larder.findRecipes(request, as: .defaultHousehold)) == ["Pancakes"])
    let report = try larder.rebuildFinder(as: .defaultHousehold)
    #expect(report.recipeCount == 3)
    #expect(larder.finderRecipeCount(as: .defaultHousehold) == 3)
    #expect(
      Set(names(try larder.findRecipes(request, as: .defaultHousehold))) == ["Custard", "Pancakes"])
  }

  @Test func missingFoodsAreListedUpToK() throws {
    let app = try PlanningLarder()
    let answer = try app.larder.findRecipes(
      FinderRequest(have: ["milk", "eggs"], missing: 1), as: app.caller)
    #expect(Set(names(answer)) == ["Pancakes", "Custard"])
    for item in answer.items {
      #expect(item.missingCount == 1)
      #expect(item.missing.count == 1)
    }
  }

  @Test func withoutHaveTheStoredPantryIsUsedAndUseItUpRanksByExpiry() throws {
    let app = try PlanningLarder(recipes: [
      PlanningLarder.recipe("Rice Bowl", ["1 cup rice", "2 eggs", "1 onion"]),
      PlanningLarder.recipe("Milk Pudding", ["2 cups milk", "50 g sugar"]),
    ])
    try app.stock("1 kg rice", "6 eggs", "1 onion", "1 kg sugar")
    _ = try app.larder.addPantryItem(
      .line("1 l milk", expiresOn: PlanningLarder.day("2026-09-22")), as: app.caller)
    let plain = try app.larder.findRecipes(FinderRequest(), as: app.caller)
    #expect(plain.pantrySource == .stored)
    #expect(names(plain) == ["Rice Bowl", "Milk Pudding"])
    let soonest = try app.larder.findRecipes(FinderRequest(useItUp: true), as: app.caller)
    #expect(names(soonest) == ["Milk Pudding", "Rice Bowl"])
    #expect(soonest.useItUp)
    let have = try app.larder.findRecipes(FinderRequest(have: ["milk", "sugar"]), as: app.caller)
    #expect(have.pantrySource == .have)
    #expect(names(have) == ["Milk Pudding"])
  }

  @Test func anEmptyStoredPantryIsNoPantryAndOffersNoRecipe() throws {
    let app = try PlanningLarder(recipes: [
      PlanningLarder.recipe("Salted Water", ["1 l water", "1 tsp salt"]),
      PlanningLarder.recipe("Milk Pudding", ["2 cups milk", "50 g sugar"]),
    ])
    // Staples alone make the first recipe, and the second misses two: neither may be offered
    // as a recipe for a pantry that holds nothing.
    let empty = try app.larder.findRecipes(FinderRequest(missing: 2), as: app.caller)
    #expect(empty.pantrySource == .none)
    #expect(empty.items.isEmpty)
    #expect(empty.total == 0)
    #expect(empty.pantry.isEmpty)
    // An item Larder cannot match to a food is no pantry for the finder either.
    _ = try app.larder.addPantryItem(
      NewPantryItem(fields: PantryItemChange(name: "xyzzy")), as: app.caller)
    let unmatched = try app.larder.findRecipes(FinderRequest(missing: 2), as: app.caller)
    #expect(unmatched.pantrySource == .none)
    try app.stock("1 l milk")
    let stored = try app.larder.findRecipes(FinderRequest(missing: 2), as: app.caller)
    #expect(stored.pantrySource == .stored)
    #expect(Set(names(stored)) == ["Salted Water", "Milk Pudding"])
  }

  @Test(arguments: [
    (FinderRequest(have: ["egg"], include: ["unobtainium"]), "include"),
    (FinderRequest(have: ["egg"], exclude: ["unobtainium"]), "exclude"),
  ])
  func anUnknownFoodWhereGuessingWouldChangeTheAnswerIsRefused(
    request: FinderRequest, field: String
  ) throws {
    let app = try PlanningLarder()
    let error = #expect(throws: ApplicationError.self) {
      try app.larder.findRecipes(request, as: app.caller)
    }
    #expect(error == .unknownFood(Field(field), name: "unobtainium"))
  }

  @Test func anUnknownStapleIsLeftOutAndNamedWhileTheOthersCount() throws {
    let app = try PlanningLarder()
    let answer = try app.larder.findRecipes(
      FinderRequest(have: ["egg"], missing: 2, staples: ["salt", "blak peper"]), as: app.caller)
    #expect(answer.unknownStaples == ["blak peper"])
    #expect(answer.unknown.isEmpty)
    // Salt still counts as had: the pancakes miss milk and flour, not salt.
    #expect(answer.items.map(\.recipe.name).contains("Pancakes"))
    let none = try app.larder.findRecipes(
      FinderRequest(have: ["egg"], staples: ["salt"]), as: app.caller)
    #expect(none.unknownStaples.isEmpty)
  }

  @Test func anUnknownDietIsAnInvalidValueNamingTheKnownOnes() throws {
    let app = try PlanningLarder()
    let error = #expect(throws: ApplicationError.self) {
      try app.larder.findRecipes(FinderRequest(have: ["egg"], diets: ["carnivore"]), as: app.caller)
    }
    guard case .invalidValue(let field, let value, let expected) = error else {
      Issue.record("expected an invalid value, got \(String(describing: error))")
      return
    }
    #expect(field == Field("diet"))
    #expect(value == "carnivore")
    #expect(expected.contains("vegetarian"))
    #expect(
      error?.message(naming: .commandLine(options: [:]))
        .hasPrefix("option --diet: 'carnivore' is not one of") == true)
  }

  @Test(arguments: [
    (FinderRequest(missing: 51), "missing", "'51' is not a whole number from 0 to 50"),
    (FinderRequest(maxTime: 0), "maxTime", "'0' is not a whole number from 1 to 100000"),
    (FinderRequest(limit: 0), "limit", "'0' is not a whole number from 1 to 200"),
  ])
  func rangesHoldForARequestBuiltInCode(
    request: FinderRequest, field: String, message: String
  ) throws {
    let app = try PlanningLarder()
    let error = #expect(throws: ApplicationError.self) {
      try app.larder.findRecipes(request, as: app.caller)
    }
    #expect(error?.message(naming: .api(defaultLocation: .query)).hasSuffix(message) == true)
    #expect(error?.isAboutAField == true)
  }

  @Test func aQueryAndABodyReadTheSameRequest() throws {
    let query = try FinderRequest.decode(query: [
      "have": "eggs, flour", "diet": "vegetarian", "diets": "nut-free", "missing": "2",
      "favorites": "yes", "staples": "", "useItUp": "true", "limit": "5",
    ])
    let body = try FinderRequest.decode(
      json: Data(
        #"{"have": ["eggs", "flour"], "diet": "vegetarian", "diets": ["nut-free"], "missing": 2, "favorites": true, "staples": [], "useItUp": true, "limit": 5}"#
          .utf8))
    #expect(query == body)
    #expect(query.diets == ["vegetarian", "nut-free"])
    #expect(query.missing == 2)
    #expect(query.offset == 0)
    let staples = try FinderRequest.decode(json: Data(#"{"staples": []}"#.utf8))
    #expect(staples.staples == [])
  }

  @Test func theAnswerKeepsTheAPIsKeys() throws {
    let app = try PlanningLarder()
    let answer = try app.larder.findRecipes(
      FinderRequest(have: ["milk", "eggs", "flour"], missing: 1), as: app.caller)
    let object = try jsonObject(answer)
    #expect(
      Set(object.keys) == [
        "pantry", "unknown", "unknownStaples", "pantrySource", "useItUp", "items", "unjudged",
        "total", "offset", "limit",
      ])
    let item = try #require((object["items"] as? [[String: Any]])?.first)
    #expect(
      Set(item.keys) == [
        "recipe", "missingCount", "matched", "missing", "substitutions", "unmatchedLines",
        "unmatchedLineTexts", "pantryFoodsUsed", "kindMatches", "choices", "shortfalls",
      ])
    #expect((item["recipe"] as? [String: Any])?["name"] as? String == "Pancakes")
    let pantry = try #require((object["pantry"] as? [[String: Any]])?.first)
    #expect(pantry["input"] as? String == "milk")
    #expect((pantry["food"] as? [String: Any])?["id"] as? String == "milk")
  }
}
