import Foundation

/// Where a household's own foods and synonyms are kept. The SQLite store implements it in
/// LarderStore and the in-memory test double alike; both pass the same contract tests.
///
/// The store keeps what it is given; checking a food against the catalog (its parent exists,
/// it is not its own ancestor) is ``FoodCatalog/adding(_:)``'s job, done before saving.
public protocol FoodStore: Sendable {
  /// The household's foods and synonyms, each list in the order it was saved.
  func userFoods(household: HouseholdID) throws -> UserFoods

  /// Saves a food, replacing the household's food with the same id.
  func saveUserFood(_ food: Food, household: HouseholdID, now: Date) throws

  /// Deletes a household's food and the synonyms that name it.
  /// Throws ``LarderCoreError/foodNotFound(_:)`` when the household has no such food.
  func deleteUserFood(id: String, household: HouseholdID) throws

  /// Saves a synonym; saving the same name again points it at the new food.
  func saveSynonym(_ synonym: UserSynonym, household: HouseholdID, now: Date) throws

  /// Deletes a synonym, compared without regard to case.
  /// Throws ``LarderCoreError/foodNotFound(_:)`` when the household has no such synonym.
  func deleteSynonym(_ synonym: String, household: HouseholdID) throws
}
