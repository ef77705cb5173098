import Dispatch
import Foundation
import LarderCore
import LarderImport
import LarderStore

/// What opening a Larder found worth telling: the front end decides how to show it.
public struct OpeningNotes: Sendable, Equatable {
  /// Household foods and synonyms that no longer apply to the catalog (a food Larder now
  /// ships, a parent that is gone), each naming the food.
  public var foodWarnings: [String]
  /// How many starter recipes a new database was given; nil when the database was not new or
  /// starter recipes were not wanted.
  public var starterRecipes: Int?
  /// What building the pantry finder took; nil when it was not built.
  public var finderBuild: FinderBuildReport?

  /// Makes notes.
  public init(
    foodWarnings: [String] = [], starterRecipes: Int? = nil, finderBuild: FinderBuildReport? = nil
  ) {
    self.foodWarnings = foodWarnings
    self.starterRecipes = starterRecipes
    self.finderBuild = finderBuild
  }
}

/// A Larder opened on a database, with what opening it found.
public struct OpenedLarder: Sendable {
  /// The Larder: recipes written through it are parsed and matched with the household's
  /// foods (and indexed by the finder when it was built).
  public let larder: Larder
  /// What opening it found.
  public let notes: OpeningNotes
}

/// How opening a Larder goes.
public struct OpeningOptions: Sendable {
  /// Whether a new database is given the starter recipes.
  public var seedsStarterRecipes: Bool
  /// Whether the pantry finder is built and kept current by every write: what serving needs;
  /// a command that does not find recipes saves the time.
  public var buildsFinder: Bool

  /// How hard password hashes are to compute (``PasswordHashing/interactive``; tests use
  /// less).
  public var passwordHashing: PasswordHashing

  /// When recipes an older Larder analysed are parsed and matched again (after an upgrade
  /// that reads more of a line, such as its alternatives).
  public var analysisCatchUp: AnalysisCatchUp

  /// Whether this Larder follows the changes other processes make to its database (a
  /// PostgreSQL database several servers share), so its finder, library and catalogs stay
  /// current: what a server needs. A SQLite database has no such feed; its library notices
  /// another process's changes when it is next read.
  public var followsOtherProcesses: Bool

  /// When stored recipes an older Larder analysed are analysed again.
  public enum AnalysisCatchUp: Sendable {
    /// Before opening returns: a command that answers from them.
    case now
    /// On a queue of its own, each household's finder reloaded when its pass ends: the
    /// server, which answers meanwhile from the recipes as they were.
    case inBackground
    /// Not on this opening: a command that does not read lines' foods.
    case later
  }

  /// Makes options; by default starter recipes are seeded, the finder is not built and
  /// passwords are hashed at the interactive cost.
  public init(
    seedsStarterRecipes: Bool = true, buildsFinder: Bool = false,
    passwordHashing: PasswordHashing = .interactive, analysisCatchUp: AnalysisCatchUp = .later,
    followsOtherProcesses: Bool = false
  ) {
    self.seedsStarterRecipes = seedsStarterRecipes
    self.buildsFinder = buildsFinder
    self.passwordHashing = passwordHashing
    self.analysisCatchUp = analysisCatchUp
    self.followsOtherProcesses = followsOtherProcesses
  }
}

