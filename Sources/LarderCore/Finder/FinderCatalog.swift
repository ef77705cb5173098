import Foundation

/// The food hierarchy the finder reasons with: each food id's parent, such as "cheddar" →
/// "cheese" → "dairy".
///
/// The finder reads the hierarchy in one direction only, from a food up through its ancestors:
/// - a recipe food is satisfied by a pantry food that is the same food or one of its
///   descendants ("cheese" in a recipe is satisfied by cheddar in the pantry), never by an
///   ancestor ("cheddar" in a recipe is not satisfied by "cheese" in the pantry);
/// - a recipe uses a food when one of its foods is that food or a descendant of it, which is
///   what must-include, must-exclude and the diets test ("nuts" excludes a recipe with walnuts).
///
/// A cycle in the parent links is tolerated: walking up stops at the first food seen twice.
public struct FinderTaxonomy: Hashable, Sendable {
  /// Each food id's parent id; foods without a parent are absent.
  public let parents: [String: String]
  /// How foods stand to their parents in a pantry; absent foods are ``FoodKinship/kind``.
  public let kinships: [String: FoodKinship]
  /// The groups whose kinds a plain pantry food does not stand for; see ``Food/isGroup``.
  public let groups: Set<String>

  /// Makes a hierarchy from each food id's parent id, with how each stands to its parent
  /// (``FoodKinship/kind`` when absent) and the foods that are groups.
  public init(
    parents: [String: String] = [:], kinships: [String: FoodKinship] = [:],
    groups: Set<String> = []
  ) {
    self.parents = parents
    self.kinships = kinships.filter { $0.value != .kind }
    self.groups = groups
  }

  /// How a food stands to its parent.
  public func kinship(of food: String) -> FoodKinship { kinships[food] ?? .kind }

  /// Whether a pantry's `have` (with its `kinds`) gives a recipe's `need`, and how; see
  /// ``PantryCoverage``.
  public func coverage(
    of need: String, by have: String, kinds: PantryKinds = .everyday
  ) -> PantryCoverage? {
    PantryCoverage.of(
      need: need, have: have, kinds: kinds, parent: { parents[$0] },
      kinship: { kinships[$0] ?? .kind }, isGroup: { groups.contains($0) })
  }

  /// The food's parent, if it has one.
  public func parent(of food: String) -> String? { parents[food] }

  /// The food's ancestors, nearest first, without the food itself.
  public func ancestors(of food: String) -> [String] {
    var result: [String] = []
    var seen: Set<String> = [food]
    var current = food
    while let next = parents[current], seen.insert(next).inserted {
      result.append(next)
      current = next
    }
    return result
  }

  /// Whether `food` is `ancestor` or one of its descendants.
  public func isFood(_ food: String, under ancestor: String) -> Bool {
    food == ancestor || ancestors(of: food).contains(ancestor)
  }

  /// Every food id the hierarchy mentions, as a child or as a parent.
  var allFoods: Set<String> { Set(parents.keys).union(parents.values) }
}

/// The catalog facts the finder needs, passed in as plain values: the food hierarchy, known
/// substitutions and the foods each diet excludes.
public struct FinderCatalog: Hashable, Sendable {
  /// The food hierarchy.
  public let taxonomy: FinderTaxonomy
  /// For a food, the foods that can stand in for it, best first ("buttermilk" → ["milk"]).
  ///
  /// A substitution applies to exactly the food it is listed for, not to its descendants; a
  /// substitute counts as available when the pantry or the staples satisfy it (so a generic
  /// substitute such as "cheese" is available with cheddar in the pantry). Repeats and a food
  /// listed as its own substitute are dropped.
  public let substitutes: [String: [String]]
  /// For each diet, the foods it excludes, as ancestor food ids; see ``FinderDiet``.
  public let dietExclusions: [DietLabel: [String]]
  /// For each diet label, the other diets a recipe with that label also suits.
  public let dietImplications: [DietLabel: [DietLabel]]
  /// Grams per millilitre by food id, for comparing a recipe's cups with a pantry's grams.
  public let densities: [String: Double]

  /// Makes a catalog; the diet tables default to ``FinderDiet/exclusions`` and
  /// ``FinderDiet/implications``.
  public init(
    taxonomy: FinderTaxonomy = FinderTaxonomy(), substitutes: [String: [String]] = [:],
    dietExclusions: [DietLabel: [String]] = FinderDiet.exclusions,
    dietImplications: [DietLabel: [DietLabel]] = FinderDiet.implications,
    densities: [String: Double] = [:]
  ) {
    self.taxonomy = taxonomy
    self.densities = densities.filter { $0.value > 0 && $0.value.isFinite }
    var cleaned: [String: [String]] = [:]
    for (food, list) in substitutes {
      var seen: Set<String> = [food]
      let kept = list.filter { seen.insert($0).inserted }
      if !kept.isEmpty { cleaned[food] = kept }
    }
    self.substitutes = cleaned
    self.dietExclusions = dietExclusions
    self.dietImplications = dietImplications
  }

