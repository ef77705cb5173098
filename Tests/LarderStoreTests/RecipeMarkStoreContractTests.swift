import Foundation
import LarderCore
import LarderStore
import LarderTestSupport
import Testing

/// A recipe store that keeps marks, with members of the default household to mark for (the
/// SQLite and PostgreSQL stores mark only for members; the in-memory one keeps no memberships).
struct MarkingStores {
  let recipes: any RecipeStore
  let marks: any RecipeMarkStore
  /// The database's accounts, nil for the in-memory store.
  let accounts: (any AccountStore)?
  let ana = UserID(rawValue: "ana-id")
  let bo = UserID(rawValue: "bo-id")

  init(_ kind: StoreKind) throws {
    switch kind {
    case .sqlite:
      let store = try SQLiteRecipeStore.open(
        path: TemporaryFolder.make().appending("larder.sqlite"))
      let accounts = SQLiteAccountStore(sharing: store)
      try Self.addMembers([(ana, "ana"), (bo, "bo")], to: accounts)
      (recipes, marks, self.accounts) = (store, store, accounts)
    case .memory:
      let store = InMemoryRecipeStore()
      (recipes, marks, accounts) = (store, store, nil)
    case .postgres:
      let store = try TestPostgres.makeStore()
      let accounts = PostgresAccountStore(sharing: store)
      try Self.addMembers([(ana, "ana"), (bo, "bo")], to: accounts)
      (recipes, marks, self.accounts) = (store, store, accounts)
    }
  }

  /// Makes each an account and a member of the default household.
  private static func addMembers(
    _ members: [(UserID, String)], to accounts: any AccountStore
  )
    throws
  {
    for (id, login) in members {
      try accounts.insertUser(
        UserAccount(
          id: id, login: login, displayName: login, passwordHash: "x", createdAt: Fixtures.now))
      try accounts.saveMembership(
        Membership(householdID: .default, userID: id, role: .member, joinedAt: Fixtures.now))
    }
  }
}

/// The behaviour every RecipeMarkStore must have, checked against each implementation.
@Suite struct RecipeMarkStoreContractTests {
  let household = HouseholdID.default

