import Foundation
import LarderCore

/// A food the household adds (or a catalog food whose details it changes), as the API's
/// `POST /api/v1/user-foods` and `larder foods add` give it.
public struct AddFoodRequest: RequestFields, Equatable {
  /// The food's name, singular.
  public var name: String
  /// The food's id; by default the name in lower case with dashes.
  public var id: String?
  /// The name for more than one.
  public var plural: String?
  /// The food it is a kind of, by id or name.
  public var parent: String?
  /// The aisle it is found in, by its id ("produce").
  public var aisle: String?
  /// Grams per millilitre.
  public var density: Double?
  /// Other names.
  public var synonyms: [String]
  /// Whether a catalog food with the same id may be replaced.
  public var replace: Bool

  /// Every field the request has.
  public static let fieldNames = [
    "name", "id", "plural", "parent", "aisle", "density", "synonyms", "replace",
  ]

  /// The longest text a field may hold.
  public static let maximumTextLength = 2000

  /// Makes a request; empty texts count as not given.
  public init(
    name: String, id: String? = nil, plural: String? = nil, parent: String? = nil,
    aisle: String? = nil, density: Double? = nil, synonyms: [String] = [], replace: Bool = false
  ) {
    self.name = name
    self.id = id
    self.plural = plural
    self.parent = parent
    self.aisle = aisle
    self.density = density
    self.synonyms = synonyms
    self.replace = replace
  }

  private enum CodingKeys: String, CodingKey {
    case name, id, plural, parent, aisle, density, synonyms, replace
  }

  /// Reads the request; `synonyms` must be a list of texts.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      name: try container.text(.name) ?? "", id: try container.text(.id),
      plural: try container.text(.plural), parent: try container.text(.parent),
      aisle: try container.text(.aisle),
      density: try container.number(.density, expected: Self.densityText),
      synonyms: try container.decodeIfPresent([String].self, forKey: .synonyms) ?? [],
      replace: try container.flag(.replace) ?? false)
  }

  /// The name is there, texts are not too long, and the density is in range.
  public func validate() throws {
    try Check.present(name, "name")
    for (field, text) in [
      ("name", name), ("id", id), ("plural", plural), ("parent", parent), ("aisle", aisle),
    ] {
      try Check.text(text, field, maxLength: Self.maximumTextLength)
    }
    try Check.number(density, "density", in: 0...25)
  }

  private static let densityText = Check.numberRangeText(0...25)

  /// The draft the catalog checks.
  var draft: FoodDraft {
    func given(_ text: String?) -> String? {
      text.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
    }
    return FoodDraft(
      name: name, id: given(id), pluralName: given(plural), parent: given(parent),
      aisle: given(aisle), density: density, synonyms: synonyms, replace: replace)
  }
}

/// Another name for a food, as `POST /api/v1/user-synonyms` and `larder foods synonym` give
/// it.
public struct AddSynonymRequest: RequestFields, Equatable {
  /// The new name, such as "courgette".
  public var synonym: String
  /// The food it names, by id or name.
  public var food: String

  /// Every field the request has.
  public static let fieldNames = ["synonym", "food"]

  /// Makes a request.
  public init(synonym: String, food: String) {
    self.synonym = synonym
    self.food = food
  }

  private enum CodingKeys: String, CodingKey { case synonym, food }

  /// Reads the request.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      synonym: try container.text(.synonym) ?? "", food: try container.text(.food) ?? "")
  }

  /// Both fields are there and not too long.
  public func validate() throws {
    try Check.present(synonym, "synonym")
    try Check.present(food, "food")
    try Check.text(synonym, "synonym", maxLength: AddFoodRequest.maximumTextLength)
    try Check.text(food, "food", maxLength: AddFoodRequest.maximumTextLength)
  }
}

/// A food the household added, or a catalog food it changed.
public struct AddedFood: Sendable, Equatable {
  /// The food as saved.
  public var food: Food
  /// Whether it replaced a food of the same id (the catalog's or the household's own).
  public var replaced: Bool
  /// What matching stored recipes again did, when it ran before the answer.
  public var rematched: RematchReport?
}

/// A name the household gave a food.
public struct AddedSynonym: Sendable, Equatable {
  /// The name as saved.
  public var synonym: UserSynonym
  /// The food it names.
  public var food: Food
  /// What matching stored recipes again did, when it ran before the answer.
  public var rematched: RematchReport?
}

/// A food or name the household removed.
public struct RemovedFood: Sendable, Equatable {
  /// What was removed.
  public enum Kind: String, Sendable, Equatable {
    /// One of the household's own foods (and the names that pointed at it).
    case food
    /// One of the household's own names for a food.
    case synonym
  }

  /// What was removed.
  public var kind: Kind
  /// The food's id or the name, as given.
  public var name: String
  /// What matching stored recipes again did, when it ran before the answer.
  public var rematched: RematchReport?
}

