import Foundation
import LarderApplication
import LarderCore

/// `larder nutrition RECIPE [--servings N]`: a recipe's nutrition worked out from its lines,
/// per serving and in total, with what was counted and what was not, and the page's own figures
/// apart.
enum NutritionCommand {
  static let spec = CommandSpec(
    "nutrition", abstract: "Work out a recipe's nutrition from its lines.",
    discussion: """
      Per serving and in total, from USDA SR26 (and Open Tandoor Data) figures per 100 g. \
      Lines that cannot be counted say why ("salt to taste: no amount"); the page's own \
      nutrition, when it gave one, is shown apart as "the page says".
      """,
    options: [
      .option(
        "servings", valueName: "N", help: "Servings to work it out for (default: the recipe's).")
    ],
    arguments: [ArgumentSpec("recipe", help: "The recipe's ID (or a unique start of it).")])

  static func run(_ context: CommandContext) throws -> Int32 {
    let larder = try context.openLarder().larder
    let servings = try context.command.number("servings", in: RecipeLinesRequest.servingsRange)
    let request = RecipeNutritionRequest(servings: servings)
    try request.validate()
    let recipe = try larder.resolveRecipe(
      context.command.argument("recipe") ?? "", as: context.caller)
    let report = try larder.recipeNutrition(recipe.id, request, as: context.caller)
    if context.json {
      try context.printJSON(report)
      return LarderCommandLine.exitSuccess
    }
    context.console.print(render(report, name: recipe.name))
    return LarderCommandLine.exitSuccess
  }

  /// The report as text for a terminal.
  static func render(_ report: RecipeNutritionReport, name: String) -> String {
    var lines = [name, String(repeating: "=", count: min(name.count, 72))]
    if let servings = report.servings {
      var heading = "For \(PlanCommand.number(servings)) serving" + (servings == 1 ? "" : "s")
      if let own = report.recipeServings, own != servings {
        heading += " (the recipe makes \(PlanCommand.number(own)))"
      }
      lines.append(heading)
    } else {
      lines.append("The recipe does not say how many it serves: figures for the whole recipe.")
    }
    lines.append("")
    let rows = report.rows
    let labelWidth = rows.map { $0.label.count + ($0.isPart ? 2 : 0) }.max() ?? 0
    let servingWidth = max(rows.compactMap { $0.perServing?.count }.max() ?? 0, 11)
    func pad(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: max(0, width - text.count))
    }
    let hasServing = report.perServing != nil
    lines.append(
      pad("", labelWidth + 2) + (hasServing ? pad("per serving", servingWidth + 2) : "")
        + "total")
    for row in rows {
      let label = (row.isPart ? "  " : "") + row.label
      lines.append(
        pad(label, labelWidth + 2)
          + (hasServing ? pad(row.perServing ?? "", servingWidth + 2) : "") + row.total)
    }
    lines += ["", "Coverage: \(report.coverage.summary)", "", "Lines"]
    for line in report.lines {
      switch line.status {
      case .counted:
        var text = "  + \(line.text)"
        var facts: [String] = []
        if let grams = line.grams { facts.append("\(NutritionRow.formatted(grams, places: 0)) g") }
        // "as black beans (canned)": the food, and the state it was counted in.
        let countedName = line.countedAs?.name ?? line.food?.name
        if let variant = line.variant, let countedName {
          facts.append("as \(countedName) (\(variant.rawValue))")
        } else if let countedAs = line.countedAs {
          facts.append("as \(countedAs.name)")
        }
        if let kcal = line.nutrients?.energyKcal {
          facts.append("\(NutritionRow.formatted(kcal, places: 0)) kcal")
        }
        if !facts.isEmpty { text += " (\(facts.joined(separator: ", ")))" }
        lines.append(text)
      case .negligible, .notCounted:
        lines.append("  - \(line.text): \(line.reason ?? "not counted")")
      }
    }
    let page = report.pageSaysEntries
    if !page.isEmpty {
      lines += ["", "The page says (per serving, not worked out by Larder)"]
      lines += page.map { "  \($0.label): \($0.value)" }
    }
    return lines.joined(separator: "\n")
  }
}
