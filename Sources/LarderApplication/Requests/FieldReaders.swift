import Foundation
import LarderCore

/// Readers for the kinds of value requests share. Each reads one field from a JSON body or a
/// query alike and names the field when the value is of the wrong kind; ranges are checked
/// later by the request's `validate()` (see ``Check``).
extension KeyedDecodingContainer {
  /// A whole number; nil when absent or null. `expected` is how the field's values are
  /// described in an error ("a whole number from 0 to 50").
  public func wholeNumber(_ key: Key, expected: String = "a whole number") throws -> Int? {
    try reading(key, expected: expected) { try decodeIfPresent(Int.self, forKey: key) }
  }

  /// A number; nil when absent or null.
  public func number(_ key: Key, expected: String = "a number") throws -> Double? {
    try reading(key, expected: expected) { try decodeIfPresent(Double.self, forKey: key) }
  }

  /// true or false; nil when absent or null.
  public func flag(_ key: Key) throws -> Bool? {
    try reading(key, expected: "true or false") { try decodeIfPresent(Bool.self, forKey: key) }
  }

  /// A text, trimmed; nil when absent or null.
  public func text(_ key: Key) throws -> String? {
    try reading(key, expected: "a text") {
      try decodeIfPresent(String.self, forKey: key)?.trimmingWhitespace(newlines: true)
    }
  }

  /// A list of texts, given as a list or as one comma-separated text; trimmed, blanks
  /// dropped; empty when absent or null.
  public func list(_ key: Key) throws -> [String] {
    guard contains(key), try !decodeNil(forKey: key) else { return [] }
    let items: [String]
    // One text first: a query's parameters, the finder's hot path, are texts, and a failed
    // decode builds an error with its coding path.
    if let text = try? decode(String.self, forKey: key) {
      items = text.split(separator: ",").map(String.init)
    } else if let array = try? decode([String].self, forKey: key) {
      items = array.flatMap { $0.split(separator: ",").map(String.init) }
    } else {
      throw ApplicationError.invalidValue(
        field(key), value: "", expected: "a list of texts (or one comma-separated text)")
    }
    return items.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
  }

  /// Like ``list(_:)``, but nil when the field is absent or null, so "not given" and "given
  /// empty" differ (an empty `staples` means no staples at all). An empty query parameter
  /// (`staples=`) is a list given empty, though other readers take it as absent.
  public func optionalList(_ key: Key) throws -> [String]? {
    if contains(key) { return try decodeNil(forKey: key) ? nil : list(key) }
    return allKeys.contains { $0.stringValue == key.stringValue } ? [] : nil
  }

  /// A day as YYYY-MM-DD; nil when absent or null.
  public func day(_ key: Key) throws -> CalendarDay? {
    guard let text = try text(key), !text.isEmpty else { return nil }
    return try FieldValues.day(text, field: field(key))
  }

  /// A unit: an id from the unit table ("tbsp") or a unit as written ("tablespoons"); nil when
  /// absent, null or empty.
  public func unit(_ key: Key) throws -> IngredientUnit? {
    guard let text = try text(key), !text.isEmpty else { return nil }
    return try FieldValues.unit(text, field: field(key))
  }

  /// One of a fixed set of values written as their raw text ("name", "newest"); nil when
  /// absent, null or empty.
  public func choice<Value: RawRepresentable & CaseIterable>(
    _ key: Key, as type: Value.Type = Value.self
  ) throws -> Value? where Value.RawValue == String {
    guard let text = try text(key), !text.isEmpty else { return nil }
    return try FieldValues.choice(text, field: field(key), as: type)
  }

  /// A language Larder reads ("de", "de-AT", "German"); nil when absent, null or empty.
  public func language(_ key: Key) throws -> RecipeLanguage? {
    guard let text = try text(key), !text.isEmpty else { return nil }
    return try FieldValues.language(text, field: field(key))
  }

  /// The field's name, where the decoder says it comes from: `recipes[0].servings` for a
  /// field of a list's item.
  public func field(_ key: Key) -> Field {
    let names = (codingPath + [key]).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
    return Field(names.joined(separator: ".").replacingOccurrences(of: ".[", with: "["))
  }

  private func reading<T>(_ key: Key, expected: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as ApplicationError {
      throw error
    } catch {
      // A DecodingError, or Foundation's own error for a JSON number an Int cannot hold (1.5,
      // 1e20), which is not one and would otherwise pass for a body that is not JSON at all.
      let raw = (try? decodeIfPresent(String.self, forKey: key)) ?? nil
      throw ApplicationError.invalidValue(field(key), value: raw ?? "", expected: expected)
    }
  }
}

/// Readers for values typed as text, shared by request decoding and the command line.
public enum FieldValues {
  /// A unit id ("tbsp") or a unit as written ("tablespoons", "Tbsp.").
  public static func unit(_ text: String, field: Field) throws -> IngredientUnit {
    if let unit = IngredientUnit.unit(id: text) ?? IngredientUnit.lookup(text) { return unit }
    throw ApplicationError.invalidValue(
      field, value: text, expected: "a unit such as g, kg, ml, l, cup, tbsp, tsp, oz or lb")
  }

  /// A whole number as typed ("12"), refused with `expected` ("a whole number from 0 to 50")
  /// when it is not one; the range is the request's `validate()` to check.
  public static func wholeNumber(_ text: String, field: Field, expected: String) throws -> Int {
    guard let value = Int(text.trimmingWhitespace()) else {
      throw ApplicationError.invalidValue(field, value: text, expected: expected)
    }
    return value
  }

  /// A day as YYYY-MM-DD.
  public static func day(_ text: String, field: Field) throws -> CalendarDay {
    guard let day = CalendarDay(text) else {
      throw ApplicationError.invalidValue(field, value: text, expected: "a date as YYYY-MM-DD")
    }
    return day
  }

  /// A language Larder reads, by its code ("de", "pt_BR") or its name ("German", "Deutsch").
  public static func language(_ text: String, field: Field) throws -> RecipeLanguage {
    guard let language = RecipeLanguage(code: text) else {
      throw ApplicationError.invalidValue(
        field, value: text,
        expected: "one of " + RecipeLanguage.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return language
  }

  /// One of a fixed set of values written as their raw text ("name", "newest"), in any case.
  public static func choice<Value: RawRepresentable & CaseIterable>(
    _ text: String, field: Field, as type: Value.Type = Value.self
  ) throws -> Value where Value.RawValue == String {
    guard let value = Value(rawValue: text) ?? Value(rawValue: text.lowercased()) else {
      throw ApplicationError.invalidValue(
        field, value: text,
        expected: "one of " + Value.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return value
  }

  /// A text as the body and query readers keep it (see `text(_:)` on a container): without
  /// the spaces and line breaks around it.
  public static func text(_ text: String) -> String {
    text.trimmingWhitespace(newlines: true)
  }

  /// A boolean as a query or the command line writes it: true/false, 1/0, yes/no, on/off.
  public static func flag(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "1", "true", "yes", "on": return true
    case "0", "false", "no", "off": return false
    default: return nil
    }
  }
}
