import Foundation
import LarderApplication
import LarderCore
import LarderHTTP
import LarderServer
import LarderTestSupport
import Testing

/// `POST /api/v1/import`: a file or an app's export as the body, read like `larder import`.
@Suite struct FileImportAPITests {
  static let cook = """
    ---
    title: Tomato Toast
    servings: 2
    ---
    Toast @bread{2%slices}. Rub with @garlic{1%clove} and top with @tomatoes{2}, sliced.
    """

  static func upload(
    _ client: TestClient, _ body: Data, filename: String?
  ) -> HTTPResponse {
    var query: [String: String] = [:]
    query["filename"] = filename
    return client.respond(
      to: HTTPRequest(
        method: "POST", path: "/api/v1/import", query: query,
        headers: ["content-type": "application/octet-stream"], body: body))
  }

  @Test func theUploadLimitIsTheLarderSetting() {
    func limit(_ settings: LarderSettings) -> Int? {
      let larder = Larder(recipes: InMemoryRecipeStore(), settings: settings)
      return LarderApp(larder: larder, caller: Caller(household: .default))
        .fileBodyLimits["/api/v1/import"]
    }
    #expect(limit(LarderSettings()) == 64 << 20)
    #expect(limit(LarderSettings(maximumImportFileBytes: 200_000_000)) == 200_000_000)
  }

  @Test func aCooklangFileIsImportedAndAgainChangesNothing() throws {
    let store = InMemoryRecipeStore()
    let (client, _) = try TestClient.make(store: store)
    let first = Self.upload(client, Data(Self.cook.utf8), filename: "Tomato Toast.cook")
    #expect(first.status == 200, "\(first.text)")
    #expect(first.object["created"] as? Int == 1)
    let files = try #require(first.object["files"] as? [[String: Any]])
    #expect(files.first?["format"] as? String == "Cooklang")
    let items = try #require(files.first?["items"] as? [[String: Any]])
    #expect(items.first?["name"] as? String == "Tomato Toast")
    #expect(try store.recipeCount(household: .default) == 1)

    let again = Self.upload(client, Data(Self.cook.utf8), filename: "Tomato Toast.cook")
    #expect(again.object["unchanged"] as? Int == 1)
    #expect(try store.recipeCount(household: .default) == 1)
  }

  static let paprikaSample = SharedData.url(
    "formats/app-exports/mealie-migrations/paprika.zip")

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: paprikaSample.path),
      "skipped: the app-export samples in ../shared/data/formats are not here"))
  func anExportZipFromTheSamplesImportsEveryRecipe() throws {
    let data = try Data(contentsOf: Self.paprikaSample)
    let (client, _) = try TestClient.make()
    let response = Self.upload(client, data, filename: "paprika.zip")
    #expect(response.status == 200, "\(response.text)")
    #expect(response.object["created"] as? Int == 5)
    #expect(response.object["failed"] as? Int == 0)
  }

  @Test func anUnreadableUploadIsRefusedWithTheReason() throws {
    let (client, _) = try TestClient.make()
    let junk = Self.upload(client, Data([0x50, 0x4B, 0x03, 0x04, 0, 0]), filename: "export.zip")
    #expect(junk.status == 422, "\(junk.text)")
    #expect(junk.errorCode == "import_failed")
    #expect(junk.errorMessage?.hasPrefix("export.zip") == true, "\(junk.text)")

    let empty = Self.upload(client, Data(), filename: "x.cook")
    #expect(empty.status == 400)
  }

  @Test func anUploadNamesTheBytesItNeedsAndRefusesUnknownParameters() throws {
    let (client, _) = try TestClient.make()
    let empty = Self.upload(client, Data(), filename: "x.cook")
    #expect(empty.errorCode == "empty_body")
    #expect(empty.errorMessage == "the request needs the file's bytes")
    let typo = client.respond(
      to: HTTPRequest(
        method: "POST", path: "/api/v1/import", query: ["filname": "x.cook"],
        headers: ["content-type": "application/octet-stream"], body: Data(Self.cook.utf8)))
    #expect(typo.status == 422, "\(typo.text)")
    #expect(typo.errorCode == "invalid_field")
    #expect(typo.errorMessage == "unknown query parameter 'filname'; expected one of filename")
    #expect(try client.app.store.recipeCount(household: .default) == 0)
  }

  @Test func theFileNameIsOnlyAHintNeverAPath() throws {
    let (client, _) = try TestClient.make()
    let response = Self.upload(client, Data(Self.cook.utf8), filename: "../../etc/toast.cook")
    #expect(response.status == 200, "\(response.text)")
    let files = try #require(response.object["files"] as? [[String: Any]])
    #expect(files.first?["path"] as? String == "toast.cook")
  }
}
