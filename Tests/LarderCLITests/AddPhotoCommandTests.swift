import Foundation
import LarderImport
import LarderTestSupport
import Testing

/// `larder add --photo IMAGE`: the recipes on a photo of a page, as previews or added.
@Suite struct AddPhotoCommandTests {
  static let toolsReady = PhotoReader().isAvailable && RecipeCardRenderer().missing == nil
  static let page = RecipePage(name: "page", layout: .plain, cards: [.tomatoSalad, .barleySoup])

  @Test(
    .enabled(
      if: toolsReady, "skipped: needs tesseract-ocr and imagemagick (scripts/ensure-deps.sh)"))
  func aDryRunPrintsOnePreviewPerRecipeAndAddsNothing() throws {
    let sandbox = try Sandbox()
    let image = try RecipeCardRenderer().render(Self.page, in: sandbox.root)
    let run = try sandbox.larder("add", "--photo", image.path, "--dry-run", "--json")
    #expect(run.status == 0, "\(run)")
    let printed = try #require(try run.json() as? [String: Any])
    let items = try #require(printed["items"] as? [[String: Any]])
    let names = items.compactMap { ($0["recipe"] as? [String: Any])?["name"] as? String }
    #expect(names == ["Tomato and Bread Salad", "Lemon Barley Soup"])
    #expect((printed["text"] as? String)?.isEmpty == false)
    let listed = try sandbox.larder("recipes")
    #expect(listed.status == 0, "\(listed)")
    #expect(!listed.stdout.contains("Tomato and Bread Salad"), "\(listed)")
  }

  @Test(
    .enabled(
      if: toolsReady, "skipped: needs tesseract-ocr and imagemagick (scripts/ensure-deps.sh)"))
  func withoutADryRunEachRecipeIsAdded() throws {
    let sandbox = try Sandbox()
    let image = try RecipeCardRenderer().render(Self.page, in: sandbox.root)
    let run = try sandbox.larder("add", "--photo", image.path)
    #expect(run.status == 0, "\(run)")
    let added = run.stdoutLines.filter { $0.hasPrefix("Added ") }
    #expect(added.count == 2, "\(run)")
    #expect(added.first?.hasPrefix("Added Tomato and Bread Salad as ") == true)
    #expect(run.stdoutLines.contains("Ingredients: 6"), "\(run)")
    let search = try sandbox.larder("search", "barley", "--json")
    #expect(search.stdout.contains("Lemon Barley Soup"), "\(search)")
  }

  @Test func withoutTesseractItSaysWhatToInstall() throws {
    let sandbox = try Sandbox()
    let image = try sandbox.write("", to: "empty.png")
    try TinyImages.png().write(to: URL(fileURLWithPath: image))
    let run = try sandbox.larder(
      "add", "--photo", image, "--dry-run", environment: ["PATH": "/nonexistent"])
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("photo import needs tesseract-ocr: install it with"), "\(run)")
  }

  @Test func aFileThatIsNotAnImageIsNamed() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write("Lemon Barley Soup", to: "soup.png")
    let run = try sandbox.larder("add", "--photo", file, "--dry-run")
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("soup.png: not a usable image"), "\(run)")
  }

  @Test func aLanguageLarderDoesNotReadIsAUsageError() throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder("add", "--photo", "x.png", "--language", "xx")
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("--language"), "\(run)")
  }
}
