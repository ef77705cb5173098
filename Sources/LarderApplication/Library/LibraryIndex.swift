import Foundation
import LarderCore

/// Every recipe's summary held in memory for the library's facets, filters, sorting and
/// "surprise me", so none of them loads the full list from the store per request.
///
/// Each household has its own copy, a ``LibrarySnapshot``: a write of one household never
/// shows in another's library. Writes through the app patch the writer's copy in place of a
/// reload (``apply(_:household:)``: one entry replaced, added or removed), and each use
/// compares a cheap stamp (the recipe count and the most recently updated recipe) so that
/// changes made by another process, such as `larder import`, cause a reload. Between changes
/// every request is answered from memory, from orders and facet counts computed once per
/// snapshot.
final class LibraryIndex: @unchecked Sendable {
  // @unchecked Sendable: `slots` is read and written only while holding `lock`.
  private let lock = NSLock()
  private let loading = NSLock()
  private var slots: [HouseholdID: Slot] = [:]

  /// One household's copy.
  private struct Slot {
    var snapshot: LibrarySnapshot?
    var stamp: Stamp?
    /// Set when a write was applied to the snapshot: the next stamp read belongs to it.
    var restamp = false
  }

  /// What tells whether the store changed since a snapshot was loaded.
  struct Stamp: Equatable {
    var count: Int
    var newestID: RecipeID?
    var newestUpdate: Date?
  }

  /// A write the app made, to apply to the snapshot.
  enum Change {
    /// A recipe was created or updated; this is it as stored.
    case saved(Recipe)
    /// A recipe was deleted.
    case deleted(RecipeID)
  }

  /// The household's library as it is now, reloaded from the store only when another process
  /// changed it.
  func current(store: any RecipeStore, household: HouseholdID) throws -> LibrarySnapshot {
    let current = try stamp(store: store, household: household)
    lock.lock()
    if let slot = slots[household], let snapshot = slot.snapshot,
      slot.stamp == current || slot.restamp
    {
      slots[household]?.stamp = current
      slots[household]?.restamp = false
      lock.unlock()
      return snapshot
    }
    lock.unlock()
    // One load at a time: requests that miss together wait for it instead of each loading
    // every summary again.
    loading.lock()
    defer { loading.unlock() }
    lock.lock()
    if let slot = slots[household], let snapshot = slot.snapshot, slot.stamp == current {
      lock.unlock()
      return snapshot
    }
    lock.unlock()
    let loaded = LibrarySnapshot(try store.foodProfiles(household: household))
    lock.lock()
    defer { lock.unlock() }
    slots[household] = Slot(snapshot: loaded, stamp: current, restamp: false)
    return loaded
  }

  /// The store's stamp for the household now: read before loading what a snapshot holds, so
  /// a write in between makes the next use reload.
  func stamp(store: any RecipeStore, household: HouseholdID) throws -> Stamp {
    let newest = try store.recipes(
      matching: RecipeQuery(sort: .updated, limit: 1), household: household
    ).items.first
    return Stamp(
      count: try store.recipeCount(household: household), newestID: newest?.id,
      newestUpdate: newest?.updatedAt)
  }

  /// Runs `body`, which reads every recipe for another purpose and primes the snapshot with
  /// them (``prime(with:stamp:household:)``), as a load: a use meanwhile waits for that
  /// snapshot instead of reading every recipe again beside it.
  func whileLoading<T>(_ body: () throws -> T) rethrows -> T {
    loading.lock()
    defer { loading.unlock() }
    return try body()
  }

  /// The household's library as ``current(store:household:)`` gives it, or nil while a load
  /// is under way (the warm-up after a start): for a caller that can do without it rather
  /// than wait seconds, such as the finder's cards, which then read their recipes one by one.
  func currentUnlessLoading(
    store: any RecipeStore, household: HouseholdID
  ) throws -> LibrarySnapshot? {
    guard loading.try() else { return nil }
    loading.unlock()
    return try current(store: store, household: household)
  }

