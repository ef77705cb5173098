import Foundation
import LarderCore
import Testing

/// What the finder means by missing, matched, used and substitutable; every case runs on the
/// engine (built and fed one by one) and on the reference scan, which must agree.
@Suite struct FinderSemanticsTests {
  private func recipe(
    _ id: String, _ required: [String], optional: [String] = [], unmatched: Int = 0,
    diets: [DietLabel] = [], rating: Int? = nil
  ) -> FinderRecipe {
    FinderRecipe(
      id: id, requiredFoods: required, optionalFoods: optional, unmatchedLineCount: unmatched,
      diets: diets, rating: rating)
  }

  // MARK: Staples, optional and unmatched lines

  @Test func staplesSatisfyRecipesWithoutBeingInThePantry() throws {
    let recipes = [recipe("omelette", ["egg", "salt", "black-pepper"])]
    let page = FinderCheck.page(recipes, FinderQuery(pantry: ["egg"]))
    let match = try #require(page.items.first)
    #expect(match.matchedFoods == ["black-pepper", "egg", "salt"])
    #expect(match.missingCount == 0)
    #expect(match.pantryFoodsUsed == 1)
  }

  @Test func staplesAreEditable() {
    let recipes = [
      recipe("omelette", ["egg", "salt"]), recipe("fried-egg", ["egg", "olive-oil"]),
    ]
    #expect(FinderCheck.ids(recipes, FinderQuery(pantry: ["egg"], staples: [])).isEmpty)
    #expect(
      FinderCheck.ids(recipes, FinderQuery(pantry: ["egg"], staples: ["olive-oil"]))
        == ["fried-egg"])
  }

  @Test func aStapleInThePantryCountsAsPantryUsed() throws {
    let recipes = [recipe("omelette", ["egg", "salt"])]
    let page = FinderCheck.page(recipes, FinderQuery(pantry: ["egg", "salt"]))
    #expect(try #require(page.items.first).pantryFoodsUsed == 2)
  }

  @Test func optionalLinesNeverCountAsMissing() throws {
    let recipes = [recipe("soup", ["onion", "water"], optional: ["chives", "cream"])]
    let page = FinderCheck.page(recipes, FinderQuery(pantry: ["onion"]))
    let match = try #require(page.items.first)
    #expect(match.missingFoods.isEmpty)
    #expect(match.matchedFoods == ["onion", "water"])
  }

  @Test func aFoodBothRequiredAndOptionalIsRequired() {
    let recipes = [recipe("salad", ["lettuce", "feta"], optional: ["feta"])]
    #expect(FinderCheck.ids(recipes, FinderQuery(pantry: ["lettuce"])).isEmpty)
  }

  @Test func repeatedFoodsCountOnce() throws {
    let recipes = [recipe("bread", ["flour", "flour", "yeast"])]
    let page = FinderCheck.page(recipes, FinderQuery(pantry: ["yeast"], maxMissing: 1))
    #expect(try #require(page.items.first).missingFoods == ["flour"])
  }

  @Test(arguments: [(0, false), (1, false), (2, true), (5, true)])
  func unmatchedLinesCountAsMissing(maxMissing: Int, found: Bool) throws {
    let recipes = [recipe("mystery", ["egg", "flour"], unmatched: 2)]
    let page = FinderCheck.page(
      recipes, FinderQuery(pantry: ["egg", "flour"], maxMissing: maxMissing))
    #expect(page.total == (found ? 1 : 0))
    if found {
      let match = try #require(page.items.first)
      #expect(match.missingCount == 2)
      #expect(match.unmatchedLineCount == 2)
      #expect(match.missingFoods.isEmpty)
    }
  }

  @Test func aRecipeTheFinderCannotJudgeIsNeverFoundButCounted() {
    let recipes = [
      recipe("unknown", [], unmatched: 1), recipe("empty", []),
      recipe("mostly-unread", ["egg"], unmatched: 2), recipe("half-read", ["egg"], unmatched: 1),
      recipe("only-garnish", [], optional: ["parsley"]),
    ]
    for maxMissing in [0, 1, 2, 500] {
      let query = FinderQuery(pantry: ["egg"], maxMissing: maxMissing)
      #expect(
        FinderCheck.ids(recipes, query) == (maxMissing >= 1 ? ["half-read"] : []),
        "K = \(maxMissing)")
      #expect(
        FinderCheck.unjudged(recipes, query)
          == FinderUnjudged(noIngredients: 2, mostlyUnrecognised: 2))
    }
    // Filters apply to the count too.
    let dinner = FinderQuery(pantry: [], filters: FinderFilters(courses: ["Dinner"]))
    #expect(FinderCheck.unjudged(recipes, dinner).total == 0)
  }

  // MARK: The food hierarchy

  @Test(arguments: [
    // (recipe food, pantry food, satisfied)
    ("cheese", "cheddar", true),
    ("dairy", "cheddar", true),
    ("cheddar", "cheddar", true),
    ("cheddar", "cheese", false),
    ("cheddar", "dairy", false),
    ("cheddar", "parmesan", false),
    ("butter", "unsalted-butter", true),
    ("unsalted-butter", "butter", true),
    ("salt", "sea-salt", true),
  ])
  func aGenericRecipeFoodIsSatisfiedByItsDescendantsButNotTheReverse(
    needed: String, have: String, satisfied: Bool
  ) {
    let recipes = [recipe("dish", [needed])]
    let query = FinderQuery(pantry: [have], staples: [])
    #expect(FinderCheck.ids(recipes, query) == (satisfied ? ["dish"] : []))
  }

  @Test func aCycleInTheHierarchyDoesNotHang() {
    let catalog = FinderCatalog(taxonomy: FinderTaxonomy(parents: ["a": "b", "b": "a"]))
    let recipes = [recipe("dish", ["b"]), recipe("other", ["c"])]
    #expect(FinderCheck.ids(recipes, FinderQuery(pantry: ["a"]), catalog: catalog) == ["dish"])
  }

  // MARK: Substitutions

  @Test func aSubstitutableFoodCountsAsMissingButIsReported() throws {
    let recipes = [recipe("pancakes", ["buttermilk", "flour"])]
    #expect(FinderCheck.ids(recipes, FinderQuery(pantry: ["milk", "flour"])).isEmpty)
    let page = FinderCheck.page(recipes, FinderQuery(pantry: ["milk", "flour"], maxMissing: 1))
    let match = try #require(page.items.first)
    #expect(match.missingFoods == ["buttermilk"])
    #expect(match.missingCount == 1)
    #expect(match.substitutions == [FinderSubstitution(food: "buttermilk", substitutes: ["milk"])])
  }

  @Test func substitutesAreListedInTheCatalogsOrder() throws {
    let recipes = [recipe("pancakes", ["buttermilk"])]
    let page = FinderCheck.page(
      recipes, FinderQuery(pantry: ["yogurt", "milk"], maxMissing: 1))
    #expect(try #require(page.items.first).substitutions.first?.substitutes == ["milk", "yogurt"])
  }

  @Test func aSubstitutableRecipeRanksAboveATrulyMissingOneWithTheSameCount() {
    let recipes = [
      recipe("plain", ["saffron", "flour"], rating: 5),
      recipe("swap", ["buttermilk", "flour"]),
    ]
    #expect(
      FinderCheck.ids(recipes, FinderQuery(pantry: ["milk", "flour"], maxMissing: 1))
        == ["swap", "plain"])
  }

  @Test func fewerMissingStillOutranksASubstitution() {
    let recipes = [recipe("swap", ["buttermilk", "flour"]), recipe("ready", ["flour"])]
    #expect(
      FinderCheck.ids(recipes, FinderQuery(pantry: ["milk", "flour"], maxMissing: 1))
        == ["ready", "swap"])
  }

  @Test func aGenericSubstituteIsAvailableThroughItsDescendants() throws {
    let recipes = [recipe("dip", ["sour-cream"])]
    let page = FinderCheck.page(recipes, FinderQuery(pantry: ["cheddar"], maxMissing: 1))
    #expect(try #require(page.items.first).substitutions.first?.substitutes == ["cheese"])
  }

  @Test func aSubstitutionAppliesToItsOwnFoodOnly() throws {
    let recipes = [recipe("cookies", ["unsalted-butter"])]
    let page = FinderCheck.page(recipes, FinderQuery(pantry: ["olive-oil"], maxMissing: 1))
    #expect(try #require(page.items.first).substitutions.isEmpty)
  }

  // MARK: Must include and must exclude

  @Test(arguments: [
    // (include, recipe foods, optional foods, found)
    ("cheese", ["cheddar", "pasta"], [], true),
    ("cheese", ["cheese", "pasta"], [], true),
    ("cheese", ["dairy", "pasta"], [], false),
    ("cheese", ["pasta"], ["parmesan"], true),
    ("cheddar", ["cheese", "pasta"], [], false),
    ("nut", ["walnut"], [], true),
    ("unknown-food", ["pasta"], [], false),
  ])
  func mustIncludeAcceptsARecipeUsingTheFoodOrADescendant(
    include: String, foods: [String], optional: [String], found: Bool
  ) {
    let recipes = [recipe("dish", foods, optional: optional)]
    let query = FinderQuery(pantry: foods, maxMissing: 3, mustInclude: [include])
    #expect(FinderCheck.ids(recipes, query) == (found ? ["dish"] : []))
  }

  @Test func everyMustIncludeFoodMustBeUsed() {
    let recipes = [recipe("both", ["cheddar", "bacon"]), recipe("one", ["cheddar"])]
    let query = FinderQuery(pantry: [], maxMissing: 5, mustInclude: ["cheese", "meat"])
    #expect(FinderCheck.ids(recipes, query) == ["both"])
  }

  @Test(arguments: [
    // (exclude, recipe foods, optional foods, excluded)
    ("nut", ["walnut", "flour"], [], true),
    ("nut", ["peanut"], [], true),
    ("nut", ["flour"], ["almond"], true),
    ("walnut", ["nut"], [], false),
    ("dairy", ["unsalted-butter"], [], true),
    ("unknown-food", ["flour"], [], false),
  ])
  func mustExcludeRemovesRecipesUsingTheFoodOrADescendant(
    exclude: String, foods: [String], optional: [String], excluded: Bool
  ) {
    let recipes = [recipe("dish", foods, optional: optional)]
    let query = FinderQuery(pantry: [], maxMissing: 5, mustExclude: [exclude])
    #expect(FinderCheck.ids(recipes, query) == (excluded ? [] : ["dish"]))
  }

  // MARK: Diets

  @Test(arguments: [
    // (diet, a food the diet rules out, a food it allows)
    (DietLabel.vegetarian, "bacon", "cheddar"),
    (.vegetarian, "salmon", "egg"),
    (.vegetarian, "gelatin-sheet", "honey"),
    (DietLabel(rawValue: "pescatarian"), "chicken", "salmon"),
    (.vegan, "honey", "tofu"),
    (.vegan, "unsalted-butter", "flour"),
    (.vegan, "egg", "walnut"),
    (.glutenFree, "flour", "rice"),
    (.glutenFree, "pasta", "tofu"),
    (.dairyFree, "parmesan", "egg"),
    (.nutFree, "peanut", "tofu"),
    (.nutFree, "almond", "flour"),
    (.eggFree, "egg", "milk"),
    (DietLabel(rawValue: "shellfish-free"), "shrimp", "salmon"),
    (DietLabel(rawValue: "soy-free"), "soy-sauce", "salt"),
  ])
  func eachDietExcludesItsFoodsAndTheirDescendants(
    diet: DietLabel, ruledOut: String, allowed: String
  ) {
    let recipes = [recipe("out", [ruledOut, "water"]), recipe("in", [allowed, "water"])]
    let query = FinderQuery(pantry: [ruledOut, allowed], diets: [diet])
    #expect(FinderCheck.ids(recipes, query) == ["in"])
  }

  @Test func everyDietInTheTableIsTested() {
    #expect(FinderDiet.exclusions.count == 9)
  }

  @Test func foodsOutrankAWrongLabel() {
    let recipes = [recipe("labelled", ["unsalted-butter"], diets: [.vegan])]
    let query = FinderQuery(pantry: ["unsalted-butter"], diets: [.vegan])
    #expect(FinderCheck.ids(recipes, query).isEmpty)
  }

  @Test(arguments: [
    // (recipe labels, asked diet, found)
    ([DietLabel](), DietLabel.vegetarian, false),
    ([.vegetarian], .vegetarian, true),
    ([.vegan], .vegetarian, true),
    ([.vegan], .dairyFree, true),
    ([.vegetarian], .vegan, false),
    ([.glutenFree], .vegetarian, false),
  ])
  func labelsVouchForUnmatchedLines(labels: [DietLabel], diet: DietLabel, found: Bool) {
    let recipes = [recipe("dish", ["tofu"], unmatched: 1, diets: labels)]
    let query = FinderQuery(pantry: ["tofu"], maxMissing: 1, diets: [diet])
    #expect(FinderCheck.ids(recipes, query) == (found ? ["dish"] : []))
  }

  @Test func aDietWithoutATableIsHonouredThroughLabelsAlone() {
    let keto = DietLabel(rawValue: "keto")
    let recipes = [recipe("labelled", ["beef"], diets: [keto]), recipe("plain", ["beef"])]
    #expect(FinderCheck.ids(recipes, FinderQuery(pantry: ["beef"], diets: [keto])) == ["labelled"])
    #expect(
      FinderCheck.ids(recipes, FinderQuery(pantry: ["beef"], diets: [.init(rawValue: "paleo")]))
        .isEmpty)
  }

  // MARK: Filters

  private var filtered: [FinderRecipe] {
    [
      FinderRecipe(
        id: "a", requiredFoods: ["egg"], courses: ["Dinner"], cuisines: ["Italian"],
        totalMinutes: 20, ingredientCount: 3, tags: ["Quick", "party"], isFavorite: true),
      FinderRecipe(
        id: "b", requiredFoods: ["egg"], courses: ["Breakfast", "brunch"], cuisines: ["Thai"],
        totalMinutes: 45, ingredientCount: 8, tags: ["quick"]),
      FinderRecipe(id: "c", requiredFoods: ["egg"], courses: ["dinner"], tags: ["party"]),
    ]
  }

  @Test(arguments: [
    (FinderFilters(courses: ["DINNER"]), ["a", "c"]),
    (FinderFilters(courses: [" brunch ", "lunch"]), ["b"]),
    (FinderFilters(courses: ["supper"]), []),
    (FinderFilters(cuisines: ["italian", "thai"]), ["a", "b"]),
    (FinderFilters(cuisines: ["Thai"]), ["b"]),
    (FinderFilters(maxTotalMinutes: 30), ["a"]),
    (FinderFilters(maxTotalMinutes: 45), ["a", "b"]),
    (FinderFilters(maxIngredientCount: 3), ["a", "c"]),
    (FinderFilters(maxIngredientCount: 0), []),
    (FinderFilters(tags: ["quick"]), ["a", "b"]),
    (FinderFilters(tags: ["quick", "PARTY"]), ["a"]),
    (FinderFilters(tags: ["quick", "unknown"]), []),
    (FinderFilters(favoritesOnly: true), ["a"]),
    (FinderFilters(courses: ["dinner"], maxTotalMinutes: 60), ["a"]),
  ])
  func filtersKeepOnlyRecipesWithTheFacts(filters: FinderFilters, ids: [String]) {
    let query = FinderQuery(pantry: ["egg"], filters: filters)
    #expect(FinderCheck.ids(filtered, query) == ids)
  }

  @Test func recipesWithoutAKnownTimeFailTheTimeFilter() {
    let recipes = [FinderRecipe(id: "untimed", requiredFoods: ["egg"])]
    let query = FinderQuery(pantry: ["egg"], filters: FinderFilters(maxTotalMinutes: 1000))
    #expect(FinderCheck.ids(recipes, query).isEmpty)
  }

  @Test func theIngredientCountDefaultsToTheDistinctFoodsAndUnmatchedLines() {
    let recipe = FinderRecipe(
      id: "x", requiredFoods: ["egg", "egg", "milk"], optionalFoods: ["chives", "milk"],
      unmatchedLineCount: 2)
    #expect(recipe.ingredientCount == 5)
  }

  // MARK: K, ranking and pages

  @Test(arguments: [(0, ["two"]), (1, ["two", "three"]), (2, ["two", "three", "four"])])
  func maxMissingBoundsWhatIsFound(maxMissing: Int, ids: [String]) {
    let recipes = [
      recipe("two", ["egg", "milk"]), recipe("three", ["egg", "milk", "flour"]),
      recipe("four", ["egg", "milk", "flour", "sugar"]),
    ]
    let query = FinderQuery(pantry: ["egg", "milk"], maxMissing: maxMissing)
    #expect(FinderCheck.ids(recipes, query) == ids)
  }

  @Test func aNegativeMaxMissingMeansCanMakeNow() {
    let recipes = [recipe("two", ["egg", "milk"]), recipe("three", ["egg", "milk", "flour"])]
    #expect(
      FinderCheck.ids(recipes, FinderQuery(pantry: ["egg", "milk"], maxMissing: -3)) == ["two"])
  }

  @Test func recipesRankByMissingThenPantryUsedThenRatingThenID() {
    let recipes = [
      recipe("missing-one", ["egg", "milk", "saffron"], rating: 5),
      recipe("uses-one", ["egg"], rating: 5),
      recipe("uses-two-unrated", ["egg", "milk"]),
      recipe("uses-two-rated-3", ["egg", "milk"], rating: 3),
      recipe("b-uses-two-rated-4", ["egg", "milk"], rating: 4),
      recipe("a-uses-two-rated-4", ["egg", "milk"], rating: 4),
      recipe("staples-do-not-count", ["egg", "salt", "water"], rating: 5),
    ]
    let query = FinderQuery(pantry: ["egg", "milk"], maxMissing: 1)
    #expect(
      FinderCheck.ids(recipes, query) == [
        "a-uses-two-rated-4", "b-uses-two-rated-4", "uses-two-rated-3", "uses-two-unrated",
        "staples-do-not-count", "uses-one", "missing-one",
      ])
  }

  @Test(arguments: [
    // (offset, limit, ids on the page)
    (0, 2, ["r0", "r1"]),
    (2, 2, ["r2", "r3"]),
    (4, 2, ["r4"]),
    (5, 2, []),
    (9, 2, []),
    (0, 0, []),
    (-1, 3, ["r0", "r1", "r2"]),
    (1, 100, ["r1", "r2", "r3", "r4"]),
  ])
  func pagesSliceTheRankingAndKeepTheTotal(offset: Int, limit: Int, ids: [String]) {
    let recipes = (0..<5).map { recipe("r\($0)", ["egg"], rating: 5 - $0) }
    let page = FinderCheck.page(
      recipes, FinderQuery(pantry: ["egg"], offset: offset, limit: limit))
    #expect(page.items.map(\.recipeID) == ids)
    #expect(page.total == 5)
    #expect(page.offset == max(0, offset))
  }

  @Test func aRecipeBeyondTheLimitsIsReadUpToThem() throws {
    let foods = (0..<10_010).map { "food-\($0)" }
    let recipes = [
      FinderRecipe(id: "huge", requiredFoods: foods, optionalFoods: ["food-10005", "egg"]),
      FinderRecipe(id: "endless", requiredFoods: foods, unmatchedLineCount: 5_000_000),
    ]
    let page = FinderCheck.page(
      recipes, FinderQuery(pantry: Array(foods.prefix(10_000)) + ["egg"], maxMissing: 20_000))
    #expect(page.items.map(\.recipeID) == ["huge", "endless"])
    #expect(try #require(page.items.first).matchedFoods.count == 10_000)
    #expect(page.items.last?.unmatchedLineCount == 10_000)
  }

  @Test func theLastRecipeWithAnIDWins() {
    let recipes = [recipe("dish", ["caviar"]), recipe("dish", ["egg"])]
    #expect(FinderCheck.ids(recipes, FinderQuery(pantry: ["egg"])) == ["dish"])
  }

  @Test func anEmptyPantryFindsRecipesNeedingAtMostK() {
    let recipes = [recipe("nothing", []), recipe("one", ["egg"]), recipe("two", ["egg", "milk"])]
    let query = FinderQuery(pantry: [], staples: [], maxMissing: 1)
    // A recipe without ingredients misses nothing, but nothing is known of it either.
    #expect(FinderCheck.page(recipes, query).items.map(\.recipeID) == ["one"])
    #expect(FinderCheck.unjudged(recipes, query) == FinderUnjudged(noIngredients: 1))
  }
}
