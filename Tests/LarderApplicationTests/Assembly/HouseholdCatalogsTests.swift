import Dispatch
import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderApplication

/// Two households in one Larder: each has its own foods, its own finder and its own rematch,
/// and neither sees the other's.
@Suite struct HouseholdCatalogsTests {
  let recipes = InMemoryRecipeStore()
  let foodStore = InMemoryFoodStore()
  let larder: Larder
  let first = Caller(household: HouseholdID(rawValue: "first"))
  let second = Caller(household: HouseholdID(rawValue: "second"))
  let log = Recorder<String>()

  init() {
    larder = Larder(
      recipes: recipes, analysis: .householdFoods, foodStore: foodStore,
      clock: { Fixtures.now }, log: { [log] in log.append($0) })
  }

  /// A recipe whose one line names the first household's food.
  static let flatbread = Recipe(
    name: "Zaatar Flatbread",
    ingredientSections: [IngredientSection(lines: [IngredientLine(text: "2 tbsp zaatar blend")])])

  static let omelette = Fixtures.dinner("Omelette", ["3 eggs", "1 tbsp butter"])

  /// The first household adds its own food.
  func addZaatar(_ rematching: Rematching = .postponed) throws -> AddedFood {
    try larder.addFood(
      AddFoodRequest(name: "zaatar blend", aisle: "spices"), rematching: rematching, as: first)
  }

  func foodID(_ recipe: Recipe, as caller: Caller) throws -> String? {
    try larder.recipe(recipe.id, as: caller).ingredientLines.first?.facts?.foodID
  }

  func names(_ answer: FinderAnswer) -> [String] { answer.items.map(\.recipe.name) }

