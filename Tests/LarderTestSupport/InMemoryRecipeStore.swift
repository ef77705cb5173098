import Foundation
import LarderCore

/// A ``RecipeStore`` held in memory, with each user's marks on its recipes
/// (``RecipeMarkStore``): the test double for code above the store, and a second
/// implementation that the store contract tests check alongside SQLite.
///
/// It keeps no memberships, so it marks for any user; deleting a recipe deletes its marks.
///
/// `@unchecked Sendable`: all state is reached only while holding `lock`.
public final class InMemoryRecipeStore: RecipeStore, RecipeMarkStore, @unchecked Sendable {
  private let lock = NSLock()
  private var rows: [Recipe] = []
  private var nextID: Int = 1
  private var markRows: [MarkKey: RecipeMark] = [:]

  private struct MarkKey: Hashable {
    var household: HouseholdID
    var user: UserID
    var recipe: RecipeID
  }

  /// Makes an empty store.
  public init() {}

  /// The recipe with this ID in the household, or nil.
  public func recipe(id: RecipeID, household: HouseholdID) throws -> Recipe? {
    locked { rows.first { $0.id == id && $0.householdID == household } }
  }

  /// How many recipes the household has.
  public func recipeCount(household: HouseholdID) throws -> Int {
    locked { rows.filter { $0.householdID == household }.count }
  }

  /// A page of summaries; every search term must prefix a word of the recipe's text.
  public func recipes(
    matching query: RecipeQuery, household: HouseholdID
  ) throws
    -> Page<RecipeSummary>
  {
    let terms = query.searchTerms.map(Self.fold)
    var matches: [(recipe: Recipe, score: Int)] = locked {
      rows.filter {
        $0.householdID == household && (!query.favoritesOnly || $0.isFavorite)
          && query.onlyIDs?.contains($0.id) != false
      }
      .compactMap { recipe in
        guard !terms.isEmpty else { return (recipe, 0) }
        let title = Self.words(recipe.name)
        let all = title + Self.words(Self.searchText(recipe))
        guard terms.allSatisfy({ term in all.contains { $0.hasPrefix(term) } }) else {
          return nil
        }
        return (recipe, terms.filter { term in title.contains { $0.hasPrefix(term) } }.count)
      }
    }
    let byName: (Recipe, Recipe) -> Bool = {
      $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending
    }
    switch query.effectiveSort {
    case .relevance:
      matches.sort { $0.score != $1.score ? $0.score > $1.score : byName($0.recipe, $1.recipe) }
    case .name: matches.sort { byName($0.recipe, $1.recipe) }
    case .newest: matches.sort { $0.recipe.createdAt > $1.recipe.createdAt }
    case .updated: matches.sort { $0.recipe.updatedAt > $1.recipe.updatedAt }
    case .rating: matches.sort { ($0.recipe.rating ?? 0) > ($1.recipe.rating ?? 0) }
    case .time:
      matches.sort {
        ($0.recipe.effectiveTotalTime?.seconds ?? .max)
          < ($1.recipe.effectiveTotalTime?.seconds ?? .max)
      }
    }
    let page = matches.dropFirst(query.offset).prefix(query.limit).map { RecipeSummary($0.recipe) }
    return Page(items: Array(page), total: matches.count, offset: query.offset, limit: query.limit)
  }

  /// Every recipe's food profile.
  public func foodProfiles(household: HouseholdID) throws -> [RecipeFoodProfile] {
    locked { rows.filter { $0.householdID == household }.map(RecipeFoodProfile.init) }
  }

