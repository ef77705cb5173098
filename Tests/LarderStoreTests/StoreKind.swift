import Foundation
import LarderCore
import LarderStore
import LarderTestSupport

/// The store implementations that must behave alike; a PostgreSQL store joins this list.
enum StoreKind: String, CaseIterable, CustomStringConvertible, Sendable {
  case sqlite
  case memory

  var description: String { rawValue }

  /// A fresh, empty store of this kind.
  func makeStore() throws -> any RecipeStore {
    switch self {
    case .sqlite:
      return try SQLiteRecipeStore.open(path: TemporaryFolder.make().appending("larder.sqlite"))
    case .memory: return InMemoryRecipeStore()
    }
  }

  /// A fresh, empty food store of this kind.
  func makeFoodStore() throws -> any FoodStore {
    switch self {
    case .sqlite:
      return try SQLiteRecipeStore.open(path: TemporaryFolder.make().appending("larder.sqlite"))
    case .memory: return InMemoryFoodStore()
    }
  }

  /// A fresh, empty planning store of this kind.
  func makePlanningStore() throws -> any PlanningStore {
    switch self {
    case .sqlite:
      return SQLitePlanningStore(
        sharing: try SQLiteRecipeStore.open(
          path: TemporaryFolder.make().appending("larder.sqlite")))
    case .memory: return InMemoryPlanningStore()
    }
  }
}

/// A new folder under the system's temporary directory for one test.
enum TemporaryFolder {
  static func make() throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-store-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}

extension String {
  /// This path with a component appended.
  func appending(_ component: String) -> String {
    (self as NSString).appendingPathComponent(component)
  }
}
