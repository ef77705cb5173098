import Foundation

/// A recipe's nutrition worked out from its lines: the total and per serving at the servings
/// asked for, every line with what it added or why it was left out, and how much of the recipe
/// the figures cover. Made by ``NutritionCalculator``.
public struct RecipeNutrition: Hashable, Sendable, Codable {
  /// The servings the figures are for; nil when neither the recipe nor the request says.
  public var servings: Double?
  /// The servings the recipe makes as written; nil when it does not say.
  public var recipeServings: Double?
  /// How many times the written amounts are counted (servings over the recipe's own).
  public var factor: Double
  /// The figures for one serving; nil when the servings are not known.
  public var perServing: Nutrients?
  /// The figures for the whole recipe at ``servings``.
  public var total: Nutrients
  /// What was counted, in numbers and in plain words.
  public var coverage: NutritionCoverage
  /// Every ingredient line in order, with what it added or why it was not counted.
  public var lines: [NutritionLine]

  /// Makes a result.
  public init(
    servings: Double?, recipeServings: Double?, factor: Double, perServing: Nutrients?,
    total: Nutrients, coverage: NutritionCoverage, lines: [NutritionLine]
  ) {
    self.servings = servings
    self.recipeServings = recipeServings
    self.factor = factor
    self.perServing = perServing
    self.total = total
    self.coverage = coverage
    self.lines = lines
  }
}

/// One ingredient line's part in a recipe's nutrition.
public struct NutritionLine: Hashable, Sendable, Codable {
  /// Whether a line was counted.
  public enum Status: String, Hashable, Sendable, Codable, CaseIterable {
    /// Weighed and counted.
    case counted
    /// Left out because it is too little to matter (a pinch, a dash, a drop).
    case negligible
    /// Left out: the figures lack it (see ``NutritionLine/reason``).
    case notCounted
  }

  /// Why a line was not counted, for programs; ``NutritionLine/reason`` says it in words.
  public enum Reason: String, Hashable, Sendable, Codable, CaseIterable {
    /// "a pinch", "a dash", "a drop": too little to matter.
    case tooLittle
    /// No quantity and no unit ("salt to taste").
    case noAmount
    /// The recipe works without it ("for garnish", "(optional)").
    case optional
    /// No catalog food matched the line.
    case unknownFood
    /// The food has no nutrient data (nor does a food it is a kind of).
    case noNutrients
    /// The amount cannot be weighed: no piece weight for the count ("zest of 1 lemon"), no
    /// density for the volume, or a vague measure ("a handful").
    case noWeight
  }

  /// The line as written.
  public var text: String
  /// Counted, negligible or not counted.
  public var status: Status
  /// Why it was not counted; nil when counted.
  public var reasonCode: Reason?
  /// Why it was not counted, in plain words ("no weight known for zest"); nil when counted.
  public var reason: String?
  /// The catalog food the line matched.
  public var foodID: String?
  /// The food whose figures were used, when not the line's own ("all-purpose-flour" for
  /// "flour", "lemon-juice" for "juice of 1 lemon").
  public var countedAs: String?
  /// The state the food was counted in, for a legume or grain the table has cooked or
  /// canned figures of (`canned` for "1 (15 oz) can black beans"); nil for other foods.
  public var variant: NutritionVariant?
  /// The line's weight in grams at the servings asked for; nil when not weighed.
  public var grams: Double?
  /// What the line adds at the servings asked for; nil when not counted.
  public var nutrients: Nutrients?
  /// The nutrients the line's food has no figure for (they add nothing to the totals).
  public var unknownNutrients: [Nutrients.Key]

  /// Makes a line.
  public init(
    text: String, status: Status, reasonCode: Reason? = nil, reason: String? = nil,
    foodID: String? = nil, countedAs: String? = nil, variant: NutritionVariant? = nil,
    grams: Double? = nil, nutrients: Nutrients? = nil, unknownNutrients: [Nutrients.Key] = []
  ) {
    self.text = text
    self.status = status
    self.reasonCode = reasonCode
    self.reason = reason
    self.foodID = foodID
    self.countedAs = countedAs
    self.variant = variant
    self.grams = grams
    self.nutrients = nutrients
    self.unknownNutrients = unknownNutrients
  }
}

/// How much of a recipe its computed nutrition covers.
public struct NutritionCoverage: Hashable, Sendable, Codable {
  /// A nutrient some counted lines have no figure for, and those lines.
  public struct Gap: Hashable, Sendable, Codable {
    /// The nutrient.
    public var nutrient: Nutrients.Key
    /// The lines, as written.
    public var lines: [String]

    /// Makes a gap.
    public init(nutrient: Nutrients.Key, lines: [String]) {
      self.nutrient = nutrient
      self.lines = lines
    }
  }

  /// How many ingredient lines the recipe has.
  public var lineCount: Int
  /// How many were counted.
  public var countedLines: Int
  /// How many were too little to matter.
  public var negligibleLines: Int
  /// How many were left out for another reason.
  public var notCountedLines: Int
  /// Grams counted, at the servings asked for.
  public var countedGrams: Double
  /// Grams weighed but not counted: foods without nutrient data, and lines measured by weight
  /// whose food Larder does not know (optional lines are not part of the recipe's weight).
  public var uncountedGrams: Double
  /// How many lines that are not counted could not be weighed either, so their weight is not in
  /// ``weightShare``.
  public var unweighedLines: Int
  /// The share of the weighed weight that is counted, 0 to 1; nil when nothing was weighed.
  public var weightShare: Double?
  /// Nutrients some counted lines have no figure for: their totals are what the other lines
  /// add up to.
  public var gaps: [Gap]
  /// The coverage in plain words: "12 of 14 lines counted, 97% of the weight; not counted:
  /// salt to taste (no amount); zest of 1 lemon (no weight known for zest)".
  public var summary: String

  /// Makes a coverage record.
  public init(
    lineCount: Int, countedLines: Int, negligibleLines: Int, notCountedLines: Int,
    countedGrams: Double, uncountedGrams: Double, unweighedLines: Int, weightShare: Double?,
    gaps: [Gap], summary: String
  ) {
    self.lineCount = lineCount
    self.countedLines = countedLines
    self.negligibleLines = negligibleLines
    self.notCountedLines = notCountedLines
    self.countedGrams = countedGrams
    self.uncountedGrams = uncountedGrams
    self.unweighedLines = unweighedLines
    self.weightShare = weightShare
    self.gaps = gaps
    self.summary = summary
  }
}
