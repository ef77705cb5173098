import Foundation
import LarderCore

/// A request a use case takes, decodable from a JSON body or from URL query parameters with
/// the same field names, so every front end reads it the same way.
///
/// Decoding checks only what each value is (a number, a list, a date); ranges and rules are
/// checked by ``validate()``, which the use case calls whichever way the request was made, so
/// a value typed at the command line meets the same rules as one sent to the API.
public protocol RequestFields: Decodable, Sendable {
  /// Every field the request has, as the API names them; any other field is refused.
  static var fieldNames: [String] { get }

  /// Checks ranges and rules, throwing ``ApplicationError`` naming the first field that breaks
  /// one.
  func validate() throws
}

extension RequestFields {
  /// Nothing to check beyond what decoding checked.
  public func validate() throws {}

  /// Reads the request from URL query parameters: lists are comma-separated, booleans
  /// `true`/`false` (or `1`/`0`, `yes`/`no`, `on`/`off`), and an empty value counts as absent.
  /// A parameter the request does not have is refused.
  public static func decode(query: [String: String]) throws -> Self {
    if let unknown = query.keys.sorted().first(where: { !fieldNames.contains($0) }) {
      throw ApplicationError.unknownField(Field(unknown, location: .query), allowed: fieldNames)
    }
    return try RequestDecoding.translating(location: .query) {
      try Self(from: QueryDecoder(query: query))
    }
  }

  /// Reads the request from a JSON object. `contentType` is the body's media type, when the
  /// transport knows it: anything but JSON is refused, as is an empty body, a body that is
  /// not an object, and a field the request does not have.
  public static func decode(json body: Data, contentType: String? = nil) throws -> Self {
    _ = try RequestDecoding.jsonObject(body, contentType: contentType, allowed: fieldNames)
    return try RequestDecoding.translating(location: .body) {
      try JSONDecoder().decode(Self.self, from: body)
    }
  }
}

/// The rules shared by every request: the same mistake is named the same way everywhere.
public enum RequestDecoding {
  /// Whether a media type is JSON (`application/json`, `application/ld+json`, with or
  /// without parameters). `text/plain; charset=json` is not.
  public static func isJSON(_ type: String) -> Bool {
    let essence = type.split(separator: ";").first.map {
      $0.trimmingWhitespace().lowercased()
    }
    guard let essence else { return false }
    return essence == "application/json" || essence.hasSuffix("+json")
  }

  /// A media type's essence, lowercased and without parameters: `image/png` for
  /// `Image/PNG; q=1`; empty for none.
  public static func essence(_ type: String) -> String {
    type.split(separator: ";").first.map {
      $0.trimmingWhitespace().lowercased()
    } ?? ""
  }

  /// The body as a JSON object with only `allowed` fields: anything but JSON (by
  /// `contentType`, when known), an empty body, a body that is not an object, and a field
  /// not in `allowed` are refused, as every endpoint refuses them.
  static func jsonObject(
    _ body: Data, contentType: String?, allowed: [String]
  ) throws -> [String: Any] {
    if let type = contentType, !type.isEmpty, !isJSON(type) {
      throw ApplicationError.unsupportedMediaType(type, expected: .json)
    }
    guard !body.isEmpty else { throw ApplicationError.emptyBody(.json) }
    let value: Any
    do {
      value = try JSONSerialization.jsonObject(with: body)
    } catch {
      throw ApplicationError.malformedBody(detail: "the body is not a JSON object")
    }
    guard let object = value as? [String: Any] else {
      throw ApplicationError.malformedBody(detail: "expected a JSON object")
    }
    if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
      throw ApplicationError.unknownField(Field(unknown, location: .body), allowed: allowed)
    }
    return object
  }

  /// Runs a decoder, turning its errors into ``ApplicationError`` with the field's name.
  static func translating<T>(location: Field.Location, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as DecodingError {
      throw translate(error, location: location)
    } catch let error as ApplicationError {
      throw error.located(location)
    }
  }

  /// A decoder's error as an application error naming the field.
  static func translate(_ error: DecodingError, location: Field.Location) -> ApplicationError {
    func field(_ path: [CodingKey]) -> Field {
      let names = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
      return Field(
        names.joined(separator: ".").replacingOccurrences(of: ".[", with: "["),
        location: location)
    }
    switch error {
    case .typeMismatch(let type, let context):
      guard !context.codingPath.isEmpty else {
        return .malformedBody(detail: context.debugDescription)
      }
      return .invalidValue(field(context.codingPath), value: "", expected: describe(type))
    case .valueNotFound(_, let context):
      return .missingValue(field(context.codingPath))
    case .keyNotFound(let key, let context):
      return .missingValue(field(context.codingPath + [key]))
    case .dataCorrupted(let context):
      guard !context.codingPath.isEmpty else {
        return .malformedBody(detail: context.debugDescription)
      }
      if let underlying = context.underlyingError.flatMap({ ApplicationError($0) }) {
        return underlying
      }
      return .invalidValue(field(context.codingPath), value: "", expected: context.debugDescription)
    @unknown default:
      return .malformedBody(detail: "\(error)")
    }
  }

  /// What a value of a Swift type is, for a person.
  static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Bool.Type: return "true or false"
    case is Int.Type: return "a whole number"
    case is Double.Type, is Float.Type: return "a number"
    case is String.Type: return "a text"
    case is [String].Type: return "a list of texts"
    default: return "a value of another kind"
    }
  }
}
