import Foundation
import LarderCore

/// Every recipe's summary held in memory for the library's facets, filters and "surprise me",
/// so none of them loads the full list from the store per request.
///
/// The copy is refreshed when the store changes: each use compares a cheap stamp (the recipe
/// count and the most recently updated recipe) with the one the copy was built at, and reloads
/// only when they differ. A 50,000-recipe library reloads in well under a second after an edit
/// and answers every other request from memory.
final class LibraryIndex: @unchecked Sendable {
  // @unchecked Sendable: `entries` and `stamp` are read and written only while holding `lock`.
  private let lock = NSLock()
  private var entries: [RecipeSummary] = []
  private var foodUse: [String: Int] = [:]
  private var stamp: Stamp?
  private var generation = 0

  private struct Stamp: Equatable {
    var generation: Int
    var count: Int
    var newestID: RecipeID?
    var newestUpdate: Date?
  }

  /// The summaries of every recipe in the household, current as of this call.
  func summaries(store: any RecipeStore, household: HouseholdID) throws -> [RecipeSummary] {
    try current(store: store, household: household).summaries
  }

  /// How many recipes use each food (required or optional), for ordering foods by category.
  func foodUseCounts(store: any RecipeStore, household: HouseholdID) throws -> [String: Int] {
    try current(store: store, household: household).foodUse
  }

  private func current(
    store: any RecipeStore, household: HouseholdID
  ) throws -> (summaries: [RecipeSummary], foodUse: [String: Int]) {
    let newest = try store.recipes(
      matching: RecipeQuery(sort: .updated, limit: 1), household: household
    ).items.first
    lock.lock()
    let generation = self.generation
    lock.unlock()
    let current = Stamp(
      generation: generation, count: try store.recipeCount(household: household),
      newestID: newest?.id,
      newestUpdate: newest?.updatedAt)
    lock.lock()
    if stamp == current {
      defer { lock.unlock() }
      return (entries, foodUse)
    }
    lock.unlock()
    let profiles = try store.foodProfiles(household: household)
    var use: [String: Int] = [:]
    for profile in profiles {
      for food in profile.requiredFoods + profile.optionalFoods { use[food, default: 0] += 1 }
    }
    let loaded = profiles.map(\.summary)
    lock.lock()
    defer { lock.unlock() }
    entries = loaded
    foodUse = use
    stamp = current
    return (loaded, use)
  }
}

extension LibraryIndex {
  /// Marks the copy stale: the next use reloads it. Writes through the app call this, so an
  /// edit shows at once even when it leaves the count and the newest date as they were.
  func invalidate() {
    lock.lock()
    generation += 1
    lock.unlock()
  }
}

/// Passes every call to the store and tells the library index about each write.
struct LibraryTrackingStore: ForwardingRecipeStore {
  let base: any RecipeStore
  let library: LibraryIndex

  func createRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    defer { library.invalidate() }
    return try base.createRecipe(recipe, household: household, now: now)
  }

  func updateRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    defer { library.invalidate() }
    return try base.updateRecipe(recipe, household: household, now: now)
  }

  func deleteRecipe(id: RecipeID, household: HouseholdID) throws {
    defer { library.invalidate() }
    try base.deleteRecipe(id: id, household: household)
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

  /// Whether any filter beyond the favourites flag (which the store handles) is set.
  var narrowsBeyondFavorites: Bool {
    !courses.isEmpty || !cuisines.isEmpty || !diets.isEmpty || !tags.isEmpty || maxMinutes != nil
  }

  /// Reads `course`, `cuisine`, `diet`, `tag` (comma-separated lists), `maxTime` (minutes)
  /// and `favorites` from query parameters.
  init(query: [String: String]) throws {
    func list(_ name: String) -> [String] {
      (query[name] ?? "").split(separator: ",")
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
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

  init() {}

  /// Whether a recipe passes every filter. A diet is met by the recipe's own label or by a
  /// label that implies it (vegan implies vegetarian).
  func admits(_ summary: RecipeSummary) -> Bool {
    if favoritesOnly && !summary.isFavorite { return false }
    if !courses.isEmpty && !Self.overlaps(courses, summary.courses) { return false }
    if !cuisines.isEmpty && !Self.overlaps(cuisines, summary.cuisines) { return false }
    if !tags.isEmpty && !Self.overlaps(tags, summary.keywords) { return false }
    if let maxMinutes {
      guard let time = summary.totalTime, time.seconds > 0, time.minutes <= maxMinutes else {
        return false
      }
    }
    if !diets.isEmpty {
      let implied = Set(
        summary.diets.flatMap { [$0] + (FinderDiet.implications[$0] ?? []) })
      if !diets.allSatisfy(implied.contains) { return false }
    }
    return true
  }

  private static func overlaps(_ wanted: [String], _ has: [String]) -> Bool {
    let normalized = Set(has.map { $0.lowercased() })
    return wanted.contains { normalized.contains($0.lowercased()) }
  }
}

/// Orders summaries in memory the way the store does for the same ``RecipeSort``.
enum LibrarySorting {
  static func sorted(_ items: [RecipeSummary], by sort: RecipeSort) -> [RecipeSummary] {
    func byName(_ lhs: RecipeSummary, _ rhs: RecipeSummary) -> Bool {
      lhs.name.localizedCaseInsensitiveCompare(rhs.name) == .orderedAscending
    }
    switch sort {
    case .relevance, .name:
      return items.sorted(by: byName)
    case .newest:
      return items.sorted { ($0.createdAt, $0.id.rawValue) > ($1.createdAt, $1.id.rawValue) }
    case .updated:
      return items.sorted { ($0.updatedAt, $0.id.rawValue) > ($1.updatedAt, $1.id.rawValue) }
    case .rating:
      return items.sorted {
        let left = $0.rating ?? 0
        let right = $1.rating ?? 0
        return left != right ? left > right : byName($0, $1)
      }
    case .time:
      return items.sorted {
        let left = $0.totalTime.map(\.seconds).flatMap { $0 > 0 ? $0 : nil } ?? Int.max
        let right = $1.totalTime.map(\.seconds).flatMap { $0 > 0 ? $0 : nil } ?? Int.max
        return left != right ? left < right : byName($0, $1)
      }
    }
  }
}
