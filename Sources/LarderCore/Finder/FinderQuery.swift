import Foundation

/// What the user has and wants: the question the pantry finder answers.
///
/// Recipes come back ranked by, in order:
/// 1. fewest missing ingredients (a missing food, a substitutable food or an unmatched line each
///    count one);
/// 2. fewest truly missing ingredients, so that with the same count a recipe whose gaps the
///    pantry can fill with substitutes, or has some of, ranks above one whose gaps it cannot;
/// 3. in the "use it up" mode (``useItUp``) only: the soonest ``PantryItem/expiresOn`` among
///    the pantry items the recipe uses, soonest first; recipes using no dated item come after
///    those that do. It ranks before "pantry used" so that one item about to go off outweighs
///    several that keep, but after the missing counts so that a recipe one can cook still
///    ranks above one that needs shopping;
/// 4. most of the pantry used: the recipe's required foods that the pantry (not the staples)
///    satisfies;
/// 5. fewest kind matches (``FinderKindMatch``): with the same pantry used, a recipe naming
///    exactly what the pantry has ranks above one the pantry serves through a plain food;
/// 6. highest rating (unrated counts as 0; the asking user's own with ``marks``);
/// 7. recipe id, by its UTF-8 bytes, so equal recipes always come in the same order.
///
/// What counts as missing:
/// - a required food no pantry item or staple gives, by ``PantryCoverage`` (the same food, a
///   more specific one, or a plain food standing for its kind, as each item's ``PantryKinds``
///   allows);
/// - a line of alternatives none of whose foods is at hand (any one of them satisfies it);
/// - a food at hand in too small an amount: when the recipe says how much it needs in all
///   (``FinderRecipe/amounts``) and every pantry item giving it says how much it holds, the
///   total is compared through units and the food's density (``PantryAmounts``); a staple, an
///   item without an amount, or units that do not convert count as enough. A short food ranks
///   like a substitutable one: above a food not at hand at all;
/// - every unmatched line.
/// Recipes the finder cannot judge (``FinderRecipe/isJudgeable``) are never found; they are
/// counted by ``FinderEngine/unjudged(_:)``.
public struct FinderQuery: Hashable, Sendable {
  /// A food the user has.
  public struct PantryItem: Hashable, Sendable {
    /// The catalog food id, such as "cheddar".
    public var food: String
    /// When the item expires, if the pantry knows; ranks recipes in the "use it up" mode.
    public var expiresOn: Date?
    /// How much there is, if the pantry knows; nil is "enough for any recipe".
    public var amount: Measure?
    /// How far the item stands for its food's kinds; see ``PantryKinds``.
    public var kinds: PantryKinds

    /// Makes a pantry item.
    public init(
      food: String, expiresOn: Date? = nil, amount: Measure? = nil,
      kinds: PantryKinds = .everyday
    ) {
      self.food = food
      self.expiresOn = expiresOn
      self.amount = amount
      self.kinds = kinds
    }
  }

  /// The staples a household has unless it says otherwise.
  public static let defaultStaples = ["salt", "black-pepper", "water"]

  /// The foods the user has.
  public var pantry: [PantryItem]
  /// Foods the user always has; they satisfy recipes like pantry foods but do not count as
  /// pantry used in ranking.
  public var staples: [String]
  /// K: the most missing ingredients a recipe may have; 0 means "can make now". Negative
  /// values count as 0.
  public var maxMissing: Int
  /// Foods every recipe must use (a recipe uses "cheese" when it has cheddar).
  public var mustInclude: [String]
  /// Foods no recipe may use (excluding "nut" excludes every recipe with any kind of nut),
  /// required or optional.
  public var mustExclude: [String]
  /// Diets every recipe must suit; see ``FinderDiet``.
  public var diets: [DietLabel]
  /// Filters on the recipe's own facts.
  public var filters: FinderFilters
  /// How many ranked recipes to skip; negative values count as 0.
  public var offset: Int
  /// How many recipes to return at most; negative values count as 0.
  public var limit: Int
  /// The "use it up" mode: recipes using the pantry items that expire soonest rank first
  /// among recipes missing as much (see the order above).
  public var useItUp: Bool
  /// The asking user's own favourites and ratings, read in place of the recipes' own for
  /// ``FinderFilters/favoritesOnly`` and for ranking; nil reads the recipes' own.
  public var marks: FinderMarks?

