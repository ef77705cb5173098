import Foundation
import LarderCore

/// What the pantry finder is asked: the foods at hand and the filters, read with the same
/// field names from a query string, a JSON body or the command line's options.
///
/// Lists may be given as lists or as comma-separated texts; `diet`/`diets`, `course`/`courses`,
/// `cuisine`/`cuisines` and `tag`/`tags` are the same field under two names.
public struct FinderRequest: RequestFields, Equatable {
  /// The most missing ingredients a recipe may have.
  public static let missingRange = 0...50
  /// The longest total time, in minutes, a request may ask for.
  public static let maxTimeRange = 1...100_000
  /// The most ingredient lines a request may ask for.
  public static let maxIngredientsRange = 1...1000
  /// How far into the results a page may start.
  public static let offsetRange = 0...10_000_000
  /// How many results a page may hold.
  public static let limitRange = 1...RecipeQuery.maximumLimit

  /// Foods at hand, as names or catalog ids; empty means the stored pantry, when there is one.
  public var have: [String]
  /// The most missing ingredients (K); nil when not given (0 for the finder, 50 for "fill my
  /// week").
  public var missing: Int?
  /// Diets every recipe must suit ("vegetarian").
  public var diets: [String]
  /// Foods every recipe must use.
  public var include: [String]
  /// Foods no recipe may use.
  public var exclude: [String]
  /// Courses or meal types.
  public var courses: [String]
  /// Cuisines.
  public var cuisines: [String]
  /// Tags.
  public var tags: [String]
  /// The longest total time, in minutes.
  public var maxTime: Int?
  /// The most ingredient lines.
  public var maxIngredients: Int?
  /// Only favourites.
  public var favorites: Bool
  /// Foods always at hand, replacing salt, black pepper and water; nil keeps those.
  public var staples: [String]?
  /// Rank recipes using what expires soonest first.
  public var useItUp: Bool
  /// How many results to skip.
  public var offset: Int
  /// How many results to return.
  public var limit: Int

  /// Makes a request; every field has the finder's default.
  public init(
    have: [String] = [], missing: Int? = nil, diets: [String] = [], include: [String] = [],
    exclude: [String] = [], courses: [String] = [], cuisines: [String] = [],
    tags: [String] = [], maxTime: Int? = nil, maxIngredients: Int? = nil,
    favorites: Bool = false, staples: [String]? = nil, useItUp: Bool = false, offset: Int = 0,
    limit: Int = 24
  ) {
    self.have = have
    self.missing = missing
    self.diets = diets
    self.include = include
    self.exclude = exclude
    self.courses = courses
    self.cuisines = cuisines
    self.tags = tags
    self.maxTime = maxTime
    self.maxIngredients = maxIngredients
    self.favorites = favorites
    self.staples = staples
    self.useItUp = useItUp
    self.offset = offset
    self.limit = limit
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case have, missing, diet, diets, include, exclude, course, courses, cuisine, cuisines
    case tag, tags, maxTime, maxIngredients, favorites, staples, offset, limit, useItUp
  }

  /// Every field of the request.
  public static var fieldNames: [String] { CodingKeys.allCases.map(\.stringValue) }

  /// Reads the request's fields from a query or a JSON object.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    have = try fields.list(.have)
    missing = try fields.wholeNumber(
      .missing, expected: Check.wholeNumberText(Self.missingRange))
    diets = try fields.list(.diet) + fields.list(.diets)
    include = try fields.list(.include)
    exclude = try fields.list(.exclude)
    courses = try fields.list(.course) + fields.list(.courses)
    cuisines = try fields.list(.cuisine) + fields.list(.cuisines)
    tags = try fields.list(.tag) + fields.list(.tags)
    maxTime = try fields.wholeNumber(.maxTime, expected: Check.wholeNumberText(Self.maxTimeRange))
    maxIngredients = try fields.wholeNumber(
      .maxIngredients, expected: Check.wholeNumberText(Self.maxIngredientsRange))
    favorites = try fields.flag(.favorites) ?? false
    staples = try fields.optionalList(.staples)
    useItUp = try fields.flag(.useItUp) ?? false
    offset =
      try fields.wholeNumber(.offset, expected: Check.wholeNumberText(Self.offsetRange)) ?? 0
    limit = try fields.wholeNumber(.limit, expected: Check.wholeNumberText(Self.limitRange)) ?? 24
  }

  /// Checks every number against its range.
  public func validate() throws {
    try Check.wholeNumber(missing, "missing", in: Self.missingRange)
    try Check.wholeNumber(maxTime, "maxTime", in: Self.maxTimeRange)
    try Check.wholeNumber(maxIngredients, "maxIngredients", in: Self.maxIngredientsRange)
    try Check.wholeNumber(offset, "offset", in: Self.offsetRange)
    try Check.wholeNumber(limit, "limit", in: Self.limitRange)
  }
}
