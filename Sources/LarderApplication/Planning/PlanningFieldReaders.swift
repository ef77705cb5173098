import Foundation
import LarderCore

/// Readers for the planning requests' fields, shared by their decoders.
extension KeyedDecodingContainer {
  /// A pantry location: fridge, freezer, cupboard or a name of 1 to 40 characters; nil when
  /// absent or null, refused when empty.
  func pantryLocation(_ key: Key) throws -> PantryLocation? {
    guard let text = try text(key) else { return nil }
    return try FieldValues.pantryLocation(text, field: field(key))
  }

  /// A day as YYYY-MM-DD; an empty text is refused rather than taken as absent.
  func strictDay(_ key: Key) throws -> CalendarDay {
    try FieldValues.day(try text(key) ?? "", field: field(key))
  }

  /// A text that must be there and not blank.
  func requiredText(_ key: Key) throws -> String {
    guard let text = try text(key), !text.isEmpty else {
      throw ApplicationError.missingValue(field(key))
    }
    return text
  }

  /// A meal; nil when absent, null or empty.
  func meal(_ key: Key) throws -> Meal? {
    guard let text = try text(key), !text.isEmpty else { return nil }
    return try FieldValues.meal(text, field: field(key))
  }

  /// A day of the week; nil when absent, null or empty.
  func weekday(_ key: Key) throws -> Weekday? {
    guard let text = try text(key), !text.isEmpty else { return nil }
    return try FieldValues.weekday(text, field: field(key))
  }
}

/// Readers for planning values typed as text, shared by the requests and the command line.
extension FieldValues {
  /// A pantry location as typed: fridge, freezer, cupboard or a name of 1 to 40 characters.
  public static func pantryLocation(_ text: String, field: Field) throws -> PantryLocation {
    guard let location = PantryLocation(rawValue: text) else {
      throw ApplicationError.invalidValue(
        field, value: text, expected: "fridge, freezer, cupboard or a name of 1 to 40 characters")
    }
    return location
  }

  /// A meal as typed: breakfast, lunch, dinner or snack, in any case.
  public static func meal(_ text: String, field: Field) throws -> Meal {
    guard let meal = Meal(rawValue: text.lowercased()) else {
      throw ApplicationError.invalidValue(
        field, value: text, expected: "breakfast, lunch, dinner or snack")
    }
    return meal
  }

  /// A day of the week as typed ("monday"), in any case.
  public static func weekday(_ text: String, field: Field) throws -> Weekday {
    guard let day = Weekday(rawValue: text.lowercased()) else {
      throw ApplicationError.invalidValue(
        field, value: text, expected: "a day of the week such as monday")
    }
    return day
  }

  /// A number as typed ("2", "0.5"), refused with `expected` when it is not one.
  public static func decimal(_ text: String, field: Field, expected: String) throws -> Double {
    guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
      throw ApplicationError.invalidValue(field, value: text, expected: expected)
    }
    return value
  }
}
