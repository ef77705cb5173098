import Foundation
import LarderCore
import LarderHTTP

/// The JSON API for the pantry, the meal plan and the shopping list.
///
/// Every endpoint takes `tz` (a time zone such as `America/Los_Angeles`, for what "today" is)
/// and `units` (`us` or `metric`, for the `…Text` fields) as query parameters.
///
/// Pantry:
/// - `GET /api/v1/pantry`: `{"today", "items"}`, soonest expiry first, each with `expiry`
/// - `POST /api/v1/pantry`: add `{"line": "2 lb chicken thighs"}` or `{"name", "quantity",
///   "unit", "food"}`, with `location`, `expiresOn`, `note` (201)
/// - `GET|PATCH|DELETE /api/v1/pantry/:id`
/// - `POST /api/v1/pantry/deduct/preview` `{"recipe", "servings"}`: what cooking would take
/// - `POST /api/v1/pantry/deduct` `{"recipe", "servings", "items"?}`: take it
///
/// Meal plan:
/// - `GET /api/v1/plan?from=&to=`: list view, day by day (default: today and 6 days)
/// - `GET /api/v1/plan/week?date=&weekStart=monday`: the week holding `date`
/// - `POST /api/v1/plan` `{"date", "meal", "recipe", "servings", "note"}` (201)
/// - `GET|PATCH|DELETE /api/v1/plan/:id`
/// - `POST /api/v1/plan/fill` `{"date", "weekStart", "meal", "servings", "save", ...finder
///   fields}`: suggestions for the week's empty meals
///
/// Shopping list:
/// - `GET /api/v1/shopping-list?staples=`: grouped by aisle
/// - `GET /api/v1/shopping-list/text`: plain text to share
/// - `POST /api/v1/shopping-list/generate` `{"from", "to"}` or `{"recipes": [{"recipe",
///   "servings"}]}`, `staples`: make the list again (manual lines stay)
/// - `POST /api/v1/shopping-list/items` `{"line"}`: a manual line (201)
/// - `PATCH /api/v1/shopping-list/items/:id` `{"checked"}`; `DELETE` it
/// - `POST /api/v1/shopping-list/check` `{"items": [ids], "checked"}`
/// - `POST /api/v1/shopping-list/to-pantry`: move checked lines into the pantry
struct PlanningAPI: Sendable {
  let service: PlanningService
  let clock: @Sendable () -> Date
  let timeZone: TimeZone
  let unitSystem: UnitSystem
  let firstWeekday: Weekday
  let finder: FinderAPI

  var foods: FoodCatalog { service.foods }

