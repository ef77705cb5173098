import Foundation
import LarderApplication
import LarderCore

/// `larder delete ID...`: deletes each recipe, reporting each one; fails if any is missing.
enum DeleteCommand {
  /// What happened to one ID, as `--json` prints it.
  struct Outcome: Encodable {
    var id: String
    var name: String?
    var status: String
    var error: String?
  }

  static func run(_ context: CommandContext) throws -> Int32 {
    let larder = try context.openLarder().larder
    var failed = 0
    var results: [Outcome] = []
    for text in context.command.arguments("id") {
      do {
        let recipe = try larder.resolveRecipe(text, as: context.caller)
        try larder.deleteRecipe(recipe.id, as: context.caller)
        results.append(Outcome(id: recipe.id.rawValue, name: recipe.name, status: "deleted"))
        if !context.json { context.console.print("Deleted \(recipe.name) (\(recipe.id))") }
      } catch let error as ApplicationError {
        // A missing or ambiguous ID fails alone; the other IDs are still deleted and reported.
        failed += 1
        let message = LarderCommandLine.message(for: error, in: context.command)
        results.append(Outcome(id: text, status: "failed", error: message))
        context.console.printError("larder delete: \(message)")
      }
    }
    if context.json { try context.printJSON(results) }
    return failed == 0 ? LarderCommandLine.exitSuccess : LarderCommandLine.exitFailure
  }
}