  /// Holds `summaries`, read from the store after it had `stamp` (or from a file saved when it
  /// had it), as the household's snapshot: what another reader of every recipe (the finder's
  /// build) loaded anyway, or what a start read from the saved file.
  func prime(
    with summaries: LibrarySummaries, stamp: Stamp, household: HouseholdID
  ) {
    let loaded = LibrarySnapshot(summaries)
    lock.lock()
    slots[household] = Slot(snapshot: loaded, stamp: stamp, restamp: false)
    lock.unlock()
    // What the library's first page needs (the order by name and the facets over every
    // recipe), worked out now, during the warm-up after a start, rather than on the first
    // request: 0.2–0.4 s at 100,000 recipes.
    loaded.prepareFirstPage()
  }

  /// The household's snapshot as last loaded and patched, without asking the store whether
  /// another process changed it (two queries, one of them a count over every recipe); nil
  /// before the first load. For callers that only read cards of recipes another index found,
  /// such as the finder's hits, which fall back to the store for a recipe it does not hold.
  func held(household: HouseholdID) -> LibrarySnapshot? {
    lock.lock()
    defer { lock.unlock() }
    return slots[household]?.snapshot
  }

  /// Patches the household's snapshot with a write the app just made; no reload needed.
  ///
  /// When no request holds the snapshot any more (the usual case between requests), its
  /// entries, index and orders are handed to the successor and patched in place; otherwise
  /// they are copied, and the old snapshot stays whole for whoever still reads it.
  func apply(_ change: Change, household: HouseholdID) {
    lock.lock()
    defer { lock.unlock() }
    guard slots[household]?.snapshot != nil else { return }
    // Deleting a recipe the library does not hold changes nothing. (No reference to the
    // snapshot is kept past this line: the check below counts references.)
    if case .deleted(let id) = change, slots[household]?.snapshot?.indexByID[id] == nil {
      return
    }
    let unheld = isKnownUniquelyReferenced(&slots[household]!.snapshot!)
    let old = slots[household]!.snapshot!
    let foodUse = old.foodUse
    var (entries, index, orders) =
      unheld ? old.handOver() : (old.entries, old.indexByID, old.computedOrders)
    var removed: Int?
    var placed: Int?
    switch change {
    case .saved(let recipe):
      let entry = LibraryEntry(RecipeSummary(recipe))
      if let position = index[recipe.id] {
        entries[position] = entry
        placed = position
      } else {
        entries.append(entry)
        placed = entries.count - 1
        index[recipe.id] = entries.count - 1
      }
    case .deleted(let id):
      guard let position = index[id] else { return }
      entries.remove(at: position)
      removed = position
      // Positions after the deleted one moved down.
      index[id] = nil
      for later in position..<entries.count { index[entries[later].summary.id] = later }
    }
    for sort in Array(orders.keys) {
      let order = orders.removeValue(forKey: sort) ?? []
      orders[sort] = LibrarySorting.patched(
        order, entries, by: sort, removed: removed, placed: placed)
    }
    let next = LibrarySnapshot(entries: entries, foodUse: foodUse, indexByID: index)
    next.adopt(orders)
    slots[household]?.snapshot = next
    slots[household]?.restamp = true
  }

  /// Drops the household's snapshot: its next use reloads it (after a bulk import, say).
  func invalidate(household: HouseholdID) {
    lock.lock()
    slots[household] = nil
    lock.unlock()
  }
}

/// A recipe's summary with the keys filters and sorting compare, computed once.
///
/// A class: a write makes a new snapshot whose entries are the old ones but one, and copying
/// a hundred thousand references costs a fraction of copying as many structs of strings and
/// arrays (most of a write's 190 ms at 100,000 recipes, profiled).
final class LibraryEntry: Sendable {
  let summary: RecipeSummary
  let nameKey: String
  let courses: [String]
  let cuisines: [String]
  let tags: [String]
  /// Its diets and the diets they imply (vegan implies vegetarian).
  let diets: Set<DietLabel>
  let minutes: Int?

  /// Keys already worked out, kept from one entry to the next while a whole library is
  /// indexed: its courses, cuisines, tags and lists of diets repeat from recipe to recipe.
  struct Memo {
    var words: [String: String] = [:]
    var diets: [[DietLabel]: Set<DietLabel>] = [:]
  }

  convenience init(_ summary: RecipeSummary) {
    var memo = Memo()
    self.init(summary, memo: &memo)
  }

