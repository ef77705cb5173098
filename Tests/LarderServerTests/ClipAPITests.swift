import Foundation
import LarderCore
import LarderHTTP
import LarderImport
import LarderServer
import LarderTestSupport
import Testing

/// Clipping and images end to end: the app in-process, the recipe site a real local server.
@Suite struct ClipAPITests {
  static let png =
    Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D])
    + Data("IHDR-fixture".utf8)

  static func page(image: String = "/img/soup.png", name: String = "Clipped Carrot Soup") -> String
  {
    """
    <!doctype html><html><head><title>\(name)</title>
    <script type="application/ld+json">
    {"@context": "https://schema.org", "@type": "Recipe", "name": "\(name)",
     "image": ["\(image)"], "url": "https://elsewhere.example/not-this-one",
     "recipeIngredient": ["500 g carrots", "1 onion", "1 l vegetable stock"],
     "recipeInstructions": [{"@type": "HowToStep", "text": "Simmer everything."},
                            {"@type": "HowToStep", "text": "Blend."}]}
    </script></head><body><h1>\(name)</h1></body></html>
    """
  }

  /// A site with a recipe page, its image, and pages that fail in each way.
  static func site() throws -> FixtureHTTPServer {
    try FixtureHTTPServer { request in
      switch request.path {
      case "/recipe": return .html(page())
      case "/img/soup.png":
        return .response(headers: ["Content-Type": "image/png"], body: png)
      case "/broken-image": return .html(page(image: "/img/missing.png"))
      case "/svg-image": return .html(page(image: "/img/evil.svg"))
      case "/img/evil.svg":
        return .response(
          headers: ["Content-Type": "image/svg+xml"], body: Data("<svg onload=x></svg>".utf8))
      case "/plain": return .html("<html><body>No recipe here.</body></html>")
      case "/big": return .html(String(repeating: "a", count: 300_000))
      case "/slow": return .silence
      case "/fails": return .response(status: 500)
      default: return .response(status: 404)
      }
    }
  }

  struct Harness {
    let client: TestClient
    let store: InMemoryRecipeStore
    let images: InMemoryImageStore
  }

  /// The app with a clipper allowed to reach `server`'s port on 127.0.0.1 and nothing else.
  static func harness(
    allowing server: FixtureHTTPServer?, maximumBytes: Int = 1 << 20
  ) -> Harness {
    let endpoints =
      server.map { [SocketEndpoint(address: IPAddress("127.0.0.1")!, port: $0.port)] } ?? []
    let fetcher = PageFetcher(
      configuration: FetchConfiguration(
        policy: AddressPolicy(allowedEndpoints: Set(endpoints)), connectTimeout: 1,
        totalTimeout: 1, maximumBytes: maximumBytes))
    let store = InMemoryRecipeStore()
    let images = InMemoryImageStore()
    let log = LogRecorder()
    let app = LarderApp(
      store: store, images: images, clipper: RecipeClipper(fetcher: fetcher),
      clock: { Fixtures.now }, log: { log.append($0) })
    return Harness(client: TestClient(app: app, logged: log), store: store, images: images)
  }

  static func clip(_ client: TestClient, _ url: String) -> HTTPResponse {
    let body = String(
      decoding: try! JSONSerialization.data(withJSONObject: ["url": url]), as: UTF8.self)
    return client.send("POST", "/api/v1/import/url", json: body)
  }

  @Test func clippingAPageStoresTheRecipeAndALocalCopyOfItsImage() throws {
    let site = try Self.site()
    let harness = Self.harness(allowing: site)
    let url = site.url("/recipe").absoluteString
    let response = Self.clip(harness.client, url)
    #expect(response.status == 201, "\(response.text)")
    #expect(response.object["outcome"] as? String == "created")
    #expect((response.object["warnings"] as? [String])?.isEmpty == true)
    let recipe = try #require(response.object["recipe"] as? [String: Any])
    #expect(recipe["name"] as? String == "Clipped Carrot Soup")
    // The URL asked for, not the page's own claim, so clipping it again finds this recipe.
    #expect(recipe["sourceURL"] as? String == url)
    let imageURLs = try #require(recipe["images"] as? [String])
    #expect(imageURLs.count == 2)
    #expect(imageURLs.last == site.url("/img/soup.png").absoluteString)
    let local = try #require(imageURLs.first)
    #expect(local.hasPrefix("/images/"))
    #expect(response.headerValue(named: "Location") == "/api/v1/recipes/\(recipe["id"] ?? "")")

    let image = harness.client.send("GET", local)
    #expect(image.status == 200)
    #expect(image.body == Self.png)
    #expect(image.headerValue(named: "Content-Type") == "image/png")
    #expect(image.headerValue(named: "Cache-Control")?.contains("immutable") == true)
    #expect(image.headerValue(named: "X-Content-Type-Options") == "nosniff")
    let tag = try #require(image.headerValue(named: "ETag"))
    let cached = harness.client.send("GET", local, headers: ["if-none-match": tag])
    #expect(cached.status == 304)
    #expect(cached.body.isEmpty)
  }

  @Test func clippingTheSameURLAgainUpdatesRatherThanDuplicates() throws {
    let site = try Self.site()
    let harness = Self.harness(allowing: site)
    let url = site.url("/recipe").absoluteString
    let first = Self.clip(harness.client, url)
    #expect(first.status == 201)
    let second = Self.clip(harness.client, url)
    #expect(second.status == 200, "\(second.text)")
    #expect(second.object["outcome"] as? String == "unchanged")
    let firstID = (first.object["recipe"] as? [String: Any])?["id"] as? String
    #expect((second.object["recipe"] as? [String: Any])?["id"] as? String == firstID)
    #expect(try harness.store.recipeCount(household: .default) == 1)
    #expect(harness.images.count == 1)
  }

  @Test func anImageThatCannotBeFetchedIsAWarningNotAFailure() throws {
    let site = try Self.site()
    let harness = Self.harness(allowing: site)
    let response = Self.clip(harness.client, site.url("/broken-image").absoluteString)
    #expect(response.status == 201, "\(response.text)")
    let warnings = try #require(response.object["warnings"] as? [String])
    let missing = site.url("/img/missing.png").absoluteString
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains(missing) == true)
    #expect(warnings.first?.contains("HTTP 404") == true)
    let recipe = try #require(response.object["recipe"] as? [String: Any])
    #expect(recipe["images"] as? [String] == [missing])
    #expect(harness.images.count == 0)
  }

  @Test(arguments: ["http://169.254.169.254/latest/meta-data/iam", "http://127.0.0.2/x.png"])
  func theImageIsFetchedUnderTheSamePolicy(image: String) throws {
    let site = try FixtureHTTPServer { request in
      request.path == "/recipe" ? .html(Self.page(image: image)) : .response(status: 404)
    }
    let harness = Self.harness(allowing: site)
    let response = Self.clip(harness.client, site.url("/recipe").absoluteString)
    #expect(response.status == 201, "\(response.text)")
    let warnings = response.object["warnings"] as? [String] ?? []
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("\(image): refused to connect to") == true, "\(warnings)")
    #expect(harness.images.count == 0)
  }

  @Test func anSVGImageIsNotKept() throws {
    let site = try Self.site()
    let harness = Self.harness(allowing: site)
    let response = Self.clip(harness.client, site.url("/svg-image").absoluteString)
    #expect(response.status == 201)
    let warnings = response.object["warnings"] as? [String] ?? []
    #expect(warnings.contains { $0.contains("SVG images are refused") }, "\(warnings)")
    #expect(harness.images.count == 0)
  }

  @Test func loopbackIsRefusedWithoutTheOptIn() throws {
    let site = try Self.site()
    let harness = Self.harness(allowing: nil)
    let url = site.url("/recipe").absoluteString
    let response = Self.clip(harness.client, url)
    #expect(response.status == 422)
    #expect(response.errorCode == "refused_address")
    #expect(response.errorMessage?.contains(url) == true)
    #expect(response.errorMessage?.contains("loopback") == true)
    #expect(site.requestedPaths.isEmpty)
  }

  @Test(arguments: [
    ("ftp://example.com/recipe", 400, "invalid_url"),
    ("not a url", 400, "invalid_url"),
    ("file:///etc/passwd", 400, "invalid_url"),
  ])
  func aURLThatCannotBeFetchedIsABadRequest(url: String, status: Int, code: String) {
    let response = Self.clip(Self.harness(allowing: nil).client, url)
    #expect(response.status == status)
    #expect(response.errorCode == code)
    #expect(response.errorMessage?.contains(url) == true)
  }

  @Test func aBodyWithoutAURLIsRefused() {
    let client = Self.harness(allowing: nil).client
    let missing = client.send("POST", "/api/v1/import/url", json: #"{}"#)
    #expect(missing.status == 422)
    #expect(missing.errorMessage?.contains("'url'") == true)
    // Any other field is refused as everywhere, naming it and the field that belongs there.
    let unknown = client.send("POST", "/api/v1/import/url", json: #"{"link": "x"}"#)
    #expect(unknown.status == 422)
    #expect(unknown.errorMessage?.contains("'link'; expected one of url") == true)
    let notJSON = client.send("POST", "/api/v1/import/url", json: "{")
    #expect(notJSON.status == 400)
  }

  @Test(arguments: [
    ("/plain", 422, "no_recipe"),
    ("/fails", 502, "upstream_status"),
    ("/slow", 504, "upstream_timeout"),
    ("/big", 422, "too_large"),
  ])
  func failuresUpstreamMapToClearStatuses(path: String, status: Int, code: String) throws {
    let site = try Self.site()
    defer { site.stop() }
    let harness = Self.harness(allowing: site, maximumBytes: 100_000)
    let url = site.url(path).absoluteString
    let response = Self.clip(harness.client, url)
    #expect(response.status == status, "\(response.text)")
    #expect(response.errorCode == code)
    #expect(response.errorMessage?.contains(url) == true, "\(response.errorMessage ?? "")")
    #expect(try harness.store.recipeCount(household: .default) == 0)
  }

  @Test func anUploadedImageIsStoredAndServed() throws {
    let harness = Self.harness(allowing: nil)
    let response = harness.client.respond(
      to: HTTPRequest(
        method: "POST", path: "/api/v1/images", headers: ["content-type": "image/png"],
        body: Self.png))
    #expect(response.status == 201, "\(response.text)")
    let url = try #require(response.object["url"] as? String)
    #expect(response.object["contentType"] as? String == "image/png")
    #expect(response.headerValue(named: "Location") == url)
    let served = harness.client.send("GET", url)
    #expect(served.status == 200)
    #expect(served.body == Self.png)
  }

  @Test(arguments: [
    ("text/plain", Data("hello".utf8), 415),
    ("image/svg+xml", Data("<svg onload=x></svg>".utf8), 422),
    ("image/png", Data("<svg onload=x></svg>".utf8), 422),
    ("image/jpeg", Data("not an image".utf8), 422),
  ])
  func uploadsThatAreNotSafeImagesAreRefused(type: String, body: Data, status: Int) {
    let harness = Self.harness(allowing: nil)
    let response = harness.client.respond(
      to: HTTPRequest(
        method: "POST", path: "/api/v1/images", headers: ["content-type": type], body: body))
    #expect(response.status == status, "\(response.text)")
    #expect(harness.images.count == 0)
  }

  @Test func anImageUploadSaysWhatBodyItNeeds() {
    let harness = Self.harness(allowing: nil)
    let empty = harness.client.respond(
      to: HTTPRequest(
        method: "POST", path: "/api/v1/images", headers: ["content-type": "image/png"],
        body: Data()))
    #expect(empty.status == 400)
    #expect(empty.errorCode == "empty_body")
    #expect(empty.errorMessage == "the request needs the image's bytes")
    let text = harness.client.respond(
      to: HTTPRequest(
        method: "POST", path: "/api/v1/images", headers: ["content-type": "application/pdf"],
        body: Data("hello".utf8)))
    #expect(text.status == 415)
    #expect(text.errorCode == "unsupported_media_type")
    #expect(
      text.errorMessage
        == "expected an image body (Content-Type: image/jpeg, image/png, image/webp, image/gif"
        + " or image/avif), got 'application/pdf'")
  }

  @Test func anUnknownImageIsNotFound() {
    let response = Self.harness(allowing: nil).client.send(
      "GET", "/images/00000000-0000-0000-0000-000000000000")
    #expect(response.status == 404)
  }

  @Test func anAppWithoutImageStorageStillClipsAndSaysSo() throws {
    let site = try Self.site()
    let fetcher = PageFetcher(
      configuration: FetchConfiguration(
        policy: .allowing(SocketEndpoint(address: IPAddress("127.0.0.1")!, port: site.port)),
        totalTimeout: 1))
    let app = LarderApp(
      store: InMemoryRecipeStore(), clipper: RecipeClipper(fetcher: fetcher),
      clock: { Fixtures.now })
    let client = TestClient(app: app, logged: LogRecorder())
    let response = Self.clip(client, site.url("/recipe").absoluteString)
    #expect(response.status == 201)
    let warnings = response.object["warnings"] as? [String] ?? []
    #expect(warnings.contains { $0.contains("no image storage") })
  }
}
