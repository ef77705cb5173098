import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The pantry finder: answers "what can I cook with what I have?" over a million recipes in
/// about a millisecond, and takes recipe edits as they happen.
///
/// Build it once from the store with ``build(recipes:clock:)``, then keep it current with
/// ``add(_:)``, ``update(_:)`` and ``remove(recipeID:)``; none of them rebuilds. Queries return
/// exactly what ``FinderScan`` returns (the tests hold the two together), only much faster:
/// the engine numbers foods, keeps each food's recipes in posting lists grouped by the food's
/// rarity in the recipe, visits only the groups a query's K can need (prefix filtering), counts
/// matches per recipe, and checks the few candidates against flat 16-byte records whose 64-bit
/// masks stand for the most frequent foods.
///
/// Thread safety: any number of queries run at once; edits wait for running queries and hold
/// queries back while they apply. A query over more than 262,144 recipes (one walk block) uses
/// a second thread from the system's pool for half its walk and half its checks.
///
/// Size: up to 16,777,216 recipes; about 170 bytes a recipe (169 MB for the benchmark's
/// million), plus working memory for each query running at once: 1.4 bytes a recipe, and up to
/// 2 MB for the walk's notes.
public final class FinderEngine: @unchecked Sendable {
  // @unchecked Sendable: `index` is read only under the lock's read side and written only under
  // its write side, so no thread ever sees it half changed.
  private let lock = FinderReadWriteLock()
  private var index: FinderIndex
  private let scratch = FinderScratchPool()

  /// Makes an empty engine.
  public init(catalog: FinderCatalog = FinderCatalog()) {
    index = FinderIndex(catalog: catalog)
  }

  /// The catalog facts the engine reasons with.
  public var catalog: FinderCatalog { lock.reading { index.catalog } }

  /// Replaces the catalog facts; the recipes need no rebuild, since only queries read them.
  public func setCatalog(_ catalog: FinderCatalog) {
    lock.writing { index.setCatalog(catalog) }
  }

  /// Replaces every recipe with these (of several with the same id, the last counts), building
  /// the index in bulk while queries keep running on the old one.
  ///
  /// - Parameter clock: a monotonic clock in nanoseconds, such as
  ///   `{ DispatchTime.now().uptimeNanoseconds }`; the core reads no clock of its own.
  @discardableResult
  public func build(recipes: [FinderRecipe], clock: () -> UInt64) -> FinderBuildReport {
    let start = clock()
    let built = FinderIndex.built(from: recipes, catalog: catalog)
    let seconds = Double(clock() &- start) / 1e9
    lock.writing { index = built }
    scratch.drain()
    return FinderBuildReport(
      recipeCount: built.recipeCount, foodCount: built.foodCount, seconds: seconds,
      memoryBytes: built.memoryBytes)
  }

  /// The engine's index as bytes that ``restore(savedIndex:clock:)`` reads back without
  /// building it again: what a server keeps beside its database for its next start. The
  /// catalog's facts are not in them (restoring applies the engine's own), and the bytes fit
  /// only a machine and a Larder that lay records out the same way.
  public func savedIndex() -> Data {
    Data(lock.reading { index.snapshotBytes() })
  }

  /// Replaces every recipe with those of an index ``savedIndex()`` wrote, giving it this
  /// engine's catalog, while queries keep running on the old one; throws
  /// ``LarderCoreError/unreadableSnapshot(reason:)`` and changes nothing when the bytes are
  /// truncated, damaged, or from another format or machine.
  ///
  /// - Parameter clock: a monotonic clock in nanoseconds, as for ``build(recipes:clock:)``.
  @discardableResult
  public func restore(savedIndex: Data, clock: () -> UInt64) throws -> FinderBuildReport {
    let start = clock()
    let facts = catalog
    let restored = try savedIndex.withUnsafeBytes { try FinderIndex(snapshot: $0, catalog: facts) }
    let seconds = Double(clock() &- start) / 1e9
    lock.writing { index = restored }
    scratch.drain()
    return FinderBuildReport(
      recipeCount: restored.recipeCount, foodCount: restored.foodCount, seconds: seconds,
      memoryBytes: restored.memoryBytes)
  }

  /// Adds a recipe, replacing the one with the same id if there is one.
  public func add(_ recipe: FinderRecipe) {
    lock.writing { index.add(recipe) }
  }

  /// Replaces the recipe with the same id (adding it if there is none): ``add(_:)`` under the
  /// name an edit reads best with.
  public func update(_ recipe: FinderRecipe) {
    add(recipe)
  }

  /// Removes a recipe; false when the engine has no recipe with this id.
  @discardableResult
  public func remove(recipeID: String) -> Bool {
    lock.writing { index.remove(id: recipeID) }
  }

  /// Whether the engine holds a recipe with this id.
  public func contains(recipeID: String) -> Bool {
    lock.reading { index.ids.slot(of: recipeID) != nil }
  }

  /// How many recipes the engine holds.
  public var recipeCount: Int { lock.reading { index.recipeCount } }

