import Foundation
import LarderCore
import LarderImport

/// One running Larder: the stores, and each household's food catalog and pantry finder, that
/// every use case works on. The server and the command line each make one and call its use
/// cases; neither reaches into the stores on its own.
///
/// Use cases live in extensions of this type, one file per area (finder, library, planning,
/// imports, foods), and each takes the ``Caller`` it acts for: it reads and changes only the
/// caller's household's recipes, foods and finder.
///
/// Households share one running Larder. Each has its own food catalog (the bundled foods with
/// its own foods and synonyms), its own pantry finder holding only its recipes, and its own
/// library index; each is made on the household's first use and kept, so a household not
/// used yet costs nothing (see ``foodCatalog(as:)`` and ``finderRecipeCount(as:)``).
public struct Larder: Sendable {
  /// Where recipes are kept. Writes go through it, so the writing household's finder (and any
  /// other derived index) stays current, and, when the Larder analyses recipes, their lines
  /// are matched with the writing household's foods.
  public let recipes: any RecipeStore
  /// Where households keep their own foods and synonyms; nil where they cannot add any.
  public let foodStore: (any FoodStore)?
  /// Where uploaded and clipped images are kept; nil keeps only images' original URLs.
  public let images: (any ImageStore)?
  /// Where the pantry, meal plan and shopping list are kept; nil where there are none.
  public let planning: (any PlanningStore)?
  /// Where each member keeps their own favourites, ratings and notes; nil where every caller
  /// sees and changes the recipes' own (as the command line always does). Give the store that
  /// keeps the recipes, so deleting a recipe deletes its marks.
  public let marks: (any RecipeMarkStore)?
  /// Where each signed-in user keeps their own staples, diets and units; nil where callers have
  /// only the usual settings.
  public let userSettings: (any UserSettingsStore)?
  /// Fetches and reads pages to clip, under its address policy.
  public let clipper: RecipeClipper
  /// Reads the text on photos of recipe pages (Tesseract after ImageMagick).
  public let photoReader: PhotoReader
  /// The installation's defaults for days, weeks and units.
  public let settings: LarderSettings
  /// The current time; a parameter so tests control it.
  public let clock: @Sendable () -> Date
  /// Makes ids for new pantry, plan and list records.
  public let makeID: @Sendable () -> PlanningID
  /// Where failures worth an operator's attention are written.
  public let log: @Sendable (String) -> Void
  /// Every recipe's summary in memory, for the library's facets, filters and orders; kept
  /// current by ``recipes``, which tells it of each write.
  let library: LibraryIndex
  /// Each household's food catalog, name index and finder, made on first use.
  let households: HouseholdCatalogs
  /// How lines are matched when stored recipes are matched again.
  let analysis: RecipeAnalysis
  /// Where recipes matched again are written: the store given, below the Larder's analysing
  /// and finder-indexing layers (so each recipe is analysed once and each finder rebuilt once),
  /// telling the library of each write.
  let rematchStore: any RecipeStore
  /// Remote images that could not be kept lately (see ``recipeImage(_:as:)``).
  let remoteImageFailures = RemoteImageFailures()
  /// Where the answers to changes sent with an idempotency key are kept for every process
  /// serving the database (PostgreSQL); nil keeps them in each server's memory.
  public var replayedAnswers: (any ReplayedAnswerStore)?
  /// Accounts, sessions and tokens, when this Larder has them (a server does; see
  /// `Larder+Accounts`); nil where every caller is made by the front end itself, as the
  /// command line's ``Caller/local(household:)``.
  public var accounts: AccountSupport?