  func register(in router: inout Router) {
    router.get("/api/v1/pantry") { try listPantry($0) }
    router.post("/api/v1/pantry") { try addPantry($0) }
    router.get("/api/v1/pantry/:id") { request in
      let context = try Context(request, api: self)
      return try JSONValue.response(
        context.pantryJSON(try service.pantryItem(request.pathParameters["id"] ?? "")))
    }
    router.patch("/api/v1/pantry/:id") { try patchPantry($0) }
    router.delete("/api/v1/pantry/:id") { request in
      let item = try service.pantryItem(request.pathParameters["id"] ?? "")
      try service.planning.deletePantryItem(id: item.id, household: service.household)
      return HTTPResponse(status: 204)
    }
    router.post("/api/v1/pantry/deduct/preview") { try deduct($0, confirm: false) }
    router.post("/api/v1/pantry/deduct") { try deduct($0, confirm: true) }

    router.get("/api/v1/plan") { try listPlan($0) }
    router.get("/api/v1/plan/week") { try week($0) }
    router.post("/api/v1/plan") { try addPlan($0) }
    router.post("/api/v1/plan/fill") { try fill($0) }
    router.get("/api/v1/plan/:id") { request in
      let entry = try service.planEntry(request.pathParameters["id"] ?? "")
      return try JSONValue.response(try planJSON(entry))
    }
    router.patch("/api/v1/plan/:id") { try patchPlan($0) }
    router.delete("/api/v1/plan/:id") { request in
      let entry = try service.planEntry(request.pathParameters["id"] ?? "")
      try service.planning.deleteMealPlanEntry(id: entry.id, household: service.household)
      return HTTPResponse(status: 204)
    }

    router.get("/api/v1/shopping-list") { try showList($0) }
    router.get("/api/v1/shopping-list/text") { request in
      let context = try Context(request, api: self)
      let items = try service.planning.shoppingListItems(household: service.household)
      let staples = try QueryValues.bool(request.query, "staples") ?? false
      return .text(ShoppingListView(items, includeStaples: staples).plainText(context.format))
    }
    router.post("/api/v1/shopping-list/generate") { try generate($0) }
    router.post("/api/v1/shopping-list/items") { request in
      let context = try Context(request, api: self)
      let body = try JSONBody(request, allowed: ["line"])
      let item = try service.addManualItem(try body.requiredString("line"))
      return try JSONValue.response(
        PlanningJSON.shoppingItem(item, format: context.format), status: 201)
    }
    router.patch("/api/v1/shopping-list/items/:id") { request in
      let context = try Context(request, api: self)
      let body = try JSONBody(request, allowed: ["checked"])
      let item = try service.shoppingItem(request.pathParameters["id"] ?? "")
      guard let checked = try body.bool("checked") else { throw JSONBody.missing("checked") }
      let changed = try service.setChecked([item.id], checked: checked)
      return try JSONValue.response(PlanningJSON.shoppingItem(changed[0], format: context.format))
    }
    router.delete("/api/v1/shopping-list/items/:id") { request in
      let item = try service.shoppingItem(request.pathParameters["id"] ?? "")
      var changes = PlanningChanges()
      changes.deleteShoppingListItems = [item.id]
      try service.planning.apply(changes, household: service.household)
      return HTTPResponse(status: 204)
    }
    router.post("/api/v1/shopping-list/check") { request in
      let context = try Context(request, api: self)
      let body = try JSONBody(request, allowed: ["items", "checked"])
      guard let texts = try body.strings("items"), !texts.isEmpty else {
        throw JSONBody.missing("items")
      }
      let ids = try texts.map { try service.shoppingItem($0).id }
      _ = try service.setChecked(ids, checked: try body.bool("checked") ?? true)
      return try listResponse(context, includeStaples: false)
    }
    router.post("/api/v1/shopping-list/to-pantry") { request in
      let context = try Context(request, api: self)
      let moved = try service.moveCheckedToPantry(today: context.today)
      return try JSONValue.response([
        "moved": try moved.map(context.pantryJSON),
        "list": try PlanningJSON.shoppingList(
          service.planning.shoppingListItems(household: service.household),
          format: context.format, includeStaples: false),
      ])
    }
  }

  /// What every request shares: today in its time zone, and the units to show.
  struct Context {
    let today: CalendarDay
    let format: MeasureFormat
    let foods: FoodCatalog

    init(_ request: HTTPRequest, api: PlanningAPI) throws {
      let zone = try QueryValues.timeZone(request.query, fallback: api.timeZone)
      today = CalendarDay(api.clock(), in: zone)
      format = try QueryValues.format(request.query, fallback: api.unitSystem)
      foods = api.foods
    }

    func pantryJSON(_ item: PantryItem) throws -> [String: Any] {
      try PlanningJSON.pantryItem(item, today: today, format: format, foods: foods)
    }
  }

  // MARK: - Pantry

  private static let pantryFields: Set<String> = [
    "line", "name", "quantity", "quantityMax", "unit", "food", "location", "expiresOn", "note",
    "addedOn",
  ]

  private func listPantry(_ request: HTTPRequest) throws -> HTTPResponse {
    let context = try Context(request, api: self)
    var items = try service.planning.pantryItems(household: service.household)
    if let location = request.query["location"], !location.isEmpty {
      items = items.filter { $0.location.rawValue == location.lowercased() }
    }
    return try JSONValue.response([
      "today": context.today.description, "items": try items.map(context.pantryJSON),
    ])
  }

