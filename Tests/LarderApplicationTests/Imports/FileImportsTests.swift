import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// Files, folders and uploads imported with one report for every document and item.
@Suite struct FileImportsTests {
  static let jsonLD = Data(
    #"""
    [{"@context": "https://schema.org", "@type": "Recipe", "name": "Toast",
      "recipeIngredient": ["1 slice bread"], "recipeInstructions": "Toast it."},
     {"@context": "https://schema.org", "@type": "Recipe",
      "recipeIngredient": ["nothing"]}]
    """#.utf8)

  let store = InMemoryRecipeStore()
  var larder: Larder { Larder(recipes: store, clock: { Fixtures.now }) }

  /// A fresh folder under the temporary directory.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "larder-import-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func bytesAreReadAndEveryItemReported() throws {
    let report = try larder.importFiles(
      FileImportRequest(inputs: [.bytes(Self.jsonLD, name: "recipes.json")]),
      as: .defaultHousehold)
    #expect(report.created == 1)
    #expect(report.failed == 1)
    #expect(report.skipped == 0)
    let file = try #require(report.files.first)
    #expect(file.path == "recipes.json")
    #expect(file.items.map(\.index) == [1, 2])
    #expect(file.items.map(\.status) == [.created, .failed])
    #expect(file.items[0].source == "recipes.json › item 1")
    #expect(file.items[1].error != nil)
    #expect(try store.recipeCount(household: .default) == 1)
  }

  @Test func importingAgainChangesNothing() throws {
    let request = FileImportRequest(inputs: [.bytes(Self.jsonLD, name: "recipes.json")])
    _ = try larder.importFiles(request, as: .defaultHousehold)
    let again = try larder.importFiles(request, as: .defaultHousehold)
    #expect(again.created == 0)
    #expect(again.unchanged == 1)
  }

  @Test func filesInAFolderAreReadWithProgress() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.jsonLD.write(to: folder.appendingPathComponent("a.json"))
    try Data("not a recipe".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    var steps: [ImportProgress] = []
    let report = try larder.importFiles(
      FileImportRequest(inputs: [.path(folder.path)]), progress: { steps.append($0) },
      as: .defaultHousehold)
    #expect(report.created == 1)
    #expect(steps.map(\.fileCount).allSatisfy { $0 == steps.count })
    #expect(steps.map(\.fileName).contains("a.json"))
  }

  @Test func aFolderWithoutRecipesFails() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("nothing".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    let report = try larder.importFiles(
      FileImportRequest(inputs: [.path(folder.path)]), as: .defaultHousehold)
    #expect(report.files.last?.error == "no recipe files in this folder")
    #expect(report.failed == 1)
  }

  @Test func aMissingPathAndUnreadableInputAreReportedNotThrown() throws {
    let report = try larder.importFiles(
      FileImportRequest(inputs: [
        .path("/no/such/place.json"), .unreadable(name: "standard input", reason: "too big"),
      ]), as: .defaultHousehold)
    #expect(report.failed == 2)
    #expect(report.files.map(\.path) == ["/no/such/place.json", "standard input"])
    #expect(report.files.last?.error == "too big")
  }

  @Test func theReportKeepsItsJSONShape() throws {
    let report = try larder.importFiles(
      FileImportRequest(inputs: [.bytes(Self.jsonLD, name: "recipes.json")]),
      as: .defaultHousehold)
    let object = try #require(
      try JSONSerialization.jsonObject(with: LarderJSON.encode(report)) as? [String: Any])
    #expect(
      Set(object.keys) == ["created", "updated", "unchanged", "failed", "skipped", "files"])
    let file = try #require((object["files"] as? [[String: Any]])?.first)
    #expect(file["format"] as? String == "schema.org")
    let item = try #require((file["items"] as? [[String: Any]])?.first)
    #expect(item["status"] as? String == "created")
    #expect(item["id"] is String)
    #expect(item["index"] as? Int == 1)
  }

  @Test func anUploadThatStoresNothingIsRefusedNamingTheFirstFailure() throws {
    #expect(throws: ApplicationError.emptyBody(.file)) {
      try larder.importUpload(UploadImportRequest(data: Data()), as: .defaultHousehold)
    }
    do {
      _ = try larder.importUpload(
        UploadImportRequest(data: Data("junk".utf8), filename: "../../etc/x.json"),
        as: .defaultHousehold)
      Issue.record("junk was imported")
    } catch ApplicationError.nothingImported(let reason) {
      // Only the last path component of the name counts.
      #expect(reason.hasPrefix("x.json"), "\(reason)")
    }
    let report = try larder.importUpload(
      UploadImportRequest(data: Self.jsonLD, filename: "r.json"), as: .defaultHousehold)
    #expect(report.created == 1)
  }
}