  /// Assembles a Larder from its parts.
  ///
  /// Writes through ``recipes`` go to `recipes`, analysed first as `analysis` says (nil stores
  /// them as given), and then keep the writing household's finder and library current; so give
  /// it the store every front end writes through. Matching stored recipes again after a food
  /// change analyses them as `analysis` says, or else with the household's foods.
  ///
  /// Each household's catalog (the bundled foods with its own from `foodStore`) and finder
  /// (loaded from `recipes`) are made on the household's first use.
  public init(
    recipes: any RecipeStore, analysis: RecipeAnalysis? = nil,
    foodStore: (any FoodStore)? = nil, images: (any ImageStore)? = nil,
    planning: (any PlanningStore)? = nil, marks: (any RecipeMarkStore)? = nil,
    userSettings: (any UserSettingsStore)? = nil,
    clipper: RecipeClipper = RecipeClipper(),
    photoReader: PhotoReader = PhotoReader(),
    settings: LarderSettings = LarderSettings(),
    clock: @escaping @Sendable () -> Date = { Date() },
    makeID: @escaping @Sendable () -> PlanningID = { PlanningID(UUID()) },
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    let library = LibraryIndex()
    let households = HouseholdCatalogs(foodStore: foodStore, log: log)
    self.library = library
    self.households = households
    self.analysis = analysis ?? .householdFoods
    self.rematchStore = LibraryTrackingStore(base: recipes, library: library)
    // Lines are matched with the writing household's catalog as it is at each write, so a
    // food the household adds counts for recipes it saves after it.
    let analysed: any RecipeStore =
      analysis.map { analysis in
        AnalyzingRecipeStore(
          base: recipes,
          analyzers: { analysis.analyzer(try households.state(for: $0).foods) })
      } ?? recipes
    self.recipes = LibraryTrackingStore(
      base: FinderIndexedStore(base: analysed, engines: households), library: library)
    self.foodStore = foodStore
    self.images = images
    self.planning = planning
    self.marks = marks
    self.userSettings = userSettings
    // A clip's failures that the user is told about only plainly go to the operator's log.
    var clipper = clipper
    clipper.log = log
    self.clipper = clipper
    self.photoReader = photoReader
    self.settings = settings
    self.clock = clock
    self.makeID = makeID
    self.log = log
  }

  /// The caller's household's catalogs and finder, made on its first use.
  func household(_ caller: Caller) throws -> HouseholdState {
    try households.state(for: caller.household)
  }
}

/// How a Larder parses and matches the lines of recipes written through it.
public struct RecipeAnalysis: Sendable {
  /// The analyzer a household's writes use, given the household's live catalog.
  public let analyzer: @Sendable (LiveFoodCatalog) -> RecipeAnalyzer

  /// Analysis with the analyzer `analyzer` makes from a household's live catalog.
  public init(analyzer: @escaping @Sendable (LiveFoodCatalog) -> RecipeAnalyzer) {
    self.analyzer = analyzer
  }

  /// The shipped parser, and foods matched in the writing household's catalog as it is at
  /// each line.
  public static let householdFoods = RecipeAnalysis { .matchingFoods(in: $0) }
}

/// An installation's defaults: requests and commands may ask for others.
public struct LarderSettings: Sendable, Equatable {
  /// The time zone "today" is reckoned in.
  public var timeZone: TimeZone
  /// The unit system amounts are shown in.
  public var unitSystem: UnitSystem
  /// The day weeks start on.
  public var firstWeekday: Weekday
  /// The largest file an import reads (a plain file or an upload, and each archive member);
  /// the archive limits and the decompression budget follow from it
  /// (`BulkReader(allowingFilesUpTo:)`). Raised by a user for their own trusted exports.
  public var maximumImportFileBytes: Int

  /// The default ``maximumImportFileBytes``: 64 MiB.
  public static let defaultMaximumImportFileBytes = 64 << 20

  /// Makes settings; the defaults are the machine's time zone, US units, Monday and 64 MiB
  /// import files.
  public init(
    timeZone: TimeZone = .current, unitSystem: UnitSystem = .us, firstWeekday: Weekday = .monday,
    maximumImportFileBytes: Int = defaultMaximumImportFileBytes
  ) {
    self.timeZone = timeZone
    self.unitSystem = unitSystem
    self.firstWeekday = firstWeekday
    self.maximumImportFileBytes = maximumImportFileBytes
  }
}
