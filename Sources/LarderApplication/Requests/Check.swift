import Foundation

/// The same checks for every request's fields, whether the request came from JSON, a query or
/// the command line.
public enum Check {
  /// A whole number within `range`; nil passes.
  public static func wholeNumber(
    _ value: Int?, _ name: String, in range: ClosedRange<Int>
  ) throws {
    guard let value, !range.contains(value) else { return }
    throw ApplicationError.invalidValue(
      Field(name), value: String(value), expected: wholeNumberText(range))
  }

  /// A number within `range`; nil passes.
  public static func number(_ value: Double?, _ name: String, in range: ClosedRange<Double>) throws
  {
    guard let value else { return }
    guard value.isFinite, range.contains(value) else {
      throw ApplicationError.invalidValue(
        Field(name), value: numberText(value), expected: numberRangeText(range))
    }
  }

  /// A text of at most `maxLength` characters; nil passes.
  public static func text(_ value: String?, _ name: String, maxLength: Int) throws {
    guard let value, value.count > maxLength else { return }
    throw ApplicationError.refusedValue(
      Field(name), value: "", reason: "at most \(maxLength) characters")
  }

  /// A text that must be there and not blank.
  public static func present(_ value: String?, _ name: String) throws {
    guard let value, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw ApplicationError.missingValue(Field(name))
    }
  }

  /// "a whole number from 0 to 50".
  public static func wholeNumberText(_ range: ClosedRange<Int>) -> String {
    "a whole number from \(range.lowerBound) to \(range.upperBound)"
  }

  /// "a number from 0 to 1000".
  public static func numberRangeText(_ range: ClosedRange<Double>) -> String {
    "a number from \(numberText(range.lowerBound)) to \(numberText(range.upperBound))"
  }

  static func numberText(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
