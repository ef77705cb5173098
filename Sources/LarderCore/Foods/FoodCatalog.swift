import Foundation

/// The foods Larder knows, their "kind of" hierarchy, and a matcher from ingredient names to
/// foods.
///
/// A catalog is a value: ``adding(_:)`` and ``addingSynonym(_:to:)`` return a new catalog with
/// the user's food or synonym, leaving this one as it was. Keeping them is the store's job.
///
/// ```swift
/// let catalog = FoodCatalog.bundled
/// catalog.match("2 cans fire-roasted diced tomatoes")?.foodID  // "tomato"
/// catalog.isDescendant("cheddar", of: "cheese")                 // true
/// ```
public struct FoodCatalog: Sendable {
  /// Every food, in the order given (the bundled catalog is sorted by id).
  public private(set) var foods: [Food]
  private var positions: [String: Int]
  private var childPositions: [String: [Int]]
  private var index: FoodIndex

  /// The catalog shipped with Larder (`Resources/foods.tsv`), loaded on first use.
  public static let bundled: FoodCatalog = {
    guard
      let url = Bundle.module.url(
        forResource: "foods", withExtension: "tsv", subdirectory: "Resources")
        ?? Bundle.module.url(forResource: "foods", withExtension: "tsv")
    else {
      preconditionFailure("LarderCore's Resources/foods.tsv is missing; run `make food-catalog`")
    }
    do {
      return try FoodCatalog(tsv: String(contentsOf: url, encoding: .utf8))
    } catch {
      preconditionFailure("LarderCore's Resources/foods.tsv is unreadable: \(error)")
    }
  }()

  /// Makes a catalog of these foods. When two share an id the later one is kept; a parent that
  /// is not in the list is kept as written and simply has no food behind it.
  public init(foods: [Food]) {
    var unique: [Food] = []
    var positions: [String: Int] = [:]
    for food in foods {
      if let existing = positions[food.id] {
        unique[existing] = food
      } else {
        positions[food.id] = unique.count
        unique.append(food)
      }
    }
    self.foods = unique
    self.positions = positions
    self.childPositions = Self.children(of: unique)
    self.index = FoodIndex(foods: unique, positions: positions)
  }

  /// How many foods the catalog holds.
  public var count: Int { foods.count }

  /// The food with this id.
  public func food(id: String) -> Food? {
    positions[id].map { foods[$0] }
  }

  /// The name of the food with this id, without copying the rest of its record (answers
  /// name every food they mention).
  public func name(id: String) -> String? {
    positions[id].map { foods[$0].name }
  }

  /// The foods whose parent is this food, in catalog order.
  public func children(of id: String) -> [Food] {
    (childPositions[id] ?? []).map { foods[$0] }
  }

  /// The food's ancestors, nearest first, without the food itself: cheddar → [cheese, dairy].
  /// Stops at a parent that is not in the catalog, and at the first repeat of a cycle.
  public func ancestors(of id: String) -> [Food] {
    var result: [Food] = []
    var seen: Set<String> = [id]
    var current = food(id: id)
    while let parentID = current?.parentID, seen.insert(parentID).inserted,
      let parent = food(id: parentID)
    {
      result.append(parent)
      current = parent
    }
    return result
  }

  /// Whether `id` is a kind of `ancestorID`, directly or further down: cheddar is a
  /// descendant of cheese and of dairy; cheese is not a descendant of cheddar, and no food is
  /// its own descendant.
  public func isDescendant(_ id: String, of ancestorID: String) -> Bool {
    ancestors(of: id).contains { $0.id == ancestorID }
  }

  /// The catalog food a name from an ingredient line stands for, or nil when the matcher is
  /// unsure.
  ///
  /// Case, accents, plurals, word order ("pepper, black") and descriptors ("2 large ripe
  /// tomatoes, diced") do not get in the way; the longest catalog phrase at the end of the
  /// name wins ("fire-roasted diced tomatoes" → tomato). A name that holds another food before
  /// the head ("cashew milk" without a catalog entry for it), or words after it that are not
  /// descriptors ("cream of tartar" without an entry), gives nil rather than a wrong food.
  ///
  /// Household things bought beside food ("kitchen roll", "foil", "bin bags") are never a
  /// food, whatever food word they hold (see ``HouseholdItems``).
  public func match(_ name: String) -> FoodMatch? {
    guard !HouseholdItems.contains(name), let result = index.match(name) else { return nil }
    let food = foods[Int(result.food)]
    return FoodMatch(
      foodID: food.id, name: food.name, how: result.kind, confidence: result.confidence)
  }

