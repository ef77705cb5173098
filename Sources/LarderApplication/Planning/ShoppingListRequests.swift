import Foundation
import LarderCore

/// How the shopping list is shown: with or without staples (salt, pepper, water).
public struct ShoppingListRequest: RequestFields, Equatable {
  /// Whether staples are shown.
  public var staples: Bool

  /// Makes a request.
  public init(staples: Bool = false) {
    self.staples = staples
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case staples
  }

  /// `staples`.
  public static var fieldNames: [String] { CodingKeys.allCases.map(\.stringValue) }

  /// Reads `staples`.
  public init(from decoder: Decoder) throws {
    staples = try decoder.container(keyedBy: CodingKeys.self).flag(.staples) ?? false
  }
}

/// A recipe to shop for, at a number of servings.
public struct ShoppingPortion: Decodable, Sendable, Equatable {
  /// The recipe's id.
  public var recipe: RecipeID
  /// Servings; nil for the recipe's own yield.
  public var servings: Double?

  /// Makes a portion.
  public init(recipe: RecipeID, servings: Double? = nil) {
    self.recipe = recipe
    self.servings = servings
  }

  enum CodingKeys: String, CodingKey {
    case recipe, servings
  }

  /// Reads a recipe id, or `{"recipe", "servings"}` with no other field.
  public init(from decoder: Decoder) throws {
    if let id = try? decoder.singleValueContainer().decode(String.self) {
      recipe = RecipeID(rawValue: id)
      return
    }
    guard let fields = try? decoder.container(keyedBy: CodingKeys.self) else {
      let path = decoder.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
      throw ApplicationError.invalidValue(
        Field(path.joined()), value: "", expected: "a recipe id or {recipe, servings}")
    }
    try decoder.refuseFields(notIn: ["recipe", "servings"])
    recipe = RecipeID(rawValue: try fields.requiredText(.recipe))
    servings = try fields.number(
      .servings, expected: Check.numberRangeText(DeductionPreviewRequest.servingsRange))
  }
}

/// What to make the shopping list from: the recipes planned `from` (default today) through
/// `to` (default six days later), or chosen `recipes` at chosen servings.
public struct ShoppingListGeneration: RequestFields, Equatable {
  /// The first planned day; nil for today.
  public var from: CalendarDay?
  /// The last planned day; nil for six days after the first.
  public var to: CalendarDay?
  /// Recipes to shop for instead of the plan; nil uses the plan.
  public var recipes: [ShoppingPortion]?
  /// Whether staples are listed.
  public var staples: Bool

  /// Makes a request.
  public init(
    from: CalendarDay? = nil, to: CalendarDay? = nil, recipes: [ShoppingPortion]? = nil,
    staples: Bool = false
  ) {
    self.from = from
    self.to = to
    self.recipes = recipes
    self.staples = staples
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case from, to, recipes, staples
  }

  /// `from`, `to`, `recipes` and `staples`.
  public static var fieldNames: [String] { CodingKeys.allCases.map(\.stringValue) }

  /// Reads the days or the recipes.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    from = try fields.day(.from)
    to = try fields.day(.to)
    staples = try fields.flag(.staples) ?? false
    guard fields.contains(.recipes), try !fields.decodeNil(forKey: .recipes) else { return }
    recipes = try ShoppingPortion.list(in: fields, at: .recipes)
  }

  /// Checks that a list of recipes is not empty, each one's servings, and the days' order.
  public func validate() throws {
    if let recipes {
      guard !recipes.isEmpty else {
        throw ApplicationError.invalidValue(
          Field("recipes"), value: "", expected: "a list of {recipe, servings}")
      }
      for (index, portion) in recipes.enumerated() {
        try Check.number(
          portion.servings, "recipes[\(index)].servings",
          in: DeductionPreviewRequest.servingsRange)
      }
    }
    if let from, let to, to < from {
      throw ApplicationError.invalidValue(
        Field("to"), value: to.description, expected: "a date on or after 'from'")
    }
  }
}

/// Recipes whose missing lines go onto the shopping list, at chosen servings, leaving the rest
/// of the list as it is.
public struct ShoppingListAddition: RequestFields, Equatable {
  /// The recipes, each at its servings (nil for its own yield).
  public var recipes: [ShoppingPortion]
  /// Whether staples are added too.
  public var staples: Bool

  /// Makes a request.
  public init(recipes: [ShoppingPortion], staples: Bool = false) {
    self.recipes = recipes
    self.staples = staples
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case recipes, staples
  }