extension Larder {
  /// Opens the SQLite database at `databasePath` (creating it when there is none) and
  /// assembles one running Larder on it: a store that parses and matches every written
  /// recipe's lines with the writing household's food catalog (the bundled foods with its own)
  /// as it is at the time, the image and planning stores, and each household's catalog and
  /// pantry finder, made on the household's first use.
  ///
  /// `caller`'s household is made now: its foods that no longer apply come back in the notes,
  /// and, when `options` asks, its finder is built from its stored recipes now rather than on
  /// its first search. A new database is given the starter recipes (in `caller`'s household)
  /// unless `options` says not to. Nothing is printed: what is worth telling comes back in
  /// ``OpenedLarder/notes``.
  public static func open(
    databasePath: String, settings: LarderSettings = LarderSettings(),
    clipper: RecipeClipper = RecipeClipper(), options: OpeningOptions = OpeningOptions(),
    caller: Caller, clock: @escaping @Sendable () -> Date = { Date() },
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> OpenedLarder {
    if PostgresURL.isPostgres(databasePath) {
      return try openPostgres(
        url: databasePath, settings: settings, clipper: clipper, options: options,
        caller: caller, clock: clock, log: log)
    }
    // A new database holds only the default household, so none is made for another.
    let isNew = databasePath == ":memory:" || !FileManager.default.fileExists(atPath: databasePath)
    if isNew && caller.household != .default {
      throw ApplicationError.notFound(.household, id: caller.household.rawValue)
    }
    let database = try SQLiteRecipeStore.open(path: databasePath)
    try requireHousehold(of: caller, in: SQLiteAccountStore(sharing: database))
    var larder = Larder(
      recipes: database, analysis: .householdFoods, foodStore: database,
      images: database.imageStore, planning: SQLitePlanningStore(sharing: database),
      marks: database, userSettings: database, clipper: clipper, settings: settings, clock: clock,
      log: log)
    larder.accounts = AccountSupport(
      store: SQLiteAccountStore(sharing: database), hashing: options.passwordHashing)
    return try larder.finishOpening(
      database: database, isNew: database.isNewDatabase, changes: nil, options: options,
      caller: caller)
  }

  /// ``open(databasePath:settings:clipper:options:caller:clock:log:)`` on a PostgreSQL
  /// database, which several Larder processes may share: the same stores, kept in
  /// PostgreSQL, and (when `options` asks) the changes other processes make followed.
  private static func openPostgres(
    url: String, settings: LarderSettings, clipper: RecipeClipper, options: OpeningOptions,
    caller: Caller, clock: @escaping @Sendable () -> Date,
    log: @escaping @Sendable (String) -> Void
  ) throws -> OpenedLarder {
    let database = try PostgresRecipeStore.open(url: url)
    let accounts = PostgresAccountStore(sharing: database)
    try requireHousehold(of: caller, in: accounts)
    var larder = Larder(
      recipes: database, analysis: .householdFoods, foodStore: database,
      images: database.imageStore, planning: PostgresPlanningStore(sharing: database),
      marks: database, userSettings: database, clipper: clipper, settings: settings, clock: clock,
      log: log)
    larder.accounts = AccountSupport(store: accounts, hashing: options.passwordHashing)
    larder.replayedAnswers = database
    return try larder.finishOpening(
      database: database, isNew: database.isNewDatabase, changes: database, options: options,
      caller: caller)
  }

  /// What opening does once the stores are assembled, on either database: the caller's
  /// household made, starter recipes for a new database, other processes' changes followed
  /// (where the database reports them), the upgrade's catch-up and the finder as `options`
  /// ask.
  private func finishOpening(
    database: any AnalysisCatchUpStore, isNew: Bool, changes: (any StoreChangeFeed)?,
    options: OpeningOptions, caller: Caller
  ) throws -> OpenedLarder {
    var notes = OpeningNotes(foodWarnings: try households.open(caller.household).warnings)
    if isNew && options.seedsStarterRecipes {
      notes.starterRecipes = try seedStarterRecipes(as: caller)
    }
    if options.followsOtherProcesses, let changes {
      // Before the finder is built, so no change made meanwhile is missed.
      try followChanges(of: changes)
    }
    switch options.analysisCatchUp {
    case .now: catchUpAnalysis(in: database)
    case .inBackground:
      let catchingUp = self
      RecipeRematcher.passes.async { catchingUp.catchUpAnalysis(in: database) }
    case .later: break
    }
    if options.buildsFinder {
      notes.finderBuild = try rebuildFinder(as: caller)
    }
    return OpenedLarder(larder: self, notes: notes)
  }

  /// Parses and matches again the recipes of every household an upgrade marked (see
  /// ``SQLiteRecipeStore/householdsAwaitingAnalysis()``), each with its own catalog, and
  /// reloads its finder when built; a household is unmarked once its pass is done, so a pass
  /// cut short runs again on the next opening. A household that fails is logged, named, and
  /// left marked; the others go on, and opening never fails for it.
  func catchUpAnalysis(in database: any AnalysisCatchUpStore) {
    do {
      let ran = try database.runExclusively("analysis catch-up") {
        catchUpAnalysisNow(in: database)
      }
      if !ran {
        log(
          "Another Larder process is analysing recipes again after an upgrade; this one leaves "
            + "it to that one.")
      }
    } catch {
      log("error: analysing recipes again after an upgrade: \(error)")
    }
  }

  private func catchUpAnalysisNow(in database: any AnalysisCatchUpStore) {
    let households: [HouseholdID]
    do {
      households = try database.householdsAwaitingAnalysis()
    } catch {
      log("error: reading which recipes to analyse again: \(error)")
      return
    }
    for household in households {
      do {
        let report = try rematchRecipes(as: .local(household: household))
        try database.finishedAnalysis(household: household)
        log(
          "Analysed household \(household.rawValue)'s recipes again after an upgrade: "
            + "\(report.changed) of \(report.recipes) changed.")
      } catch {
        log(
          "error: analysing household \(household.rawValue)'s recipes again after an upgrade "
            + "failed (it is tried again on the next start): \(error)")
      }
    }
  }

  /// The household's food catalog kept in the database at `databasePath`, or the bundled one
  /// when there is no database yet: for reading foods without creating a database.
  public static func existingHouseholdFoods(
    databasePath: String, as caller: Caller
  ) throws -> (catalog: FoodCatalog, warnings: [String]) {
    if PostgresURL.isPostgres(databasePath) {
      let database = try PostgresRecipeStore.open(url: databasePath, maximumConnections: 1)
      try requireHousehold(of: caller, in: PostgresAccountStore(sharing: database))
      return try householdFoods(in: database, as: caller)
    }
    guard FileManager.default.fileExists(atPath: databasePath) else {
      // A database not made yet will hold only the default household.
      guard caller.household == .default else {
        throw ApplicationError.notFound(.household, id: caller.household.rawValue)
      }
      return (.bundled, [])
    }
    let database = try SQLiteRecipeStore.open(path: databasePath)
    try requireHousehold(of: caller, in: SQLiteAccountStore(sharing: database))
    return try householdFoods(in: database, as: caller)
  }

  /// Throws ``ApplicationError/notFound(_:id:)`` unless the caller's household is stored, so
  /// a command line told to act in a household that is not there reads and writes nothing
  /// (not even the starter recipes of a new database).
  static func requireHousehold(of caller: Caller, in accounts: any AccountStore) throws {
    let households = try accounts.households()
    guard households.contains(where: { $0.id == caller.household }) else {
      throw ApplicationError.notFound(.household, id: caller.household.rawValue)
    }
  }

  /// The bundled food catalog with the household's own foods and synonyms, and a warning for
  /// each of those that can no longer be applied.
  public static func householdFoods(
    in store: some FoodStore, as caller: Caller
  ) throws -> (catalog: FoodCatalog, warnings: [String]) {
    let (catalog, problems) = FoodCatalog.bundled.customized(
      with: try store.userFoods(household: caller.household))
    return (catalog, problems)
  }

  /// Loads every stored recipe of the caller's household into its pantry finder (making the
  /// finder when it was not yet: it is otherwise made on the household's first search);
  /// returns what the build took.
  @discardableResult
  public func rebuildFinder(as caller: Caller) throws -> FinderBuildReport {
    let household = try household(caller)
    return try household.finder.rebuild(
      catalog: { household.finderCatalog }, load: { try finderRecipes(of: caller) },
      clock: { DispatchTime.now().uptimeNanoseconds })
  }

  /// What serving needs first, read in one pass: every stored recipe of the caller's
  /// household loaded into its pantry finder (as ``rebuildFinder(as:)``) and, from the same
  /// rows, into its library index, which the finder's result cards and the library read.
  /// Each alone reads and decodes every recipe's summary; at 100,000 recipes that is seconds.
  /// ``warmUp(as:savedIndex:)`` does the same from an index saved by an earlier start.
  @discardableResult
  public func warmUp(as caller: Caller) throws -> FinderBuildReport {
    try warmUp(as: caller, savedIndex: nil).finderBuild
  }

  /// How many recipes the caller's household's pantry finder holds, or nil when it has not
  /// been made (it is made on the household's first search, or by ``rebuildFinder(as:)``).
  /// Makes nothing.
  public func finderRecipeCount(as caller: Caller) -> Int? {
    households.existingState(for: caller.household)?.finder.builtEngine?.recipeCount
  }

  /// The caller's household's finder engine, built from its stored recipes on first use.
  func finderEngine(of household: HouseholdState, as caller: Caller) throws -> FinderEngine {
    try household.finder.engine(
      catalog: { household.finderCatalog }, load: { try finderRecipes(of: caller) })
  }

  /// Every stored recipe of the caller's household, as the finder holds them.
  private func finderRecipes(of caller: Caller) throws -> [FinderRecipe] {
    try recipes.foodProfiles(household: caller.household).map(FinderRecipe.init(profile:))
  }
}

extension RecipeAnalyzer {
  /// The analyzer recipes are written with: the shipped parser, and foods matched in
  /// `catalog`.
  public static func matchingFoods(in catalog: FoodCatalog) -> RecipeAnalyzer {
    RecipeAnalyzer(matchFood: { catalog.match($0)?.foodID })
  }

