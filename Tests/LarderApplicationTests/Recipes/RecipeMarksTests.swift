import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// Two members of one household, Ana (the first owner) and Bo, each with their own
/// favourites, ratings and notes; the command line keeps the recipes' own.
struct TwoMembers {
  let fixture: AccountsFixture
  let ana: Caller
  let bo: Caller
  var larder: Larder { fixture.larder }

  init(starterRecipes: Bool = false) throws {
    fixture = try AccountsFixture(starterRecipes: starterRecipes)
    ana = try fixture.owner().caller
    bo = try fixture.join("bo", role: .member, invitedBy: ana).caller
  }

  /// A recipe Ana adds, with the ingredient lines given.
  func add(_ name: String, _ lines: [String] = ["2 eggs"]) throws -> Recipe {
    try larder.createRecipe(
      Recipe(
        name: name,
        ingredientSections: [IngredientSection(lines: lines.map { IngredientLine(text: $0) })]),
      as: ana)
  }

  /// Patches the recipe with a JSON object.
  @discardableResult
  func patch(_ recipe: Recipe, _ json: String, as caller: Caller) throws -> Recipe {
    try larder.patchRecipe(recipe.id, with: RecipePatch(json: Data(json.utf8)), as: caller)
  }

  /// The names of the caller's favourites, as the recipe list gives them.
  func favourites(as caller: Caller, searching text: String? = nil) throws -> [String] {
    try larder.listRecipes(
      RecipeListRequest(text: text, favoritesOnly: true, sort: .name), as: caller
    ).items.map(\.name)
  }
}

