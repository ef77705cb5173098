import Foundation

/// One user's own marks on one recipe: whether it is one of their favourites, their rating and
/// their note. Each member of a household keeps their own; the recipe's own
/// ``Recipe/isFavorite``, ``Recipe/rating`` and ``Recipe/notes`` are what the command line,
/// which acts for no one in particular, reads and writes.
public struct RecipeMark: Hashable, Sendable {
  /// The recipe marked.
  public var recipeID: RecipeID
  /// Whether the user counts it among their favourites.
  public var isFavorite: Bool
  /// The user's rating, 1 to 5.
  public var rating: Int?
  /// The user's own note.
  public var notes: String?

  /// Makes a mark; without flag, rating or note it marks nothing.
  public init(
    recipeID: RecipeID, isFavorite: Bool = false, rating: Int? = nil, notes: String? = nil
  ) {
    self.recipeID = recipeID
    self.isFavorite = isFavorite
    self.rating = rating
    self.notes = notes
  }

  /// The marks a recipe carries in its own fields.
  public init(of recipe: Recipe) {
    self.init(
      recipeID: recipe.id, isFavorite: recipe.isFavorite, rating: recipe.rating,
      notes: recipe.notes)
  }

  /// Whether the mark says nothing: not a favourite, no rating, no note.
  public var isEmpty: Bool { !isFavorite && rating == nil && notes == nil }

  /// The mark with its note trimmed (a blank note is none), or an error naming a rating
  /// outside 1 to 5.
  public func validated() throws -> RecipeMark {
    if let rating, !(1...5).contains(rating) {
      throw LarderCoreError.invalidField(
        field: "rating", value: String(rating), reason: "must be a whole number from 1 to 5")
    }
    var copy = self
    copy.notes = Recipe.nonEmpty(notes)
    return copy
  }
}

extension Recipe {
  /// The recipe with `mark`'s flag, rating and note in place of its own.
  public func marked(_ mark: RecipeMark?) -> Recipe {
    var copy = self
    copy.isFavorite = mark?.isFavorite ?? false
    copy.rating = mark?.rating
    copy.notes = mark?.notes
    return copy
  }
}

extension RecipeSummary {
  /// The summary with `mark`'s flag and rating in place of the recipe's own.
  public func marked(_ mark: RecipeMark?) -> RecipeSummary {
    var copy = self
    copy.isFavorite = mark?.isFavorite ?? false
    copy.rating = mark?.rating
    return copy
  }
}

/// Where each user's marks on their households' recipes are kept (see ``RecipeMark``).
///
/// A mark belongs to one member of one household: a store that keeps memberships removes a
/// member's marks when the membership or the account goes, and a store that also keeps the
/// recipes removes a recipe's marks with the recipe. Calls are synchronous and thread-safe.
public protocol RecipeMarkStore: Sendable {
  /// Every mark the user has on the household's recipes, in no particular order.
  func marks(user: UserID, household: HouseholdID) throws -> [RecipeMark]

  /// The user's mark on one of the household's recipes, or nil.
  func mark(recipe: RecipeID, user: UserID, household: HouseholdID) throws -> RecipeMark?

  /// Saves the user's mark on one of the household's recipes, replacing any earlier one; an
  /// empty mark (``RecipeMark/isEmpty``) removes it.
  ///
  /// - Throws: ``LarderCoreError/recipeNotFound(_:)`` when the household has no such recipe,
  ///   ``LarderCoreError/invalidField(field:value:reason:item:)`` for a rating outside 1 to 5.
  func saveMark(_ mark: RecipeMark, user: UserID, household: HouseholdID) throws

  /// Removes every mark the user has in the household (they left it).
  func deleteMarks(user: UserID, household: HouseholdID) throws

  /// Gives the user, as their own marks, the flag, rating and note each of the household's
  /// recipes carries itself, on every recipe the user has not marked yet; returns how many
  /// marks it made. How the first owner of a database made before accounts keeps the
  /// favourites, ratings and notes it already held.
  @discardableResult
  func adoptRecipeMarks(user: UserID, household: HouseholdID) throws -> Int
}
