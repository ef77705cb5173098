import Foundation

extension Recipe: Codable {
  /// Every field a recipe's JSON may have: those it is written with, and the `ingredients`
  /// and `steps` shorthand read on input. Anything else is not a recipe's field.
  public static var fieldNames: [String] { CodingKeys.allCases.map(\.stringValue) }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case id, householdID, name, description, author, sourceURL, sourceID, images, yield
    case prepTime, cookTime, totalTime, ingredientSections, instructionSections, keywords
    case courses, cuisines, diets, nutrition, sourceRating, rating, isFavorite, notes, language
    case createdAt, updatedAt
    // Shorthand accepted on input: flat lists of ingredient lines and steps.
    case ingredients, steps
  }

  /// Decodes a recipe; only `name` is required, and `ingredients` / `steps` may be given as
  /// flat lists of strings instead of sections.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let epoch = Date(timeIntervalSince1970: 0)
    var sections =
      try container.decodeField([IngredientSection].self, forKey: .ingredientSections) ?? []
    if sections.isEmpty,
      let lines = try container.decodeField([String].self, forKey: .ingredients)
    {
      sections = [IngredientSection(lines: lines.map { IngredientLine(text: $0) })]
    }
    var method =
      try container.decodeField([InstructionSection].self, forKey: .instructionSections) ?? []
    if method.isEmpty, let steps = try container.decodeField([String].self, forKey: .steps) {
      method = [InstructionSection(steps: steps.map { InstructionStep(text: $0) })]
    }
    self.init(
      id: try container.decodeField(RecipeID.self, forKey: .id) ?? .unassigned,
      householdID: try container.decodeField(HouseholdID.self, forKey: .householdID)
        ?? .default,
      name: try container.decode(String.self, forKey: .name),
      description: try container.decodeField(String.self, forKey: .description),
      author: try container.decodeField(String.self, forKey: .author),
      sourceURL: try container.decodeField(String.self, forKey: .sourceURL),
      sourceID: try container.decodeField(String.self, forKey: .sourceID),
      images: try container.decodeField([String].self, forKey: .images) ?? [],
      yield: try container.decodeField(RecipeYield.self, forKey: .yield),
      prepTime: try container.decodeField(RecipeDuration.self, forKey: .prepTime),
      cookTime: try container.decodeField(RecipeDuration.self, forKey: .cookTime),
      totalTime: try container.decodeField(RecipeDuration.self, forKey: .totalTime),
      ingredientSections: sections,
      instructionSections: method,
      keywords: try container.decodeField([String].self, forKey: .keywords) ?? [],
      courses: try container.decodeField([String].self, forKey: .courses) ?? [],
      cuisines: try container.decodeField([String].self, forKey: .cuisines) ?? [],
      diets: try container.decodeField([DietLabel].self, forKey: .diets) ?? [],
      nutrition: try container.decodeField(Nutrition.self, forKey: .nutrition),
      sourceRating: try container.decodeField(AggregateRating.self, forKey: .sourceRating),
      rating: try container.decodeField(Int.self, forKey: .rating),
      isFavorite: try container.decodeField(Bool.self, forKey: .isFavorite) ?? false,
      notes: try container.decodeField(String.self, forKey: .notes),
      createdAt: try container.decodeField(Date.self, forKey: .createdAt) ?? epoch,
      updatedAt: try container.decodeField(Date.self, forKey: .updatedAt) ?? epoch
    )
    language = try container.decodeField(RecipeLanguage.self, forKey: .language)
  }

  /// Encodes every field; absent optionals are left out.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(householdID, forKey: .householdID)
    try container.encode(name, forKey: .name)
    try container.encodeIfPresent(description, forKey: .description)
    try container.encodeIfPresent(author, forKey: .author)
    try container.encodeIfPresent(sourceURL, forKey: .sourceURL)
    try container.encodeIfPresent(sourceID, forKey: .sourceID)
    try container.encode(images, forKey: .images)
    try container.encodeIfPresent(yield, forKey: .yield)
    try container.encodeIfPresent(prepTime, forKey: .prepTime)
    try container.encodeIfPresent(cookTime, forKey: .cookTime)
    try container.encodeIfPresent(totalTime, forKey: .totalTime)
    try container.encode(ingredientSections, forKey: .ingredientSections)
    try container.encode(instructionSections, forKey: .instructionSections)
    try container.encode(keywords, forKey: .keywords)
    try container.encode(courses, forKey: .courses)
    try container.encode(cuisines, forKey: .cuisines)
    try container.encode(diets, forKey: .diets)
    try container.encodeIfPresent(nutrition, forKey: .nutrition)
    try container.encodeIfPresent(sourceRating, forKey: .sourceRating)
    try container.encodeIfPresent(rating, forKey: .rating)
    try container.encode(isFavorite, forKey: .isFavorite)
    try container.encodeIfPresent(notes, forKey: .notes)
    try container.encodeIfPresent(language, forKey: .language)
    try container.encode(createdAt, forKey: .createdAt)
    try container.encode(updatedAt, forKey: .updatedAt)
  }
}

