import Foundation
import LarderApplication
import LarderCore
import LarderHTTP
import LarderImport
import LarderTestSupport
import Testing

@testable import LarderServer

/// Pages load pictures only from Larder: the policy says so, cards and pages link Larder's
/// copies, and a recipe's remote picture is kept and served from `/recipes/{id}/image`.
@Suite struct ShownImagesTests {
  static let png =
    Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D])
    + Data("IHDR-fixture".utf8)

  /// An app whose clipper may reach only `site` (or nothing but public addresses, with
  /// `publicOnly`), holding a recipe with a remote picture and one with a stored picture.
  private func harness(
    site: FixtureHTTPServer, publicOnly: Bool = false
  ) throws -> (client: TestClient, remote: Recipe, local: Recipe, localImage: ImageID) {
    let endpoint = SocketEndpoint(address: IPAddress("127.0.0.1")!, port: site.port)
    let fetcher = PageFetcher(
      configuration: FetchConfiguration(
        policy: publicOnly ? AddressPolicy() : AddressPolicy(allowedEndpoints: [endpoint]),
        connectTimeout: 1, totalTimeout: 2))
    let store = InMemoryRecipeStore()
    let images = InMemoryImageStore()
    let localImage = try images.putImage(
      Self.png, declaredType: "image/png", household: .default, now: Fixtures.now)
    var remote = Fixtures.tomatoSoup()
    remote.images = [site.url("/soup.png").absoluteString]
    var local = Fixtures.pancakes()
    local.images = [localImage.path, "https://example.com/pancakes.jpg"]
    let stored = try [remote, local].map {
      try store.createRecipe($0, household: .default, now: Fixtures.now)
    }
    let app = LarderApp(
      store: store, images: images, clipper: RecipeClipper(fetcher: fetcher),
      clock: { Fixtures.now })
    return (TestClient(app: app, logged: LogRecorder()), stored[0], stored[1], localImage)
  }

  private static func site() throws -> FixtureHTTPServer {
    try FixtureHTTPServer { request in
      request.path == "/soup.png"
        ? .response(headers: ["Content-Type": "image/png"], body: png) : .response(status: 404)
    }
  }

  @Test func thePagePolicyAllowsPicturesOnlyFromLarderItself() throws {
    let (client, _) = try TestClient.make()
    let policy = try #require(
      client.send("GET", "/library").headerValue(named: "Content-Security-Policy"))
    #expect(policy.contains("img-src 'self' data:;"))
    #expect(!policy.contains("https:") && !policy.contains("http:"))
  }

  @Test func cardsPagesAndTheAPILinkOnlyLarderCopies() throws {
    let site = try Self.site()
    defer { site.stop() }
    let (client, remote, local, localImage) = try harness(site: site)
    for path in ["/library", "/recipes/\(remote.id)", "/recipes/\(local.id)", "/"] {
      let html = client.send("GET", path).text
      #expect(!html.contains(#"src="http"#), "\(path) makes the browser fetch another host")
    }
    let library = client.send("GET", "/library").text
    #expect(library.contains(#"src="/recipes/\#(remote.id)/image""#))
    #expect(library.contains(#"src="\#(localImage.path)""#))

    let items = try #require(
      client.send("GET", "/api/v1/recipes").object["items"] as? [[String: Any]])
    let shown = Dictionary(
      uniqueKeysWithValues: items.map { ($0["id"] as? String ?? "", $0["imagePath"] as? String) })
    #expect(shown[remote.id.rawValue] == "/recipes/\(remote.id)/image")
    #expect(shown[local.id.rawValue] == localImage.path)
    #expect(site.requestedPaths.isEmpty, "showing a page fetches nothing by itself")
  }

  @Test func aRemotePictureIsKeptOnFirstViewAndServedFromLarder() throws {
    let site = try Self.site()
    defer { site.stop() }
    let (client, remote, _, _) = try harness(site: site)
    let response = client.send("GET", "/recipes/\(remote.id)/image")
    #expect(response.status == 200)
    #expect(response.body == Self.png)
    #expect(response.headerValue(named: "Content-Type") == "image/png")
    #expect(response.headerValue(named: "Cache-Control") == "private, no-cache")
    #expect(
      response.headerValue(named: "Content-Security-Policy")?.contains("sandbox") == true)
    let tag = try #require(response.headerValue(named: "ETag"))
    let revalidated = client.send(
      "GET", "/recipes/\(remote.id)/image", headers: ["if-none-match": tag])
    #expect(revalidated.status == 304)
    #expect(site.requestedPaths == ["/soup.png"])
    // The recipe's page now links the stored copy directly.
    let page = client.send("GET", "/recipes/\(remote.id)").text
    #expect(page.contains(#"src="/images/"#))
  }

  @Test func aPictureOnAnAddressClippingMayNotReachIsRefusedAndNotFetched() throws {
    let site = try Self.site()
    defer { site.stop() }
    let (client, remote, _, _) = try harness(site: site, publicOnly: true)
    let response = client.send("GET", "/recipes/\(remote.id)/image")
    #expect(response.status == 422)
    #expect(site.requestedPaths.isEmpty)
  }

  @Test func anUnknownRecipeHasNoPicture() throws {
    let site = try Self.site()
    defer { site.stop() }
    let (client, _, _, _) = try harness(site: site)
    #expect(client.send("GET", "/recipes/no-such-recipe/image").status == 404)
  }
}
