import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// The household's own foods: checked before saving, live at once, stored recipes matched
/// again after every change.
@Suite struct HouseholdFoodsTests {
  let recipes = InMemoryRecipeStore()
  let foodStore = InMemoryFoodStore()
  let larder: Larder

  init() {
    larder = Larder(recipes: recipes, foodStore: foodStore, clock: { Fixtures.now })
  }

  /// The default household's catalog as the Larder holds it now.
  var foods: FoodCatalog {
    get throws { try larder.foodCatalog(as: .defaultHousehold) }
  }

  /// A stored recipe with a line naming a food the catalog does not have.
  func storeSudachiRecipe() throws -> RecipeID {
    let recipe = Recipe(
      name: "Sudachi Soba",
      ingredientSections: [IngredientSection(lines: [IngredientLine(text: "2 sudachi")])])
    let analyzing = AnalyzingRecipeStore(base: recipes, analyzer: .matchingFoods(in: .bundled))
    return try analyzing.createRecipe(recipe, household: .default, now: Fixtures.now).id
  }

  func foodID(of id: RecipeID) throws -> String? {
    try recipes.recipe(id: id, household: .default)?.ingredientLines.first?.facts?.foodID
  }

  @Test func anAddedFoodIsSavedLiveAndStoredRecipesAreMatchedAgainNow() throws {
    let id = try storeSudachiRecipe()
    #expect(try foodID(of: id) == nil)
    let added = try larder.addFood(
      AddFoodRequest(name: "sudachi", parent: "citrus", aisle: "produce"),
      rematching: .now(progress: { _, _ in }), as: .defaultHousehold)
    #expect(added.food.id == "sudachi")
    #expect(added.food.parentID == "citrus")
    #expect(!added.replaced)
    #expect(added.rematched == RematchReport(recipes: 1, changed: 1))
    #expect(try foodStore.userFoods(household: .default).foods.map(\.id) == ["sudachi"])
    #expect(try foods.food(id: "sudachi") != nil)
    #expect(try foodID(of: id) == "sudachi")
  }

  @Test func aPostponedRematchLeavesStoredRecipesAlone() throws {
    let id = try storeSudachiRecipe()
    let added = try larder.addFood(
      AddFoodRequest(name: "sudachi"), rematching: .postponed, as: .defaultHousehold)
    #expect(added.rematched == nil)
    #expect(try foods.food(id: "sudachi") != nil)
    #expect(try foodID(of: id) == nil)
    #expect(try larder.rematchRecipes(as: .defaultHousehold).changed == 1)
    #expect(try foodID(of: id) == "sudachi")
  }

  @Test func aBackgroundRematchRunsOnTheRematchersQueue() throws {
    let id = try storeSudachiRecipe()
    let log = Recorder<String>()
    let logging = Larder(
      recipes: recipes, foodStore: foodStore, log: { log.append($0) })
    let rematcher = RecipeRematcher(larder: logging)
    _ = try logging.addFood(
      AddFoodRequest(name: "sudachi"), rematching: .inBackground(rematcher),
      as: .defaultHousehold)
    rematcher.wait()
    #expect(try foodID(of: id) == "sudachi")
    #expect(log.all.contains("Foods changed: matched recipes again, 1 changed."), "\(log.all)")
  }

