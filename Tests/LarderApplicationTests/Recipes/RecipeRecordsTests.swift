import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// One recipe read, written and deleted through the Larder, the same for the API and the CLI.
@Suite struct RecipeRecordsTests {
  let store = InMemoryRecipeStore()
  var larder: Larder { Larder(recipes: store, clock: { Fixtures.now }) }
  let caller = Caller.defaultHousehold

  @Test func aCreatedRecipeIsReadBackByItsID() throws {
    let created = try larder.createRecipe(Fixtures.pancakes(), as: caller)
    #expect(created.id != .unassigned)
    #expect(created.createdAt == Fixtures.now)
    #expect(try larder.recipe(created.id, as: caller).name == "Buttermilk Pancakes")
  }

  @Test func aMissingRecipeIsNotFoundNamingTheID() {
    #expect(throws: ApplicationError.notFound(.recipe, id: "nope")) {
      try larder.recipe(RecipeID(rawValue: "nope"), as: caller)
    }
    #expect(throws: ApplicationError.notFound(.recipe, id: "nope")) {
      try larder.deleteRecipe(RecipeID(rawValue: "nope"), as: caller)
    }
  }

  @Test func anotherHouseholdsRecipeIsNotFound() throws {
    let created = try larder.createRecipe(Fixtures.pancakes(), as: caller)
    let neighbour = Caller(household: HouseholdID(rawValue: "next-door"))
    #expect(throws: ApplicationError.notFound(.recipe, id: created.id.rawValue)) {
      try larder.recipe(created.id, as: neighbour)
    }
  }

  @Test func replacingKeepsTheIDAndCreationDate() throws {
    let created = try larder.createRecipe(Fixtures.pancakes(), as: caller)
    var changed = Fixtures.tomatoSoup()
    changed.id = RecipeID(rawValue: "ignored")
    let replaced = try larder.replaceRecipe(created.id, with: changed, as: caller)
    #expect(replaced.id == created.id)
    #expect(replaced.name == Fixtures.tomatoSoup().name)
    #expect(replaced.createdAt == created.createdAt)
  }

  @Test func aPatchChangesOnlyTheFieldsItNames() throws {
    let created = try larder.createRecipe(Fixtures.pancakes(), as: caller)
    let patch = try RecipePatch(json: Data(#"{"isFavorite": true, "description": null}"#.utf8))
    let patched = try larder.patchRecipe(created.id, with: patch, as: caller)
    #expect(patched.isFavorite)
    #expect(patched.description == nil)
    #expect(patched.name == created.name)
    #expect(patched.ingredientLines.map(\.text) == created.ingredientLines.map(\.text))
  }

  @Test func aPatchOfIngredientsReplacesTheSections() throws {
    let created = try larder.createRecipe(Fixtures.pancakes(), as: caller)
    let patch = try RecipePatch(json: Data(#"{"ingredients": ["1 egg"]}"#.utf8))
    let patched = try larder.patchRecipe(created.id, with: patch, as: caller)
    #expect(patched.ingredientLines.map(\.text) == ["1 egg"])
  }

  @Test(arguments: [
    ("[1, 2]", ApplicationError.malformedBody(detail: "expected a JSON object")),
    ("{", ApplicationError.malformedBody(detail: "the body is not a JSON object")),
    ("", ApplicationError.emptyBody(.json)),
    (
      #"{"isFavourite": true}"#,
      ApplicationError.unknownField(
        Field("isFavourite", location: .body), allowed: Recipe.fieldNames)
    ),
  ])
  func aPatchMustBeAJSONObject(body: String, error: ApplicationError) {
    #expect(throws: error) { try RecipePatch(json: Data(body.utf8)) }
  }

  @Test func aPatchWithAWrongValueNamesTheField() throws {
    let created = try larder.createRecipe(Fixtures.pancakes(), as: caller)
    let patch = try RecipePatch(json: Data(#"{"rating": 9}"#.utf8))
    do {
      _ = try larder.patchRecipe(created.id, with: patch, as: caller)
      Issue.record("a rating of 9 was accepted")
    } catch let error as ApplicationError {
      #expect(error.isAboutAField)
      #expect(error.message(naming: .api(defaultLocation: .body)).contains("field 'rating'"))
    }
  }

  @Test func deletingRemovesTheRecipe() throws {
    let created = try larder.createRecipe(Fixtures.pancakes(), as: caller)
    try larder.deleteRecipe(created.id, as: caller)
    #expect(try store.recipeCount(household: .default) == 0)
  }

  @Test func jsonLDIsTheSchemaOrgDocument() throws {
    let created = try larder.createRecipe(Fixtures.pancakes(), as: caller)
    let document = try larder.recipeJSONLD(created.id, as: caller)
    let read = try SchemaOrg.readRecipes(from: document)
    #expect(read.count == 1)
    #expect((try? read.first?.result.get())?.name == "Buttermilk Pancakes")
  }

  @Test func healthCountsTheHouseholdsRecipes() throws {
    _ = try larder.createRecipe(Fixtures.pancakes(), as: caller)
    _ = try larder.createRecipe(Fixtures.tomatoSoup(), as: caller)
    #expect(try larder.health(as: caller) == Health(status: "ok", recipes: 2))
    let json = String(decoding: try LarderJSON.encode(try larder.health(as: caller)), as: UTF8.self)
    #expect(json == #"{"recipes":2,"status":"ok"}"#)
  }

  @Test func exportingEverythingListsRecipesByName() throws {
    _ = try larder.createRecipe(Fixtures.tomatoSoup(), as: caller)
    _ = try larder.createRecipe(Fixtures.pancakes(), as: caller)
    let names = try larder.recipesToExport([], as: caller).map(\.name)
    #expect(names == names.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending })
    #expect(names.count == 2)
  }

  @Test func exportingSomeResolvesEachIDInTheOrderGiven() throws {
    let soup = try larder.createRecipe(Fixtures.tomatoSoup(), as: caller)
    let pancakes = try larder.createRecipe(Fixtures.pancakes(), as: caller)
    let ids = [pancakes.id.rawValue, soup.id.rawValue]
    #expect(try larder.recipesToExport(ids, as: caller).map(\.id) == [pancakes.id, soup.id])
    #expect(throws: ApplicationError.notFound(.recipe, id: "missing")) {
      try larder.recipesToExport([soup.id.rawValue, "missing"], as: caller)
    }
  }
}

/// A recipe named by its ID or a unique start of it.
@Suite struct ResolvingRecipesTests {
  @Test func aFullIDOrAUniqueStartFindsTheRecipe() throws {
    let larder = Larder(recipes: InMemoryRecipeStore())
    let created = try larder.createRecipe(Fixtures.pancakes(), as: .defaultHousehold)
    let id = created.id.rawValue
    #expect(try larder.resolveRecipe(id, as: .defaultHousehold).id == created.id)
    #expect(try larder.resolveRecipe(String(id.prefix(6)), as: .defaultHousehold).id == created.id)
    #expect(
      try larder.resolveRecipe(String(id.prefix(6)).uppercased(), as: .defaultHousehold).id
        == created.id)
  }

  @Test func aStartShorterThanFourCharactersIsNotLookedUp() throws {
    let larder = Larder(recipes: InMemoryRecipeStore())
    let created = try larder.createRecipe(Fixtures.pancakes(), as: .defaultHousehold)
    let start = String(created.id.rawValue.prefix(3))
    #expect(throws: ApplicationError.notFound(.recipe, id: start)) {
      try larder.resolveRecipe(start, as: .defaultHousehold)
    }
  }

  @Test func aStartSharedByTwoRecipesIsAmbiguous() throws {
    let store = InMemoryRecipeStore()
    let larder = Larder(recipes: store)
    var count = 0
    // Create until two IDs share their first four characters (65,536 starts: the birthday
    // bound says a few hundred recipes do).
    var byStart: [String: RecipeID] = [:]
    var shared: String?
    while shared == nil {
      var recipe = Fixtures.pancakes()
      recipe.sourceURL = nil
      recipe.name = "Loaf \(count)"
      count += 1
      let id = try larder.createRecipe(recipe, as: .defaultHousehold).id
      let start = String(id.rawValue.prefix(4))
      if byStart[start] != nil { shared = start } else { byStart[start] = id }
    }
    let start = try #require(shared)
    #expect(throws: ApplicationError.ambiguousID(.recipe, id: start, matches: 2)) {
      try larder.resolveRecipe(start, as: .defaultHousehold)
    }
    let message = ApplicationError.ambiguousID(.recipe, id: start, matches: 2)
      .message(naming: .commandLine(options: [:]))
    #expect(message == "'\(start)' matches 2 recipes; give more of the ID")
  }
}
