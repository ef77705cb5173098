import Foundation
import LarderCore

/// The favourite flags, ratings and notes a caller sees and changes: a signed-in member's own
/// (``RecipeMark``), or, for the command line and a Larder without a mark store, the
/// recipes' own fields.
///
/// Loaded once per request (``Larder/marksSeen(by:)``) and laid over whatever the use case
/// returns: a recipe, summaries, the finder's matches. The library's in-memory index and the
/// store's lists hold the recipes' own values, which only callers without a user see.
struct CallerMarks: Sendable {
  /// The member's marks by recipe; nil when the caller sees the recipes' own values.
  let byRecipe: [RecipeID: RecipeMark]?

  /// The recipes' own values, as the command line sees them.
  static let recipesOwn = CallerMarks(byRecipe: nil)

  /// A member's marks.
  init(_ marks: [RecipeMark]) {
    byRecipe = Dictionary(marks.map { ($0.recipeID, $0) }, uniquingKeysWith: { first, _ in first })
  }

  private init(byRecipe: [RecipeID: RecipeMark]?) {
    self.byRecipe = byRecipe
  }

  /// Whether these are a member's own marks rather than the recipes' values.
  var arePersonal: Bool { byRecipe != nil }

  /// Whether the caller counts the recipe among their favourites.
  func isFavorite(_ summary: RecipeSummary) -> Bool {
    guard let byRecipe else { return summary.isFavorite }
    return byRecipe[summary.id]?.isFavorite ?? false
  }

  /// The caller's rating of the recipe.
  func rating(_ summary: RecipeSummary) -> Int? {
    guard let byRecipe else { return summary.rating }
    return byRecipe[summary.id]?.rating
  }

  /// The summary as the caller sees it.
  func shown(_ summary: RecipeSummary) -> RecipeSummary {
    guard let byRecipe else { return summary }
    return summary.marked(byRecipe[summary.id])
  }

  /// The recipe as the caller sees it.
  func shown(_ recipe: Recipe) -> Recipe {
    guard let byRecipe else { return recipe }
    return recipe.marked(byRecipe[recipe.id])
  }

  /// The page with each summary as the caller sees it.
  func shown(_ page: Page<RecipeSummary>) -> Page<RecipeSummary> {
    guard arePersonal else { return page }
    var shownPage = page
    shownPage.items = page.items.map(shown)
    return shownPage
  }

  /// The IDs of the member's favourites; nil when the caller sees the recipes' own flags.
  var favoriteIDs: [RecipeID]? {
    byRecipe.map { $0.values.filter(\.isFavorite).map(\.recipeID) }
  }

  /// The store's query for what the caller asked: "favourites only" becomes "only these IDs"
  /// for a member, since the store's favourite filter reads the recipes' own flag.
  func storeQuery(_ query: RecipeQuery) -> RecipeQuery {
    guard let byRecipe, query.favoritesOnly else { return query }
    var personal = query
    personal.favoritesOnly = false
    personal.onlyIDs = Set(byRecipe.values.filter(\.isFavorite).map(\.recipeID))
    return personal
  }

  /// What the pantry finder reads in place of the recipes' favourites and ratings; nil for
  /// the recipes' own.
  var finderMarks: FinderMarks? {
    guard let byRecipe else { return nil }
    var marks = FinderMarks()
    for mark in byRecipe.values {
      if mark.isFavorite { marks.favorites.insert(mark.recipeID.rawValue) }
      if let rating = mark.rating { marks.ratings[mark.recipeID.rawValue] = rating }
    }
    return marks
  }
}

extension Larder {
  /// The mark store and the user when the caller keeps marks of their own: a signed-in
  /// member of a Larder with a mark store. Nil for the command line.
  func personalMarks(of caller: Caller) -> (store: any RecipeMarkStore, user: UserID)? {
    guard let marks, let user = caller.user else { return nil }
    return (marks, user)
  }

  /// The favourites, ratings and notes the caller sees, read once for a request.
  func marksSeen(by caller: Caller) throws -> CallerMarks {
    guard let (store, user) = personalMarks(of: caller) else { return .recipesOwn }
    return CallerMarks(
      try ApplicationError.translating { try store.marks(user: user, household: caller.household) }
    )
  }

  /// The stored recipe as the caller sees it: with their own mark when they keep marks.
  func shown(_ recipe: Recipe, to caller: Caller) throws -> Recipe {
    guard let (store, user) = personalMarks(of: caller) else { return recipe }
    let mark = try ApplicationError.translating {
      try store.mark(recipe: recipe.id, user: user, household: caller.household)
    }
    return recipe.marked(mark)
  }

  /// Saves the caller's mark on a recipe of their household.
  func saveMark(_ mark: RecipeMark, as caller: Caller) throws {
    guard let (store, user) = personalMarks(of: caller) else { return }
    try ApplicationError.translating {
      try store.saveMark(mark, user: user, household: caller.household)
    }
  }

  /// The store imports write through for the caller: for a member, the favourites, ratings
  /// and notes imported recipes carry become the member's own (see ``MarkingImportStore``).
  func importStore(for caller: Caller) -> any RecipeStore {
    guard let (store, user) = personalMarks(of: caller) else { return recipes }
    return MarkingImportStore(base: recipes, marks: store, user: user)
  }
}

/// The store a member's imports, clips and pastes write through: recipes are stored without
/// the favourite flag, rating and notes they carry (an export of another app, a page's
/// notes), which become the member's own marks on them where the member has none yet. So what
/// a member brings in is theirs, as what they mark by hand is.
struct MarkingImportStore: ForwardingRecipeStore {
  let base: any RecipeStore
  let marks: any RecipeMarkStore
  let user: UserID

  func createRecipe(_ recipe: Recipe, household: HouseholdID, now: Date) throws -> Recipe {
    let mark = try ApplicationError.translating { try RecipeMark(of: recipe).validated() }
    let created = try base.createRecipe(recipe.marked(nil), household: household, now: now)
    try keep(mark, on: created.id, household: household)
    return created
  }

  func importRecipes(
    _ recipes: [Recipe], household: HouseholdID, now: Date
  ) throws -> [ImportOutcome] {
    let carried = try ApplicationError.translating {
      try recipes.map { try RecipeMark(of: $0).validated() }
    }
    let outcomes = try base.importRecipes(
      recipes.map { $0.marked(nil) }, household: household, now: now)
    for (mark, outcome) in zip(carried, outcomes) {
      try keep(mark, on: outcome.recipeID, household: household)
    }
    return outcomes
  }

  /// Saves what a recipe brought in as the member's mark, unless it brought nothing or the
  /// member has marked the recipe already.
  private func keep(_ mark: RecipeMark, on recipe: RecipeID, household: HouseholdID) throws {
    try ApplicationError.translating {
      guard !mark.isEmpty,
        try marks.mark(recipe: recipe, user: user, household: household) == nil
      else { return }
      var mark = mark
      mark.recipeID = recipe
      try marks.saveMark(mark, user: user, household: household)
    }
  }
}
