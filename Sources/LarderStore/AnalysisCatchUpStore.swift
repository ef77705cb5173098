import LarderCore

/// A store that remembers which households' recipes an upgrade asked to be parsed and matched
/// again (their stored lines were read by an older Larder), until the pass is done.
public protocol AnalysisCatchUpStore: Sendable {
  /// The households whose recipes await a pass, in order.
  func householdsAwaitingAnalysis() throws -> [HouseholdID]

  /// Records that the household's recipes have been analysed again.
  func finishedAnalysis(household: HouseholdID) throws

  /// Runs `job` unless another process on the database is running a job of that name;
  /// returns whether it ran. Background work every process would otherwise start (the
  /// catch-up after an upgrade) runs in exactly one.
  func runExclusively(_ job: String, _ body: () throws -> Void) throws -> Bool
}

extension SQLiteRecipeStore: AnalysisCatchUpStore {
  /// Runs `body`: the passes it runs are idempotent, and a SQLite file's processes are few.
  public func runExclusively(_ job: String, _ body: () throws -> Void) throws -> Bool {
    try body()
    return true
  }
}

extension PostgresRecipeStore: AnalysisCatchUpStore {
  /// Runs `body` while holding a session advisory lock named after `job`, or returns false at
  /// once when another process holds it.
  public func runExclusively(_ job: String, _ body: () throws -> Void) throws -> Bool {
    try database.runExclusively(job, body)
  }
}
