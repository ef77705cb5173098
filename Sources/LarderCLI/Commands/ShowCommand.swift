import Foundation
import LarderApplication
import LarderCore

/// `larder show ID [--servings N] [--units us|metric|original]`: one recipe, readable or as
/// JSON; with servings or units, its lines as the recipe page shows them scaled.
enum ShowCommand {
  /// The options that scale and convert the lines.
  static let options: [OptionSpec] = [
    .option("servings", valueName: "N", help: "Show the lines scaled to N servings."),
    .option(
      "units", valueName: "SYSTEM",
      help: "Show amounts in us, metric or original units (default: original)."),
  ]

  static func run(_ context: CommandContext) throws -> Int32 {
    let larder = try context.openLarder().larder
    let recipe = try larder.resolveRecipe(context.command.argument("id") ?? "", as: context.caller)
    let servings = try context.command.number("servings", in: RecipeLinesRequest.servingsRange)
    let units = try context.command.choice("units", as: RecipeLinesRequest.Units.self)
    var shown: RecipeLines?
    if servings != nil || units != nil {
      shown = try larder.recipeLines(
        recipe.id, RecipeLinesRequest(servings: servings, units: units ?? .original),
        as: context.caller)
    }
    if context.json {
      if let shown { try context.printJSON(shown) } else { try context.printJSON(recipe) }
      return LarderCommandLine.exitSuccess
    }
    context.console.print(render(recipe, lines: shown))
    return LarderCommandLine.exitSuccess
  }

  /// The recipe as text for a terminal; `lines`, when given, replace the ingredients as
  /// written with the lines as shown (scaled, converted).
  static func render(_ recipe: Recipe, lines shown: RecipeLines? = nil) -> String {
    var lines = [recipe.name, String(repeating: "=", count: min(recipe.name.count, 72))]
    if let description = recipe.description { lines += [description, ""] }
    var facts: [String] = []
    if let prep = recipe.prepTime, prep.seconds > 0 { facts.append("Prep \(prep)") }
    if let cook = recipe.cookTime, cook.seconds > 0 { facts.append("Cook \(cook)") }
    if let total = recipe.effectiveTotalTime, total.seconds > 0 { facts.append("Total \(total)") }
    if let yield = recipe.yield, !yield.displayText.isEmpty {
      facts.append("Makes \(yield.displayText)")
    }
    if let shown, let target = shown.targetServings, shown.factor != 1 {
      facts.append("Shown for \(PlanCommand.number(target)) servings")
    }
    if !facts.isEmpty { lines.append(facts.joined(separator: " · ")) }
    let labels = recipe.cuisines + recipe.courses + recipe.diets.map(\.rawValue)
    if !labels.isEmpty { lines.append(labels.joined(separator: " · ")) }
    lines.append("ID \(recipe.id)")
    lines += ["", "Ingredients"]
    if let shown {
      for section in shown.sections {
        if let title = section.title { lines += ["", "  \(title):"] }
        lines += section.lines.map { "  - \($0.shown)" }
      }
    } else {
      for section in recipe.ingredientSections {
        if let title = section.title { lines += ["", "  \(title):"] }
        lines += section.lines.map { "  - \($0.text)" }
      }
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
