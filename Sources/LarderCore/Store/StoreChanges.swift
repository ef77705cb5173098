import Foundation

/// A change another process made to the database, as a store that several processes share
/// reports it, so each process's in-memory indexes can follow.
public enum StoreChange: Hashable, Sendable {
  /// A recipe was created, changed or (when `deleted`) removed.
  case recipe(RecipeID, household: HouseholdID, deleted: Bool)
  /// A household's own foods or synonyms changed.
  case foods(HouseholdID)
  /// Changes may have been missed (the store lost its connection for a while): anything held
  /// in memory should be read again.
  case unknown
}

/// A store whose database other processes write too, and that tells of their changes.
public protocol StoreChangeFeed: Sendable {
  /// Starts calling `handler`, on a thread of the store's own, with the changes other
  /// processes commit, in commit order, a batch at a time; changes this process makes are not
  /// reported. Calling it again replaces the handler.
  func followChanges(_ handler: @escaping @Sendable ([StoreChange]) -> Void) throws

  /// Stops following; no handler call starts after it returns.
  func stopFollowingChanges()
}
