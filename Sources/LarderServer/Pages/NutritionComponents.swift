import Foundation
import LarderApplication
import LarderCore

extension Components {
  /// A recipe's nutrition section: the figures Larder worked out (per serving and for the
  /// whole recipe as written), what they cover in plain words with the lines left out and why,
  /// and, apart, what the recipe's own page says, which is never mixed into the figures.
  /// `english` marks the section as English inside a recipe in another language.
  static func nutrition(_ report: RecipeNutritionReport, english: HTML = .empty) -> HTML {
    let hasServing = report.perServing != nil
    let rows = report.rows.map { row -> HTML in
      let label: HTML =
        row.isPart
        ? "<th scope=\"row\" class=\"part\">\(row.label)</th>"
        : "<th scope=\"row\">\(row.label)</th>"
      let serving: HTML? = hasServing ? "<td>\(row.perServing ?? "")</td>" : nil
      return "<tr>\(label)\(serving)<td>\(row.total)</td></tr>"
    }
    let servingHeading: HTML? = hasServing ? "<th scope=\"col\">Per serving</th>" : nil
    let servingsNote: HTML =
      report.servings.map { servings in
        let count = NutritionRow.formatted(servings, places: 1)
        return
          "Worked out by Larder from USDA figures for the ingredients, for \(count) serving\(servings == 1 ? "" : "s")."
      }
      ?? "Worked out by Larder from USDA figures for the ingredients. The recipe does not say how many it serves."
    let left = report.lines.filter { $0.status != .counted }
    let leftOut: HTML? =
      left.isEmpty
      ? nil
      : """
      <details class="nutrition-left"><summary>Not counted (\(String(left.count)))</summary>\
      <ul>\(left.map { "<li>\($0.text): \($0.reason ?? "not counted")</li>" as HTML })</ul></details>
      """
    let page = report.pageSaysEntries
    let pageSays: HTML? =
      page.isEmpty
      ? nil
      : """
      <aside class="page-says" aria-labelledby="page-says-h"><h3 id="page-says-h">The page says</h3>\
      <p class="status">Per serving, as the recipe's own page gave it; not worked out or checked by Larder.</p>\
      <dl class="facts">\(page.map { "<div><dt>\($0.label)</dt><dd>\($0.value)</dd></div>" as HTML })</dl></aside>
      """
    return """
      <section class="nutrition" id="nutrition" aria-labelledby="nutrition-h"\(english)>\
      <h2 id="nutrition-h">Nutrition</h2>
      <p class="status">\(servingsNote)</p>
      <table class="nutrition-table"><thead><tr><th scope="col">Nutrient</th>\(servingHeading)\
      <th scope="col">Whole recipe</th></tr></thead><tbody>\(rows)</tbody></table>
      <p class="coverage" id="nutrition-coverage">\(report.coverage.summary).</p>
      \(leftOut)\(pageSays)</section>

      """
  }
}
