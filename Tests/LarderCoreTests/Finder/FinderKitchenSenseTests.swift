import Foundation
import LarderCore
import Testing

/// Kinds, alternatives and amounts: the finder reading a pantry as a cook would. Every answer is
/// checked on the engine (built and fed one by one) and the reference scan.
@Suite struct FinderKitchenSenseTests {
  /// Rice with kinds and products; onion with a powder; eggs; flour with a density; cheese as a
  /// group; meat for diets.
  static let catalog = FinderCatalog(
    taxonomy: FinderTaxonomy(
      parents: [
        "white-rice": "rice", "basmati-rice": "white-rice", "jasmine-rice": "white-rice",
        "puffed-rice": "rice", "rice": "grain", "onion-powder": "onion", "red-onion": "onion",
        "cheddar": "cheese", "parmesan": "cheese", "cheese": "dairy", "bacon": "pork",
        "ham": "pork", "pork": "meat",
      ],
      kinships: ["puffed-rice": .distinct, "onion-powder": .distinct],
      groups: ["cheese", "dairy", "grain", "meat", "pork"]),
    densities: ["flour": 0.5])

  private func page(_ recipes: [FinderRecipe], _ query: FinderQuery) -> Page<FinderMatch> {
    FinderCheck.page(recipes, query, catalog: Self.catalog)
  }

  private func item(
    _ food: String, _ amount: Measure? = nil, kinds: PantryKinds = .everyday
  ) -> FinderQuery.PantryItem {
    FinderQuery.PantryItem(food: food, amount: amount, kinds: kinds)
  }

  private static let grams = IngredientUnit.unit(id: "g")!
  private static let cup = IngredientUnit.unit(id: "cup")!

  // MARK: Kinds

  @Test(arguments: [
    // (recipe food, pantry food, kinds, found)
    ("basmati-rice", "rice", PantryKinds.everyday, true),
    ("jasmine-rice", "rice", .everyday, true),
    ("puffed-rice", "rice", .everyday, false),
    ("puffed-rice", "rice", .any, true),
    ("basmati-rice", "rice", .only, false),
    ("rice", "basmati-rice", .only, true),
    ("red-onion", "onion", .everyday, true),
    ("onion-powder", "onion", .everyday, false),
    ("onion", "onion-powder", .everyday, false),
    ("parmesan", "cheese", .everyday, false),
    ("cheese", "parmesan", .everyday, true),
    ("rice", "grain", .everyday, false),
  ])
  func aPlainFoodStandsForItsEverydayKinds(
    need: String, have: String, kinds: PantryKinds, found: Bool
  ) {
    let recipes = [FinderRecipe(id: "dish", requiredFoods: [need])]
    let query = FinderQuery(pantryItems: [item(have, kinds: kinds)], staples: [])
    #expect(page(recipes, query).items.map(\.recipeID) == (found ? ["dish"] : []))
  }

  @Test func aKindMatchIsShownAndRanksJustBelowAnExactOne() throws {
    let recipes = [
      FinderRecipe(id: "a-pilaf", requiredFoods: ["basmati-rice"]),
      FinderRecipe(id: "b-rice", requiredFoods: ["rice"]),
    ]
    let found = page(recipes, FinderQuery(pantryItems: [item("rice")], staples: []))
    #expect(found.items.map(\.recipeID) == ["b-rice", "a-pilaf"])
    let pilaf = try #require(found.items.last)
    #expect(pilaf.kindMatches == [FinderKindMatch(food: "basmati-rice", pantryFood: "rice")])
    #expect(pilaf.matchedFoods == ["basmati-rice"])
    #expect(found.items.first?.kindMatches == [])
  }

  @Test func aStapleStandsForItsKindsToo() {
    let catalog = FinderCatalog(taxonomy: FinderTaxonomy(parents: ["flaky-salt": "salt"]))
    let recipes = [FinderRecipe(id: "chips", requiredFoods: ["potato", "flaky-salt"])]
    let query = FinderQuery(pantry: ["potato"])
    #expect(FinderCheck.ids(recipes, query, catalog: catalog) == ["chips"])
  }

  // MARK: Alternatives

