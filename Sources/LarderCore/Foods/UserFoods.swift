import Foundation

/// A household's own foods and names, kept by a ``FoodStore`` and layered over the bundled
/// catalog with ``FoodCatalog/customized(with:)``.
///
/// A user food whose id is a catalog food's id replaces that food (to move it to another aisle,
/// say); any other id adds a food. A synonym gives a food one more name and wins over any
/// catalog food with the same name.
public struct UserFoods: Sendable, Equatable, Codable {
  /// Foods added or replaced, in the order they were saved.
  public var foods: [Food]
  /// Extra names, in the order they were saved.
  public var synonyms: [UserSynonym]

  /// Makes a set of user foods and synonyms.
  public init(foods: [Food] = [], synonyms: [UserSynonym] = []) {
    self.foods = foods
    self.synonyms = synonyms
  }

  /// Whether there is nothing to apply.
  public var isEmpty: Bool { foods.isEmpty && synonyms.isEmpty }
}

/// One more name for a food: "courgette" for `zucchini`, or a family's own word.
public struct UserSynonym: Hashable, Sendable, Codable {
  /// The name, as the user wrote it.
  public var synonym: String
  /// The id of the food it names.
  public var foodID: String

  /// Makes a synonym.
  public init(_ synonym: String, foodID: String) {
    self.synonym = synonym
    self.foodID = foodID
  }
}

extension FoodCatalog {
  /// This catalog with a household's foods and synonyms applied, and a sentence for each one
  /// that could not be (a parent that no longer exists, say) so nothing is dropped silently.
  ///
  /// Foods are applied parents first, so a user food may be the parent of another whatever the
  /// order they were saved in; the result does not depend on that order.
  public func customized(with user: UserFoods) -> (catalog: FoodCatalog, problems: [String]) {
    guard !user.isEmpty else { return (self, []) }
    var catalog = self
    var problems: [String] = []
    // Replacing a catalog food rebuilds the name index, which would forget the priority of
    // user names added before it; so replacements go first, then new foods.
    var pending =
      user.foods.filter { food(id: $0.id) != nil } + user.foods.filter { food(id: $0.id) == nil }
    // Apply what can be applied until a pass makes no progress; what is left has a parent that
    // is missing or a cycle, and is reported with the reason of its last attempt.
    while !pending.isEmpty {
      var next: [Food] = []
      var failures: [String: LarderCoreError] = [:]
      for food in pending {
        do {
          catalog = try catalog.adding(food)
        } catch let error as LarderCoreError {
          next.append(food)
          failures[food.id] = error
        } catch {
          next.append(food)
        }
      }
      if next.count == pending.count {
        for food in next {
          let reason = failures[food.id].map { "\($0)" } ?? "cannot be added"
          problems.append("user food '\(food.id)' was not applied: \(reason)")
        }
        break
      }
      pending = next
    }
    for synonym in user.synonyms {
      do {
        catalog = try catalog.addingSynonym(synonym.synonym, to: synonym.foodID)
      } catch {
        problems.append(
          "user synonym '\(synonym.synonym)' for '\(synonym.foodID)' was not applied: \(error)")
      }
    }
    return (catalog, problems)
  }

  /// A slug for a new food's id from its name: "Pink Peppercorn" → `pink-peppercorn`.
  public static func slug(for name: String) -> String {
    FoodNormalizer.words(name).map(\.folded).joined(separator: "-")
  }
}

/// What a person fills in to add a food, before it is checked against the catalog.
public struct FoodDraft: Sendable, Equatable {
  /// The name, singular.
  public var name: String
  /// The id; by default the name's slug.
  public var id: String?
  /// The name for more than one.
  public var pluralName: String?
  /// The food it is a kind of, by id or name.
  public var parent: String?
  /// The aisle's raw value, such as `produce`.
  public var aisle: String?
  /// Grams per millilitre.
  public var density: Double?
  /// Other names.
  public var synonyms: [String]
  /// Whether replacing a catalog food with the same id is meant.
  public var replace: Bool

  /// Makes a draft.
  public init(
    name: String, id: String? = nil, pluralName: String? = nil, parent: String? = nil,
    aisle: String? = nil, density: Double? = nil, synonyms: [String] = [], replace: Bool = false
  ) {
    self.name = name
    self.id = id
    self.pluralName = pluralName
    self.parent = parent
    self.aisle = aisle
    self.density = density
    self.synonyms = synonyms
    self.replace = replace
  }
}

extension FoodCatalog {
  /// A food by id, else the food its name matches; nil when neither finds one.
  public func food(named text: String) -> Food? {
    if let food = food(id: text) { return food }
    return match(text).flatMap { food(id: $0.foodID) }
  }

  /// The food a draft describes, checked against this catalog: a name with a letter or digit,
  /// a known aisle, a sensible density, a parent the catalog has, and — unless the draft says
  /// `replace` or the food is already the household's (`isUsers`) — an id no catalog food has.
  /// Details the draft leaves out are kept from the food it replaces.
  ///
  /// - Throws: ``LarderCoreError/invalidField(field:value:reason:item:)`` naming the field.
  public func food(from draft: FoodDraft, isUsers: (String) -> Bool) throws -> Food {
    let name = draft.name.trimmingCharacters(in: .whitespacesAndNewlines)
    let id = draft.id ?? Self.slug(for: name)
    guard !id.isEmpty, !FoodNormalizer.words(name).isEmpty else {
      throw LarderCoreError.invalidField(
        field: "name", value: name, reason: "must hold a letter or digit")
    }
    let existing = food(id: id)
    if existing != nil && !draft.replace && !isUsers(id) {
      throw LarderCoreError.invalidField(
        field: "id", value: id,
        reason: "the catalog already has this food; ask to replace it to change its details, "
          + "or choose another id")
    }
    var aisle = existing?.aisle
    if let text = draft.aisle {
      guard let parsed = Aisle(rawValue: text) else {
        throw LarderCoreError.invalidField(
          field: "aisle", value: text,
          reason: "must be one of " + Aisle.allCases.map(\.rawValue).joined(separator: ", "))
      }
      aisle = parsed
    }
    if let density = draft.density, !(density > 0 && density < 25) {
      throw LarderCoreError.invalidField(
        field: "density", value: "\(density)", reason: "must be grams per millilitre, above 0")
    }
    var parentID = existing?.parentID
    if let parent = draft.parent {
      guard let found = food(named: parent) else {
        throw LarderCoreError.invalidField(
          field: "parent", value: parent, reason: "no food has this id or name")
      }
      parentID = found.id
    }
    return Food(
      id: id, name: name, pluralName: draft.pluralName,
      synonyms: draft.synonyms.isEmpty ? (existing?.synonyms ?? []) : draft.synonyms,
      parentID: parentID, aisle: aisle,
      densityGramsPerMillilitre: draft.density ?? existing?.densityGramsPerMillilitre,
      usdaNumber: existing?.usdaNumber)
  }
}
