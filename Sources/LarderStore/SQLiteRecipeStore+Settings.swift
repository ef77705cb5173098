import Foundation
import LarderCore

/// Each user's own settings, in the same database file as the memberships they belong to (so
/// leaving a household or removing an account takes them along).
extension SQLiteRecipeStore: UserSettingsStore {
  /// The user's settings in the household, or nil when they have saved none.
  public func userSettings(user: UserID, household: HouseholdID) throws -> StoredUserSettings? {
    try database.read("reading your settings") { connection in
      try connection.query(
        "SELECT staples, diets, units FROM user_settings WHERE household_id = ? AND user_id = ?",
        [.text(household.rawValue), .text(user.rawValue)], operation: "reading your settings"
      ) { row in
        StoredUserSettings(
          staples: StoredDocuments.decodeList(row.string(0)),
          diets: StoredDocuments.decodeList(row.string(1)),
          units: row.string(2) ?? "original")
      }.first
    }
  }

  /// Saves the user's settings in the household, replacing any earlier ones.
  public func saveUserSettings(
    _ settings: StoredUserSettings, user: UserID, household: HouseholdID, now: Date
  ) throws {
    try database.write("saving your settings") { connection in
      try connection.run(
        """
        INSERT INTO user_settings (household_id, user_id, staples, diets, units, updated_at)
        VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (household_id, user_id) DO UPDATE SET
          staples = excluded.staples, diets = excluded.diets, units = excluded.units,
          updated_at = excluded.updated_at
        """,
        [
          .text(household.rawValue), .text(user.rawValue),
          .text(StoredDocuments.encodeList(settings.staples)),
          .text(StoredDocuments.encodeList(settings.diets)), .text(settings.units),
          .real(now.timeIntervalSince1970),
        ], operation: "saving your settings")
    }
  }
}
