import Foundation
import LarderCore

/// The servings to work a recipe's nutrition out for:
/// `GET /api/v1/recipes/:id/nutrition?servings=`.
///
/// Fields: `servings` (more than 0, at most 1000; the recipe's own unless given).
public struct RecipeNutritionRequest: RequestFields, Equatable {
  /// The servings; nil for the recipe's own.
  public var servings: Double?

  /// The fields, as the API names them.
  public static let fieldNames = ["servings"]

  enum CodingKeys: String, CodingKey {
    case servings
  }

  /// Makes a request; the servings are checked by ``validate()``.
  public init(servings: Double? = nil) {
    self.servings = servings
  }

  /// Reads the request's fields.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    self.init(servings: try fields.number(.servings, expected: Self.servingsText))
  }

  /// Checks that the servings are more than 0 and at most 1000, as a recipe's lines have them.
  public func validate() throws {
    try RecipeLinesRequest(servings: servings).validate()
  }

  private static let servingsText = "a number more than 0 and at most 1000"
}

/// A recipe's nutrition as Larder works it out, with the page's own figures beside it, never
/// mixed in.
public struct RecipeNutritionReport: Sendable, Equatable, Encodable {
  /// One ingredient line's part, with its foods named.
  public struct Line: Sendable, Equatable, Encodable {
    /// The line as written.
    public var text: String
    /// `counted`, `negligible` (too little to matter) or `notCounted`.
    public var status: NutritionLine.Status
    /// Why it was not counted, for programs; absent when counted.
    public var reasonCode: NutritionLine.Reason?
    /// Why it was not counted, in plain words; absent when counted.
    public var reason: String?
    /// The food the line matched.
    public var food: FoodReference?
    /// The food whose figures were used, when not the line's own.
    public var countedAs: FoodReference?
    /// The state the food was counted in (`dry`, `cooked` or `canned`), for a legume or
    /// grain Larder has cooked or canned figures of; absent for other foods.
    public var variant: NutritionVariant?
    /// The line's weight in grams at the servings asked for, to 0.1 g; absent when not
    /// weighed.
    public var grams: Double?
    /// What the line adds at the servings asked for; absent when not counted.
    public var nutrients: Nutrients?
    /// The nutrients the line's food has no figure for.
    public var unknownNutrients: [Nutrients.Key]
  }

  /// The recipe's id.
  public var id: RecipeID
  /// The servings the figures are for; null when neither the recipe nor the request says.
  public var servings: Double?
  /// The servings the recipe makes as written; null when it does not say.
  public var recipeServings: Double?
  /// How many times the written amounts are counted.
  public var factor: Double
  /// One serving's figures; null when the servings are not known.
  public var perServing: Nutrients?
  /// The whole recipe's figures at ``servings``.
  public var total: Nutrients
  /// What was counted, in numbers and plain words.
  public var coverage: NutritionCoverage
  /// Every ingredient line in order.
  public var lines: [Line]
  /// The recipe's own nutrition per serving as its page gave it (schema.org), shown as "the
  /// page says"; null when it gave none.
  public var pageSays: Nutrition?

  enum CodingKeys: String, CodingKey {
    case id, servings, recipeServings, factor, perServing, total, coverage, lines, pageSays
  }

  /// Writes unknown servings, per serving and page figures as null.
  public func encode(to encoder: Encoder) throws {
    var fields = encoder.container(keyedBy: CodingKeys.self)
    try fields.encode(id, forKey: .id)
    try fields.encodeNullable(servings, forKey: .servings)
    try fields.encodeNullable(recipeServings, forKey: .recipeServings)
    try fields.encode(factor, forKey: .factor)
    try fields.encodeNullable(perServing, forKey: .perServing)
    try fields.encode(total, forKey: .total)
    try fields.encode(coverage, forKey: .coverage)
    try fields.encode(lines, forKey: .lines)
    try fields.encodeNullable(pageSays, forKey: .pageSays)
  }

  /// Names the foods of a worked-out nutrition from `catalog`.
  init(recipe: Recipe, nutrition: RecipeNutrition, catalog: FoodCatalog) {
    id = recipe.id
    servings = nutrition.servings
    recipeServings = nutrition.recipeServings
    factor = nutrition.factor
    perServing = nutrition.perServing
    total = nutrition.total
    coverage = nutrition.coverage
    lines = nutrition.lines.map { line in
      Line(
        text: line.text, status: line.status, reasonCode: line.reasonCode, reason: line.reason,
        food: line.foodID.map { FoodReference(id: $0, in: catalog) },
        countedAs: line.countedAs.map { FoodReference(id: $0, in: catalog) },
        variant: line.variant,
        grams: line.grams.map { ($0 * 10).rounded() / 10 }, nutrients: line.nutrients,
        unknownNutrients: line.unknownNutrients)
    }
    pageSays = recipe.nutrition.flatMap { $0.isEmpty ? nil : $0 }
  }
}

extension KeyedEncodingContainer {
  /// Writes the value, or null when there is none.
  fileprivate mutating func encodeNullable<Value: Encodable>(
    _ value: Value?, forKey key: Key
  )
    throws
  {
    if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
  }
}

