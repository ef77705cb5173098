import Foundation
import LarderCore
import LarderHTTP

/// Server-rendered pages: Cook (the pantry picker, home page), the library, a recipe, the
/// add / edit form and settings. The library and recipe pages work without JavaScript; each page
/// loads one JavaScript module from /static/ that enhances it.
struct Pages: Sendable {
  let store: any RecipeStore
  let household: HouseholdID

  func register(in router: inout Router) {
    router.get("/") { _ in cookPage() }
    router.get("/library") { request in try library(request) }
    router.get("/recipes/:id") { request in try recipePage(request) }
    router.get("/recipes/:id/edit") { request in try editPage(request) }
    router.get("/add") { _ in .html(EditorPage.render(recipe: nil)) }
    router.get("/settings") { _ in .html(SettingsPage.render()) }
  }

  private func cookPage() -> HTTPResponse {
    .html(CookPage.render())
  }

  private func editPage(_ request: HTTPRequest) throws -> HTTPResponse {
    let id = RecipeID(rawValue: request.pathParameters["id"] ?? "")
    guard let recipe = try store.recipe(id: id, household: household) else {
      throw LarderServerError(
        status: 404, code: "not_found", message: "There is no recipe with id '\(id)'.")
    }
    return .html(EditorPage.render(recipe: recipe))
  }

