import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// The JSON API for the pantry, the meal plan and the shopping list. Each route reads its
/// request, calls one of ``Larder``'s planning use cases and writes the answer.
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
/// - `POST /api/v1/shopping-list/add` `{"recipes": [{"recipe", "servings"}]}`, `staples`: put
///   on the list what the recipes need and the pantry lacks, keeping the rest of the list
/// - `POST /api/v1/shopping-list/items` `{"line"}`: a manual line (201)
/// - `PATCH /api/v1/shopping-list/items/:id` `{"checked"}`; `DELETE` it
/// - `POST /api/v1/shopping-list/check` `{"items": [ids], "checked"}`
/// - `POST /api/v1/shopping-list/to-pantry`: move checked lines into the pantry (optional
///   body `{"expiresOn": "2026-12-10"}`)
struct PlanningAPI: Sendable {
  let larder: Larder

  func register(in router: inout AppRouter) {
    registerPantry(in: &router)
    registerPlan(in: &router)
    registerShoppingList(in: &router)
  }

  private func registerPantry(in router: inout AppRouter) {
    router.get("/api/v1/pantry") { request, caller in
      let query = try Displayed<PantryListRequest>.decode(query: request.query)
      return try encodedJSON(larder.pantry(query.request, display: query.display, as: caller))
    }
    router.post("/api/v1/pantry") { request, caller in
      let item = try larder.addPantryItem(
        try Self.body(NewPantryItem.self, request), display: try Self.display(request),
        as: caller)
      var response = try encodedJSON(item, status: 201)
      response.headers["Location"] = "/api/v1/pantry/\(item.item.id)"
      return response
    }
    router.get("/api/v1/pantry/:id") { request, caller in
      try encodedJSON(
        larder.pantryItem(id: Self.id(request), display: try Self.display(request), as: caller))
    }
    router.patch("/api/v1/pantry/:id") { request, caller in
      try encodedJSON(
        larder.editPantryItem(
          id: Self.id(request), try Self.body(PantryItemChange.self, request),
          display: try Self.display(request), as: caller))
    }
    router.delete("/api/v1/pantry/:id") { request, caller in
      _ = try Self.display(request)
      try larder.removePantryItems([Self.id(request)], as: caller)
      return HTTPResponse(status: 204)
    }
    router.post("/api/v1/pantry/deduct/preview") { request, caller in
      try encodedJSON(
        larder.previewDeduction(
          try Self.body(DeductionPreviewRequest.self, request),
          display: try Self.display(request), as: caller))
    }
    router.post("/api/v1/pantry/deduct") { request, caller in
      try encodedJSON(
        larder.deduct(
          try Self.body(DeductionRequest.self, request), display: try Self.display(request),
          as: caller))
    }
  }

  private func registerPlan(in router: inout AppRouter) {
    router.get("/api/v1/plan") { request, caller in
      let query = try Displayed<PlanRangeRequest>.decode(query: request.query)
      return try encodedJSON(larder.mealPlan(query.request, display: query.display, as: caller))
    }
    router.get("/api/v1/plan/week") { request, caller in
      let query = try Displayed<PlanWeekRequest>.decode(query: request.query)
      return try encodedJSON(larder.mealPlanWeek(query.request, display: query.display, as: caller))
    }
    router.post("/api/v1/plan") { request, caller in
      _ = try Self.display(request)
      let entry = try larder.addPlanEntry(try Self.body(NewPlanEntry.self, request), as: caller)
      var response = try encodedJSON(entry, status: 201)
      response.headers["Location"] = "/api/v1/plan/\(entry.entry.id)"
      return response
    }
    router.post("/api/v1/plan/fill") { request, caller in
      try encodedJSON(
        larder.fillWeek(
          try Self.body(FillWeekRequest.self, request), display: try Self.display(request),
          as: caller))
    }
    router.get("/api/v1/plan/:id") { request, caller in
      _ = try Self.display(request)
      return try encodedJSON(larder.planEntry(id: Self.id(request), as: caller))
    }
    router.patch("/api/v1/plan/:id") { request, caller in
      _ = try Self.display(request)
      return try encodedJSON(
        larder.editPlanEntry(
          id: Self.id(request), try Self.body(PlanEntryChange.self, request), as: caller))
    }
    router.delete("/api/v1/plan/:id") { request, caller in
      _ = try Self.display(request)
      try larder.removePlanEntries([Self.id(request)], as: caller)
      return HTTPResponse(status: 204)
    }
  }

  private func registerShoppingList(in router: inout AppRouter) {
    router.get("/api/v1/shopping-list") { request, caller in
      let query = try Displayed<ShoppingListRequest>.decode(query: request.query)
      return try encodedJSON(larder.shoppingList(query.request, display: query.display, as: caller))
    }
    router.get("/api/v1/shopping-list/text") { request, caller in
      let query = try Displayed<ShoppingListRequest>.decode(query: request.query)
      return .text(try larder.shoppingListText(query.request, display: query.display, as: caller))
    }
    router.post("/api/v1/shopping-list/generate") { request, caller in
      try encodedJSON(
        larder.generateShoppingList(
          try Self.body(ShoppingListGeneration.self, request),
          display: try Self.display(request), as: caller
        ).list)
    }
    router.post("/api/v1/shopping-list/add") { request, caller in
      try encodedJSON(
        larder.addRecipesToShoppingList(
          try Self.body(ShoppingListAddition.self, request),
          display: try Self.display(request), as: caller))
    }
    router.post("/api/v1/shopping-list/items") { request, caller in
      try encodedJSON(
        larder.addShoppingItem(
          try Self.body(NewShoppingItem.self, request), display: try Self.display(request),
          as: caller),
        status: 201)
    }
    router.patch("/api/v1/shopping-list/items/:id") { request, caller in
      try encodedJSON(
        larder.changeShoppingItem(
          id: Self.id(request), try Self.body(ShoppingItemChange.self, request),
          display: try Self.display(request), as: caller))
    }
    router.delete("/api/v1/shopping-list/items/:id") { request, caller in
      _ = try Self.display(request)
      try larder.removeShoppingItems([Self.id(request)], as: caller)
      return HTTPResponse(status: 204)
    }
    router.post("/api/v1/shopping-list/check") { request, caller in
      try encodedJSON(
        larder.checkShoppingItems(
          try Self.body(CheckShoppingItems.self, request), display: try Self.display(request),
          as: caller
        ).list)
    }
    router.post("/api/v1/shopping-list/to-pantry") { request, caller in
      // The body is optional: {"expiresOn": "2026-12-10"} dates what is moved.
      let move =
        request.body.isEmpty ? MoveToPantry() : try Self.body(MoveToPantry.self, request)
      return try encodedJSON(
        larder.moveCheckedToPantry(move, display: try Self.display(request), as: caller))
    }
  }

  // MARK: - Reading and writing

  /// The record id in the path.
  private static func id(_ request: HTTPRequest) -> String { request.pathParameters["id"] ?? "" }

  /// `tz` and `units` from the query, refusing any other parameter.
  private static func display(_ request: HTTPRequest) throws -> PlanningDisplay {
    try PlanningDisplay.decode(query: request.query)
  }

  /// The JSON body as a request.
  private static func body<Request: RequestFields>(
    _ type: Request.Type, _ request: HTTPRequest
  ) throws -> Request {
    try Request.decode(json: request.body, contentType: request.headers["content-type"])
  }
}
