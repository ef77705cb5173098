import Testing

@testable import LarderCore

/// A recipe's positions go from the foods a pantry is least likely to hold to the most likely:
/// a kind counts with its family, which a plain pantry food stands for, not by its own rarity.
@Suite struct FinderPositionOrderTests {
  static let catalog = FinderCatalog(
    taxonomy: FinderTaxonomy(
      parents: [
        "red-onion": "onion", "white-onion": "onion", "onion": "vegetable",
        "saffron": "spice", "onion-powder": "onion",
      ],
      kinships: ["onion-powder": .distinct],
      groups: ["vegetable", "spice"]))

  @Test func aKindIsOrderedByItsFamilyAndAGroupEndsTheFamily() {
    // Onions are everywhere, red onion written once; saffron is written three times.
    var recipes: [FinderRecipe] = []
    for number in 0..<30 {
      recipes.append(FinderRecipe(id: "r\(number)", requiredFoods: ["onion", "salt"]))
    }
    recipes.append(
      FinderRecipe(id: "rare", requiredFoods: ["saffron", "red-onion", "onion-powder"]))
    recipes.append(FinderRecipe(id: "rare-2", requiredFoods: ["saffron", "onion-powder"]))
    recipes.append(FinderRecipe(id: "rare-3", requiredFoods: ["saffron"]))
    let index = FinderIndex.built(from: recipes, catalog: Self.catalog)
    func number(_ food: String) -> UInt32 { index.foodNumbers[food]! }
    #expect(index.frequency[Int(number("red-onion"))] < index.frequency[Int(number("saffron"))])
    #expect(index.familyRoot[Int(number("red-onion"))] == number("onion"))
    #expect(index.familyFrequency[Int(number("onion"))] == 31)
    #expect(index.isRarer(number("saffron"), number("red-onion")))
    #expect(!index.isRarer(number("red-onion"), number("saffron")))
    // A distinct kind is a family of its own, and a group is not a family's head.
    #expect(index.familyRoot[Int(number("onion-powder"))] == number("onion-powder"))
    #expect(index.isRarer(number("onion-powder"), number("red-onion")))
    #expect(index.familyRoot[Int(number("saffron"))] == number("saffron"))
    // So the recipe's rare foods take its first positions, the onion its last.
    let slot = index.ids.slot(of: "rare")!
    func position(_ food: String) -> Int? {
      let list = index.postings[Int(number(food))]
      guard let at = list.firstIndex(where: { $0 >> 8 == slot }) else { return nil }
      return (0..<FinderIndex.groupCount).first {
        at < Int(index.groupEnds[Int(number(food)) * FinderIndex.groupCount + $0])
      }
    }
    #expect(position("onion-powder") == 0)
    #expect(position("saffron") == 1)
    #expect(position("red-onion") == 2)
  }

  @Test func familiesFollowAddsAndRemovals() {
    var index = FinderIndex(catalog: Self.catalog)
    index.add(FinderRecipe(id: "a", requiredFoods: ["red-onion"]))
    index.add(FinderRecipe(id: "b", requiredFoods: ["white-onion", "onion"]))
    let onion = index.foodNumbers["onion"]!
    #expect(index.familyFrequency[Int(onion)] == 3)
    _ = index.remove(id: "b")
    #expect(index.familyFrequency[Int(onion)] == 1)
  }
}