extension KeyedDecodingContainer {
  /// `decodeIfPresent` whose errors always name the key.
  ///
  /// Foundation's JSONDecoder on Linux reports some wrong values without a coding path: a
  /// fraction where a whole number belongs escapes as an internal error, a date in another
  /// format as corrupted data. ``LarderJSON`` could only call those invalid JSON; this puts the
  /// key back.
  fileprivate func decodeField<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    do {
      return try decodeIfPresent(type, forKey: key)
    } catch let error as DecodingError {
      guard case .dataCorrupted(let context) = error, context.codingPath.isEmpty else {
        throw error
      }
      throw DecodingError.typeMismatch(
        type,
        DecodingError.Context(
          codingPath: codingPath + [key], debugDescription: context.debugDescription,
          underlyingError: error))
    } catch {
      throw DecodingError.typeMismatch(
        type,
        DecodingError.Context(
          codingPath: codingPath + [key], debugDescription: String(describing: error),
          underlyingError: error))
    }
  }
}

/// Larder's JSON conventions in one place: ISO-8601 dates, sorted keys, errors that name the
/// field.
public enum LarderJSON {
  /// An encoder with Larder's conventions; `pretty` indents for people.
  public static func encoder(pretty: Bool = false) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting =
      pretty
      ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
      : [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// A decoder with Larder's conventions.
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }

  /// Encodes a value; Larder's own types always encode. A value that writes itself
  /// (``JSONWritable``) is written without Foundation's encoder, to the same bytes.
  public static func encode<T: Encodable>(_ value: T, pretty: Bool = false) throws -> Data {
    if !pretty, let writable = value as? any JSONWritable {
      return JSONOutput.encode(writable)
    }
    return try encoder(pretty: pretty).encode(value)
  }

  /// Decodes a value, turning decoding failures into a ``LarderCoreError`` that names the field.
  public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    do {
      return try decoder().decode(type, from: data)
    } catch let error as DecodingError {
      throw describe(error)
    }
  }

  /// Turns a `DecodingError` into a message naming the field path and the problem.
  public static func describe(_ error: DecodingError) -> LarderCoreError {
    func path(_ codingPath: [CodingKey]) -> String {
      let parts = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
      return parts.reduce(into: "") { result, part in
        result += part.hasPrefix("[") || result.isEmpty ? part : "." + part
      }
    }
    switch error {
    case .keyNotFound(let key, let context):
      let field = path(context.codingPath + [key])
      return .missingField(field: field)
    case .typeMismatch(_, let context) where context.codingPath.isEmpty:
      return .invalidJSON(detail: "expected a JSON object")
    case .typeMismatch(let type, let context):
      return .invalidField(
        field: path(context.codingPath), value: "",
        reason: "expected \(describe(type: type))")
    case .valueNotFound(let type, let context):
      return .invalidField(
        field: path(context.codingPath), value: "null",
        reason: "expected \(describe(type: type))")
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        let underlying = (context.underlyingError as NSError?)?.localizedDescription
        return .invalidJSON(detail: underlying ?? context.debugDescription)
      }
      return .invalidField(
        field: path(context.codingPath), value: "", reason: context.debugDescription)
    @unknown default:
      return .invalidJSON(detail: String(describing: error))
    }
  }

  private static func describe(type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Int.Type: return "a whole number"
    case is Double.Type: return "a number"
    case is Bool.Type: return "true or false"
    case is Date.Type: return "an ISO-8601 date such as 2025-01-31T18:00:00Z"
    case is [Any].Type: return "an array"
    default:
      let name = String(describing: type)
      if name.hasPrefix("Array") { return "an array" }
      if name.hasPrefix("Dictionary") { return "an object" }
      return "a \(name) value"
    }
  }
}
