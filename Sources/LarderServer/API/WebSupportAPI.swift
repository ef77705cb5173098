import Foundation
import LarderCore
import LarderHTTP

/// The endpoints the web app needs beyond the recipe and finder APIs.
///
/// - `GET /api/v1/foods?q=&limit=`: foods whose name or a synonym matches, for autocomplete
/// - `GET /api/v1/foods/categories`: foods grouped by aisle, most used by recipes first
/// - `GET /api/v1/library?q=&course=&cuisine=&diet=&maxTime=&tag=&favorites=&sort=&offset=&limit=`:
///   a page of summaries with facet counts
/// - `GET /api/v1/recipes/random` (same filters): one recipe picked at random ("surprise me")
/// - `POST /api/v1/ingredients/parse` `{"lines": [...]}`: the parser's reading of each line
/// - `GET /api/v1/recipes/:id/lines?servings=&units=us|metric&have=&staples=`: every ingredient
///   line scaled and shown in a unit system, marked have / missing / optional against a pantry
struct WebSupportAPI: Sendable {
  let store: any RecipeStore
  let household: HouseholdID
  let liveFoods: LiveFoodCatalog
  /// The catalog as it is for this request.
  var foods: FoodCatalog { liveFoods.current }
  let library: LibraryIndex
  let parser: IngredientParser
  let foodNames: LazyFoodNameIndex

  /// With text and filters together, at most this many text matches are filtered: enough for
  /// any search a person means, and a bound on the work a vague search can cause.
  static let filteredSearchLimit = 1000

  init(
    store: any RecipeStore, household: HouseholdID, foods: LiveFoodCatalog, library: LibraryIndex
  ) {
    self.store = store
    self.household = household
    self.liveFoods = foods
    self.library = library
    self.parser = IngredientParser()
    self.foodNames = LazyFoodNameIndex(foods)
  }

  func register(in router: inout Router) {
    router.get("/api/v1/foods") { request in try foodSearch(request) }
    router.get("/api/v1/foods/categories") { _ in try categories() }
    router.get("/api/v1/library") { request in try json(try libraryPage(request.query)) }
    router.get("/api/v1/recipes/random") { request in try random(request) }
    router.post("/api/v1/ingredients/parse") { request in try parse(request) }
    router.get("/api/v1/recipes/:id/lines") { request in try lines(request) }
  }

  private func json(_ object: Any, status: Int = 200) throws -> HTTPResponse {
    try JSONValue.response(object, status: status)
  }

  private func summaryJSON(_ summary: RecipeSummary) throws -> Any {
    try JSONValue.object(summary)
  }

  // MARK: - Foods

  private func foodSearch(_ request: HTTPRequest) throws -> HTTPResponse {
    let text = (request.query["q"] ?? "").trimmingCharacters(in: .whitespaces)
    let limit = min(max(Int(request.query["limit"] ?? "") ?? 10, 1), 50)
    let found = foodNames.index.search(text, limit: limit).map { hit -> [String: Any] in
      var item: [String: Any] = [
        "id": hit.food.id, "name": hit.food.name,
        "aisle": hit.food.aisle?.rawValue ?? NSNull(),
      ]
      if hit.matchedName.lowercased() != hit.food.name.lowercased() {
        item["matched"] = hit.matchedName
      }
      return item
    }
    return try json(["query": text, "items": found])
  }

  private func categories() throws -> HTTPResponse {
    let snapshot = try library.current(store: store, household: household)
    // The groups depend on the catalog as well as the library: a food the household adds
    // shows at once.
    let version = liveFoods.currentWithVersion.version
    let groups = snapshot.memo("categories-\(version)") { categoryGroups(use: snapshot.foodUse) }
    var response = try json(["categories": groups])
    response.headers["Cache-Control"] = "private, max-age=300"
    return response
  }

