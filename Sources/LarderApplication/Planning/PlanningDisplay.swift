import Foundation
import LarderCore

/// How a planning answer reckons "today" and writes amounts: a time zone and a unit system,
/// each falling back on the installation's ``LarderSettings``.
///
/// The API reads them from the query parameters `tz` and `units` of every planning endpoint.
public struct PlanningDisplay: RequestFields, Equatable {
  /// The time zone "today" is reckoned in; nil for the installation's.
  public var timeZone: TimeZone?
  /// The units amounts are written in; nil for the installation's.
  public var units: UnitSystem?

  /// Makes a display; nil fields use the installation's settings.
  public init(timeZone: TimeZone? = nil, units: UnitSystem? = nil) {
    self.timeZone = timeZone
    self.units = units
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case tz, units
  }

  /// `tz` and `units`.
  public static var fieldNames: [String] { CodingKeys.allCases.map(\.stringValue) }

  /// Reads `tz` (an identifier such as `Europe/Berlin`) and `units` (`us` or `metric`).
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    if let text = try fields.text(.tz), !text.isEmpty {
      guard let zone = TimeZone(identifier: text) else {
        throw ApplicationError.invalidValue(
          fields.field(.tz), value: text, expected: "a time zone such as Europe/Berlin")
      }
      timeZone = zone
    }
    units = try fields.choice(.units)
  }
}

/// A request read together with the ``PlanningDisplay`` fields beside it, for endpoints whose
/// query holds both (`GET /api/v1/pantry?location=fridge&tz=Europe/Berlin`).
public struct Displayed<Request: RequestFields>: RequestFields {
  /// The request's own fields.
  public var request: Request
  /// `tz` and `units`.
  public var display: PlanningDisplay

  /// The request's fields and the display's.
  public static var fieldNames: [String] { Request.fieldNames + PlanningDisplay.fieldNames }

  /// Reads both from the same query or object.
  public init(from decoder: Decoder) throws {
    request = try Request(from: decoder)
    display = try PlanningDisplay(from: decoder)
  }

  /// Checks the request's rules.
  public func validate() throws { try request.validate() }
}
