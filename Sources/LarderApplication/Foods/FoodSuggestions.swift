import Foundation
import LarderCore

/// Foods whose name or a synonym matches what is typed, for autocomplete:
/// `GET /api/v1/foods?q=&limit=`.
///
/// Fields: `q` (the text typed) and `limit` (1 to 50, 10 unless given).
public struct FoodSuggestionRequest: RequestFields, Equatable {
  /// The text typed; blank finds nothing.
  public var text: String
  /// How many foods to return at most.
  public var limit: Int

  /// The page sizes a request may ask for.
  public static let limits = 1...50
  /// The fields, as the API names them.
  public static let fieldNames = ["q", "limit"]

  enum CodingKeys: String, CodingKey {
    case text = "q", limit
  }

  /// Makes a request; the limit is checked by ``validate()``.
  public init(text: String, limit: Int = 10) {
    self.text = text
    self.limit = limit
  }

  /// Reads the request's fields.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      text: try fields.text(.text) ?? "",
      limit: try fields.wholeNumber(.limit, expected: Check.wholeNumberText(Self.limits)) ?? 10)
  }

  /// Checks the limit.
  public func validate() throws {
    try Check.wholeNumber(limit, CodingKeys.limit.rawValue, in: Self.limits)
  }
}

/// The foods found for a text, best first.
public struct FoodSuggestions: Sendable, Equatable, Encodable {
  /// One food found.
  public struct Item: Sendable, Equatable, Encodable {
    /// The food's id.
    public var id: String
    /// The food's name.
    public var name: String
    /// Its aisle; written as null when it has none.
    public var aisle: Aisle?
    /// The synonym that matched, when it is not the food's name ("aubergine" for eggplant).
    public var matched: String?

    /// Makes an item.
    public init(id: String, name: String, aisle: Aisle?, matched: String?) {
      self.id = id
      self.name = name
      self.aisle = aisle
      self.matched = matched
    }

    enum CodingKeys: String, CodingKey {
      case id, name, aisle, matched
    }

    /// Writes `aisle` as null when there is none, and `matched` only when there is one.
    public func encode(to encoder: Encoder) throws {
      var fields = encoder.container(keyedBy: CodingKeys.self)
      try fields.encode(id, forKey: .id)
      try fields.encode(name, forKey: .name)
      if let aisle {
        try fields.encode(aisle, forKey: .aisle)
      } else {
        try fields.encodeNil(forKey: .aisle)
      }
      try fields.encodeIfPresent(matched, forKey: .matched)
    }
  }

  /// The text searched for, trimmed.
  public var query: String
  /// The foods found, best first.
  public var items: [Item]
}

extension Larder {
  /// Foods whose name or a synonym matches the text, from the caller's household's catalog as
  /// it is now (its own foods included, no other household's).
  public func suggestFoods(
    _ request: FoodSuggestionRequest, as caller: Caller
  ) throws -> FoodSuggestions {
    try request.validate()
    let text = request.text.trimmingCharacters(in: .whitespaces)
    let names = try household(caller).foodNames.index
    let items = names.search(text, limit: request.limit).map { hit in
      FoodSuggestions.Item(
        id: hit.food.id, name: hit.food.name, aisle: hit.food.aisle,
        matched: hit.matchedName.lowercased() != hit.food.name.lowercased()
          ? hit.matchedName : nil)
    }
    return FoodSuggestions(query: text, items: items)
  }
}