extension Larder {
  /// A recipe's nutrition at the servings asked for, worked out from its lines with the
  /// household's catalog and the shipped nutrient tables (``NutritionCalculator``).
  ///
  /// Throws ``ApplicationError/invalidValue(_:value:expected:)`` for servings out of range and
  /// ``ApplicationError/notFound(_:id:)`` for an unknown recipe.
  public func recipeNutrition(
    _ id: RecipeID, _ request: RecipeNutritionRequest, as caller: Caller
  ) throws -> RecipeNutritionReport {
    try request.validate()
    guard let recipe = try recipes.recipe(id: id, household: caller.household) else {
      throw ApplicationError.notFound(.recipe, id: id.rawValue)
    }
    return try recipeNutrition(of: recipe, request, as: caller)
  }

  /// ``recipeNutrition(_:_:as:)`` of a recipe the caller has already read (``recipe(_:as:)``),
  /// so a page that shows both reads it once.
  ///
  /// Throws ``ApplicationError/notFound(_:id:)`` for a recipe of another household.
  public func recipeNutrition(
    of recipe: Recipe, _ request: RecipeNutritionRequest, as caller: Caller
  ) throws -> RecipeNutritionReport {
    try request.validate()
    guard recipe.householdID == caller.household else {
      throw ApplicationError.notFound(.recipe, id: recipe.id.rawValue)
    }
    let catalog = try household(caller).foods.current
    let nutrition = NutritionCalculator(catalog: catalog).nutrition(
      of: recipe, servings: request.servings)
    return RecipeNutritionReport(recipe: recipe, nutrition: nutrition, catalog: catalog)
  }
}

/// One row of a nutrition table as every front end shows it: "Protein", "8.4 g", "33 g".
public struct NutritionRow: Sendable, Equatable {
  /// What a label calls the nutrient ("Saturated fat").
  public var label: String
  /// One serving's amount as written; nil when the servings are not known.
  public var perServing: String?
  /// The whole recipe's amount as written.
  public var total: String
  /// Whether the row sits under another ("of which saturates"), as labels indent it.
  public var isPart: Bool

  /// The rows for a per-serving and a total set of figures, in the order EU labels give them:
  /// energy (kcal and kJ), fat, of which saturates, carbohydrate, of which sugars, fibre,
  /// protein, salt, and sodium. An unknown amount reads "not known".
  public static func rows(perServing: Nutrients?, total: Nutrients) -> [NutritionRow] {
    typealias Reader = (Nutrients) -> String
    func grams(_ value: Double?) -> String {
      guard let value else { return "not known" }
      return value < 10 ? "\(formatted(value, places: 1)) g" : "\(formatted(value, places: 0)) g"
    }
    let readers: [(String, Bool, Reader)] = [
      (
        "Energy", false,
        {
          guard let kcal = $0.energyKcal, let kilojoules = $0.energyKJ else { return "not known" }
          return "\(formatted(kcal, places: 0)) kcal (\(formatted(kilojoules, places: 0)) kJ)"
        }
      ),
      ("Fat", false, { grams($0.fatG) }),
      ("of which saturates", true, { grams($0.saturatedFatG) }),
      ("Carbohydrate", false, { grams($0.carbohydrateG) }),
      ("of which sugars", true, { grams($0.sugarsG) }),
      ("Fibre", false, { grams($0.fibreG) }),
      ("Protein", false, { grams($0.proteinG) }),
      ("Salt", false, { $0.saltG.map { "\(formatted($0, places: 2)) g" } ?? "not known" }),
      (
        "Sodium", true,
        { $0.sodiumMg.map { "\(formatted($0, places: 0)) mg" } ?? "not known" }
      ),
    ]
    return readers.map { label, isPart, read in
      NutritionRow(
        label: label, perServing: perServing.map(read), total: read(total), isPart: isPart)
    }
  }

  /// A number with `places` decimals, without a trailing ".0" for whole ones.
  public static func formatted(_ value: Double, places: Int) -> String {
    let factor = pow(10, Double(places))
    let rounded = (value * factor).rounded() / factor
    if places == 0 || rounded == rounded.rounded() { return String(Int(rounded.rounded())) }
    return String(format: "%.\(places)f", rounded)
  }
}

extension RecipeNutritionReport {
  /// The figures as table rows (see ``NutritionRow/rows(perServing:total:)``).
  public var rows: [NutritionRow] { NutritionRow.rows(perServing: perServing, total: total) }

  /// The page's own figures as "name value" pairs, in schema.org's order with readable names
  /// ("Calories", "240 kcal"); empty when the page gave none.
  public var pageSaysEntries: [(label: String, value: String)] {
    let names = [
      "calories": "Calories", "fatContent": "Fat", "saturatedFatContent": "Saturated fat",
      "transFatContent": "Trans fat", "unsaturatedFatContent": "Unsaturated fat",
      "cholesterolContent": "Cholesterol", "sodiumContent": "Sodium",
      "carbohydrateContent": "Carbohydrate", "fiberContent": "Fibre", "sugarContent": "Sugars",
      "proteinContent": "Protein", "servingSize": "Serving size",
    ]
    return (pageSays?.entries ?? []).map { (label: names[$0.name] ?? $0.name, value: $0.value) }
  }
}
