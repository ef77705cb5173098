import Foundation
import Testing

@testable import LarderCore

/// A query over more than one walk block is split between two threads: the walk by halves of
/// the slots, the check of the inexact candidates by halves of the candidates, each with a top
/// list of its own. The answers must stay exactly those of one thread and of the scan.
@Suite struct FinderTwoThreadSearchTests {
  /// Walk blocks small enough that a few thousand recipes make many of them; 320 is not a
  /// multiple of 64, so blocks and the split between the threads do not line up.
  static let walkBlocks = [64, 320, 1024]

  // Seeds 2 and 5 found a recipe the engine let through and the scan did not: a diet's bit
  // and another exclusion each left a line of alternatives one food, but not the same one.
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7] as [UInt64])
  func twoThreadsAnswerExactlyLikeOneAndLikeTheScan(seed: UInt64) {
    var world = FinderRandomWorld(seed: 500 + seed)
    let recipes = world.recipes(count: 2500 + Int(seed) * 500)
    let scan = FinderScan(recipes: recipes, catalog: world.catalog)
    let index = FinderIndex.built(from: recipes, catalog: world.catalog)
    #expect(index.hot.count > 2 * Self.walkBlocks.max()!)
    let scratch = FinderScratch()
    var found = 0
    var withItems = 0
    for _ in 0..<60 {
      var query = world.query()
      query.maxMissing = Int.random(in: 0...3, using: &world.random)
      let expected = scan.find(query)
      found += expected.total
      if !expected.items.isEmpty { withItems += 1 }
      let oneThread = index.find(query, scratch: scratch)
      #expect(oneThread == expected, "one thread, seed \(seed): \(query)")
      for walkBlock in Self.walkBlocks {
        let twoThreads = index.find(query, scratch: scratch, walkBlock: walkBlock)
        #expect(twoThreads == expected, "walk block \(walkBlock), seed \(seed): \(query)")
      }
    }
    // The corpora must be worth comparing: many queries find something, and show some of it.
    #expect(found > 1000)
    #expect(withItems > 20)
  }

  /// The same through edits: removed recipes leave free slots that new ones take, so slots
  /// are not in the order the recipes came in.
  @Test func twoThreadsAnswerLikeTheScanAfterEdits() {
    var world = FinderRandomWorld(seed: 600)
    // One recipe per id, so that removing an id removes it from the scan's list too.
    var recipes = Dictionary(
      world.recipes(count: 3000).map { ($0.id, $0) }, uniquingKeysWith: { $1 }
    ).values.sorted { $0.id < $1.id }
    var index = FinderIndex.built(from: recipes, catalog: world.catalog)
    for _ in 0..<400 {
      let position = Int.random(in: 0..<recipes.count, using: &world.random)
      _ = index.remove(id: recipes[position].id)
      recipes.remove(at: position)
    }
    for number in 0..<300 {
      let recipe = world.recipe(id: "edit-\(number)")
      index.add(recipe)
      recipes.append(recipe)
    }
    let scan = FinderScan(recipes: recipes, catalog: world.catalog)
    let scratch = FinderScratch()
    for _ in 0..<40 {
      var query = world.query()
      query.maxMissing = Int.random(in: 0...3, using: &world.random)
      let expected = scan.find(query)
      for walkBlock in Self.walkBlocks {
        let twoThreads = index.find(query, scratch: scratch, walkBlock: walkBlock)
        #expect(twoThreads == expected, "walk block \(walkBlock): \(query)")
      }
    }
  }
}
