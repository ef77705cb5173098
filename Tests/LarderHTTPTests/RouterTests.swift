import Foundation
import Testing

@testable import LarderHTTP

/// What a routing case expects.
enum ExpectedRoute: Sendable, Equatable {
  case route(String, [String: String] = [:])
  case notFound
  case methodNotAllowed([String])
}

struct RouteCase: Sendable, CustomTestStringConvertible {
  let method: String
  let path: String
  let expected: ExpectedRoute

  init(_ method: String, _ path: String, _ expected: ExpectedRoute) {
    self.method = method
    self.path = path
    self.expected = expected
  }

  var testDescription: String { "\(method) \(path)" }
}

/// Each handler answers with its route's name, so a case can tell which route matched.
private let recipeRouter: Router = {
  var router = Router()
  func named(_ name: String) -> HTTPHandler { { _ in .text(name) } }
  router.get("/", named("home"))
  router.get("/api/v1/recipes", named("list"))
  router.post("/api/v1/recipes", named("create"))
  router.get("/api/v1/recipes/:id", named("show"))
  router.put("/api/v1/recipes/:id", named("replace"))
  router.delete("/api/v1/recipes/:id", named("remove"))
  // Added after ":id" on purpose: the literal must win whatever the order.
  router.get("/api/v1/recipes/new", named("new"))
  router.patch("/api/v1/recipes/:id/photos/:photo", named("edit photo"))
  router.get("/api/v1/recipes/:id/photos/:photo", named("photo"))
  router.get("/static/*path", named("static"))
  router.get("/static/fixed.css", named("fixed"))
  router.add("options", "/api/v1/recipes", named("options"))
  return router
}()

private let routeCases: [RouteCase] = [
  RouteCase("GET", "/", .route("home")),
  RouteCase("GET", "", .route("home")),
  RouteCase("GET", "/api/v1/recipes", .route("list")),
  RouteCase("GET", "/api/v1/recipes/", .route("list")),
  RouteCase("GET", "//api//v1/recipes", .route("list")),
  RouteCase("get", "/api/v1/recipes", .route("list")),
  RouteCase("POST", "/api/v1/recipes", .route("create")),
  RouteCase("OPTIONS", "/api/v1/recipes", .route("options")),
  RouteCase("GET", "/api/v1/recipes/abc", .route("show", ["id": "abc"])),
  RouteCase("GET", "/api/v1/recipes/café au lait", .route("show", ["id": "café au lait"])),
  RouteCase("PUT", "/api/v1/recipes/abc/", .route("replace", ["id": "abc"])),
  RouteCase("DELETE", "/api/v1/recipes/abc", .route("remove", ["id": "abc"])),
  RouteCase("GET", "/api/v1/recipes/new", .route("new")),
  RouteCase("PUT", "/api/v1/recipes/new", .route("replace", ["id": "new"])),
  RouteCase("GET", "/api/v1/recipes/a/photos/7", .route("photo", ["id": "a", "photo": "7"])),
  RouteCase("HEAD", "/api/v1/recipes/abc", .route("show", ["id": "abc"])),
  RouteCase("GET", "/static/css/app.css", .route("static", ["path": "css/app.css"])),
  RouteCase("GET", "/static/fixed.css", .route("fixed")),
  RouteCase("GET", "/static/fixed.css/more", .route("static", ["path": "fixed.css/more"])),
  RouteCase("GET", "/static", .route("static", ["path": ""])),
  RouteCase("GET", "/static/", .route("static", ["path": ""])),
  RouteCase("GET", "/static/../secrets", .notFound),
  RouteCase("GET", "/static/css/./app.css", .notFound),
  RouteCase("GET", "/static/..", .notFound),
  RouteCase("GET", "/static/..hidden", .route("static", ["path": "..hidden"])),
  RouteCase("GET", "/API/v1/recipes", .notFound),
  RouteCase("GET", "/api/v1/nothing", .notFound),
  RouteCase("GET", "/api/v1/recipes/abc/photos", .notFound),
  RouteCase("GET", "/api/v1/recipes/abc/photos/7/8", .notFound),
  RouteCase("PATCH", "/api/v1/recipes/abc", .methodNotAllowed(["DELETE", "GET", "HEAD", "PUT"])),
  RouteCase("DELETE", "/api/v1/recipes", .methodNotAllowed(["GET", "HEAD", "OPTIONS", "POST"])),
  RouteCase("POST", "/static/app.js", .methodNotAllowed(["GET", "HEAD"])),
  RouteCase("DELETE", "/api/v1/recipes/a/photos/1", .methodNotAllowed(["GET", "HEAD", "PATCH"])),
]

@Suite("Router")
struct RouterTests {
  @Test("routes each request to the most specific route of its method", arguments: routeCases)
  func routesRequests(_ routeCase: RouteCase) throws {
    let request = HTTPRequest(method: routeCase.method, path: routeCase.path)
    let outcome: ExpectedRoute
    switch recipeRouter.match(request) {
    case .found(let handler, let matched):
      outcome = .route(
        String(decoding: try handler(matched).body, as: UTF8.self), matched.pathParameters)
    case .notFound:
      outcome = .notFound
    case .methodNotAllowed(let allowed):
      outcome = .methodNotAllowed(allowed)
    }
    #expect(outcome == routeCase.expected)
  }

  @Test("a matched request keeps its method, query, headers and body")
  func matchedRequestKeepsItsParts() throws {
    var router = Router()
    router.post("/recipes/:id") { _ in .text("") }
    let request = HTTPRequest(
      method: "post", path: "/recipes/7", query: ["q": "soup"], headers: ["x-a": "b"],
      body: Data("hi".utf8))
    guard case .found(_, let matched) = router.match(request) else {
      Issue.record("expected a match")
      return
    }
    #expect(matched.method == "POST")
    #expect(matched.query == ["q": "soup"])
    #expect(matched.headers == ["x-a": "b"])
    #expect(matched.body == Data("hi".utf8))
    #expect(matched.pathParameters == ["id": "7"])
  }

  @Test("an explicit HEAD route takes precedence over the GET fallback")
  func explicitHeadRouteWins() throws {
    var router = Router()
    router.get("/page") { _ in .text("get") }
    router.add("HEAD", "/page") { _ in .text("head") }
    guard
      case .found(let handler, let request) = router.match(
        HTTPRequest(method: "HEAD", path: "/page"))
    else {
      Issue.record("expected a match")
      return
    }
    #expect(String(decoding: try handler(request).body, as: UTF8.self) == "head")
  }

  @Test("an empty router finds nothing")
  func emptyRouterFindsNothing() {
    guard case .notFound = Router().match(HTTPRequest(method: "GET", path: "/")) else {
      Issue.record("expected notFound")
      return
    }
  }

  @Test(
    "malformed patterns and duplicate routes stop the program",
    arguments: ["no-slash", "/a/:", "/a/*", "/a/*rest/b", "/a/:id/:id", "/dup/:one"])
  func malformedPatternsAreProgrammingErrors(_ pattern: String) async {
    await #expect(processExitsWith: .failure) { [pattern] in
      var router = Router()
      router.get("/dup/:other") { _ in .text("") }
      router.get(pattern) { _ in .text("") }
    }
  }
}
