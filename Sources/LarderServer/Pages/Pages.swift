import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// Server-rendered pages: Cook (the pantry picker, home page), the library, a recipe, the
/// add / edit form and settings. The library and recipe pages work without JavaScript; each page
/// loads one JavaScript module from /static/ that enhances it.
struct Pages: Sendable {
  /// The use cases the pages show.
  let larder: Larder

  func register(in router: inout AppRouter) {
    router.get("/") { _, caller in cookPage(as: caller) }
    router.get("/library") { request, caller in try library(request, as: caller) }
    router.get("/recipes/:id") { request, caller in try recipePage(request, as: caller) }
    router.get("/recipes/:id/edit") { request, caller in try editPage(request, as: caller) }
    router.get("/add") { _, caller in
      .html(
        caller.may(.change)
          ? EditorPage.render(recipe: nil) : EditorPage.readOnly(recipe: nil))
    }
    router.get("/settings") { _, _ in
      .html(SettingsPage.render(accounts: larder.accounts != nil))
    }
  }

  /// The Cook page, its pantry the household's stored one; a viewer cooks from it but is told
  /// it cannot change it.
  private func cookPage(as caller: Caller) -> HTTPResponse {
    .html(CookPage.render(canChange: caller.may(.change)))
  }

  private func editPage(_ request: HTTPRequest, as caller: Caller) throws -> HTTPResponse {
    let id = RecipeID(rawValue: request.pathParameters["id"] ?? "")
    let recipe = try larder.recipe(id, as: caller)
    return .html(
      caller.may(.change) ? EditorPage.render(recipe: recipe) : EditorPage.readOnly(recipe: recipe))
  }

  private func library(_ request: HTTPRequest, as caller: Caller) throws -> HTTPResponse {
    // The page's own parameters beside the list's are its business (none yet).
    let listRequest = try RecipeListRequest.decode(
      query: request.query.filter { RecipeListRequest.fieldNames.contains($0.key) })
    let query = listRequest.query
    let page = try larder.listRecipes(listRequest, as: caller)
    let search = query.searchText ?? ""
    let heading =
      search.isEmpty
      ? (query.favoritesOnly ? "Favourites" : "Your recipes") : "Results for “\(search)”"
    let results: HTML
    if page.items.isEmpty {
      results =
        search.isEmpty
        ? "<p class=\"empty\">No recipes yet. <a href=\"/add\">Add one</a>.</p>"
        : "<p class=\"empty\">Nothing matches “\(search)”. Try fewer or shorter words.</p>"
    } else {
      let cards = page.items.map { Components.recipeCard(RecipeCardModel($0)) }
      results = """
        <h2 id="library-results-h" class="visually-hidden">Recipes</h2>
        <ul class="cards" id="library-results" aria-labelledby="library-results-h">
        \(cards, separator: "\n")
        </ul>

        """
    }
    let body: HTML = """
      <section class="library" id="library">
      <div class="library-head"><h1>\(heading)</h1>\
      <p class="count">\(Self.count(of: page))</p>\(Self.correction(page.correctedQuery, typed: search))</div>
      \(shareCollectionForm(request, as: caller))\(sortBar(query))<div id="library-facets" class="facets"></div>
      <p id="library-status" class="status" aria-live="polite"></p>
      \(results)\(pagination(page, query: query))</section>
      """
    return .html(
      PageLayout.page(
        title: search.isEmpty ? "Library" : search, search: search, section: .library,
        script: "library.js", templates: [Components.recipeCardTemplate], body: body))
  }

  /// "Share this collection", for a caller who may make share links; shown while the library
  /// is filtered by exactly one tag (library.js keeps it in step with the chosen tags).
  private func shareCollectionForm(_ request: HTTPRequest, as caller: Caller) -> HTML {
    guard larder.accounts != nil, caller.may(.change) else { return .empty }
    let tags = (request.query["tag"] ?? "").split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
    let tag = tags.count == 1 ? tags[0] : nil
    return """
      <form method="post" action="/account/share-links" id="share-collection" \
      class="share-collection"\(attribute: "hidden", if: tag == nil)>\(AccountPages.tokenField(caller))\
      <input type="hidden" name="collection" value="\(tag ?? "")">\
      <button type="submit" class="secondary">Share this collection</button></form>

      """
  }

