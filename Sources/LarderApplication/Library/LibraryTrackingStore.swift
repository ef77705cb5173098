import Foundation
import LarderCore

/// Passes every call to the store and tells the library index about each write.
struct LibraryTrackingStore: ForwardingRecipeStore {
  let base: any RecipeStore
  let library: LibraryIndex

  func createRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    let created = try base.createRecipe(recipe, household: household, now: now)
    library.apply(.saved(created), household: household)
    return created
  }

  func updateRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    let updated = try base.updateRecipe(recipe, household: household, now: now)
    library.apply(.saved(updated), household: household)
    return updated
  }

  func deleteRecipe(id: RecipeID, household: HouseholdID) throws {
    try base.deleteRecipe(id: id, household: household)
    library.apply(.deleted(id), household: household)
  }

  func importRecipes(
    _ recipes: [Recipe], household: HouseholdID, now: Date
  ) throws -> [ImportOutcome] {
    defer { library.invalidate(household: household) }
    return try base.importRecipes(recipes, household: household, now: now)
  }
}