  private func library(_ request: HTTPRequest) throws -> HTTPResponse {
    let query = try RecipeAPI.recipeQuery(from: request.query)
    let page = try store.recipes(matching: query, household: household)
    let search = query.searchText ?? ""
    var body = "<section class=\"library\" id=\"library\">\n"
    let heading =
      search.isEmpty
      ? (query.favoritesOnly ? "Favourites" : "Your recipes") : "Results for “\(search)”"
    body += "<div class=\"library-head\"><h1>\(escapeHTML(heading))</h1>"
    body += "<p class=\"count\">\(page.total) \(page.total == 1 ? "recipe" : "recipes")</p></div>\n"
    body += sortBar(query)
    body += "<div id=\"library-facets\" class=\"facets\"></div>\n"
    body += "<p id=\"library-status\" class=\"status\" aria-live=\"polite\"></p>\n"
    if page.items.isEmpty {
      body +=
        search.isEmpty
        ? "<p class=\"empty\">No recipes yet. <a href=\"/add\">Add one</a>.</p>"
        : "<p class=\"empty\">Nothing matches “\(escapeHTML(search))”. Try fewer or shorter words.</p>"
    } else {
      body += "<ul class=\"cards\" id=\"library-results\">\n"
      for summary in page.items { body += Self.card(summary) }
      body += "</ul>\n"
    }
    body += pagination(page, query: query)
    body += "</section>"
    return .html(
      PageLayout.page(
        title: search.isEmpty ? "Library" : search, search: search, section: .library,
        script: "library.js", body: body))
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

  static func card(_ summary: RecipeSummary) -> String {
    var meta: [String] = []
    if let time = summary.totalTime, time.seconds > 0 { meta.append(time.description) }
    if let yield = summary.yield, !yield.displayText.isEmpty { meta.append(yield.displayText) }
    meta += summary.cuisines.prefix(1)
    meta += summary.courses.prefix(1)
    let diets = summary.diets.filter { [.vegan, .vegetarian, .glutenFree].contains($0) }
    return """
      <li class="card"><a href="/recipes/\(escapeHTML(summary.id.rawValue))">
      \(summary.image.map { "<img src=\"\(escapeHTML($0))\" alt=\"\" loading=\"lazy\">" } ?? "<div class=\"placeholder hue-\(Self.hue(for: summary.name) / 30)\" aria-hidden=\"true\">\(escapeHTML(String(summary.name.prefix(1))))</div>")
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
    return escapeHTML(
      "/library" + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&")))
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
    let htmlID = escapeHTML(recipe.id.rawValue)
    let servings = recipe.yield?.servings.map { String(format: "%g", $0) } ?? ""
    var body =
      "<article class=\"recipe\" id=\"recipe\" data-recipe-id=\"\(htmlID)\" data-servings=\"\(servings)\">\n"
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
    body += Self.recipeActions(recipe)
    body +=
      "<div class=\"columns\">\n<section class=\"ingredients\" aria-labelledby=\"ingredients-h\">"
    body += "<h2 id=\"ingredients-h\">Ingredients</h2>\n"
    body += Self.scaler(servings: servings)
    body += "<p id=\"pantry-summary\" class=\"status\" aria-live=\"polite\"></p>\n"
    var lineIndex = 0
    for section in recipe.ingredientSections {
      if let title = section.title { body += "<h3>\(escapeHTML(title))</h3>\n" }
      body += "<ul class=\"lines\">"
      for line in section.lines {
        body +=
          "<li data-line=\"\(lineIndex)\"><span class=\"line-text\">\(escapeHTML(line.text))</span></li>"
        lineIndex += 1
      }
      body += "</ul>\n"
    }
    body +=
      "</section>\n<section class=\"method\" aria-labelledby=\"method-h\"><h2 id=\"method-h\">Method</h2>\n"
    for section in recipe.instructionSections {
      if let title = section.title { body += "<h3>\(escapeHTML(title))</h3>\n" }
      body +=
        "<ol class=\"steps\">" + section.steps.map { "<li>\(escapeHTML($0.text))</li>" }.joined()
        + "</ol>\n"
    }
    body += "</section>\n</div>\n"
    body += "<section class=\"notes\" aria-labelledby=\"notes-h\"><h2 id=\"notes-h\">Notes</h2>"
    body += "<p id=\"notes-text\">\(escapeHTML(recipe.notes ?? ""))</p>"
    body += """
      <form id="notes-form" class="notes-form" hidden>
      <label for="notes-input">Your notes</label>
      <textarea id="notes-input" rows="3">\(escapeHTML(recipe.notes ?? ""))</textarea>
      <button type="submit">Save notes</button> <span id="notes-status" role="status"></span>
      </form></section>

      """
    return .html(PageLayout.page(title: recipe.name, script: "recipe.js", body: body))
  }

  /// Favourite, rating, cook mode, print and edit; hidden until the script shows them, since
  /// they need it.
  static func recipeActions(_ recipe: Recipe) -> String {
    let id = escapeHTML(recipe.id.rawValue)
    var stars = ""
    for value in 1...5 {
      let checked = recipe.rating == value
      stars +=
        "<button type=\"button\" class=\"star-button\" role=\"radio\" aria-checked=\"\(checked)\" data-rating=\"\(value)\" aria-label=\"\(value) star\(value == 1 ? "" : "s")\">\((recipe.rating ?? 0) >= value ? "★" : "☆")</button>"
    }
    return """
      <div class="recipe-actions" id="recipe-actions" hidden>
      <button type="button" id="favorite" class="secondary" aria-pressed="\(recipe.isFavorite)">\(recipe.isFavorite ? "★ Favourite" : "☆ Favourite")</button>
      <div class="rating" role="radiogroup" aria-label="Your rating">\(stars)</div>
      <button type="button" id="cook-mode-open">Cook mode</button>
      <button type="button" id="print" class="secondary">Print</button>
      <a class="button secondary" href="/recipes/\(id)/edit">Edit</a>
      </div>

      """
  }

  /// Servings and unit controls, hidden until the script can rescale.
  static func scaler(servings: String) -> String {
    """
    <div class="scaler" id="scaler" hidden>
    <div class="servings"><label for="servings">Servings</label>
    <button type="button" class="step" id="servings-down" aria-label="Fewer servings">−</button>
    <input id="servings" type="number" min="1" max="1000" step="1" inputmode="numeric" value="\(servings.isEmpty ? "1" : servings)">
    <button type="button" class="step" id="servings-up" aria-label="More servings">+</button></div>
    <fieldset class="segmented units"><legend>Units</legend>
    <label><input type="radio" name="units" value="original" checked> As written</label>
    <label><input type="radio" name="units" value="us"> US</label>
    <label><input type="radio" name="units" value="metric"> Metric</label>
    </fieldset>
    </div>

    """
  }

  /// A stable hue for a recipe without a photo, so placeholder tiles are told apart at a glance.
  static func hue(for name: String) -> Int {
    Int(name.unicodeScalars.reduce(UInt32(7)) { ($0 &* 31 &+ $1.value) % 360 })
  }
}
