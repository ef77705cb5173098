import Foundation
import LarderCore

/// A page of the library with facet counts: `GET /api/v1/library`.
///
/// Fields: those of ``RecipeListRequest`` (`q`, `sort`, `favorites`, `offset`, `limit`) and
/// the filters of ``LibraryFilters`` (`course`, `cuisine`, `diet`, `tag`, `maxTime`).
public struct LibraryRequest: RequestFields, Equatable {
  /// Words to search for; nil or blank browses every recipe.
  public var text: String?
  /// The order; by relevance when searching and by name otherwise unless given.
  public var sort: RecipeSort?
  /// How many matching recipes to skip.
  public var offset: Int
  /// How many to return, 1 to 200.
  public var limit: Int
  /// The filters on the recipes' own facts, favourites among them.
  public var filters: LibraryFilters

  /// The fields, as the API names them.
  public static let fieldNames = LibraryField.allCases.map(\.rawValue)

  /// Makes a request; ranges are checked by ``validate()``.
  public init(
    text: String? = nil, sort: RecipeSort? = nil, offset: Int = 0, limit: Int = 24,
    filters: LibraryFilters = LibraryFilters()
  ) {
    self.text = text
    self.sort = sort
    self.offset = offset
    self.limit = limit
    self.filters = filters
  }

  /// Reads the request's fields.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: LibraryField.self)
    let list = try RecipeListRequest(from: fields)
    self.init(
      text: list.text, sort: list.sort, offset: list.offset, limit: list.limit,
      filters: try LibraryFilters(from: fields))
  }

  /// Checks the page and the time limit.
  public func validate() throws {
    try RecipeListRequest.checkPage(offset: offset, limit: limit)
    try filters.validate()
  }

  /// The store's query for the text, favourites, order and page.
  var query: RecipeQuery {
    RecipeQuery(
      text: text, favoritesOnly: filters.favoritesOnly, sort: sort, offset: offset, limit: limit)
  }
}

/// A page of the library and the facet counts over everything that matches.
public struct LibraryPage: Sendable, Equatable, Encodable {
  /// The recipes on this page.
  public var items: [RecipeSummary]
  /// How many recipes match in all, or at least how many when ``totalIsExact`` is false.
  public var total: Int
  /// Whether ``total`` is the exact count: false when a search matched more recipes than
  /// are counted (``RecipeQuery/exactSearchLimit``, ``Larder/filteredSearchLimit``).
  public var totalIsExact: Bool
  /// How many were skipped before this page.
  public var offset: Int
  /// The page size asked for.
  public var limit: Int
  /// The order in effect.
  public var sort: RecipeSort
  /// Counts of each facet's values among the matching recipes.
  public var facets: LibraryFacets
  /// Whether the facets count only the first text matches (see
  /// ``Larder/filteredSearchLimit``), a vague search having matched more; or none yet, for
  /// a page answered from the store while the library loads after a start.
  public var facetsPartial: Bool
  /// The words actually searched when a misspelled word was read as the nearest one the
  /// library has ("chicken" for "chiken"); nil when the search ran as typed.
  public var correctedQuery: String?
}

/// "Surprise me": one recipe picked at random among those passing the filters,
/// `GET /api/v1/recipes/random`.
///
/// Fields: `q` and the filters of ``LibraryFilters`` (`course`, `cuisine`, `diet`, `tag`,
/// `maxTime`, `favorites`).
public struct RandomRecipeRequest: RequestFields, Equatable {
  /// Words the recipe must match; nil or blank for any.
  public var text: String?
  /// The filters the recipe must pass.
  public var filters: LibraryFilters

  /// The fields, as the API names them.
  public static let fieldNames = ["q", "course", "cuisine", "diet", "maxTime", "tag", "favorites"]

  /// Makes a request.
  public init(text: String? = nil, filters: LibraryFilters = LibraryFilters()) {
    self.text = text
    self.filters = filters
  }

  /// Reads the request's fields.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: LibraryField.self)
    self.init(text: try fields.text(.q), filters: try LibraryFilters(from: fields))
  }

  /// Checks the time limit.
  public func validate() throws {
    try filters.validate()
  }
}

/// The recipe "surprise me" picked, and among how many.
public struct RandomRecipe: Sendable, Equatable, Encodable {
  /// The recipe picked.
  public var recipe: RecipeSummary
  /// How many recipes passed the filters.
  public var candidates: Int
}

extension Larder {
  /// With text and filters together, at most this many text matches are filtered: enough for
  /// any search a person means, and a bound on the work a vague search can cause.
  public static let filteredSearchLimit = 1000

  /// A page of the library with facet counts over everything that matches, answered from the
  /// in-memory library index (the store ranks text matches). Favourites, ratings and the order
  /// by rating are the caller's own when they keep marks.
  public func browseLibrary(_ request: LibraryRequest, as caller: Caller) throws -> LibraryPage {
    try browseLibrary(request, marks: try marksSeen(by: caller), as: caller)
  }