  private func location(_ body: JSONBody) throws -> PantryLocation? {
    guard let text = try body.string("location") else { return nil }
    guard let location = PantryLocation(rawValue: text) else {
      throw JSONBody.invalid(
        "location", text, "fridge, freezer, cupboard or a name of 1 to 40 characters")
    }
    return location
  }

  private func food(_ body: JSONBody) throws -> String? {
    guard let text = try body.string("food"), !text.isEmpty else { return nil }
    if let food = foods.food(id: text) { return food.id }
    if let match = foods.match(text) { return match.foodID }
    throw LarderServerError(
      status: 422, code: "unknown_food",
      message: "field 'food': '\(text)' is not a food Larder knows")
  }

  private func amount(_ body: JSONBody, current: Measure?) throws -> Measure? {
    guard body.has("quantity") || body.has("unit") || body.has("quantityMax") else {
      return current
    }
    let quantity = try body.number("quantity", 0...1_000_000) ?? current?.quantity ?? 1
    // A stored range survives a change of unit; a new quantity replaces it unless a new upper
    // end comes with it.
    let upper =
      body.has("quantityMax")
      ? try body.number("quantityMax", 0...1_000_000)
      : body.has("quantity") ? nil : current?.quantityMax
    if let upper, upper < quantity {
      throw JSONBody.invalid("quantityMax", upper, "a number not below quantity (\(quantity))")
    }
    let unit = body.has("unit") ? try body.unit("unit") : current?.unit
    return Measure(quantity: quantity, quantityMax: upper, unit: unit)
  }

  private func addPantry(_ request: HTTPRequest) throws -> HTTPResponse {
    let context = try Context(request, api: self)
    let body = try JSONBody(request, allowed: Self.pantryFields)
    let item: PantryItem
    if let line = try body.string("line") {
      guard !body.has("name") else {
        throw JSONBody.invalid("name", try body.string("name"), "either 'line' or 'name', not both")
      }
      var added = try service.addPantryLine(
        line, location: try location(body), expiresOn: try body.day("expiresOn"),
        today: context.today)
      if let note = try body.string("note") {
        added.note = note
        try service.planning.savePantryItem(added, household: service.household)
      }
      item = added
    } else {
      let name = try body.requiredString("name")
      let food = try food(body) ?? foods.match(name)?.foodID
      item = PantryItem(
        id: service.makeID(), name: name, foodID: food, amount: try amount(body, current: nil),
        location: try location(body)
          ?? .usual(for: food.flatMap { foods.food(id: $0)?.aisle }),
        addedOn: try body.day("addedOn") ?? context.today, expiresOn: try body.day("expiresOn"),
        note: try body.string("note"))
      try service.planning.savePantryItem(item, household: service.household)
    }
    var response = try JSONValue.response(try context.pantryJSON(item), status: 201)
    response.headers["Location"] = "/api/v1/pantry/\(item.id)"
    return response
  }

  private func patchPantry(_ request: HTTPRequest) throws -> HTTPResponse {
    let context = try Context(request, api: self)
    var item = try service.pantryItem(request.pathParameters["id"] ?? "")
    let body = try JSONBody(request, allowed: Self.pantryFields.subtracting(["line"]))
    if body.has("name") { item.name = try body.requiredString("name") }
    if body.has("food") { item.foodID = try food(body) }
    item.amount = try amount(body, current: item.amount)
    if let location = try location(body) { item.location = location }
    if body.object.keys.contains("expiresOn") { item.expiresOn = try body.day("expiresOn") }
    if let added = try body.day("addedOn") { item.addedOn = added }
    if body.object.keys.contains("note") { item.note = try body.string("note") }
    try service.planning.savePantryItem(item, household: service.household)
    return try JSONValue.response(try context.pantryJSON(item))
  }

