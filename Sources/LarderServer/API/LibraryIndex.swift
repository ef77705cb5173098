import Foundation
import LarderCore

/// Every recipe's summary held in memory for the library's facets, filters, sorting and
/// "surprise me", so none of them loads the full list from the store per request.
///
/// The copy is a ``LibrarySnapshot``. Writes through the app patch it in place of a reload
/// (``apply(_:)``: one entry replaced, added or removed), and each use compares a cheap stamp
/// (the recipe count and the most recently updated recipe) so that changes made by another
/// process, such as `larder import`, cause a reload. Between changes every request is answered
/// from memory, from orders and facet counts computed once per snapshot.
final class LibraryIndex: @unchecked Sendable {
  // @unchecked Sendable: `snapshot`, `stamp` and `restamp` are read and written only while
  // holding `lock`.
  private let lock = NSLock()
  private let loading = NSLock()
  private var snapshot: LibrarySnapshot?
  private var stamp: Stamp?
  /// Set when a write was applied to the snapshot: the next stamp read belongs to it.
  private var restamp = false

  private struct Stamp: Equatable {
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

  /// The library as it is now, reloaded from the store only when another process changed it.
  func current(store: any RecipeStore, household: HouseholdID) throws -> LibrarySnapshot {
    let newest = try store.recipes(
      matching: RecipeQuery(sort: .updated, limit: 1), household: household
    ).items.first
    let current = Stamp(
      count: try store.recipeCount(household: household), newestID: newest?.id,
      newestUpdate: newest?.updatedAt)
    lock.lock()
    if let snapshot, stamp == current || restamp {
      stamp = current
      restamp = false
      lock.unlock()
      return snapshot
    }
    lock.unlock()
    // One load at a time: requests that miss together wait for it instead of each loading
    // every summary again.
    loading.lock()
    defer { loading.unlock() }
    lock.lock()
    if let snapshot, stamp == current {
      lock.unlock()
      return snapshot
    }
    lock.unlock()
    let loaded = LibrarySnapshot(try store.foodProfiles(household: household))
    lock.lock()
    defer { lock.unlock() }
    snapshot = loaded
    stamp = current
    restamp = false
    return loaded
  }

  /// Patches the snapshot with a write the app just made; no reload needed.
  func apply(_ change: Change) {
    lock.lock()
    defer { lock.unlock() }
    guard let old = snapshot else { return }
    var entries = old.entries
    var removed: Int?
    var placed: Int?
    switch change {
    case .saved(let recipe):
      let entry = LibraryEntry(RecipeSummary(recipe))
      if let position = old.indexByID[recipe.id] {
        entries[position] = entry
        placed = position
      } else {
        entries.append(entry)
        placed = entries.count - 1
      }
    case .deleted(let id):
      guard let position = old.indexByID[id] else { return }
      entries.remove(at: position)
      removed = position
    }
    let next = LibrarySnapshot(entries: entries, foodUse: old.foodUse)
    var orders: [RecipeSort: [Int]] = [:]
    for (sort, order) in old.computedOrders {
      orders[sort] = LibrarySorting.patched(
        order, entries, by: sort, removed: removed, placed: placed)
    }
    next.adopt(orders)
    snapshot = next
    restamp = true
  }

  /// Drops the snapshot: the next use reloads it (after a bulk import, say).
  func invalidate() {
    lock.lock()
    snapshot = nil
    lock.unlock()
  }
}

/// A recipe's summary with the keys filters and sorting compare, computed once.
struct LibraryEntry: Sendable {
  let summary: RecipeSummary
  let nameKey: String
  let courses: [String]
  let cuisines: [String]
  let tags: [String]
  /// Its diets and the diets they imply (vegan implies vegetarian).
  let diets: Set<DietLabel>
  let minutes: Int?

  init(_ summary: RecipeSummary) {
    func keys(_ values: [String]) -> [String] {
      var seen = Set<String>()
      return values.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        .filter { !$0.isEmpty && seen.insert($0).inserted }
    }
    self.summary = summary
    nameKey = summary.name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    courses = keys(summary.courses)
    cuisines = keys(summary.cuisines)
    tags = keys(summary.keywords)
    diets = Set(summary.diets.flatMap { [$0] + (FinderDiet.implications[$0] ?? []) })
    minutes = summary.totalTime.flatMap { $0.seconds > 0 ? $0.minutes : nil }
  }
}

/// The whole library at one moment: entries, the food use counts, and orders and facet counts
/// computed on first use.
final class LibrarySnapshot: @unchecked Sendable {
  // @unchecked Sendable: `entries`, `foodUse` and `indexByID` never change after init; the
  // caches are read and written only while holding `lock`.
  let entries: [LibraryEntry]
  /// How many recipes use each food (required or optional), for ordering foods by aisle.
  let foodUse: [String: Int]
  let indexByID: [RecipeID: Int]
  private let lock = NSLock()
  private var orders: [RecipeSort: [Int]] = [:]
  private var allFacets: LibraryFacets?
  private var memos: [String: Any] = [:]

