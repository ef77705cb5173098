import Foundation
import LarderCore

/// A page of recipes, optionally searched: `GET /api/v1/recipes`, `GET /api/v1/search`,
/// `larder recipes` and `larder search`.
///
/// Fields: `q` (words to search for), `sort` (one of ``RecipeSort``), `favorites`, `offset`
/// (0 to 10,000,000) and `limit` (1 to 200, 24 unless given).
public struct RecipeListRequest: RequestFields, Equatable {
  /// Words to search for in title, description, ingredients, tags and steps; nil or blank
  /// lists every recipe.
  public var text: String?
  /// Only favourites.
  public var favoritesOnly: Bool
  /// The order; by relevance when searching and by name otherwise unless given.
  public var sort: RecipeSort?
  /// How many recipes to skip.
  public var offset: Int
  /// How many to return.
  public var limit: Int

  /// The offsets a request may ask for.
  public static let offsets = 0...10_000_000
  /// The page sizes a request may ask for.
  public static let limits = 1...RecipeQuery.maximumLimit

  /// The fields, as the API names them.
  public static let fieldNames = ["q", "sort", "favorites", "offset", "limit"]

  /// Makes a request; ranges are checked by ``validate()``.
  public init(
    text: String? = nil, favoritesOnly: Bool = false, sort: RecipeSort? = nil, offset: Int = 0,
    limit: Int = 24
  ) {
    self.text = text
    self.favoritesOnly = favoritesOnly
    self.sort = sort
    self.offset = offset
    self.limit = limit
  }

  /// Reads the request's fields.
  public init(from decoder: Decoder) throws {
    try self.init(from: decoder.container(keyedBy: LibraryField.self))
  }

  init(from fields: KeyedDecodingContainer<LibraryField>) throws {
    self.init(
      text: try fields.text(.q), favoritesOnly: try fields.flag(.favorites) ?? false,
      sort: try fields.choice(.sort),
      offset: try fields.wholeNumber(.offset, expected: Check.wholeNumberText(Self.offsets)) ?? 0,
      limit: try fields.wholeNumber(.limit, expected: Check.wholeNumberText(Self.limits)) ?? 24)
  }

  /// Checks the offset and the page size.
  public func validate() throws {
    try Self.checkPage(offset: offset, limit: limit)
  }

  /// Checks the request as a search: the page's ranges, and words to search for.
  public func validateAsSearch() throws {
    try validate()
    guard query.searchText != nil else {
      throw ApplicationError.missingValue(Field(LibraryField.q.rawValue))
    }
  }

  static func checkPage(offset: Int, limit: Int) throws {
    try Check.wholeNumber(offset, LibraryField.offset.rawValue, in: offsets)
    try Check.wholeNumber(limit, LibraryField.limit.rawValue, in: limits)
  }

  /// The store's query for this request.
  public var query: RecipeQuery {
    RecipeQuery(
      text: text, favoritesOnly: favoritesOnly, sort: sort, offset: offset, limit: limit)
  }
}

extension Larder {
  /// A page of the household's recipe summaries, in the order asked for, searched when the
  /// request has words; favourites, ratings and the order by rating are the caller's own
  /// when they keep marks.
  public func listRecipes(
    _ request: RecipeListRequest, as caller: Caller
  ) throws -> Page<RecipeSummary> {
    try request.validate()
    return try summaries(matching: request.query, as: caller)
  }

  /// Like ``listRecipes(_:as:)``, for a request that must have words to search for.
  public func searchRecipes(
    _ request: RecipeListRequest, as caller: Caller
  ) throws -> Page<RecipeSummary> {
    try request.validateAsSearch()
    return try summaries(matching: request.query, as: caller)
  }

  /// The store's page for the query as the caller sees it.
  private func summaries(
    matching query: RecipeQuery, as caller: Caller
  ) throws -> Page<RecipeSummary> {
    let marks = try marksSeen(by: caller)
    guard marks.arePersonal, query.effectiveSort == .rating else {
      return marks.shown(
        try recipes.recipes(matching: marks.storeQuery(query), household: caller.household))
    }
    // The store orders by the recipes' own ratings; a member's order comes from the library
    // index, as the library's does.
    let page = try browseLibrary(
      LibraryRequest(
        text: query.text, sort: .rating, offset: query.offset, limit: query.limit,
        filters: LibraryFilters(favoritesOnly: query.favoritesOnly)), marks: marks, as: caller)
    return Page(
      items: page.items, total: page.total, totalIsExact: page.totalIsExact,
      offset: page.offset, limit: page.limit, correctedQuery: page.correctedQuery)
  }
}
