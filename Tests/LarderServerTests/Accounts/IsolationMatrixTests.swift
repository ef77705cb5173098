import Foundation
import LarderApplication
import LarderCore
import LarderHTTP
import LarderServer
import LarderTestSupport
import Testing

/// Every route, with every method, as someone who must not read or change household A: no
/// credential, a revoked token, the owner of another household, and a viewer of A. A route
/// the table below does not list fails the test, so a new route cannot skip the matrix.
@Suite struct IsolationMatrixTests {
  /// Which of household A's records a route's `:id` (or its body) names.
  enum Target {
    case none, recipe, pantry, plan, shopping, food, synonym, image, session, token, member
    case invitation, shareLink, household
  }

  /// What a viewer of household A gets.
  enum ViewerRule {
    /// Reads, and cooking from the pantry: not refused.
    case may
    /// Changes: 403.
    case forbidden
    /// Another user's record (a session, a token): 404.
    case notFound
    /// The viewer's own account (sign out, password, tokens, households): allowed by design,
    /// not sent so the viewer's session stays as it is.
    case own
  }

  struct RouteCase {
    let method: String
    let pattern: String
    let target: Target
    let viewer: ViewerRule
    /// A JSON body (`$R` is replaced by A's recipe id), or a form's fields.
    var json: String? = nil
    var form: [String: String]? = nil
    var query: [String: String] = [:]
    var upload: Bool = false
  }