  private func deduct(_ request: HTTPRequest, confirm: Bool) throws -> HTTPResponse {
    let context = try Context(request, api: self)
    let body = try JSONBody(
      request, allowed: confirm ? ["recipe", "servings", "items"] : ["recipe", "servings"])
    let recipe = RecipeID(rawValue: try body.requiredString("recipe"))
    let servings = try body.number("servings", 0.01...1000)
    let deduction: PantryDeduction
    if confirm {
      let only = try body.strings("items").map { Set($0.map(PlanningID.init(rawValue:))) }
      deduction = try service.deduct(recipe: recipe, servings: servings, only: only)
    } else {
      deduction = try service.deductionPreview(recipe: recipe, servings: servings)
    }
    var answer = try PlanningJSON.deduction(deduction, format: context.format)
    answer["applied"] = confirm
    return try JSONValue.response(answer)
  }

  // MARK: - Meal plan

  private func planJSON(_ entry: MealPlanEntry) throws -> [String: Any] {
    try PlanningJSON.planEntry(
      entry, recipe: try service.recipes.recipe(id: entry.recipeID, household: service.household))
  }

  private func daysResponse(from: CalendarDay, through: CalendarDay) throws -> HTTPResponse {
    guard from <= through, through.days(since: from) < 366 else {
      throw LarderServerError(
        status: 400, code: "invalid_parameter",
        message: "query parameter 'to': must be on or after 'from' and within a year of it")
    }
    let plan = try service.planDays(from: from, through: through)
    return try JSONValue.response([
      "from": from.description, "to": through.description,
      "days": try PlanningJSON.days(plan.days) { plan.recipes[$0] },
    ])
  }

  private func listPlan(_ request: HTTPRequest) throws -> HTTPResponse {
    let context = try Context(request, api: self)
    let from = try QueryValues.day(request.query, "from") ?? context.today
    let through = try QueryValues.day(request.query, "to") ?? from.adding(days: 6)
    return try daysResponse(from: from, through: through)
  }

  private func week(_ request: HTTPRequest) throws -> HTTPResponse {
    let context = try Context(request, api: self)
    let day = try QueryValues.day(request.query, "date") ?? context.today
    let first = try QueryValues.weekday(request.query, "weekStart") ?? firstWeekday
    let start = day.startOfWeek(firstWeekday: first)
    return try daysResponse(from: start, through: start.adding(days: 6))
  }

  private func meal(_ body: JSONBody, default fallback: Meal?) throws -> Meal {
    guard let text = try body.string("meal") else {
      guard let fallback else { throw JSONBody.missing("meal") }
      return fallback
    }
    guard let meal = Meal(rawValue: text.lowercased()) else {
      throw JSONBody.invalid("meal", text, "breakfast, lunch, dinner or snack")
    }
    return meal
  }

  private func addPlan(_ request: HTTPRequest) throws -> HTTPResponse {
    let body = try JSONBody(request, allowed: ["date", "meal", "recipe", "servings", "note"])
    guard let date = try body.day("date") else { throw JSONBody.missing("date") }
    let entry = try service.addPlanEntry(
      recipe: RecipeID(rawValue: try body.requiredString("recipe")), date: date,
      meal: try meal(body, default: nil), servings: try body.number("servings", 0.01...1000),
      note: try body.string("note"))
    var response = try JSONValue.response(try planJSON(entry), status: 201)
    response.headers["Location"] = "/api/v1/plan/\(entry.id)"
    return response
  }

  private func patchPlan(_ request: HTTPRequest) throws -> HTTPResponse {
    var entry = try service.planEntry(request.pathParameters["id"] ?? "")
    let body = try JSONBody(request, allowed: ["date", "meal", "recipe", "servings", "note"])
    if let date = try body.day("date") { entry.date = date }
    entry.meal = try meal(body, default: entry.meal)
    if body.has("recipe") {
      entry.recipeID = try service.recipe(RecipeID(rawValue: try body.requiredString("recipe"))).id
    }
    if body.object.keys.contains("servings") {
      entry.servings = try body.number("servings", 0.01...1000)
    }
    if body.object.keys.contains("note") { entry.note = try body.string("note") }
    try service.planning.saveMealPlanEntry(entry, household: service.household)
    return try JSONValue.response(try planJSON(entry))
  }

