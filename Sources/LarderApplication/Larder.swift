import Foundation
import LarderCore
import LarderImport

/// One running Larder: the stores, the food catalog and the finder that every use case works
/// on. The server and the command line each make one and call its use cases; neither reaches
/// into the stores on its own.
///
/// Use cases live in extensions of this type, one file per area (finder, library, planning,
/// imports, foods), and each takes the ``Caller`` it acts for.
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

  /// Assembles a Larder from its parts. Writes through ``recipes`` keep the Larder's own
  /// indexes current, so give it the store every front end writes through.
  public init(
    recipes: any RecipeStore, foods: LiveFoodCatalog = LiveFoodCatalog(.bundled),
    finder: FinderEngine = FinderEngine(), foodStore: (any FoodStore)? = nil,
    images: (any ImageStore)? = nil, planning: (any PlanningStore)? = nil,
    clipper: RecipeClipper = RecipeClipper(), settings: LarderSettings = LarderSettings(),
    clock: @escaping @Sendable () -> Date = { Date() },
    makeID: @escaping @Sendable () -> PlanningID = { PlanningID(UUID()) },
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
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