  private func sortBar(_ query: RecipeQuery) -> HTML {
    let options: [(RecipeSort, String)] =
      (query.searchText == nil ? [] : [(.relevance, "Best match")]) + [
        (.name, "A–Z"), (.newest, "Newest"), (.time, "Quickest"), (.rating, "Top rated"),
      ]
    let links = options.map { sort, label -> HTML in
      var copy = query
      copy.sort = sort
      copy.offset = 0
      let current = sort == query.effectiveSort
      return
        "<a href=\"\(link(copy))\"\(attribute: "aria-current", current ? "true" : nil)>\(label)</a>"
    }
    var favorites = query
    favorites.favoritesOnly.toggle()
    favorites.offset = 0
    let favoritesLink: HTML =
      query.favoritesOnly
      ? "<a class=\"fav-filter\" href=\"\(link(favorites))\" aria-current=\"true\">★ Favourites</a>"
      : "<a class=\"fav-filter\" href=\"\(link(favorites))\">☆ Favourites</a>"
    return "<nav class=\"sort\" aria-label=\"Sort and filter\">\(links)\(favoritesLink)</nav>\n"
  }

  /// "Showing results for chicken — you typed chiken" when the search read a typo as the
  /// words the library has; otherwise the same paragraph empty and hidden, for library.js to
  /// fill as the search changes.
  static func correction(_ corrected: String?, typed: String) -> HTML {
    guard let corrected, !typed.isEmpty else {
      return "<p class=\"corrected\" id=\"library-corrected\" hidden></p>"
    }
    return """
      <p class="corrected" id="library-corrected">Showing results for \
      <strong>\(corrected)</strong> — you typed \(typed)</p>
      """
  }

  /// "12 recipes", or "1,000+ recipes" for a search the store stopped counting.
  static func count(of page: Page<RecipeSummary>) -> String {
    let number = page.total.formatted(.number.locale(Locale(identifier: "en_GB")))
    if !page.totalIsExact { return "\(number)+ recipes" }
    return "\(number) \(page.total == 1 ? "recipe" : "recipes")"
  }

  private func pagination(_ page: Page<RecipeSummary>, query: RecipeQuery) -> HTML {
    guard page.offset > 0 || page.hasMore else { return .empty }
    var previous = query
    previous.offset = max(0, page.offset - page.limit)
    var next = query
    next.offset = page.offset + page.limit
    let pageNumber = page.offset / page.limit + 1
    let pageCount = (page.total + page.limit - 1) / page.limit
    let pageOf = page.totalIsExact ? "Page \(pageNumber) of \(pageCount)" : "Page \(pageNumber)"
    let previousLink: HTML? =
      page.offset > 0 ? "<a rel=\"prev\" href=\"\(link(previous))\">← Previous</a>" : nil
    let nextLink: HTML? = page.hasMore ? "<a rel=\"next\" href=\"\(link(next))\">Next →</a>" : nil
    return """
      <nav class="pages" aria-label="Pages">\(previousLink)\
      <span>\(pageOf)</span>\(nextLink)</nav>
      """
  }

  /// The library's address for a query; the builder escapes it where it is interpolated.
  private func link(_ query: RecipeQuery) -> String {
    var parameters: [String] = []
    if let text = query.searchText { parameters.append("q=" + escapeQueryValue(text)) }
    if let sort = query.sort { parameters.append("sort=" + sort.rawValue) }
    if query.favoritesOnly { parameters.append("favorites=1") }
    if query.offset > 0 { parameters.append("offset=\(query.offset)") }
    if query.limit != RecipeQuery().limit { parameters.append("limit=\(query.limit)") }
    return "/library" + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
  }

