import Foundation
import LarderCore

/// Reading, writing and deleting one recipe; the same rules for the API and the command line.
extension Larder {
  /// The recipe with this ID in the caller's household, with the caller's own favourite
  /// flag, rating and notes when they keep marks (a signed-in member).
  ///
  /// - Throws: ``ApplicationError/notFound(_:id:)`` when there is none.
  public func recipe(_ id: RecipeID, as caller: Caller) throws -> Recipe {
    try shown(try storedRecipe(id, as: caller), to: caller)
  }

  /// The recipe as stored, with its own flag, rating and notes, for use cases that write it
  /// back.
  func storedRecipe(_ id: RecipeID, as caller: Caller) throws -> Recipe {
    guard let recipe = try recipes.recipe(id: id, household: caller.household) else {
      throw ApplicationError.notFound(.recipe, id: id.rawValue)
    }
    return recipe
  }

  /// The recipe whose ID is `text`, or whose ID alone starts with `text` (at least 4
  /// characters, any case), so people can type a short ID; as ``recipe(_:as:)`` shows it.
  ///
  /// - Throws: ``ApplicationError/ambiguousID(_:id:matches:)`` when several IDs start with it,
  ///   ``ApplicationError/notFound(_:id:)`` when none does.
  public func resolveRecipe(_ text: String, as caller: Caller) throws -> Recipe {
    let household = caller.household
    if let recipe = try recipes.recipe(id: RecipeID(rawValue: text), household: household) {
      return try shown(recipe, to: caller)
    }
    if text.count >= Self.shortestIDPrefix {
      let matches = try recipes.recipeIDs(startingWith: text.lowercased(), household: household)
      if matches.count > 1 {
        throw ApplicationError.ambiguousID(.recipe, id: text, matches: matches.count)
      }
      if let only = matches.first, let recipe = try recipes.recipe(id: only, household: household) {
        return try shown(recipe, to: caller)
      }
    }
    throw ApplicationError.notFound(.recipe, id: text)
  }

  /// How many characters of an ID are needed before a start of it is looked up.
  public static let shortestIDPrefix = 4

  /// Stores a new recipe; returns it as stored, with its ID and dates. A signed-in member's
  /// favourite flag, rating and notes in it are kept as their own marks, not on the recipe.
  public func createRecipe(_ recipe: Recipe, as caller: Caller) throws -> Recipe {
    try caller.require(.change)
    guard personalMarks(of: caller) != nil else {
      return try ApplicationError.translating {
        try recipes.createRecipe(recipe, household: caller.household, now: clock())
      }
    }
    var mark = try ApplicationError.translating { try RecipeMark(of: recipe).validated() }
    let created = try ApplicationError.translating {
      try recipes.createRecipe(recipe.marked(nil), household: caller.household, now: clock())
    }
    mark.recipeID = created.id
    try saveMark(mark, as: caller)
    return created.marked(mark)
  }

  /// Replaces the content of the recipe with this ID, keeping its ID and creation date. A
  /// signed-in member's favourite flag, rating and notes in it replace their own marks, and
  /// the recipe keeps its own.
  public func replaceRecipe(
    _ id: RecipeID, with recipe: Recipe, as caller: Caller
  ) throws -> Recipe {
    try caller.require(.change)
    var recipe = recipe
    recipe.id = id
    guard personalMarks(of: caller) != nil else {
      return try ApplicationError.translating {
        try recipes.updateRecipe(recipe, household: caller.household, now: clock())
      }
    }
    let stored = try storedRecipe(id, as: caller)
    let mark = try ApplicationError.translating { try RecipeMark(of: recipe).validated() }
    let updated = try ApplicationError.translating {
      try recipes.updateRecipe(
        recipe.marked(RecipeMark(of: stored)), household: caller.household, now: clock())
    }
    try saveMark(mark, as: caller)
    return updated.marked(mark)
  }

  /// Changes the fields the patch names and keeps the others, so a client can send
  /// `{"isFavorite": true}` without the rest.
  ///
  /// For a signed-in member, `isFavorite`, `rating` and `notes` are their own marks: a patch
  /// naming only those changes only the member's marks, and leaves the recipe (and the date
  /// it last changed) alone.
  public func patchRecipe(
    _ id: RecipeID, with patch: RecipePatch, as caller: Caller
  ) throws -> Recipe {
    try caller.require(.change)
    let stored = try storedRecipe(id, as: caller)
    guard personalMarks(of: caller) != nil else {
      var patched = try patch.applied(to: stored)
      patched.id = stored.id
      return try ApplicationError.translating {
        try recipes.updateRecipe(patched, household: caller.household, now: clock())
      }
    }
    let shownBefore = try shown(stored, to: caller)
    var patched = try patch.applied(to: shownBefore)
    patched.id = stored.id
    let mark = try ApplicationError.translating { try RecipeMark(of: patched).validated() }
    var result = stored
    if !patch.namesOnlyMarks {
      result = try ApplicationError.translating {
        try recipes.updateRecipe(
          patched.marked(RecipeMark(of: stored)), household: caller.household, now: clock())
      }
    }
    if mark != RecipeMark(of: shownBefore) { try saveMark(mark, as: caller) }
    return result.marked(mark)
  }

