/// A function from request to response; route handlers are plain values so tests call them
/// directly, with no socket.
public typealias HTTPHandler = @Sendable (HTTPRequest) throws -> HTTPResponse

/// A router whose handlers are plain ``HTTPHandler``s.
public typealias Router = RouteTable<HTTPHandler>

/// The outcome of looking up a request in a ``RouteTable``.
public enum RouteMatch<Handler: Sendable>: Sendable {
  /// A route matched; the request carries the captured `pathParameters`.
  case found(Handler, HTTPRequest)
  /// No route matches the path with any method.
  case notFound
  /// Some route matches the path, but none with this method; `allowed` is sorted and suits an
  /// `Allow` header.
  case methodNotAllowed(allowed: [String])
}

/// Routes requests by method and path pattern to handlers of any type: ``Router`` when they are
/// plain ``HTTPHandler``s, another `Handler` when an application passes them more than the
/// request (the caller it has authenticated, say).
///
/// Patterns are made of `/`-separated segments: a literal (`recipes`), a parameter (`:id`, which
/// captures one segment) or, as the last segment only, a wildcard (`*rest`, which captures the
/// remaining segments joined by `/`, possibly none).
///
/// Matching rules, chosen so that handlers need not care how a URL was typed:
/// - Empty segments are ignored, so a trailing slash or a doubled slash does not matter:
///   `/recipes/` matches `/recipes`. Pages that care about the canonical form can redirect.
/// - When several patterns match, the most specific wins, comparing segment by segment:
///   a literal beats a parameter, which beats a wildcard. `/recipes/new` therefore wins over
///   `/recipes/:id` whatever the order they were added in.
/// - A wildcard never captures a `.` or `..` segment; such a path does not match, so a static
///   file handler behind `*path` cannot be walked out of its folder.
/// - A `HEAD` request falls back to the `GET` route of the same path.
/// - Paths are percent-decoded before routing, so an encoded `%2F` splits segments like `/`.
public struct RouteTable<Handler: Sendable>: Sendable {
  private var routes: [Route<Handler>] = []

  /// Creates a router with no routes.
  public init() {}

  /// Adds a route; the method is compared without regard to case.
  ///
  /// A pattern must start with `/`, name every parameter and wildcard, use each name once, and
  /// put a wildcard last. Routes are fixed at start-up, so breaking these rules, or adding a
  /// second route with the same method and the same pattern shape, is a programming error that
  /// stops the program.
  public mutating func add(_ method: String, _ pattern: String, _ handler: Handler) {
    let parsed = RoutePattern(pattern)
    let method = method.uppercased()
    precondition(
      !routes.contains { $0.method == method && $0.pattern.shape == parsed.shape },
      "Router: a \(method) route with the shape of '\(pattern)' is already registered")
    routes.append(Route(method: method, pattern: parsed, handler: handler))
  }

  /// Adds a `GET` route, which also answers `HEAD` unless a `HEAD` route is added.
  public mutating func get(_ pattern: String, _ handler: Handler) {
    add("GET", pattern, handler)
  }

  /// Adds a `POST` route.
  public mutating func post(_ pattern: String, _ handler: Handler) {
    add("POST", pattern, handler)
  }

  /// Adds a `PUT` route.
  public mutating func put(_ pattern: String, _ handler: Handler) {
    add("PUT", pattern, handler)
  }

  /// Adds a `PATCH` route.
  public mutating func patch(_ pattern: String, _ handler: Handler) {
    add("PATCH", pattern, handler)
  }

  /// Adds a `DELETE` route.
  public mutating func delete(_ pattern: String, _ handler: Handler) {
    add("DELETE", pattern, handler)
  }

  /// Every route, as `(method, pattern)` in the order they were added: for tests that must
  /// cover every route, and for documentation.
  public var routeList: [(method: String, pattern: String)] {
    routes.map { ($0.method, $0.pattern.text) }
  }

