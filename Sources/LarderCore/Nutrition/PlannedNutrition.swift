import Foundation

/// Planned meals' nutrition added up, for a day or a week of the meal plan: one serving of
/// each meal (what one person eats) and every serving planned (what is cooked), with the meals
/// that could not be counted and why.
public struct PlannedNutrition: Hashable, Sendable, Codable {
  /// A planned meal, for ``adding(_:)``.
  public struct Meal: Sendable {
    /// The recipe's name, for the words; nil when the recipe is gone.
    public var name: String?
    /// The recipe's worked-out nutrition at its own servings; nil when the recipe is gone.
    public var nutrition: RecipeNutrition?
    /// The servings planned; nil for the recipe's own.
    public var servings: Double?

    /// Makes a meal.
    public init(name: String?, nutrition: RecipeNutrition?, servings: Double?) {
      self.name = name
      self.nutrition = nutrition
      self.servings = servings
    }
  }

  /// One serving of each counted meal: what one person eats.
  public var perPerson: Nutrients
  /// Every planned serving of each counted meal.
  public var planned: Nutrients
  /// How many meals are planned.
  public var meals: Int
  /// How many were counted.
  public var countedMeals: Int
  /// The meals not counted, each with why ("Toast: the recipe does not say how many it
  /// serves").
  public var notCounted: [String]
  /// The share of the counted meals' weighed weight that their figures cover, 0 to 1; nil when
  /// nothing was weighed.
  public var weightShare: Double?
  /// The whole in plain words: "3 of 4 meals counted, 97% of their weight; not counted: …".
  public var summary: String

  /// Makes a record.
  public init(
    perPerson: Nutrients, planned: Nutrients, meals: Int, countedMeals: Int,
    notCounted: [String], weightShare: Double?, summary: String
  ) {
    self.perPerson = perPerson
    self.planned = planned
    self.meals = meals
    self.countedMeals = countedMeals
    self.notCounted = notCounted
    self.weightShare = weightShare
    self.summary = summary
  }

  /// The meals added up. A meal counts when its recipe is there and says how many it serves
  /// (else a serving is not known); its planned servings are its own unless given.
  public static func adding(_ meals: [Meal]) -> PlannedNutrition {
    var perPerson = Nutrients()
    var planned = Nutrients()
    var counted = 0
    var notCounted: [String] = []
    var countedGrams = 0.0
    var weighedGrams = 0.0
    for meal in meals {
      guard let nutrition = meal.nutrition else {
        notCounted.append("\(meal.name ?? "a deleted recipe"): the recipe is gone")
        continue
      }
      let name = meal.name ?? "a recipe"
      guard let serving = nutrition.perServing, let own = nutrition.servings, own > 0 else {
        notCounted.append("\(name): the recipe does not say how many it serves")
        continue
      }
      counted += 1
      perPerson = perPerson.adding(serving)
      let servings = meal.servings.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? own
      planned = planned.adding(serving.scaled(by: servings))
      countedGrams += nutrition.coverage.countedGrams / own
      weighedGrams += (nutrition.coverage.countedGrams + nutrition.coverage.uncountedGrams) / own
    }
    let share = weighedGrams > 0 ? countedGrams / weighedGrams : nil
    var summary =
      "\(counted) of \(meals.count) " + (meals.count == 1 ? "meal" : "meals") + " counted"
    if let share, counted > 0 {
      summary += ", \(Int((share * 100).rounded()))% of their weight"
    }
    if !notCounted.isEmpty { summary += "; not counted: " + notCounted.joined(separator: "; ") }
    return PlannedNutrition(
      perPerson: perPerson, planned: planned, meals: meals.count, countedMeals: counted,
      notCounted: notCounted, weightShare: share, summary: summary)
  }
}
