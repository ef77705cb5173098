import Foundation
import LarderCore

/// The catalog's foods grouped by aisle, for picking foods without typing:
/// `GET /api/v1/foods/categories`.
public struct FoodCategories: Sendable, Equatable, Encodable {
  /// One aisle and its foods.
  public struct Category: Sendable, Equatable, Encodable {
    /// The aisle's id ("dairy-eggs").
    public var id: String
    /// The aisle's name ("Dairy & eggs").
    public var name: String
    /// At most ``FoodCategories/foodsPerAisle`` foods, those most used by the household's
    /// recipes first, then those with the most kinds in the catalog ("cheese" before
    /// "cheddar"), then the shorter names.
    public var foods: [FoodReference]
  }

  /// The aisles that have foods, in shop order.
  public var categories: [Category]

  /// How many foods each aisle shows.
  public static let foodsPerAisle = 36
}

extension Larder {
  /// The caller's household's catalog's foods by aisle, each aisle's foods ranked by how many
  /// of the household's recipes use them. Computed once per library snapshot and catalog
  /// version.
  public func foodCategories(as caller: Caller) throws -> FoodCategories {
    let household = try household(caller)
    let snapshot = try library.current(store: recipes, household: caller.household)
    // The groups depend on the catalog as well as the library: a food the household adds
    // shows at once.
    let (catalog, version) = household.foods.currentWithVersion
    return snapshot.memo("categories-\(version)") {
      Self.categories(of: catalog, use: snapshot.foodUse)
    }
  }

  /// Each aisle's foods ranked by `use` (how many recipes use each food).
  static func categories(of catalog: FoodCatalog, use: [String: Int]) -> FoodCategories {
    var children: [String: Int] = [:]
    for food in catalog.foods {
      if let parent = food.parentID { children[parent, default: 0] += 1 }
    }
    var byAisle: [Aisle: [Food]] = [:]
    for food in catalog.foods {
      if let aisle = food.aisle { byAisle[aisle, default: []].append(food) }
    }
    let groups = Aisle.allCases.compactMap { aisle -> FoodCategories.Category? in
      guard let members = byAisle[aisle], !members.isEmpty else { return nil }
      let ranked = members.sorted { lhs, rhs in
        let left = (use[lhs.id] ?? 0, children[lhs.id] ?? 0, -lhs.name.count)
        let right = (use[rhs.id] ?? 0, children[rhs.id] ?? 0, -rhs.name.count)
        return left != right ? left > right : lhs.name < rhs.name
      }
      return FoodCategories.Category(
        id: aisle.rawValue, name: aisle.displayName,
        foods: ranked.prefix(FoodCategories.foodsPerAisle).map {
          FoodReference(id: $0.id, name: $0.name)
        })
    }
    return FoodCategories(categories: groups)
  }
}
