import Foundation
import LarderApplication
import LarderCore
import LarderHTTP
import LarderImport

/// Larder's web application: every route of the JSON API and the pages, as a total function
/// from request to response that tests call directly, with no socket.
public struct LarderApp: Sendable {
  /// The use cases every route calls.
  public let larder: Larder
  /// Where recipes are kept.
  public var store: any RecipeStore { larder.recipes }
  /// The household of the caller the app was made with (every request's, under
  /// ``Authentication/fixed(_:)``).
  public let household: HouseholdID
  /// The caller the app was made with: every request acts as it under
  /// ``Authentication/fixed(_:)``; with accounts each request proves its own.
  public var caller: Caller { Caller(household: household) }
  /// The current time; a parameter so tests control it.
  public var clock: @Sendable () -> Date { larder.clock }
  /// Where server-side failures are written, with details the client never sees.
  public var log: @Sendable (String) -> Void { larder.log }
  /// Which requests may reach a handler at all: the names this Larder answers to and the
  /// checks against cross-site changes (loopback names only by default).
  public let requestGuard: RequestGuard
  private let router: AppRouter
  /// Routes anyone may open, signed in or not: sign-in, setup, invitations, share links and
  /// the web app's files. Their handlers get the caller when the request has one.
  private let publicRouter: PublicRouter
  /// How requests prove who they are.
  public let authentication: Authentication
  /// Where clips and remote-image fetches run, off the HTTP server's threads, a few at a time.
  public let outboundQueue: OutboundQueue
  /// The answers to changes sent with an `Idempotency-Key`, so one a phone sends again (kept
  /// offline, then sent twice) is made once.
  private let replayedChanges: ReplayedChanges

  /// Makes the application over a store. Each household's food catalog and pantry finder are
  /// made on its first use: the finder from the household's recipes in `store`, kept current
  /// by every write through the app.
  ///
  /// - Parameters:
  ///   - foodStore: where households' own foods are kept; without one the user-foods
  ///     endpoints are absent. After a food change stored recipes are not matched again
  ///     (``init(larder:caller:rematching:requestGuard:)`` does that).
  ///   - images: where uploaded and clipped images are kept; without one, `/images/` answers
  ///     404 and clipped recipes keep only the image's original URL.
  ///   - clipper: fetches and reads pages for `POST /api/v1/import/url`; its fetcher's address
  ///     policy decides which hosts may be clipped (public addresses only by default).
  ///   - planning: with a planning store the pantry, meal plan and shopping list endpoints are
  ///     served, and the finder falls back on the stored pantry; "today" is reckoned in
  ///     `timeZone` unless a request passes `tz`, amounts are shown in `unitSystem` unless it
  ///     passes `units`, and weeks start on `firstWeekday`.
  ///   - requestGuard: the names the app answers to (loopback by default) and the
  ///     cross-site checks every change must pass.
  ///   - outboundQueue: where clips and remote-image fetches run (4 at once, 12 waiting by
  ///     default).
  public init(
    store: any RecipeStore, household: HouseholdID = .default,
    foodStore: (any FoodStore)? = nil, images: (any ImageStore)? = nil,
    clipper: RecipeClipper = RecipeClipper(),
    planning: (any PlanningStore)? = nil, timeZone: TimeZone = .current,
    unitSystem: UnitSystem = .us, firstWeekday: Weekday = .monday,
    makeID: @escaping @Sendable () -> PlanningID = { PlanningID(UUID()) },
    clock: @escaping @Sendable () -> Date = { Date() },
    log: @escaping @Sendable (String) -> Void = { _ in },
    requestGuard: RequestGuard = RequestGuard(),
    outboundQueue: OutboundQueue = OutboundQueue()
  ) {
    self.init(
      larder: Larder(
        recipes: store, foodStore: foodStore, images: images, planning: planning,
        clipper: clipper,
        settings: LarderSettings(
          timeZone: timeZone, unitSystem: unitSystem, firstWeekday: firstWeekday),
        clock: clock, makeID: makeID, log: log),
      caller: Caller(household: household), rematching: .postponed, requestGuard: requestGuard,
      outboundQueue: outboundQueue)
  }

