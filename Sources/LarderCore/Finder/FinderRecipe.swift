import Foundation

/// A recipe as the pantry finder sees it: the catalog foods its ingredient lines were matched
/// to, and the few facts the finder's filters and ranking need.
///
/// The finder takes plain values so that it depends on neither the parser nor the catalog: the
/// store turns each recipe's analysed lines into one of these. Food ids are compared exactly
/// (they are catalog ids such as "cheddar"); courses, cuisines and tags are compared ignoring
/// case and surrounding spaces. The first 10,000 distinct required foods, optional foods and
/// unmatched lines count; anything beyond (far beyond any real recipe) is ignored.
public struct FinderRecipe: Hashable, Sendable {
  /// The recipe's identifier (the store's ``RecipeID`` text); unique within a finder.
  public var id: String
  /// Foods of the lines the recipe needs. Repeats count once.
  public var requiredFoods: [String]
  /// Required lines that offer alternatives ("parsley or coriander"): each line's foods, the
  /// line's own first. A line is satisfied by any of its foods; its foods are not also listed
  /// in ``requiredFoods`` (unless another line needs one alone). Lines with a single food
  /// belong in ``requiredFoods``.
  public var alternatives: [[String]]
  /// How much of each required food the recipe needs in all, when its lines say (a food whose
  /// lines' amounts cannot be added up is absent). A pantry item with an amount that falls
  /// short leaves the food partly missing; see ``FinderQuery``.
  public var amounts: [String: Measure]
  /// Foods of optional, "to taste" and garnish lines: they never count as missing. A food that
  /// is also required counts as required.
  public var optionalFoods: [String]
  /// Lines that could not be parsed or matched to a catalog food. Each counts as one missing
  /// ingredient, so such a line never makes a recipe look makeable.
  public var unmatchedLineCount: Int
  /// Courses or meal types, such as "Dinner" or "Dessert".
  public var courses: [String]
  /// Cuisines, such as "Italian".
  public var cuisines: [String]
  /// The diets the recipe's author or user says it suits; see ``FinderDiet`` for how they
  /// count.
  public var diets: [DietLabel]
  /// Total time in minutes, if known.
  public var totalMinutes: Int?
  /// The number of ingredient lines, for the "at most N ingredients" filter.
  public var ingredientCount: Int
  /// Tags and the names of collections the recipe belongs to.
  public var tags: [String]
  /// Whether the user marked the recipe as a favourite.
  public var isFavorite: Bool
  /// The user's rating, 1 to 5.
  public var rating: Int?

  /// Makes a recipe; `ingredientCount` defaults to the number of distinct foods plus the
  /// unmatched lines.
  public init(
    id: String, requiredFoods: [String], alternatives: [[String]] = [],
    amounts: [String: Measure] = [:], optionalFoods: [String] = [],
    unmatchedLineCount: Int = 0, courses: [String] = [], cuisines: [String] = [],
    diets: [DietLabel] = [], totalMinutes: Int? = nil, ingredientCount: Int? = nil,
    tags: [String] = [], isFavorite: Bool = false, rating: Int? = nil
  ) {
    self.id = id
    self.requiredFoods = requiredFoods
    self.alternatives = alternatives
    self.amounts = amounts
    self.optionalFoods = optionalFoods
    self.unmatchedLineCount = unmatchedLineCount
    self.courses = courses
    self.cuisines = cuisines
    self.diets = diets
    self.totalMinutes = totalMinutes
    self.ingredientCount =
      ingredientCount
      ?? (Set(requiredFoods).union(optionalFoods).count + alternatives.count
        + max(0, unmatchedLineCount))
    self.tags = tags
    self.isFavorite = isFavorite
    self.rating = rating
  }
}

/// The normalised views of a recipe that the engine and the reference scan both use, so the
/// two can never disagree about what a recipe says.
extension FinderRecipe {
  /// The most distinct required foods, optional foods and unmatched lines a recipe is read
  /// with; beyond them (far beyond any real recipe) the rest is ignored, so that no input can
  /// overflow the engine's compact records.
  static let limit = 10_000

