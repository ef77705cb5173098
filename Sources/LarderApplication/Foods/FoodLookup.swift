import Foundation
import LarderCore

/// The household's foods for looking up only, read without opening (or creating) a database:
/// what `larder foods search`, `show` and `match` call, with the same rules as the API's
/// lookups (`GET /api/v1/foods?q=&limit=` is ``Larder/suggestFoods(_:as:)``).
///
/// The caller is given when the lookup is made (``Larder/foodLookup(databasePath:as:)``): the
/// foods it holds are that household's.
public struct FoodLookup: Sendable {
  /// The bundled foods with the household's own.
  public let catalog: FoodCatalog
  /// The household's foods and synonyms that no longer apply, each naming the food.
  public let warnings: [String]

  /// A lookup in `catalog`.
  public init(catalog: FoodCatalog, warnings: [String] = []) {
    self.catalog = catalog
    self.warnings = warnings
  }

  /// Foods whose name or a synonym matches the text, best first: the same answer as
  /// ``Larder/suggestFoods(_:as:)`` gives for the same catalog.
  public func suggest(_ request: FoodSuggestionRequest) throws -> FoodSuggestions {
    try request.validate()
    let text = request.text.trimmingCharacters(in: .whitespaces)
    let items = FoodSearchIndex(catalog).search(text, limit: request.limit).map { hit in
      FoodSuggestions.Item(
        id: hit.food.id, name: hit.food.name, aisle: hit.food.aisle,
        matched: hit.matchedName.lowercased() != hit.food.name.lowercased()
          ? hit.matchedName : nil)
    }
    return FoodSuggestions(query: text, items: items)
  }

  /// The food with this id, else the one the catalog matches the name to.
  ///
  /// - Throws: ``ApplicationError/refusedValue(_:value:reason:)`` naming `field` when no food
  ///   has this id or name.
  public func food(_ text: String, field: String = "food") throws -> Food {
    if let food = catalog.food(named: text) { return food }
    throw ApplicationError.refusedValue(
      Field(field), value: text, reason: "no food has this id or name (try 'larder foods search')")
  }

  /// Which food an ingredient line's name matches, and how, reading the line in `language`;
  /// without one, in English, or, when English finds no food in it, in the language it reads
  /// as (``PantryLineReader/read(_:language:)``: "2 l Milch" is German milk).
  public func match(_ line: String, language: RecipeLanguage? = nil) -> FoodLineMatch {
    func read(in language: RecipeLanguage) -> FoodLineMatch {
      var reader = IngredientReader(catalog: catalog, language: language)
      let reading = reader.read(line)
      return FoodLineMatch(input: line, name: reading.parsed.name, food: reading.food)
    }
    if let language { return read(in: language) }
    let english = read(in: .english)
    guard english.food == nil else { return english }
    let told = PantryLineReader(catalog: catalog).read(line).language
    return told == .english ? english : read(in: told)
  }
}

/// The food an ingredient line's name matched: `{"input", "name", "food"}`, with `food` written
/// as `ingredients/parse` writes it (`{"id", "name", "how"}`, or null) and `name` null when the
/// line has none.
public struct FoodLineMatch: Sendable, Equatable, Encodable {
  /// The line as given.
  public var input: String
  /// The name the parser read in it.
  public var name: String?
  /// The food the name matched, if any.
  public var food: FoodMatch?

  /// Makes a match.
  public init(input: String, name: String?, food: FoodMatch?) {
    self.input = input
    self.name = name
    self.food = food
  }

  enum CodingKeys: String, CodingKey {
    case input, name, food
  }

  /// Writes every key, null where there is nothing.
  public func encode(to encoder: Encoder) throws {
    var fields = encoder.container(keyedBy: CodingKeys.self)
    try fields.encode(input, forKey: .input)
    if let name {
      try fields.encode(name, forKey: .name)
    } else {
      try fields.encodeNil(forKey: .name)
    }
    if let food {
      var match = fields.nestedContainer(
        keyedBy: IngredientReading.FoodKeys.self, forKey: .food)
      try match.encode(food.foodID, forKey: .id)
      try match.encode(food.name, forKey: .name)
      try match.encode(food.how, forKey: .how)
    } else {
      try fields.encodeNil(forKey: .food)
    }
  }
}

extension Larder {
  /// A lookup in the household's foods kept in the database at `databasePath`, or in the
  /// bundled ones when there is no database yet; never creates one.
  public static func foodLookup(databasePath: String, as caller: Caller) throws -> FoodLookup {
    let (catalog, warnings) = try existingHouseholdFoods(databasePath: databasePath, as: caller)
    return FoodLookup(catalog: catalog, warnings: warnings)
  }
}