  /// Whether cooks who use metric units weigh this food rather than measure its volume: what
  /// is sold in the baking and pantry aisles (flour, sugar, rice, pasta, nuts), and butter,
  /// cheese and chocolate. Liquids such as milk, oil and stock are measured by volume.
  public func isWeighed(_ id: String) -> Bool {
    guard let food = food(id: id) else { return false }
    if food.aisle == .baking || food.aisle == .pantry || food.aisle == .snacks { return true }
    let weighedKinds: Set<String> = ["butter", "cheese", "chocolate", "nut", "seed", "dried-fruit"]
    return ([id] + ancestors(of: id).map(\.id)).contains { weighedKinds.contains($0) }
  }

  /// This catalog with a user's food added, or replacing the food with the same id. The
  /// food's names win over any catalog food that has the same name.
  ///
  /// - Throws: ``LarderCoreError/invalidField(field:value:reason:item:)`` when the id or name
  ///   is empty, the parent is not in the catalog, or the parent is the food itself or one of
  ///   its descendants.
  public func adding(_ food: Food) throws -> FoodCatalog {
    guard !food.id.isEmpty else {
      throw LarderCoreError.invalidField(field: "id", value: food.id, reason: "must not be empty")
    }
    guard !FoodNormalizer.words(food.name).isEmpty else {
      throw LarderCoreError.invalidField(
        field: "name", value: food.name, reason: "must hold a letter or digit")
    }
    if let parentID = food.parentID {
      guard positions[parentID] != nil else {
        throw LarderCoreError.invalidField(
          field: "parentID", value: parentID, reason: "no food with this id in the catalog")
      }
      guard parentID != food.id, !isDescendant(parentID, of: food.id) else {
        throw LarderCoreError.invalidField(
          field: "parentID", value: parentID,
          reason: "'\(food.id)' cannot be a kind of itself or of its own descendant")
      }
    }
    var copy = self
    if let existing = positions[food.id] {
      copy.foods[existing] = food
      copy.childPositions = Self.children(of: copy.foods)
      copy.index = FoodIndex(foods: copy.foods, positions: copy.positions)
      // A replaced food is the user's: its names win again.
      copy.index.add(food, at: existing, rank: .user)
    } else {
      copy.positions[food.id] = copy.foods.count
      copy.foods.append(food)
      if let parentID = food.parentID {
        copy.childPositions[parentID, default: []].append(copy.foods.count - 1)
      }
      copy.index.add(food, at: copy.foods.count - 1, rank: .user)
    }
    copy.index.relink(foods: copy.foods, positions: copy.positions)
    return copy
  }

  /// This catalog with one more name for a food; the synonym wins over any catalog food that
  /// has the same name.
  ///
  /// - Throws: ``LarderCoreError/invalidField(field:value:reason:item:)`` when no food has the
  ///   id or the synonym holds no letter or digit.
  public func addingSynonym(_ synonym: String, to id: String) throws -> FoodCatalog {
    guard let position = positions[id] else {
      throw LarderCoreError.invalidField(
        field: "foodID", value: id, reason: "no food with this id in the catalog")
    }
    guard !FoodNormalizer.words(synonym).isEmpty else {
      throw LarderCoreError.invalidField(
        field: "synonym", value: synonym, reason: "must hold a letter or digit")
    }
    var copy = self
    if !copy.foods[position].synonyms.contains(synonym) {
      copy.foods[position].synonyms.append(synonym)
    }
    copy.index.addSynonym(synonym, at: position)
    return copy
  }

  private static func children(of foods: [Food]) -> [String: [Int]] {
    var result: [String: [Int]] = [:]
    for (position, food) in foods.enumerated() {
      if let parentID = food.parentID { result[parentID, default: []].append(position) }
    }
    return result
  }
}
