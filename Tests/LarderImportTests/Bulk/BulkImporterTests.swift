import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderImport

/// Storing what was read: batches, a failing item losing nothing, idempotent re-runs.
@Suite struct BulkImporterTests {
  /// A store that refuses any recipe named `refused`, as a constraint would.
  final class RefusingStore: RecipeStore, @unchecked Sendable {
    // @unchecked: tests use it from one thread; the wrapped store locks its own state.
    let base = InMemoryRecipeStore()
    let refused: String

    init(refusing name: String) { refused = name }

    struct Refusal: Error, CustomStringConvertible {
      var description: String
    }

    func importRecipes(
      _ recipes: [Recipe], household: HouseholdID, now: Date
    ) throws
      -> [ImportOutcome]
    {
      if recipes.contains(where: { $0.name == refused }) {
        throw Refusal(description: "the store refused '\(refused)'")
      }
      return try base.importRecipes(recipes, household: household, now: now)
    }
    func recipe(id: RecipeID, household: HouseholdID) throws -> Recipe? {
      try base.recipe(id: id, household: household)
    }
    func recipes(matching query: RecipeQuery, household: HouseholdID) throws -> Page<RecipeSummary>
    {
      try base.recipes(matching: query, household: household)
    }
    func recipeCount(household: HouseholdID) throws -> Int {
      try base.recipeCount(household: household)
    }
    func createRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
      try base.createRecipe(recipe, household: household, now: now)
    }
    func updateRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
      try base.updateRecipe(recipe, household: household, now: now)
    }
    func deleteRecipe(id: RecipeID, household: HouseholdID) throws {
      try base.deleteRecipe(id: id, household: household)
    }
    func foodProfiles(household: HouseholdID) throws -> [RecipeFoodProfile] {
      try base.foodProfiles(household: household)
    }
  }

  static func document(count: Int, unreadable: Set<Int> = []) -> ImportDocument {
    let items = (1...count).map { number -> FoundRecipe in
      if unreadable.contains(number) {
        return FoundRecipe(
          index: number - 1, name: nil, result: .failure(.missingField(field: "name")),
          warnings: [])
      }
      var recipe = Recipe(name: "Recipe \(number)")
      recipe.ingredientSections = [
        IngredientSection(lines: [IngredientLine(text: "\(number) g salt")])
      ]
      return FoundRecipe(
        index: number - 1, name: recipe.name, result: .success(recipe), warnings: [])
    }
    return ImportDocument(
      source: ImportSource(file: "export.zip", members: ["recipes.json"]), format: .schemaOrg,
      status: .read, items: items)
  }

  @Test func itemFiftySevenFailingLosesNothingFromTheOthers() throws {
    let store = RefusingStore(refusing: "Recipe 57")
    let logged = Recorder<String>()
    let report = BulkImporter.store(
      Self.document(count: 250, unreadable: [120]), into: store, now: Date(),
      log: { logged.append($0) })
    #expect(report.items.count == 250)
    #expect(report.items.filter { $0.status == .created }.count == 248)
    #expect(report.items[56].status == .failed)
    // The store's own words go to the log; the report says it plainly.
    #expect(
      report.items[56].error
        == "could not be stored: the database refused it (the server's log has the details)")
    #expect(logged.all.contains { $0.hasSuffix("'Recipe 57': the store refused 'Recipe 57'") })
    #expect(report.items[119].error == "field 'name' is required")
    #expect(try store.recipeCount(household: .default) == 248)
  }

  @Test func importingAgainChangesNothing() throws {
    let store = InMemoryRecipeStore()
    let first = BulkImporter.store(Self.document(count: 3), into: store, now: Date())
    let second = BulkImporter.store(Self.document(count: 3), into: store, now: Date())
    #expect(first.items.map(\.status) == [.created, .created, .created])
    #expect(second.items.map(\.status) == [.unchanged, .unchanged, .unchanged])
    #expect(second.items.map(\.recipeID) == first.items.map(\.recipeID))
    #expect(try store.recipeCount(household: .default) == 3)
  }
}
