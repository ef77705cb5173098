import Foundation

/// One user's own settings in one household, as a store keeps them: the staples they always
/// have, the diets applied by default, and the units amounts are shown in.
///
/// The store keeps them as given; the application layer checks them before they are saved.
public struct StoredUserSettings: Hashable, Sendable, Codable {
  /// Foods always at hand, as the user named them ("salt", "black pepper").
  public var staples: [String]
  /// Diet labels applied by default ("vegetarian").
  public var diets: [String]
  /// The unit system amounts are shown in (`original`, `us` or `metric`).
  public var units: String

  /// Makes a record.
  public init(staples: [String], diets: [String], units: String) {
    self.staples = staples
    self.diets = diets
    self.units = units
  }
}

/// Where each user keeps their own settings, one record per user and household.
///
/// A record belongs to one member of one household: a store that keeps memberships removes it
/// when the membership or the account goes. Calls are synchronous and thread-safe.
public protocol UserSettingsStore: Sendable {
  /// The user's settings in the household, or nil when they have saved none.
  func userSettings(user: UserID, household: HouseholdID) throws -> StoredUserSettings?

  /// Saves the user's settings in the household, replacing any earlier ones.
  func saveUserSettings(
    _ settings: StoredUserSettings, user: UserID, household: HouseholdID, now: Date) throws
}
