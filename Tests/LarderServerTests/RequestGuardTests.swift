import Foundation
import LarderCore
import LarderHTTP
import LarderTestSupport
import Testing

@testable import LarderServer

/// The guard in front of every handler: names other than Larder's own are refused (DNS
/// rebinding), and so are changes that another site could have sent (CSRF), with nothing changed.
@Suite struct RequestGuardTests {
  /// An app over one stored recipe and an image store, behind `requestGuard`.
  private func harness(
    _ requestGuard: RequestGuard = RequestGuard()
  ) throws -> (
    client: TestClient, store: InMemoryRecipeStore, images: InMemoryImageStore, id: String
  ) {
    let store = InMemoryRecipeStore()
    let recipe = try store.createRecipe(Fixtures.pancakes(), household: .default, now: Fixtures.now)
    let images = InMemoryImageStore()
    let app = LarderApp(
      store: store, images: images, clock: { Fixtures.now }, requestGuard: requestGuard)
    return (TestClient(app: app, logged: LogRecorder()), store, images, recipe.id.rawValue)
  }

  private static let newRecipe = #"{"name": "Forged Soup", "steps": ["Heat."]}"#

  // MARK: - DNS rebinding

  @Test(arguments: ["GET", "DELETE"])
  func aForeignHostIsMisdirectedAndTheRecipeStays(method: String) throws {
    let (client, store, _, id) = try harness()
    let response = client.send(
      method, "/api/v1/recipes/\(id)", headers: ["host": "rebind.attacker.example"])
    #expect(response.status == 421)
    #expect(response.errorCode == "misdirected_request")
    #expect(response.errorMessage?.contains("public_url") == true)
    #expect(try store.recipeCount(household: .default) == 1)
    #expect(client.send("GET", "/api/v1/recipes/\(id)").status == 200)
  }

  @Test func aForeignHostOnAPageGetsAnHTMLErrorSayingWhatToConfigure() throws {
    let (client, _, _, _) = try harness()
    let response = client.send("GET", "/library", headers: ["host": "rebind.attacker.example:8080"])
    #expect(response.status == 421)
    #expect(response.headerValue(named: "Content-Type")?.hasPrefix("text/html") == true)
    #expect(response.text.contains("public_url"))
  }

  @Test func aRequestWithoutAHostIsMisdirected() throws {
    let (client, _, _, _) = try harness()
    let response = client.app.respond(to: HTTPRequest(method: "GET", path: "/api/v1/health"))
    #expect(response.status == 421)
    #expect(response.errorMessage?.contains("without a Host header") == true)
  }

  @Test(arguments: [
    "localhost", "localhost:8080", "127.0.0.1", "127.0.0.1:49152", "[::1]", "[::1]:8080",
    "LocalHost:8080",
  ])
  func loopbackNamesOnAnyPortAreAnswered(host: String) throws {
    let (client, _, _, _) = try harness()
    #expect(client.send("GET", "/api/v1/health", headers: ["host": host]).status == 200)
  }

  @Test(arguments: [
    ("recipes.example.org", 200), ("recipes.example.org:443", 200),
    ("recipes.example.org:8080", 421), ("192.168.1.20:8080", 200), ("192.168.1.20", 421),
    ("evil.example.org", 421), ("recipes.example.org.evil.example", 421), ("", 421),
  ])
  func configuredPublicURLsAreAnsweredByHostAndPort(host: String, status: Int) throws {
    let (client, _, _, _) = try harness(
      RequestGuard(
        publicURLs: [
          try #require(RequestGuard.Origin("https://recipes.example.org")),
          try #require(RequestGuard.Origin("http://192.168.1.20:8080")),
        ]))
    #expect(client.send("GET", "/api/v1/health", headers: ["host": host]).status == status)
  }