  /// `recipes` and `staples`.
  public static var fieldNames: [String] { CodingKeys.allCases.map(\.stringValue) }

  /// Reads the recipes (required) and `staples`.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    staples = try fields.flag(.staples) ?? false
    guard fields.contains(.recipes), try !fields.decodeNil(forKey: .recipes) else {
      throw ApplicationError.missingValue(fields.field(.recipes))
    }
    recipes = try ShoppingPortion.list(in: fields, at: .recipes)
  }

  /// Checks that there is at least one recipe, and each one's servings.
  public func validate() throws {
    try ShoppingListGeneration(recipes: recipes, staples: staples).validate()
  }
}

/// A line added to the shopping list by hand ("2 lemons", "candles").
public struct NewShoppingItem: RequestFields, Equatable {
  /// The line.
  public var line: String
  /// The language the line is written in; nil to tell it from the line (see
  /// ``PantryLineReader/read(_:language:)``).
  public var language: RecipeLanguage?

  /// Makes a request.
  public init(line: String, language: RecipeLanguage? = nil) {
    self.line = line
    self.language = language
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case line, language
  }

  /// `line` and `language`.
  public static var fieldNames: [String] { CodingKeys.allCases.map(\.stringValue) }

  /// Reads the line, which is required, and its language.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    line = try fields.requiredText(.line)
    language = try fields.language(.language)
  }

  /// Checks that the line is there and not too long.
  public func validate() throws {
    try Check.present(line, "line")
    try Check.text(line, "line", maxLength: PantryItemChange.maxTextLength)
  }
}

/// Checking a shopping list line off, or on again.
public struct ShoppingItemChange: RequestFields, Equatable {
  /// Whether the line is checked off.
  public var checked: Bool

  /// Makes a change.
  public init(checked: Bool) {
    self.checked = checked
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case checked
  }

  /// `checked`.
  public static var fieldNames: [String] { CodingKeys.allCases.map(\.stringValue) }

  /// Reads `checked`, which is required.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    guard let checked = try fields.flag(.checked) else {
      throw ApplicationError.missingValue(fields.field(.checked))
    }
    self.checked = checked
  }
}

/// Checking several lines off (or on again) at once.
public struct CheckShoppingItems: RequestFields, Equatable {
  /// The lines' ids (or unique starts of them).
  public var items: [String]
  /// Whether they are checked off.
  public var checked: Bool

  /// Makes a request.
  public init(items: [String], checked: Bool = true) {
    self.items = items
    self.checked = checked
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case items, checked
  }

  /// `items` and `checked`.
  public static var fieldNames: [String] { CodingKeys.allCases.map(\.stringValue) }

  /// Reads the ids (required) and `checked` (default true).
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    items = try fields.list(.items)
    checked = try fields.flag(.checked) ?? true
  }

  /// Checks that there is at least one id.
  public func validate() throws {
    if items.isEmpty { throw ApplicationError.missingValue(Field("items")) }
  }
}

/// Moving the checked lines into the pantry.
public struct MoveToPantry: RequestFields, Equatable {
  /// When what is moved expires (optional): new items take it, joined items keep the earlier
  /// date.
  public var expiresOn: CalendarDay?

  /// Makes a request.
  public init(expiresOn: CalendarDay? = nil) {
    self.expiresOn = expiresOn
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case expiresOn
  }

  /// `expiresOn`.
  public static var fieldNames: [String] { CodingKeys.allCases.map(\.stringValue) }

  /// Reads `expiresOn` ("2026-12-10"), which may be missing or null.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    if fields.contains(.expiresOn), try !fields.decodeNil(forKey: .expiresOn) {
      expiresOn = try fields.strictDay(.expiresOn)
    }
  }
}

extension ShoppingPortion {
  /// The list of `{recipe, servings}` under `key`, which must be a list.
  static func list<Key: CodingKey>(
    in fields: KeyedDecodingContainer<Key>, at key: Key
  ) throws -> [ShoppingPortion] {
    var list: UnkeyedDecodingContainer
    do {
      list = try fields.nestedUnkeyedContainer(forKey: key)
    } catch is DecodingError {
      throw ApplicationError.invalidValue(
        fields.field(key), value: "", expected: "a list of {recipe, servings}")
    }
    var portions: [ShoppingPortion] = []
    while !list.isAtEnd { portions.append(try list.decode(ShoppingPortion.self)) }
    return portions
  }
}
