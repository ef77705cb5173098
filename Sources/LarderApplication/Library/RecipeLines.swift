import Foundation
import LarderCore

/// A recipe's ingredient lines for a number of servings, a unit system and a pantry:
/// `GET /api/v1/recipes/:id/lines?servings=&units=&have=&staples=`.
///
/// Fields: `servings` (more than 0, at most 1000; the recipe's own unless given), `units`
/// (`us`, `metric` or `original`), `have` and `staples` (foods, as ids or names), and
/// `pantry=stored`. With `have` (even empty) each line is marked have, missing or optional;
/// with `pantry=stored` (and no `have`) the lines are marked against the household's stored
/// pantry, each item with the kinds it stands for ("any rice", "only brown rice") and its
/// amount (too little of a food is missing, with a `shortfall`), as the finder reads them, and
/// an empty stored pantry marks no lines; `staples` replaces the usual
/// salt, black pepper and water (empty for none).
public struct RecipeLinesRequest: RequestFields, Equatable {
  /// The unit systems lines can be shown in.
  public enum Units: String, Sendable, CaseIterable {
    /// US customary units.
    case us
    /// Metric units, weighing what metric kitchens weigh.
    case metric
    /// Each amount in the system it was written in.
    case original
  }

  /// Where the pantry the lines are marked against comes from, besides `have`.
  public enum Pantry: String, Sendable, CaseIterable {
    /// The household's stored pantry (the Pantry page's), as the finder reads it.
    case stored
  }

  /// The servings to show amounts for; nil for the recipe's own.
  public var servings: Double?
  /// The unit system to show amounts in.
  public var units: Units
  /// The foods at hand; nil marks no lines.
  public var have: [String]?
  /// The foods always at hand; nil for the usual staples.
  public var staples: [String]?
  /// `stored` marks the lines against the household's stored pantry when `have` is not given.
  public var pantry: Pantry?

  /// The servings a request may ask for (more than the lower bound).
  public static let servingsRange = 0.0...1000.0
  /// The fields, as the API names them.
  public static let fieldNames = ["servings", "units", "have", "staples", "pantry"]

  enum CodingKeys: String, CodingKey {
    case servings, units, have, staples, pantry
  }

  /// Makes a request; the servings are checked by ``validate()``.
  public init(
    servings: Double? = nil, units: Units = .original, have: [String]? = nil,
    staples: [String]? = nil, pantry: Pantry? = nil
  ) {
    self.servings = servings
    self.units = units
    self.have = have
    self.staples = staples
    self.pantry = pantry
  }

  /// Reads the request's fields.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      servings: try fields.number(.servings, expected: Self.servingsText),
      units: try fields.choice(.units) ?? .original, have: try fields.optionalList(.have),
      staples: try fields.optionalList(.staples), pantry: try fields.choice(.pantry))
  }

  /// Checks that the servings are more than 0 and at most 1000.
  public func validate() throws {
    guard let servings else { return }
    guard servings.isFinite, servings > Self.servingsRange.lowerBound,
      servings <= Self.servingsRange.upperBound
    else {
      throw ApplicationError.invalidValue(
        Field(CodingKeys.servings.rawValue), value: Check.numberText(servings),
        expected: Self.servingsText)
    }
  }

  private static let servingsText = "a number more than 0 and at most 1000"
}

/// A recipe's lines scaled, shown in a unit system and, when a pantry was given, marked.
public struct RecipeLines: Sendable, Equatable, Encodable {
  /// How a line stands against the pantry.
  public enum Status: String, Sendable, Equatable, Encodable {
    /// The pantry (or the staples) has the line's food or one that stands in for it.
    case have
    /// The line is needed and the pantry lacks it (or its food is not known).
    case missing
    /// The pantry lacks it, but the recipe works without it.
    case optional
  }

  /// One ingredient line.
  public struct Line: Sendable, Equatable, Encodable {
    /// The line as written.
    public var text: String
    /// The line with its amount scaled and in the unit system asked for.
    public var shown: String
    /// Whether the recipe works without it.
    public var optional: Bool
    /// The food matched, written as null when none was.
    public var food: FoodReference?
    /// How it stands against the pantry; absent when no pantry was given.
    public var status: Status?
    /// How much is short when the pantry has the food but too little of it ("need 6 eggs,
    /// have 2"), as the finder says it; absent otherwise.
    public var shortfall: String?

    enum CodingKeys: String, CodingKey {
      case text, shown, optional, food, status, shortfall
    }

    /// Makes a line.
    public init(
      text: String, shown: String, optional: Bool, food: FoodReference?, status: Status?,
      shortfall: String? = nil
    ) {
      self.text = text
      self.shown = shown
      self.optional = optional
      self.food = food
      self.status = status
      self.shortfall = shortfall
    }

