import Foundation

/// A recipe's stable identifier: a lowercase UUID string that never changes once assigned.
public struct RecipeID: RawRepresentable, Hashable, Codable, Sendable, Comparable,
  CustomStringConvertible
{
  /// The identifier's text.
  public let rawValue: String

  /// Wraps an identifier's text as is.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Makes an identifier from a UUID (callers pass the UUID so the core stays deterministic).
  public init(_ uuid: UUID) { self.rawValue = uuid.uuidString.lowercased() }

  /// The identifier of a recipe that has not been stored yet.
  public static let unassigned = RecipeID(rawValue: "")

  /// The identifier's text.
  public var description: String { rawValue }

  /// Orders identifiers by their text.
  public static func < (lhs: RecipeID, rhs: RecipeID) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Decodes from a bare JSON string.
  public init(from decoder: Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes as a bare JSON string.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// The household that owns recipes and everything else a user keeps in Larder.
///
/// Until accounts arrive every installation has one household, ``HouseholdID/default``; data is
/// scoped by household from the start so that accounts and sharing need no change of meaning.
public struct HouseholdID: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
  /// The identifier's text.
  public let rawValue: String

  /// Wraps an identifier's text as is.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The one household of an installation without accounts.
  public static let `default` = HouseholdID(rawValue: "default")

  /// The identifier's text.
  public var description: String { rawValue }

  /// Decodes from a bare JSON string.
  public init(from decoder: Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes as a bare JSON string.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
