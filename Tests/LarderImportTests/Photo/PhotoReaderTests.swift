import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderImport

/// Whether this machine has what the photo tests need; `make test` installs it
/// (scripts/ensure-deps.sh), so these skip only where someone runs `swift test` without it.
enum PhotoTools {
  static let ready = PhotoReader().isAvailable && RecipeCardRenderer().missing == nil
  static let skipped = Comment(
    rawValue: "skipped: photo import needs tesseract-ocr (eng, deu, fra) and imagemagick; run "
      + "scripts/ensure-deps.sh or make test")

  /// A new folder for one test's images, removed by the caller.
  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-cards-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}

/// Recipe cards written here, rendered by ImageMagick in Debian's fonts and read back by
/// ``PhotoReader`` and ``PastedRecipeReader/readAll(_:)``: every title, ingredient line and
/// step must come back, each within a 3% character error rate (edits over the line's length,
/// spaces collapsed), with the exact number of recipes, lines and steps.
@Suite(.enabled(if: PhotoTools.ready, PhotoTools.skipped))
struct PhotoReaderTests {
  /// The most a line may differ from the card, as edits over its length.
  static let maximumLineErrorRate = 0.03

  @Test(arguments: RecipePage.all)
  func readsBackEveryLineOfTheCards(_ page: RecipePage) throws {
    let folder = try PhotoTools.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = try RecipeCardRenderer().render(page, in: folder)
    let read = try PhotoReader().read(try Data(contentsOf: image))
    let recipes = try PastedRecipeReader().readAll(read.text)
    try #require(
      recipes.count == page.cards.count,
      "\(page.name): \(recipes.count) recipes in\n\(read.text)")
    for (card, pasted) in zip(page.cards, recipes) {
      let recipe = pasted.recipe
      #expect(
        recipe.ingredientLines.count == card.ingredients.count,
        "\(page.name): \(recipe.ingredientLines.map(\.text)) from\n\(read.text)")
      #expect(recipe.steps.count == card.steps.count, "\(page.name): \(recipe.steps.map(\.text))")
      let accuracy = CardAccuracy(
        card: card, title: recipe.name, ingredients: recipe.ingredientLines.map(\.text),
        steps: recipe.steps.map(\.text))
      for line in accuracy.lines {
        #expect(
          line.errorRate <= Self.maximumLineErrorRate,
          "\(page.name): '\(line.expected)' was read as '\(line.read)'")
      }
    }
  }

  @Test func readsAGermanCardInGermanAlone() throws {
    let folder = try PhotoTools.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = RecipePage(name: "german", layout: .plain, cards: [.apfelkuchen])
    let image = try RecipeCardRenderer().render(page, in: folder)
    let read = try PhotoReader().read(try Data(contentsOf: image), languages: [.german])
    #expect(read.languages == [.german])
    #expect(read.text.contains("4 Äpfel, geschält"), "\(read.text)")
  }

  @Test func refusesAPhotoWithMorePixelsThanTheLimit() throws {
    let folder = try PhotoTools.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = try RecipeCardRenderer().render(RecipePage.all[0], in: folder)
    #expect {
      try PhotoReader(maximumPixels: 100_000).read(try Data(contentsOf: image))
    } throws: { error in
      guard case .unreadable(_, let reason) = error as? LarderImportError else { return false }
      return reason.contains("at most 0.1 megapixels")
    }
  }

  @Test func refusesAPNGItCannotDecode() {
    let truncated = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 1])
    #expect {
      try PhotoReader().read(truncated)
    } throws: { error in
      guard case .unreadable(let source, _) = error as? LarderImportError else { return false }
      return source == "the photo"
    }
  }

  /// Each read works in a folder of its own inside the reader's work folder (this test's,
  /// so that photo tests running at the same time elsewhere cannot show up here) and removes
  /// it, whether the tools read the image or refuse it.
  @Test func leavesNoFilesBehind() throws {
    let work = try PhotoTools.folder()
    defer { try? FileManager.default.removeItem(at: work) }
    let reader = PhotoReader(workFolder: work)
    _ = try? reader.read(TinyImages.png())
    _ = try? reader.read(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]))
    #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == [])
    // The work folder is the one used: without it, a read cannot make its own.
    let gone = PhotoReader(workFolder: work.appendingPathComponent("missing"))
    #expect(throws: (any Error).self) { try gone.read(TinyImages.png()) }
  }
}

/// What the reader says without its tools or with bytes that are no image; these need no tools.
@Suite struct PhotoReaderRefusalTests {
  @Test func namesThePackageToInstallWhenTesseractIsMissing() {
    let reader = PhotoReader(searchPath: "/nonexistent")
    #expect(!reader.isAvailable)
    #expect {
      try reader.read(TinyImages.png())
    } throws: { error in
      guard case .ocrUnavailable(let reason) = error as? LarderImportError else { return false }
      return reason.hasPrefix("photo import needs tesseract-ocr: install it with 'apt-get install")
    }
  }

  @Test func refusesBytesThatAreNotAnImageBeforeLookingForTools() {
    #expect(throws: LarderCoreError.self) {
      try PhotoReader(searchPath: "/nonexistent").read(Data("Lemon Barley Soup".utf8))
    }
  }

  @Test(arguments: [
    ("eng\ndeu\nosd\n", [RecipeLanguage.english, .german]),
    ("List of available languages (2):\nfra\nita\n", [.french, .italian]),
    ("", []),
  ])
  func readsTheInstalledLanguagesFromTesseractsList(_ output: String, _ expected: [RecipeLanguage])
  {
    #expect(PhotoReader.languages(fromList: output) == expected)
  }
}

/// OCR text put right before it is read as a recipe.
@Suite struct PhotoTextTidyingTests {
  @Test(arguments: [
    ("1. Rinse.\n2. Boil.\n3, Serve.", "1. Rinse.\n2. Boil.\n3. Serve."),
    ("3, 4 eggs", "3, 4 eggs"),
    ("1. Rinse.\n5, Serve.", "1. Rinse.\n5, Serve."),
    ("2 eggs, beaten\n3, Serve.", "2 eggs, beaten\n3, Serve."),
  ])
  func putsRightAStepNumberReadWithACommaOnlyWhenItFollowsTheStepBefore(
    _ read: String, _ tidied: String
  ) {
    #expect(PhotoReader.tidied(read) == tidied)
  }
}
