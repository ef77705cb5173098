import LarderCore

/// A store that remembers which households' recipes an upgrade asked to be parsed and matched
/// again (their stored lines were read by an older Larder), until the pass is done.
public protocol AnalysisCatchUpStore: Sendable {
  /// The households whose recipes await a pass, in order.
  func householdsAwaitingAnalysis() throws -> [HouseholdID]

  /// Records that the household's recipes have been analysed again.
  func finishedAnalysis(household: HouseholdID) throws
}

extension SQLiteRecipeStore: AnalysisCatchUpStore {}
extension PostgresRecipeStore: AnalysisCatchUpStore {}
