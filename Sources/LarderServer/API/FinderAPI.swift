import Foundation
import LarderCore
import LarderHTTP

/// The pantry finder over HTTP: `GET /api/v1/finder` with query parameters and
/// `POST /api/v1/finder` with the same fields in a JSON body.
///
/// Fields: `have` (foods, comma-separated or a list; names or catalog ids), `missing` (K, the
/// most missing ingredients, default 0), `diet` / `diets`, `include`, `exclude`, `course`,
/// `cuisine`, `tag`, `maxTime` (minutes), `maxIngredients`, `favorites`, `staples` (replaces
/// salt, black pepper and water), `useItUp` (rank recipes using what expires soonest first),
/// `offset`, `limit`. Every food is reported with how it was understood; a food name the
/// catalog does not know is an error for `include` and `exclude` (guessing would change the
/// answer) and is listed under `unknown` for `have`.
///
/// Without `have`, the household's stored pantry is used when there is one (with its expiry
/// dates); the answer's `pantrySource` says which (`have` or `stored`).
public struct FinderAPI: Sendable {
  let store: any RecipeStore
  let household: HouseholdID
  let engine: FinderEngine
  let liveFoods: LiveFoodCatalog
  /// The catalog as it is for this request.
  var foods: FoodCatalog { liveFoods.current }
  let planning: (any PlanningStore)?

  /// Makes the finder service over a store, an engine holding the store's recipes, and the
  /// food catalog that reads what the user has.
  /// `planning`, when given, supplies the stored pantry for requests without `have`.
  public init(
    store: any RecipeStore, household: HouseholdID = .default, engine: FinderEngine,
    foods: FoodCatalog, planning: (any PlanningStore)? = nil
  ) {
    self.init(
      store: store, household: household, engine: engine, liveFoods: LiveFoodCatalog(foods),
      planning: planning)
  }

  /// Makes the finder service reading a catalog that may change while the server runs; with a
  /// planning store, a request without `have` uses the stored pantry.
  public init(
    store: any RecipeStore, household: HouseholdID = .default, engine: FinderEngine,
    liveFoods: LiveFoodCatalog, planning: (any PlanningStore)? = nil
  ) {
    self.store = store
    self.household = household
    self.engine = engine
    self.liveFoods = liveFoods
    self.planning = planning
  }

  func register(in router: inout Router) {
    router.get("/api/v1/finder") { request in
      try respond(to: try FinderRequest(query: request.query))
    }
    router.post("/api/v1/finder") { request in
      try respond(to: try FinderRequest(json: RecipeAPI.jsonObject(request)))
    }
  }

  /// Runs a finder request and builds the JSON answer.
  func respond(to request: FinderRequest) throws -> HTTPResponse {
    try JSONValue.response(try run(request))
  }

  /// The finder query a request asks, with the pantry from `have`.
  func query(for request: FinderRequest) throws -> FinderQuery {
    let pantry = PantryTerm.resolve(request.have, catalog: foods)
    return try query(
      for: request,
      pantry: pantry.compactMap { $0.food.map { FinderQuery.PantryItem(food: $0.foodID) } })
  }

  /// The finder query a request asks, with the given pantry (the stored one, say).
  ///
  /// - Throws: ``LarderServerError`` for an unknown food in `include`, `exclude` or
  ///   `staples`, or an unknown diet.
  public func query(
    for request: FinderRequest, pantry: [FinderQuery.PantryItem]
  ) throws -> FinderQuery {
    func resolveStrictly(_ names: [String], field: String) throws -> [String] {
      try PantryTerm.resolve(names, catalog: foods).map { term in
        guard let food = term.food else {
          throw LarderServerError(
            status: 422, code: "unknown_food",
            message: "\(field): '\(term.input)' is not a food Larder knows")
        }
        return food.foodID
      }
    }
    let knownDiets = Set(engine.catalog.dietExclusions.keys)
    let diets = try request.diets.map { text -> DietLabel in
      guard let label = DietLabel(parsing: text), knownDiets.contains(label) else {
        throw LarderServerError(
          status: 400, code: "invalid_parameter",
          message: "diet '\(text)' is not one of "
            + knownDiets.map(\.rawValue).sorted().joined(separator: ", "))
      }
      return label
    }
    return FinderQuery(
      pantryItems: FoodEquivalents.expanding(pantry, in: foods),
      staples: try request.staples.map { try resolveStrictly($0, field: "staples") }
        ?? FinderQuery.defaultStaples,
      maxMissing: request.missing,
      mustInclude: try resolveStrictly(request.include, field: "include"),
      mustExclude: try resolveStrictly(request.exclude, field: "exclude"),
      diets: diets,
      filters: FinderFilters(
        courses: request.courses, cuisines: request.cuisines,
        maxTotalMinutes: request.maxTime, maxIngredientCount: request.maxIngredients,
        tags: request.tags, favoritesOnly: request.favoritesOnly),
      offset: request.offset, limit: request.limit, useItUp: request.useItUp)
  }

