import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// A planning store whose writes fail as the core reports a record gone since it was read.
private struct VanishingPlanningStore: PlanningStore {
  let base: InMemoryPlanningStore

  func pantryItems(household: HouseholdID) throws -> [PantryItem] {
    try base.pantryItems(household: household)
  }

  func mealPlanEntries(
    from: CalendarDay, through: CalendarDay, household: HouseholdID
  ) throws -> [MealPlanEntry] {
    try base.mealPlanEntries(from: from, through: through, household: household)
  }

  func shoppingListItems(household: HouseholdID) throws -> [ShoppingListItem] {
    try base.shoppingListItems(household: household)
  }

  func apply(_ changes: PlanningChanges, household: HouseholdID) throws {
    throw LarderCoreError.notFound(kind: "pantry item", id: "gone")
  }

  func update<Result>(
    household: HouseholdID, _ plan: (PlanningSnapshot) throws -> (PlanningChanges, Result)
  ) throws -> Result {
    throw LarderCoreError.notFound(kind: "pantry item", id: "gone")
  }
}

/// A recipe store whose recipes vanish between being listed and being read.
private struct VanishingRecipeStore: ForwardingRecipeStore {
  let base: any RecipeStore

  func recipe(id: RecipeID, household: HouseholdID) throws -> Recipe? {
    throw LarderCoreError.recipeNotFound(id)
  }
}

/// Use cases throw only ApplicationError: the core's errors are translated on the way out.
@Suite struct CoreErrorsTests {
  @Test func aStoreWriteTheCoreRefusesReachesTheCallerAsAnApplicationError() throws {
    let fixture = try PlanningLarder()
    try fixture.stock("3 onions")
    _ = try fixture.larder.addShoppingItem(NewShoppingItem(line: "2 lemons"), as: fixture.caller)
    let larder = Larder(
      recipes: fixture.larder.recipes,
      planning: VanishingPlanningStore(base: fixture.planning),
      settings: fixture.larder.settings, clock: { Fixtures.now })
    let gone = ApplicationError.notFound(.pantryItem, id: "gone")
    let caller = fixture.caller
    let bake = fixture.id("Chicken Bake")
    #expect(throws: gone) { try larder.removePantryItems(["id-0001"], as: caller) }
    #expect(throws: gone) { try larder.deduct(DeductionRequest(recipe: bake), as: caller) }
    #expect(throws: gone) {
      try larder.generateShoppingList(
        ShoppingListGeneration(recipes: [ShoppingPortion(recipe: bake)]), as: caller)
    }
    #expect(throws: gone) {
      try larder.fillWeek(FillWeekRequest(meal: .dinner, save: true), as: caller)
    }
    #expect(throws: gone) { try larder.removeShoppingItems(["id-0002"], as: caller) }
    #expect(throws: gone) { try larder.moveCheckedToPantry(as: caller) }
  }

  @Test func aRecipeReadTheCoreRefusesReachesTheCallerAsAnApplicationError() throws {
    let base = InMemoryRecipeStore()
    let stored = try base.createRecipe(Fixtures.pancakes(), household: .default, now: Fixtures.now)
    let larder = Larder(recipes: VanishingRecipeStore(base: base), clock: { Fixtures.now })
    let gone = ApplicationError.notFound(.recipe, id: stored.id.rawValue)
    #expect(throws: gone) { try larder.allRecipes(as: .defaultHousehold) }
    #expect(throws: gone) { try larder.recipe(stored.id, as: .defaultHousehold) }
    #expect(throws: gone) { try larder.recipesToExport([], as: .defaultHousehold) }
    #expect(throws: gone) { try larder.recipeJSONLD(stored.id, as: .defaultHousehold) }
  }
}
