import Foundation
import LarderApplication
import LarderCore
import LarderImport
import LarderTestSupport
import Testing

/// Clipping web pages: one URL for the API, several for the command line, one report shape.
@Suite struct ClippingTests {
  static let png =
    Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D])
    + Data("IHDR-fixture".utf8)

  static let page = """
    <!doctype html><html><head><title>Soup</title>
    <script type="application/ld+json">
    {"@context": "https://schema.org", "@type": "Recipe", "name": "Clipped Soup",
     "image": ["/soup.png"], "recipeIngredient": ["500 g carrots", "1 onion"],
     "recipeInstructions": [{"@type": "HowToStep", "text": "Simmer."}]}
    </script></head><body></body></html>
    """

  static func site() throws -> FixtureHTTPServer {
    try FixtureHTTPServer { request in
      switch request.path {
      case "/recipe": return .html(page)
      case "/soup.png": return .response(headers: ["Content-Type": "image/png"], body: png)
      case "/plain": return .html("<html><body>Nothing to cook.</body></html>")
      default: return .response(status: 404)
      }
    }
  }

  static func larder(site: FixtureHTTPServer, images: InMemoryImageStore?) -> Larder {
    let endpoint = SocketEndpoint(address: IPAddress("127.0.0.1")!, port: site.port)
    let fetcher = PageFetcher(
      configuration: FetchConfiguration(
        policy: AddressPolicy(allowedEndpoints: [endpoint]), connectTimeout: 1, totalTimeout: 2))
    return Larder(
      recipes: InMemoryRecipeStore(), images: images, clipper: RecipeClipper(fetcher: fetcher),
      clock: { Fixtures.now })
  }

  @Test func aClippedPageIsStoredWithItsImageAndClippingAgainUpdatesIt() throws {
    let site = try Self.site()
    defer { site.stop() }
    let images = InMemoryImageStore()
    let larder = Self.larder(site: site, images: images)
    let url = site.url("/recipe").absoluteString
    let clipped = try larder.clip(ClipRequest(url: url), as: .defaultHousehold)
    #expect(clipped.isCreated)
    #expect(clipped.recipe.name == "Clipped Soup")
    let imageID = try #require(clipped.imageID)
    #expect(clipped.recipe.images.first == imageID.path)
    #expect(try larder.image(imageID, as: .defaultHousehold).data == Self.png)

    let again = try larder.clip(ClipRequest(url: url), as: .defaultHousehold)
    #expect(!again.isCreated)
    #expect(again.recipe.id == clipped.recipe.id)

    let object = try #require(
      try JSONSerialization.jsonObject(with: LarderJSON.encode(again)) as? [String: Any])
    #expect(object["outcome"] as? String == "unchanged")
    #expect(object["imageID"] as? String == imageID.rawValue)
  }

  @Test func withoutImageStorageTheImageIsAWarning() throws {
    let site = try Self.site()
    defer { site.stop() }
    let larder = Self.larder(site: site, images: nil)
    let clipped = try larder.clip(
      ClipRequest(url: site.url("/recipe").absoluteString), as: .defaultHousehold)
    #expect(clipped.imageID == nil)
    #expect(clipped.warnings.contains { $0.contains("no image storage") })
    let object = try #require(
      try JSONSerialization.jsonObject(with: LarderJSON.encode(clipped)) as? [String: Any])
    #expect(object.keys.contains("imageID") == false)
  }

  @Test func aPageWithoutARecipeIsAnImportError() throws {
    let site = try Self.site()
    defer { site.stop() }
    let larder = Self.larder(site: site, images: nil)
    do {
      _ = try larder.clip(
        ClipRequest(url: site.url("/plain").absoluteString), as: .defaultHousehold)
      Issue.record("a page without a recipe was clipped")
    } catch ApplicationError.importFailed(let error) {
      guard case .noRecipe = error else {
        Issue.record("\(error)")
        return
      }
    }
  }

  @Test func severalURLsAreReportedOneFileEach() throws {
    let site = try Self.site()
    defer { site.stop() }
    let larder = Self.larder(site: site, images: InMemoryImageStore())
    var asked: [Int] = []
    let report = larder.clip(
      urls: [site.url("/recipe").absoluteString, site.url("/plain").absoluteString],
      progress: { number, _ in asked.append(number) }, as: .defaultHousehold)
    #expect(asked == [1, 2])
    #expect(report.created == 1)
    #expect(report.failed == 1)
    #expect(report.skipped == nil)
    #expect(report.files.map(\.items.count) == [1, 0])
    #expect(report.files[0].items[0].name == "Clipped Soup")
    #expect(report.files[1].error?.isEmpty == false)
    let object = try #require(
      try JSONSerialization.jsonObject(with: LarderJSON.encode(report)) as? [String: Any])
    #expect(object.keys.contains("skipped") == false)
  }

  @Test func theRequestNeedsAURL() {
    #expect(throws: ApplicationError.missingValue(Field("url", location: .body))) {
      try ClipRequest.decode(json: Data("{}".utf8))
    }
  }
}