  /// The analyzer recipes are written with, matching foods in the catalog as it is at each
  /// line, so a food added meanwhile counts.
  public static func matchingFoods(in live: LiveFoodCatalog) -> RecipeAnalyzer {
    RecipeAnalyzer(matchFood: { live.current.match($0)?.foodID })
  }
}

extension OpeningNotes {
  /// The notes as lines for a person, in the order they happened: the food warnings, the
  /// starter recipes a new database at `databasePath` was given, the finder's build.
  public func lines(databasePath: String) -> [String] {
    var lines = foodWarnings.map { "warning: \($0)" }
    if let starterRecipes {
      lines.append(
        "Created \(PostgresURL.redacted(databasePath)) with \(starterRecipes) starter recipes.")
    }
    if let build = finderBuild {
      lines.append(
        "Pantry finder ready: \(build.recipeCount) recipes, \(build.foodCount) foods in "
          + String(format: "%.1f ms", build.seconds * 1000))
    }
    return lines
  }
}

extension Larder {
  /// Loads the tables Larder ships and reads on first use (the food names of every language
  /// and the nutrient tables): a server calls it as it starts, beside the warm-up, so the
  /// first recipe page after a start does not wait for them. Measured at 100,000 recipes on a
  /// busy machine, that first page took 11.5 s while it loaded them beside the warm-up.
  public static func loadShippedTables() {
    _ = FoodNames.bundled
    _ = NutrientTable.bundled
    _ = FoodCatalog.bundled
  }
}