  static let cases: [RouteCase] = [
    RouteCase(method: "GET", pattern: "/", target: .none, viewer: .may),
    RouteCase(method: "GET", pattern: "/account", target: .none, viewer: .may),
    RouteCase(
      method: "POST", pattern: "/account/household", target: .household, viewer: .own,
      form: ["household": "default"]),
    RouteCase(
      method: "POST", pattern: "/account/households", target: .none, viewer: .own,
      form: ["name": "Mine"]),
    RouteCase(
      method: "POST", pattern: "/account/invitations", target: .none, viewer: .forbidden,
      form: ["role": "member"]),
    RouteCase(
      method: "POST", pattern: "/account/invitations/:id/revoke", target: .invitation,
      viewer: .forbidden, form: [:]),
    RouteCase(
      method: "POST", pattern: "/account/members/:id/remove", target: .member,
      viewer: .forbidden, form: [:]),
    RouteCase(
      method: "POST", pattern: "/account/members/:id/role", target: .member,
      viewer: .forbidden, form: ["role": "viewer"]),
    RouteCase(
      method: "POST", pattern: "/account/password", target: .none, viewer: .own,
      form: ["currentPassword": "wrong", "newPassword": "something new"]),
    RouteCase(
      method: "POST", pattern: "/account/sessions/:id/end", target: .session, viewer: .notFound,
      form: [:]),
    // A tag of A's recipe: another household has none, so it is refused there (422).
    RouteCase(
      method: "POST", pattern: "/account/share-links", target: .none, viewer: .forbidden,
      form: ["collection": "brunch"]),
    RouteCase(
      method: "POST", pattern: "/account/share-links/:id/revoke", target: .shareLink,
      viewer: .forbidden, form: [:]),
    RouteCase(
      method: "POST", pattern: "/account/tokens", target: .none, viewer: .own,
      form: ["name": "mine"]),
    RouteCase(
      method: "POST", pattern: "/account/tokens/:id/revoke", target: .token, viewer: .notFound,
      form: [:]),
    RouteCase(method: "GET", pattern: "/add", target: .none, viewer: .may),
    RouteCase(
      method: "GET", pattern: "/api/v1/finder", target: .none, viewer: .may,
      query: ["have": "egg,flour,milk"]),
    RouteCase(
      method: "POST", pattern: "/api/v1/finder", target: .none, viewer: .may,
      json: #"{"have": ["egg", "flour", "milk"]}"#),
    RouteCase(
      method: "GET", pattern: "/api/v1/foods", target: .none, viewer: .may, query: ["q": "eg"]),
    RouteCase(method: "GET", pattern: "/api/v1/foods/categories", target: .none, viewer: .may),
    RouteCase(method: "GET", pattern: "/api/v1/households", target: .none, viewer: .may),
    RouteCase(
      method: "POST", pattern: "/api/v1/households", target: .none, viewer: .own,
      json: #"{"name": "Mine"}"#),
    RouteCase(
      method: "POST", pattern: "/api/v1/households/current", target: .household, viewer: .own,
      json: #"{"household": "default"}"#),
    RouteCase(
      method: "POST", pattern: "/api/v1/images", target: .none, viewer: .forbidden,
      upload: true),
    RouteCase(
      method: "DELETE", pattern: "/api/v1/images/:id", target: .image, viewer: .forbidden),
    RouteCase(
      method: "POST", pattern: "/api/v1/import", target: .none, viewer: .forbidden,
      query: ["filename": "toast.json"], upload: true),
    RouteCase(
      method: "POST", pattern: "/api/v1/import/photo", target: .none, viewer: .forbidden,
      upload: true),
    RouteCase(
      method: "POST", pattern: "/api/v1/import/text", target: .none, viewer: .forbidden,
      json: #"{"text": "Toast\n\nIngredients\n1 slice bread\n\nMethod\nToast it.", "save": true}"#
    ),
    RouteCase(
      method: "POST", pattern: "/api/v1/import/url", target: .none, viewer: .forbidden,
      json: #"{"url": "https://192.0.2.1/recipe"}"#),
    RouteCase(
      method: "POST", pattern: "/api/v1/ingredients/parse", target: .none, viewer: .may,
      json: #"{"lines": ["2 eggs"]}"#),
    RouteCase(method: "GET", pattern: "/api/v1/invitations", target: .none, viewer: .forbidden),
    RouteCase(
      method: "POST", pattern: "/api/v1/invitations", target: .none, viewer: .forbidden,
      json: "{}"),
    RouteCase(
      method: "DELETE", pattern: "/api/v1/invitations/:id", target: .invitation,
      viewer: .forbidden),
    RouteCase(method: "GET", pattern: "/api/v1/library", target: .none, viewer: .may),
    RouteCase(method: "GET", pattern: "/api/v1/me", target: .none, viewer: .may),
    RouteCase(method: "GET", pattern: "/api/v1/members", target: .none, viewer: .may),
    RouteCase(
      method: "DELETE", pattern: "/api/v1/members/:id", target: .member, viewer: .forbidden),
    RouteCase(
      method: "PATCH", pattern: "/api/v1/members/:id", target: .member, viewer: .forbidden,
      json: #"{"role": "viewer"}"#),
    RouteCase(method: "GET", pattern: "/api/v1/pantry", target: .none, viewer: .may),
    // Settings are each user's own: a viewer keeps theirs too (checked by
    // `settingsAreEachUsersOwn`), so it is not sent as A's viewer here.
    RouteCase(method: "GET", pattern: "/api/v1/settings", target: .none, viewer: .may),
    RouteCase(
      method: "PUT", pattern: "/api/v1/settings", target: .none, viewer: .own,
      json: #"{"staples": ["butter"], "diets": ["vegan"], "units": "us"}"#),
    RouteCase(
      method: "POST", pattern: "/api/v1/pantry", target: .none, viewer: .forbidden,
      json: #"{"line": "3 onions"}"#),
    RouteCase(
      method: "DELETE", pattern: "/api/v1/pantry/:id", target: .pantry, viewer: .forbidden),
    RouteCase(method: "GET", pattern: "/api/v1/pantry/:id", target: .pantry, viewer: .may),
    RouteCase(
      method: "PATCH", pattern: "/api/v1/pantry/:id", target: .pantry, viewer: .forbidden,
      json: #"{"note": "moved"}"#),
    RouteCase(
      method: "POST", pattern: "/api/v1/pantry/deduct", target: .recipe, viewer: .forbidden,
      json: #"{"recipe": "$R", "items": []}"#),
    RouteCase(
      method: "POST", pattern: "/api/v1/pantry/deduct/preview", target: .recipe, viewer: .may,
      json: #"{"recipe": "$R"}"#),
    RouteCase(
      method: "POST", pattern: "/api/v1/password", target: .none, viewer: .own,
      json: #"{"currentPassword": "wrong", "newPassword": "something new"}"#),
    RouteCase(method: "GET", pattern: "/api/v1/plan", target: .none, viewer: .may),
    RouteCase(
      method: "POST", pattern: "/api/v1/plan", target: .recipe, viewer: .forbidden,
      json: #"{"date": "2026-12-03", "meal": "dinner", "recipe": "$R"}"#),
    RouteCase(
      method: "DELETE", pattern: "/api/v1/plan/:id", target: .plan, viewer: .forbidden),
    RouteCase(method: "GET", pattern: "/api/v1/plan/:id", target: .plan, viewer: .may),
    RouteCase(
      method: "PATCH", pattern: "/api/v1/plan/:id", target: .plan, viewer: .forbidden,
      json: #"{"note": "moved"}"#),
    RouteCase(
      method: "POST", pattern: "/api/v1/plan/fill", target: .none, viewer: .forbidden,
      json: "{}"),
    RouteCase(method: "GET", pattern: "/api/v1/plan/week", target: .none, viewer: .may),
    RouteCase(method: "GET", pattern: "/api/v1/recipes", target: .none, viewer: .may),
    RouteCase(
      method: "POST", pattern: "/api/v1/recipes", target: .none, viewer: .forbidden,
      json: #"{"name": "Toast"}"#),
    RouteCase(
      method: "DELETE", pattern: "/api/v1/recipes/:id", target: .recipe, viewer: .forbidden),
    RouteCase(method: "GET", pattern: "/api/v1/recipes/:id", target: .recipe, viewer: .may),
    RouteCase(
      method: "PATCH", pattern: "/api/v1/recipes/:id", target: .recipe, viewer: .forbidden,
      json: #"{"rating": 1}"#),
    RouteCase(
      method: "PUT", pattern: "/api/v1/recipes/:id", target: .recipe, viewer: .forbidden,
      json: #"{"name": "Hijacked"}"#),
    RouteCase(
      method: "GET", pattern: "/api/v1/recipes/:id/jsonld", target: .recipe, viewer: .may),
    RouteCase(
      method: "GET", pattern: "/api/v1/recipes/:id/lines", target: .recipe, viewer: .may),
    RouteCase(
      method: "GET", pattern: "/api/v1/recipes/:id/nutrition", target: .recipe, viewer: .may),
    RouteCase(method: "GET", pattern: "/api/v1/recipes/random", target: .none, viewer: .may),
    RouteCase(
      method: "GET", pattern: "/api/v1/search", target: .none, viewer: .may,
      query: ["q": "pancake"]),
    RouteCase(method: "GET", pattern: "/api/v1/sessions", target: .none, viewer: .may),
    RouteCase(
      method: "DELETE", pattern: "/api/v1/sessions/:id", target: .session, viewer: .notFound),
    RouteCase(method: "GET", pattern: "/api/v1/share-links", target: .none, viewer: .may),
    RouteCase(
      method: "POST", pattern: "/api/v1/share-links", target: .recipe, viewer: .forbidden,
      json: #"{"recipe": "$R"}"#),
    RouteCase(
      method: "DELETE", pattern: "/api/v1/share-links/:id", target: .shareLink,
      viewer: .forbidden),
    RouteCase(method: "GET", pattern: "/api/v1/shopping-list", target: .none, viewer: .may),
    RouteCase(
      method: "POST", pattern: "/api/v1/shopping-list/add", target: .recipe, viewer: .forbidden,
      json: #"{"recipes": ["$R"]}"#),
    RouteCase(
      method: "POST", pattern: "/api/v1/shopping-list/check", target: .none, viewer: .forbidden,
      json: "{}"),
    RouteCase(
      method: "POST", pattern: "/api/v1/shopping-list/generate", target: .none,
      viewer: .forbidden, json: "{}"),
    RouteCase(
      method: "POST", pattern: "/api/v1/shopping-list/items", target: .none, viewer: .forbidden,
      json: #"{"line": "milk"}"#),
    RouteCase(
      method: "DELETE", pattern: "/api/v1/shopping-list/items/:id", target: .shopping,
      viewer: .forbidden),
    RouteCase(
      method: "PATCH", pattern: "/api/v1/shopping-list/items/:id", target: .shopping,
      viewer: .forbidden, json: #"{"checked": true}"#),
    RouteCase(method: "GET", pattern: "/api/v1/shopping-list/text", target: .none, viewer: .may),
    RouteCase(
      method: "POST", pattern: "/api/v1/shopping-list/to-pantry", target: .none,
      viewer: .forbidden, json: "{}"),
    RouteCase(method: "GET", pattern: "/api/v1/tokens", target: .none, viewer: .may),
    RouteCase(
      method: "POST", pattern: "/api/v1/tokens", target: .none, viewer: .own,
      json: #"{"name": "mine"}"#),
    RouteCase(
      method: "DELETE", pattern: "/api/v1/tokens/:id", target: .token, viewer: .notFound),
    RouteCase(method: "GET", pattern: "/api/v1/user-foods", target: .none, viewer: .may),
    RouteCase(
      method: "POST", pattern: "/api/v1/user-foods", target: .none, viewer: .forbidden,
      json: #"{"name": "sumac blend"}"#),
    RouteCase(
      method: "DELETE", pattern: "/api/v1/user-foods/:id", target: .food, viewer: .forbidden),
    RouteCase(
      method: "POST", pattern: "/api/v1/user-synonyms", target: .none, viewer: .forbidden,
      json: #"{"synonym": "hen fruit", "food": "egg"}"#),
    RouteCase(
      method: "DELETE", pattern: "/api/v1/user-synonyms/:synonym", target: .synonym,
      viewer: .forbidden),
    RouteCase(method: "GET", pattern: "/images/:id", target: .image, viewer: .may),
    RouteCase(method: "GET", pattern: "/library", target: .none, viewer: .may),
    RouteCase(method: "GET", pattern: "/list", target: .none, viewer: .may),
    RouteCase(method: "POST", pattern: "/logout", target: .none, viewer: .own, form: [:]),
    RouteCase(method: "GET", pattern: "/pantry", target: .none, viewer: .may),
    RouteCase(method: "GET", pattern: "/plan", target: .none, viewer: .may),
    RouteCase(method: "GET", pattern: "/recipes/:id", target: .recipe, viewer: .may),
    RouteCase(method: "GET", pattern: "/recipes/:id/edit", target: .recipe, viewer: .may),
    RouteCase(method: "GET", pattern: "/recipes/:id/image", target: .recipe, viewer: .may),
    RouteCase(
      method: "POST", pattern: "/recipes/:id/share", target: .recipe, viewer: .forbidden,
      form: [:]),
    RouteCase(method: "GET", pattern: "/settings", target: .none, viewer: .may),
  ]

  /// Household A with an owner, a viewer and one record of every kind; household B with its
  /// own owner; and a revoked token of A's owner.
  struct World {
    let web: AccountsApp
    let ana: AccountsApp.Credential
    let viewer: AccountsApp.Credential
    let bo: AccountsApp.Credential
    let revoked: AccountsApp.Credential
    /// A read-only API token of A's owner.
    let readOnly: AccountsApp.Credential
    let ids: [Target: String]
    let recipeName = "Buttermilk Pancakes"
    static let anasSettings =
      #"{"staples": ["saffron"], "diets": ["pescatarian"], "units": "metric"}"#

    init() throws {
      let web = try AccountsApp()
      self.web = web
      let larder = web.larder
      let client = ClientInfo(address: "127.0.0.1", userAgent: "Matrix")
      let owner = try larder.createFirstOwner(
        NewAccountRequest(login: "ana", password: "correct horse"),
        setupCode: larder.accounts!.setupCode, client: client)
      ana = try web.credential(session: owner.token)
      let invitation = try larder.createInvitation(
        NewInvitationRequest(role: .viewer, uses: 2), as: owner.caller)
      let joined = try larder.acceptInvitation(
        token: String(invitation.path.dropFirst("/join/".count)),
        newAccount: NewAccountRequest(login: "vi", password: "viewer pass"), client: client)
      viewer = try web.credential(session: joined.token)
      let store = try #require(larder.accounts).store
      try store.insertHousehold(
        Household(id: HouseholdID(rawValue: "b"), name: "B", createdAt: Fixtures.now))
      _ = try larder.addUser(
        NewAccountRequest(login: "bo", password: "bo password"), role: .owner,
        as: .local(household: HouseholdID(rawValue: "b")))
      bo = try web.signIn("bo", "bo password")

      var recipe = Fixtures.pancakes()
      recipe.name = recipeName
      recipe.images = []  // Nothing to fetch from elsewhere while the matrix runs.
      let stored = try larder.createRecipe(recipe, as: owner.caller)
      var ids: [Target: String] = [.recipe: stored.id.rawValue, .household: "default"]
      func made(_ response: HTTPResponse, _ key: String = "id") throws -> String {
        guard (200..<300).contains(response.status), let id = response.object[key] as? String
        else { throw MatrixError.setup(response.status, response.text) }
        return id
      }
      ids[.pantry] = try made(
        web.send("POST", "/api/v1/pantry", json: #"{"line": "2 eggs"}"#, as: ana))
      let settings = web.send(
        "PUT", "/api/v1/settings", json: Self.anasSettings, as: ana)
      guard settings.status == 200 else { throw MatrixError.setup(settings.status, settings.text) }
      ids[.plan] = try made(
        web.send(
          "POST", "/api/v1/plan",
          json: #"{"date": "2026-12-02", "meal": "dinner", "recipe": "\#(stored.id)"}"#, as: ana))
      ids[.shopping] = try made(
        web.send("POST", "/api/v1/shopping-list/items", json: #"{"line": "milk"}"#, as: ana))
      ids[.food] = try made(
        web.send("POST", "/api/v1/user-foods", json: #"{"name": "zaatar blend"}"#, as: ana))
      ids[.synonym] = "zed"
      _ = try made(
        web.send(
          "POST", "/api/v1/user-synonyms", json: #"{"synonym": "zed", "food": "zaatar blend"}"#,
          as: ana), "synonym")
      let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D])
      ids[.image] = try made(
        web.send(
          "POST", "/api/v1/images", body: png,
          headers: ["content-type": "image/png", "x-larder-form-token": ana.formToken ?? ""],
          as: ana))
      let share = web.send(
        "POST", "/api/v1/share-links", json: #"{"recipe": "\#(stored.id)"}"#, as: ana)
      ids[.shareLink] = (share.object["link"] as? [String: Any])?["id"] as? String
      ids[.invitation] = invitation.invitation.id
      ids[.member] = owner.caller.user?.rawValue
      guard case .session(let sessionID) = owner.caller.credential else {
        throw MatrixError.setup(0, "no session")
      }
      ids[.session] = sessionID
      let kept = try larder.createAPIToken(NewAPITokenRequest(name: "kept"), as: owner.caller)
      ids[.token] = kept.apiToken.id
      let gone = try larder.createAPIToken(NewAPITokenRequest(name: "gone"), as: owner.caller)
      try larder.revokeAPIToken(gone.apiToken.id, as: owner.caller)
      revoked = AccountsApp.Credential(bearer: gone.token)
      readOnly = AccountsApp.Credential(
        bearer: try larder.createAPIToken(
          NewAPITokenRequest(name: "reader", readOnly: true), as: owner.caller
        ).token)
      self.ids = ids
    }

    func path(_ route: RouteCase) -> String {
      let id = ids[route.target] ?? "none"
      return route.pattern.split(separator: "/").map {
        $0.hasPrefix(":") ? id : String($0)
      }.reduce("") { $0 + "/" + $1 }
    }

    func send(_ route: RouteCase, as credential: AccountsApp.Credential) -> HTTPResponse {
      let json = route.json?.replacingOccurrences(of: "$R", with: ids[.recipe] ?? "")
      var headers: [String: String] = [:]
      var body: Data? = nil
      if route.upload {
        let image = route.pattern.hasSuffix("images") || route.pattern.hasSuffix("photo")
        headers["content-type"] = image ? "image/png" : "application/json"
        headers["x-larder-form-token"] = credential.formToken ?? ""
        body =
          image
          ? Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 1])
          : Data(
            #"{"@type": "Recipe", "name": "Toast", "recipeIngredient": ["1 slice bread"]}"#.utf8)
      }
      return web.send(
        route.method, path(route), query: route.query, json: json, form: route.form, body: body,
        headers: headers, as: credential)
    }

    /// Everything household A keeps, as its owner reads it.
    func snapshot() -> [String] {
      [
        "/api/v1/recipes", "/api/v1/pantry", "/api/v1/plan", "/api/v1/shopping-list",
        "/api/v1/user-foods", "/api/v1/members", "/api/v1/invitations", "/api/v1/share-links",
        "/api/v1/tokens", "/api/v1/sessions", "/api/v1/settings",
      ].map { path in
        let response = web.send(
          "GET", path,
          query: path == "/api/v1/plan" ? ["from": "2026-11-01", "to": "2027-01-31"] : [:], as: ana)
        return "\(path) \(response.status) \(response.text)"
      }
    }
  }

  enum MatrixError: Error {
    case setup(Int, String)
  }

  @Test func everyRouteIsInTheMatrix() throws {
    let world = try World()
    let listed = Set(Self.cases.map { "\($0.method) \($0.pattern)" })
    let served = world.web.app.routes.filter { !$0.isPublic }.map { "\($0.method) \($0.pattern)" }
    let missing = served.filter { !listed.contains($0) }.sorted()
    #expect(missing == [], "routes missing from the isolation matrix")
    let stale = listed.subtracting(served).sorted()
    #expect(stale == [], "matrix rows for routes that no longer exist")
  }

  @Test func withoutAValidCredentialNothingAnswers() throws {
    let world = try World()
    let before = world.snapshot()
    for credential in [AccountsApp.Credential.none, world.revoked] {
      for route in Self.cases {
        let response = world.send(route, as: credential)
        let isPage = !route.pattern.hasPrefix("/api/")
        if isPage && route.method == "GET" {
          #expect(
            response.status == 303
              && response.headerValue(named: "Location")?.hasPrefix("/login") == true,
            "\(route.method) \(route.pattern): \(response.status)")
        } else {
          #expect(response.status == 401, "\(route.method) \(route.pattern): \(response.status)")
        }
        #expect(!response.text.contains(world.recipeName))
      }
    }
    #expect(world.snapshot() == before)
  }

  @Test func anotherHouseholdGetsNotFoundAndChangesNothing() throws {
    let world = try World()
    let before = world.snapshot()
    // Signing out last, so Bo's session serves every other route.
    let ordered =
      Self.cases.filter { $0.pattern != "/logout" } + Self.cases.filter { $0.pattern == "/logout" }
    for route in ordered {
      let response = world.send(route, as: world.bo)
      let name = "\(route.method) \(route.pattern)"
      if route.target != .none {
        #expect(response.status == 404, "\(name): \(response.status) \(response.text.prefix(200))")
      } else {
        #expect(response.status < 500, "\(name): \(response.status) \(response.text.prefix(200))")
      }
      #expect(!response.text.contains(world.recipeName), "\(name) shows A's recipe")
      // An error may repeat the id it was asked about; an answer must never hold A's records.
      for target in [Target.recipe, .pantry, .plan, .shopping, .image] where response.status < 300 {
        if let id = world.ids[target] {
          #expect(!response.text.contains(id), "\(name) shows A's \(target) id")
        }
      }
    }
    #expect(world.snapshot() == before)
  }

  @Test func aViewerReadsButCannotChange() throws {
    let world = try World()
    let before = world.snapshot()
    for route in Self.cases where route.viewer != .own {
      let response = world.send(route, as: world.viewer)
      let name = "\(route.method) \(route.pattern)"
      switch route.viewer {
      case .may:
        #expect(
          response.status != 403 && response.status != 401 && response.status < 500,
          "\(name): \(response.status) \(response.text.prefix(200))")
      case .forbidden:
        #expect(response.status == 403, "\(name): \(response.status) \(response.text.prefix(200))")
      case .notFound:
        #expect(response.status == 404, "\(name): \(response.status) \(response.text.prefix(200))")
      case .own:
        break
      }
    }
    #expect(world.snapshot() == before)
  }

  @Test func aReadOnlyTokenReadsButCannotChange() throws {
    let world = try World()
    // The token's own last use is recorded on its first request; nothing else may change.
    _ = world.web.send("GET", "/api/v1/me", as: world.readOnly)
    let before = world.snapshot()
    for route in Self.cases where route.pattern != "/logout" {
      let response = world.send(route, as: world.readOnly)
      let name = "\(route.method) \(route.pattern)"
      let changes =
        route.method != "GET" && route.viewer != .may
      if changes {
        #expect(response.status == 403, "\(name): \(response.status) \(response.text.prefix(200))")
      } else {
        #expect(
          response.status != 403 && response.status != 401 && response.status < 500,
          "\(name): \(response.status) \(response.text.prefix(200))")
      }
    }
    #expect(world.snapshot() == before)
  }

  @Test func settingsAreEachUsersOwn() throws {
    let world = try World()
    let before = world.snapshot()
    #expect(before.last?.contains("saffron") == true)
    for (name, other) in [("viewer", world.viewer), ("other household", world.bo)] {
      let unread = world.web.send("GET", "/api/v1/settings", as: other)
      #expect(unread.status == 200, "\(name)")
      #expect(unread.object["isStored"] as? Bool == false, "\(name)")
      #expect(!unread.text.contains("saffron") && !unread.text.contains("pescatarian"), "\(name)")
      let saved = world.web.send(
        "PUT", "/api/v1/settings",
        json: #"{"staples": ["butter"], "diets": ["vegan"], "units": "us"}"#, as: other)
      #expect(saved.status == 200, "\(name): \(saved.status) \(saved.text)")
      let read = world.web.send("GET", "/api/v1/settings", as: other)
      #expect(read.object["staples"] as? [String] == ["butter"], "\(name)")
      #expect(read.object["units"] as? String == "us", "\(name)")
    }
    // Nobody else's save reached Ana's settings.
    #expect(world.snapshot() == before)
  }
}
