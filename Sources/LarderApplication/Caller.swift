import LarderCore

/// Who is asking: every use case takes the caller explicitly, so the one place that will check
/// identity and roles is the application layer, not each front end.
///
/// Until accounts arrive there is one household, ``Caller/defaultHousehold``; a user will be
/// added here, and use cases will check what that user may do in the household.
public struct Caller: Hashable, Sendable {
  /// The household whose recipes, pantry, plan and foods the request reads and changes.
  public var household: HouseholdID

  /// A caller acting for a household.
  public init(household: HouseholdID) {
    self.household = household
  }

  /// The one household of an installation without accounts.
  public static let defaultHousehold = Caller(household: .default)
}
