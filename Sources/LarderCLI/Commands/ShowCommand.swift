import Foundation
import LarderApplication
import LarderCore

/// `larder show ID`: one recipe, readable or as JSON.
enum ShowCommand {
  static func run(_ context: CommandContext) throws -> Int32 {
    let larder = try context.openLarder().larder
    let recipe = try larder.resolveRecipe(context.command.argument("id") ?? "", as: context.caller)
    if context.json {
      try context.printJSON(recipe)
      return LarderCommandLine.exitSuccess
    }
    context.console.print(render(recipe))
    return LarderCommandLine.exitSuccess
  }

  /// The recipe as text for a terminal.
  static func render(_ recipe: Recipe) -> String {
    var lines = [recipe.name, String(repeating: "=", count: min(recipe.name.count, 72))]
    if let description = recipe.description { lines += [description, ""] }
    var facts: [String] = []
    if let prep = recipe.prepTime, prep.seconds > 0 { facts.append("Prep \(prep)") }
    if let cook = recipe.cookTime, cook.seconds > 0 { facts.append("Cook \(cook)") }
    if let total = recipe.effectiveTotalTime, total.seconds > 0 { facts.append("Total \(total)") }
    if let yield = recipe.yield, !yield.displayText.isEmpty {
      facts.append("Makes \(yield.displayText)")
    }
    if !facts.isEmpty { lines.append(facts.joined(separator: " · ")) }
    let labels = recipe.cuisines + recipe.courses + recipe.diets.map(\.rawValue)
    if !labels.isEmpty { lines.append(labels.joined(separator: " · ")) }
    lines.append("ID \(recipe.id)")
    lines += ["", "Ingredients"]
    for section in recipe.ingredientSections {
      if let title = section.title { lines += ["", "  \(title):"] }
      lines += section.lines.map { "  - \($0.text)" }
    }
    lines += ["", "Method"]
    var number = 1
    for section in recipe.instructionSections {
      if let title = section.title { lines += ["", "  \(title):"] }
      for step in section.steps {
        lines.append("  \(number). \(step.text)")
        number += 1
      }
    }
    if let notes = recipe.notes { lines += ["", "Notes", "  \(notes)"] }
    if let url = recipe.sourceURL { lines += ["", "Source: \(url)"] }
    return lines.joined(separator: "\n")
  }
}