  /// Each aisle's foods, those most used by the library's recipes first, then those with
  /// the most kinds in the catalog ("cheese" before "cheddar").
  private func categoryGroups(use: [String: Int]) -> [[String: Any]] {
    var children: [String: Int] = [:]
    for food in foods.foods { if let parent = food.parentID { children[parent, default: 0] += 1 } }
    var byAisle: [Aisle: [Food]] = [:]
    for food in foods.foods {
      if let aisle = food.aisle { byAisle[aisle, default: []].append(food) }
    }
    let groups = Aisle.allCases.compactMap { aisle -> [String: Any]? in
      guard let members = byAisle[aisle], !members.isEmpty else { return nil }
      let ranked = members.sorted { lhs, rhs in
        let left = (use[lhs.id] ?? 0, children[lhs.id] ?? 0, -lhs.name.count)
        let right = (use[rhs.id] ?? 0, children[rhs.id] ?? 0, -rhs.name.count)
        return left != right ? left > right : lhs.name < rhs.name
      }
      return [
        "id": aisle.rawValue, "name": aisle.displayName,
        "foods": ranked.prefix(36).map { ["id": $0.id, "name": $0.name] },
      ]
    }
    return groups
  }

  // MARK: - Library

  /// A page of the library with facet counts over everything that matches.
  func libraryPage(_ parameters: [String: String]) throws -> [String: Any] {
    let query = try RecipeAPI.recipeQuery(from: parameters)
    let filters = try LibraryFilters(query: parameters)
    let snapshot = try library.current(store: store, household: household)
    var pageItems: [RecipeSummary]
    var total: Int
    var facets: LibraryFacets
    var partial = false
    if let text = query.searchText {
      // The store ranks text matches; filters, other orders and facets apply in memory to
      // the first ``filteredSearchLimit`` of them.
      let found = try textMatches(text, favorites: query.favoritesOnly, sort: query.sort)
      var positions = found.compactMap { snapshot.indexByID[$0.id] }
      if !filters.isEmpty { positions = positions.filter { filters.admits(snapshot.entries[$0]) } }
      if query.effectiveSort != .relevance {
        positions = LibrarySorting.sorted(positions, snapshot.entries, by: query.effectiveSort)
      }
      facets = LibraryFacets(positions.map { snapshot.entries[$0] })
      if filters.isEmptyBesidesFavorites && query.effectiveSort == .relevance {
        let page = try store.recipes(matching: query, household: household)
        pageItems = page.items
        total = page.total
        partial = found.count < total
      } else {
        partial = found.count >= Self.filteredSearchLimit
        total = positions.count
        pageItems = positions.dropFirst(query.offset).prefix(query.limit).map {
          snapshot.entries[$0].summary
        }
      }
    } else {
      let ordered = snapshot.order(query.effectiveSort)
      if filters.isEmpty {
        total = ordered.count
        facets = snapshot.facetsOfAll
        pageItems = ordered.dropFirst(query.offset).prefix(query.limit).map {
          snapshot.entries[$0].summary
        }
      } else {
        let matching = ordered.filter { filters.admits(snapshot.entries[$0]) }
        total = matching.count
        facets = LibraryFacets(matching.map { snapshot.entries[$0] })
        pageItems = matching.dropFirst(query.offset).prefix(query.limit).map {
          snapshot.entries[$0].summary
        }
      }
    }
    return [
      "items": try pageItems.map(summaryJSON),
      "total": total,
      "offset": query.offset,
      "limit": query.limit,
      "sort": query.effectiveSort.rawValue,
      "facets": facets.json,
      "facetsPartial": partial,
    ]
  }

  /// Text matches in the store's order, up to ``filteredSearchLimit``.
  private func textMatches(
    _ text: String, favorites: Bool, sort: RecipeSort?
  ) throws
    -> [RecipeSummary]
  {
    var found: [RecipeSummary] = []
    var offset = 0
    while found.count < Self.filteredSearchLimit {
      let page = try store.recipes(
        matching: RecipeQuery(
          text: text, favoritesOnly: favorites, sort: sort, offset: offset,
          limit: RecipeQuery.maximumLimit), household: household)
      found += page.items
      offset += page.items.count
      if !page.hasMore || page.items.isEmpty { break }
    }
    return found
  }

