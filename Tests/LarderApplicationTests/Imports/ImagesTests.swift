import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// Uploaded images: stored when they are images, served and deleted by ID.
@Suite struct ImagesTests {
  static let png =
    Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D])
    + Data("IHDR-fixture".utf8)

  let larder = Larder(
    recipes: InMemoryRecipeStore(), images: InMemoryImageStore(), clock: { Fixtures.now })

  @Test func anImageIsStoredServedAndDeleted() throws {
    let stored = try larder.storeImage(
      ImageUpload(data: Self.png, declaredType: "image/png"), as: .defaultHousehold)
    #expect(stored.url == stored.id.path)
    #expect(stored.contentType == "image/png")
    #expect(stored.bytes == Self.png.count)
    #expect(try larder.image(stored.id, as: .defaultHousehold).data == Self.png)
    try larder.deleteImage(stored.id, as: .defaultHousehold)
    #expect(throws: ApplicationError.notFound(.image, id: stored.id.rawValue)) {
      try larder.image(stored.id, as: .defaultHousehold)
    }
  }

  @Test func bytesThatAreNotAnImageAreRefused() {
    do {
      _ = try larder.storeImage(
        ImageUpload(data: Data("<svg/>".utf8), declaredType: "image/svg+xml"),
        as: .defaultHousehold)
      Issue.record("an SVG was stored")
    } catch let error as ApplicationError {
      guard case .invalidImage = error else {
        Issue.record("\(error)")
        return
      }
    } catch {
      Issue.record("\(error)")
    }
    #expect(throws: ApplicationError.emptyBody(.image)) {
      try larder.storeImage(
        ImageUpload(data: Data(), declaredType: "image/png"), as: .defaultHousehold)
    }
  }

  @Test func aLarderWithoutImageStorageFindsNone() {
    let bare = Larder(recipes: InMemoryRecipeStore())
    #expect(throws: ApplicationError.nothingMatches("this Larder does not store images")) {
      try bare.image(ImageID(rawValue: "x"), as: .defaultHousehold)
    }
  }
}
