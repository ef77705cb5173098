import Foundation

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
