import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// The image store implementations that must behave alike. PostgreSQL is among them when a
/// server is there to test against (``TestPostgres``).
enum ImageStoreKind: String, CaseIterable, CustomStringConvertible, Sendable {
  case sqlite
  case memory
  case postgres

  /// Every kind that can be tested here: PostgreSQL only with a server.
  static var allCases: [ImageStoreKind] {
    TestPostgres.url == nil ? [.sqlite, .memory] : [.sqlite, .memory, .postgres]
  }

  var description: String { rawValue }

  /// A fresh, empty store of this kind.
  func makeStore() throws -> any ImageStore {
    switch self {
    case .sqlite:
      return try SQLiteRecipeStore.open(path: TemporaryFolder.make().appending("larder.sqlite"))
        .imageStore
    case .memory: return InMemoryImageStore()
    case .postgres: return try TestPostgres.makeStore().imageStore
    }
  }
}

/// Small but real image headers, one per supported format.
enum ImageBytes {
  static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]) + pad
  static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + Data("JFIF".utf8) + pad
  static let gif = Data("GIF89a".utf8) + pad
  static let webp = Data("RIFF".utf8) + Data([0x24, 0, 0, 0]) + Data("WEBPVP8 ".utf8) + pad
  static let avif =
    Data([0, 0, 0, 0x1C]) + Data("ftypavif".utf8) + Data([0, 0, 0, 0])
    + Data("avifmif1miaf".utf8) + pad
  static let avifAsCompatibleBrand =
    Data([0, 0, 0, 0x18]) + Data("ftypmif1".utf8) + Data([0, 0, 0, 0]) + Data("avifmiaf".utf8)
    + pad
  static let heic = Data([0, 0, 0, 0x18]) + Data("ftypheic".utf8) + Data([0, 0, 0, 0]) + pad
  static let svg = Data(#"<?xml version="1.0"?><svg onload="alert(1)"></svg>"#.utf8)
  static let pad = Data(repeating: 0x42, count: 32)
}

/// The behaviour every ImageStore must have, and the checks that guard what enters one.
@Suite struct ImageStoreContractTests {
  let household = HouseholdID.default

  @Test(arguments: ImageStoreKind.allCases)
  func storedImageReadsBackByteForByte(kind: ImageStoreKind) throws {
    let store = try kind.makeStore()
    let id = try store.putImage(
      ImageBytes.png, declaredType: "image/png", household: household, now: Fixtures.now)
    let image = try #require(try store.image(id: id, household: household))
    #expect(image.id == id)
    #expect(image.data == ImageBytes.png)
    #expect(image.format == .png)
    #expect(image.createdAt == Fixtures.now)
  }

  @Test(arguments: ImageStoreKind.allCases)
  func everyByteValueReadsBack(kind: ImageStoreKind) throws {
    let store = try kind.makeStore()
    let bytes = ImageBytes.png + Data((0...255).map { UInt8($0) } + (0...255).reversed())
    let id = try store.putImage(bytes, format: .png, household: household, now: Fixtures.now)
    #expect(try store.image(id: id, household: household)?.data == bytes)
  }

  @Test(arguments: ImageStoreKind.allCases)
  func identicalBytesGetTheSameIDAndDifferentBytesAnother(kind: ImageStoreKind) throws {
    let store = try kind.makeStore()
    let first = try store.putImage(ImageBytes.jpeg, format: .jpeg, household: household, now: .now)
    let again = try store.putImage(ImageBytes.jpeg, format: .jpeg, household: household, now: .now)
    let other = try store.putImage(ImageBytes.gif, format: .gif, household: household, now: .now)
    #expect(first == again)
    #expect(first != other)
  }

  @Test(arguments: ImageStoreKind.allCases)
  func unknownImageIsNilAndDeletingItIsAnError(kind: ImageStoreKind) throws {
    let store = try kind.makeStore()
    let missing = ImageID(rawValue: "00000000-0000-0000-0000-000000000000")
    #expect(try store.image(id: missing, household: household) == nil)
    #expect(throws: LarderCoreError.imageNotFound(missing)) {
      try store.deleteImage(id: missing, household: household)
    }
  }

  @Test(arguments: ImageStoreKind.allCases)
  func deletedImageIsGone(kind: ImageStoreKind) throws {
    let store = try kind.makeStore()
    let id = try store.putImage(ImageBytes.webp, format: .webp, household: household, now: .now)
    try store.deleteImage(id: id, household: household)
    #expect(try store.image(id: id, household: household) == nil)
  }

  @Test(arguments: ImageStoreKind.allCases)
  func imagesBelongToTheirHousehold(kind: ImageStoreKind) throws {
    let store = try kind.makeStore()
    let id = try store.putImage(ImageBytes.gif, format: .gif, household: household, now: .now)
    #expect(try store.image(id: id, household: HouseholdID(rawValue: "other")) == nil)
  }

  @Test(arguments: ImageStoreKind.allCases)
  func svgAndNonImagesAreRefusedAndNothingIsStored(kind: ImageStoreKind) throws {
    let store = try kind.makeStore()
    for (bytes, type) in [
      (ImageBytes.svg, "image/svg+xml"), (ImageBytes.svg, "image/png"),
      (Data("<html>".utf8), "image/jpeg"), (ImageBytes.heic, "image/heic"),
    ] {
      #expect(throws: LarderCoreError.self) {
        try store.putImage(bytes, declaredType: type, household: household, now: .now)
      }
    }
    // Nothing was stored: storing a real image now is the first and only one.
    let id = try store.putImage(ImageBytes.png, format: .png, household: household, now: .now)
    #expect(try store.image(id: id, household: household) != nil)
  }

  @Test(arguments: [
    (ImageBytes.png, ImageFormat.png), (ImageBytes.jpeg, .jpeg), (ImageBytes.gif, .gif),
    (ImageBytes.webp, .webp), (ImageBytes.avif, .avif), (ImageBytes.avifAsCompatibleBrand, .avif),
  ])
  func formatsAreRecognisedByTheirBytes(bytes: Data, format: ImageFormat) throws {
    #expect(ImageFormat.detect(bytes) == format)
    // The bytes decide, whatever the client claimed.
    #expect(try ImageFormat.validate(bytes, declaredType: "image/jpeg") == format)
  }

  @Test func refusalsSayWhy() {
    func reason(_ data: Data, _ type: String?) -> String {
      do {
        _ = try ImageFormat.validate(data, declaredType: type)
        return "accepted"
      } catch {
        return "\(error)"
      }
    }
    #expect(reason(ImageBytes.svg, nil).contains("SVG images are refused"))
    #expect(reason(ImageBytes.png, "image/svg+xml").contains("SVG images are refused"))
    #expect(reason(ImageBytes.png, "text/html").contains("'text/html' is not an image type"))
    #expect(reason(Data(), "image/png").contains("empty"))
    #expect(reason(ImageBytes.heic, nil).contains("not a JPEG, PNG, WebP, GIF or AVIF"))
    let huge = ImageBytes.png + Data(count: ImageFormat.maximumBytes)
    #expect(reason(huge, "image/png").contains("the limit is 10 MiB"))
  }
}