  /// The diets a recipe with these labels suits: the labels and everything they imply.
  func diets(implied labels: [DietLabel]) -> Set<DietLabel> {
    var result = Set<DietLabel>()
    var pending = labels
    while let label = pending.popLast() {
      guard result.insert(label).inserted else { continue }
      pending += dietImplications[label] ?? []
    }
    return result
  }

  /// Every food id the catalog mentions.
  var allFoods: Set<String> {
    var foods = taxonomy.allFoods
    for (food, list) in substitutes {
      foods.insert(food)
      foods.formUnion(list)
    }
    for list in dietExclusions.values { foods.formUnion(list) }
    return foods
  }
}

/// The diets the finder knows, as one table of the ancestor food ids each excludes.
///
/// The ids are the ones we expect the food catalog to use for its broad groups; when the
/// catalog settles its ids, this table is the one place to reconcile them (a diet whose ids are
/// missing from the catalog excludes nothing by food and relies on labels alone, see below).
///
/// | diet             | excludes every food under                           |
/// |------------------|-----------------------------------------------------|
/// | `vegetarian`     | meat, poultry, fish, shellfish, gelatin             |
/// | `pescatarian`    | meat, poultry, gelatin                              |
/// | `vegan`          | meat, poultry, fish, shellfish, gelatin, dairy, egg, honey |
/// | `gluten-free`    | wheat, barley, rye, and the catalog's wheat foods: flour, pasta, bread, couscous, bulgur, semolina, soy sauce, beer, ... (see the table) |
/// | `dairy-free`     | dairy                                               |
/// | `nut-free`       | nut, tree-nut, peanut                               |
/// | `egg-free`       | egg                                                 |
/// | `shellfish-free` | shellfish                                           |
/// | `soy-free`       | soy, soybeans, tofu, tempeh, miso, edamame, soy sauce, soy milk |
///
/// How a recipe passes a diet the query asks for:
/// 1. **Foods outrank labels.** If any of the recipe's foods, required or optional, is under
///    one of the diet's ids, the recipe fails, whatever its labels say: a recipe labelled
///    "vegan" that lists butter is not shown as vegan.
/// 2. **Labels vouch for what the finder cannot see.** A recipe with unmatched lines passes
///    only if its own labels (or labels implying it: "vegan" implies vegetarian, pescatarian,
///    dairy-free and egg-free; "vegetarian" implies pescatarian) include the diet, because an
///    unmatched line might be anything.
/// 3. **Diets without a table** ("keto", "halal") are honoured through labels alone: only
///    recipes labelled with them pass.
public enum FinderDiet {
  /// The foods each diet excludes, as ancestor food ids.
  public static let exclusions: [DietLabel: [String]] = [
    .vegetarian: ["meat", "poultry", "fish", "shellfish", "gelatin"],
    DietLabel(rawValue: "pescatarian"): ["meat", "poultry", "gelatin"],
    .vegan: ["meat", "poultry", "fish", "shellfish", "gelatin", "dairy", "egg", "honey"],
    // The catalog files foods by kind, not by grain, so its wheat foods are listed one by one.
    // This errs on the safe side: "gluten-free pasta" sits under pasta and is excluded too.
    .glutenFree: [
      "wheat", "barley", "rye", "flour", "pasta", "bread", "bread-crumbs", "bread-dough",
      "couscous", "bulgur", "farro", "semolina", "seitan", "wheat-berries", "wheat-bran",
      "wheat-germ", "flour-tortilla", "pita", "crackers", "breadsticks", "beer", "soy-sauce",
    ],
    .dairyFree: ["dairy"],
    .nutFree: ["nut", "tree-nut", "peanut"],
    .eggFree: ["egg"],
    DietLabel(rawValue: "shellfish-free"): ["shellfish"],
    DietLabel(rawValue: "soy-free"): [
      "soy", "soybeans", "tofu", "tempeh", "miso", "edamame", "soy-sauce", "soy-milk",
    ],
  ]

  /// The diets a label implies besides itself.
  public static let implications: [DietLabel: [DietLabel]] = [
    .vegan: [.vegetarian, DietLabel(rawValue: "pescatarian"), .dairyFree, .eggFree],
    .vegetarian: [DietLabel(rawValue: "pescatarian")],
  ]
}
