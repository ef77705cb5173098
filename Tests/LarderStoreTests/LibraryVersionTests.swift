import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// The library version (migration 17): it moves on every change to what a household's finder
/// is made of, whoever makes it, and never comes back to a value it had.
@Suite struct LibraryVersionTests {
  private func version(
    _ store: SQLiteRecipeStore, _ household: HouseholdID = .default
  ) throws
    -> Int64
  {
    try #require(try store.libraryVersion(household: household))
  }

  @Test func movesOnEveryRecipeWriteAndStaysOnReads() throws {
    let store = try SQLiteRecipeStore.open(path: ":memory:")
    var seen = [try version(store)]
    let created = try store.createRecipe(
      Fixtures.pancakes(), household: .default, now: Fixtures.now)
    seen.append(try version(store))
    _ = try store.foodProfiles(household: .default)
    _ = try store.recipes(matching: RecipeQuery(text: "pancakes"), household: .default)
    #expect(try version(store) == seen.last)
    var changed = created
    changed.name = "Thin pancakes"
    _ = try store.updateRecipe(changed, household: .default, now: Fixtures.now)
    seen.append(try version(store))
    try store.deleteRecipe(id: created.id, household: .default)
    seen.append(try version(store))
    _ = try store.importRecipes([Fixtures.pancakes()], household: .default, now: Fixtures.now)
    seen.append(try version(store))
    // Strictly increasing: a delete and a create never give back an earlier version.
    #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 }, "\(seen)")
  }

  @Test func movesWhenRowsAreChangedWithSQLDirectly() throws {
    let path = try TemporaryFolder.make().appending("larder.sqlite")
    let store = try SQLiteRecipeStore.open(path: path)
    let created = try store.createRecipe(
      Fixtures.pancakes(), household: .default, now: Fixtures.now)
    var before = try version(store)
    let other = try SQLiteConnection(path: path)
    for statement in [
      "UPDATE recipes SET name = 'Renamed' WHERE id = '\(created.id.rawValue)'",
      "INSERT INTO recipe_foods (recipe_seq, food_id, is_optional) SELECT seq, 'saffron', 0 "
        + "FROM recipes WHERE id = '\(created.id.rawValue)'",
      "UPDATE recipe_foods SET is_optional = 1 WHERE food_id = 'saffron'",
      "DELETE FROM recipe_foods WHERE food_id = 'saffron'",
      "DELETE FROM recipes WHERE id = '\(created.id.rawValue)'",
    ] {
      try other.execute(statement, operation: "changing rows behind the store")
      let after = try version(store)
      #expect(after > before, "\(statement)")
      before = after
    }
  }

  @Test func movesWhenTheHouseholdsOwnFoodsChange() throws {
    let store = try SQLiteRecipeStore.open(path: ":memory:")
    let before = try version(store)
    try store.saveUserFood(
      Food(id: "sudachi", name: "sudachi", parentID: "citrus"), household: .default,
      now: Fixtures.now)
    let afterFood = try version(store)
    #expect(afterFood > before)
    try store.deleteUserFood(id: "sudachi", household: .default)
    #expect(try version(store) > afterFood)
  }

  @Test func isEachHouseholdsOwn() throws {
    let path = try TemporaryFolder.make().appending("larder.sqlite")
    let store = try SQLiteRecipeStore.open(path: path)
    try SQLiteConnection(path: path).execute(
      "INSERT INTO households (id, name, created_at) VALUES ('other', 'Other', 0)",
      operation: "adding a household")
    let other = HouseholdID(rawValue: "other")
    let before = try version(store)
    _ = try store.createRecipe(Fixtures.pancakes(), household: other, now: Fixtures.now)
    #expect(try version(store) == before)
    #expect(try version(store, other) > before)
    #expect(try store.libraryVersion(household: HouseholdID(rawValue: "nobody")) == nil)
  }
}
