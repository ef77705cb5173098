import Foundation
import LarderCore
import Testing

/// The engine against the reference scan on random corpora, and its edits against fresh builds.
@Suite struct FinderEngineTests {
  @Test(arguments: 1...10)
  func answersExactlyLikeTheScanOnRandomCorpora(seed: UInt64) {
    var world = FinderRandomWorld(seed: seed)
    let recipes = world.recipes(count: 120 + Int(seed) * 30)
    let scan = FinderScan(recipes: recipes, catalog: world.catalog)
    let engine = FinderEngine(catalog: world.catalog)
    engine.build(recipes: recipes, clock: { 0 })
    var found = 0
    for _ in 0..<40 {
      let query = world.query()
      let expected = scan.find(query)
      found += expected.total
      #expect(engine.find(query) == expected, "seed \(seed): \(query)")
      #expect(engine.unjudged(query) == scan.unjudged(query), "seed \(seed): \(query)")
    }
    // The corpora must be worth comparing: most queries find something.
    #expect(found > 0)
  }

  @Test(arguments: 1...4)
  func editsLeaveTheEngineAsAFreshBuildWouldBe(seed: UInt64) {
    var world = FinderRandomWorld(seed: 100 + seed)
    var current: [String: FinderRecipe] = [:]
    var order: [String] = []
    let engine = FinderEngine(catalog: world.catalog)
    let initial = world.recipes(count: 400)
    engine.build(recipes: initial, clock: { 0 })
    for recipe in initial {
      if current.updateValue(recipe, forKey: recipe.id) == nil { order.append(recipe.id) }
    }
    // Enough edits that replaced records outweigh live ones, so the flat arrays are compacted.
    for step in 0..<1500 {
      switch Int.random(in: 0..<10, using: &world.random) {
      case 0..<3:
        let recipe = world.recipe(id: "new-\(step)")
        engine.add(recipe)
        current[recipe.id] = recipe
        order.append(recipe.id)
      case 3..<8:
        guard let id = order.randomElement(using: &world.random) else { continue }
        let recipe = world.recipe(id: id)
        engine.update(recipe)
        current[id] = recipe
      default:
        guard let index = order.indices.randomElement(using: &world.random) else { continue }
        let id = order.remove(at: index)
        current[id] = nil
        #expect(engine.remove(recipeID: id))
        #expect(!engine.remove(recipeID: id))
      }
    }
    let recipes = order.map { current[$0]! }
    #expect(engine.recipeCount == recipes.count)
    let fresh = FinderEngine(catalog: world.catalog)
    fresh.build(recipes: recipes, clock: { 0 })
    let scan = FinderScan(recipes: recipes, catalog: world.catalog)
    for _ in 0..<40 {
      let query = world.query()
      let expected = scan.find(query)
      #expect(engine.find(query) == expected, "edited engine, seed \(seed): \(query)")
      #expect(fresh.find(query) == expected, "fresh engine, seed \(seed): \(query)")
      #expect(engine.unjudged(query) == scan.unjudged(query), "edited, seed \(seed)")
    }
  }

  /// Recipes far larger than the random corpora's (56 to 73 needs, beyond every position
  /// group and a six-bit count), with pantries that leave each a few foods short, must be found
  /// exactly as the scan finds them at every K below the exhaustive pass.
  @Test(arguments: 1...3)
  func largeRecipesAreFoundExactlyAtEveryMissingCount(seed: UInt64) {
    var world = FinderRandomWorld(seed: 300 + seed)
    var recipes = world.recipes(count: 150)
    let pool = Array(world.foods.prefix(120))
    for index in 0..<60 {
      let size = Int.random(in: 56...70, using: &world.random)
      recipes.append(
        FinderRecipe(
          id: "big-\(index)",
          requiredFoods: Array(pool.shuffled(using: &world.random).prefix(size)),
          unmatchedLineCount: Int.random(in: 0...3, using: &world.random)))
    }
    let scan = FinderScan(recipes: recipes, catalog: world.catalog)
    let engine = FinderEngine(catalog: world.catalog)
    engine.build(recipes: recipes, clock: { 0 })
    var bigFound = Set<String>()
    for _ in 0..<20 {
      let pantry = Array(
        pool.shuffled(using: &world.random).prefix(Int.random(in: 90...120, using: &world.random)))
      for maxMissing in [1, 2, 5, 12] {
        let query = FinderQuery(pantry: pantry, maxMissing: maxMissing, limit: 1000)
        let expected = scan.find(query)
        #expect(engine.find(query) == expected, "seed \(seed), K \(maxMissing)")
        for item in expected.items where item.recipeID.hasPrefix("big-") {
          bigFound.insert(item.recipeID)
        }
      }
    }
    // Large recipes on both sides of 63 needs were found.
    let needs = Dictionary(
      uniqueKeysWithValues: recipes.suffix(60).map {
        ($0.id, $0.requiredFoods.count + $0.unmatchedLineCount)
      })
    #expect(bigFound.contains { needs[$0]! <= 63 })
    #expect(bigFound.contains { needs[$0]! > 63 })
  }