  convenience init(_ profiles: [RecipeFoodProfile]) {
    var use: [String: Int] = [:]
    for profile in profiles {
      for food in profile.requiredFoods + profile.optionalFoods { use[food, default: 0] += 1 }
    }
    self.init(entries: profiles.map { LibraryEntry($0.summary) }, foodUse: use)
  }

  /// A snapshot of these entries; `foodUse` is carried over from the last full load when a
  /// write is patched in (it only orders foods within an aisle).
  init(entries: [LibraryEntry], foodUse: [String: Int]) {
    self.entries = entries
    self.foodUse = foodUse
    var index: [RecipeID: Int] = [:]
    for (position, entry) in entries.enumerated() { index[entry.summary.id] = position }
    indexByID = index
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

  /// Facet counts over every recipe, computed once per snapshot.
  var facetsOfAll: LibraryFacets {
    lock.lock()
    if let allFacets {
      lock.unlock()
      return allFacets
    }
    lock.unlock()
    let computed = LibraryFacets(entries.indices.map { entries[$0] })
    lock.lock()
    allFacets = computed
    lock.unlock()
    return computed
  }
}

/// Counts of courses, cuisines, diets, tags and time bands among some recipes.
struct LibraryFacets: Sendable {
  var courses: [(value: String, count: Int)] = []
  var cuisines: [(value: String, count: Int)] = []
  var diets: [(value: String, count: Int)] = []
  var tags: [(value: String, count: Int)] = []
  var times: [(minutes: Int, count: Int)] = []

  init(_ entries: [LibraryEntry]) {
    var courses: [String: Int] = [:]
    var cuisines: [String: Int] = [:]
    var diets: [String: Int] = [:]
    var tags: [String: Int] = [:]
    var bands = [15: 0, 30: 0, 60: 0]
    // Values compare ignoring case and show as first spelled.
    var spelling: [String: String] = [:]
    for entry in entries {
      for (index, key) in entry.courses.enumerated() {
        courses[key, default: 0] += 1
        if spelling[key] == nil, index < entry.summary.courses.count {
          spelling[key] = entry.summary.courses[index].trimmingCharacters(in: .whitespaces)
        }
      }
      for (index, key) in entry.cuisines.enumerated() {
        cuisines[key, default: 0] += 1
        if spelling[key] == nil, index < entry.summary.cuisines.count {
          spelling[key] = entry.summary.cuisines[index].trimmingCharacters(in: .whitespaces)
        }
      }
      for diet in Set(entry.summary.diets) { diets[diet.rawValue, default: 0] += 1 }
      for tag in entry.tags { tags[tag, default: 0] += 1 }
      if let minutes = entry.minutes {
        for band in bands.keys where minutes <= band { bands[band, default: 0] += 1 }
      }
    }
    func ranked(_ counts: [String: Int], _ limit: Int) -> [(value: String, count: Int)] {
      counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        .prefix(limit).map { (spelling[$0.key] ?? $0.key, $0.value) }
    }
    self.courses = ranked(courses, 20)
    self.cuisines = ranked(cuisines, 30)
    self.diets = ranked(diets, 12)
    self.tags = ranked(tags, 30)
    self.times = bands.keys.sorted().map { ($0, bands[$0] ?? 0) }
  }

  /// As JSON: `{"course": [{"value": "Dinner", "count": 3}], ..., "maxTime": [...]}`.
  var json: [String: Any] {
    func list(_ items: [(value: String, count: Int)]) -> [[String: Any]] {
      items.map { ["value": $0.value, "count": $0.count] }
    }
    return [
      "course": list(courses), "cuisine": list(cuisines), "diet": list(diets), "tag": list(tags),
      "maxTime": times.map { ["value": $0.minutes, "count": $0.count] },
    ]
  }
}

/// Passes every call to the store and tells the library index about each write.
struct LibraryTrackingStore: ForwardingRecipeStore {
  let base: any RecipeStore
  let library: LibraryIndex

  func createRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    let created = try base.createRecipe(recipe, household: household, now: now)
    library.apply(.saved(created))
    return created
  }

  func updateRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    let updated = try base.updateRecipe(recipe, household: household, now: now)
    library.apply(.saved(updated))
    return updated
  }

  func deleteRecipe(id: RecipeID, household: HouseholdID) throws {
    try base.deleteRecipe(id: id, household: household)
    library.apply(.deleted(id))
  }

  func importRecipes(
    _ recipes: [Recipe], household: HouseholdID, now: Date
  ) throws -> [ImportOutcome] {
    defer { library.invalidate() }
    return try base.importRecipes(recipes, household: household, now: now)
  }
}

/// The library's filters on a recipe's own facts: course, cuisine, diet, time, tag, favourite.
struct LibraryFilters: Sendable {
  var courses: [String] = []
  var cuisines: [String] = []
  var diets: [DietLabel] = []
  var tags: [String] = []
  var maxMinutes: Int?
  var favoritesOnly = false