  /// ``browseLibrary(_:as:)`` with the caller's marks already read.
  func browseLibrary(
    _ request: LibraryRequest, marks: CallerMarks, as caller: Caller
  ) throws -> LibraryPage {
    try request.validate()
    let query = request.query
    let filters = request.filters
    let sort = query.effectiveSort
    let snapshot: LibrarySnapshot
    if let ready = try library.currentUnlessLoading(store: recipes, household: caller.household) {
      snapshot = ready
    } else if query.searchText == nil, filters.isEmpty, sort != .rating {
      // The library is being loaded (after a start: a second at 100,000 recipes, several at a
      // million). A plain page in an order the store keeps is answered from the store
      // meanwhile, its facets still to come (`facetsPartial`, none counted).
      var stored = query
      stored.sort = sort
      let page = try recipes.recipes(matching: stored, household: caller.household)
      return LibraryPage(
        items: page.items.map(marks.shown), total: page.total,
        totalIsExact: page.totalIsExact, offset: query.offset, limit: query.limit, sort: sort,
        facets: LibraryFacets([]), facetsPartial: true, correctedQuery: nil)
    } else {
      snapshot = try library.current(store: recipes, household: caller.household)
    }
    var pageItems: [RecipeSummary]
    var total: Int
    var totalIsExact = true
    var facets: LibraryFacets
    var partial = false
    var correctedQuery: String?
    if let text = query.searchText {
      // The store ranks text matches; filters, other orders and facets apply in memory to
      // the first ``filteredSearchLimit`` of them.
      let (found, corrected) = try textMatches(
        text, favorites: query.favoritesOnly, sort: query.sort, marks: marks, as: caller)
      correctedQuery = corrected
      var positions = found.compactMap { snapshot.indexByID[$0.id] }
      if !filters.isEmpty {
        positions = positions.filter { filters.admits(snapshot.entries[$0], marks: marks) }
      }
      if sort != .relevance {
        positions = LibrarySorting.sorted(positions, snapshot.entries, by: sort, marks: marks)
      }
      facets = LibraryFacets(positions.map { snapshot.entries[$0] })
      if filters.isEmptyBesidesFavorites && sort == .relevance {
        let page = try recipes.recipes(
          matching: marks.storeQuery(query), household: caller.household)
        pageItems = page.items.map(marks.shown)
        total = page.total
        totalIsExact = page.totalIsExact
        partial = found.count < total || !page.totalIsExact
      } else {
        partial = found.count >= Self.filteredSearchLimit
        total = positions.count
        totalIsExact = !partial
        pageItems = positions.dropFirst(query.offset).prefix(query.limit).map {
          marks.shown(snapshot.entries[$0].summary)
        }
      }
    } else {
      // A member's favourites are few: sorting them costs less than filtering every recipe.
      let favorites = filters.favoritesOnly ? marks.favoriteIDs : nil
      let ordered =
        favorites.map {
          LibrarySorting.sorted(
            $0.compactMap { snapshot.indexByID[$0] }, snapshot.entries, by: sort, marks: marks)
        } ?? snapshot.order(sort, marks: marks)
      if filters.isEmpty {
        total = ordered.count
        facets = snapshot.facetsOfAll
        pageItems = ordered.dropFirst(query.offset).prefix(query.limit).map {
          marks.shown(snapshot.entries[$0].summary)
        }
      } else {
        let matching = ordered.filter { filters.admits(snapshot.entries[$0], marks: marks) }
        total = matching.count
        facets = LibraryFacets(matching.map { snapshot.entries[$0] })
        pageItems = matching.dropFirst(query.offset).prefix(query.limit).map {
          marks.shown(snapshot.entries[$0].summary)
        }
      }
    }
    return LibraryPage(
      items: pageItems, total: total, totalIsExact: totalIsExact, offset: query.offset,
      limit: query.limit, sort: sort,
      facets: facets, facetsPartial: partial, correctedQuery: correctedQuery)
  }

  /// One recipe picked at random among those matching the text and passing the filters.
  /// Throws ``ApplicationError/nothingMatches(_:)`` when none does.
  public func pickRandomRecipe(
    _ request: RandomRecipeRequest, as caller: Caller
  ) throws -> RandomRecipe {
    try request.validate()
    let filters = request.filters
    let marks = try marksSeen(by: caller)
    let snapshot = try library.current(store: recipes, household: caller.household)
    var candidates = Array(snapshot.entries.indices)
    if filters.favoritesOnly, let favorites = marks.favoriteIDs {
      candidates = favorites.compactMap { snapshot.indexByID[$0] }.sorted()
    }
    if let text = RecipeQuery(text: request.text).searchText {
      candidates = try textMatches(
        text, favorites: filters.favoritesOnly, sort: nil, marks: marks, as: caller
      ).found.compactMap { snapshot.indexByID[$0.id] }
    }
    candidates = candidates.filter { filters.admits(snapshot.entries[$0], marks: marks) }
    guard let pick = candidates.randomElement() else {
      throw ApplicationError.nothingMatches("No recipe matches these filters.")
    }
    return RandomRecipe(
      recipe: marks.shown(snapshot.entries[pick].summary), candidates: candidates.count)
  }

  /// Text matches in the store's order, up to ``filteredSearchLimit``, and the words the store
  /// searched when it corrected a typo; favourites are those `marks` says.
  private func textMatches(
    _ text: String, favorites: Bool, sort: RecipeSort?, marks: CallerMarks, as caller: Caller
  ) throws -> (found: [RecipeSummary], correctedQuery: String?) {
    var found: [RecipeSummary] = []
    var correctedQuery: String?
    var offset = 0
    while found.count < Self.filteredSearchLimit {
      let page = try recipes.recipes(
        matching: marks.storeQuery(
          RecipeQuery(
            text: text, favoritesOnly: favorites, sort: sort, offset: offset,
            limit: RecipeQuery.maximumLimit)), household: caller.household)
      found += page.items
      correctedQuery = correctedQuery ?? page.correctedQuery
      offset += page.items.count
      if !page.hasMore || page.items.isEmpty { break }
    }
    return (found, correctedQuery)
  }
}