  /// The entry of `summary`, with the keys `memo` already holds (and adding those it did not).
  init(_ summary: RecipeSummary, memo: inout Memo) {
    func keys(_ values: [String]) -> [String] {
      var keys: [String] = []
      keys.reserveCapacity(values.count)
      for value in values {
        let key: String
        if let known = memo.words[value] {
          key = known
        } else if let first = value.utf8.first, let last = value.utf8.last,
          first != 0x20, first != 0x09, last != 0x20, last != 0x09,
          value.utf8.allSatisfy({ $0 < 0x80 })
        {
          // ASCII with no space or tab at either end (most values): nothing to trim.
          key = value.lowercased()
          memo.words[value] = key
        } else {
          key = value.trimmingCharacters(in: .whitespaces).lowercased()
          memo.words[value] = key
        }
        if !key.isEmpty && !keys.contains(key) { keys.append(key) }
      }
      return keys
    }
    self.summary = summary
    nameKey = Self.nameKey(summary.name)
    courses = keys(summary.courses)
    cuisines = keys(summary.cuisines)
    tags = keys(summary.keywords)
    if summary.diets.isEmpty {
      diets = []
    } else if let known = memo.diets[summary.diets] {
      diets = known
    } else {
      diets = Set(summary.diets.flatMap { [$0] + (FinderDiet.implications[$0] ?? []) })
      memo.diets[summary.diets] = diets
    }
    minutes = summary.totalTime.flatMap { $0.seconds > 0 ? $0.minutes : nil }
  }

  /// What names are sorted and compared by: the name folded for case and diacritics. A name
  /// all in ASCII (most are) is only lowercased, which is what folding makes of it, without
  /// Foundation's folding (a third of a library's load at 100,000 recipes).
  static func nameKey(_ name: String) -> String {
    if name.utf8.allSatisfy({ $0 < 0x80 }) { return name.lowercased() }
    return name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }
}

/// The whole library at one moment: entries, the food use counts, and orders and facet counts
/// computed on first use.
final class LibrarySnapshot: @unchecked Sendable {
  // @unchecked Sendable: `entries`, `foodUse` and `indexByID` never change after init, but
  // for `handOver()`, which `LibraryIndex.apply` calls only while nothing else references the
  // snapshot (and under its lock, so nothing can take it meanwhile); the caches are read and
  // written only while holding `lock`.
  private(set) var entries: [LibraryEntry]
  /// How many recipes use each food (required or optional), for ordering foods by aisle.
  let foodUse: [String: Int]
  private(set) var indexByID: [RecipeID: Int]
  private let lock = NSLock()
  private var orders: [RecipeSort: [Int]] = [:]
  private var allFacets: LibraryFacets?
  private var memos: [String: Any] = [:]

  convenience init(_ profiles: [RecipeFoodProfile]) {
    self.init(LibrarySummaries(profiles: profiles))
  }

  /// A snapshot of every recipe's summary and the foods' use counts.
  convenience init(_ library: LibrarySummaries) {
    let summaries = library.summaries
    // A large library's entries are made in two halves at once, each with its own memo (the
    // load after a start is what the library's first whole page waits for).
    guard summaries.count >= 20_000 else {
      var memo = LibraryEntry.Memo()
      self.init(entries: summaries.map { LibraryEntry($0, memo: &memo) }, foodUse: library.foodUse)
      return
    }
    let middle = summaries.count / 2
    let halves = [summaries[..<middle], summaries[middle...]]
    let made = Made(count: 2)
    DispatchQueue.concurrentPerform(iterations: 2) { half in
      var memo = LibraryEntry.Memo()
      made.set(half, halves[half].map { LibraryEntry($0, memo: &memo) })
    }
    self.init(entries: made.joined, foodUse: library.foodUse)
  }

  /// The halves ``init(_:)`` makes at once, each written by one thread.
  private final class Made: @unchecked Sendable {
    // @unchecked Sendable: `parts` is written only while holding `lock` (one array written
    // from two threads, even at different indices, needs it), and read after
    // `concurrentPerform` returns.
    private let lock = NSLock()
    private var parts: [[LibraryEntry]]
    init(count: Int) { parts = Array(repeating: [], count: count) }
    func set(_ index: Int, _ entries: [LibraryEntry]) {
      lock.lock()
      parts[index] = entries
      lock.unlock()
    }
    var joined: [LibraryEntry] { parts.flatMap { $0 } }
  }