  /// Stores a new recipe with a fresh ID.
  public func createRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    let valid = try recipe.validated()
    return locked { insert(valid, household: household, now: now) }
  }

  /// Replaces a recipe, keeping its ID, household and creation date.
  public func updateRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    let valid = try recipe.validated()
    return try locked {
      guard
        let index = rows.firstIndex(where: { $0.id == recipe.id && $0.householdID == household })
      else { throw LarderCoreError.recipeNotFound(recipe.id) }
      return replace(at: index, with: valid, now: now)
    }
  }

  /// Deletes a recipe.
  public func deleteRecipe(id: RecipeID, household: HouseholdID) throws {
    try locked {
      guard let index = rows.firstIndex(where: { $0.id == id && $0.householdID == household })
      else { throw LarderCoreError.recipeNotFound(id) }
      rows.remove(at: index)
      markRows = markRows.filter { $0.key.recipe != id }
    }
  }

  // MARK: - Marks

  /// Every mark the user has on the household's recipes.
  public func marks(user: UserID, household: HouseholdID) throws -> [RecipeMark] {
    locked {
      markRows.filter { $0.key.household == household && $0.key.user == user }.map(\.value)
    }
  }

  /// The user's mark on one recipe, or nil.
  public func mark(recipe: RecipeID, user: UserID, household: HouseholdID) throws -> RecipeMark? {
    locked { markRows[MarkKey(household: household, user: user, recipe: recipe)] }
  }

  /// Saves the user's mark, or removes it when it says nothing.
  public func saveMark(_ mark: RecipeMark, user: UserID, household: HouseholdID) throws {
    let mark = try mark.validated()
    try locked {
      guard rows.contains(where: { $0.id == mark.recipeID && $0.householdID == household })
      else { throw LarderCoreError.recipeNotFound(mark.recipeID) }
      let key = MarkKey(household: household, user: user, recipe: mark.recipeID)
      markRows[key] = mark.isEmpty ? nil : mark
    }
  }

  /// Removes every mark the user has in the household.
  public func deleteMarks(user: UserID, household: HouseholdID) throws {
    locked { markRows = markRows.filter { $0.key.household != household || $0.key.user != user } }
  }

  /// Copies the recipes' own flags, ratings and notes into the user's marks where they have
  /// none.
  @discardableResult
  public func adoptRecipeMarks(user: UserID, household: HouseholdID) throws -> Int {
    locked {
      var made = 0
      for recipe in rows where recipe.householdID == household {
        let key = MarkKey(household: household, user: user, recipe: recipe.id)
        let mark = RecipeMark(of: recipe)
        guard markRows[key] == nil, !mark.isEmpty else { continue }
        markRows[key] = mark
        made += 1
      }
      return made
    }
  }

  /// Imports recipes, recognising earlier imports by identity key.
  public func importRecipes(
    _ recipes: [Recipe], household: HouseholdID, now: Date
  ) throws
    -> [ImportOutcome]
  {
    let valid = try recipes.map { try $0.validated() }
    return locked {
      valid.map { recipe in
        guard
          let index = rows.firstIndex(where: {
            $0.householdID == household && $0.identityKey == recipe.identityKey
          })
        else { return .created(insert(recipe, household: household, now: now).id) }
        let existing = rows[index]
        guard let merged = recipe.reimported(over: existing) else { return .unchanged(existing.id) }
        return .updated(replace(at: index, with: merged, now: now).id)
      }
    }
  }

  private func insert(_ recipe: Recipe, household: HouseholdID, now: Date) -> Recipe {
    var stored = recipe
    stored.id = RecipeID(rawValue: String(format: "mem-%06d", nextID))
    nextID += 1
    stored.householdID = household
    stored.createdAt = now
    stored.updatedAt = now
    rows.append(stored)
    return stored
  }

  private func replace(at index: Int, with recipe: Recipe, now: Date) -> Recipe {
    var stored = recipe
    stored.id = rows[index].id
    stored.householdID = rows[index].householdID
    stored.createdAt = rows[index].createdAt
    stored.updatedAt = now
    rows[index] = stored
    return stored
  }

  private func locked<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  private static func searchText(_ recipe: Recipe) -> String {
    ([recipe.description ?? ""] + recipe.ingredientLines.map(\.text) + recipe.keywords
      + recipe.courses + recipe.cuisines + recipe.diets.map(\.rawValue) + recipe.steps.map(\.text))
      .joined(separator: " ")
  }

  private static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  private static func words(_ text: String) -> [String] {
    fold(text).split { !($0.isLetter || $0.isNumber) }.map(String.init)
  }
}