  /// Makes a query from pantry food ids.
  public init(
    pantry: [String], staples: [String] = FinderQuery.defaultStaples, maxMissing: Int = 0,
    mustInclude: [String] = [], mustExclude: [String] = [], diets: [DietLabel] = [],
    filters: FinderFilters = FinderFilters(), offset: Int = 0, limit: Int = 24,
    useItUp: Bool = false
  ) {
    self.init(
      pantryItems: pantry.map { PantryItem(food: $0) }, staples: staples, maxMissing: maxMissing,
      mustInclude: mustInclude, mustExclude: mustExclude, diets: diets, filters: filters,
      offset: offset, limit: limit, useItUp: useItUp)
  }

  /// Makes a query from pantry items, which may carry expiry dates.
  public init(
    pantryItems: [PantryItem], staples: [String] = FinderQuery.defaultStaples,
    maxMissing: Int = 0, mustInclude: [String] = [], mustExclude: [String] = [],
    diets: [DietLabel] = [], filters: FinderFilters = FinderFilters(), offset: Int = 0,
    limit: Int = 24, useItUp: Bool = false
  ) {
    self.pantry = pantryItems
    self.staples = staples
    self.maxMissing = maxMissing
    self.mustInclude = mustInclude
    self.mustExclude = mustExclude
    self.diets = diets
    self.filters = filters
    self.offset = offset
    self.limit = limit
    self.useItUp = useItUp
  }

  /// Whether the "use it up" order applies: the mode is on and some pantry item has a date.
  var ranksByExpiry: Bool { useItUp && pantry.contains { $0.expiresOn != nil } }

  /// The matches in the "use it up" order, given in the usual order: a stable sort on the
  /// missing counts and the soonest expiry keeps "pantry used", rating and id as tie-breaks.
  func rankedByExpiry(_ matches: [FinderMatch], taxonomy: FinderTaxonomy) -> [FinderMatch] {
    // A dated pantry item dates every food it gives (``PantryCoverage``): one table of the
    // soonest date per food, filled as the matches ask.
    let dated = pantry.filter { $0.expiresOn != nil }
    var soonestByFood: [String: Date?] = [:]
    func soonest(_ food: String) -> Date? {
      if let known = soonestByFood[food] { return known }
      let date =
        dated.filter { taxonomy.coverage(of: food, by: $0.food, kinds: $0.kinds) != nil }
        .compactMap(\.expiresOn).min()
      soonestByFood[food] = date
      return date
    }
    let keyed = matches.enumerated().map { position, match -> (Int, Int, Date, Int) in
      let soonest =
        (match.matchedFoods + match.shortfalls.map(\.food)).compactMap(soonest).min()
        ?? .distantFuture
      let truly = match.missingCount - match.substitutions.count - match.shortfalls.count
      return (match.missingCount, truly, soonest, position)
    }
    return keyed.sorted { lhs, rhs in
      if lhs.0 != rhs.0 { return lhs.0 < rhs.0 }
      if lhs.1 != rhs.1 { return lhs.1 < rhs.1 }
      if lhs.2 != rhs.2 { return lhs.2 < rhs.2 }
      return lhs.3 < rhs.3
    }.map { matches[$0.3] }
  }

  /// K, never negative.
  var normalizedMaxMissing: Int { max(0, maxMissing) }
  /// The offset, never negative.
  var normalizedOffset: Int { max(0, offset) }
  /// The limit, never negative.
  var normalizedLimit: Int { max(0, limit) }
}

/// One user's favourites and ratings, which a query can carry (``FinderQuery/marks``) so that
/// each member of a household finds among their own favourites and ranks by their own ratings.
public struct FinderMarks: Hashable, Sendable {
  /// The ids of the user's favourite recipes.
  public var favorites: Set<String>
  /// The user's ratings by recipe id, 1 to 5; a recipe missing here counts as unrated.
  public var ratings: [String: Int]

