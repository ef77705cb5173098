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

extension Larder {
  /// Today where the caller is.
  func today(_ display: PlanningDisplay) -> CalendarDay {
    CalendarDay(clock(), in: display.timeZone ?? settings.timeZone)
  }

  /// The format amounts are written in for the caller.
  func format(_ display: PlanningDisplay) -> MeasureFormat {
    MeasureFormat(system: display.units ?? settings.unitSystem)
  }

  /// The planning store, or an error where this Larder keeps none.
  func planningStore() throws -> any PlanningStore {
    guard let planning else {
      throw ApplicationError.conflict(
        reason: "this Larder keeps no pantry, meal plan or shopping list")
    }
    return planning
  }

  /// The record with this id, or a unique start of it (at least 4 characters).
  static func record<Record: Identifiable>(
    _ text: String, in records: [Record], kind: RecordKind
  ) throws -> Record where Record.ID == PlanningID {
    if let exact = records.first(where: { $0.id.rawValue == text }) { return exact }
    let lowered = text.lowercased()
    let matches = lowered.count >= 4 ? records.filter { $0.id.rawValue.hasPrefix(lowered) } : []
    if matches.count == 1 { return matches[0] }
    if matches.count > 1 {
      throw ApplicationError.ambiguousID(kind, id: text, matches: matches.count)
    }
    throw ApplicationError.notFound(kind, id: text)
  }

  /// The stored recipe with this id.
  func plannedRecipe(_ id: RecipeID, as caller: Caller) throws -> Recipe {
    guard let recipe = try recipes.recipe(id: id, household: caller.household) else {
      throw ApplicationError.notFound(.recipe, id: id.rawValue)
    }
    return recipe
  }
}

/// A change to one field of a record: leave it, clear it, or set it.
public enum FieldChange<Value: Sendable & Equatable>: Sendable, Equatable {
  /// The field stays as it is (the request does not mention it).
  case keep
  /// The field is cleared (the request gives null).
  case clear
  /// The field takes this value.
  case set(Value)

  /// The field's value after the change.
  public func applied(to current: Value?) -> Value? {
    switch self {
    case .keep: return current
    case .clear: return nil
    case .set(let value): return value
    }
  }
}
