import Foundation
import LarderApplication
import LarderCore
import LarderImport
import LarderTestSupport
import Testing

/// A recipe's remote picture is kept once, as clipping keeps pictures, and served by Larder from
/// then on; only a stored recipe's own picture is ever fetched.
@Suite struct RecipeImagesTests {
  static let png = ClippingTests.png

  /// A site with a picture, a page that is not one, and a slow one.
  static func site() throws -> FixtureHTTPServer {
    try FixtureHTTPServer { request in
      switch request.path {
      case "/soup.png": return .response(headers: ["Content-Type": "image/png"], body: png)
      case "/page.png": return .html("<html><body>Not a picture.</body></html>")
      default: return .response(status: 404)
      }
    }
  }

  /// A Larder whose clipper may reach only `site` (as public addresses only would, in tests),
  /// holding one recipe whose picture is `image`; its clock is `now`.
  static func larder(
    site: FixtureHTTPServer, image: String?, now: TestClock = TestClock(),
    policy: AddressPolicy? = nil
  ) throws -> (Larder, InMemoryImageStore, Recipe) {
    let endpoint = SocketEndpoint(address: IPAddress("127.0.0.1")!, port: site.port)
    let fetcher = PageFetcher(
      configuration: FetchConfiguration(
        policy: policy ?? AddressPolicy(allowedEndpoints: [endpoint]), connectTimeout: 1,
        totalTimeout: 2))
    let images = InMemoryImageStore()
    let larder = Larder(
      recipes: InMemoryRecipeStore(), images: images, clipper: RecipeClipper(fetcher: fetcher),
      clock: { now.now })
    var recipe = Fixtures.tomatoSoup()
    recipe.images = image.map { [$0] } ?? []
    let stored = try larder.createRecipe(recipe, as: .defaultHousehold)
    return (larder, images, stored)
  }

  @Test func aRemotePictureIsKeptOnceAndPutFirstLeavingTheRecipesDateAlone() throws {
    let site = try Self.site()
    defer { site.stop() }
    let remote = site.url("/soup.png").absoluteString
    let now = TestClock()
    let (larder, images, recipe) = try Self.larder(site: site, image: remote, now: now)
    now.now = Fixtures.now.addingTimeInterval(600)

    let kept = try larder.recipeImage(recipe.id, as: .defaultHousehold)
    #expect(kept.data == Self.png)
    #expect(kept.format == .png)
    #expect(images.count == 1)
    let updated = try larder.recipe(recipe.id, as: .defaultHousehold)
    #expect(updated.images == [kept.id.path, remote])
    #expect(updated.imagePath == kept.id.path, "pages now show the copy directly")
    #expect(updated.updatedAt == recipe.updatedAt)

    let again = try larder.recipeImage(recipe.id, as: .defaultHousehold)
    #expect(again.id == kept.id)
    #expect(site.requestedPaths == ["/soup.png"], "fetched once")
  }

  @Test func aStoredPictureIsServedWithoutFetchingAnything() throws {
    let site = try Self.site()
    defer { site.stop() }
    let (larder, _, _) = try Self.larder(site: site, image: nil)
    let upload = try larder.storeImage(
      ImageUpload(data: Self.png, declaredType: "image/png"), as: .defaultHousehold)
    var recipe = Fixtures.pancakes()
    recipe.images = [upload.url, site.url("/soup.png").absoluteString]
    let stored = try larder.createRecipe(recipe, as: .defaultHousehold)
    #expect(try larder.recipeImage(stored.id, as: .defaultHousehold).id == upload.id)
    #expect(site.requestedPaths.isEmpty)
  }

  @Test func aPrivateAddressIsRefusedAsClippingRefusesItAndNothingIsFetched() throws {
    let site = try Self.site()
    defer { site.stop() }
    // The default policy: public addresses only, so the loopback site is refused.
    let (larder, images, recipe) = try Self.larder(
      site: site, image: site.url("/soup.png").absoluteString, policy: AddressPolicy())
    #expect {
      try larder.recipeImage(recipe.id, as: .defaultHousehold)
    } throws: { error in
      guard case .importFailed(.refusedAddress) = error as? ApplicationError else { return false }
      return true
    }
    #expect(site.requestedPaths.isEmpty)
    #expect(images.count == 0)
    #expect(try larder.recipe(recipe.id, as: .defaultHousehold).images == recipe.images)
  }

  @Test func bytesThatAreNotAPictureAreRefusedAndNotFetchedAgainForAnHour() throws {
    let site = try Self.site()
    defer { site.stop() }
    let now = TestClock()
    let (larder, images, recipe) = try Self.larder(
      site: site, image: site.url("/page.png").absoluteString, now: now)
    for _ in 0..<2 {
      #expect {
        try larder.recipeImage(recipe.id, as: .defaultHousehold)
      } throws: { error in
        guard case .invalidImage = error as? ApplicationError else { return false }
        return true
      }
    }
    #expect(site.requestedPaths == ["/page.png"], "the failure is remembered")
    now.now = Fixtures.now.addingTimeInterval(3601)
    _ = try? larder.recipeImage(recipe.id, as: .defaultHousehold)
    #expect(site.requestedPaths == ["/page.png", "/page.png"], "and tried again an hour later")
    #expect(images.count == 0)
    #expect(try larder.recipe(recipe.id, as: .defaultHousehold).images == recipe.images)
  }

  @Test func anotherHouseholdsRecipeIsNotFoundAndItsPictureNotFetched() throws {
    let site = try Self.site()
    defer { site.stop() }
    let (larder, _, recipe) = try Self.larder(
      site: site, image: site.url("/soup.png").absoluteString)
    let stranger = Caller(household: HouseholdID(rawValue: "other"))
    #expect(throws: ApplicationError.notFound(.recipe, id: recipe.id.rawValue)) {
      try larder.recipeImage(recipe.id, as: stranger)
    }
    #expect(site.requestedPaths.isEmpty)
  }

  @Test(arguments: [nil, "data:image/png;base64,iVBORw0KGgo=", "soup.png"] as [String?])
  func aRecipeWithoutAPictureToFetchHasNone(image: String?) throws {
    let site = try Self.site()
    defer { site.stop() }
    let (larder, _, recipe) = try Self.larder(site: site, image: image)
    #expect {
      try larder.recipeImage(recipe.id, as: .defaultHousehold)
    } throws: { error in
      guard case .nothingMatches = error as? ApplicationError else { return false }
      return true
    }
    #expect(site.requestedPaths.isEmpty)
  }
}