  /// Makes marks; by default no favourites and no ratings.
  public init(favorites: Set<String> = [], ratings: [String: Int] = [:]) {
    self.favorites = favorites
    self.ratings = ratings
  }

  /// The rating a recipe ranks with: the user's, clamped to 0...5, or 0 when unrated.
  func rankingRating(of id: String) -> Int { min(5, max(0, ratings[id] ?? 0)) }
}

/// Filters on a recipe's own facts. An empty list or nil means "no filter".
public struct FinderFilters: Hashable, Sendable {
  /// The recipe must have at least one of these courses or meal types.
  public var courses: [String]
  /// The recipe must have at least one of these cuisines.
  public var cuisines: [String]
  /// The recipe's total time must be known and at most this many minutes.
  public var maxTotalMinutes: Int?
  /// The recipe must have at most this many ingredient lines.
  public var maxIngredientCount: Int?
  /// The recipe must have every one of these tags or collections.
  public var tags: [String]
  /// Only favourites: the recipes' own flag, or the asking user's (``FinderQuery/marks``).
  public var favoritesOnly: Bool

  /// Makes filters; the defaults filter nothing.
  public init(
    courses: [String] = [], cuisines: [String] = [], maxTotalMinutes: Int? = nil,
    maxIngredientCount: Int? = nil, tags: [String] = [], favoritesOnly: Bool = false
  ) {
    self.courses = courses
    self.cuisines = cuisines
    self.maxTotalMinutes = maxTotalMinutes
    self.maxIngredientCount = maxIngredientCount
    self.tags = tags
    self.favoritesOnly = favoritesOnly
  }

  /// Whether any filter is set.
  var isEmpty: Bool {
    courses.isEmpty && cuisines.isEmpty && maxTotalMinutes == nil && maxIngredientCount == nil
      && tags.isEmpty && !favoritesOnly
  }
}

/// One recipe the finder found, with why it ranks where it does.
public struct FinderMatch: Hashable, Sendable {
  /// The recipe's identifier.
  public var recipeID: String
  /// Missing ingredients in all: ``missingFoods`` plus ``unmatchedLineCount``.
  public var missingCount: Int
  /// Required foods the pantry or the staples satisfy, sorted by id.
  public var matchedFoods: [String]
  /// Required foods nothing satisfies, sorted by id; substitutable foods are among them.
  public var missingFoods: [String]
  /// Missing foods that a substitute at hand can stand in for, sorted by food.
  public var substitutions: [FinderSubstitution]
  /// Lines that could not be parsed or matched; each counts as missing.
  public var unmatchedLineCount: Int
  /// How many of the recipe's required foods the pantry itself (not the staples) satisfies.
  public var pantryFoodsUsed: Int
  /// Matched foods the pantry gives only as a plain food standing for the kind the recipe
  /// names ("you have rice — the recipe asks for basmati rice"), sorted by the recipe's food.
  public var kindMatches: [FinderKindMatch]
  /// The recipe's lines with alternatives, each with the one at hand, in the recipe's order.
  public var choices: [FinderChoice]
  /// Matched foods the pantry has too little of ("need 6 eggs, have 2"), sorted by food; each
  /// counts as missing (and is among ``missingFoods``) but ranks above a food not at hand.
  public var shortfalls: [FinderShortfall]

  /// Makes a match.
  public init(
    recipeID: String, missingCount: Int, matchedFoods: [String], missingFoods: [String],
    substitutions: [FinderSubstitution], unmatchedLineCount: Int, pantryFoodsUsed: Int,
    kindMatches: [FinderKindMatch] = [], choices: [FinderChoice] = [],
    shortfalls: [FinderShortfall] = []
  ) {
    self.recipeID = recipeID
    self.missingCount = missingCount
    self.matchedFoods = matchedFoods
    self.missingFoods = missingFoods
    self.substitutions = substitutions
    self.unmatchedLineCount = unmatchedLineCount
    self.pantryFoodsUsed = pantryFoodsUsed
    self.kindMatches = kindMatches
    self.choices = choices
    self.shortfalls = shortfalls
  }
}