  /// The answer as JSON-ready values, shared by the API and the CLI.
  public func run(_ request: FinderRequest) throws -> [String: Any] {
    var pantry = PantryTerm.resolve(request.have, catalog: foods)
    var items = pantry.compactMap { $0.food.map { FinderQuery.PantryItem(food: $0.foodID) } }
    var source = "have"
    if request.have.isEmpty, let planning {
      let stored = try planning.pantryItems(household: household).filter { $0.foodID != nil }
      if !stored.isEmpty {
        source = "stored"
        pantry = stored.map { item in
          PantryTerm(
            input: item.name,
            food: item.foodID.map {
              FoodMatch(foodID: $0, name: item.name, how: .exact, confidence: 1)
            })
        }
        items = stored.compactMap(\.finderItem)
      }
    }
    let page = engine.find(try query(for: request, pantry: items))
    let encoder = LarderJSON.encoder()
    func food(_ id: String) -> [String: Any] {
      ["id": id, "name": foods.food(id: id)?.name ?? id]
    }
    var found: [[String: Any]] = []
    for match in page.items {
      guard
        let recipe = try store.recipe(id: RecipeID(rawValue: match.recipeID), household: household)
      else { continue }
      let summary = try JSONSerialization.jsonObject(
        with: encoder.encode(RecipeSummary(recipe)))
      found.append([
        "recipe": summary,
        "missingCount": match.missingCount,
        "matched": match.matchedFoods.map(food),
        "missing": match.missingFoods.map(food),
        "substitutions": match.substitutions.map { substitution -> [String: Any] in
          ["food": food(substitution.food), "substitutes": substitution.substitutes.map(food)]
        },
        "unmatchedLines": match.unmatchedLineCount,
        "unmatchedLineTexts": recipe.ingredientLines.filter {
          $0.facts?.foodID == nil && $0.facts?.isOptional != true
        }.map(\.text),
        "pantryFoodsUsed": match.pantryFoodsUsed,
      ])
    }
    return [
      "pantry": pantry.filter { $0.food != nil }.map { term -> [String: Any] in
        ["input": term.input, "food": food(term.food?.foodID ?? "")]
      },
      "unknown": pantry.filter { $0.food == nil }.map(\.input),
      "pantrySource": source,
      "useItUp": request.useItUp,
      "items": found,
      "total": page.total,
      "offset": page.offset,
      "limit": page.limit,
    ]
  }
}

/// The finder's parameters, read from a query string or a JSON body with the same names.
public struct FinderRequest: Sendable {
  var have: [String] = []
  var missing = 0
  var diets: [String] = []
  var include: [String] = []
  var exclude: [String] = []
  var courses: [String] = []
  var cuisines: [String] = []
  var tags: [String] = []
  var maxTime: Int?
  var maxIngredients: Int?
  var favoritesOnly = false
  var staples: [String]?
  var offset = 0
  var limit = 24
  var useItUp = false
  /// Whether `missing` was given (fill-week defaults it higher than the finder does).
  var missingGiven = false

  /// Every field a JSON request may have.
  static let knownFields: Set<String> = [
    "have", "missing", "diet", "diets", "include", "exclude", "course", "courses", "cuisine",
    "cuisines", "tag", "tags", "maxTime", "maxIngredients", "favorites", "staples", "offset",
    "limit", "useItUp",
  ]