  /// Makes the application over a running Larder (see `Larder.open`).
  ///
  /// `authentication` says how requests prove who they are: ``Authentication/accounts`` (what
  /// `larder serve` uses) or, by default, every request acting as `caller`. After a
  /// household's foods change, its stored recipes are matched again as `rematching` says (by
  /// default in the background, one pass at a time, by one rematcher for every household).
  /// `requestGuard` decides which requests reach a handler (loopback names only by default).
  /// Clips and remote-image fetches run on `outboundQueue` (4 at once, 12 waiting by default).
  public init(
    larder: Larder, caller: Caller, authentication: Authentication? = nil,
    rematching: Rematching? = nil,
    requestGuard: RequestGuard = RequestGuard(),
    outboundQueue: OutboundQueue = OutboundQueue()
  ) {
    self.larder = larder
    self.outboundQueue = outboundQueue
    self.replayedChanges = ReplayedChanges(shared: larder.replayedAnswers, log: larder.log)
    self.requestGuard = requestGuard
    self.household = caller.household
    self.authentication = authentication ?? .fixed(caller)
    var publicRouter = PublicRouter()
    WebAssets.bundled.register(in: &publicRouter)
    RecipeAPI(larder: larder).registerPublic(in: &publicRouter)
    OpenAPIDocumentAPI().registerPublic(in: &publicRouter)
    if larder.accounts != nil {
      AccountPages(larder: larder, requestGuard: requestGuard).registerPublic(in: &publicRouter)
      SharePages(larder: larder).register(in: &publicRouter)
    }
    self.publicRouter = publicRouter
    var router = AppRouter()
    RecipeAPI(larder: larder).register(in: &router)
    FinderAPI(larder: larder).register(in: &router)
    LibraryAPI(larder: larder).register(in: &router)
    FoodsAPI(larder: larder).register(in: &router)
    IngredientsAPI(larder: larder).register(in: &router)
    RecipeLinesAPI(larder: larder).register(in: &router)
    RecipeNutritionAPI(larder: larder).register(in: &router)
    SettingsAPI(larder: larder).register(in: &router)
    if larder.foodStore != nil {
      UserFoodsAPI(
        larder: larder, rematching: rematching ?? .inBackground(RecipeRematcher(larder: larder))
      ).register(in: &router)
    }
    ImageAPI(larder: larder, outbound: outboundQueue).register(in: &router)
    ClipAPI(larder: larder, outbound: outboundQueue).register(in: &router)
    PasteAPI(larder: larder).register(in: &router)
    PhotoImportAPI(larder: larder, outbound: outboundQueue).register(in: &router)
    FileImportAPI(larder: larder).register(in: &router)
    if larder.planning != nil {
      PlanningAPI(larder: larder).register(in: &router)
    }
    Pages(larder: larder).register(in: &router)
    PlanningPages(larder: larder).register(in: &router)
    if larder.accounts != nil {
      AccountPages(larder: larder, requestGuard: requestGuard).register(in: &router)
      AccountAPI(larder: larder).register(in: &router)
    }
    self.router = router
  }