  private func random(_ request: HTTPRequest) throws -> HTTPResponse {
    let filters = try LibraryFilters(query: request.query)
    let snapshot = try library.current(store: store, household: household)
    var candidates = Array(snapshot.entries.indices)
    if let text = RecipeQuery(text: request.query["q"]).searchText {
      candidates = try textMatches(text, favorites: filters.favoritesOnly, sort: nil)
        .compactMap { snapshot.indexByID[$0.id] }
    }
    candidates = candidates.filter { filters.admits(snapshot.entries[$0]) }
    guard let pick = candidates.randomElement() else {
      throw LarderServerError(
        status: 404, code: "not_found", message: "No recipe matches these filters.")
    }
    return try json([
      "recipe": try summaryJSON(snapshot.entries[pick].summary), "candidates": candidates.count,
    ])
  }

  // MARK: - Ingredients

  private func parse(_ request: HTTPRequest) throws -> HTTPResponse {
    let body = try RecipeAPI.jsonObject(request)
    var lines: [String]
    switch body["lines"] {
    case let array as [Any]: lines = array.compactMap { $0 as? String }
    case let text as String: lines = text.components(separatedBy: .newlines)
    default:
      throw LarderServerError(
        status: 422, code: "invalid_field",
        message: "field 'lines': expected a list of ingredient lines")
    }
    guard lines.count <= 200 else {
      throw LarderServerError(
        status: 422, code: "invalid_field", message: "field 'lines': at most 200 lines at a time")
    }
    lines = lines.map { String($0.prefix(500)) }
    let encoder = LarderJSON.encoder()
    let items = try lines.map { line -> Any in
      let parsed = parser.parse(line)
      guard
        var object = try JSONSerialization.jsonObject(with: encoder.encode(parsed))
          as? [String: Any]
      else { return [:] as [String: Any] }
      let match = parsed.matchingName.flatMap { foods.match($0) }
      object["food"] =
        match.map { ["id": $0.foodID, "name": $0.name, "how": $0.how.rawValue] as [String: Any] }
        ?? NSNull()
      return object
    }
    return try json(["items": items])
  }

  // MARK: - Recipe lines

