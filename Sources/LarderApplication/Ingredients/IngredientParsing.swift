import Foundation
import LarderCore

/// Ingredient lines to read, for live feedback while a recipe is typed:
/// `POST /api/v1/ingredients/parse` with `{"lines": [...]}` (or one text of lines).
public struct IngredientParseRequest: RequestFields, Equatable {
  /// The lines, at most ``maximumLines``; each is cut to ``maximumLineLength`` characters.
  public var lines: [String]

  /// How many lines one request may hold.
  public static let maximumLines = 200
  /// How much of each line is read.
  public static let maximumLineLength = 500
  /// The fields, as the API names them.
  public static let fieldNames = ["lines"]

  enum CodingKeys: String, CodingKey {
    case lines
  }

  /// Makes a request; the number of lines is checked by ``validate()``.
  public init(lines: [String]) {
    self.lines = lines
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

/// Each line read, in order.
public struct IngredientReadings: Sendable, Equatable, Encodable {
  /// One reading per line.
  public var items: [IngredientReading]
}

extension Larder {
  /// Reads each line: the parser's result and the food its name matches in the caller's
  /// household's catalog as it is now (its own foods included).
  public func parseIngredients(
    _ request: IngredientParseRequest, as caller: Caller
  ) throws -> IngredientReadings {
    try request.validate()
    var reader = IngredientReader(catalog: try household(caller).foods.current)
    return IngredientReadings(
      items: request.lines.map {
        reader.read(String($0.prefix(IngredientParseRequest.maximumLineLength)))
      })
  }
}