  /// A request target as the logs may show it: the token of an invitation (`/join/…`) or a
  /// share link (`/s/…`) is a password, so it becomes `…`, and so do the setup `code` and a
  /// `next` parameter, which may hold one. Give it to `HTTPServerConfiguration.redactForLog`.
  public static func redactedForLog(_ target: String) -> String {
    let (path, query) =
      target.firstIndex(of: "?").map {
        (String(target[..<$0]), String(target[target.index(after: $0)...]))
      } ?? (target, nil)
    var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    for index in segments.indices.dropLast()
    where ["join", "s"].contains(segments[index]) && index == 1 {
      segments[index + 1] = "…"
    }
    var redacted = segments.joined(separator: "/")
    if let query {
      let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
        pair.hasPrefix("next=") ? "next=…" : pair.hasPrefix("code=") ? "code=…" : String(pair)
      }
      redacted += "?" + pairs.joined(separator: "&")
    }
    return redacted
  }

  /// Every route: `(method, pattern, isPublic)`, public ones (open to anyone) first.
  public var routes: [(method: String, pattern: String, isPublic: Bool)] {
    publicRouter.routeList.map { ($0.method, $0.pattern, true) }
      + router.routeList.map { ($0.method, $0.pattern, false) }
  }

  /// Paths that take files and so accept bodies larger than the server's usual limit: an app's
  /// export (up to the Larder's `max_file_size`), a photo, and a photo of a recipe page. Give these to
  /// `HTTPServerConfiguration.bodyLimitsByPath`.
  public var fileBodyLimits: [String: Int] {
    [
      FileImportAPI.path: larder.maximumUploadBytes, "/api/v1/images": 12 << 20,
      PhotoImportAPI.path: 12 << 20,
    ]
  }

  /// Answers a request; never throws. Its forwarding headers are believed only from the guard's
  /// trusted proxies (``TrustedProxies/resolved(_:)``), and a request the ``requestGuard``
  /// refuses reaches no handler. Errors become JSON (API) or HTML (pages) error responses, and failures that are
  /// the server's fault are logged and answered with a 500 that leaks nothing.
  public func respond(to request: HTTPRequest) -> HTTPResponse {
    // Who the client is, by what scheme and host it came, read once from a trusted proxy's
    // headers (or the socket): every check below reads request.clientAddress, .scheme, .host.
    let request = requestGuard.trustedProxies.resolved(request)
    var response: HTTPResponse
    if let refusal = requestGuard.refusal(for: request) {
      response = errorResponse(
        ErrorResponses.classify(refusal), api: request.path.hasPrefix("/api/"))
    } else {
      response = authenticateAndRoute(request)
    }
    response = decorated(response, for: request)
    if let deferred = response.deferred {
      response.deferred = deferred.map { [self] in decorated($0, for: request) }
    }
    return response
  }

  /// The headers every answer gets: HSTS over HTTPS, no indexing of share pages, and the
  /// security headers for its content type.
  private func decorated(_ response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
    var response = response
    if request.isSecure && response.headerValue(named: "Strict-Transport-Security") == nil {
      // Over HTTPS, the browser is told to come back only over HTTPS for a year.
      response.headers["Strict-Transport-Security"] = "max-age=31536000"
    }
    if SharePages.isSharePath(request.path) {
      response.headers["X-Robots-Tag"] = PageLayout.unindexed
    }
    for (name, value) in PageLayout.securityHeaders(
      forContentType: response.headerValue(named: "Content-Type") ?? "")
    where response.headerValue(named: name) == nil {
      response.headers[name] = value
    }
    return response
  }

  /// Finds who is asking, then routes: public routes answer anyone; every other route needs
  /// a caller, and a browser's upload must carry its form token.
  private func authenticateAndRoute(_ request: HTTPRequest) -> HTTPResponse {
    let isAPI = request.path.hasPrefix("/api/")
    let caller: Caller?
    let failure: Error?
    switch authentication {
    case .fixed(let fixed):
      (caller, failure) = (fixed, nil)
    case .accounts:
      do {
        (caller, failure) = (try authenticate(request), nil)
      } catch {
        (caller, failure) = (nil, error)
      }
    }
    let publicMatch = publicRouter.match(request)
    if case .found(let handler, let routed) = publicMatch {
      return answer(request, isAPI: isAPI) { try handler(routed, caller) }
    }
    var publicMethods: [String] = []
    if case .methodNotAllowed(let allowed) = publicMatch { publicMethods = allowed }
    guard let caller else {
      return signInFirst(request, isAPI: isAPI, failure: failure)
    }
    if RequestGuard.stateChangingMethods.contains(request.method),
      RequestGuard.uploadPaths.contains(request.path),
      !Larder.formTokenMatches(request.headers[AccountPages.formTokenHeader], for: caller)
    {
      return errorResponse(
        LarderServerError(
          status: 403, code: "cross_site",
          message: "an upload from a browser must carry its page's form token in the "
            + "\(AccountPages.formTokenHeader) header; reload the page and try again"),
        api: isAPI)
    }
    // A change sent again with the key it was first sent with gets the first answer.
    if isAPI, RequestGuard.stateChangingMethods.contains(request.method),
      let key = ReplayedChanges.key(for: request, caller: caller)
    {
      return replayedChanges.answer(for: key, now: clock()) {
        route(request, as: caller, publicMethods: publicMethods)
      }
    }
    return route(request, as: caller, publicMethods: publicMethods)
  }

  /// The caller the request's bearer token or session cookie stands for; nil when it has
  /// neither. A bearer token is used when both are sent.
  private func authenticate(_ request: HTTPRequest) throws -> Caller? {
    if let token = Credentials.bearerToken(request) {
      return try larder.authenticate(apiToken: token)
    }
    if let token = Credentials.sessionToken(request) {
      return try larder.authenticate(sessionToken: token)
    }
    return nil
  }

  /// The answer to a request that needs a caller and has none: pages go to the sign-in page
  /// (or the setup page, before the first account), the API answers 401.
  private func signInFirst(_ request: HTTPRequest, isAPI: Bool, failure: Error?) -> HTTPResponse {
    let needsSetup = (try? larder.hasAccounts()) == false
    if !isAPI && ["GET", "HEAD"].contains(request.method) {
      if needsSetup { return .redirect(to: "/setup") }
      var next = request.path
      if !request.query.isEmpty {
        var components = URLComponents()
        components.queryItems = request.query.sorted { $0.key < $1.key }.map {
          URLQueryItem(name: $0.key, value: $0.value)
        }
        next += "?" + (components.percentEncodedQuery ?? "")
      }
      var response = HTTPResponse.redirect(to: "/login?next=" + escapeQueryValue(next))
      if failure != nil {
        response.headers["Set-Cookie"] = Credentials.clearedCookie(
          secure: request.isSecure)
      }
      return response
    }
    let error: Error =
      needsSetup
      ? ApplicationError.setupRequired
      : failure
        ?? ApplicationError.notSignedIn(
          reason: "sign in first: send a session cookie, or an API token as "
            + "'Authorization: Bearer …' (make one with 'larder tokens create')")
    var response = errorResponse(
      ErrorResponses.classify(error)
        ?? LarderServerError(
          status: 401, code: "not_signed_in", message: "sign in first"),
      api: isAPI)
    response.headers["WWW-Authenticate"] = "Bearer realm=\"Larder\""
    return response
  }

  /// Runs a handler, turning what it throws (or what the work of an answer given later throws)
  /// into the error answer.
  private func answer(
    _ request: HTTPRequest, isAPI: Bool, _ handler: () throws -> HTTPResponse
  ) -> HTTPResponse {
    do {
      var response = try handler()
      if let deferred = response.deferred {
        response.deferred = deferred.recovering { [self] error in
          failure(error, of: request, isAPI: isAPI)
        }
      }
      return response
    } catch {
      return failure(error, of: request, isAPI: isAPI)
    }
  }

  /// The error answer to what a handler threw: its status and code, or a logged 500.
  private func failure(_ error: any Error, of request: HTTPRequest, isAPI: Bool) -> HTTPResponse {
    if let known = ErrorResponses.classify(error, method: request.method) {
      return errorResponse(known, api: isAPI)
    }
    log("error: \(request.method) \(Self.redactedForLog(request.path)) failed: \(error)")
    return errorResponse(
      LarderServerError(
        status: 500, code: "internal_error",
        message: "Something went wrong on the server; the server log has the details."),
      api: isAPI)
  }

  /// Routes a request with a caller; `publicMethods` are the methods a public route of the
  /// same path answers, for the `Allow` header of a 405.
  private func route(
    _ request: HTTPRequest, as caller: Caller, publicMethods: [String]
  ) -> HTTPResponse {
    let isAPI = request.path.hasPrefix("/api/")
    var match = router.match(request)
    if !publicMethods.isEmpty {
      switch match {
      case .notFound: match = .methodNotAllowed(allowed: publicMethods)
      case .methodNotAllowed(let allowed):
        match = .methodNotAllowed(allowed: Set(allowed + publicMethods).sorted())
      case .found: break
      }
    }
    switch match {
    case .notFound:
      return errorResponse(
        LarderServerError(
          status: 404, code: "not_found", message: "no such endpoint: \(request.path)"),
        api: isAPI)
    case .methodNotAllowed(let allowed):
      var response = errorResponse(
        LarderServerError(
          status: 405, code: "method_not_allowed",
          message: "\(request.method) is not allowed on \(request.path); use "
            + allowed.joined(separator: ", ")),
        api: isAPI)
      response.headers["Allow"] = allowed.joined(separator: ", ")
      return response
    case .found(let handler, let routed):
      return answer(request, isAPI: isAPI) { try handler(routed, caller) }
    }
  }

  private func errorResponse(_ error: LarderServerError, api: Bool) -> HTTPResponse {
    var response: HTTPResponse
    if api {
      response = .json(ErrorResponses.json(error), status: error.status)
    } else {
      response = .html(
        PageLayout.errorPage(status: error.status, message: error.message), status: error.status)
    }
    for (name, value) in error.headers { response.headers[name] = value }
    return response
  }
}