  private func recipePage(_ request: HTTPRequest, as caller: Caller) throws -> HTTPResponse {
    let id = RecipeID(rawValue: request.pathParameters["id"] ?? "")
    let recipe = try larder.recipe(id, as: caller)
    var share: HTML = .empty
    if larder.accounts != nil && caller.may(.change) {
      share = """
        <form method="post" action="/recipes/\(recipe.id.rawValue)/share" class="inline">\
        \(AccountPages.tokenField(caller))<button type="submit" class="secondary">Share link</button></form>
        """
    }
    let structuredData = RecipeStructuredData.script(
      for: recipe, image: recipe.imagePath, source: Self.webAddress(recipe.sourceURL),
      request: request)
    // Nutrition is a part of the page, never a reason for it to fail.
    let nutrition = try? larder.recipeNutrition(of: recipe, RecipeNutritionRequest(), as: caller)
    return .html(
      PageLayout.page(
        title: recipe.name, script: "recipe.js", head: structuredData,
        body: Self.recipe(
          recipe, canChange: caller.may(.change), share: share, nutrition: nutrition)))
  }

  /// A recipe's article: facts, actions, ingredients (with the scaler), method and notes.
  /// `actions: false` leaves out favouriting, rating and editing (a shared recipe's page);
  /// `canChange: false` leaves out editing (a viewer's); `share` is the share button;
  /// `image` is where the main image is shown from when not from the recipe's own address (a
  /// shared recipe's, through its link); `nutrition` is the recipe's worked-out nutrition,
  /// shown after the method.
  static func recipe(
    _ recipe: Recipe, actions: Bool = true, canChange: Bool = true, share: HTML = .empty,
    image: String? = nil, nutrition: RecipeNutritionReport? = nil
  ) -> HTML {
    // Each fact carries a name for the script ("makes" rescales with the servings).
    var facts: [(name: String, label: String, value: String)] = []
    if let prep = recipe.prepTime, prep.seconds > 0 {
      facts.append(("prep", "Prep", prep.description))
    }
    if let cook = recipe.cookTime, cook.seconds > 0 {
      facts.append(("cook", "Cook", cook.description))
    }
    if let total = recipe.effectiveTotalTime, total.seconds > 0 {
      facts.append(("total", "Total", total.description))
    }
    if let yield = recipe.yield, !yield.displayText.isEmpty {
      facts.append(("makes", "Makes", yield.displayText))
    }
    if !recipe.cuisines.isEmpty {
      facts.append(("cuisine", "Cuisine", recipe.cuisines.joined(separator: ", ")))
    }
    if !recipe.courses.isEmpty {
      facts.append(("course", "Course", recipe.courses.joined(separator: ", ")))
    }
    let servings = recipe.yield?.servings.map { String(format: "%g", $0) } ?? ""
    // The article carries the recipe's language (given, else told from its words), so that a
    // screen reader and cook mode's speech read its text with the right voice; Larder's own
    // English headings and facts inside it say they are English.
    let language = LanguageDetector.language(of: recipe)
    let english: HTML = language == .english ? .empty : " lang=\"en\""
    let hero: HTML? = (image ?? recipe.imagePath).map {
      "<img class=\"hero\" src=\"\($0)\" alt=\"\(recipe.name)\">\n"
    }
    let lede: HTML? = recipe.description.map { "<p class=\"lede\">\($0)</p>\n" }
    let byline: HTML? = recipe.author.map { "<p class=\"byline\">By \($0)</p>\n" }
    let factList: HTML? =
      facts.isEmpty
      ? nil
      : """
      <dl class="facts"\(english)>\(facts.map { fact -> HTML in
        "<div data-fact=\"\(fact.name)\"><dt>\(fact.label)</dt><dd>\(fact.value)</dd></div>"
      })</dl>

      """
    let diets: HTML? =
      recipe.diets.isEmpty
      ? nil
      : "<p class=\"diets\">\(recipe.diets.map { "<span>\($0.rawValue)</span>" as HTML })</p>\n"
    var lineIndex = 0
    var ingredients: [HTML] = []
    for section in recipe.ingredientSections {
      if let title = section.title { ingredients.append("<h3>\(title)</h3>\n") }
      var lines: [HTML] = []
      for line in section.lines {
        lines.append(Components.ingredientLine(index: lineIndex, text: line.text))
        lineIndex += 1
      }
      ingredients.append("<ul class=\"lines\">\(lines)</ul>\n")
    }
    let method = recipe.instructionSections.map { section -> HTML in
      let title: HTML? = section.title.map { "<h3>\($0)</h3>\n" }
      return
        "\(title)<ol class=\"steps\">\(section.steps.map { "<li>\($0.text)</li>" as HTML })</ol>\n"
    }
    return """
      <article class="recipe" id="recipe" data-recipe-id="\(recipe.id.rawValue)" data-servings="\(servings)" \
      lang="\(language.rawValue)">
      \(hero)<h1>\(favoriteStar(recipe.isFavorite))\(recipe.name)</h1>
      \(lede)\(byline)\(factList)\(diets)\(actions ? recipeActions(recipe, canChange: canChange, share: share) : HTML.empty)\
      <div class="columns">
      <section class="ingredients" aria-labelledby="ingredients-h">\
      <h2 id="ingredients-h"\(english)>Ingredients</h2>
      \(scaler(servings: servings))\
      <p id="pantry-summary" class="status" aria-live="polite"></p>
      \(ingredients)</section>
      <section class="method" aria-labelledby="method-h"><h2 id="method-h"\(english)>Method</h2>
      \(method)</section>
      </div>
      \(nutrition.map { Components.nutrition($0, english: english) })\
      <section class="notes" aria-labelledby="notes-h"><h2 id="notes-h"\(english)>Notes</h2>\
      <p id="notes-text">\(recipe.notes ?? "")</p>\(actions && canChange ? notesForm(recipe) : HTML.empty)</section>

      """
  }