  @Test(arguments: StoreKind.allCases)
  func eachUserKeepsTheirOwnMarks(kind: StoreKind) throws {
    let stores = try MarkingStores(kind)
    let soup = try stores.recipes.createRecipe(
      Fixtures.tomatoSoup(), household: household, now: Fixtures.now)
    let anas = RecipeMark(recipeID: soup.id, isFavorite: true, rating: 5, notes: "  more basil ")
    try stores.marks.saveMark(anas, user: stores.ana, household: household)
    try stores.marks.saveMark(
      RecipeMark(recipeID: soup.id, notes: "too sweet"), user: stores.bo, household: household)
    let read = try stores.marks.mark(recipe: soup.id, user: stores.ana, household: household)
    #expect(read == RecipeMark(recipeID: soup.id, isFavorite: true, rating: 5, notes: "more basil"))
    #expect(
      try stores.marks.marks(user: stores.bo, household: household)
        == [RecipeMark(recipeID: soup.id, notes: "too sweet")])
    // The recipe itself is untouched.
    let recipe = try #require(try stores.recipes.recipe(id: soup.id, household: household))
    #expect(!recipe.isFavorite && recipe.rating == nil && recipe.notes == nil)
  }

  @Test(arguments: StoreKind.allCases)
  func savingReplacesAndAnEmptyMarkRemoves(kind: StoreKind) throws {
    let stores = try MarkingStores(kind)
    let soup = try stores.recipes.createRecipe(
      Fixtures.tomatoSoup(), household: household, now: Fixtures.now)
    try stores.marks.saveMark(
      RecipeMark(recipeID: soup.id, isFavorite: true, rating: 2), user: stores.ana,
      household: household)
    try stores.marks.saveMark(
      RecipeMark(recipeID: soup.id, rating: 4), user: stores.ana, household: household)
    #expect(
      try stores.marks.mark(recipe: soup.id, user: stores.ana, household: household)
        == RecipeMark(recipeID: soup.id, rating: 4))
    try stores.marks.saveMark(
      RecipeMark(recipeID: soup.id, notes: "   "), user: stores.ana, household: household)
    #expect(try stores.marks.mark(recipe: soup.id, user: stores.ana, household: household) == nil)
    #expect(try stores.marks.marks(user: stores.ana, household: household).isEmpty)
  }

  @Test(arguments: StoreKind.allCases)
  func aMarkNeedsARecipeOfTheHouseholdAndARatingFromOneToFive(kind: StoreKind) throws {
    let stores = try MarkingStores(kind)
    let soup = try stores.recipes.createRecipe(
      Fixtures.tomatoSoup(), household: household, now: Fixtures.now)
    let ghost = RecipeID(rawValue: "ghost")
    #expect(throws: LarderCoreError.recipeNotFound(ghost)) {
      try stores.marks.saveMark(
        RecipeMark(recipeID: ghost, isFavorite: true), user: stores.ana, household: household)
    }
    #expect(throws: LarderCoreError.self) {
      try stores.marks.saveMark(
        RecipeMark(recipeID: soup.id, rating: 6), user: stores.ana, household: household)
    }
    #expect(try stores.marks.marks(user: stores.ana, household: household).isEmpty)
  }

  @Test(arguments: StoreKind.allCases)
  func updatingARecipeKeepsItsMarksAndDeletingItRemovesThem(kind: StoreKind) throws {
    let stores = try MarkingStores(kind)
    var soup = try stores.recipes.createRecipe(
      Fixtures.tomatoSoup(), household: household, now: Fixtures.now)
    let pancakes = try stores.recipes.createRecipe(
      Fixtures.pancakes(), household: household, now: Fixtures.now)
    for recipe in [soup.id, pancakes.id] {
      try stores.marks.saveMark(
        RecipeMark(recipeID: recipe, isFavorite: true), user: stores.ana, household: household)
    }
    soup.name = "Roasted Tomato Soup"
    _ = try stores.recipes.updateRecipe(soup, household: household, now: Fixtures.now)
    _ = try stores.recipes.importRecipes(
      [Fixtures.tomatoSoup()], household: household, now: Fixtures.now)
    #expect(try stores.marks.marks(user: stores.ana, household: household).count == 2)
    try stores.recipes.deleteRecipe(id: soup.id, household: household)
    #expect(
      try stores.marks.marks(user: stores.ana, household: household).map(\.recipeID)
        == [pancakes.id])
  }

  @Test(arguments: StoreKind.allCases)
  func aMembersMarksCanAllBeRemoved(kind: StoreKind) throws {
    let stores = try MarkingStores(kind)
    let soup = try stores.recipes.createRecipe(
      Fixtures.tomatoSoup(), household: household, now: Fixtures.now)
    for user in [stores.ana, stores.bo] {
      try stores.marks.saveMark(
        RecipeMark(recipeID: soup.id, rating: 3), user: user, household: household)
    }
    try stores.marks.deleteMarks(user: stores.bo, household: household)
    #expect(try stores.marks.marks(user: stores.bo, household: household).isEmpty)
    #expect(try stores.marks.marks(user: stores.ana, household: household).count == 1)
  }

  @Test(arguments: StoreKind.allCases)
  func adoptingCopiesTheRecipesOwnMarksWhereTheUserHasNone(kind: StoreKind) throws {
    let stores = try MarkingStores(kind)
    var soup = Fixtures.tomatoSoup()
    soup.isFavorite = true
    soup.notes = "Granny's"
    let storedSoup = try stores.recipes.createRecipe(soup, household: household, now: Fixtures.now)
    var pancakes = Fixtures.pancakes()
    pancakes.rating = 4
    let storedPancakes = try stores.recipes.createRecipe(
      pancakes, household: household, now: Fixtures.now)
    _ = try stores.recipes.createRecipe(
      Fixtures.cremeBrulee(), household: household, now: Fixtures.now)
    // A mark the user already has wins over the recipe's own.
    try stores.marks.saveMark(
      RecipeMark(recipeID: storedPancakes.id, rating: 1), user: stores.ana, household: household)
    #expect(try stores.marks.adoptRecipeMarks(user: stores.ana, household: household) == 1)
    let marks = try stores.marks.marks(user: stores.ana, household: household)
      .sorted { $0.recipeID.rawValue < $1.recipeID.rawValue }
    let expected = [
      RecipeMark(recipeID: storedSoup.id, isFavorite: true, notes: "Granny's"),
      RecipeMark(recipeID: storedPancakes.id, rating: 1),
    ].sorted { $0.recipeID.rawValue < $1.recipeID.rawValue }
    #expect(marks == expected)
    #expect(try stores.marks.marks(user: stores.bo, household: household).isEmpty)
    #expect(try stores.marks.adoptRecipeMarks(user: stores.ana, household: household) == 0)
  }
}

/// The database stores' marks go with the membership and the account they belong to.
@Suite struct DatabaseRecipeMarkTests {
  @Test(arguments: StoreKind.allCases.filter { $0 != .memory })
  func leavingAHouseholdOrRemovingTheAccountRemovesTheMarks(kind: StoreKind) throws {
    let stores = try MarkingStores(kind)
    let accounts = try #require(stores.accounts)
    let soup = try stores.recipes.createRecipe(
      Fixtures.tomatoSoup(), household: .default, now: Fixtures.now)
    for user in [stores.ana, stores.bo] {
      try stores.marks.saveMark(
        RecipeMark(recipeID: soup.id, isFavorite: true), user: user, household: .default)
    }
    try accounts.removeMembership(household: .default, user: stores.bo)
    #expect(try stores.marks.marks(user: stores.bo, household: .default).isEmpty)
    try accounts.deleteUser(id: stores.ana)
    #expect(try stores.marks.marks(user: stores.ana, household: .default).isEmpty)
    // Changing a member's role keeps their marks.
    try accounts.saveMembership(
      Membership(householdID: .default, userID: stores.bo, role: .member, joinedAt: Fixtures.now))
    try stores.marks.saveMark(
      RecipeMark(recipeID: soup.id, rating: 2), user: stores.bo, household: .default)
    try accounts.saveMembership(
      Membership(householdID: .default, userID: stores.bo, role: .owner, joinedAt: Fixtures.now))
    #expect(try stores.marks.marks(user: stores.bo, household: .default).count == 1)
  }
}
