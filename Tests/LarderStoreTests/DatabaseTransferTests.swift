import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// Moving a library between SQLite and PostgreSQL: everything arrives, nothing is overwritten.
@Suite(.enabled(if: TestPostgres.url != nil, "needs a PostgreSQL server (LARDER_TEST_POSTGRES)"))
struct DatabaseTransferTests {
  let household = HouseholdID.default
  let ana = UserID(rawValue: "ana-id")

  /// A SQLite library with something in every kind of table.
  private func filledLibrary() throws -> (path: String, pancakes: Recipe) {
    let path = try TemporaryFolder.make().appending("larder.sqlite")
    let store = try SQLiteRecipeStore.open(path: path)
    var pancakes = Fixtures.pancakes()
    pancakes.isFavorite = true
    pancakes = try store.createRecipe(pancakes, household: household, now: Fixtures.now)
    _ = try store.createRecipe(Fixtures.tomatoSoup(), household: household, now: Fixtures.now)
    var crepe = Fixtures.dinner("Crème brûlée", ["3 eggs", "200 ml cream", "50 g sugar"])
    crepe.rating = 5
    _ = try store.createRecipe(crepe, household: household, now: Fixtures.now)
    let accounts = SQLiteAccountStore(sharing: store)
    try accounts.insertUser(
      UserAccount(
        id: ana, login: "Ana", displayName: "Ana", passwordHash: "$argon2id$x",
        createdAt: Fixtures.now))
    try accounts.saveMembership(
      Membership(householdID: household, userID: ana, role: .owner, joinedAt: Fixtures.now))
    try store.saveMark(
      RecipeMark(recipeID: pancakes.id, isFavorite: true, rating: 4, notes: "ours"), user: ana,
      household: household)
    try store.saveUserFood(
      Food(id: "quark", name: "quark", parentID: "cheese"), household: household, now: Fixtures.now)
    try store.saveSynonym(
      UserSynonym("topfen", foodID: "quark"), household: household, now: Fixtures.now)
    _ = try store.imageStore.putImage(
      TinyImages.png(), format: .png, household: household, now: Fixtures.now)
    try SQLitePlanningStore(sharing: store).savePantryItem(
      PantryItem(
        id: PlanningID(rawValue: "rice"), name: "rice", foodID: "rice",
        amount: Measure(quantity: 500, unit: .gram), location: .cupboard,
        addedOn: CalendarDay("2026-12-01")!, expiresOn: nil), household: household)
    return (path, pancakes)
  }

  /// A fresh, empty PostgreSQL database's address.
  private func freshDatabase() throws -> String {
    let url = try #require(TestPostgres.url)
    let name = TestPostgres.freshSchema()
    let connection = try PostgresConnection(url: url)
    try connection.execute("CREATE DATABASE \(name)", operation: "making a test database")
    let base = url[..<(url.lastIndex(of: "/") ?? url.endIndex)]
    return base + "/" + name
  }

  @Test func aLibraryGoesToPostgresAndBackWhole() throws {
    let (path, pancakes) = try filledLibrary()
    let postgres = try freshDatabase()
    let there = try DatabaseTransfer.copy(from: path, to: postgres)
    let counts = Dictionary(uniqueKeysWithValues: there.tables.map { ($0.name, $0.rows) })
    #expect(counts["recipes"] == 3)
    #expect(counts["users"] == 1)
    #expect(counts["recipe_marks"] == 1)
    #expect(counts["user_food_synonyms"] == 1)
    #expect(counts["images"] == 1)
    #expect(counts["pantry_items"] == 1)
    #expect(!there.target.contains("password"))

    // The PostgreSQL library reads and searches as the SQLite one did.
    let copied = try PostgresRecipeStore.open(url: postgres)
    #expect(try copied.recipe(id: pancakes.id, household: household) == pancakes)
    #expect(try copied.recipeCount(household: household) == 3)
    let found = try copied.recipes(matching: RecipeQuery(text: "creme"), household: household)
    #expect(found.items.map(\.name) == ["Crème brûlée"])
    #expect(
      try copied.recipes(matching: RecipeQuery(favoritesOnly: true), household: household)
        .items.map(\.id) == [pancakes.id])
    #expect(try copied.mark(recipe: pancakes.id, user: ana, household: household)?.notes == "ours")
    #expect(try copied.userFoods(household: household).synonyms.map(\.synonym) == ["topfen"])
    let original = try SQLiteRecipeStore.open(path: path)
    #expect(
      try copied.foodProfiles(household: household).map(\.requiredFoods)
        == original.foodProfiles(household: household).map(\.requiredFoods))
    // A new recipe gets a row number past the copied ones.
    _ = try copied.createRecipe(Fixtures.tomatoSoup(), household: household, now: Fixtures.now)
    #expect(try copied.recipeCount(household: household) == 4)

    // And back into a new SQLite file: every table as it was.
    let back = try TemporaryFolder.make().appending("back.sqlite")
    try copied.deleteRecipe(
      id: try #require(
        copied.recipes(matching: RecipeQuery(sort: .newest, limit: 1), household: household)
          .items.first?.id), household: household)
    let returned = try DatabaseTransfer.copy(from: postgres, to: back)
    #expect(returned.tables == there.tables)
    let reopened = try SQLiteRecipeStore.open(path: back)
    #expect(
      try reopened.recipes(matching: RecipeQuery(text: "brul"), household: household).total == 1)
  }

  @Test func aTargetWithALibraryIsNeverOverwritten() throws {
    let (path, _) = try filledLibrary()
    let postgres = try freshDatabase()
    _ = try DatabaseTransfer.copy(from: path, to: postgres)
    let (other, _) = try filledLibrary()
    #expect {
      try DatabaseTransfer.copy(from: other, to: postgres)
    } throws: { error in
      "\(error)".contains("not empty") && "\(error)".contains("recipes")
    }
    #expect(try PostgresRecipeStore.open(url: postgres).recipeCount(household: household) == 3)
    // Nor is a SQLite file that holds one.
    #expect(throws: LarderStoreError.self) { try DatabaseTransfer.copy(from: postgres, to: other) }
  }

  @Test func aMissingSourceIsNamed() throws {
    let missing = try TemporaryFolder.make().appending("none.sqlite")
    #expect(
      throws: LarderStoreError.cannotOpen(path: missing, reason: "there is no database there")
    ) {
      try DatabaseTransfer.copy(from: missing, to: try freshDatabase())
    }
  }
}
