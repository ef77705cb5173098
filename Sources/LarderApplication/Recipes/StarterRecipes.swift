import Foundation
import LarderCore

/// The recipes written for Larder that a new library starts with, shipped as schema.org
/// JSON-LD files in this module's resources.
public enum StarterRecipes {
  /// The folder holding the JSON-LD files.
  public static var folder: URL? {
    Bundle.module.resourceURL?.appendingPathComponent("starter-recipes")
  }

  /// Reads every starter recipe, in file-name order. A file that cannot be read is an error
  /// naming the file: the starter set ships with the binary and must be whole.
  public static func load() throws -> [Recipe] {
    guard let folder else {
      throw LarderCoreError.invalidJSON(detail: "starter recipes are missing")
    }
    let files = try FileManager.default.contentsOfDirectory(
      at: folder, includingPropertiesForKeys: nil
    )
    .filter { $0.pathExtension == "json" }
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
    return try files.flatMap { file -> [Recipe] in
      let items = try SchemaOrg.readRecipes(from: Data(contentsOf: file))
      return try items.map { item in
        switch item.result {
        case .success(let recipe): return recipe
        case .failure(let error):
          throw LarderCoreError.invalidJSON(detail: "\(file.lastPathComponent): \(error)")
        }
      }
    }
  }

  /// Imports the starter recipes into a store; returns how many were created. Callers go
  /// through ``Larder/seedStarterRecipes(as:)``, which names the household.
  @discardableResult
  static func seed(into store: any RecipeStore, household: HouseholdID, now: Date) throws -> Int {
    let outcomes = try store.importRecipes(try load(), household: household, now: now)
    return outcomes.filter(\.isCreated).count
  }
}

extension Larder {
  /// Imports the starter recipes into the caller's household; returns how many were created
  /// (none when they are all there already).
  @discardableResult
  public func seedStarterRecipes(as caller: Caller) throws -> Int {
    try caller.require(.change)
    return try ApplicationError.translating {
      try StarterRecipes.seed(into: recipes, household: caller.household, now: clock())
    }
  }
}
