import Foundation
import LarderCore
import Testing

/// A small kitchen's catalog: a food hierarchy deep enough for every diet, and a few
/// substitutions.
enum FinderKitchen {
  static let parents: [String: String] = [
    "cheese": "dairy", "cheddar": "cheese", "parmesan": "cheese", "milk": "dairy",
    "butter": "dairy", "unsalted-butter": "butter", "yogurt": "dairy", "buttermilk": "dairy",
    "beef": "meat", "pork": "meat", "bacon": "pork", "chicken": "poultry", "salmon": "fish",
    "shrimp": "shellfish", "walnut": "tree-nut", "almond": "tree-nut", "tree-nut": "nut",
    "peanut": "nut", "flour": "wheat", "pasta": "wheat", "tofu": "soy", "soy-sauce": "soy",
    "gelatin-sheet": "gelatin", "sea-salt": "salt",
  ]

  static let substitutes: [String: [String]] = [
    "buttermilk": ["milk", "yogurt"], "butter": ["olive-oil"], "sour-cream": ["yogurt", "cheese"],
  ]

  /// The groups whose kinds a plain pantry food does not stand for.
  static let groups: Set<String> = [
    "cheese", "dairy", "meat", "poultry", "fish", "shellfish", "nut", "tree-nut", "wheat", "soy",
    "pork",
  ]

  static let catalog = FinderCatalog(
    taxonomy: FinderTaxonomy(parents: parents, groups: groups), substitutes: substitutes)
}

/// Runs every query on both the engine and the reference scan, expecting the same page.
enum FinderCheck {
  /// The recipes in an engine built in bulk and in one fed them one by one.
  static func engines(
    _ recipes: [FinderRecipe], catalog: FinderCatalog
  ) -> (built: FinderEngine, added: FinderEngine) {
    let built = FinderEngine(catalog: catalog)
    built.build(recipes: recipes, clock: { 0 })
    let added = FinderEngine(catalog: catalog)
    for recipe in recipes { added.add(recipe) }
    return (built, added)
  }

  /// The page both answer; records an issue when they differ.
  static func page(
    _ recipes: [FinderRecipe], _ query: FinderQuery,
    catalog: FinderCatalog = FinderKitchen.catalog,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Page<FinderMatch> {
    let scan = FinderScan(recipes: recipes, catalog: catalog).find(query)
    let (built, added) = engines(recipes, catalog: catalog)
    #expect(built.find(query) == scan, "built engine differs", sourceLocation: sourceLocation)
    #expect(
      added.find(query) == scan, "engine fed one by one differs", sourceLocation: sourceLocation)
    return scan
  }

  /// The unjudged recipes both count; records an issue when they differ.
  static func unjudged(
    _ recipes: [FinderRecipe], _ query: FinderQuery,
    catalog: FinderCatalog = FinderKitchen.catalog,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> FinderUnjudged {
    let scan = FinderScan(recipes: recipes, catalog: catalog).unjudged(query)
    let (built, added) = engines(recipes, catalog: catalog)
    #expect(built.unjudged(query) == scan, "built engine differs", sourceLocation: sourceLocation)
    #expect(
      added.unjudged(query) == scan, "engine fed one by one differs", sourceLocation: sourceLocation
    )
    let both = built.findWithUnjudged(query)
    #expect(both.unjudged == scan, "found with the page, differs", sourceLocation: sourceLocation)
    #expect(both.page == built.find(query), "page differs", sourceLocation: sourceLocation)
    return scan
  }

  /// The ids of the recipes both find, in order.
  static func ids(
    _ recipes: [FinderRecipe], _ query: FinderQuery,
    catalog: FinderCatalog = FinderKitchen.catalog,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [String] {
    page(recipes, query, catalog: catalog, sourceLocation: sourceLocation).items.map(\.recipeID)
  }
}

/// Random corpora, catalogs and queries with a few hundred foods, skewed like real ones: a few
/// foods in many recipes, most in few.
struct FinderRandomWorld {
  var random: SeededRandom
  let foods: [String]
  let catalog: FinderCatalog
  static let courses = ["Dinner", "lunch", "Dessert", "breakfast"]
  static let cuisines = ["Italian", "thai", "Mexican"]
  static let tags = ["quick", "Weeknight", "party", "freezer"]
  static let diets: [DietLabel] = [
    .vegetarian, .vegan, .glutenFree, .dairyFree, .nutFree, .eggFree, DietLabel(rawValue: "keto"),
  ]

  init(seed: UInt64, foodCount: Int = 180) {
    var random = SeededRandom(seed: seed)
    let groups = [
      "meat", "poultry", "fish", "shellfish", "dairy", "egg", "honey", "nut", "wheat", "soy",
    ]
    var names = groups + (0..<foodCount).map { "food-\($0)" }
    names += ["salt", "black-pepper", "water"]
    var parents: [String: String] = ["tree-nut": "nut", "peanut": "nut", "cheese": "dairy"]
    names += ["tree-nut", "peanut", "cheese"]
    for index in 0..<foodCount where Int.random(in: 0..<3, using: &random) == 0 {
      // Parents come from the groups or from earlier foods, so the hierarchy has depth.
      let pool = groups + ["tree-nut", "cheese"] + (0..<index).map { "food-\($0)" }
      parents["food-\(index)"] = pool.randomElement(using: &random)!
    }
    var substitutes: [String: [String]] = [:]
    for _ in 0..<foodCount / 6 {
      let food = names.randomElement(using: &random)!
      substitutes[food] = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        names.randomElement(using: &random)!
      }
    }
    // How children stand to their parents, which parents are groups, and densities.
    var kinships: [String: FoodKinship] = [:]
    for child in parents.keys.sorted() {
      kinships[child] = [.kind, .kind, .kind, .everyday, .distinct].randomElement(using: &random)!
    }
    var groupSet: Set<String> = []
    for parent in Set(parents.values).sorted() where Bool.random(using: &random) {
      groupSet.insert(parent)
    }
    var densities: [String: Double] = [:]
    for food in names where Int.random(in: 0..<3, using: &random) == 0 {
      densities[food] = Double.random(in: 0.3...1.5, using: &random)
    }
    foods = names
    self.random = random
    catalog = FinderCatalog(
      taxonomy: FinderTaxonomy(parents: parents, kinships: kinships, groups: groupSet),
      substitutes: substitutes, densities: densities)
  }