  @Test func aSpecificBoundAddressIsAnsweredButAWildcardIsNot() throws {
    let (bound, _, _, _) = try harness(RequestGuard(boundHost: "192.168.1.20"))
    #expect(
      bound.send("GET", "/api/v1/health", headers: ["host": "192.168.1.20:8080"]).status == 200)
    let (wildcard, _, _, _) = try harness(RequestGuard(boundHost: "0.0.0.0"))
    #expect(wildcard.send("GET", "/api/v1/health", headers: ["host": "0.0.0.0:8080"]).status == 421)
    #expect(
      wildcard.send("GET", "/api/v1/health", headers: ["host": "192.168.1.20:8080"]).status == 421)
    let (ipv6, _, _, _) = try harness(RequestGuard(boundHost: "fd00::20"))
    #expect(ipv6.send("GET", "/api/v1/health", headers: ["host": "[fd00::20]:8080"]).status == 200)
  }

  // MARK: - Cross-site requests

  @Test(
    arguments: [
      (nil, 415, "unsupported_media_type"), ("text/plain", 415, "unsupported_media_type"),
      ("text/plain; charset=json", 415, "unsupported_media_type"),
      ("application/x-www-form-urlencoded", 415, "unsupported_media_type"),
      ("multipart/form-data; boundary=x", 415, "unsupported_media_type"),
    ] as [(String?, Int, String)])
  func aJSONBodyNotDeclaredJSONIsRefusedAndNothingIsStored(
    type: String?, status: Int, code: String
  ) throws {
    let (client, store, _, _) = try harness()
    var headers: [String: String] = [:]
    headers["content-type"] = type
    let response = client.respond(
      to: HTTPRequest(
        method: "POST", path: "/api/v1/recipes", headers: headers,
        body: Data(Self.newRecipe.utf8)))
    #expect(response.status == status)
    #expect(response.errorCode == code)
    #expect(try store.recipeCount(household: .default) == 1)
  }

  @Test(arguments: [
    "application/x-www-form-urlencoded", "multipart/form-data; boundary=----x", "text/plain",
  ])
  func aFormPostToAnUploadIsRefused(type: String) throws {
    let (client, store, images, _) = try harness()
    let cook = Data("---\ntitle: Forged Toast\n---\nToast @bread{2%slices}.".utf8)
    let imported = client.respond(
      to: HTTPRequest(
        method: "POST", path: "/api/v1/import", query: ["filename": "forged.cook"],
        headers: ["content-type": type], body: cook))
    #expect(imported.status == 415)
    #expect(try store.recipeCount(household: .default) == 1)
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 32)
    let uploaded = client.respond(
      to: HTTPRequest(
        method: "POST", path: "/api/v1/images", headers: ["content-type": type], body: png))
    #expect(uploaded.status == 415)
    #expect(images.count == 0)
  }

  @Test(arguments: [
    ["origin": "https://attacker.example"], ["origin": "http://localhost:3000"],
    ["origin": "null"], ["sec-fetch-site": "cross-site"], ["sec-fetch-site": "same-site"],
    ["origin": "http://127.0.0.1:8080", "sec-fetch-site": "cross-site"],
  ])
  func aChangeFromAnotherSiteIsRefusedAndNothingChanges(headers: [String: String]) throws {
    let (client, store, images, id) = try harness()
    let created = client.send("POST", "/api/v1/recipes", json: Self.newRecipe, headers: headers)
    #expect(created.status == 403)
    #expect(created.errorCode == "cross_site")
    let deleted = client.send("DELETE", "/api/v1/recipes/\(id)", headers: headers)
    #expect(deleted.status == 403)
    let patched = client.send(
      "PATCH", "/api/v1/recipes/\(id)", json: #"{"isFavorite": true}"#, headers: headers)
    #expect(patched.status == 403)
    var uploadHeaders = headers
    uploadHeaders["content-type"] = "application/octet-stream"
    let imported = client.respond(
      to: HTTPRequest(
        method: "POST", path: "/api/v1/import", query: ["filename": "forged.cook"],
        headers: uploadHeaders, body: Data("---\ntitle: Forged\n---\nToast @bread{2}.".utf8)))
    #expect(imported.status == 403)
    uploadHeaders["content-type"] = "image/png"
    let uploaded = client.respond(
      to: HTTPRequest(
        method: "POST", path: "/api/v1/images", headers: uploadHeaders, body: Data(count: 64)))
    #expect(uploaded.status == 403)
    #expect(try store.recipeCount(household: .default) == 1)
    #expect(try store.recipe(id: RecipeID(rawValue: id), household: .default)?.isFavorite == false)
    #expect(images.count == 0)
  }

  @Test func aCrossSiteReadIsStillAnswered() throws {
    let (client, _, _, _) = try harness()
    let response = client.send(
      "GET", "/api/v1/health",
      headers: ["sec-fetch-site": "cross-site", "origin": "https://a.example"])
    #expect(response.status == 200)
  }

  // MARK: - Allowed changes

  @Test(arguments: [
    ["origin": "http://127.0.0.1:8080", "sec-fetch-site": "same-origin"],
    ["sec-fetch-site": "none"], [:],
    ["host": "[::1]:8080", "origin": "http://[::1]:8080", "sec-fetch-site": "same-origin"],
    ["host": "localhost:49152", "origin": "http://localhost:49152"],
  ])
  func aSameOriginChangeIsAccepted(headers: [String: String]) throws {
    let (client, store, _, _) = try harness()
    let created = client.send("POST", "/api/v1/recipes", json: Self.newRecipe, headers: headers)
    #expect(created.status == 201, "\(created.text)")
    #expect(try store.recipeCount(household: .default) == 2)
  }

  @Test func aChangeFromAConfiguredPublicURLIsAccepted() throws {
    let (client, store, _, id) = try harness(
      RequestGuard(publicURLs: [try #require(RequestGuard.Origin("https://recipes.example.org"))]))
    // Behind a reverse proxy the Host may be the proxy's upstream address, and the Origin the
    // public one.
    for host in ["recipes.example.org", "127.0.0.1:8080"] {
      let patched = client.send(
        "PATCH", "/api/v1/recipes/\(id)", json: #"{"isFavorite": true}"#,
        headers: [
          "host": host, "origin": "https://recipes.example.org", "sec-fetch-site": "same-origin",
        ])
      #expect(patched.status == 200, "\(patched.text)")
    }
    let wrongScheme = client.send(
      "PATCH", "/api/v1/recipes/\(id)", json: #"{"isFavorite": false}"#,
      headers: ["host": "recipes.example.org", "origin": "http://recipes.example.org"])
    #expect(wrongScheme.status == 403)
    #expect(try store.recipe(id: RecipeID(rawValue: id), household: .default)?.isFavorite == true)
  }

  @Test func anUploadInItsOwnTypeIsAccepted() throws {
    let (client, store, _, _) = try harness()
    let imported = client.respond(
      to: HTTPRequest(
        method: "POST", path: "/api/v1/import", query: ["filename": "toast.cook"],
        headers: [
          "content-type": "application/octet-stream", "origin": "http://127.0.0.1:8080",
          "sec-fetch-site": "same-origin",
        ],
        body: Data("---\ntitle: Tomato Toast\n---\nToast @bread{2%slices}.".utf8)))
    #expect(imported.status == 200, "\(imported.text)")
    #expect(try store.recipeCount(household: .default) == 2)
  }

  // MARK: - Behind a reverse proxy

  /// A guard as `public_url = https://recipes.example.org` and `trusted_proxies = 127.0.0.1`
  /// make it (no trusted proxy when `trusting` is false).
  private func proxied(trusting: Bool = true) throws -> RequestGuard {
    RequestGuard(
      publicURLs: [try #require(RequestGuard.Origin("https://recipes.example.org"))],
      trustedProxies: trusting ? TrustedProxies([try #require(.init("127.0.0.1"))]) : .init())
  }

  /// A change as a proxy forwards it: from `peer`, the proxy's own `Host` to its upstream.
  private func forwardedChange(
    from peer: String, headers: [String: String]
  ) -> HTTPRequest {
    var request = HTTPRequest(
      method: "POST", path: "/api/v1/recipes",
      headers: ["content-type": "application/json", "host": "127.0.0.1:8080"].merging(
        headers, uniquingKeysWith: { $1 }),
      body: Data(Self.newRecipe.utf8))
    request.remoteAddress = peer
    return request
  }

  @Test func aProxyWithAnHTTPSPublicURLForwardsChangesFromItsPages() throws {
    let (client, store, _, _) = try harness(try proxied())
    let created = client.respond(
      to: forwardedChange(
        from: "127.0.0.1",
        headers: [
          "x-forwarded-for": "198.51.100.7", "x-forwarded-proto": "https",
          "x-forwarded-host": "recipes.example.org", "origin": "https://recipes.example.org",
          "sec-fetch-site": "same-origin",
        ]))
    #expect(created.status == 201, "\(created.text)")
    #expect(try store.recipeCount(household: .default) == 2)
  }

  @Test func aRebindingNameForwardedByATrustedProxyIsMisdirected() throws {
    // The proxy rewrote Host to its upstream, a loopback name; the name the browser used is
    // what DNS rebinding controls, and the guard checks that one.
    let (client, store, _, _) = try harness(try proxied())
    let response = client.respond(
      to: forwardedChange(
        from: "127.0.0.1", headers: ["x-forwarded-host": "rebind.attacker.example"]))
    #expect(response.status == 421)
    #expect(try store.recipeCount(household: .default) == 1)
  }

  @Test(arguments: [false, true])
  func forwardingHeadersFromAPeerThatIsNotTrustedAreIgnored(trustsLoopback: Bool) throws {
    let (client, store, _, _) = try harness(try proxied(trusting: trustsLoopback))
    // A foreign Host cannot be talked past the allow-list by naming a public one.
    let misdirected = client.respond(
      to: forwardedChange(
        from: "203.0.113.9",
        headers: ["host": "rebind.attacker.example", "x-forwarded-host": "recipes.example.org"]))
    #expect(misdirected.status == 421)
    // Nor can a plain-HTTP request claim to be the HTTPS page it names as its origin.
    let crossSite = client.respond(
      to: forwardedChange(
        from: "203.0.113.9",
        headers: [
          "host": "localhost:8443", "x-forwarded-proto": "https",
          "origin": "https://localhost:8443",
        ]))
    #expect(crossSite.status == 403)
    #expect(crossSite.errorMessage?.contains("trusted_proxies") == true)
    #expect(try store.recipeCount(household: .default) == 1)
  }

  @Test func aLoopbackHTTPSProxyIsItsOwnOriginOnlyWhenTrusted() throws {
    // Caddy serving https://localhost:8443 and passing Host through.
    let headers = [
      "host": "localhost:8443", "x-forwarded-proto": "https", "origin": "https://localhost:8443",
    ]
    let (trusted, trustedStore, _, _) = try harness(try proxied())
    #expect(trusted.respond(to: forwardedChange(from: "127.0.0.1", headers: headers)).status == 201)
    #expect(try trustedStore.recipeCount(household: .default) == 2)
    let (untrusted, untrustedStore, _, _) = try harness(try proxied(trusting: false))
    #expect(
      untrusted.respond(to: forwardedChange(from: "127.0.0.1", headers: headers)).status == 403)
    #expect(try untrustedStore.recipeCount(household: .default) == 1)
  }

  @Test(arguments: [
    ("https://recipes.example.org", "https://recipes.example.org:443"),
    ("http://192.168.1.20:8080/", "http://192.168.1.20:8080"),
    ("HTTP://Phone.Local:80", "http://phone.local:80"),
    ("http://[fd00::1]:8080", "http://[fd00::1]:8080"),
  ])
  func originsReadSchemeHostAndPort(text: String, expected: String) {
    #expect(RequestGuard.Origin(text)?.description == expected)
  }

  @Test(arguments: [
    "recipes.example.org", "ftp://recipes.example.org", "https://recipes.example.org/larder",
    "https://user@recipes.example.org", "https://recipes.example.org?x=1", "null", "",
  ])
  func anythingButAnOriginIsNotOne(text: String) {
    #expect(RequestGuard.Origin(text) == nil)
  }
}
