import Foundation
import LarderApplication
import LarderCore

/// Option values read with the application layer's readers, so a value gets the words the API
/// gives it (with the option's name): `--missing abc` and `--missing 99` both say "is not a
/// whole number from 0 to 50". Each names the request's field (`maxTime` for `--max-time`);
/// the command line renders it as the option again.
extension ParsedCommand {
  /// A whole-number option; its range (in `expected`) is the use case's to check.
  func wholeNumber(
    _ option: String, field: String? = nil, in range: ClosedRange<Int>
  ) throws -> Int? {
    try value(option).map {
      try FieldValues.wholeNumber(
        $0, field: Field(field ?? option), expected: Check.wholeNumberText(range))
    }
  }

  /// A number option; its range (in `expected`) is the use case's to check.
  func number(
    _ option: String, field: String? = nil, in range: ClosedRange<Double>
  ) throws -> Double? {
    try value(option).map {
      try FieldValues.decimal(
        $0, field: Field(field ?? option), expected: Check.numberRangeText(range))
    }
  }

  /// One of a fixed set of values, in any case.
  func choice<Value: RawRepresentable & CaseIterable>(
    _ option: String, field: String? = nil, as type: Value.Type = Value.self
  ) throws -> Value? where Value.RawValue == String {
    try value(option).map { try FieldValues.choice($0, field: Field(field ?? option), as: type) }
  }

  /// A text option as the API keeps a text: trimmed.
  func text(_ option: String) -> String? {
    value(option).map(FieldValues.text)
  }

  /// A day option: YYYY-MM-DD, or today, tomorrow or yesterday (in any case) reckoned from
  /// `today`; nil when not given.
  func day(_ option: String, field: String? = nil, today: CalendarDay) throws -> CalendarDay? {
    guard let text = value(option).map(FieldValues.text) else { return nil }
    switch text.lowercased() {
    case "today": return today
    case "tomorrow": return today.adding(days: 1)
    case "yesterday": return today.adding(days: -1)
    default: return try FieldValues.day(text, field: Field(field ?? option))
    }
  }
}