  @Test func aLineOfAlternativesIsSatisfiedByAnyOfThem() throws {
    let recipes = [
      FinderRecipe(
        id: "tabbouleh", requiredFoods: ["bulgur"], alternatives: [["parsley", "coriander"]])
    ]
    let have = page(recipes, FinderQuery(pantry: ["bulgur", "coriander"], staples: []))
    let match = try #require(have.items.first)
    #expect(match.missingCount == 0)
    #expect(match.matchedFoods == ["bulgur", "coriander"])
    #expect(match.choices == [FinderChoice(foods: ["parsley", "coriander"], chosen: "coriander")])

    let without = page(recipes, FinderQuery(pantry: ["bulgur"], staples: [], maxMissing: 1))
    let missing = try #require(without.items.first)
    #expect(missing.missingCount == 1)
    #expect(missing.missingFoods == ["parsley"])
    #expect(missing.choices == [FinderChoice(foods: ["parsley", "coriander"], chosen: nil)])
  }

  @Test func aDietExcludesALineOfAlternativesOnlyWhenEveryOneBreaksIt() {
    let recipes = [
      FinderRecipe(id: "either", requiredFoods: ["egg"], alternatives: [["bacon", "mushroom"]]),
      FinderRecipe(id: "pork-only", requiredFoods: ["egg"], alternatives: [["bacon", "ham"]]),
    ]
    let query = FinderQuery(pantry: ["egg", "mushroom", "bacon"], diets: [.vegetarian])
    #expect(FinderCheck.ids(recipes, query, catalog: Self.catalog) == ["either"])
    let excluding = FinderQuery(pantry: ["egg", "bacon", "ham"], mustExclude: ["pork"])
    #expect(FinderCheck.ids(recipes, excluding, catalog: Self.catalog) == ["either"])
  }

  // MARK: Amounts

  @Test func tooFewEggsArePartlyMissingAndSayHowMany() throws {
    let recipes = [
      FinderRecipe(
        id: "frittata", requiredFoods: ["egg", "cheese"],
        amounts: ["egg": Measure(quantity: 6, unit: nil)])
    ]
    let two = [item("egg", Measure(quantity: 2, unit: nil)), item("cheddar")]
    #expect(page(recipes, FinderQuery(pantryItems: two, staples: [])).total == 0)
    let short = try #require(
      page(recipes, FinderQuery(pantryItems: two, staples: [], maxMissing: 1)).items.first)
    #expect(short.missingCount == 1)
    #expect(short.missingFoods == ["egg"])
    #expect(
      short.shortfalls == [
        FinderShortfall(
          food: "egg", need: Measure(quantity: 6, unit: nil), have: Measure(quantity: 2, unit: nil))
      ])
    // Two boxes add up; an item without an amount is enough; so is a staple.
    let boxes = two + [item("egg", Measure(quantity: 4, unit: nil))]
    #expect(page(recipes, FinderQuery(pantryItems: boxes, staples: [])).total == 1)
    let unmeasured = [item("egg"), item("egg", Measure(quantity: 1, unit: nil)), item("cheddar")]
    #expect(page(recipes, FinderQuery(pantryItems: unmeasured, staples: [])).total == 1)
    let stapled = FinderQuery(pantryItems: two, staples: ["egg"])
    #expect(page(recipes, stapled).total == 1)
  }

  @Test func amountsCompareThroughUnitsAndDensity() {
    let recipes = [
      FinderRecipe(
        id: "pancakes", requiredFoods: ["flour"],
        amounts: ["flour": Measure(quantity: 2, unit: Self.cup)])
    ]
    // Two cups of flour at 0.5 g/ml are about 237 g.
    for (grams, found) in [(100.0, false), (236.0, false), (240.0, true), (1000.0, true)] {
      let query = FinderQuery(
        pantryItems: [item("flour", Measure(quantity: grams, unit: Self.grams))], staples: [])
      #expect(page(recipes, query).total == (found ? 1 : 0), "\(grams) g")
    }
    // A can does not convert to cups: nobody can say, so it is enough.
    let can = FinderQuery(
      pantryItems: [item("flour", Measure(quantity: 1, unit: IngredientUnit.unit(id: "can")))],
      staples: [])
    #expect(page(recipes, can).total == 1)
  }

  @Test func aShortFoodRanksAboveOneNotAtHand() {
    let recipes = [
      FinderRecipe(id: "a-missing", requiredFoods: ["egg", "milk"]),
      FinderRecipe(
        id: "b-short", requiredFoods: ["egg", "flour"],
        amounts: ["flour": Measure(quantity: 500, unit: Self.grams)]),
    ]
    let query = FinderQuery(
      pantryItems: [item("egg"), item("flour", Measure(quantity: 200, unit: Self.grams))],
      staples: [], maxMissing: 1)
    #expect(page(recipes, query).items.map(\.recipeID) == ["b-short", "a-missing"])
  }
}