    /// Writes `food` as null when there is none.
    public func encode(to encoder: Encoder) throws {
      var fields = encoder.container(keyedBy: CodingKeys.self)
      try fields.encode(text, forKey: .text)
      try fields.encode(shown, forKey: .shown)
      try fields.encode(optional, forKey: .optional)
      if let food {
        try fields.encode(food, forKey: .food)
      } else {
        try fields.encodeNil(forKey: .food)
      }
      try fields.encodeIfPresent(status, forKey: .status)
      try fields.encodeIfPresent(shortfall, forKey: .shortfall)
    }
  }

  /// A section of lines under a heading.
  public struct Section: Sendable, Equatable, Encodable {
    /// The heading, written as null for the main list.
    public var title: String?
    /// The lines in order.
    public var lines: [Line]

    enum CodingKeys: String, CodingKey {
      case title, lines
    }

    /// Writes `title` as null when there is none.
    public func encode(to encoder: Encoder) throws {
      var fields = encoder.container(keyedBy: CodingKeys.self)
      if let title {
        try fields.encode(title, forKey: .title)
      } else {
        try fields.encodeNil(forKey: .title)
      }
      try fields.encode(lines, forKey: .lines)
    }
  }

  /// The recipe's id.
  public var id: RecipeID
  /// The servings the recipe makes; null when it does not say.
  public var servings: Double?
  /// The servings the amounts are shown for; null when neither the recipe nor the request
  /// says.
  public var targetServings: Double?
  /// How many times the written amounts are shown.
  public var factor: Double
  /// The unit system the amounts are shown in.
  public var units: RecipeLinesRequest.Units
  /// The sections in order.
  public var sections: [Section]
  /// How many needed lines the pantry has; absent when no pantry was given.
  public var have: Int?
  /// How many lines are needed (not optional); absent when no pantry was given.
  public var needed: Int?

  enum CodingKeys: String, CodingKey {
    case id, servings, targetServings, factor, units, sections, have, needed
  }

  /// Writes `servings` and `targetServings` as null when unknown, and `have` and `needed`
  /// only when a pantry was given.
  public func encode(to encoder: Encoder) throws {
    var fields = encoder.container(keyedBy: CodingKeys.self)
    try fields.encode(id, forKey: .id)
    if let servings {
      try fields.encode(servings, forKey: .servings)
    } else {
      try fields.encodeNil(forKey: .servings)
    }
    if let targetServings {
      try fields.encode(targetServings, forKey: .targetServings)
    } else {
      try fields.encodeNil(forKey: .targetServings)
    }
    try fields.encode(factor, forKey: .factor)
    try fields.encode(units.rawValue, forKey: .units)
    try fields.encode(sections, forKey: .sections)
    try fields.encodeIfPresent(have, forKey: .have)
    try fields.encodeIfPresent(needed, forKey: .needed)
  }
}

