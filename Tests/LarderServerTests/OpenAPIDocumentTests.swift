import Foundation
import LarderApplication
import LarderCore
import LarderHTTP
import LarderServer
import Testing

/// The OpenAPI document `GET /api/v1/openapi.json` serves, checked against the router and the
/// request types, so neither can change without the other.
@Suite struct OpenAPIDocumentTests {
  /// The document as a client gets it, from the app `larder serve` runs (accounts on, every
  /// route registered).
  static func document() throws -> (AccountsApp, [String: Any]) {
    let web = try AccountsApp()
    let response = web.send("GET", "/api/v1/openapi.json")
    #expect(response.status == 200)
    let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    return (web, try #require(object, "the document is not a JSON object"))
  }

  /// Every documented operation as `METHOD /path/{param}` with its operation object.
  static func operations(_ document: [String: Any]) -> [String: [String: Any]] {
    let paths = document["paths"] as? [String: [String: Any]] ?? [:]
    var operations: [String: [String: Any]] = [:]
    for (path, methods) in paths {
      for (method, operation) in methods {
        if let operation = operation as? [String: Any] {
          operations["\(method.uppercased()) \(path)"] = operation
        }
      }
    }
    return operations
  }

  /// A router pattern in OpenAPI's spelling: `/recipes/:id` is `/recipes/{id}`.
  static func templated(_ pattern: String) -> String {
    pattern.split(separator: "/", omittingEmptySubsequences: false).map {
      $0.hasPrefix(":") || $0.hasPrefix("*") ? "{\($0.dropFirst())}" : String($0)
    }.joined(separator: "/")
  }

  @Test func everyAPIRouteIsDocumentedAndEveryDocumentedOperationIsRouted() throws {
    let (web, document) = try Self.document()
    #expect(document["openapi"] as? String == "3.1.0")
    let routed = Set(
      web.app.routes.filter { $0.pattern.hasPrefix("/api/") }.map {
        "\($0.method) \(Self.templated($0.pattern))"
      })
    let documented = Set(Self.operations(document).keys)
    #expect(routed.subtracting(documented).sorted() == [], "routes the document leaves out")
    #expect(documented.subtracting(routed).sorted() == [], "documented operations with no route")
  }

  @Test func publicRoutesAndOnlyThoseNeedNoCredential() throws {
    let (web, document) = try Self.document()
    let open = Set(
      web.app.routes.filter { $0.isPublic && $0.pattern.hasPrefix("/api/") }.map {
        "\($0.method) \(Self.templated($0.pattern))"
      })
    for (name, operation) in Self.operations(document) {
      let security = operation["security"] as? [[String: Any]]
      let anonymous = security?.contains { $0.isEmpty } ?? false
      #expect(anonymous == open.contains(name), "\(name): security \(String(describing: security))")
      let responses = operation["responses"] as? [String: Any] ?? [:]
      #expect((responses["401"] != nil) != open.contains(name), "\(name) and 401")
    }
  }

  /// The fields each request type reads, by the operation that reads it: a body's fields, or a
  /// query's parameters.
  static let bodies: [String: [String]] = [
    "POST /api/v1/recipes": Recipe.fieldNames,
    "PUT /api/v1/recipes/{id}": Recipe.fieldNames,
    "PATCH /api/v1/recipes/{id}": Recipe.fieldNames,
    "POST /api/v1/finder": FinderRequest.fieldNames,
    "POST /api/v1/ingredients/parse": IngredientParseRequest.fieldNames,
    "POST /api/v1/user-foods": AddFoodRequest.fieldNames,
    "POST /api/v1/user-synonyms": AddSynonymRequest.fieldNames,
    "POST /api/v1/import/text": PasteRequest.fieldNames,
    "POST /api/v1/import/url": ClipRequest.fieldNames,
    "PUT /api/v1/settings": UserSettingsRequest.fieldNames,
    "POST /api/v1/pantry": NewPantryItem.fieldNames,
    "PATCH /api/v1/pantry/{id}": PantryItemChange.fieldNames,
    "POST /api/v1/pantry/deduct/preview": DeductionPreviewRequest.fieldNames,
    "POST /api/v1/pantry/deduct": DeductionRequest.fieldNames,
    "POST /api/v1/plan": NewPlanEntry.fieldNames,
    "PATCH /api/v1/plan/{id}": PlanEntryChange.fieldNames,
    "POST /api/v1/plan/fill": FillWeekRequest.fieldNames,
    "POST /api/v1/shopping-list/add": ShoppingListAddition.fieldNames,
    "POST /api/v1/shopping-list/generate": ShoppingListGeneration.fieldNames,
    "POST /api/v1/shopping-list/items": NewShoppingItem.fieldNames,
    "PATCH /api/v1/shopping-list/items/{id}": ShoppingItemChange.fieldNames,
    "POST /api/v1/shopping-list/check": CheckShoppingItems.fieldNames,
    "POST /api/v1/shopping-list/to-pantry": MoveToPantry.fieldNames,
    "POST /api/v1/tokens": NewAPITokenRequest.fieldNames,
    "POST /api/v1/password": ChangePasswordRequest.fieldNames,
    "POST /api/v1/households": HouseholdNameRequest.fieldNames,
    "POST /api/v1/households/current": HouseholdChoiceRequest.fieldNames,
    "PATCH /api/v1/members/{id}": RoleChangeRequest.fieldNames,
    "POST /api/v1/invitations": NewInvitationRequest.fieldNames,
    "POST /api/v1/share-links": NewShareLinkRequest.fieldNames,
  ]

  static let queries: [String: [String]] = [
    "GET /api/v1/recipes": RecipeListRequest.fieldNames,
    "GET /api/v1/search": RecipeListRequest.fieldNames,
    "GET /api/v1/library": LibraryRequest.fieldNames,
    "GET /api/v1/recipes/random": RandomRecipeRequest.fieldNames,
    "GET /api/v1/recipes/{id}/lines": RecipeLinesRequest.fieldNames,
    "GET /api/v1/recipes/{id}/nutrition": RecipeNutritionRequest.fieldNames,
    "GET /api/v1/finder": FinderRequest.fieldNames,
    "GET /api/v1/foods": FoodSuggestionRequest.fieldNames,
    "POST /api/v1/import": UploadImportQuery.fieldNames,
    "POST /api/v1/import/photo": PhotoImportOptions.fieldNames,
    "GET /api/v1/pantry": Displayed<PantryListRequest>.fieldNames,
    "GET /api/v1/plan": Displayed<PlanRangeRequest>.fieldNames,
    "GET /api/v1/plan/week": Displayed<PlanWeekRequest>.fieldNames,
    "GET /api/v1/shopping-list": Displayed<ShoppingListRequest>.fieldNames,
    "GET /api/v1/shopping-list/text": Displayed<ShoppingListRequest>.fieldNames,
  ]

  /// Follows a local `$ref`.
  static func resolved(_ value: Any?, in document: [String: Any]) -> [String: Any]? {
    guard let object = value as? [String: Any] else { return nil }
    guard let reference = object["$ref"] as? String, reference.hasPrefix("#/") else {
      return object
    }
    var current: Any? = document
    for part in reference.dropFirst(2).split(separator: "/") {
      current = (current as? [String: Any])?[String(part)]
    }
    return current as? [String: Any]
  }

  @Test func everyDocumentedFieldIsOneTheRequestTypeReads() throws {
    let (_, document) = try Self.document()
    let operations = Self.operations(document)
    for (name, operation) in operations.sorted(by: { $0.key < $1.key }) {
      let parameters = (operation["parameters"] as? [Any] ?? []).compactMap {
        Self.resolved($0, in: document)
      }
      let query = Set(
        parameters.filter { $0["in"] as? String == "query" }.compactMap {
          $0["name"] as? String
        })
      let planning =
        name.contains("/pantry") || name.contains("/plan") || name.contains("/shopping")
      let expectedQuery =
        Self.queries[name].map(Set.init) ?? (planning ? Set(PlanningDisplay.fieldNames) : [])
      #expect(query == expectedQuery, "\(name): query parameters")

      let content =
        ((operation["requestBody"] as? [String: Any])?["content"] as? [String: Any])?[
          "application/json"]
      let schema = Self.resolved((content as? [String: Any])?["schema"], in: document)
      let fields = Set((schema?["properties"] as? [String: Any] ?? [:]).keys)
      #expect(fields == Set(Self.bodies[name] ?? []), "\(name): body fields")
      if schema != nil {
        #expect(
          schema?["additionalProperties"] as? Bool == false,
          "\(name): a field the request does not read is refused, so the schema says so")
      }
    }
  }

  @Test func everyReferenceResolves() throws {
    let (_, document) = try Self.document()
    var broken: [String] = []
    func walk(_ value: Any) {
      if let object = value as? [String: Any] {
        if let reference = object["$ref"] as? String,
          Self.resolved(["$ref": reference], in: document) == nil
        {
          broken.append(reference)
        }
        object.values.forEach(walk)
      } else if let list = value as? [Any] {
        list.forEach(walk)
      }
    }
    walk(document)
    #expect(broken == [])
  }

  @Test func anyoneMayReadTheDocument() throws {
    let web = try AccountsApp()
    let response = web.send("GET", "/api/v1/openapi.json")
    #expect(response.status == 200)
    #expect(response.headerValue(named: "Content-Type")?.hasPrefix("application/json") == true)
    #expect(String(decoding: response.body, as: UTF8.self).contains("\"bearerToken\""))
  }
}
