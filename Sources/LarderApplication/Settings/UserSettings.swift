import Foundation
import LarderCore

/// A user's own settings as a front end sends them: `PUT /api/v1/settings`
/// `{"staples": [...], "diets": [...], "units": "metric"}`.
///
/// Fields: `staples` (foods always at hand, as names; a list or one comma-separated text; the
/// usual salt, black pepper and water when absent), `diets` (labels applied by default, such
/// as `vegetarian`; none when absent) and `units` (`original`, `us` or `metric`; `original`
/// when absent). The whole record is replaced.
public struct UserSettingsRequest: RequestFields, Equatable {
  /// Foods always at hand, as the user named them.
  public var staples: [String]
  /// Diet labels applied by default.
  public var diets: [String]
  /// The unit system amounts are shown in.
  public var units: RecipeLinesRequest.Units

  /// The fields, as the API names them.
  public static let fieldNames = ["staples", "diets", "units"]

  enum CodingKeys: String, CodingKey {
    case staples, diets, units
  }

  /// Makes a request.
  public init(
    staples: [String] = UserSettingsAnswer.usualStaples, diets: [String] = [],
    units: RecipeLinesRequest.Units = .original
  ) {
    self.staples = staples
    self.diets = diets
    self.units = units
  }

  /// Reads the request's fields.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      staples: try fields.optionalList(.staples) ?? UserSettingsAnswer.usualStaples,
      diets: try fields.list(.diets), units: try fields.choice(.units) ?? .original)
  }

  /// Checks that every diet is one the finder knows.
  public func validate() throws {
    let known = Set(FinderDiet.exclusions.keys)
    for text in diets {
      guard let label = DietLabel(parsing: text), known.contains(label) else {
        throw ApplicationError.invalidValue(
          Field("diets"), value: text,
          expected: "one of " + known.map(\.rawValue).sorted().joined(separator: ", "))
      }
    }
  }
}

/// A user's own settings, as every front end shows them.
public struct UserSettingsAnswer: Encodable, Equatable, Sendable {
  /// Foods always at hand that the household's catalog knows.
  public var staples: [String]
  /// Diet labels applied by default, as the finder names them.
  public var diets: [String]
  /// The unit system amounts are shown in: `original`, `us` or `metric`.
  public var units: String
  /// Staples the catalog does not know ("blak peper"): left out of `staples` rather than
  /// refusing the save, as the finder leaves them out of a search. Only a save reports them.
  public var unknownStaples: [String]
  /// Whether the user has saved settings; false answers the usual ones.
  public var isStored: Bool

  /// The staples a user has until they choose their own.
  public static let usualStaples = ["salt", "black pepper", "water"]

  /// The usual settings, for a user who has saved none.
  public static let usual = UserSettingsAnswer(
    staples: usualStaples, diets: [], units: RecipeLinesRequest.Units.original.rawValue,
    unknownStaples: [], isStored: false)
}

extension Larder {
  /// The caller's own settings in their household, or the usual ones when they have saved none
  /// (and for a caller who is no signed-in user, such as the command line).
  public func userSettings(as caller: Caller) throws -> UserSettingsAnswer {
    try caller.require(.read)
    guard let userSettings, let user = caller.user else { return .usual }
    let stored = try ApplicationError.translating {
      try userSettings.userSettings(user: user, household: caller.household)
    }
    guard let stored else { return .usual }
    return UserSettingsAnswer(
      staples: stored.staples, diets: stored.diets, units: stored.units, unknownStaples: [],
      isStored: true)
  }

  /// Saves the caller's own settings in their household, replacing earlier ones. Viewers keep
  /// their own too: settings are personal, not the household's.
  ///
  /// Staples are matched with the household's foods; one it does not know is left out and
  /// named under `unknownStaples` instead of refusing the save.
  ///
  /// - Throws: ``ApplicationError/invalidValue(_:value:expected:)`` for an unknown diet,
  ///   ``ApplicationError/forbidden(reason:)`` for a read-only token, and
  ///   ``ApplicationError/conflict(reason:)`` for a caller who is no signed-in user.
  public func saveUserSettings(
    _ request: UserSettingsRequest, as caller: Caller
  ) throws -> UserSettingsAnswer {
    try caller.require(.ownAccount)
    try request.validate()
    guard let userSettings, let user = caller.user else {
      throw ApplicationError.conflict(reason: "settings are kept for signed-in users only")
    }
    let foods = try household(caller).foods.current
    var seen: Set<String> = []
    var staples: [String] = []
    var unknown: [String] = []
    for term in PantryTerm.resolve(request.staples, catalog: foods)
    where seen.insert(term.input.lowercased()).inserted {
      if term.food == nil { unknown.append(term.input) } else { staples.append(term.input) }
    }
    var diets: [String] = []
    for label in request.diets.compactMap({ DietLabel(parsing: $0)?.rawValue })
    where !diets.contains(label) {
      diets.append(label)
    }
    let record = StoredUserSettings(
      staples: staples, diets: diets, units: request.units.rawValue)
    try ApplicationError.translating {
      try userSettings.saveUserSettings(
        record, user: user, household: caller.household, now: clock())
    }
    return UserSettingsAnswer(
      staples: record.staples, diets: record.diets, units: record.units,
      unknownStaples: unknown, isStored: true)
  }
}