  @Test func aFoodOneHouseholdAddsMatchesOnlyItsLines() throws {
    _ = try addZaatar()
    let mine = try larder.createRecipe(Self.flatbread, as: first)
    let theirs = try larder.createRecipe(Self.flatbread, as: second)
    #expect(mine.ingredientLines.first?.facts?.foodID == "zaatar-blend")
    #expect(theirs.ingredientLines.first?.facts?.foodID == nil)
    #expect(try larder.foodCatalog(as: first).food(id: "zaatar-blend") != nil)
    #expect(try larder.foodCatalog(as: second).food(id: "zaatar-blend") == nil)
    let line = IngredientParseRequest(lines: ["2 tbsp zaatar blend"])
    #expect(
      try larder.parseIngredients(line, as: first).items.first?.food?.foodID == "zaatar-blend")
    #expect(try larder.parseIngredients(line, as: second).items.first?.food == nil)
  }

  @Test func eachFinderHoldsOnlyItsHouseholdsRecipes() throws {
    let eggs = FinderRequest(have: ["eggs", "butter"])
    _ = try larder.createRecipe(Self.omelette, as: first)
    // The second household's finder is built on its first search, from its recipes alone.
    #expect(try larder.findRecipes(eggs, as: second).total == 0)
    #expect(larder.finderRecipeCount(as: second) == 0)
    #expect(larder.finderRecipeCount(as: first) == nil)
    var theirs = Self.omelette
    theirs.name = "Their Omelette"
    _ = try larder.createRecipe(theirs, as: second)
    #expect(names(try larder.findRecipes(eggs, as: first)) == ["Omelette"])
    #expect(names(try larder.findRecipes(eggs, as: second)) == ["Their Omelette"])
    // Writes after the builds go to the writer's finder only.
    var more = Self.omelette
    more.name = "Second Omelette"
    let written = try larder.createRecipe(more, as: first)
    #expect(Set(names(try larder.findRecipes(eggs, as: first))) == ["Omelette", "Second Omelette"])
    #expect(names(try larder.findRecipes(eggs, as: second)) == ["Their Omelette"])
    #expect(larder.finderRecipeCount(as: second) == 1)
    try larder.deleteRecipe(written.id, as: first)
    #expect(names(try larder.findRecipes(eggs, as: first)) == ["Omelette"])
    #expect(larder.finderRecipeCount(as: second) == 1)
  }

  @Test func aRematchAfterOneHouseholdsChangeTouchesOnlyItsRecipes() throws {
    let mine = try larder.createRecipe(Self.flatbread, as: first)
    let theirs = try larder.createRecipe(Self.flatbread, as: second)
    let blend = FinderRequest(have: ["zaatar blend"])
    _ = try larder.findRecipes(blend, as: first)
    _ = try larder.findRecipes(blend, as: second)
    let added = try addZaatar(.now(progress: { _, _ in }))
    #expect(added.rematched == RematchReport(recipes: 1, changed: 1))
    #expect(try foodID(mine, as: first) == "zaatar-blend")
    #expect(try foodID(theirs, as: second) == nil)
    #expect(try larder.recipe(theirs.id, as: second) == theirs)
    // The first household's finder was loaded again with the matched line; the second's
    // finder and catalog are as they were.
    #expect(names(try larder.findRecipes(blend, as: first)) == ["Zaatar Flatbread"])
    let answer = try larder.findRecipes(blend, as: second)
    #expect(answer.unknown == ["zaatar blend"])
    #expect(answer.items.isEmpty)
    #expect(try larder.rematchRecipes(as: second) == RematchReport(recipes: 1, changed: 0))
  }

  @Test func aBackgroundRematchIsForTheChangingHousehold() throws {
    let mine = try larder.createRecipe(Self.flatbread, as: first)
    let theirs = try larder.createRecipe(Self.flatbread, as: second)
    let rematcher = RecipeRematcher(larder: larder)
    _ = try addZaatar(.inBackground(rematcher))
    rematcher.wait()
    #expect(try foodID(mine, as: first) == "zaatar-blend")
    #expect(try foodID(theirs, as: second) == nil)
    #expect(log.all == ["Foods changed: matched recipes again, 1 changed."])
  }

  @Test func suggestionsAndAislesShowOnlyTheHouseholdsOwnFoods() throws {
    let typed = FoodSuggestionRequest(text: "zaatar")
    // Searched once before the change, so a stale index would show.
    #expect(try larder.suggestFoods(typed, as: first).items.allSatisfy { $0.id != "zaatar-blend" })
    _ = try addZaatar()
    #expect(try larder.suggestFoods(typed, as: first).items.first?.id == "zaatar-blend")
    #expect(try larder.suggestFoods(typed, as: second).items.allSatisfy { $0.id != "zaatar-blend" })
    _ = try larder.createRecipe(Self.flatbread, as: first)
    func spices(_ caller: Caller) throws -> [String] {
      try larder.foodCategories(as: caller).categories.first { $0.id == "spices" }?.foods
        .map(\.id) ?? []
    }
    #expect(try spices(first).first == "zaatar-blend")
    #expect(try !spices(second).contains("zaatar-blend"))
  }

  @Test func aHouseholdNotUsedYetCostsNothing() throws {
    _ = try addZaatar()
    _ = try larder.suggestFoods(FoodSuggestionRequest(text: "egg"), as: second)
    #expect(larder.households.existingState(for: first.household) != nil)
    #expect(larder.households.existingState(for: second.household) != nil)
    #expect(larder.households.existingState(for: HouseholdID(rawValue: "third")) == nil)
    #expect(larder.finderRecipeCount(as: Caller(household: HouseholdID(rawValue: "third"))) == nil)
    #expect(larder.households.existingState(for: HouseholdID(rawValue: "third")) == nil)
  }

  @Test func householdsWithoutFoodsOfTheirOwnShareOneNameIndex() throws {
    let third = Caller(household: HouseholdID(rawValue: "third"))
    let egg = FoodSuggestionRequest(text: "egg")
    #expect(
      try larder.suggestFoods(egg, as: second) == larder.suggestFoods(egg, as: third))
    #expect(try larder.household(second).foodNames.isShared)
    #expect(try larder.household(third).foodNames.isShared)
    _ = try addZaatar()
    #expect(try !larder.household(first).foodNames.isShared)
    #expect(try larder.household(second).foodNames.isShared)
  }

  @Test func aFoodThatNoLongerAppliesIsLoggedForTheHouseholdFirstUsingIt() throws {
    try foodStore.saveUserFood(
      Food(id: "orphan", name: "orphan", parentID: "gone-for-good"), household: second.household,
      now: Fixtures.now)
    _ = try larder.foodCatalog(as: first)
    #expect(log.all.isEmpty)
    #expect(try larder.foodCatalog(as: second).food(id: "orphan") == nil)
    #expect(log.all.count == 1)
    #expect(log.all.first?.hasPrefix("warning: household 'second': ") == true, "\(log.all)")
    _ = try larder.foodCatalog(as: second)
    #expect(log.all.count == 1)
  }

  @Test func aWriteIndexedWhileTheFinderIsBuiltIsNotLost() throws {
    let finder = HouseholdFinder()
    let edited = DispatchSemaphore(value: 0)
    let engine = try finder.engine(
      catalog: { FinderCatalog() },
      load: {
        // A write lands after the build read the store; its edit must wait for the build.
        DispatchQueue.global().async {
          finder.withEngine { $0.update(FinderRecipe(id: "late", requiredFoods: ["egg"])) }
          edited.signal()
        }
        Thread.sleep(forTimeInterval: 0.05)
        return [FinderRecipe(id: "early", requiredFoods: ["egg"])]
      })
    edited.wait()
    #expect(engine.contains(recipeID: "early"))
    #expect(engine.contains(recipeID: "late"))
    _ = try finder.rebuildIfBuilt(load: { [FinderRecipe(id: "early", requiredFoods: ["egg"])] })
    #expect(!engine.contains(recipeID: "late"))
  }
}
