import Foundation
import LarderCore

/// Each household's food catalog, pantry finder and food name index, made on the household's
/// first use and kept while the Larder runs: households share one running Larder, each with
/// its own foods and synonyms and a finder holding only its own recipes, and a household not
/// used yet costs nothing.
///
/// A household without foods of its own shares the bundled catalog, its name index and its
/// finder facts with every other such household until it adds one.
final class HouseholdCatalogs: FinderEngines, @unchecked Sendable {
  // @unchecked Sendable: `states` is read and written only while holding `lock`; each state is
  // itself Sendable, and the food store is.
  private let lock = NSLock()
  /// Held from reading a household's foods to replacing its catalog, so two changes made at
  /// once cannot leave the earlier reading in place.
  private let reloading = NSLock()
  private var states: [HouseholdID: HouseholdState] = [:]
  private let foodStore: (any FoodStore)?
  private let log: @Sendable (String) -> Void
  /// What households without foods of their own share.
  private let shared: SharedCatalog

  /// Catalogs whose households' own foods are kept in `foodStore` (none without one); the
  /// foods that no longer apply for a household loaded on first use are written to `log`.
  init(foodStore: (any FoodStore)?, log: @escaping @Sendable (String) -> Void) {
    self.foodStore = foodStore
    self.log = log
    self.shared = SharedCatalog(.bundled)
  }

  /// The household's state, made (its foods read from the food store) on its first use.
  func state(for household: HouseholdID) throws -> HouseholdState {
    try state(for: household) { warnings in
      for warning in warnings { log("warning: household '\(household)': \(warning)") }
    }
  }

  /// The household's state, made now if it was not yet, with the household's foods that no
  /// longer apply when it was made now (else none): for opening a Larder, which reports them.
  func open(_ household: HouseholdID) throws -> (state: HouseholdState, warnings: [String]) {
    var found: [String] = []
    let state = try state(for: household) { found = $0 }
    return (state, found)
  }

  /// The households used so far (each has a state), in no particular order.
  var householdsInUse: [HouseholdID] {
    lock.lock()
    defer { lock.unlock() }
    return Array(states.keys)
  }

  /// The household's state if it has been used; never makes one.
  func existingState(for household: HouseholdID) -> HouseholdState? {
    lock.lock()
    defer { lock.unlock() }
    return states[household]
  }

  /// Reads the household's foods from the food store again and makes them its catalog, for
  /// its finder too; returns the state.
  @discardableResult
  func reload(_ household: HouseholdID) throws -> HouseholdState {
    let state = try state(for: household)
    reloading.lock()
    defer { reloading.unlock() }
    state.replaceFoods(with: try foods(of: household).catalog)
    return state
  }

  /// Passes the household's finder engine to `edit` when it has been built.
  func withEngine(of household: HouseholdID, _ edit: (FinderEngine) throws -> Void) rethrows {
    guard let state = existingState(for: household) else { return }
    try state.finder.withEngine(edit)
  }

  private func state(
    for household: HouseholdID, warnings: ([String]) -> Void
  ) throws -> HouseholdState {
    if let state = existingState(for: household) { return state }
    // Read outside the lock, so one household's first use does not hold up the others; a
    // household two requests make at once keeps the first one stored.
    let (catalog, problems, isShared) = try foods(of: household)
    let made = HouseholdState(catalog: catalog, shared: isShared ? shared : nil)
    lock.lock()
    let kept = states[household] ?? made
    states[household] = kept
    lock.unlock()
    if kept === made { warnings(problems) }
    return kept
  }

  /// The bundled foods with the household's own, the household's foods that no longer apply,
  /// and whether the catalog is the shared one (the household has no foods of its own).
  private func foods(
    of household: HouseholdID
  ) throws -> (catalog: FoodCatalog, problems: [String], isShared: Bool) {
    guard let foodStore else { return (shared.catalog, [], true) }
    let own = try ApplicationError.translating { try foodStore.userFoods(household: household) }
    guard !own.isEmpty else { return (shared.catalog, [], true) }
    let (catalog, problems) = shared.catalog.customized(with: own)
    return (catalog, problems, false)
  }
}

/// One household's food catalog, food name index and pantry finder.
final class HouseholdState: Sendable {
  /// The bundled foods with the household's own, as they are now.
  let foods: LiveFoodCatalog
  /// The index autocomplete searches, built on first use.
  let foodNames: LazyFoodNameIndex
  /// The finder over the household's recipes, built on first use.
  let finder: HouseholdFinder
  /// What the household shares with others while its catalog is the one it started with;
  /// nil when it started with foods of its own.
  private let shared: SharedCatalog?

  init(catalog: FoodCatalog, shared: SharedCatalog?) {
    let foods = LiveFoodCatalog(catalog)
    self.foods = foods
    self.shared = shared
    self.foodNames = LazyFoodNameIndex(foods, shared: shared?.names)
    self.finder = HouseholdFinder()
  }

  /// The finder's facts (the hierarchy and diets) from the catalog as it is now.
  var finderCatalog: FinderCatalog {
    let (catalog, version) = foods.currentWithVersion
    if version == 0, let shared { return shared.finderCatalog }
    return FinderCatalog(foods: catalog)
  }