  /// The form to change a recipe's notes, hidden until the script shows it; none for a viewer
  /// (who may not change them) or on a shared recipe's page.
  static func notesForm(_ recipe: Recipe) -> HTML {
    """
    <form id="notes-form" class="notes-form" hidden>
    <label for="notes-input">Your notes</label>
    <textarea id="notes-input" rows="3">\(recipe.notes ?? "")</textarea>
    <button type="submit">Save notes</button> <span id="notes-status" role="status"></span>
    </form>
    """
  }

  /// The star before a favourite's name, or nothing.
  static func favoriteStar(_ isFavorite: Bool) -> HTML? {
    isFavorite ? "<span class=\"star\" title=\"Favourite\">★</span> " : nil
  }

  /// Favourite, rating and cook mode, hidden until the script shows them, since they need it;
  /// then the recipe's tools: add what's missing to the list, plan it, take what it used from
  /// the pantry, open its source, and a menu to export, print, edit, share or delete it.
  /// Links work without the script; buttons that need it stay hidden until it runs. A viewer
  /// (`canChange: false`) gets none of the tools that change something: no favourite, rating,
  /// list, plan, pantry, edit, share or delete.
  static func recipeActions(
    _ recipe: Recipe, canChange: Bool = true, share: HTML = .empty
  ) -> HTML {
    let stars = (1...5).map { value -> HTML in
      """
      <button type="button" class="star-button" role="radio" aria-checked="\(recipe.rating == value)" \
      data-rating="\(value)" aria-label="\(value) star\(value == 1 ? "" : "s")">\
      \((recipe.rating ?? 0) >= value ? "★" : "☆")</button>
      """
    }
    let id = recipe.id.rawValue
    let changing: HTML =
      canChange
      ? """
      <button type="button" id="add-to-list" hidden>Add missing to list</button>
      <button type="button" id="plan-open" class="secondary" aria-expanded="false" \
      aria-controls="plan-panel" hidden>Plan</button>
      <button type="button" id="cooked-open" class="secondary" aria-expanded="false" \
      aria-controls="cooked-panel" hidden>Cooked it</button>

      """ : .empty
    let source: HTML? = webAddress(recipe.sourceURL).map {
      """
      <a class="button secondary" id="source-link" href="\($0)" target="_blank" \
      rel="noopener noreferrer">Source<span class="visually-hidden"> (opens the original \
      page)</span> ↗</a>

      """
    }
    let file = fileName(recipe.name)
    let menuChanges: HTML =
      canChange
      ? """
      <a href="/recipes/\(id)/edit">Edit</a>
      \(share)<button type="button" id="delete-recipe" class="danger" hidden>Delete</button>

      """ : .empty
    // Favourites and ratings are changes too: a viewer's patch is refused (403), so a viewer
    // gets cook mode alone.
    let marks: HTML =
      canChange
      ? """
      <button type="button" id="favorite" class="secondary" aria-pressed="\(recipe.isFavorite)">\
      \(recipe.isFavorite ? "★ Favourite" : "☆ Favourite")</button>
      <div class="rating" role="radiogroup" aria-label="Your rating">\(stars)</div>

      """ : .empty
    return """
      <div class="recipe-actions" id="recipe-actions" hidden>
      \(marks)<button type="button" id="cook-mode-open">Cook mode</button>
      </div>
      <div class="recipe-tools" id="recipe-tools" role="group" aria-label="Recipe actions">
      \(changing)\(source)<details class="menu" id="more-menu"><summary class="button secondary">More</summary>
      <div class="menu-items">
      <a href="/api/v1/recipes/\(id)" download="\(file).json">Export as Larder JSON</a>
      <a href="/api/v1/recipes/\(id)/jsonld" download="\(file).jsonld">Export as schema.org JSON-LD</a>
      <button type="button" id="print" hidden>Print</button>
      \(menuChanges)</div></details>
      </div>
      <p id="tools-status" class="status tools-status" role="status"></p>
      \(canChange ? toolPanels(recipe) : HTML.empty)
      """
  }