  /// The bytes the engine's arrays and tables hold.
  public var memoryBytes: Int { lock.reading { index.memoryBytes } }

  /// The recipes the query's filters, inclusions, exclusions and diets would let through but
  /// that the finder cannot judge (``FinderRecipe/isJudgeable``), by reason; the pantry and K
  /// do not matter to them.
  public func unjudged(_ query: FinderQuery) -> FinderUnjudged {
    lock.reading { index.unjudged(query) }
  }

  /// What answering a query reads, for benchmarks: numbers that, unlike its time, do not
  /// depend on what else the machine is doing.
  public struct Work: Sendable, Equatable {
    /// Posting entries the walk visited.
    public var postingsWalked: Int
    /// Recipes the walk could not decide, each checked against its record.
    public var candidatesChecked: Int
  }

  /// Answers the query (ranking by expiry aside) and says what it read.
  public func work(of query: FinderQuery) -> Work {
    let memory = scratch.take()
    defer { scratch.give(memory) }
    memory.postingsWalked = 0
    memory.candidatesChecked = 0
    _ = lock.reading { index.find(query, scratch: memory) }
    return Work(
      postingsWalked: memory.postingsWalked, candidatesChecked: memory.candidatesChecked)
  }

  /// The page of ranked matches the query asks for, with the total number of matches.
  public func find(_ query: FinderQuery) -> Page<FinderMatch> {
    find(query, judging: false).page
  }

  /// ``find(_:)`` and ``unjudged(_:)`` at once: the query is worked out against the index
  /// once for both (at a hundred thousand recipes that is a sixth of a query's time).
  public func findWithUnjudged(
    _ query: FinderQuery
  ) -> (page: Page<FinderMatch>, unjudged: FinderUnjudged) {
    find(query, judging: true)
  }

  private func find(
    _ query: FinderQuery, judging: Bool
  ) -> (page: Page<FinderMatch>, unjudged: FinderUnjudged) {
    let memory = scratch.take()
    defer { scratch.give(memory) }
    func answer(_ asked: FinderQuery) -> (Page<FinderMatch>, FinderUnjudged, FinderTaxonomy) {
      let plan = FinderPlan(query: asked, index: index)
      return (
        index.find(asked, plan: plan, scratch: memory),
        judging ? index.unjudged(plan: plan) : FinderUnjudged(), index.catalog.taxonomy
      )
    }
    guard query.ranksByExpiry else {
      let (page, unjudged, _) = lock.reading { answer(query) }
      return (page, unjudged)
    }
    // "Use it up" ranks every match, then pages: expiry is not part of the packed key the
    // search prunes with, and a household's matches are few. (Offset and limit do not change
    // which recipes are unjudged.)
    var everything = query
    everything.offset = 0
    everything.limit = Int.max
    let (all, unjudged, taxonomy) = lock.reading { answer(everything) }
    let ranked = query.rankedByExpiry(all.items, taxonomy: taxonomy)
    let page = Page(
      items: Array(ranked.dropFirst(query.normalizedOffset).prefix(query.normalizedLimit)),
      total: all.total, offset: query.normalizedOffset, limit: query.normalizedLimit)
    return (page, unjudged)
  }
}

/// What building the engine took.
public struct FinderBuildReport: Hashable, Sendable {
  /// Recipes indexed.
  public var recipeCount: Int
  /// Distinct foods known (from recipes and the catalog).
  public var foodCount: Int
  /// Wall time of the build, by the clock passed in.
  public var seconds: Double
  /// Bytes the built index holds.
  public var memoryBytes: Int
}

/// A readers-writer lock: queries share it, edits take it alone.
final class FinderReadWriteLock: @unchecked Sendable {
  // @unchecked Sendable: the pthread lock is made for sharing between threads; its storage is
  // allocated once, never moves, and is freed only in deinit.
  private let lock: UnsafeMutablePointer<pthread_rwlock_t>

  init() {
    lock = .allocate(capacity: 1)
    lock.initialize(to: pthread_rwlock_t())
    #if os(Linux)
      // glibc lets readers overtake a waiting writer by default, so a steady stream of queries
      // could hold an edit back for ever; prefer the writer.
      var attributes = pthread_rwlockattr_t()
      pthread_rwlockattr_init(&attributes)
      pthread_rwlockattr_setkind_np(
        &attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
      pthread_rwlock_init(lock, &attributes)
      pthread_rwlockattr_destroy(&attributes)
    #else
      pthread_rwlock_init(lock, nil)
    #endif
  }

  deinit {
    pthread_rwlock_destroy(lock)
    lock.deallocate()
  }

  func reading<Value>(_ body: () throws -> Value) rethrows -> Value {
    pthread_rwlock_rdlock(lock)
    defer { pthread_rwlock_unlock(lock) }
    return try body()
  }

  func writing<Value>(_ body: () throws -> Value) rethrows -> Value {
    pthread_rwlock_wrlock(lock)
    defer { pthread_rwlock_unlock(lock) }
    return try body()
  }
}