  /// A snapshot of these entries; `foodUse` is carried over from the last full load when a
  /// write is patched in (it only orders foods within an aisle).
  /// `indexByID`, when given, is the entries' positions already known (a write that moved
  /// none).
  init(
    entries: [LibraryEntry], foodUse: [String: Int], indexByID known: [RecipeID: Int]? = nil
  ) {
    self.entries = entries
    self.foodUse = foodUse
    if let known {
      indexByID = known
    } else {
      var index: [RecipeID: Int] = [:]
      index.reserveCapacity(entries.count)
      for (position, entry) in entries.enumerated() { index[entry.summary.id] = position }
      indexByID = index
    }
  }

  /// Gives a successor this snapshot's entries, index and orders without copying them,
  /// leaving it empty: only for a snapshot nothing else references.
  func handOver() -> ([LibraryEntry], [RecipeID: Int], [RecipeSort: [Int]]) {
    lock.lock()
    defer { lock.unlock() }
    let given = (entries, indexByID, orders)
    entries = []
    indexByID = [:]
    orders = [:]
    return given
  }

  /// The orders computed so far, for a successor snapshot to patch rather than sort again.
  var computedOrders: [RecipeSort: [Int]] {
    lock.lock()
    defer { lock.unlock() }
    return orders
  }

  /// Gives this snapshot orders already known (patched from its predecessor's).
  func adopt(_ known: [RecipeSort: [Int]]) {
    lock.lock()
    orders = known
    lock.unlock()
  }

  /// Entry positions in the given order, computed once per snapshot.
  func order(_ sort: RecipeSort) -> [Int] {
    let sort: RecipeSort = sort == .relevance ? .name : sort
    lock.lock()
    if let cached = orders[sort] {
      lock.unlock()
      return cached
    }
    lock.unlock()
    let computed = LibrarySorting.sorted(Array(entries.indices), entries, by: sort)
    lock.lock()
    orders[sort] = computed
    lock.unlock()
    return computed
  }

  /// Entry positions in the given order with the ratings `marks` gives. A member's order by
  /// rating is worked out per request without sorting everything: the recipes they rated, by
  /// rating then name, and then every other recipe in the name order already computed, which
  /// is what sorting all of them would give (unrated counts as 0, ratings are 1 to 5).
  func order(_ sort: RecipeSort, marks: CallerMarks) -> [Int] {
    guard sort == .rating, let byRecipe = marks.byRecipe else { return order(sort) }
    let rated = byRecipe.values.compactMap { mark -> (position: Int, rating: Int)? in
      guard let rating = mark.rating, let position = indexByID[mark.recipeID] else { return nil }
      return (position, rating)
    }
    let byName = LibrarySorting.precedes(.name, entries)
    var isRated = [Bool](repeating: false, count: entries.count)
    for entry in rated { isRated[entry.position] = true }
    return rated.sorted {
      $0.rating != $1.rating ? $0.rating > $1.rating : byName($0.position, $1.position)
    }
    .map(\.position) + order(.name).filter { !isRated[$0] }
  }

  /// A value derived from this snapshot, computed on first use and kept with it.
  func memo<Value>(_ key: String, _ make: () throws -> Value) rethrows -> Value {
    lock.lock()
    if let cached = memos[key] as? Value {
      lock.unlock()
      return cached
    }
    lock.unlock()
    let value = try make()
    lock.lock()
    memos[key] = value
    lock.unlock()
    return value
  }

  /// Computes what an unfiltered first page needs, if not yet done: the order by name (the
  /// default) and the facets over every recipe.
  func prepareFirstPage() {
    // Both at once: they read the entries only, and each keeps its result under the lock.
    DispatchQueue.concurrentPerform(iterations: 2) { part in
      if part == 0 { _ = order(.name) } else { _ = facetsOfAll }
    }
  }

  /// Facet counts over every recipe, computed once per snapshot.
  var facetsOfAll: LibraryFacets {
    lock.lock()
    if let allFacets {
      lock.unlock()
      return allFacets
    }
    lock.unlock()
    let computed = LibraryFacets(entries)
    lock.lock()
    allFacets = computed
    lock.unlock()
    return computed
  }
}