  /// Reads `servings` (a positive number), `units` (`us`, `metric` or `original`), and `have`
  /// and `staples` (comma-separated foods).
  private func lines(_ request: HTTPRequest) throws -> HTTPResponse {
    let id = RecipeID(rawValue: request.pathParameters["id"] ?? "")
    guard let recipe = try store.recipe(id: id, household: household) else {
      throw LarderCoreError.recipeNotFound(id)
    }
    let baseServings = recipe.yield?.servings.flatMap { $0 > 0 ? $0 : nil }
    var target = baseServings
    if let text = request.query["servings"], !text.isEmpty {
      guard let value = Double(text), value > 0, value <= 1000 else {
        throw LarderServerError.invalidParameter("servings", text, "a number from 0 to 1000")
      }
      target = value
    }
    var factor = 1.0
    if let baseServings, let target { factor = target / baseServings }
    let unitsText = (request.query["units"] ?? "original").lowercased()
    let format: MeasureFormat?
    switch unitsText {
    case "us": format = .us
    case "metric": format = .metric
    case "original", "": format = nil
    default:
      throw LarderServerError.invalidParameter("units", unitsText, "us, metric or original")
    }
    let pantryGiven = request.query["have"] != nil
    let pantry = PantryTerm.resolve(
      [request.query["have"] ?? ""], catalog: foods
    ).compactMap { $0.food?.foodID }
    let staples =
      request.query["staples"].map {
        PantryTerm.resolve([$0], catalog: foods).compactMap { $0.food?.foodID }
      } ?? FinderQuery.defaultStaples
    let owned = Set(pantry + staples)

    var sections: [[String: Any]] = []
    var haveCount = 0
    var neededCount = 0
    for section in recipe.ingredientSections {
      var items: [[String: Any]] = []
      for line in section.lines {
        let parsed = parser.parse(line.text)
        let foodID = line.facts?.foodID ?? parsed.matchingName.flatMap { foods.match($0)?.foodID }
        let optional = line.facts?.isOptional ?? parsed.isOptional
        var item: [String: Any] = [
          "text": line.text,
          "shown": Self.shown(
            line.text, parsed: parsed, factor: factor, format: format,
            density: foodID.flatMap { foods.food(id: $0)?.densityGramsPerMillilitre },
            weighed: foodID.map { foods.isWeighed($0) } ?? false),
          "optional": optional,
          "food": foodID.map { ["id": $0, "name": foods.food(id: $0)?.name ?? $0] } ?? NSNull(),
        ]
        if pantryGiven {
          let has = foodID.map { food in
            owned.contains { FoodEquivalents.pantryFood($0, satisfies: food, in: foods) }
          }
          let status: String
          if has == true {
            status = "have"
          } else if optional {
            status = "optional"
          } else {
            status = "missing"
          }
          item["status"] = status
          if !optional {
            neededCount += 1
            if has == true { haveCount += 1 }
          }
        }
        items.append(item)
      }
      sections.append(["title": section.title ?? NSNull(), "lines": items])
    }
    var answer: [String: Any] = [
      "id": recipe.id.rawValue,
      "servings": baseServings ?? NSNull(),
      "targetServings": target ?? NSNull(),
      "factor": factor,
      "units": format == nil ? "original" : unitsText,
      "sections": sections,
    ]
    if pantryGiven { answer["have"] = haveCount; answer["needed"] = neededCount }
    return try json(answer)
  }

  /// A line with its amount scaled and shown in a unit system, the rest kept as written:
  /// "2 cups flour, sifted" at twice the servings in metric reads "480 ml flour, sifted".
  /// Lines without an amount, or whose amount cannot be read, come back unchanged.
  static func shown(
    _ text: String, parsed: ParsedIngredient, factor: Double, format: MeasureFormat?,
    density: Double?, weighed: Bool = false
  ) -> String {
    guard abs(factor - 1) > 0.0001 || format != nil,
      let measure = try? Measure(parsed),
      let scaled = try? measure.scaled(by: factor)
    else { return text }
    let spans = ["quantity", "unit"].compactMap { parsed.spans[$0] }
    guard let start = spans.map(\.start).min(), let end = spans.map(\.end).max() else {
      return text
    }
    let utf16 = Array(text.utf16)
    guard start >= 0, end <= utf16.count, start < end else { return text }
    let before = String(decoding: utf16[..<start], as: UTF16.self)
    let after = String(decoding: utf16[end...], as: UTF16.self)
    // "Original" keeps each amount in the system it was written in, only rescaled.
    let display = scaled.formatted(
      format ?? MeasureFormat(system: .us, keepsWrittenSystem: true), density: density,
      weighed: weighed)
    return before + display + after
  }
}

/// The food name index, built on the first autocomplete request rather than when the app is
/// made (folding some 15,000 names is work a server start need not pay), and again after the
/// household changes its foods.
final class LazyFoodNameIndex: @unchecked Sendable {
  // @unchecked Sendable: `built` is read and written only while holding `lock`.
  private let lock = NSLock()
  private let catalog: LiveFoodCatalog
  private var built: (version: Int, index: FoodSearchIndex)?

  init(_ catalog: LiveFoodCatalog) {
    self.catalog = catalog
  }

  var index: FoodSearchIndex {
    let (current, version) = catalog.currentWithVersion
    lock.lock()
    defer { lock.unlock() }
    if let built, built.version == version { return built.index }
    let made = FoodSearchIndex(current)
    built = (version, made)
    return made
  }
}