  /// Deletes the recipe with this ID.
  ///
  /// - Throws: ``ApplicationError/notFound(_:id:)`` when there is none.
  public func deleteRecipe(_ id: RecipeID, as caller: Caller) throws {
    try caller.require(.change)
    return try ApplicationError.translating {
      try recipes.deleteRecipe(id: id, household: caller.household)
    }
  }

  /// The recipe as a schema.org JSON-LD document, with the caller's marks as
  /// ``recipe(_:as:)`` shows them.
  public func recipeJSONLD(_ id: RecipeID, as caller: Caller) throws -> Data {
    SchemaOrg.encode([try recipe(id, as: caller)])
  }

  /// Every recipe of the household, by name, each whole (with the caller's marks): what an
  /// export of everything holds.
  public func allRecipes(as caller: Caller) throws -> [Recipe] {
    let marks = try marksSeen(by: caller)
    var all: [Recipe] = []
    var query = RecipeQuery(sort: .name, limit: RecipeQuery.maximumLimit)
    while true {
      let page = try recipes.recipes(matching: query, household: caller.household)
      for summary in page.items {
        if let recipe = try recipes.recipe(id: summary.id, household: caller.household) {
          all.append(marks.shown(recipe))
        }
      }
      guard page.hasMore else { break }
      query.offset += page.limit
    }
    return all
  }

  /// The recipes to export: every recipe by name when `ids` is empty, else the recipe each
  /// ID (or unique start of one) names, in the order given.
  public func recipesToExport(_ ids: [String], as caller: Caller) throws -> [Recipe] {
    if ids.isEmpty { return try allRecipes(as: caller) }
    return try ids.map { try resolveRecipe($0, as: caller) }
  }

  /// Whether the Larder answers, and how many recipes the household has.
  public func health(as caller: Caller) throws -> Health {
    Health(status: "ok", recipes: try recipes.recipeCount(household: caller.household))
  }
}

/// What `GET /api/v1/health` answers: `{"recipes": 3, "status": "ok"}`.
public struct Health: Codable, Equatable, Sendable {
  /// "ok" while the Larder answers.
  public var status: String
  /// How many recipes the household has.
  public var recipes: Int

  /// Makes a health report.
  public init(status: String, recipes: Int) {
    self.status = status
    self.recipes = recipes
  }
}

/// A change to some of a recipe's fields: a JSON object whose top-level fields replace the
/// stored ones (null clears a field).
///
/// A flat `ingredients` list replaces the stored ingredient sections and a flat `steps` list
/// the stored instruction sections, so the client's form wins over the stored shape.
public struct RecipePatch: Sendable, Equatable {
  /// The JSON object, as sent.
  public let json: Data

  /// Reads a patch from a JSON object.
  ///
  /// - Throws: ``ApplicationError/malformedBody(detail:)`` when it is not a JSON object,
  ///   ``ApplicationError/emptyBody(_:)`` when there is nothing, and
  ///   ``ApplicationError/unknownField(_:allowed:)`` for a field a recipe does not have.
  public init(json: Data, contentType: String? = nil) throws {
    _ = try RecipeBody.object(json, contentType: contentType)
    self.json = json
  }

  /// The fields a member keeps for themselves rather than on the recipe.
  static let markFields: Set<String> = ["isFavorite", "rating", "notes"]

  /// Whether the patch names only a member's own fields (``markFields``).
  var namesOnlyMarks: Bool {
    let object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] ?? [:]
    return Set(object.keys).isSubset(of: Self.markFields)
  }

  /// The recipe with the patch's fields in place of its own.
  func applied(to recipe: Recipe) throws -> Recipe {
    try ApplicationError.translating {
      let changes = try JSONSerialization.jsonObject(with: json) as? [String: Any] ?? [:]
      guard
        var merged = try JSONSerialization.jsonObject(with: LarderJSON.encode(recipe))
          as? [String: Any]
      else { throw LarderCoreError.invalidJSON(detail: "stored recipe is not an object") }
      for (key, value) in changes {
        // Sections replace the shorthand and vice versa, so the client's form wins.
        if key == "ingredients" { merged["ingredientSections"] = nil }
        if key == "steps" { merged["instructionSections"] = nil }
        merged[key] = value is NSNull ? nil : value
      }
      return try LarderJSON.decode(
        Recipe.self, from: JSONSerialization.data(withJSONObject: merged))
    }
  }
}

/// A recipe sent as a JSON body, read with the rules every request's body meets: JSON only, not
/// empty, an object, and no field a recipe does not read or write (a full recipe as `GET`
/// gives it, with its id and dates, is accepted).
public enum RecipeBody {
  /// The recipe in `body`.
  ///
  /// - Throws: ``ApplicationError`` for another media type, no body, a body that is not an
  ///   object, an unknown field, or a field of the wrong kind.
  public static func decode(_ body: Data, contentType: String? = nil) throws -> Recipe {
    _ = try object(body, contentType: contentType)
    return try ApplicationError.translating { try LarderJSON.decode(Recipe.self, from: body) }
  }

  /// The body as a JSON object, checked as ``decode(_:contentType:)`` says.
  static func object(_ body: Data, contentType: String?) throws -> [String: Any] {
    try RequestDecoding.jsonObject(body, contentType: contentType, allowed: Recipe.fieldNames)
  }
}
