import Foundation
import LarderCore
import LarderImport

/// A photo or scan of a recipe page, as `POST /api/v1/import/photo` and `larder add --photo`
/// give it.
public struct PhotoImportRequest: Sendable, Equatable {
  /// The image's bytes: JPEG, PNG, WebP, GIF or AVIF, at most 10 MiB.
  public var data: Data
  /// The language the page is written in, or nil to read it in every installed language Larder
  /// reads and tell each recipe's language from its words.
  public var language: RecipeLanguage?

  /// Makes a request.
  public init(data: Data, language: RecipeLanguage? = nil) {
    self.data = data
    self.language = language
  }
}

/// The options of a photo import sent as URL query parameters: `?language=de`.
public struct PhotoImportOptions: RequestFields, Equatable {
  /// The page's language, or nil to tell it from the text.
  public var language: RecipeLanguage?

  /// Every field the options have.
  public static let fieldNames = ["language"]

  private enum CodingKeys: String, CodingKey { case language }

  /// Makes options.
  public init(language: RecipeLanguage? = nil) {
    self.language = language
  }

  /// Reads `language` as an ISO 639-1 code ("de") or a language's name ("German").
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    if fields.contains(.language), try !fields.decodeNil(forKey: .language) {
      let code = (try? fields.decode(String.self, forKey: .language)) ?? ""
      guard let language = RecipeLanguage(code: code) else {
        throw ApplicationError.invalidValue(
          fields.field(.language), value: code,
          expected: "one of " + RecipeLanguage.allCases.map(\.rawValue).joined(separator: ", "))
      }
      self.language = language
    }
  }
}

/// The recipes read from a photo: previews to correct before saving, and the text they came
/// from.
public struct PhotoImport: Encodable, Sendable, Equatable {
  /// One preview for each recipe on the page, in the order they were read; nothing is stored.
  public var items: [PastedText]
  /// The text Tesseract read, so a user can see what it made of the page.
  public var text: String
  /// What went wrong for the page as a whole (no text, no recipe); each item has its own.
  public var warnings: [String]

  /// Makes a result.
  public init(items: [PastedText], text: String, warnings: [String]) {
    self.items = items
    self.text = text
    self.warnings = warnings
  }
}

extension Larder {
  /// Reads the recipes on a photo or scan of a page: ``PhotoReader`` (Tesseract after
  /// ImageMagick) reads the text, ``PastedRecipeReader/readAll(_:)`` makes one recipe of each
  /// recipe on it, and each is parsed and matched with the household's foods and given the
  /// language its words read as (or the one asked for). Stores nothing: the front end shows
  /// the previews for the user to correct, and saves what they keep.
  ///
  /// A page whose text holds no recipe (no text at all, or none with a title) is not an
  /// error: the result has no items and a warning saying so, with the text that was read.
  ///
  /// - Throws: ``ApplicationError/forbidden(reason:)`` for a caller who may not change the
  ///   library; ``ApplicationError/invalidImage(reason:)`` for bytes that are not an image
  ///   Larder takes; ``ApplicationError/importFailed(_:)`` when the OCR tools are missing
  ///   (``LarderImportError/ocrUnavailable(reason:)``), time out or cannot read the image.
  public func importPhoto(_ request: PhotoImportRequest, as caller: Caller) throws -> PhotoImport {
    // Only those who may add recipes read photos: it is for adding, and it costs seconds.
    try caller.require(.change)
    let recognized = try Larder.recognizePhoto(request, reader: photoReader)
    let analyzer = RecipeAnalyzer.matchingFoods(in: try household(caller).foods.current)
    return Larder.previews(
      of: recognized.text, language: request.language,
      analyze: { analyzer.analyze($0) })
  }

  /// The text on a photo, read as ``importPhoto(_:as:)`` reads it.
  public static func recognizePhoto(
    _ request: PhotoImportRequest, reader: PhotoReader
  ) throws -> RecognizedText {
    try ApplicationError.translating {
      try reader.read(request.data, languages: request.language.map { [$0] })
    }
  }

  /// The recipes in OCR text, each with its language and analysed by `analyze`.
  static func previews(
    of text: String, language: RecipeLanguage?, analyze: (Recipe) -> Recipe
  ) -> PhotoImport {
    let pasted: [PastedRecipe]
    do {
      pasted = try PastedRecipeReader().readAll(text)
    } catch {
      let reason =
        text.allSatisfy(\.isWhitespace)
        ? "no text was found on the photo; try a sharper, brighter photo taken straight on"
        : "no recipe was found in the text read from the photo: \(ApplicationError(error)?.description ?? "\(error)")"
      return PhotoImport(items: [], text: text, warnings: [reason])
    }
    let items = pasted.map { item -> PastedText in
      var recipe = item.recipe
      recipe.language =
        language ?? LanguageDetector.detect(Self.words(of: recipe)) ?? recipe.language
      return PastedText(recipe: analyze(recipe), warnings: item.warnings, isSaved: false)
    }
    return PhotoImport(items: items, text: text, warnings: [])
  }

  /// A recipe's title, lines and steps as one text, for telling its language.
  private static func words(of recipe: Recipe) -> String {
    ([recipe.name] + recipe.ingredientLines.map(\.text) + recipe.steps.map(\.text)).joined(
      separator: "\n")
  }
}