  @Test func removingEveryRecipeLeavesAnEmptyEngineThatStillWorks() {
    var world = FinderRandomWorld(seed: 7)
    let recipes = world.recipes(count: 200)
    let engine = FinderEngine(catalog: world.catalog)
    engine.build(recipes: recipes, clock: { 0 })
    for recipe in recipes { engine.remove(recipeID: recipe.id) }
    #expect(engine.recipeCount == 0)
    #expect(!engine.contains(recipeID: recipes[0].id))
    #expect(engine.find(FinderQuery(pantry: world.foods, maxMissing: 50)).total == 0)
    engine.add(FinderRecipe(id: "back", requiredFoods: ["egg"]))
    #expect(engine.find(FinderQuery(pantry: ["egg"])).items.map(\.recipeID) == ["back"])
  }

  @Test func buildReportsWhatItBuiltAndHowLongItTook() {
    var world = FinderRandomWorld(seed: 8)
    let recipes = world.recipes(count: 300)
    let engine = FinderEngine(catalog: world.catalog)
    var ticks: [UInt64] = [1_000, 3_501_000]
    let report = engine.build(recipes: recipes, clock: { ticks.removeFirst() })
    #expect(report.recipeCount == Set(recipes.map(\.id)).count)
    #expect(report.recipeCount == engine.recipeCount)
    #expect(report.seconds == 0.0035)
    #expect(report.memoryBytes > 0)
    #expect(report.memoryBytes == engine.memoryBytes)
  }

  @Test func aNewCatalogAppliesWithoutRebuilding() {
    let recipes = [FinderRecipe(id: "toast", requiredFoods: ["bread", "butter"])]
    let engine = FinderEngine()
    engine.build(recipes: recipes, clock: { 0 })
    let query = FinderQuery(pantry: ["bread", "margarine"])
    #expect(engine.find(query).total == 0)
    engine.setCatalog(
      FinderCatalog(taxonomy: FinderTaxonomy(parents: ["margarine": "butter"])))
    #expect(engine.find(query).items.map(\.recipeID) == ["toast"])
  }

  @Test func aNewCatalogRedrawsTheDietsOfIndexedRecipes() {
    let recipes = [
      FinderRecipe(id: "carbonara", requiredFoods: ["linguine", "guanciale"]),
      FinderRecipe(id: "aglio-olio", requiredFoods: ["linguine", "garlic"]),
    ]
    let engine = FinderEngine(catalog: FinderCatalog())
    engine.build(recipes: recipes, clock: { 0 })
    let query = FinderQuery(
      pantry: ["linguine", "guanciale", "garlic"], diets: [.vegetarian, .glutenFree])
    #expect(engine.find(query).items.map(\.recipeID) == ["aglio-olio", "carbonara"])
    engine.setCatalog(
      FinderCatalog(taxonomy: FinderTaxonomy(parents: ["guanciale": "pork", "pork": "meat"])))
    #expect(engine.find(query).items.map(\.recipeID) == ["aglio-olio"])
    engine.setCatalog(
      FinderCatalog(taxonomy: FinderTaxonomy(parents: ["linguine": "wheat", "guanciale": "meat"])))
    #expect(engine.find(query).items.isEmpty)
  }

  @Test func queriesRunConcurrentlyWithEdits() async {
    var world = FinderRandomWorld(seed: 9)
    let recipes = world.recipes(count: 300)
    let engine = FinderEngine(catalog: world.catalog)
    engine.build(recipes: recipes, clock: { 0 })
    let query = FinderQuery(pantry: Array(world.foods.prefix(40)), maxMissing: 2)
    let before = engine.find(query)
    await withTaskGroup(of: Void.self) { group in
      for reader in 0..<4 {
        group.addTask {
          for _ in 0..<50 { _ = engine.find(query) }
          _ = reader
        }
      }
      group.addTask {
        for index in 0..<200 {
          engine.add(FinderRecipe(id: "temporary-\(index)", requiredFoods: ["nothing-\(index)"]))
          engine.remove(recipeID: "temporary-\(index)")
        }
      }
    }
    #expect(engine.find(query) == before)
  }
}