  @Test(arguments: [
    (AddFoodRequest(name: ""), "name"),
    (AddFoodRequest(name: "sudachi", parent: "unobtainium"), "parent"),
    (AddFoodRequest(name: "sudachi", aisle: "garden"), "aisle"),
    (AddFoodRequest(name: "sudachi", density: 30), "density"),
    (AddFoodRequest(name: "tomato"), "id"),
  ])
  func badFoodsAreRefusedNamingTheFieldAndNothingIsSaved(
    request: AddFoodRequest, field: String
  ) throws {
    do {
      _ = try larder.addFood(request, rematching: .postponed, as: .defaultHousehold)
      Issue.record("\(request) was accepted")
    } catch let error as ApplicationError {
      #expect(error.isAboutAField, "\(error)")
      #expect(
        error.message(naming: .commandLine(options: [:])).contains("option --\(field)"),
        "\(error)")
    }
    #expect(try foodStore.userFoods(household: .default).isEmpty)
  }

  @Test func replacingACatalogFoodSaysSo() throws {
    let added = try larder.addFood(
      AddFoodRequest(name: "tomato", aisle: "canned", replace: true), rematching: .postponed,
      as: .defaultHousehold)
    #expect(added.replaced)
    #expect(try foods.food(id: "tomato")?.aisle == .canned)
  }

  @Test func aSynonymNamesAFoodAndIsRemovedAgain() throws {
    let added = try larder.addSynonym(
      AddSynonymRequest(synonym: "nana's greens", food: "spinach"), rematching: .postponed,
      as: .defaultHousehold)
    #expect(added.synonym == UserSynonym("nana's greens", foodID: "spinach"))
    #expect(try foods.match("nana's greens")?.foodID == "spinach")
    let removed = try larder.removeFoodOrSynonym(
      "NANA'S GREENS", rematching: .postponed, as: .defaultHousehold)
    #expect(removed.kind == .synonym)
    #expect(try foods.match("nana's greens")?.foodID != "spinach")
  }

  @Test func removingASynonymByNameLeavesTheFood() throws {
    _ = try larder.addSynonym(
      AddSynonymRequest(synonym: "green gold", food: "spinach"), rematching: .postponed,
      as: .defaultHousehold)
    let removed = try larder.removeSynonym(
      "Green Gold", rematching: .postponed, as: .defaultHousehold)
    #expect(removed.kind == .synonym)
    #expect(removed.name == "Green Gold")
    #expect(try foodStore.userFoods(household: .default).synonyms.isEmpty)
    #expect(try foods.match("green gold")?.foodID != "spinach")
    #expect(try foods.food(id: "spinach") != nil)
  }

  @Test func aSynonymForAnUnknownFoodIsRefused() {
    #expect(
      throws: ApplicationError.refusedValue(
        Field("food"), value: "unobtainium", reason: "no food has this id or name")
    ) {
      try larder.addSynonym(
        AddSynonymRequest(synonym: "magic", food: "unobtainium"), rematching: .postponed,
        as: .defaultHousehold)
    }
  }

  @Test func aFoodOthersAreKindsOfIsKeptAndAMissingOneIsNotFound() throws {
    _ = try larder.addFood(
      AddFoodRequest(name: "sudachi", parent: "citrus"), rematching: .postponed,
      as: .defaultHousehold)
    _ = try larder.addFood(
      AddFoodRequest(name: "green sudachi", parent: "sudachi"), rematching: .postponed,
      as: .defaultHousehold)
    do {
      _ = try larder.removeUserFood("sudachi", rematching: .postponed, as: .defaultHousehold)
      Issue.record("a parent food was removed")
    } catch let error as ApplicationError {
      #expect(error.description.contains("green-sudachi"), "\(error)")
    }
    let removed = try larder.removeFoodOrSynonym(
      "green-sudachi", rematching: .postponed, as: .defaultHousehold)
    #expect(removed.kind == .food)
    #expect(try foods.food(id: "green-sudachi") == nil)
    do {
      _ = try larder.removeUserFood("nothing", rematching: .postponed, as: .defaultHousehold)
      Issue.record("removing nothing succeeded")
    } catch let error as ApplicationError {
      #expect(error.description.contains("'nothing'"), "\(error)")
    }
  }

  @Test func theRequestReadsJSONWithAListOfSynonyms() throws {
    let request = try AddFoodRequest.decode(
      json: Data(#"{"name": "sudachi", "synonyms": ["sudachi lime"], "density": 1}"#.utf8))
    #expect(request == AddFoodRequest(name: "sudachi", density: 1, synonyms: ["sudachi lime"]))
    #expect(throws: ApplicationError.self) {
      try AddFoodRequest.decode(json: Data(#"{"name": "s", "synonyms": "sudachi lime"}"#.utf8))
    }
  }

  @Test func theHouseholdsFoodsAreListed() throws {
    _ = try larder.addFood(
      AddFoodRequest(name: "sudachi"), rematching: .postponed, as: .defaultHousehold)
    #expect(try larder.userFoods(as: .defaultHousehold).foods.map(\.id) == ["sudachi"])
  }
}
