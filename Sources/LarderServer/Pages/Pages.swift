import Foundation
import LarderCore
import LarderHTTP

/// Server-rendered pages: the library (a list with a search box) and a recipe page. They work
/// without JavaScript.
struct Pages: Sendable {
  let store: any RecipeStore
  let household: HouseholdID

  func register(in router: inout Router) {
    router.get("/") { request in try library(request) }
    router.get("/recipes/:id") { request in try recipePage(request) }
  }

  private func library(_ request: HTTPRequest) throws -> HTTPResponse {
    let query = try RecipeAPI.recipeQuery(from: request.query)
    let page = try store.recipes(matching: query, household: household)
    let search = query.searchText ?? ""
    var body = "<section class=\"library\">\n"
    let heading =
      search.isEmpty
      ? (query.favoritesOnly ? "Favourites" : "Your recipes") : "Results for “\(search)”"
    body += "<div class=\"library-head\"><h1>\(escapeHTML(heading))</h1>"
    body += "<p class=\"count\">\(page.total) \(page.total == 1 ? "recipe" : "recipes")</p></div>\n"
    body += sortBar(query)
    if page.items.isEmpty {
      body +=
        search.isEmpty
        ? "<p class=\"empty\">No recipes yet. Import some with <code>larder import</code>.</p>"
        : "<p class=\"empty\">Nothing matches “\(escapeHTML(search))”. Try fewer or shorter words.</p>"
    } else {
      body += "<ul class=\"cards\">\n"
      for summary in page.items { body += card(summary) }
      body += "</ul>\n"
    }
    body += pagination(page, query: query)
    body += "</section>"
    return .html(
      PageLayout.page(title: search.isEmpty ? "Recipes" : search, search: search, body: body))
  }

