import Foundation
import LarderCore

/// The store every use case reads and writes recipes through: passes each call to the store,
/// tells the library index of each write, and reports the core's errors as
/// ``ApplicationError`` (a store's own failure passes through), so no use case lets one out.
struct LibraryTrackingStore: ForwardingRecipeStore {
  let base: any RecipeStore
  let library: LibraryIndex

  func recipe(id: RecipeID, household: HouseholdID) throws -> Recipe? {
    try ApplicationError.translating { try base.recipe(id: id, household: household) }
  }

  func recipes(
    matching query: RecipeQuery, household: HouseholdID
  ) throws -> Page<RecipeSummary> {
    try ApplicationError.translating { try base.recipes(matching: query, household: household) }
  }

  func recipeCount(household: HouseholdID) throws -> Int {
    try ApplicationError.translating { try base.recipeCount(household: household) }
  }

  func foodProfiles(household: HouseholdID) throws -> [RecipeFoodProfile] {
    try ApplicationError.translating { try base.foodProfiles(household: household) }
  }

  func recipeIDs(startingWith prefix: String, household: HouseholdID) throws -> [RecipeID] {
    try ApplicationError.translating {
      try base.recipeIDs(startingWith: prefix, household: household)
    }
  }

  func createRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    let created = try ApplicationError.translating {
      try base.createRecipe(recipe, household: household, now: now)
    }
    library.apply(.saved(created), household: household)
    return created
  }

  func updateRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    let updated = try ApplicationError.translating {
      try base.updateRecipe(recipe, household: household, now: now)
    }
    library.apply(.saved(updated), household: household)
    return updated
  }

  func deleteRecipe(id: RecipeID, household: HouseholdID) throws {
    try ApplicationError.translating { try base.deleteRecipe(id: id, household: household) }
    library.apply(.deleted(id), household: household)
  }

  func importRecipes(
    _ recipes: [Recipe], household: HouseholdID, now: Date
  ) throws -> [ImportOutcome] {
    defer { library.invalidate(household: household) }
    return try ApplicationError.translating {
      try base.importRecipes(recipes, household: household, now: now)
    }
  }
}
