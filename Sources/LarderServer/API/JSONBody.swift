import Foundation
import LarderCore
import LarderHTTP

/// A JSON request body read field by field, so every bad value is refused naming its field:
/// 400 for a body that is not a JSON object or has an unknown field, 422 for a field with a
/// wrong value.
struct JSONBody {
  let object: [String: Any]

  /// Reads the request's body; an unknown field is refused so a typo is not silently ignored.
  init(_ request: HTTPRequest, allowed: Set<String>) throws {
    object = try RecipeAPI.jsonObject(request)
    if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
      throw LarderServerError(
        status: 400, code: "invalid_field",
        message: "unknown field '\(unknown)'; expected "
          + allowed.sorted().joined(separator: ", "))
    }
  }

  /// Whether the field is present and not null.
  func has(_ name: String) -> Bool {
    guard let value = object[name] else { return false }
    return !(value is NSNull)
  }

  static func invalid(_ name: String, _ value: Any?, _ expected: String) -> LarderServerError {
    let shown = value.map { "\($0)".prefix(80) } ?? ""
    return LarderServerError(
      status: 422, code: "invalid_field",
      message: "field '\(name)': expected \(expected)"
        + (shown.isEmpty ? "" : " (got '\(shown)')"))
  }

  static func missing(_ name: String) -> LarderServerError {
    LarderServerError(
      status: 422, code: "missing_field", message: "field '\(name)' is required")
  }

  /// A string, trimmed; nil when absent or null.
  func string(_ name: String, maxLength: Int = 2000) throws -> String? {
    guard has(name) else { return nil }
    guard let text = object[name] as? String, text.count <= maxLength else {
      throw Self.invalid(name, object[name], "a text of at most \(maxLength) characters")
    }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A non-empty string that must be present.
  func requiredString(_ name: String) throws -> String {
    guard let text = try string(name), !text.isEmpty else { throw Self.missing(name) }
    return text
  }

  /// A number (not a boolean); nil when absent or null.
  func number(_ name: String, _ range: ClosedRange<Double>) throws -> Double? {
    guard has(name) else { return nil }
    let value = object[name]!
    guard !FinderRequest.isBoolean(value), let number = (value as? NSNumber)?.doubleValue,
      number.isFinite, range.contains(number)
    else {
      throw Self.invalid(
        name, value,
        "a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))")
    }
    return number
  }

  /// true or false; nil when absent or null.
  func bool(_ name: String) throws -> Bool? {
    guard has(name) else { return nil }
    guard FinderRequest.isBoolean(object[name]!), let flag = object[name] as? Bool else {
      throw Self.invalid(name, object[name], "true or false")
    }
    return flag
  }

  /// A day as "YYYY-MM-DD"; nil when absent or null.
  func day(_ name: String) throws -> CalendarDay? {
    guard has(name) else { return nil }
    guard let text = object[name] as? String, let day = CalendarDay(text) else {
      throw Self.invalid(name, object[name], "a date as YYYY-MM-DD")
    }
    return day
  }

  /// A list of strings; nil when absent or null.
  func strings(_ name: String) throws -> [String]? {
    guard has(name) else { return nil }
    guard let list = object[name] as? [Any] else {
      throw Self.invalid(name, object[name], "a list of texts")
    }
    return try list.map { element in
      guard let text = element as? String else {
        throw Self.invalid(name, element, "a list of texts")
      }
      return text
    }
  }

  /// A unit id from the unit table, or a unit as written ("tablespoons"); nil when absent.
  func unit(_ name: String) throws -> IngredientUnit? {
    guard let text = try string(name), !text.isEmpty else { return nil }
    if let unit = IngredientUnit.unit(id: text) ?? IngredientUnit.lookup(text) { return unit }
    throw Self.invalid(name, text, "a unit such as g, kg, ml, l, cup, tbsp, tsp, oz or lb")
  }

  private static func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}

/// Query parameters shared by the planning endpoints.
enum QueryValues {
  /// `units=us|metric`, defaulting to `fallback`.
  static func format(_ query: [String: String], fallback: UnitSystem) throws -> MeasureFormat {
    guard let text = query["units"], !text.isEmpty else { return MeasureFormat(system: fallback) }
    guard let system = UnitSystem(rawValue: text.lowercased()) else {
      throw LarderServerError.invalidParameter("units", text, "us or metric")
    }
    return MeasureFormat(system: system)
  }

  /// `tz=Area/City`, defaulting to `fallback`.
  static func timeZone(_ query: [String: String], fallback: TimeZone) throws -> TimeZone {
    guard let text = query["tz"], !text.isEmpty else { return fallback }
    guard let zone = TimeZone(identifier: text) else {
      throw LarderServerError.invalidParameter("tz", text, "a time zone such as Europe/Berlin")
    }
    return zone
  }

  /// A day parameter as "YYYY-MM-DD"; nil when absent.
  static func day(_ query: [String: String], _ name: String) throws -> CalendarDay? {
    guard let text = query[name], !text.isEmpty else { return nil }
    guard let day = CalendarDay(text) else {
      throw LarderServerError.invalidParameter(name, text, "a date as YYYY-MM-DD")
    }
    return day
  }

  /// A boolean parameter; nil when absent.
  static func bool(_ query: [String: String], _ name: String) throws -> Bool? {
    guard let text = query[name], !text.isEmpty else { return nil }
    switch text.lowercased() {
    case "1", "true", "yes", "on": return true
    case "0", "false", "no", "off": return false
    default: throw LarderServerError.invalidParameter(name, text, "true or false")
    }
  }

  /// A weekday parameter; nil when absent.
  static func weekday(_ query: [String: String], _ name: String) throws -> Weekday? {
    guard let text = query[name], !text.isEmpty else { return nil }
    guard let day = Weekday(rawValue: text.lowercased()) else {
      throw LarderServerError.invalidParameter(name, text, "a day of the week such as monday")
    }
    return day
  }
}

/// JSON values for responses.
enum JSONValue {
  /// A Codable value as a JSON object, to add computed fields to.
  static func object<T: Encodable>(_ value: T) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: LarderJSON.encode(value)) as? [String: Any] ?? [:]
  }

  /// A JSON response of a dictionary or array.
  static func response(_ value: Any, status: Int = 200) throws -> HTTPResponse {
    .json(
      try JSONSerialization.data(
        withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]),
      status: status)
  }
}
