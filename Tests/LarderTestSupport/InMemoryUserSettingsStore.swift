import Foundation
import LarderCore

/// A ``UserSettingsStore`` held in memory: the test double for code above the store.
///
/// `@unchecked Sendable`: all state is reached only while holding `lock`.
public final class InMemoryUserSettingsStore: UserSettingsStore, @unchecked Sendable {
  private struct Key: Hashable {
    var user: UserID
    var household: HouseholdID
  }

  private let lock = NSLock()
  private var records: [Key: StoredUserSettings] = [:]

  /// Makes an empty store.
  public init() {}

  /// The user's settings in the household, or nil when they have saved none.
  public func userSettings(user: UserID, household: HouseholdID) throws -> StoredUserSettings? {
    lock.lock()
    defer { lock.unlock() }
    return records[Key(user: user, household: household)]
  }

  /// Saves the user's settings in the household, replacing any earlier ones.
  public func saveUserSettings(
    _ settings: StoredUserSettings, user: UserID, household: HouseholdID, now: Date
  ) throws {
    lock.lock()
    defer { lock.unlock() }
    records[Key(user: user, household: household)] = settings
  }
}
