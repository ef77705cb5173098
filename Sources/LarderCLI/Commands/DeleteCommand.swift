import Foundation
import LarderCore

/// `larder delete ID...`: deletes each recipe, reporting each one; fails if any is missing.
enum DeleteCommand {
  static func run(_ context: CommandContext) throws -> Int32 {
    let store = try context.openStore()
    var failed = 0
    var results: [[String: Any]] = []
    for text in context.command.arguments("id") {
      do {
        let recipe = try context.resolveRecipe(text, in: store)
        try store.deleteRecipe(id: recipe.id, household: .default)
        results.append(["id": recipe.id.rawValue, "name": recipe.name, "status": "deleted"])
        if !context.json { context.console.print("Deleted \(recipe.name) (\(recipe.id))") }
      } catch let error where error is LarderCoreError || error is CLIError {
        // A missing or ambiguous ID fails alone; the other IDs are still deleted and reported.
        failed += 1
        results.append(["id": text, "status": "failed", "error": "\(error)"])
        context.console.printError("larder delete: \(error)")
      }
    }
    if context.json { try context.printJSONObject(results) }
    return failed == 0 ? LarderCommandLine.exitSuccess : LarderCommandLine.exitFailure
  }
}
