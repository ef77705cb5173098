import Foundation

extension FinderCatalog {
  /// The finder's facts from the food catalog: its hierarchy with each food's kinship and the
  /// groups, the densities, and the substitutions given.
  public init(foods: FoodCatalog, substitutes: [String: [String]] = FoodSubstitutes.common) {
    var parents: [String: String] = [:]
    var kinships: [String: FoodKinship] = [:]
    var groups: Set<String> = []
    var densities: [String: Double] = [:]
    for food in foods.foods {
      if let parent = food.parentID { parents[food.id] = parent }
      if food.kinship != .kind { kinships[food.id] = food.kinship }
      if food.isGroup { groups.insert(food.id) }
      if let density = food.densityGramsPerMillilitre { densities[food.id] = density }
    }
    self.init(
      taxonomy: FinderTaxonomy(parents: parents, kinships: kinships, groups: groups),
      substitutes: substitutes, densities: densities)
  }
}
