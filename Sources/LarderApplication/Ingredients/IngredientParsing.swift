import Foundation
import LarderCore

/// Ingredient lines to read, for live feedback while a recipe is typed:
/// `POST /api/v1/ingredients/parse` with `{"lines": [...]}` (or one text of lines), and the
/// lines' `language` ("de", "fr"...) when the writer knows it.
public struct IngredientParseRequest: RequestFields, Equatable {
  /// The lines, at most ``maximumLines``; each is cut to ``maximumLineLength`` characters.
  public var lines: [String]
  /// The language the lines are written in, or nil to tell it from them.
  public var language: RecipeLanguage?

  /// How many lines one request may hold.
  public static let maximumLines = 200
  /// How much of each line is read.
  public static let maximumLineLength = 500
  /// The fields, as the API names them.
  public static let fieldNames = ["lines", "language"]

  enum CodingKeys: String, CodingKey {
    case lines, language
  }

  /// Makes a request; the number of lines is checked by ``validate()``.
  public init(lines: [String], language: RecipeLanguage? = nil) {
    self.lines = lines
    self.language = language
  }

  /// Reads `lines` as a list of texts or as one text of lines.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    guard fields.contains(.lines), try !fields.decodeNil(forKey: .lines) else {
      throw ApplicationError.missingValue(fields.field(.lines))
    }
    if let list = try? fields.decode([String].self, forKey: .lines) {
      lines = list
    } else if let text = try? fields.decode(String.self, forKey: .lines) {
      lines = text.components(separatedBy: .newlines)
    } else {
      throw ApplicationError.invalidValue(
        fields.field(.lines), value: "", expected: "a list of ingredient lines")
    }
    if fields.contains(.language), try !fields.decodeNil(forKey: .language) {
      let code = (try? fields.decode(String.self, forKey: .language)) ?? ""
      guard let language = RecipeLanguage(code: code) else {
        throw ApplicationError.invalidValue(
          fields.field(.language), value: code,
          expected: "one of "
            + RecipeLanguage.allCases.map(\.rawValue).joined(separator: ", "))
      }
      self.language = language
    }
  }

  /// Checks the number of lines.
  public func validate() throws {
    guard lines.count <= Self.maximumLines else {
      throw ApplicationError.refusedValue(
        Field(CodingKeys.lines.rawValue), value: "",
        reason: "at most \(Self.maximumLines) lines at a time")
    }
  }
}

/// Each line read, in order, and the language they were read in.
public struct IngredientReadings: Sendable, Equatable, Encodable {
  /// One reading per line.
  public var items: [IngredientReading]
  /// The language the lines were read in: the request's, or the one they read as.
  public var language: RecipeLanguage = .english
}

extension Larder {
  /// Reads each line: the parser's result and the food its name matches in the caller's
  /// household's catalog as it is now (its own foods included).
  public func parseIngredients(
    _ request: IngredientParseRequest, as caller: Caller
  ) throws -> IngredientReadings {
    try request.validate()
    let lines = request.lines.map { String($0.prefix(IngredientParseRequest.maximumLineLength)) }
    let language =
      request.language ?? LanguageDetector.detect(lines.joined(separator: "\n")) ?? .english
    var reader = IngredientReader(
      catalog: try household(caller).foods.current, language: language)
    return IngredientReadings(items: lines.map { reader.read($0) }, language: language)
  }
}