extension Larder {
  /// A recipe's lines at the servings and in the units asked for, each marked against the
  /// pantry when one is given. Throws ``ApplicationError/notFound(_:id:)`` for an unknown
  /// recipe.
  public func recipeLines(
    _ id: RecipeID, _ request: RecipeLinesRequest, as caller: Caller
  ) throws -> RecipeLines {
    try request.validate()
    guard let recipe = try recipes.recipe(id: id, household: caller.household) else {
      throw ApplicationError.notFound(.recipe, id: id.rawValue)
    }
    let catalog = try household(caller).foods.current
    let parser = IngredientParser()
    let baseServings = recipe.yield?.servings.flatMap { $0 > 0 ? $0 : nil }
    let target = request.servings ?? baseServings
    var factor = 1.0
    if let baseServings, let target { factor = target / baseServings }
    let format: MeasureFormat?
    switch request.units {
    case .us: format = .us
    case .metric: format = .metric
    case .original: format = nil
    }
    // Each food at hand with the kinds it stands for ("only brown rice"), as the finder reads
    // it: the request's `have`, or the stored pantry's items with their own kinds (the ids
    // alone would lose them, and "only brown rice" would mark basmati as had); staples stand
    // for their everyday kinds.
    // Stored items keep their amounts ("2 eggs"): a line needing more is missing, as the
    // finder counts it.
    var owned: [(food: String, kinds: PantryKinds, amount: Measure?)]? = request.have.map {
      have in
      PantryTerm.resolve(have, catalog: catalog).compactMap { term in
        term.food.map { (food: $0.foodID, kinds: term.kinds, amount: nil) }
      }
    }
    if owned == nil, request.pantry == .stored, planning != nil {
      let stored = try planningStore().pantryItems(household: caller.household).compactMap {
        item in item.foodID.map { (food: $0, kinds: item.kinds, amount: item.amount) }
      }
      // An empty stored pantry is no pantry, as the finder has it: no marks.
      if !stored.isEmpty { owned = stored }
    }
    let pantry = owned.map { owned -> [(food: String, kinds: PantryKinds, amount: Measure?)] in
      let staples =
        request.staples.map {
          PantryTerm.resolve($0, catalog: catalog).compactMap { $0.food?.foodID }
        } ?? FinderQuery.defaultStaples
      return owned + staples.map { (food: $0, kinds: PantryKinds.everyday, amount: nil) }
    }
    let givers = pantry?.map { (food: $0.food, kinds: $0.kinds) } ?? []
    // How much of each food the recipe needs in all, as the finder adds it up.
    let needs = RecipeFoodProfile(recipe).amounts

    var haveCount = 0
    var neededCount = 0
    // Each line read and written in the recipe's language, so "2 EL Olivenöl" scales as "4 EL".
    let language = LanguageDetector.language(of: recipe)
    let sections = recipe.ingredientSections.map { section in
      let lines = section.lines.map { line -> RecipeLines.Line in
        let parsed = parser.parse(line.text, language: language)
        let foods =
          line.facts.map { (food: $0.foodID, alternatives: $0.alternativeFoodIDs) }
          ?? parsed.foods(matching: { catalog.foodID(named: $0, in: language) })
        let foodID = foods.food ?? foods.alternatives.first
        let optional = line.facts?.isOptional ?? parsed.isOptional
        let shown = parsed.text(
          scaledBy: factor, shownIn: format,
          density: foodID.flatMap { catalog.food(id: $0)?.densityGramsPerMillilitre },
          weighed: foodID.map { catalog.isWeighed($0) } ?? false, language: language)
        var status: RecipeLines.Status?
        var shortfall: String?
        if let pantry {
          let lineFoods = ([foods.food].compactMap { $0 }) + foods.alternatives
          var has =
            lineFoods.isEmpty ? nil : catalog.firstGiven(of: lineFoods, byItems: givers) != nil
          // A sole food the recipe measures, given only by items that say how much they hold:
          // too little is missing, at the servings shown.
          if has == true, !optional, lineFoods.count == 1, let food = lineFoods.first,
            let need = needs[food], let scaled = try? need.scaled(by: factor)
          {
            shortfall = Self.shortfallText(
              need: scaled, food: food, catalog: catalog,
              covering: pantry.filter {
                catalog.coverage(of: food, by: $0.food, kinds: $0.kinds) != nil
              })
            if shortfall != nil { has = false }
          }
          status = has == true ? .have : optional ? .optional : .missing
          if !optional {
            neededCount += 1
            if has == true { haveCount += 1 }
          }
        }
        return RecipeLines.Line(
          text: line.text, shown: shown, optional: optional,
          food: foodID.map { FoodReference(id: $0, in: catalog) },
          status: status, shortfall: shortfall)
      }
      return RecipeLines.Section(title: section.title, lines: lines)
    }
    return RecipeLines(
      id: recipe.id, servings: baseServings, targetServings: target, factor: factor,
      units: request.units, sections: sections, have: pantry == nil ? nil : haveCount,
      needed: pantry == nil ? nil : neededCount)
  }
}

extension Larder {
  /// What a recipe's `need` of `food` falls short by, worded as the finder words it ("need 6
  /// eggs, have 2"), when every pantry item and staple `covering` it says how much it holds and
  /// together they hold less; nil when there is enough or nobody can say. Compared at `Float`
  /// precision, as the finder keeps amounts.
  static func shortfallText(
    need: Measure, food: String, catalog: FoodCatalog,
    covering: [(food: String, kinds: PantryKinds, amount: Measure?)]
  ) -> String? {
    guard !covering.isEmpty, need.quantity.isFinite, Float(need.quantity).isFinite,
      Float(need.quantity) > 0
    else { return nil }
    let amounts = covering.compactMap(\.amount)
    guard amounts.count == covering.count else { return nil }
    let rounded = Measure(
      quantity: Double(Float(need.quantity)), quantityMax: need.quantityMax, unit: need.unit)
    let density =
      catalog.food(id: food)?.densityGramsPerMillilitre
      ?? covering.lazy.compactMap { catalog.food(id: $0.food)?.densityGramsPerMillilitre }.first
    guard
      let have = PantryAmounts.shortfall(need: rounded, have: amounts, density: density)
    else { return nil }
    return shortfallWords(food: food, need: rounded, have: have, catalog: catalog)
  }

  /// "need 6 eggs, have 2": a shortfall in the words the finder's answer and a recipe's marks
  /// share.
  static func shortfallWords(
    food: String, need: Measure, have: Measure, catalog: FoodCatalog
  ) -> String {
    let known = catalog.food(id: food)
    let density = known?.densityGramsPerMillilitre
    let format = MeasureFormat(system: .us, keepsWrittenSystem: true)
    let name =
      need.unit == nil && need.upperBound > 1 ? known?.pluralName ?? food : known?.name ?? food
    return
      "need \(need.formatted(format, density: density)) \(name), have \(have.formatted(format, density: density))"
  }
}