  /// Reads query parameters; list fields are comma-separated.
  public init(query: [String: String]) throws {
    func list(_ names: String...) -> [String] {
      names.compactMap { query[$0] }.flatMap { $0.split(separator: ",") }
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
    func integer(_ name: String, _ range: ClosedRange<Int>) throws -> Int? {
      guard let text = query[name], !text.isEmpty else { return nil }
      guard let value = Int(text), range.contains(value) else {
        throw LarderServerError.invalidParameter(
          name, text, "a whole number from \(range.lowerBound) to \(range.upperBound)")
      }
      return value
    }
    have = list("have")
    missing = try integer("missing", 0...50) ?? 0
    diets = list("diet", "diets")
    include = list("include")
    exclude = list("exclude")
    courses = list("course", "courses")
    cuisines = list("cuisine", "cuisines")
    tags = list("tag", "tags")
    maxTime = try integer("maxTime", 1...100_000)
    maxIngredients = try integer("maxIngredients", 1...1000)
    if let text = query["favorites"], !text.isEmpty {
      switch text.lowercased() {
      case "1", "true", "yes", "on": favoritesOnly = true
      case "0", "false", "no", "off": favoritesOnly = false
      default: throw LarderServerError.invalidParameter("favorites", text, "true or false")
      }
    }
    if query["staples"] != nil { staples = list("staples") }
    missingGiven = query["missing"].map { !$0.isEmpty } ?? false
    if let text = query["useItUp"], !text.isEmpty {
      switch text.lowercased() {
      case "1", "true", "yes", "on": useItUp = true
      case "0", "false", "no", "off": useItUp = false
      default: throw LarderServerError.invalidParameter("useItUp", text, "true or false")
      }
    }
    offset = try integer("offset", 0...10_000_000) ?? 0
    limit = try integer("limit", 1...RecipeQuery.maximumLimit) ?? 24
  }

  /// Whether a JSONSerialization value is true or false rather than a number: on Linux both
  /// arrive as NSNumber, and `is Bool` holds for the numbers 0 and 1 too.
  static func isBoolean(_ value: Any) -> Bool {
    guard let number = value as? NSNumber else { return value is Bool }
    return String(cString: number.objCType) == "c"
  }

  /// Reads a JSON object; lists may be arrays or comma-separated strings.
  public init(json: [String: Any]) throws {
    let known = Self.knownFields
    if let unknown = json.keys.sorted().first(where: { !known.contains($0) }) {
      throw LarderServerError(
        status: 400, code: "invalid_field",
        message: "unknown field '\(unknown)' in the finder request")
    }
    func list(_ names: String...) throws -> [String] {
      try names.flatMap { name -> [String] in
        switch json[name] {
        case nil, is NSNull: return []
        case let text as String: return text.split(separator: ",").map(String.init)
        case let array as [Any]:
          return try array.map { element in
            guard let text = element as? String else {
              throw LarderServerError(
                status: 422, code: "invalid_field", message: "field '\(name)': expected strings")
            }
            return text
          }
        default:
          throw LarderServerError(
            status: 422, code: "invalid_field",
            message: "field '\(name)': expected a list of strings")
        }
      }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
    func integer(_ name: String, _ range: ClosedRange<Int>) throws -> Int? {
      guard let value = json[name], !(value is NSNull) else { return nil }
      guard !Self.isBoolean(value), let number = value as? Int, range.contains(number) else {
        throw LarderServerError(
          status: 422, code: "invalid_field",
          message:
            "field '\(name)': expected a whole number from \(range.lowerBound) to \(range.upperBound)"
        )
      }
      return number
    }
    have = try list("have")
    missing = try integer("missing", 0...50) ?? 0
    diets = try list("diet", "diets")
    include = try list("include")
    exclude = try list("exclude")
    courses = try list("course", "courses")
    cuisines = try list("cuisine", "cuisines")
    tags = try list("tag", "tags")
    maxTime = try integer("maxTime", 1...100_000)
    maxIngredients = try integer("maxIngredients", 1...1000)
    if let value = json["favorites"], !(value is NSNull) {
      guard Self.isBoolean(value), let flag = value as? Bool else {
        throw LarderServerError(
          status: 422, code: "invalid_field", message: "field 'favorites': expected true or false")
      }
      favoritesOnly = flag
    }
    if json["staples"] != nil { staples = try list("staples") }
    missingGiven = json["missing"].map { !($0 is NSNull) } ?? false
    if let value = json["useItUp"], !(value is NSNull) {
      guard Self.isBoolean(value), let flag = value as? Bool else {
        throw LarderServerError(
          status: 422, code: "invalid_field", message: "field 'useItUp': expected true or false")
      }
      useItUp = flag
    }
    offset = try integer("offset", 0...10_000_000) ?? 0
    limit = try integer("limit", 1...RecipeQuery.maximumLimit) ?? 24
  }
}