  /// The plan form and the "cooked it" preview the tools open, hidden until used.
  static func toolPanels(_ recipe: Recipe) -> HTML {
    let meals = Meal.allCases.map { meal -> HTML in
      "<option value=\"\(meal.rawValue)\"\(meal == .dinner ? " selected" : "")>\(meal.rawValue.capitalized)</option>"
    }
    return """
      <form id="plan-panel" class="tool-panel" aria-labelledby="plan-panel-h" hidden>
      <h2 id="plan-panel-h">Plan “\(recipe.name)”</h2>
      <div class="tool-fields">
      <div><label for="plan-on">Day</label><input id="plan-on" type="date" required></div>
      <div><label for="plan-for">Meal</label><select id="plan-for">\(meals)</select></div>
      <div><label for="plan-servings">Servings</label>\
      <input id="plan-servings" type="number" min="1" max="1000" step="1" inputmode="numeric"></div>
      </div>
      <p><button type="submit" id="plan-save">Add to plan</button> \
      <button type="button" class="secondary" id="plan-cancel">Cancel</button></p>
      </form>
      <section id="cooked-panel" class="tool-panel" aria-labelledby="cooked-panel-h" hidden>
      <h2 id="cooked-panel-h" tabindex="-1">Take from the pantry</h2>
      <p id="cooked-intro" class="status"></p>
      <ul id="cooked-changes" class="cooked-changes"></ul>
      <p id="cooked-skipped" class="status"></p>
      <p><button type="button" id="cooked-apply">Take from pantry</button> \
      <button type="button" class="secondary" id="cooked-cancel">Cancel</button></p>
      </section>

      """
  }

  /// The address when it is a web page's (http or https), for a link that cannot run script.
  static func webAddress(_ text: String?) -> String? {
    guard let text, let url = URL(string: text.trimmingCharacters(in: .whitespaces)),
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      url.host != nil
    else { return nil }
    return url.absoluteString
  }

  /// A file name from a recipe's name: letters and digits, words joined by dashes.
  static func fileName(_ name: String) -> String {
    let words = name.lowercased().split { !$0.isLetter && !$0.isNumber }
    return words.isEmpty ? "recipe" : words.joined(separator: "-")
  }

  /// Servings and unit controls, hidden until the script can rescale.
  static func scaler(servings: String) -> HTML {
    """
    <div class="scaler" id="scaler" hidden>
    <div class="servings"><label for="servings">Servings</label>
    <button type="button" class="step" id="servings-down" aria-label="Fewer servings">−</button>
    <input id="servings" type="number" min="1" max="1000" step="1" inputmode="numeric" \
    value="\(servings.isEmpty ? "1" : servings)">
    <button type="button" class="step" id="servings-up" aria-label="More servings">+</button></div>
    <fieldset class="segmented units"><legend>Units</legend>
    <label><input type="radio" name="units" value="original" checked> As written</label>
    <label><input type="radio" name="units" value="us"> US</label>
    <label><input type="radio" name="units" value="metric"> Metric</label>
    </fieldset>
    </div>

    """
  }
}
