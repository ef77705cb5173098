import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderImport

/// Photos inside exports read by ``BulkReader`` and kept by ``BulkImporter``: Paprika's
/// `photo_data`, Recipe Keeper's photo files beside its HTML (in the zip or the folder) and
/// Mela's `images` in a `.melarecipes` zip; a photo that cannot be kept is a warning naming
/// the recipe and the problem, and the recipe is still stored.
@Suite struct EmbeddedImageTests {
  let store = InMemoryRecipeStore()
  let images = InMemoryImageStore()

  /// Reads `data` as a file named `name` and stores every document; the reports in order.
  func importing(_ data: Data, name: String) -> [ImportDocumentReport] {
    var budget = ArchiveBudget(limits: ArchiveLimits())
    var reports: [ImportDocumentReport] = []
    BulkReader().read(data, source: ImportSource(file: name), explicit: true, budget: &budget) {
      reports.append(BulkImporter.store($0, into: store, images: images, now: Fixtures.now))
    }
    return reports
  }

  /// The stored images of the recipe an item became, in the recipe's order.
  func storedImages(_ item: ImportItemReport) throws -> [StoredImage] {
    let id = try #require(item.recipeID)
    let recipe = try #require(try store.recipe(id: id, household: .default))
    return try recipe.images.filter { $0.hasPrefix("/images/") }.map { address in
      try #require(
        try images.image(
          id: ImageID(rawValue: String(address.dropFirst("/images/".count))),
          household: .default))
    }
  }

  static func paprika(_ name: String, photo: Any?) throws -> Data {
    var object: [String: Any] = [
      "uid": "uid-\(name)", "name": name, "ingredients": "1 cup rice", "directions": "Cook.",
      "image_url": "https://example.org/\(name).jpg",
    ]
    object["photo_data"] = photo
    return ZipFixture.gzip(try JSONSerialization.data(withJSONObject: object))
  }

  @Test func paprikaPhotoDataIsStoredBeforeTheImageURL() throws {
    var zip = ZipFixture()
    zip.add(
      "Rice.paprikarecipe",
      data: try Self.paprika("Rice", photo: TinyImages.png().base64EncodedString()))
    zip.add("Soup.paprikarecipe", data: try Self.paprika("Soup", photo: "@@not base64@@"))
    zip.add("Stew.paprikarecipe", data: try Self.paprika("Stew", photo: 42))
    let reports = importing(zip.archive(), name: "export.paprikarecipes")
    let items = reports.flatMap(\.items)
    #expect(items.map(\.status) == [.created, .created, .created])
    #expect(items[0].warnings == [])
    #expect(try storedImages(items[0]).map(\.data) == [TinyImages.png()])
    let riceID = try #require(items[0].recipeID)
    let rice = try #require(try store.recipe(id: riceID, household: .default))
    #expect(rice.images.count == 2)
    #expect(rice.images.last == "https://example.org/Rice.jpg")
    #expect(items[1].warnings == ["photo_data of 'Soup': not valid base64; not imported"])
    #expect(items[2].warnings == ["photo_data of 'Stew': not base64 text; not imported"])
  }

  static let recipeKeeperHTML = """
    <!DOCTYPE html><html><body>
    <div class="recipe-details"><h2 itemprop="name">Banana Bread</h2>
      <div itemprop="recipeIngredients"><p>3 bananas</p></div>
      <img itemprop="photo0" src="images/banana.jpg"><img itemprop="photo1" src="images/a%20b.png">
    </div>
    <div class="recipe-details"><h2 itemprop="name">Flapjacks</h2>
      <div itemprop="recipeIngredients"><p>oats</p></div>
      <img itemprop="photo0" src="images/missing.jpg"><img itemprop="photo1" src="images/notes.jpg">
      <img itemprop="photo2" src="../../etc/passwd">
    </div>
    </body></html>
    """

  @Test func recipeKeeperPhotosAreReadFromTheExportZip() throws {
    var zip = ZipFixture()
    zip.add("RecipeKeeper/recipes.html", Self.recipeKeeperHTML)
    zip.add("RecipeKeeper/images/banana.jpg", data: TinyImages.jpeg())
    zip.add("RecipeKeeper/images/a b.png", data: TinyImages.png())
    zip.add("RecipeKeeper/images/notes.jpg", "shopping list")
    let items = importing(zip.archive(), name: "RecipeKeeper.zip").flatMap(\.items)
    #expect(items.map(\.status) == [.created, .created])
    #expect(items[0].warnings == [])
    #expect(try storedImages(items[0]).map(\.format) == [.jpeg, .png])
    #expect(
      items[1].warnings == [
        "photo0 (images/missing.jpg) of 'Flapjacks': 'images/missing.jpg' is not in the export;"
          + " not imported",
        "photo1 (images/notes.jpg) of 'Flapjacks': the bytes are not a JPEG, PNG, WebP, GIF or"
          + " AVIF image; not imported",
        "photo2 (../../etc/passwd) of 'Flapjacks': '../../etc/passwd' is not a file inside the"
          + " export; not imported",
      ])
    #expect(try storedImages(items[1]) == [])
  }

  @Test func recipeKeeperPhotosAreReadBesideTheHTMLInAFolder() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "larder-recipekeeper-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(Self.recipeKeeperHTML.utf8).write(to: folder.appendingPathComponent("recipes.html"))
    try TinyImages.jpeg().write(to: folder.appendingPathComponent("images/banana.jpg"))
    try TinyImages.png().write(to: folder.appendingPathComponent("images/a b.png"))
    var budget = ArchiveBudget(limits: ArchiveLimits())
    var items: [ImportItemReport] = []
    try BulkReader().readFile(folder.appendingPathComponent("recipes.html").path, budget: &budget) {
      items += BulkImporter.store($0, into: store, images: images, now: Fixtures.now).items
    }
    #expect(try storedImages(items[0]).map(\.format) == [.jpeg, .png])
    #expect(
      items[1].warnings.first?.contains("'images/missing.jpg' is not beside the document") == true)
  }

  @Test func recipeKeeperHTMLAloneSaysThePhotosDidNotComeWithIt() throws {
    let items = importing(Data(Self.recipeKeeperHTML.utf8), name: "recipes.html").flatMap(\.items)
    #expect(items.map(\.status) == [.created, .created])
    #expect(
      items[0].warnings.first
        == "photo0 (images/banana.jpg) of 'Banana Bread': 'images/banana.jpg' did not come with"
        + " the document (import the whole export); not imported")
  }

  @Test func melaPhotosInAMelarecipesZipAreStored() throws {
    let recipe = try JSONSerialization.data(withJSONObject: [
      "id": "m1", "title": "Dal", "ingredients": "1 cup lentils",
      "images": [
        TinyImages.png(gray: 1).base64EncodedString(),
        TinyImages.png(gray: 2).base64EncodedString(),
      ],
    ])
    var zip = ZipFixture()
    zip.add("Dal.melarecipe", data: recipe)
    let items = importing(zip.archive(), name: "export.melarecipes").flatMap(\.items)
    #expect(items.map(\.status) == [.created])
    #expect(
      try storedImages(items[0]).map(\.data) == [TinyImages.png(gray: 1), TinyImages.png(gray: 2)])
  }

  @Test(arguments: [
    ("images/soup.jpg", "images/soup.jpg"), ("./images/a%20b.png", "images/a b.png"),
    ("images/../cover.jpg", "cover.jpg"), ("photo.jpg?v=2", "photo.jpg"),
  ])
  func aPhotoLinkIsReadAsAPathInsideTheExport(_ link: String, _ path: String) {
    #expect(PhotoFiles.relativePath(link) == path)
  }

  @Test(arguments: ["/etc/passwd", "../secret.jpg", "file:///etc/passwd", "C:\\photo.jpg", ".."])
  func aPhotoLinkOutsideTheExportIsRefused(_ link: String) {
    #expect(PhotoFiles.relativePath(link) == nil)
  }
}
