import Foundation

extension FinderCatalog {
  /// The finder's facts from the food catalog: its hierarchy, and the substitutions given.
  public init(foods: FoodCatalog, substitutes: [String: [String]] = FoodSubstitutes.common) {
    var parents: [String: String] = [:]
    for food in foods.foods { if let parent = food.parentID { parents[food.id] = parent } }
    self.init(taxonomy: FinderTaxonomy(parents: parents), substitutes: substitutes)
  }
}
