import Foundation
import LarderCore

/// A ``FoodStore`` held in memory: the test double for code above the store, and a second
/// implementation that the food store contract tests check alongside SQLite.
///
/// `@unchecked Sendable`: all state is reached only while holding `lock`.
public final class InMemoryFoodStore: FoodStore, @unchecked Sendable {
  private let lock = NSLock()
  private var saved: [HouseholdID: UserFoods] = [:]

  /// Makes an empty store.
  public init() {}

  /// The household's foods and synonyms, each in the order it was last saved.
  public func userFoods(household: HouseholdID) throws -> UserFoods {
    locked { saved[household] ?? UserFoods() }
  }

  /// Saves a food, replacing the household's food with the same id.
  public func saveUserFood(_ food: Food, household: HouseholdID, now: Date) throws {
    locked {
      var user = saved[household] ?? UserFoods()
      user.foods.removeAll { $0.id == food.id }
      user.foods.append(food)
      saved[household] = user
    }
  }

  /// Deletes a household's food and the synonyms that name it.
  public func deleteUserFood(id: String, household: HouseholdID) throws {
    try locked {
      var user = saved[household] ?? UserFoods()
      guard user.foods.contains(where: { $0.id == id }) else {
        throw LarderCoreError.foodNotFound(id)
      }
      user.foods.removeAll { $0.id == id }
      user.synonyms.removeAll { $0.foodID == id }
      saved[household] = user
    }
  }

  /// Saves a synonym; saving the same name again points it at the new food.
  public func saveSynonym(_ synonym: UserSynonym, household: HouseholdID, now: Date) throws {
    locked {
      var user = saved[household] ?? UserFoods()
      user.synonyms.removeAll { Self.same($0.synonym, synonym.synonym) }
      user.synonyms.append(synonym)
      saved[household] = user
    }
  }

  /// Deletes a synonym, compared without regard to case.
  public func deleteSynonym(_ synonym: String, household: HouseholdID) throws {
    try locked {
      var user = saved[household] ?? UserFoods()
      guard user.synonyms.contains(where: { Self.same($0.synonym, synonym) }) else {
        throw LarderCoreError.foodNotFound(synonym)
      }
      user.synonyms.removeAll { Self.same($0.synonym, synonym) }
      saved[household] = user
    }
  }

  private static func same(_ a: String, _ b: String) -> Bool {
    a.caseInsensitiveCompare(b) == .orderedSame
  }

  private func locked<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}
