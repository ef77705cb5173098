import Foundation

/// Writes recipes as Markdown for reading and printing: a title, a line of facts, the
/// ingredients as a bulleted list and the steps numbered, sections as subheadings.
public enum MarkdownWriter {
  /// One recipe as a Markdown document.
  public static func write(_ recipe: Recipe) -> String {
    var out: [String] = ["# \(escape(recipe.name))", ""]
    if let description = recipe.description {
      out += [description, ""]
    }
    var facts: [String] = []
    if let yield = recipe.yield, !yield.displayText.isEmpty {
      facts.append("**Serves:** \(yield.displayText)")
    }
    if let prep = recipe.prepTime { facts.append("**Prep:** \(prep)") }
    if let cook = recipe.cookTime { facts.append("**Cook:** \(cook)") }
    if let total = recipe.effectiveTotalTime, total.seconds > 0 {
      facts.append("**Total:** \(total)")
    }
    if !facts.isEmpty { out += [facts.joined(separator: " · "), ""] }
    var tags = recipe.courses + recipe.cuisines + recipe.keywords
    tags += recipe.diets.map(\.description)
    if !tags.isEmpty { out += ["*" + tags.map(escape).joined(separator: ", ") + "*", ""] }
    if !recipe.ingredientSections.isEmpty {
      out += ["## Ingredients", ""]
      for section in recipe.ingredientSections {
        if let title = section.title { out += ["### \(escape(title))", ""] }
        out += section.lines.map { "- " + escape($0.text) }
        out.append("")
      }
    }
    if !recipe.instructionSections.isEmpty {
      out += ["## Method", ""]
      for section in recipe.instructionSections {
        if let title = section.title { out += ["### \(escape(title))", ""] }
        for (number, step) in section.steps.enumerated() {
          let name = step.name.map { "**\(escape($0)).** " } ?? ""
          out.append("\(number + 1). " + name + escape(step.text))
        }
        out.append("")
      }
    }
    if let notes = recipe.notes { out += ["## Notes", "", notes, ""] }
    var source: [String] = []
    if let author = recipe.author { source.append("By \(escape(author))") }
    if let url = recipe.sourceURL { source.append("<\(url)>") }
    if !source.isEmpty { out += ["---", "", source.joined(separator: " · "), ""] }
    while out.last == "" { out.removeLast() }
    return out.joined(separator: "\n") + "\n"
  }

  /// Several recipes in one document, separated by rules.
  public static func write(_ recipes: [Recipe]) -> String {
    recipes.map { write($0) }.joined(separator: "\n---\n\n")
  }

  /// Keeps text from turning into Markdown it did not mean ("1. " at a line start, `*`, `_`).
  private static func escape(_ text: String) -> String {
    var result = ""
    for character in text.split(whereSeparator: \.isNewline).joined(separator: " ") {
      if "\\*_`[]<>#".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }
}