@Suite struct RecipeMarksTests {
  @Test func anasStarRatingAndNoteAreHersAndBoKeepsHisOwn() throws {
    let members = try TwoMembers()
    let soup = try members.add("Tomato Soup")
    members.fixture.clock.advance(by: 3600)
    let marked = try members.patch(
      soup, #"{"isFavorite": true, "rating": 5, "notes": "more basil"}"#, as: members.ana)
    #expect(marked.isFavorite && marked.rating == 5 && marked.notes == "more basil")
    // Marks change no one else's recipe, not even the date it last changed.
    #expect(marked.updatedAt == soup.updatedAt)
    let bos = try members.larder.recipe(soup.id, as: members.bo)
    #expect(!bos.isFavorite && bos.rating == nil && bos.notes == nil)
    try members.patch(soup, #"{"notes": "less salt"}"#, as: members.bo)
    #expect(try members.larder.recipe(soup.id, as: members.ana).notes == "more basil")
    #expect(try members.larder.recipe(soup.id, as: members.bo).notes == "less salt")
    // The command line sees the recipe's own values, which nobody signed in changed.
    let own = try members.larder.recipe(soup.id, as: .defaultHousehold)
    #expect(!own.isFavorite && own.rating == nil && own.notes == nil)
    // Summaries, cards and exports show each member their own.
    let anas = try members.larder.listRecipes(RecipeListRequest(), as: members.ana).items
    #expect(anas.map(\.isFavorite) == [true] && anas.map(\.rating) == [5])
    let bosList = try members.larder.browseLibrary(LibraryRequest(), as: members.bo).items
    #expect(bosList.map(\.isFavorite) == [false] && bosList.map(\.rating) == [nil])
    #expect(try members.larder.allRecipes(as: members.bo).map(\.notes) == ["less salt"])
    #expect(
      try members.larder.resolveRecipe(String(soup.id.rawValue.prefix(8)), as: members.ana).rating
        == 5)
  }

  @Test func favouritesOnlyListsAreEachMembersOwn() throws {
    let members = try TwoMembers()
    let soup = try members.add("Tomato Soup")
    let stew = try members.add("Tomato Stew")
    _ = try members.add("Pancakes")
    try members.patch(soup, #"{"isFavorite": true}"#, as: members.ana)
    try members.patch(stew, #"{"isFavorite": true}"#, as: members.bo)
    #expect(try members.favourites(as: members.ana) == ["Tomato Soup"])
    #expect(try members.favourites(as: members.bo) == ["Tomato Stew"])
    #expect(try members.favourites(as: members.bo, searching: "tomato") == ["Tomato Stew"])
    #expect(try members.favourites(as: members.ana, searching: "stew").isEmpty)
    #expect(try members.favourites(as: .defaultHousehold).isEmpty)
    for (caller, expected) in [(members.ana, "Tomato Soup"), (members.bo, "Tomato Stew")] {
      let favourites = LibraryFilters(favoritesOnly: true)
      let page = try members.larder.browseLibrary(LibraryRequest(filters: favourites), as: caller)
      #expect(page.items.map(\.name) == [expected] && page.total == 1)
      let searched = try members.larder.browseLibrary(
        LibraryRequest(text: "tomato", filters: favourites), as: caller)
      #expect(searched.items.map(\.name) == [expected] && searched.total == 1)
      let picked = try members.larder.pickRandomRecipe(
        RandomRecipeRequest(text: "tomato", filters: favourites), as: caller)
      #expect(picked.recipe.name == expected && picked.candidates == 1)
      #expect(picked.recipe.isFavorite)
    }
  }

  @Test func topRatedIsEachMembersOwnOrder() throws {
    let members = try TwoMembers()
    let soup = try members.add("Tomato Soup")
    let stew = try members.add("Tomato Stew")
    _ = try members.add("Apple Pie")
    try members.patch(soup, #"{"rating": 2}"#, as: members.ana)
    try members.patch(stew, #"{"rating": 4}"#, as: members.ana)
    try members.patch(soup, #"{"rating": 5}"#, as: members.bo)
    func topRated(_ caller: Caller, _ text: String? = nil) throws -> [String] {
      try members.larder.listRecipes(RecipeListRequest(text: text, sort: .rating), as: caller)
        .items.map(\.name)
    }
    #expect(try topRated(members.ana) == ["Tomato Stew", "Tomato Soup", "Apple Pie"])
    #expect(try topRated(members.bo) == ["Tomato Soup", "Apple Pie", "Tomato Stew"])
    #expect(try topRated(members.bo, "tomato") == ["Tomato Soup", "Tomato Stew"])
    let page = try members.larder.browseLibrary(LibraryRequest(sort: .rating), as: members.ana)
    #expect(page.items.map(\.rating) == [4, 2, nil])
    #expect(try topRated(.defaultHousehold) == ["Apple Pie", "Tomato Soup", "Tomato Stew"])
  }

  @Test func theFindersFavouritesAreEachMembersOwn() throws {
    let members = try TwoMembers()
    let omelette = try members.add("Omelette", ["3 eggs", "1 tbsp butter"])
    let frittata = try members.add("Frittata", ["6 eggs", "1 onion"])
    try members.patch(omelette, #"{"isFavorite": true, "rating": 3}"#, as: members.ana)
    try members.patch(frittata, #"{"isFavorite": true}"#, as: members.bo)
    func found(_ caller: Caller, favourites: Bool) throws -> [String] {
      try members.larder.findRecipes(
        FinderRequest(have: ["eggs"], missing: 3, favorites: favourites), as: caller
      ).items.map(\.recipe.name)
    }
    #expect(try found(members.ana, favourites: true) == ["Omelette"])
    #expect(try found(members.bo, favourites: true) == ["Frittata"])
    #expect(try found(.defaultHousehold, favourites: true).isEmpty)
    let answer = try members.larder.findRecipes(
      FinderRequest(have: ["eggs"], missing: 3), as: members.bo)
    #expect(
      answer.items.map(\.recipe.isFavorite) == answer.items.map { $0.recipe.name == "Frittata" })
    #expect(answer.items.allSatisfy { $0.recipe.rating == nil })
  }

  @Test func changingTheRecipeAndAMarkTogetherChangesEachForWhomItBelongs() throws {
    let members = try TwoMembers()
    let soup = try members.add("Tomato Soup")
    members.fixture.clock.advance(by: 60)
    let renamed = try members.patch(
      soup, #"{"name": "Roasted Tomato Soup", "isFavorite": true}"#, as: members.bo)
    #expect(renamed.name == "Roasted Tomato Soup" && renamed.isFavorite)
    #expect(renamed.updatedAt > soup.updatedAt)
    let anas = try members.larder.recipe(soup.id, as: members.ana)
    #expect(anas.name == "Roasted Tomato Soup" && !anas.isFavorite)
    // Replacing the whole recipe keeps the recipe's own values and replaces the member's.
    var whole = anas
    whole.rating = 3
    whole.notes = "Ana's way"
    let replaced = try members.larder.replaceRecipe(soup.id, with: whole, as: members.ana)
    #expect(replaced.rating == 3 && replaced.notes == "Ana's way" && !replaced.isFavorite)
    let own = try members.larder.recipe(soup.id, as: .defaultHousehold)
    #expect(own.rating == nil && own.notes == nil && !own.isFavorite)
    #expect(try members.larder.recipe(soup.id, as: members.bo).isFavorite)
    // A rating out of range is refused and changes nothing.
    #expect(throws: ApplicationError.self) {
      try members.patch(soup, #"{"name": "Soup", "rating": 9}"#, as: members.ana)
    }
    #expect(try members.larder.recipe(soup.id, as: members.ana).name == "Roasted Tomato Soup")
  }

  @Test func aRecipeMadeByAMemberKeepsItsMarksAsTheirs() throws {
    let members = try TwoMembers()
    let made = try members.larder.createRecipe(
      Recipe(name: "Shortbread", rating: 4, isFavorite: true, notes: "Granny's tin"),
      as: members.bo)
    #expect(made.isFavorite && made.rating == 4 && made.notes == "Granny's tin")
    let anas = try members.larder.recipe(made.id, as: members.ana)
    #expect(!anas.isFavorite && anas.rating == nil && anas.notes == nil)
    let own = try members.larder.recipe(made.id, as: .defaultHousehold)
    #expect(!own.isFavorite && own.notes == nil)
  }

  @Test func aMembersImportBringsItsFavouritesRatingsAndNotesToThem() throws {
    let members = try TwoMembers()
    let csv = """
      name,ingredients,favorite,rating,notes
      Shortbread,250 g flour,yes,4,Granny's tin
      Plain Toast,1 slice bread,,,
      """
    let report = try members.larder.importUpload(
      UploadImportRequest(data: Data(csv.utf8), filename: "recipes.csv"), as: members.bo)
    #expect(report.storedNothing == false)
    #expect(try members.favourites(as: members.bo) == ["Shortbread"])
    #expect(try members.favourites(as: members.ana).isEmpty)
    let listed = try members.larder.listRecipes(RecipeListRequest(), as: members.bo).items
    let shortbread = try #require(listed.first { $0.name == "Shortbread" })
    #expect(try members.larder.recipe(shortbread.id, as: members.bo).notes == "Granny's tin")
    #expect(try members.larder.recipe(shortbread.id, as: .defaultHousehold).notes == nil)
    // Importing again keeps what Bo has changed since.
    try members.larder.patchRecipe(
      shortbread.id, with: RecipePatch(json: Data(#"{"rating": 2}"#.utf8)), as: members.bo)
    _ = try members.larder.importUpload(
      UploadImportRequest(data: Data(csv.utf8), filename: "recipes.csv"), as: members.bo)
    #expect(try members.larder.recipe(shortbread.id, as: members.bo).rating == 2)
  }

  @Test func theCommandLineChangesTheRecipesOwnValuesOnly() throws {
    let members = try TwoMembers()
    let soup = try members.add("Tomato Soup")
    try members.patch(
      soup, #"{"isFavorite": true, "notes": "from the shell"}"#, as: .defaultHousehold)
    #expect(try members.favourites(as: .defaultHousehold) == ["Tomato Soup"])
    #expect(try members.favourites(as: members.ana).isEmpty)
    #expect(try members.larder.recipe(soup.id, as: members.bo).notes == nil)
  }

  @Test func leavingTheHouseholdOrDeletingTheRecipeTakesTheMarks() throws {
    let members = try TwoMembers()
    let soup = try members.add("Tomato Soup")
    let stew = try members.add("Tomato Stew")
    for recipe in [soup, stew] {
      try members.patch(recipe, #"{"isFavorite": true}"#, as: members.bo)
      try members.patch(recipe, #"{"rating": 3}"#, as: members.ana)
    }
    let store = try #require(members.larder.marks)
    let bo = try #require(members.bo.user)
    let ana = try #require(members.ana.user)
    try members.larder.deleteRecipe(stew.id, as: members.ana)
    #expect(try store.marks(user: ana, household: .default).map(\.recipeID) == [soup.id])
    try members.larder.removeMember(bo.rawValue, as: members.ana)
    #expect(try store.marks(user: bo, household: .default).isEmpty)
    #expect(try store.marks(user: ana, household: .default).count == 1)
    try members.larder.removeUser(login: "ana", as: .defaultHousehold)
    #expect(try store.marks(user: ana, household: .default).isEmpty)
  }

  @Test func theFirstOwnerKeepsWhatTheHouseholdMarkedBeforeAccounts() throws {
    let fixture = try AccountsFixture(starterRecipes: true)
    let recipes = try fixture.larder.listRecipes(
      RecipeListRequest(sort: .name), as: .defaultHousehold)
    let first = try #require(recipes.items.first)
    try fixture.larder.patchRecipe(
      first.id,
      with: RecipePatch(json: Data(#"{"isFavorite": true, "rating": 4, "notes": "ours"}"#.utf8)),
      as: .defaultHousehold)
    let ana = try fixture.owner().caller
    let anas = try fixture.larder.recipe(first.id, as: ana)
    #expect(anas.isFavorite && anas.rating == 4 && anas.notes == "ours")
    let bo = try fixture.join("bo", role: .member, invitedBy: ana).caller
    let bos = try fixture.larder.recipe(first.id, as: bo)
    #expect(!bos.isFavorite && bos.rating == nil && bos.notes == nil)
    #expect(try fixture.larder.recipe(first.id, as: .defaultHousehold).isFavorite)
  }

  @Test func aViewerCannotMarkAndAReadOnlyTokenNeither() throws {
    let members = try TwoMembers()
    let soup = try members.add("Tomato Soup")
    let viewer = try members.fixture.join("cy", role: .viewer, invitedBy: members.ana).caller
    #expect(throws: ApplicationError.self) {
      try members.patch(soup, #"{"isFavorite": true}"#, as: viewer)
    }
    #expect(try members.larder.marks?.marks(user: viewer.user!, household: .default) == [])
  }
}