  /// Finds the route for a request and returns it with `pathParameters` filled.
  ///
  /// Returns `.methodNotAllowed` when the path matches only routes of other methods, and
  /// `.notFound` when it matches none.
  public func match(_ request: HTTPRequest) -> RouteMatch<Handler> {
    let segments = request.path.split(separator: "/", omittingEmptySubsequences: true)
    let method = request.method.uppercased()
    var best: (route: Route<Handler>, parameters: [String: String])?
    var bestForGet: (route: Route<Handler>, parameters: [String: String])?
    var allowed: Set<String> = []

    for route in routes {
      guard let parameters = route.pattern.match(segments) else { continue }
      allowed.insert(route.method)
      if route.method == method, route.pattern.isMoreSpecific(than: best?.route.pattern) {
        best = (route, parameters)
      }
      if route.method == "GET", route.pattern.isMoreSpecific(than: bestForGet?.route.pattern) {
        bestForGet = (route, parameters)
      }
    }

    if best == nil, method == "HEAD" { best = bestForGet }
    if let best {
      var request = request
      request.pathParameters = best.parameters
      return .found(best.route.handler, request)
    }
    if allowed.isEmpty { return .notFound }
    if allowed.contains("GET") { allowed.insert("HEAD") }
    return .methodNotAllowed(allowed: allowed.sorted())
  }
}

/// One registered route.
private struct Route<Handler: Sendable>: Sendable {
  let method: String
  let pattern: RoutePattern
  let handler: Handler
}

/// A parsed route pattern.
struct RoutePattern: Sendable {
  enum Segment: Sendable, Equatable {
    case literal(String)
    case parameter(String)
    case wildcard(String)

    /// Higher is more specific.
    var rank: Int {
      switch self {
      case .literal: 2
      case .parameter: 1
      case .wildcard: 0
      }
    }
  }

  let segments: [Segment]

  /// The pattern as written: `/recipes/:id`.
  var text: String {
    "/"
      + segments.map {
        switch $0 {
        case .literal(let text): text
        case .parameter(let name): ":" + name
        case .wildcard(let name): "*" + name
        }
      }.joined(separator: "/")
  }

  /// The pattern with names erased: two patterns of one shape match exactly the same paths.
  var shape: [String] {
    segments.map {
      switch $0 {
      case .literal(let text): "=" + text
      case .parameter: ":"
      case .wildcard: "*"
      }
    }
  }

  init(_ pattern: String) {
    precondition(pattern.hasPrefix("/"), "Router: pattern '\(pattern)' must start with '/'")
    let parts = pattern.split(separator: "/", omittingEmptySubsequences: true)
    var segments: [Segment] = []
    var names: Set<String> = []
    for (index, part) in parts.enumerated() {
      let segment: Segment
      if part.hasPrefix(":") {
        segment = .parameter(String(part.dropFirst()))
      } else if part.hasPrefix("*") {
        precondition(
          index == parts.count - 1, "Router: the wildcard in '\(pattern)' must be the last segment")
        segment = .wildcard(String(part.dropFirst()))
      } else {
        segment = .literal(String(part))
      }
      switch segment {
      case .parameter(let name), .wildcard(let name):
        precondition(!name.isEmpty, "Router: every parameter in '\(pattern)' needs a name")
        precondition(
          names.insert(name).inserted, "Router: parameter '\(name)' repeats in '\(pattern)'")
      case .literal:
        break
      }
      segments.append(segment)
    }
    self.segments = segments
  }

  /// Returns the captured parameters when the path segments match, otherwise `nil`.
  func match(_ path: [Substring]) -> [String: String]? {
    var parameters: [String: String] = [:]
    for (index, segment) in segments.enumerated() {
      switch segment {
      case .literal(let text):
        guard index < path.count, path[index] == text else { return nil }
      case .parameter(let name):
        guard index < path.count else { return nil }
        parameters[name] = String(path[index])
      case .wildcard(let name):
        let rest = path[min(index, path.count)...]
        guard !rest.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
        parameters[name] = rest.joined(separator: "/")
        return parameters
      }
    }
    return path.count == segments.count ? parameters : nil
  }

  /// Compares segment by segment; at the first difference the higher rank wins.
  func isMoreSpecific(than other: RoutePattern?) -> Bool {
    guard let other else { return true }
    for (mine, theirs) in zip(segments, other.segments) where mine.rank != theirs.rank {
      return mine.rank > theirs.rank
    }
    // Two patterns of different lengths match one path only when the longer ends in a wildcard
    // capturing nothing; the pattern that names the path exactly is the more specific one.
    return segments.count < other.segments.count
  }
}
