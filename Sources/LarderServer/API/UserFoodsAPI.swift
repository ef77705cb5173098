import Foundation
import LarderCore
import LarderHTTP

/// A household's own foods and names over HTTP:
///
/// - `GET /api/v1/user-foods` — the foods and synonyms the household added.
/// - `POST /api/v1/user-foods` — add a food: `name`, and optionally `id`, `plural`, `parent`
///   (id or name), `aisle`, `density` (g/ml), `synonyms`, `replace` (to change a catalog
///   food's details). Answers 201 with the food.
/// - `DELETE /api/v1/user-foods/{id}` — remove one (and the names that point at it).
/// - `POST /api/v1/user-synonyms` — `synonym` and `food` (id or name). Answers 201.
/// - `DELETE /api/v1/user-synonyms/{synonym}` — remove a name.
///
/// A change is saved, the live catalog replaced at once (the finder and new writes use it),
/// and `changed` is called with the new catalog so the server can match stored recipes again.
struct UserFoodsAPI: Sendable {
  let store: any FoodStore
  let household: HouseholdID
  let live: LiveFoodCatalog
  let base: FoodCatalog
  let clock: @Sendable () -> Date
  let changed: @Sendable (FoodCatalog) -> Void

  func register(in router: inout Router) {
    router.get("/api/v1/user-foods") { _ in
      .json(try LarderJSON.encode(try store.userFoods(household: household)))
    }
    router.post("/api/v1/user-foods") { request in try add(request) }
    router.delete("/api/v1/user-foods/:id") { request in
      let id = request.pathParameters["id"] ?? ""
      let user = try store.userFoods(household: household)
      let dependants = user.foods.filter { $0.parentID == id }.map(\.id)
      guard dependants.isEmpty else {
        throw LarderCoreError.invalidField(
          field: "id", value: id,
          reason: "your foods \(dependants.joined(separator: ", ")) are kinds of it")
      }
      try store.deleteUserFood(id: id, household: household)
      try refresh()
      return HTTPResponse(status: 204)
    }
    router.post("/api/v1/user-synonyms") { request in try addSynonym(request) }
    router.delete("/api/v1/user-synonyms/:synonym") { request in
      try store.deleteSynonym(request.pathParameters["synonym"] ?? "", household: household)
      try refresh()
      return HTTPResponse(status: 204)
    }
  }

  private func add(_ request: HTTPRequest) throws -> HTTPResponse {
    let body = try JSONBody(
      request,
      allowed: ["name", "id", "plural", "parent", "aisle", "density", "synonyms", "replace"])
    let draft = FoodDraft(
      name: try body.requiredString("name"), id: try nonEmpty(body.string("id")),
      pluralName: try nonEmpty(body.string("plural")), parent: try nonEmpty(body.string("parent")),
      aisle: try nonEmpty(body.string("aisle")), density: try body.number("density", 0...25),
      synonyms: try body.strings("synonyms") ?? [], replace: try body.bool("replace") ?? false)
    let catalog = live.current
    let mine = Set(try store.userFoods(household: household).foods.map(\.id))
    let food = try catalog.food(from: draft, isUsers: { mine.contains($0) })
    _ = try catalog.adding(food)
    try store.saveUserFood(food, household: household, now: clock())
    try refresh()
    return .json(try LarderJSON.encode(food), status: 201)
  }

  private func addSynonym(_ request: HTTPRequest) throws -> HTTPResponse {
    let body = try JSONBody(request, allowed: ["synonym", "food"])
    let name = try body.requiredString("synonym")
    let foodName = try body.requiredString("food")
    let catalog = live.current
    guard let food = catalog.food(named: foodName) else {
      throw LarderCoreError.invalidField(
        field: "food", value: foodName, reason: "no food has this id or name")
    }
    _ = try catalog.addingSynonym(name, to: food.id)
    let synonym = UserSynonym(name, foodID: food.id)
    try store.saveSynonym(synonym, household: household, now: clock())
    try refresh()
    return .json(try LarderJSON.encode(synonym), status: 201)
  }

  /// Rebuilds the catalog from what is stored, so the live one is always what a restart gives.
  private func refresh() throws {
    let (catalog, _) = base.customized(with: try store.userFoods(household: household))
    live.replace(with: catalog)
    changed(catalog)
  }

  private func nonEmpty(_ text: String?) -> String? {
    text.flatMap { $0.isEmpty ? nil : $0 }
  }
}
