import Foundation
import LarderCore
import LarderImport
import LarderTestSupport
import Testing

@testable import LarderApplication

/// The recipes on a photo: previews only, each with its language, and plain warnings when the
/// text holds no recipe. The OCR itself is the adapter's (PhotoReaderTests); these read its text.
@Suite struct PhotoImportTests {
  static let page = """
    Carrot Soup
    Serves 4

    Ingredients
    500 g carrots
    1 onion

    Method
    1. Chop everything.
    2. Simmer for 20 minutes.

    Kartoffelsalat

    Zutaten
    1 kg Kartoffeln
    1 Zwiebel

    Zubereitung
    1. Die Kartoffeln kochen und schälen.
    2. Mit der Zwiebel mischen.
    """

  static func previews(_ text: String, language: RecipeLanguage? = nil) -> PhotoImport {
    let analyzer = RecipeAnalyzer(matchFood: { FoodCatalog.bundled.match($0)?.foodID })
    return Larder.previews(of: text, language: language, analyze: { analyzer.analyze($0) })
  }

  @Test func eachRecipeOnThePageIsAPreviewInItsOwnLanguage() {
    let read = Self.previews(Self.page)
    #expect(read.items.map(\.recipe.name) == ["Carrot Soup", "Kartoffelsalat"])
    #expect(read.items.map(\.recipe.language) == [.english, .german])
    #expect(read.items.allSatisfy { !$0.isSaved })
    #expect(read.items[0].recipe.ingredientLines.first?.facts?.foodID == "carrot")
    #expect(read.text == Self.page)
    #expect(read.warnings.isEmpty)
  }

  @Test func theLanguageAskedForIsEveryRecipes() {
    let read = Self.previews(Self.page, language: .german)
    #expect(read.items.map(\.recipe.language) == [.german, .german])
  }

  @Test func aPhotoWithNoTextSaysSoWithoutFailing() {
    let read = Self.previews(" \n\u{0C}")
    #expect(read.items.isEmpty)
    #expect(read.warnings.first?.hasPrefix("no text was found on the photo") == true)
  }

  @Test func textWithNoTitleSaysNoRecipeWasFound() {
    let read = Self.previews("2 cups flour\n1 egg\n")
    #expect(read.items.isEmpty)
    #expect(read.warnings.first?.hasPrefix("no recipe was found in the text") == true, "\(read)")
  }

  @Test func aViewerMayNotReadPhotos() {
    let larder = Larder(recipes: InMemoryRecipeStore(), clock: { Fixtures.now })
    let viewer = Caller(household: .default, user: nil, role: .viewer, credential: .local)
    #expect {
      try larder.importPhoto(PhotoImportRequest(data: TinyImages.png()), as: viewer)
    } throws: { error in
      guard case .forbidden = error as? ApplicationError else { return false }
      return true
    }
  }

  @Test func bytesThatAreNotAnImageAreAnInvalidImage() {
    let larder = Larder(recipes: InMemoryRecipeStore(), clock: { Fixtures.now })
    #expect {
      try larder.importPhoto(
        PhotoImportRequest(data: Data("not an image".utf8)), as: .defaultHousehold)
    } throws: { error in
      guard case .invalidImage = error as? ApplicationError else { return false }
      return true
    }
  }

  @Test func missingToolsAreAnImportFailureNamingThePackage() {
    let larder = Larder(
      recipes: InMemoryRecipeStore(), photoReader: PhotoReader(searchPath: "/nonexistent"),
      clock: { Fixtures.now })
    #expect {
      try larder.importPhoto(PhotoImportRequest(data: TinyImages.png()), as: .defaultHousehold)
    } throws: { error in
      guard case .importFailed(.ocrUnavailable(let reason)) = error as? ApplicationError else {
        return false
      }
      return reason.contains("tesseract-ocr")
    }
  }
}
