import Foundation
import LarderCore
import LarderHTTP
import LarderImport
import LarderTestSupport
import Testing

@testable import LarderServer

/// `POST /api/v1/import/photo`, called in-process with recipe cards rendered by ImageMagick.
@Suite struct PhotoImportAPITests {
  static let toolsReady = PhotoReader().isAvailable && RecipeCardRenderer().missing == nil

  /// The PNG of a page, rendered into a folder removed afterwards.
  static func image(of page: RecipePage) throws -> Data {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-api-cards-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try Data(contentsOf: try RecipeCardRenderer().render(page, in: folder))
  }

  static func post(
    _ client: TestClient, _ body: Data, query: [String: String] = [:],
    type: String = "image/png"
  ) -> HTTPResponse {
    client.respond(
      to: HTTPRequest(
        method: "POST", path: "/api/v1/import/photo", query: query,
        headers: ["content-type": type], body: body))
  }

  @Test(
    .enabled(
      if: toolsReady, "skipped: needs tesseract-ocr and imagemagick (scripts/ensure-deps.sh)"))
  func aPageWithTwoRecipesAnswersTwoPreviewsAndStoresNothing() throws {
    let memory = InMemoryRecipeStore()
    let (client, _) = try TestClient.make(store: memory)
    let page = RecipePage(
      name: "two", layout: .plain, cards: [.tomatoSalad, .oatBiscuits])
    let response = Self.post(client, try Self.image(of: page))
    #expect(response.status == 200, "\(response.text)")
    let items = try #require(response.object["items"] as? [[String: Any]])
    let recipes = items.compactMap { $0["recipe"] as? [String: Any] }
    #expect(
      recipes.map { $0["name"] as? String } == ["Tomato and Bread Salad", "Honey Oat Biscuits"])
    #expect(recipes.allSatisfy { $0["id"] == nil && $0["language"] as? String == "en" })
    let sections = try #require(recipes.last?["ingredientSections"] as? [[String: Any]])
    let lines = try #require(sections.first?["lines"] as? [[String: Any]])
    #expect(lines.count == 8)
    // Parsed and matched, as a preview of pasted text is.
    #expect((lines.first?["facts"] as? [String: Any])?["unit"] as? String == "g")
    #expect((response.object["text"] as? String)?.contains("Honey Oat Biscuits") == true)
    #expect(response.object["warnings"] as? [String] == [])
    #expect(try memory.recipeCount(household: .default) == 0)
  }

  @Test(
    .enabled(
      if: toolsReady, "skipped: needs tesseract-ocr and imagemagick (scripts/ensure-deps.sh)"))
  func aGermanCardIsReadAsGerman() throws {
    let (client, _) = try TestClient.make()
    let page = RecipePage(name: "de", layout: .plain, cards: [.apfelkuchen])
    let response = Self.post(client, try Self.image(of: page))
    #expect(response.status == 200, "\(response.text)")
    let items = try #require(response.object["items"] as? [[String: Any]])
    let recipe = try #require(items.first?["recipe"] as? [String: Any])
    #expect(recipe["name"] as? String == "Einfacher Apfelkuchen")
    #expect(recipe["language"] as? String == "de")
  }

  @Test func bytesThatAreNotAnImageAre422() throws {
    let (client, _) = try TestClient.make()
    let response = Self.post(client, Data("Lemon Barley Soup".utf8))
    #expect(response.status == 422)
    #expect(response.errorCode == "invalid_image", "\(response.text)")
  }

  @Test func anEmptyBodyIs422() throws {
    let (client, _) = try TestClient.make()
    let response = Self.post(client, Data())
    #expect(response.status == 422)
    #expect(response.text.contains("the image is empty"), "\(response.text)")
  }

  @Test(arguments: [["language": "xx"], ["lang": "de"]])
  func aLanguageLarderDoesNotReadOrAnUnknownParameterIs422(_ query: [String: String]) throws {
    let (client, _) = try TestClient.make()
    let response = Self.post(client, TinyImages.png(), query: query)
    #expect(response.status == 422)
    #expect(response.errorCode == "invalid_field", "\(response.text)")
  }

  @Test func aFormBodyIsRefusedBeforeReading() throws {
    let (client, _) = try TestClient.make()
    let response = Self.post(client, TinyImages.png(), type: "multipart/form-data; boundary=x")
    #expect(response.status == 415, "\(response.text)")
  }
}