  static let units: [IngredientUnit?] = [
    nil, IngredientUnit.unit(id: "g"), IngredientUnit.unit(id: "kg"), IngredientUnit.unit(id: "ml"),
    IngredientUnit.unit(id: "cup"), IngredientUnit.unit(id: "tbsp"), IngredientUnit.unit(id: "can"),
  ]

  /// An amount in a random unit, now and then one that does not convert.
  mutating func measure() -> Measure {
    let unit = Self.units.randomElement(using: &random)!
    return Measure(quantity: Double(Int.random(in: 1...12, using: &random)) * 50, unit: unit)
  }

  /// A food index skewed towards small numbers.
  mutating func skewedFood() -> String {
    let uniform = Double.random(in: 0..<1, using: &random)
    return foods[min(foods.count - 1, Int(pow(uniform, 2.5) * Double(foods.count)))]
  }

  mutating func some<T>(_ values: [T], upTo count: Int) -> [T] {
    (0..<Int.random(in: 0...count, using: &random)).map { _ in values.randomElement(using: &random)!
    }
  }

  mutating func recipe(id: String) -> FinderRecipe {
    let size = [0, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20].randomElement(using: &random)!
    let required = (0..<size).map { _ in skewedFood() }
    let optional = (0..<Int.random(in: 0...2, using: &random)).map { _ in skewedFood() }
    let unmatched = [0, 0, 0, 0, 0, 1, 2].randomElement(using: &random)!
    var alternatives: [[String]] = []
    if Int.random(in: 0..<3, using: &random) == 0 {
      alternatives = (0..<Int.random(in: 1...2, using: &random)).map { _ in
        (0..<Int.random(in: 1...3, using: &random)).map { _ in skewedFood() }
      }
    }
    var amounts: [String: Measure] = [:]
    for food in required where Int.random(in: 0..<3, using: &random) == 0 {
      amounts[food] = measure()
    }
    return FinderRecipe(
      id: id, requiredFoods: required, alternatives: alternatives, amounts: amounts,
      optionalFoods: optional, unmatchedLineCount: unmatched,
      courses: some(Self.courses, upTo: 2), cuisines: some(Self.cuisines, upTo: 1),
      diets: some(Self.diets, upTo: 2),
      totalMinutes: Bool.random(using: &random) ? Int.random(in: 5...240, using: &random) : nil,
      tags: some(Self.tags, upTo: 2), isFavorite: Int.random(in: 0..<4, using: &random) == 0,
      rating: Bool.random(using: &random) ? Int.random(in: 1...5, using: &random) : nil)
  }

  mutating func recipes(count: Int) -> [FinderRecipe] {
    // Ids repeat now and then, and vary in length, so ties and replacements are exercised.
    (0..<count).map { _ in
      recipe(id: "r\(Int.random(in: 0..<(count * 9 / 10), using: &random))-\(random.next() % 7)")
    }
  }

  mutating func query() -> FinderQuery {
    let pantry = (0..<[0, 3, 10, 25, 40].randomElement(using: &random)!).map { _ in
      FinderQuery.PantryItem(
        food: skewedFood(),
        amount: Int.random(in: 0..<3, using: &random) == 0 ? measure() : nil,
        kinds: [.everyday, .everyday, .everyday, .any, .only].randomElement(using: &random)!)
    }
    let staples =
      Bool.random(using: &random) ? FinderQuery.defaultStaples : some(foods, upTo: 3)
    var filters = FinderFilters()
    if Int.random(in: 0..<5, using: &random) == 0 {
      filters.courses = some(Self.courses.map { $0.uppercased() }, upTo: 2)
    }
    if Int.random(in: 0..<6, using: &random) == 0 {
      filters.cuisines = some(Self.cuisines, upTo: 2)
    }
    if Int.random(in: 0..<6, using: &random) == 0 {
      filters.maxTotalMinutes = Int.random(in: 0...200, using: &random)
    }
    if Int.random(in: 0..<6, using: &random) == 0 {
      filters.maxIngredientCount = Int.random(in: 0...12, using: &random)
    }
    if Int.random(in: 0..<8, using: &random) == 0 { filters.tags = some(Self.tags, upTo: 2) }
    filters.favoritesOnly = Int.random(in: 0..<8, using: &random) == 0
    let filtered = Int.random(in: 0..<3, using: &random) == 0
    return FinderQuery(
      pantryItems: pantry, staples: staples,
      maxMissing: [0, 0, 1, 2, 2, 3, 5, 8, 40, 250].randomElement(using: &random)!,
      mustInclude: filtered ? some(foods, upTo: 1) : [],
      mustExclude: filtered ? some(foods, upTo: 2) : [],
      diets: filtered ? some(Self.diets, upTo: 1) : [],
      filters: filtered ? filters : FinderFilters(),
      offset: [0, 0, 0, 3, 20].randomElement(using: &random)!,
      limit: [0, 5, 50, 1000].randomElement(using: &random)!)
  }
}