  private func fill(_ request: HTTPRequest) throws -> HTTPResponse {
    let context = try Context(request, api: self)
    let own: Set<String> = ["date", "weekStart", "meal", "servings", "save"]
    let everything = try RecipeAPI.jsonObject(request)
    let body = try JSONBody(request, allowed: own.union(FinderRequest.knownFields))
    let finderRequest = try FinderRequest(json: everything.filter { !own.contains($0.key) })
    let first: Weekday
    if let text = try body.string("weekStart") {
      guard let day = Weekday(rawValue: text.lowercased()) else {
        throw JSONBody.invalid("weekStart", text, "a day of the week such as monday")
      }
      first = day
    } else {
      first = firstWeekday
    }
    // Without `have`, suggestions rank by the stored pantry (and its dates, for useItUp).
    var query =
      finderRequest.have.isEmpty
      ? try finder.query(for: finderRequest, pantry: try service.finderPantry())
      : try finder.query(for: finderRequest)
    query.maxMissing = finderRequest.missingGiven ? query.maxMissing : 50
    let entries = try service.fillWeek(
      containing: try body.day("date") ?? context.today, firstWeekday: first,
      meal: try meal(body, default: .dinner), servings: try body.number("servings", 0.01...1000),
      query: query, save: try body.bool("save") ?? false)
    return try JSONValue.response([
      "saved": try body.bool("save") ?? false, "entries": try entries.map(planJSON),
    ])
  }

  // MARK: - Shopping list

  private func listResponse(_ context: Context, includeStaples: Bool) throws -> HTTPResponse {
    try JSONValue.response(
      PlanningJSON.shoppingList(
        service.planning.shoppingListItems(household: service.household),
        format: context.format, includeStaples: includeStaples))
  }

  private func showList(_ request: HTTPRequest) throws -> HTTPResponse {
    let context = try Context(request, api: self)
    return try listResponse(
      context, includeStaples: try QueryValues.bool(request.query, "staples") ?? false)
  }

  private func generate(_ request: HTTPRequest) throws -> HTTPResponse {
    let context = try Context(request, api: self)
    let body = try JSONBody(request, allowed: ["from", "to", "recipes", "staples"])
    let staples = try body.bool("staples") ?? false
    var portions: [RecipePortion] = []
    if body.has("recipes") {
      guard let list = body.object["recipes"] as? [Any], !list.isEmpty else {
        throw JSONBody.invalid("recipes", body.object["recipes"], "a list of {recipe, servings}")
      }
      for (index, element) in list.enumerated() {
        let field = "recipes[\(index)]"
        let id: String
        var servings: Double?
        switch element {
        case let text as String: id = text
        case let object as [String: Any]:
          guard let text = object["recipe"] as? String else {
            throw JSONBody.missing(field + ".recipe")
          }
          id = text
          if let value = object["servings"], !(value is NSNull) {
            guard !FinderRequest.isBoolean(value), let number = (value as? NSNumber)?.doubleValue,
              number > 0, number <= 1000
            else { throw JSONBody.invalid(field + ".servings", value, "a number from 0 to 1000") }
            servings = number
          }
        default:
          throw JSONBody.invalid(field, element, "a recipe id or {recipe, servings}")
        }
        portions.append(
          RecipePortion(recipe: try service.recipe(RecipeID(rawValue: id)), servings: servings))
      }
    } else {
      let from = try body.day("from") ?? context.today
      let through = try body.day("to") ?? from.adding(days: 6)
      guard from <= through else {
        throw JSONBody.invalid("to", through.description, "a date on or after 'from'")
      }
      portions = try service.plannedPortions(from: from, through: through)
    }
    let items = try service.generateShoppingList(portions, includeStaples: staples)
    return try JSONValue.response(
      PlanningJSON.shoppingList(items, format: context.format, includeStaples: staples))
  }
}
