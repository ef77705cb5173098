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

  /// Makes options; by default starter recipes are seeded, the finder is not built and
  /// passwords are hashed at the interactive cost.
  public init(
    seedsStarterRecipes: Bool = true, buildsFinder: Bool = false,
    passwordHashing: PasswordHashing = .interactive
  ) {
    self.seedsStarterRecipes = seedsStarterRecipes
    self.buildsFinder = buildsFinder
    self.passwordHashing = passwordHashing
  }
}

extension Larder {
  /// Opens the SQLite database at `databasePath` (creating it when there is none) and
  /// assembles one running Larder on it: the household's food catalog (the bundled foods with
  /// its own), a store that parses and matches every written recipe's lines with that
  /// catalog as it is at the time, the image and planning stores, and, when asked, the pantry
  /// finder built from every stored recipe.
  ///
  /// The catalog and the finder are `caller`'s household's (see ``Larder/catalogHousehold``).
  /// A new database is given the starter recipes unless `options` says not to. Nothing is
  /// printed: what is worth telling comes back in ``OpenedLarder/notes``.
  public static func open(
    databasePath: String, settings: LarderSettings = LarderSettings(),
    clipper: RecipeClipper = RecipeClipper(), options: OpeningOptions = OpeningOptions(),
    caller: Caller, clock: @escaping @Sendable () -> Date = { Date() },
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> OpenedLarder {
    // A new database holds only the default household, so none is made for another.
    let isNew = databasePath == ":memory:" || !FileManager.default.fileExists(atPath: databasePath)
    if isNew && caller.household != .default {
      throw ApplicationError.notFound(.household, id: caller.household.rawValue)
    }
    let database = try SQLiteRecipeStore.open(path: databasePath)
    try requireHousehold(of: caller, in: database)
    let (catalog, warnings) = try householdFoods(in: database, as: caller)
    let foods = LiveFoodCatalog(catalog)
    let finder = FinderEngine(catalog: FinderCatalog(foods: catalog))
    // Lines are matched with the catalog as it is at each write, so a food the household
    // adds counts for recipes saved after it.
    let analyzing = AnalyzingRecipeStore(base: database, analyzer: .matchingFoods(in: foods))
    let recipes: any RecipeStore =
      options.buildsFinder
      ? FinderIndexedStore(base: analyzing, engine: finder, household: caller.household)
      : analyzing
    var larder = Larder(
      recipes: recipes, foods: foods, finder: finder, foodStore: database,
      images: database.imageStore, planning: SQLitePlanningStore(sharing: database),
      clipper: clipper, settings: settings, clock: clock, log: log,
      catalogHousehold: caller.household)
    larder.accounts = AccountSupport(
      store: SQLiteAccountStore(sharing: database), hashing: options.passwordHashing)
    larder.rematchTarget = RematchTarget(
      store: database, analyzer: .matchingFoods(in: foods), finderInUse: options.buildsFinder)
    var notes = OpeningNotes(foodWarnings: warnings)
    if database.isNewDatabase && options.seedsStarterRecipes {
      notes.starterRecipes = try larder.seedStarterRecipes(as: caller)
    }
    if options.buildsFinder {
      notes.finderBuild = try larder.rebuildFinder(as: caller)
    }
    return OpenedLarder(larder: larder, notes: notes)
  }

  /// The household's food catalog kept in the database at `databasePath`, or the bundled one
  /// when there is no database yet: for reading foods without creating a database.
  public static func existingHouseholdFoods(
    databasePath: String, as caller: Caller
  ) throws -> (catalog: FoodCatalog, warnings: [String]) {
    guard FileManager.default.fileExists(atPath: databasePath) else {
      // A database not made yet will hold only the default household.
      guard caller.household == .default else {
        throw ApplicationError.notFound(.household, id: caller.household.rawValue)
      }
      return (.bundled, [])
    }
    let database = try SQLiteRecipeStore.open(path: databasePath)
    try requireHousehold(of: caller, in: database)
    return try householdFoods(in: database, as: caller)
  }

  /// Throws ``ApplicationError/notFound(_:id:)`` unless the caller's household is stored, so
  /// a command line told to act in a household that is not there reads and writes nothing
  /// (not even the starter recipes of a new database).
  static func requireHousehold(of caller: Caller, in database: SQLiteRecipeStore) throws {
    let households = try SQLiteAccountStore(sharing: database).households()
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

  /// Loads every stored recipe of the household into the pantry finder; returns what the
  /// build took.
  @discardableResult
  public func rebuildFinder(as caller: Caller) throws -> FinderBuildReport {
    try requireCatalogHousehold(caller)
    return try FinderIndexedStore(base: recipes, engine: finder, household: caller.household)
      .rebuildEngine(clock: { DispatchTime.now().uptimeNanoseconds })
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
      lines.append("Created \(databasePath) with \(starterRecipes) starter recipes.")
    }
    if let build = finderBuild {
      lines.append(
        "Pantry finder ready: \(build.recipeCount) recipes, \(build.foodCount) foods in "
          + String(format: "%.1f ms", build.seconds * 1000))
    }
    return lines
  }
}