  private func sortBar(_ query: RecipeQuery) -> String {
    let options: [(RecipeSort, String)] =
      (query.searchText == nil ? [] : [(.relevance, "Best match")]) + [
        (.name, "A–Z"), (.newest, "Newest"), (.time, "Quickest"), (.rating, "Top rated"),
      ]
    var html = "<nav class=\"sort\" aria-label=\"Sort and filter\">"
    for (sort, label) in options {
      var copy = query
      copy.sort = sort
      copy.offset = 0
      let current = sort == query.effectiveSort
      html += "<a href=\"\(link(copy))\"\(current ? " aria-current=\"true\"" : "")>\(label)</a>"
    }
    var favorites = query
    favorites.favoritesOnly.toggle()
    favorites.offset = 0
    html += "<a class=\"fav-filter\" href=\"\(link(favorites))\""
    html += query.favoritesOnly ? " aria-current=\"true\">★ Favourites</a>" : ">☆ Favourites</a>"
    return html + "</nav>\n"
  }

  private func card(_ summary: RecipeSummary) -> String {
    var meta: [String] = []
    if let time = summary.totalTime, time.seconds > 0 { meta.append(time.description) }
    if let yield = summary.yield, !yield.displayText.isEmpty { meta.append(yield.displayText) }
    meta += summary.cuisines.prefix(1)
    meta += summary.courses.prefix(1)
    let diets = summary.diets.filter { [.vegan, .vegetarian, .glutenFree].contains($0) }
    return """
      <li class="card"><a href="/recipes/\(escapeHTML(summary.id.rawValue))">
      \(summary.image.map { "<img src=\"\(escapeHTML($0))\" alt=\"\" loading=\"lazy\">" } ?? "<div class=\"placeholder\" style=\"--hue: \(Self.hue(for: summary.name))\" aria-hidden=\"true\">\(escapeHTML(String(summary.name.prefix(1))))</div>")
      <div class="card-body"><h2>\(summary.isFavorite ? "<span class=\"star\" title=\"Favourite\">★</span> " : "")\(escapeHTML(summary.name))</h2>
      <p class="meta">\(meta.map(escapeHTML).joined(separator: " · "))</p>
      \(diets.isEmpty ? "" : "<p class=\"diets\">" + diets.map { "<span>\(escapeHTML($0.rawValue))</span>" }.joined() + "</p>")
      </div></a></li>

      """
  }

  private func pagination(_ page: Page<RecipeSummary>, query: RecipeQuery) -> String {
    guard page.offset > 0 || page.hasMore else { return "" }
    var html = "<nav class=\"pages\" aria-label=\"Pages\">"
    if page.offset > 0 {
      var previous = query
      previous.offset = max(0, page.offset - page.limit)
      html += "<a rel=\"prev\" href=\"\(link(previous))\">← Previous</a>"
    }
    let pageNumber = page.offset / page.limit + 1
    let pageCount = (page.total + page.limit - 1) / page.limit
    html += "<span>Page \(pageNumber) of \(pageCount)</span>"
    if page.hasMore {
      var next = query
      next.offset = page.offset + page.limit
      html += "<a rel=\"next\" href=\"\(link(next))\">Next →</a>"
    }
    return html + "</nav>"
  }

  private func link(_ query: RecipeQuery) -> String {
    var parameters: [String] = []
    if let text = query.searchText { parameters.append("q=" + escapeQueryValue(text)) }
    if let sort = query.sort { parameters.append("sort=" + sort.rawValue) }
    if query.favoritesOnly { parameters.append("favorites=1") }
    if query.offset > 0 { parameters.append("offset=\(query.offset)") }
    if query.limit != RecipeQuery().limit { parameters.append("limit=\(query.limit)") }
    return escapeHTML("/" + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&")))
  }

  private func recipePage(_ request: HTTPRequest) throws -> HTTPResponse {
    let id = RecipeID(rawValue: request.pathParameters["id"] ?? "")
    guard let recipe = try store.recipe(id: id, household: household) else {
      throw LarderServerError(
        status: 404, code: "not_found", message: "There is no recipe with id '\(id)'.")
    }
    var facts: [(String, String)] = []
    if let prep = recipe.prepTime, prep.seconds > 0 { facts.append(("Prep", prep.description)) }
    if let cook = recipe.cookTime, cook.seconds > 0 { facts.append(("Cook", cook.description)) }
    if let total = recipe.effectiveTotalTime, total.seconds > 0 {
      facts.append(("Total", total.description))
    }
    if let yield = recipe.yield, !yield.displayText.isEmpty {
      facts.append(("Makes", yield.displayText))
    }
    if !recipe.cuisines.isEmpty {
      facts.append(("Cuisine", recipe.cuisines.joined(separator: ", ")))
    }
    if !recipe.courses.isEmpty { facts.append(("Course", recipe.courses.joined(separator: ", "))) }
    var body = "<article class=\"recipe\">\n"
    if let image = recipe.images.first {
      body +=
        "<img class=\"hero\" src=\"\(escapeHTML(image))\" alt=\"\(escapeHTML(recipe.name))\">\n"
    }
    body +=
      "<h1>\(recipe.isFavorite ? "<span class=\"star\" title=\"Favourite\">★</span> " : "")\(escapeHTML(recipe.name))</h1>\n"
    if let description = recipe.description {
      body += "<p class=\"lede\">\(escapeHTML(description))</p>\n"
    }
    if let author = recipe.author { body += "<p class=\"byline\">By \(escapeHTML(author))</p>\n" }
    if !facts.isEmpty {
      body += "<dl class=\"facts\">"
      for (label, value) in facts {
        body += "<div><dt>\(label)</dt><dd>\(escapeHTML(value))</dd></div>"
      }
      body += "</dl>\n"
    }
    if !recipe.diets.isEmpty {
      body +=
        "<p class=\"diets\">"
        + recipe.diets.map { "<span>\(escapeHTML($0.rawValue))</span>" }.joined() + "</p>\n"
    }
    body += "<div class=\"columns\">\n<section class=\"ingredients\"><h2>Ingredients</h2>\n"
    for section in recipe.ingredientSections {
      if let title = section.title { body += "<h3>\(escapeHTML(title))</h3>\n" }
      body += "<ul>" + section.lines.map { "<li>\(escapeHTML($0.text))</li>" }.joined() + "</ul>\n"
    }
    body += "</section>\n<section class=\"method\"><h2>Method</h2>\n"
    for section in recipe.instructionSections {
      if let title = section.title { body += "<h3>\(escapeHTML(title))</h3>\n" }
      body += "<ol>" + section.steps.map { "<li>\(escapeHTML($0.text))</li>" }.joined() + "</ol>\n"
    }
    body += "</section>\n</div>\n"
    if let notes = recipe.notes {
      body += "<section class=\"notes\"><h2>Notes</h2><p>\(escapeHTML(notes))</p></section>\n"
    }
    if let nutrition = recipe.nutrition, !nutrition.isEmpty {
      body += "<section class=\"nutrition\"><h2>Nutrition per serving</h2><dl>"
      for entry in nutrition.entries {
        body +=
          "<div><dt>\(escapeHTML(Self.nutritionLabel(entry.name)))</dt><dd>\(escapeHTML(entry.value))</dd></div>"
      }
      body += "</dl></section>\n"
    }
    var footer: [String] = []
    if !recipe.keywords.isEmpty {
      footer.append(
        "Tags: "
          + recipe.keywords.map {
            "<a href=\"/?q=\(escapeHTML(escapeQueryValue($0)))\">\(escapeHTML($0))</a>"
          }.joined(separator: ", "))
    }
    if let url = recipe.sourceURL, url.hasPrefix("http") {
      footer.append(
        "Source: <a href=\"\(escapeHTML(url))\" rel=\"noopener noreferrer\">\(escapeHTML(URL(string: url)?.host ?? url))</a>"
      )
    }
    footer.append(
      "<a href=\"/api/v1/recipes/\(escapeHTML(recipe.id.rawValue))/jsonld\">schema.org JSON-LD</a>")
    body +=
      "<footer class=\"recipe-foot\">" + footer.map { "<p>\($0)</p>" }.joined() + "</footer>\n"
    body += "</article>"
    return .html(PageLayout.page(title: recipe.name, body: body))
  }

  /// A stable hue for a recipe without a photo, so placeholder tiles are told apart at a glance.
  static func hue(for name: String) -> Int {
    Int(name.unicodeScalars.reduce(UInt32(7)) { ($0 &* 31 &+ $1.value) % 360 })
  }

  private static func nutritionLabel(_ name: String) -> String {
    if name == "calories" { return "Calories" }
    if name == "servingSize" { return "Serving size" }
    let base = name.hasSuffix("Content") ? String(name.dropLast("Content".count)) : name
    var words = ""
    for character in base {
      if character.isUppercase { words += " " }
      words.append(character)
    }
    return words.prefix(1).uppercased() + words.dropFirst().lowercased()
  }
}
