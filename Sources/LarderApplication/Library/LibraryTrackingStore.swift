import Foundation
import LarderCore

/// Passes every call to the store and tells the library index about each write.
struct LibraryTrackingStore: ForwardingRecipeStore {
  let base: any RecipeStore
  let library: LibraryIndex

  func createRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    let created = try base.createRecipe(recipe, household: household, now: now)
    library.apply(.saved(created))
    return created
  }

  func updateRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    let updated = try base.updateRecipe(recipe, household: household, now: now)
    library.apply(.saved(updated))
    return updated
  }

  func deleteRecipe(id: RecipeID, household: HouseholdID) throws {
    try base.deleteRecipe(id: id, household: household)
    library.apply(.deleted(id))
  }

  func importRecipes(
    _ recipes: [Recipe], household: HouseholdID, now: Date
  ) throws -> [ImportOutcome] {
    defer { library.invalidate() }
    return try base.importRecipes(recipes, household: household, now: now)
  }
}
