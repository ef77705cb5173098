import Foundation
import LarderCore
import LarderImport

/// One running Larder: the stores, the food catalog and the finder that every use case works
/// on. The server and the command line each make one and call its use cases; neither reaches
/// into the stores on its own.
///
/// Use cases live in extensions of this type, one file per area (finder, library, planning,
/// imports, foods), and each takes the ``Caller`` it acts for.
///
/// The live food catalog (``foods``) and the finder's engine (``finder``) are one per process:
/// they hold the foods and recipes of one household, ``catalogHousehold`` (the household that
/// opened the Larder). A use case that reads or changes them refuses another caller with
/// ``ApplicationError/conflict(reason:)`` rather than answer from the wrong household's data;
/// accounts will make them per household. The library's index is already per household.
public struct Larder: Sendable {
  /// Where recipes are kept. Writes go through it, so the finder's engine (and any other
  /// derived index) stays current.
  public let recipes: any RecipeStore
  /// The food catalog, as it is now: the bundled foods plus the household's own.
  public let foods: LiveFoodCatalog
  /// The pantry finder's engine, holding every stored recipe's foods.
  public let finder: FinderEngine
  /// Where households keep their own foods and synonyms; nil where they cannot add any.
  public let foodStore: (any FoodStore)?
  /// Where uploaded and clipped images are kept; nil keeps only images' original URLs.
  public let images: (any ImageStore)?
  /// Where the pantry, meal plan and shopping list are kept; nil where there are none.
  public let planning: (any PlanningStore)?
  /// Fetches and reads pages to clip, under its address policy.
  public let clipper: RecipeClipper
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
  /// The food name index for autocomplete, built on first use.
  let foodNames: LazyFoodNameIndex
  /// Remote images that could not be kept lately (see ``recipeImage(_:as:)``).
  let remoteImageFailures = RemoteImageFailures()
  /// The household whose foods ``foods`` holds and whose recipes ``finder`` holds.
  public let catalogHousehold: HouseholdID
  /// Accounts, sessions and tokens, when this Larder has them (a server does; see
  /// `Larder+Accounts`); nil where every caller is made by the front end itself, as the
  /// command line's ``Caller/local(household:)``.
  public var accounts: AccountSupport?
  /// How ``rematchRecipes(progress:as:)`` writes recipes matched again, when the Larder was
  /// assembled knowing it (see ``open(databasePath:settings:clipper:options:caller:clock:log:)``);
  /// nil writes them through ``recipes`` and rebuilds the finder.
  var rematchTarget: RematchTarget?

  /// Assembles a Larder from its parts. Writes through ``recipes`` keep the Larder's own
  /// indexes current, so give it the store every front end writes through.
  public init(
    recipes: any RecipeStore, foods: LiveFoodCatalog = LiveFoodCatalog(.bundled),
    finder: FinderEngine = FinderEngine(), foodStore: (any FoodStore)? = nil,
    images: (any ImageStore)? = nil, planning: (any PlanningStore)? = nil,
    clipper: RecipeClipper = RecipeClipper(), settings: LarderSettings = LarderSettings(),
    clock: @escaping @Sendable () -> Date = { Date() },
    makeID: @escaping @Sendable () -> PlanningID = { PlanningID(UUID()) },
    log: @escaping @Sendable (String) -> Void = { _ in },
    catalogHousehold: HouseholdID = .default
  ) {
    self.catalogHousehold = catalogHousehold
    let library = LibraryIndex()
    self.library = library
    self.recipes = LibraryTrackingStore(base: recipes, library: library)
    self.foods = foods
    self.foodNames = LazyFoodNameIndex(foods)
    self.finder = finder
    self.foodStore = foodStore
    self.images = images
    self.planning = planning
    // A clip's failures that the user is told about only plainly go to the operator's log.
    var clipper = clipper
    clipper.log = log
    self.clipper = clipper
    self.settings = settings
    self.clock = clock
    self.makeID = makeID
    self.log = log
  }

  /// Refuses a caller of another household than the one the catalog and finder belong to.
  func requireCatalogHousehold(_ caller: Caller) throws {
    guard caller.household != catalogHousehold else { return }
    throw ApplicationError.conflict(
      reason: "this Larder's food catalog and pantry finder are household "
        + "'\(catalogHousehold)''s; household '\(caller.household)' cannot use them yet")
  }
}

/// Where recipes matched again are written: a store below the Larder's analysing and
/// finder-indexing layers, so each recipe is analysed once and the finder rebuilt once.
struct RematchTarget: Sendable {
  /// The store that keeps the recipes, without analysis or finder indexing.
  let store: any RecipeStore
  /// How lines are matched with the catalog as it is now.
  let analyzer: RecipeAnalyzer
  /// Whether the finder holds the recipes, and so is rebuilt after the pass.
  let finderInUse: Bool
}

/// An installation's defaults: requests and commands may ask for others.
public struct LarderSettings: Sendable, Equatable {
  /// The time zone "today" is reckoned in.
  public var timeZone: TimeZone
  /// The unit system amounts are shown in.
  public var unitSystem: UnitSystem
  /// The day weeks start on.
  public var firstWeekday: Weekday

  /// Makes settings; the defaults are the machine's time zone, US units and Monday.
  public init(
    timeZone: TimeZone = .current, unitSystem: UnitSystem = .us, firstWeekday: Weekday = .monday
  ) {
    self.timeZone = timeZone
    self.unitSystem = unitSystem
    self.firstWeekday = firstWeekday
  }
}