  /// What the recipe requires, each once, in the recipe's order: its sole required foods,
  /// then one id per distinct line of alternatives (``groupID(_:)``), at most ``limit``.
  var requirements: [String] {
    var seen = Set<String>()
    var result: [String] = []
    for food in soleRequiredFoods where seen.insert(food).inserted {
      result.append(food)
    }
    for line in distinctAlternatives {
      let id = Self.groupID(line)
      if seen.insert(id).inserted { result.append(id) }
    }
    return Array(result.prefix(Self.limit))
  }

  /// Optional foods without repeats and without foods that are also required alone.
  var distinctOptionalFoods: [String] {
    var seen = Set(soleRequiredFoods)
    return Array(
      optionalFoods.filter { !$0.contains(Self.groupSeparator) && seen.insert($0).inserted }
        .prefix(Self.limit))
  }

  /// The separator of a line of alternatives' foods in its ``groupID(_:)``: a control
  /// character no food id contains.
  static let groupSeparator: Character = "\u{1F}"

  /// The id the finder gives a line of alternatives: its foods joined in order.
  static func groupID(_ foods: [String]) -> String {
    foods.joined(separator: String(groupSeparator))
  }

  /// The foods of a line of alternatives by its id; nil for a food's own id.
  static func members(ofGroup id: String) -> [String]? {
    guard id.contains(groupSeparator) else { return nil }
    return id.split(separator: groupSeparator).map(String.init)
  }

  /// Required lines with alternatives, each with its foods without repeats; lines with fewer
  /// than two distinct foods are left out (their one food is required alone).
  var distinctAlternatives: [[String]] {
    var result: [[String]] = []
    for line in alternatives.prefix(Self.limit) {
      var seen = Set<String>()
      let foods = line.filter { !$0.contains(Self.groupSeparator) && seen.insert($0).inserted }
      if foods.count >= 2 { result.append(foods) }
    }
    return result
  }

  /// Foods required alone: ``requiredFoods`` and the one food of an alternatives line that
  /// names only one.
  var soleRequiredFoods: [String] {
    let single = alternatives.compactMap { line -> String? in
      let foods = Set(line.filter { !$0.contains(Self.groupSeparator) })
      return foods.count == 1 ? foods.first : nil
    }
    return (requiredFoods + single).filter { !$0.contains(Self.groupSeparator) }
  }

  /// Unmatched lines, from 0 to the limit.
  var normalizedUnmatchedLineCount: Int { min(max(0, unmatchedLineCount), Self.limit) }

  /// The rating used for ranking: unrated counts as 0, and values are clamped to 0...5.
  var rankingRating: Int { min(5, max(0, rating ?? 0)) }
}

extension FinderRecipe {
  /// Whether the finder can judge the recipe: it has at least one required line matched to a
  /// food, and no more unmatched required lines than matched ones. A recipe it cannot judge
  /// is never offered as makeable (an empty list misses nothing, yet nothing is known), nor
  /// as missing a few; ``FinderUnjudged`` counts them.
  public var isJudgeable: Bool { unjudgedReason == nil }

  /// Why the finder cannot judge the recipe, or nil when it can.
  var unjudgedReason: FinderUnjudged.Reason? {
    let known = requirements.count
    if known == 0 {
      return normalizedUnmatchedLineCount == 0 ? .noIngredients : .mostlyUnrecognised
    }
    return normalizedUnmatchedLineCount > known ? .mostlyUnrecognised : nil
  }
}

/// Text normalisation shared by the engine and the scan.
enum FinderText {
  /// Courses, cuisines and tags compare ignoring case and surrounding whitespace.
  static func normalize(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
  }

  /// Orders recipe ids by their UTF-8 bytes: the finder's final, stable tie-break.
  static func precedes(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
  }
}
