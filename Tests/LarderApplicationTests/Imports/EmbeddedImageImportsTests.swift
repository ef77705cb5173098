import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// Photos inside imported files (Gourmet's `<image>`, Mela's `images`), imported the way
/// `larder import` and `POST /api/v1/import` do it: kept in the image store as an upload is,
/// first in the recipe's images, and a bad photo a warning that leaves the recipe imported.
@Suite struct EmbeddedImageImportsTests {
  let store = InMemoryRecipeStore()
  let images = InMemoryImageStore()
  var larder: Larder { Larder(recipes: store, images: images, clock: { Fixtures.now }) }

  static func gourmet(image: String) -> Data {
    Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <gourmetDoc>
        <recipe id="1"><title>Rice</title>
          <ingredient-list><ingredient><amount>1</amount><unit>cup</unit><item>rice</item>
          </ingredient></ingredient-list><instructions>Cook it.</instructions>
          <image format="png">\(image)</image></recipe>
      </gourmetDoc>
      """.utf8)
  }

  static func mela(images: [String]) throws -> Data {
    try JSONSerialization.data(withJSONObject: [
      "id": "m1", "title": "Dal", "ingredients": "1 cup lentils", "instructions": "Simmer.",
      "link": "https://example.org/dal", "images": images,
    ])
  }

  func importBytes(_ data: Data, name: String, into larder: Larder? = nil) throws -> ImportReport {
    try (larder ?? self.larder).importFiles(
      FileImportRequest(inputs: [.bytes(data, name: name)]), as: .defaultHousehold)
  }

  func storedRecipe(_ report: ImportReport) throws -> Recipe {
    let id = try #require(report.files.first?.items.first?.id)
    return try #require(try store.recipe(id: id, household: .default))
  }

  @Test func aGourmetImageIsStoredAndComesFirst() throws {
    let png = TinyImages.png()
    let report = try importBytes(
      Self.gourmet(image: png.base64EncodedString(options: .lineLength64Characters)),
      name: "export.grmt")
    #expect(report.created == 1)
    #expect(report.files[0].items[0].warnings == [])
    let recipe = try storedRecipe(report)
    let address = try #require(recipe.images.first)
    #expect(address.hasPrefix("/images/"))
    let id = ImageID(rawValue: String(address.dropFirst("/images/".count)))
    let stored = try #require(try images.image(id: id, household: .default))
    #expect(stored.data == png)
    #expect(stored.format == .png)
  }

  @Test func importingAgainStoresTheSameImageOnceAndChangesNothing() throws {
    let document = Self.gourmet(image: TinyImages.png().base64EncodedString())
    let first = try importBytes(document, name: "export.grmt")
    let again = try importBytes(document, name: "export.grmt")
    #expect(again.unchanged == 1)
    #expect(try storedRecipe(again).images == storedRecipe(first).images)
  }

  @Test func aGourmetImageThatIsNotBase64IsAWarningAndTheRecipeIsImported() throws {
    let report = try importBytes(Self.gourmet(image: "not*base64!"), name: "export.grmt")
    #expect(report.created == 1)
    #expect(
      report.files[0].items[0].warnings == ["<image> of 'Rice': not valid base64; not imported"])
    #expect(try storedRecipe(report).images == [])
  }

  @Test func aBadImageOnReimportKeepsTheStoredOne() throws {
    let first = try importBytes(
      Self.gourmet(image: TinyImages.png().base64EncodedString()), name: "export.grmt")
    let kept = try storedRecipe(first).images
    let again = try importBytes(
      Self.gourmet(image: Data("plain text".utf8).base64EncodedString()), name: "export.grmt")
    #expect(again.failed == 0)
    let warnings = again.files[0].items[0].warnings
    #expect(
      warnings.contains(
        "<image> of 'Rice': the bytes are not a JPEG, PNG, WebP, GIF or AVIF image; not imported"),
      "\(warnings)")
    #expect(try storedRecipe(again).images == kept)
  }

  @Test func melaImagesAreStoredInOrderAndABadOneIsNamed() throws {
    let jpeg = TinyImages.jpeg()
    let png = TinyImages.png()
    let report = try importBytes(
      try Self.mela(images: [
        jpeg.base64EncodedString(), "%%%", Data("<svg onload=x>".utf8).base64EncodedString(),
        png.base64EncodedString(),
      ]), name: "Dal.melarecipe")
    #expect(report.created == 1)
    #expect(
      report.files[0].items[0].warnings == [
        "images[2] of 'Dal': not valid base64; not imported",
        "images[3] of 'Dal': SVG images are refused because they can carry scripts; not imported",
      ])
    let recipe = try storedRecipe(report)
    #expect(recipe.images.count == 2)
    let stored = try recipe.images.map { address in
      try #require(
        try images.image(
          id: ImageID(rawValue: String(address.dropFirst("/images/".count))),
          household: .default))
    }
    #expect(stored.map(\.format) == [.jpeg, .png])
  }

  @Test func aMelaImageOverTheLimitIsRefusedByItsSize() throws {
    var large = TinyImages.png()
    large.append(Data(count: ImageFormat.maximumBytes))
    let report = try importBytes(
      try Self.mela(images: [large.base64EncodedString()]), name: "Dal.melarecipe")
    #expect(report.created == 1)
    let warning = try #require(report.files[0].items[0].warnings.first)
    #expect(warning.hasPrefix("images[1] of 'Dal': about "), "\(warning)")
    #expect(warning.hasSuffix("; the limit is 10 MiB; not imported"), "\(warning)")
    #expect(try storedRecipe(report).images == [])
  }

  @Test func withoutAnImageStoreThePhotoIsAWarning() throws {
    let bare = Larder(recipes: store, clock: { Fixtures.now })
    let report = try importBytes(
      Self.gourmet(image: TinyImages.png().base64EncodedString()), name: "export.grmt",
      into: bare)
    #expect(report.created == 1)
    #expect(
      report.files[0].items[0].warnings == [
        "<image> of 'Rice': this Larder keeps no images; not imported"
      ])
  }

  @Test func anUploadedExportKeepsItsPhotos() throws {
    let report = try larder.importUpload(
      UploadImportRequest(
        data: try Self.mela(images: [TinyImages.png().base64EncodedString()]),
        filename: "Dal.melarecipe"), as: .defaultHousehold)
    #expect(try storedRecipe(report).images.first?.hasPrefix("/images/") == true)
  }
}