  /// Makes `catalog` the household's foods, for its finder too.
  func replaceFoods(with catalog: FoodCatalog) {
    foods.replace(with: catalog)
    finder.setCatalog(finderCatalog)
  }
}

/// What households without foods of their own share: the bundled catalog, its name index and
/// the finder's facts drawn from it, each made once, on first use.
final class SharedCatalog: Sendable {
  /// The catalog.
  let catalog: FoodCatalog
  /// Its name index.
  let names: LazyFoodNameIndex
  private let finderFacts: LazyValue<FinderCatalog>

  init(_ catalog: FoodCatalog) {
    self.catalog = catalog
    self.names = LazyFoodNameIndex(LiveFoodCatalog(catalog))
    self.finderFacts = LazyValue { FinderCatalog(foods: catalog) }
  }

  /// The finder's facts from the catalog.
  var finderCatalog: FinderCatalog { finderFacts.value }
}

/// A value made on first use, once, however many threads ask at the same time.
final class LazyValue<Value: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: `made` is read and written only while holding `lock`.
  private let lock = NSLock()
  private let make: @Sendable () -> Value
  private var made: Value?

  init(_ make: @escaping @Sendable () -> Value) {
    self.make = make
  }

  var value: Value {
    lock.lock()
    defer { lock.unlock() }
    if let made { return made }
    let value = make()
    made = value
    return value
  }
}

/// One household's pantry finder: made and loaded from the store on its first use, then kept
/// current by each write of the household.
///
/// Builds and edits take turns (`building`), so an edit is never lost to a build that read the
/// store before it was written: an edit waits for the build and then applies to what it built.
/// Searches do not wait: they use the engine, which swaps in a rebuilt index at once.
final class HouseholdFinder: @unchecked Sendable {
  // @unchecked Sendable: `engine` is read and written only while holding `lock`; `building`
  // orders builds and edits.
  private let lock = NSLock()
  private let building = NSLock()
  private var engine: FinderEngine?

  /// The engine when it has been built, else nil.
  var builtEngine: FinderEngine? {
    lock.lock()
    defer { lock.unlock() }
    return engine
  }

  /// The engine, built on the first call from `load` (the household's recipes) with the facts
  /// `catalog` gives.
  func engine(
    catalog: () -> FinderCatalog, load: () throws -> [FinderRecipe]
  ) throws -> FinderEngine {
    if let built = builtEngine { return built }
    building.lock()
    defer { building.unlock() }
    if let built = builtEngine { return built }
    let made = FinderEngine(catalog: catalog())
    _ = made.build(recipes: try load(), clock: { 0 })
    publish(made)
    return made
  }

  /// Loads the household's recipes from `load` into the engine, making it first when there
  /// is none; returns what the build took by `clock`.
  func rebuild(
    catalog: () -> FinderCatalog, load: () throws -> [FinderRecipe], clock: () -> UInt64
  ) throws -> FinderBuildReport {
    try rebuild(
      catalog: catalog, restoring: { _ in nil }, load: load, built: { _, _ in }, clock: clock)
  }

  /// Fills the engine (made first when there is none) by `restoring`, which returns nil when
  /// it could not (a saved index that is missing or stale), or else from `load`; then passes
  /// a built engine to `built`. All of it holds edits back, so `restoring` can read the
  /// store's version knowing that every write after that read reaches the engine it fills,
  /// and `built` sees the engine before any of them.
  func rebuild(
    catalog: () -> FinderCatalog, restoring: (FinderEngine) throws -> FinderBuildReport?,
    load: () throws -> [FinderRecipe], built: (FinderEngine, FinderBuildReport) -> Void,
    clock: () -> UInt64
  ) throws -> FinderBuildReport {
    building.lock()
    defer { building.unlock() }
    let engine = builtEngine ?? FinderEngine(catalog: catalog())
    if let report = try restoring(engine) {
      publish(engine)
      return report
    }
    let report = engine.build(recipes: try load(), clock: clock)
    built(engine, report)
    publish(engine)
    return report
  }

  /// Loads the household's recipes again when the engine has been built (after its recipes
  /// were matched again below the finder); returns whether it had been.
  func rebuildIfBuilt(load: () throws -> [FinderRecipe]) throws -> Bool {
    building.lock()
    defer { building.unlock() }
    guard let engine = builtEngine else { return false }
    _ = engine.build(recipes: try load(), clock: { 0 })
    return true
  }

  /// Passes the engine to `edit` when it has been built, never during a build.
  func withEngine(_ edit: (FinderEngine) throws -> Void) rethrows {
    building.lock()
    defer { building.unlock() }
    if let engine = builtEngine { try edit(engine) }
  }

  /// Gives the engine, when built, the facts of a changed catalog; a later build reads them
  /// afresh.
  func setCatalog(_ catalog: FinderCatalog) {
    withEngine { $0.setCatalog(catalog) }
  }

  private func publish(_ made: FinderEngine) {
    lock.lock()
    engine = made
    lock.unlock()
  }
}
