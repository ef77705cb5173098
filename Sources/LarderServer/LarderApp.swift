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
  /// The household requests act for (one until accounts arrive).
  public let household: HouseholdID
  /// The caller requests act as (the one household until accounts arrive).
  public var caller: Caller { Caller(household: household) }
  /// The current time; a parameter so tests control it.
  public var clock: @Sendable () -> Date { larder.clock }
  /// Where server-side failures are written, with details the client never sees.
  public var log: @Sendable (String) -> Void { larder.log }
  /// Which requests may reach a handler at all: the names this Larder answers to and the
  /// checks against cross-site changes (loopback names only by default).
  public let requestGuard: RequestGuard
  private let router: AppRouter
  /// The caller requests act as until accounts resolve one per request.
  private let defaultCaller: Caller

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
  public init(
    store: any RecipeStore, household: HouseholdID = .default,
    foodStore: (any FoodStore)? = nil, images: (any ImageStore)? = nil,
    clipper: RecipeClipper = RecipeClipper(),
    planning: (any PlanningStore)? = nil, timeZone: TimeZone = .current,
    unitSystem: UnitSystem = .us, firstWeekday: Weekday = .monday,
    makeID: @escaping @Sendable () -> PlanningID = { PlanningID(UUID()) },
    clock: @escaping @Sendable () -> Date = { Date() },
    log: @escaping @Sendable (String) -> Void = { _ in },
    requestGuard: RequestGuard = RequestGuard()
  ) {
    self.init(
      larder: Larder(
        recipes: store, foodStore: foodStore, images: images, planning: planning,
        clipper: clipper,
        settings: LarderSettings(
          timeZone: timeZone, unitSystem: unitSystem, firstWeekday: firstWeekday),
        clock: clock, makeID: makeID, log: log),
      caller: Caller(household: household), rematching: .postponed, requestGuard: requestGuard)
  }

  /// Makes the application over a running Larder (see `Larder.open`), acting for `caller`.
  ///
  /// After a household's foods change, its stored recipes are matched again as `rematching`
  /// says (by default in the background, one pass at a time, by one rematcher for every
  /// household). `requestGuard` decides which requests reach a handler (loopback names only
  /// by default).
  public init(
    larder: Larder, caller: Caller, rematching: Rematching? = nil,
    requestGuard: RequestGuard = RequestGuard()
  ) {
    self.larder = larder
    self.requestGuard = requestGuard
    self.household = caller.household
    self.defaultCaller = caller
    var router = AppRouter()
    RecipeAPI(larder: larder).register(in: &router)
    FinderAPI(larder: larder).register(in: &router)
    LibraryAPI(larder: larder).register(in: &router)
    FoodsAPI(larder: larder).register(in: &router)
    IngredientsAPI(larder: larder).register(in: &router)
    RecipeLinesAPI(larder: larder).register(in: &router)
    if larder.foodStore != nil {
      UserFoodsAPI(
        larder: larder, rematching: rematching ?? .inBackground(RecipeRematcher(larder: larder))
      ).register(in: &router)
    }
    ImageAPI(larder: larder).register(in: &router)
    ClipAPI(larder: larder).register(in: &router)
    PasteAPI(larder: larder).register(in: &router)
    FileImportAPI(larder: larder).register(in: &router)
    if larder.planning != nil {
      PlanningAPI(larder: larder).register(in: &router)
    }
    Pages(larder: larder).register(in: &router)
    PlanningPages(larder: larder).register(in: &router)
    WebAssets.bundled.register(in: &router)
    self.router = router
  }

  /// Paths that take files and so accept bodies larger than the server's usual limit: an app's
  /// export and a photo. Give these to `HTTPServerConfiguration.bodyLimitsByPath`.
  public static let fileBodyLimits: [String: Int] = [
    "/api/v1/import": FileImportAPI.maximumBytes, "/api/v1/images": 12 << 20,
  ]

  /// Answers a request; never throws. A request the ``requestGuard`` refuses reaches no
  /// handler. Errors become JSON (API) or HTML (pages) error responses, and failures that are
  /// the server's fault are logged and answered with a 500 that leaks nothing.
  public func respond(to request: HTTPRequest) -> HTTPResponse {
    var response: HTTPResponse
    if let refusal = requestGuard.refusal(for: request) {
      response = errorResponse(
        ErrorResponses.classify(refusal), api: request.path.hasPrefix("/api/"))
    } else {
      response = route(request)
    }
    for (name, value) in PageLayout.securityHeaders(
      forContentType: response.headerValue(named: "Content-Type") ?? "")
    where response.headerValue(named: name) == nil {
      response.headers[name] = value
    }
    return response
  }

  private func route(_ request: HTTPRequest) -> HTTPResponse {
    let isAPI = request.path.hasPrefix("/api/")
    switch router.match(request) {
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
      do {
        return try handler(routed, defaultCaller)
      } catch {
        if let known = ErrorResponses.classify(error, method: request.method) {
          return errorResponse(known, api: isAPI)
        }
        log("error: \(request.method) \(request.path) failed: \(error)")
        return errorResponse(
          LarderServerError(
            status: 500, code: "internal_error",
            message: "Something went wrong on the server; the server log has the details."),
          api: isAPI)
      }
    }
  }

  private func errorResponse(_ error: LarderServerError, api: Bool) -> HTTPResponse {
    if api { return .json(ErrorResponses.json(error), status: error.status) }
    return .html(
      PageLayout.errorPage(status: error.status, message: error.message), status: error.status)
  }
}