/// A recipe food given by a plain pantry food standing for its kind.
public struct FinderKindMatch: Hashable, Sendable {
  /// The food the recipe names ("basmati-rice").
  public var food: String
  /// The pantry food that stands for it ("rice").
  public var pantryFood: String

  /// Makes a kind match.
  public init(food: String, pantryFood: String) {
    self.food = food
    self.pantryFood = pantryFood
  }
}

/// A line that offers alternatives ("parsley or coriander") and the one at hand.
public struct FinderChoice: Hashable, Sendable {
  /// The line's foods, its own first.
  public var foods: [String]
  /// The first of them the pantry or staples give; nil when none is at hand.
  public var chosen: String?

  /// Makes a choice.
  public init(foods: [String], chosen: String?) {
    self.foods = foods
    self.chosen = chosen
  }
}

/// A food the pantry has, but too little of.
public struct FinderShortfall: Hashable, Sendable {
  /// The recipe's food.
  public var food: String
  /// What the recipe needs in all.
  public var need: Measure
  /// What the pantry has, in the recipe's unit where it converts.
  public var have: Measure

  /// Makes a shortfall.
  public init(food: String, need: Measure, have: Measure) {
    self.food = food
    self.need = need
    self.have = have
  }
}

/// The recipes the finder cannot judge, and why: they are never offered as makeable, nor as
/// missing only a few. See ``FinderRecipe/isJudgeable``.
public struct FinderUnjudged: Hashable, Sendable {
  /// Why a recipe cannot be judged.
  enum Reason: UInt8 {
    case noIngredients = 1
    case mostlyUnrecognised = 2
  }

  /// Recipes without a required ingredient line Larder could read (an empty list, or only
  /// optional lines).
  public var noIngredients: Int
  /// Recipes most of whose required lines match no food (often another language).
  public var mostlyUnrecognised: Int

  /// Makes a count.
  public init(noIngredients: Int = 0, mostlyUnrecognised: Int = 0) {
    self.noIngredients = noIngredients
    self.mostlyUnrecognised = mostlyUnrecognised
  }

  /// Both counts together.
  public var total: Int { noIngredients + mostlyUnrecognised }
}

/// A missing food and the foods at hand that can stand in for it.
///
/// A substitutable food still counts as missing for K ("can make now" means without swaps),
/// but ranks above a truly missing one; see ``FinderQuery``.
public struct FinderSubstitution: Hashable, Sendable {
  /// The missing food.
  public var food: String
  /// Its substitutes that the pantry or staples satisfy, in the catalog's order.
  public var substitutes: [String]

  /// Makes a substitution.
  public init(food: String, substitutes: [String]) {
    self.food = food
    self.substitutes = substitutes
  }
}

/// The ranking key, shared by the engine and the scan so the two order recipes identically.
struct FinderRankKey: Comparable {
  /// The leading keys packed into one integer, smaller ranks first: missing (16 bits), truly
  /// missing (16: neither substitutable nor merely short), pantry used (14, inverted), kind
  /// matches (10), rating (8, inverted). The "use it up" mode re-sorts the ranked matches by
  /// expiry afterwards (``FinderQuery/rankedByExpiry(_:taxonomy:)``).
  var packed: UInt64

  init(
    missing: Int, substitutable: Int, short: Int = 0, used: Int, kinds: Int = 0, rating: Int
  ) {
    let missing = min(max(0, missing), 0xFFFF)
    let softened = min(max(0, substitutable) + max(0, short), missing)
    let truly = missing - softened
    let used = 0x3FFF - min(max(0, used), 0x3FFF)
    let kinds = min(max(0, kinds), 0x3FF)
    let rating = 0xFF - min(max(0, rating), 0xFF)
    packed =
      UInt64(missing) << 48 | UInt64(truly) << 32 | UInt64(used) << 18 | UInt64(kinds) << 8
      | UInt64(rating)
  }

  /// The missing count the key was made from.
  var missing: Int { Int(packed >> 48) }

  static func < (lhs: FinderRankKey, rhs: FinderRankKey) -> Bool { lhs.packed < rhs.packed }
}
