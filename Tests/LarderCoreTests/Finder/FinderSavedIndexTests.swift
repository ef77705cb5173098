import Foundation
import LarderCore
import Testing

/// An engine restored from ``FinderEngine/savedIndex()`` against the scan and the engine it
/// was saved from; damaged bytes against a clean refusal.
@Suite struct FinderSavedIndexTests {
  @Test(arguments: 1...6)
  func aRestoredEngineAnswersExactlyLikeTheScanOnRandomCorpora(seed: UInt64) throws {
    var world = FinderRandomWorld(seed: 500 + seed)
    let recipes = world.recipes(count: 150 + Int(seed) * 40)
    let scan = FinderScan(recipes: recipes, catalog: world.catalog)
    let saved = FinderEngine(catalog: world.catalog)
    saved.build(recipes: recipes, clock: { 0 })
    let restored = FinderEngine(catalog: world.catalog)
    let report = try restored.restore(savedIndex: saved.savedIndex(), clock: { 0 })
    #expect(report.recipeCount == saved.recipeCount)
    var found = 0
    for _ in 0..<40 {
      let query = world.query()
      let expected = scan.find(query)
      found += expected.total
      #expect(restored.find(query) == expected, "seed \(seed): \(query)")
      #expect(restored.unjudged(query) == scan.unjudged(query), "seed \(seed): \(query)")
    }
    #expect(found > 0)
  }

  /// An index saved after edits (freed slots, replaced records, compacted tables) and edited
  /// again once restored answers as a fresh build of the same recipes.
  @Test(arguments: 1...3)
  func anEditedIndexSurvivesSavingAndTakesFurtherEdits(seed: UInt64) throws {
    var world = FinderRandomWorld(seed: 600 + seed)
    var current: [String: FinderRecipe] = [:]
    let engine = FinderEngine(catalog: world.catalog)
    let initial = world.recipes(count: 300)
    engine.build(recipes: initial, clock: { 0 })
    for recipe in initial { current[recipe.id] = recipe }
    func edit(_ engine: FinderEngine, steps: Range<Int>) {
      for step in steps {
        switch Int.random(in: 0..<10, using: &world.random) {
        case 0..<3:
          let recipe = world.recipe(id: "new-\(step)")
          engine.add(recipe)
          current[recipe.id] = recipe
        case 3..<7:
          guard let id = current.keys.sorted().randomElement(using: &world.random) else {
            continue
          }
          let recipe = world.recipe(id: id)
          engine.update(recipe)
          current[id] = recipe
        default:
          guard let id = current.keys.sorted().randomElement(using: &world.random) else {
            continue
          }
          current[id] = nil
          engine.remove(recipeID: id)
        }
      }
    }
    edit(engine, steps: 0..<800)
    let restored = FinderEngine(catalog: world.catalog)
    try restored.restore(savedIndex: engine.savedIndex(), clock: { 0 })
    edit(restored, steps: 800..<1000)
    let recipes = current.keys.sorted().map { current[$0]! }
    #expect(restored.recipeCount == recipes.count)
    let scan = FinderScan(recipes: recipes, catalog: world.catalog)
    for _ in 0..<40 {
      let query = world.query()
      #expect(restored.find(query) == scan.find(query), "seed \(seed): \(query)")
    }
  }

  /// The catalog is not saved: a restored engine reasons with the one it was made with, as an
  /// engine given a new catalog does.
  @Test func aRestoredEngineUsesItsOwnCatalog() throws {
    let recipes = [FinderRecipe(id: "toast", requiredFoods: ["bread", "butter"])]
    let saved = FinderEngine()
    saved.build(recipes: recipes, clock: { 0 })
    let query = FinderQuery(pantry: ["bread", "margarine"])
    #expect(saved.find(query).total == 0)
    let catalog = FinderCatalog(taxonomy: FinderTaxonomy(parents: ["margarine": "butter"]))
    let restored = FinderEngine(catalog: catalog)
    try restored.restore(savedIndex: saved.savedIndex(), clock: { 0 })
    #expect(restored.find(query).items.map(\.recipeID) == ["toast"])
  }

  @Test func anEmptyEngineRoundTrips() throws {
    let restored = FinderEngine()
    try restored.restore(savedIndex: FinderEngine().savedIndex(), clock: { 0 })
    #expect(restored.recipeCount == 0)
    #expect(restored.find(FinderQuery(pantry: ["egg"])).total == 0)
  }

  /// Every cut of the bytes, and every single flipped byte in a sample, is refused with the
  /// core's error, and leaves the engine as it was.
  @Test func truncatedOrDamagedBytesAreRefusedAndChangeNothing() throws {
    var world = FinderRandomWorld(seed: 42)
    let recipes = world.recipes(count: 120)
    let saved = FinderEngine(catalog: world.catalog)
    saved.build(recipes: recipes, clock: { 0 })
    let bytes = saved.savedIndex()
    let target = FinderEngine(catalog: world.catalog)
    target.build(recipes: Array(recipes.prefix(5)), clock: { 0 })
    var lengths = Array(stride(from: 0, to: bytes.count, by: max(1, bytes.count / 200)))
    lengths.append(bytes.count - 1)
    for length in lengths {
      #expect(throws: LarderCoreError.self, "cut at \(length)") {
        try target.restore(savedIndex: bytes.prefix(length), clock: { 0 })
      }
    }
    for position in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 300)) {
      var damaged = bytes
      damaged[position] ^= 0x5A
      #expect(throws: LarderCoreError.self, "byte \(position) flipped") {
        try target.restore(savedIndex: damaged, clock: { 0 })
      }
    }
    #expect(throws: LarderCoreError.self) {
      try target.restore(savedIndex: Data("not an index at all".utf8), clock: { 0 })
    }
    #expect(target.recipeCount == 5)
  }
}