/// The household's own foods and synonyms: each change is checked against the household's
/// catalog before it is saved, takes effect at once for its finder and its new writes, and is
/// followed by matching its stored recipes again (see ``Rematching``). Other households'
/// catalogs, finders and recipes are not touched.
extension Larder {
  /// The caller's household's food catalog as it is now: the bundled foods with the
  /// household's own foods and synonyms (no other household's).
  public func foodCatalog(as caller: Caller) throws -> FoodCatalog {
    try household(caller).foods.current
  }

  /// The foods and synonyms the household added.
  public func userFoods(as caller: Caller) throws -> UserFoods {
    let store = try userFoodStore()
    return try ApplicationError.translating { try store.userFoods(household: caller.household) }
  }

  /// Adds a food, or changes a catalog food's details when the request says `replace`.
  public func addFood(
    _ request: AddFoodRequest, rematching: Rematching, as caller: Caller
  ) throws -> AddedFood {
    try caller.require(.change)
    try request.validate()
    let store = try userFoodStore()
    let catalog = try household(caller).foods.current
    let food = try ApplicationError.translating {
      let mine = Set(try store.userFoods(household: caller.household).foods.map(\.id))
      let food = try catalog.food(from: request.draft, isUsers: { mine.contains($0) })
      // Checked against the catalog (name, parent, no cycle) before anything is saved.
      _ = try catalog.adding(food)
      return food
    }
    try ApplicationError.translating {
      try store.saveUserFood(food, household: caller.household, now: clock())
    }
    let report = try foodsChanged(rematching, as: caller)
    return AddedFood(food: food, replaced: catalog.food(id: food.id) != nil, rematched: report)
  }

  /// Gives a food another name.
  public func addSynonym(
    _ request: AddSynonymRequest, rematching: Rematching, as caller: Caller
  ) throws -> AddedSynonym {
    try caller.require(.change)
    try request.validate()
    let store = try userFoodStore()
    let catalog = try household(caller).foods.current
    guard let food = catalog.food(named: request.food) else {
      throw ApplicationError.refusedValue(
        Field("food"), value: request.food, reason: "no food has this id or name")
    }
    let synonym = UserSynonym(request.synonym, foodID: food.id)
    try ApplicationError.translating {
      _ = try catalog.addingSynonym(synonym.synonym, to: food.id)
    }
    try ApplicationError.translating {
      try store.saveSynonym(synonym, household: caller.household, now: clock())
    }
    let report = try foodsChanged(rematching, as: caller)
    return AddedSynonym(synonym: synonym, food: food, rematched: report)
  }

  /// Removes one of the household's foods and the names that point at it.
  ///
  /// - Throws: ``ApplicationError/refusedValue(_:value:reason:)`` while other foods of the
  ///   household are kinds of it; ``ApplicationError/nothingMatches(_:)`` when the household
  ///   has no such food.
  public func removeUserFood(
    _ id: String, rematching: Rematching, as caller: Caller
  ) throws -> RemovedFood {
    try caller.require(.change)
    let store = try userFoodStore()
    let user = try ApplicationError.translating { try store.userFoods(household: caller.household) }
    let dependants = user.foods.filter { $0.parentID == id }.map(\.id)
    guard dependants.isEmpty else {
      throw ApplicationError.refusedValue(
        Field("id"), value: id,
        reason: "your foods \(dependants.joined(separator: ", ")) are kinds of it; "
          + "remove or change them first")
    }
    try ApplicationError.translating {
      try store.deleteUserFood(id: id, household: caller.household)
    }
    let report = try foodsChanged(rematching, as: caller)
    return RemovedFood(kind: .food, name: id, rematched: report)
  }

  /// Removes one of the household's names for a food (compared without regard to case).
  public func removeSynonym(
    _ name: String, rematching: Rematching, as caller: Caller
  ) throws -> RemovedFood {
    try caller.require(.change)
    let store = try userFoodStore()
    try ApplicationError.translating { try store.deleteSynonym(name, household: caller.household) }
    let report = try foodsChanged(rematching, as: caller)
    return RemovedFood(kind: .synonym, name: name, rematched: report)
  }

  /// Removes the household's food with this id, or else its name `name`.
  public func removeFoodOrSynonym(
    _ name: String, rematching: Rematching, as caller: Caller
  ) throws -> RemovedFood {
    try caller.require(.change)
    let user = try userFoods(as: caller)
    if user.foods.contains(where: { $0.id == name }) {
      return try removeUserFood(name, rematching: rematching, as: caller)
    }
    return try removeSynonym(name, rematching: rematching, as: caller)
  }

  private func userFoodStore() throws -> any FoodStore {
    guard let foodStore else {
      throw ApplicationError.notFound(.endpoint, id: "user-foods")
    }
    return foodStore
  }
}