  /// Whether any filter is set.
  var isEmpty: Bool {
    courses.isEmpty && cuisines.isEmpty && diets.isEmpty && tags.isEmpty && maxMinutes == nil
      && !favoritesOnly
  }

  /// Whether no filter other than favourites is set (the store handles that one itself).
  var isEmptyBesidesFavorites: Bool {
    courses.isEmpty && cuisines.isEmpty && diets.isEmpty && tags.isEmpty && maxMinutes == nil
  }

  /// Reads `course`, `cuisine`, `diet`, `tag` (comma-separated lists), `maxTime` (minutes)
  /// and `favorites` from query parameters.
  init(query: [String: String]) throws {
    func list(_ name: String) -> [String] {
      (query[name] ?? "").split(separator: ",")
        .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
    }
    courses = list("course")
    cuisines = list("cuisine")
    tags = list("tag")
    diets = try list("diet").map { text in
      guard let label = DietLabel(parsing: text) else {
        throw LarderServerError.invalidParameter("diet", text, "a diet such as vegetarian")
      }
      return label
    }
    if let text = query["maxTime"], !text.isEmpty {
      guard let minutes = Int(text), (1...100_000).contains(minutes) else {
        throw LarderServerError.invalidParameter("maxTime", text, "a number of minutes")
      }
      maxMinutes = minutes
    }
    if let text = query["favorites"], !text.isEmpty {
      favoritesOnly = ["1", "true", "yes", "on"].contains(text.lowercased())
    }
  }

  /// Whether a recipe passes every filter.
  func admits(_ entry: LibraryEntry) -> Bool {
    if favoritesOnly && !entry.summary.isFavorite { return false }
    if !courses.isEmpty && !courses.contains(where: entry.courses.contains) { return false }
    if !cuisines.isEmpty && !cuisines.contains(where: entry.cuisines.contains) { return false }
    if !tags.isEmpty && !tags.contains(where: entry.tags.contains) { return false }
    if let maxMinutes {
      guard let minutes = entry.minutes, minutes <= maxMinutes else { return false }
    }
    return diets.allSatisfy(entry.diets.contains)
  }
}

/// Orders entries in memory the way the store does for the same ``RecipeSort``.
enum LibrarySorting {
  /// Whether the entry at one position comes before the one at another in this order.
  static func precedes(
    _ sort: RecipeSort, _ entries: [LibraryEntry]
  ) -> (Int, Int) -> Bool {
    func byName(_ lhs: Int, _ rhs: Int) -> Bool {
      let left = entries[lhs]
      let right = entries[rhs]
      return left.nameKey != right.nameKey
        ? left.nameKey < right.nameKey : left.summary.id.rawValue < right.summary.id.rawValue
    }
    switch sort {
    case .relevance, .name:
      return byName
    case .newest:
      return {
        let left = entries[$0].summary
        let right = entries[$1].summary
        return left.createdAt != right.createdAt
          ? left.createdAt > right.createdAt : left.id.rawValue > right.id.rawValue
      }
    case .updated:
      return {
        let left = entries[$0].summary
        let right = entries[$1].summary
        return left.updatedAt != right.updatedAt
          ? left.updatedAt > right.updatedAt : left.id.rawValue > right.id.rawValue
      }
    case .rating:
      return {
        let left = entries[$0].summary.rating ?? 0
        let right = entries[$1].summary.rating ?? 0
        return left != right ? left > right : byName($0, $1)
      }
    case .time:
      return {
        let left = entries[$0].minutes ?? Int.max
        let right = entries[$1].minutes ?? Int.max
        return left != right ? left < right : byName($0, $1)
      }
    }
  }

  static func sorted(_ positions: [Int], _ entries: [LibraryEntry], by sort: RecipeSort) -> [Int] {
    positions.sorted(by: precedes(sort, entries))
  }

  /// An order kept current after one entry changed, joined or left, without sorting again:
  /// the entry's position is taken out and put back where it now belongs (binary search).
  /// `removed` is a position deleted from `entries` (later positions moved down by one);
  /// `placed` is a position whose entry is new or changed.
  static func patched(
    _ order: [Int], _ entries: [LibraryEntry], by sort: RecipeSort, removed: Int? = nil,
    placed: Int? = nil
  ) -> [Int] {
    var order = order
    if let removed {
      order.removeAll { $0 == removed }
      for index in order.indices where order[index] > removed { order[index] -= 1 }
    }
    if let placed {
      order.removeAll { $0 == placed }
      let precedes = precedes(sort, entries)
      var low = 0
      var high = order.count
      while low < high {
        let middle = (low + high) / 2
        if precedes(order[middle], placed) { low = middle + 1 } else { high = middle }
      }
      order.insert(placed, at: low)
    }
    return order
  }
}
