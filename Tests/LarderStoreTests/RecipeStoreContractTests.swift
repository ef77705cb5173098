import Foundation
import LarderCore
import LarderTestSupport
import Testing

/// The behaviour every RecipeStore must have, checked against each implementation.
@Suite struct RecipeStoreContractTests {
  let household = HouseholdID.default

  @Test(arguments: StoreKind.allCases)
  func createdRecipeReadsBackWithAssignedIdentity(kind: StoreKind) throws {
    let store = try kind.makeStore()
    let created = try store.createRecipe(
      Fixtures.pancakes(), household: household, now: Fixtures.now)
    #expect(created.id != .unassigned)
    #expect(created.createdAt == Fixtures.now)
    #expect(created.householdID == household)
    let read = try #require(try store.recipe(id: created.id, household: household))
    #expect(read == created)
    #expect(read.ingredientSections.count == 2)
    #expect(read.ingredientSections[1].title == "To serve")
    #expect(try store.recipeCount(household: household) == 1)
  }

  @Test(arguments: StoreKind.allCases)
  func unknownRecipeIsNil(kind: StoreKind) throws {
    let store = try kind.makeStore()
    #expect(try store.recipe(id: RecipeID(rawValue: "nope"), household: household) == nil)
  }

  @Test(arguments: StoreKind.allCases)
  func updateKeepsIdentityAndCreationDate(kind: StoreKind) throws {
    let store = try kind.makeStore()
    var recipe = try store.createRecipe(
      Fixtures.tomatoSoup(), household: household, now: Fixtures.now)
    recipe.name = "Roasted Tomato Soup"
    recipe.isFavorite = true
    let later = Fixtures.now.addingTimeInterval(60)
    let updated = try store.updateRecipe(recipe, household: household, now: later)
    #expect(updated.id == recipe.id)
    #expect(updated.createdAt == Fixtures.now)
    #expect(updated.updatedAt == later)
    let read = try #require(try store.recipe(id: recipe.id, household: household))
    #expect(read.name == "Roasted Tomato Soup")
    #expect(read.isFavorite)
    // The search index follows the new name.
    let page = try store.recipes(matching: RecipeQuery(text: "roasted"), household: household)
    #expect(page.items.map(\.id) == [recipe.id])
  }

  @Test(arguments: StoreKind.allCases)
  func updatingOrDeletingAMissingRecipeSaysSo(kind: StoreKind) throws {
    let store = try kind.makeStore()
    var ghost = Fixtures.tomatoSoup()
    ghost.id = RecipeID(rawValue: "ghost")
    #expect(throws: LarderCoreError.recipeNotFound(ghost.id)) {
      try store.updateRecipe(ghost, household: household, now: Fixtures.now)
    }
    #expect(throws: LarderCoreError.recipeNotFound(ghost.id)) {
      try store.deleteRecipe(id: ghost.id, household: household)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func deleteRemovesRecipeFromListsAndSearch(kind: StoreKind) throws {
    let store = try kind.makeStore()
    let soup = try store.createRecipe(
      Fixtures.tomatoSoup(), household: household, now: Fixtures.now)
    _ = try store.createRecipe(Fixtures.pancakes(), household: household, now: Fixtures.now)
    try store.deleteRecipe(id: soup.id, household: household)
    #expect(try store.recipe(id: soup.id, household: household) == nil)
    #expect(
      try store.recipes(matching: RecipeQuery(text: "tomato"), household: household).total == 0)
    #expect(try store.recipeCount(household: household) == 1)
  }

  @Test(arguments: StoreKind.allCases)
  func invalidRecipeIsRejectedWithTheField(kind: StoreKind) throws {
    let store = try kind.makeStore()
    var recipe = Fixtures.pancakes()
    recipe.rating = 9
    #expect(
      throws: LarderCoreError.invalidField(
        field: "rating", value: "9", reason: "must be a whole number from 1 to 5")
    ) {
      try store.createRecipe(recipe, household: household, now: Fixtures.now)
    }
    #expect(try store.recipeCount(household: household) == 0)
  }

  @Test(arguments: StoreKind.allCases)
  func listingPaginatesWithTotal(kind: StoreKind) throws {
    let store = try kind.makeStore()
    for index in 0..<25 {
      var recipe = Fixtures.tomatoSoup()
      recipe.name = String(format: "Soup %02d", index)
      _ = try store.createRecipe(
        recipe, household: household, now: Fixtures.now.addingTimeInterval(Double(index)))
    }
    let first = try store.recipes(matching: RecipeQuery(limit: 10), household: household)
    #expect(first.total == 25)
    #expect(first.items.map(\.name) == (0..<10).map { String(format: "Soup %02d", $0) })
    #expect(first.hasMore)
    let last = try store.recipes(matching: RecipeQuery(offset: 20, limit: 10), household: household)
    #expect(last.items.count == 5)
    #expect(!last.hasMore)
    let newest = try store.recipes(
      matching: RecipeQuery(sort: .newest, limit: 1), household: household)
    #expect(newest.items.first?.name == "Soup 24")
  }

  @Test(arguments: StoreKind.allCases)
  func sortsByTimeAndRating(kind: StoreKind) throws {
    let store = try kind.makeStore()
    var slow = Fixtures.cremeBrulee()
    slow.rating = 5
    _ = try store.createRecipe(slow, household: household, now: Fixtures.now)
    _ = try store.createRecipe(Fixtures.tomatoSoup(), household: household, now: Fixtures.now)
    let quickest = try store.recipes(matching: RecipeQuery(sort: .time), household: household)
    #expect(quickest.items.map(\.name) == ["Tomato Soup", "Crème brûlée (vegan)"])
    let best = try store.recipes(matching: RecipeQuery(sort: .rating), household: household)
    #expect(best.items.first?.name == "Crème brûlée (vegan)")
  }

  @Test(arguments: StoreKind.allCases)
  func searchMatchesPrefixesAccentsAndEveryField(kind: StoreKind) throws {
    let store = try kind.makeStore()
    let pancakes = try store.createRecipe(
      Fixtures.pancakes(), household: household, now: Fixtures.now)
    let creme = try store.createRecipe(
      Fixtures.cremeBrulee(), household: household, now: Fixtures.now)
    let soup = try store.createRecipe(
      Fixtures.tomatoSoup(), household: household, now: Fixtures.now)
    func ids(_ text: String) throws -> Set<RecipeID> {
      Set(
        try store.recipes(matching: RecipeQuery(text: text), household: household).items.map(\.id))
    }
    #expect(try ids("panc") == [pancakes.id])
    #expect(try ids("creme brulee") == [creme.id])
    #expect(try ids("CRÈME") == [creme.id])
    #expect(try ids("buttermilk") == [pancakes.id])  // ingredient
    #expect(try ids("brunch") == [pancakes.id])  // tag
    #expect(try ids("blend") == [soup.id])  // instruction
    #expect(try ids("fluffy") == [pancakes.id])  // description
    #expect(try ids("vegan") == [creme.id, soup.id])  // diet label
    #expect(try ids("tomato garlic") == [soup.id])  // every term must match
    #expect(try ids("tomato custard").isEmpty)
    #expect(try ids("\"*(OR") == [])  // query syntax in user text is inert
  }

  @Test(arguments: StoreKind.allCases)
  func searchRanksTitleMatchesFirst(kind: StoreKind) throws {
    let store = try kind.makeStore()
    var mentions = Fixtures.pancakes()
    mentions.name = "Weekend Breakfast"
    mentions.sourceURL = nil
    mentions.instructionSections[0].steps.append(InstructionStep(text: "Serve with tomato salsa."))
    _ = try store.createRecipe(mentions, household: household, now: Fixtures.now)
    _ = try store.createRecipe(Fixtures.tomatoSoup(), household: household, now: Fixtures.now)
    let page = try store.recipes(matching: RecipeQuery(text: "tomato"), household: household)
    #expect(page.items.map(\.name) == ["Tomato Soup", "Weekend Breakfast"])
  }

  @Test(arguments: StoreKind.allCases)
  func favoritesFilterKeepsOnlyFavorites(kind: StoreKind) throws {
    let store = try kind.makeStore()
    var favorite = Fixtures.pancakes()
    favorite.isFavorite = true
    _ = try store.createRecipe(favorite, household: household, now: Fixtures.now)
    _ = try store.createRecipe(Fixtures.tomatoSoup(), household: household, now: Fixtures.now)
    let page = try store.recipes(matching: RecipeQuery(favoritesOnly: true), household: household)
    #expect(page.items.map(\.name) == ["Buttermilk Pancakes"])
    #expect(page.total == 1)
  }

  @Test(arguments: StoreKind.allCases)
  func reimportRecognisesEarlierImportsAndKeepsUserData(kind: StoreKind) throws {
    let store = try kind.makeStore()
    let batch = [Fixtures.pancakes(), Fixtures.cremeBrulee(), Fixtures.tomatoSoup()]
    let first = try store.importRecipes(batch, household: household, now: Fixtures.now)
    #expect(first.map(\.label) == ["created", "created", "created"])

    let again = try store.importRecipes(batch, household: household, now: Fixtures.now)
    #expect(again.map(\.label) == ["unchanged", "unchanged", "unchanged"])
    #expect(again.map(\.recipeID) == first.map(\.recipeID))
    #expect(try store.recipeCount(household: household) == 3)

    // The user favourites the pancakes; then the source changes the description.
    var mine = try #require(try store.recipe(id: first[0].recipeID, household: household))
    mine.isFavorite = true
    mine.notes = "Use less sugar"
    _ = try store.updateRecipe(mine, household: household, now: Fixtures.now)
    var changed = Fixtures.pancakes()
    changed.description = "Even fluffier."
    let third = try store.importRecipes([changed], household: household, now: Fixtures.now)
    #expect(third == [.updated(first[0].recipeID)])
    let merged = try #require(try store.recipe(id: first[0].recipeID, household: household))
    #expect(merged.description == "Even fluffier.")
    #expect(merged.isFavorite)
    #expect(merged.notes == "Use less sugar")
    #expect(try store.recipeCount(household: household) == 3)
  }

  @Test(arguments: StoreKind.allCases)
  func reimportThatLeavesFieldsEmptyKeepsWhatWasStored(kind: StoreKind) throws {
    let store = try kind.makeStore()
    let first = try store.importRecipes(
      [Fixtures.pancakes()], household: household, now: Fixtures.now)
    // The same page read again, its second, empty node of the same name: only name and URL.
    let empty = Recipe(name: "Buttermilk Pancakes", sourceURL: "https://example.com/pancakes")
    let again = try store.importRecipes([empty], household: household, now: Fixtures.now)
    #expect(again == [.unchanged(first[0].recipeID)])
    let stored = try #require(try store.recipe(id: first[0].recipeID, household: household))
    #expect(stored.importedContent == (try Fixtures.pancakes().validated()).importedContent)

    // A real change still applies, and what it leaves empty is kept.
    var changed = Recipe(name: "Buttermilk Pancakes", sourceURL: "https://example.com/pancakes")
    changed.description = "Even fluffier."
    changed.ingredientSections = [IngredientSection(lines: [IngredientLine(text: "3 eggs")])]
    let third = try store.importRecipes([changed], household: household, now: Fixtures.now)
    #expect(third == [.updated(first[0].recipeID)])
    let updated = try #require(try store.recipe(id: first[0].recipeID, household: household))
    #expect(updated.description == "Even fluffier.")
    #expect(updated.ingredientLines.map(\.text) == ["3 eggs"])
    #expect(updated.steps == Fixtures.pancakes().steps)
    #expect(updated.images == Fixtures.pancakes().images)
    #expect(updated.prepTime == Fixtures.pancakes().prepTime)
    #expect(updated.diets == [.vegetarian])
    #expect(
      try store.recipes(matching: RecipeQuery(text: "ladlefuls"), household: household).total == 1)
  }

  @Test(arguments: StoreKind.allCases)
  func importWithAnInvalidRecipeStoresNothing(kind: StoreKind) throws {
    let store = try kind.makeStore()
    var bad = Fixtures.tomatoSoup()
    bad.name = "   "
    #expect(throws: LarderCoreError.missingField(field: "name")) {
      try store.importRecipes([Fixtures.pancakes(), bad], household: household, now: Fixtures.now)
    }
    #expect(try store.recipeCount(household: household) == 0)
  }

  @Test(arguments: StoreKind.allCases)
  func foodProfilesFollowTheAnalysedLines(kind: StoreKind) throws {
    let store = try kind.makeStore()
    var recipe = Fixtures.tomatoSoup()
    recipe.ingredientSections = [
      IngredientSection(lines: [
        IngredientLine(
          text: "800 g canned tomatoes",
          facts: IngredientFacts(
            quantity: 800, unit: "g", name: "canned tomatoes", foodID: "tomato")),
        IngredientLine(
          text: "Salt, to taste",
          facts: IngredientFacts(name: "salt", isOptional: true, foodID: "salt")),
        IngredientLine(
          text: "1 mystery thing", facts: IngredientFacts(quantity: 1, name: "mystery thing")),
        IngredientLine(text: "2 cloves garlic"),
        IngredientLine(
          text: "Tomato, to garnish",
          facts: IngredientFacts(name: "tomato", isOptional: true, foodID: "tomato")),
        IngredientLine(
          text: "Basil, to serve", facts: IngredientFacts(name: "basil", isOptional: true)),
      ])
    ]
    let created = try store.createRecipe(recipe, household: .default, now: Fixtures.now)
    let profile = try #require(try store.foodProfiles(household: .default).first)
    #expect(profile.summary.id == created.id)
    #expect(profile.requiredFoods == ["tomato"])  // a required line wins over an optional one
    #expect(profile.optionalFoods == ["salt"])
    #expect(profile.unmatchedLines == 2)  // the mystery line and the never-analysed one

    var edited = created
    edited.ingredientSections[0].lines.removeSubrange(2...3)
    _ = try store.updateRecipe(edited, household: .default, now: Fixtures.now)
    #expect(try store.foodProfiles(household: .default).first?.unmatchedLines == 0)

    try store.deleteRecipe(id: created.id, household: .default)
    #expect(try store.foodProfiles(household: .default).isEmpty)
  }

  @Test(arguments: StoreKind.allCases)
  func foodProfilesKeepAmountsAndLinesOfAlternatives(kind: StoreKind) throws {
    let store = try kind.makeStore()
    var recipe = Fixtures.tomatoSoup()
    recipe.ingredientSections = [
      IngredientSection(lines: [
        IngredientLine(
          text: "4 eggs", facts: IngredientFacts(quantity: 4, name: "eggs", foodID: "egg")),
        IngredientLine(
          text: "2 egg yolks", facts: IngredientFacts(quantity: 2, name: "eggs", foodID: "egg")),
        IngredientLine(
          text: "1 cup flour",
          facts: IngredientFacts(quantity: 1, unit: "cup", name: "flour", foodID: "flour")),
        IngredientLine(
          text: "100 g flour",
          facts: IngredientFacts(quantity: 100, unit: "g", name: "flour", foodID: "flour")),
        IngredientLine(
          text: "2-3 tbsp milk",
          facts: IngredientFacts(
            quantity: 2, quantityMax: 3, unit: "tbsp", name: "milk", foodID: "milk")),
        IngredientLine(text: "onion", facts: IngredientFacts(name: "onion", foodID: "onion")),
        IngredientLine(
          text: "a handful of parsley or coriander",
          facts: IngredientFacts(
            name: "parsley", foodID: "parsley", alternativeFoodIDs: ["coriander"])),
        IngredientLine(
          text: "mint or basil, to serve",
          facts: IngredientFacts(
            name: "mint", isOptional: true, foodID: "mint", alternativeFoodIDs: ["basil"])),
      ])
    ]
    _ = try store.createRecipe(recipe, household: .default, now: Fixtures.now)
    let profile = try #require(try store.foodProfiles(household: .default).first)
    #expect(profile.requiredFoods == ["egg", "flour", "milk", "onion"])
    #expect(profile.alternatives == [["parsley", "coriander"]])
    #expect(profile.optionalFoods == ["basil", "mint"])
    // Eggs add up; flour in cups and grams does not without a density; onion has no amount.
    #expect(
      profile.amounts == [
        "egg": Measure(quantity: 6, unit: nil),
        "milk": try Measure(quantity: 2, quantityMax: 3, unitID: "tbsp"),
      ])
    #expect(profile.unmatchedLines == 0)
  }

  @Test(arguments: StoreKind.allCases)
  func onlyIDsRestrictsListsAndSearchesToThoseRecipes(kind: StoreKind) throws {
    let store = try kind.makeStore()
    let soup = try store.createRecipe(
      Fixtures.tomatoSoup(), household: household, now: Fixtures.now)
    let pancakes = try store.createRecipe(
      Fixtures.pancakes(), household: household, now: Fixtures.now)
    var brulee = Fixtures.cremeBrulee()
    brulee.isFavorite = true
    _ = try store.createRecipe(brulee, household: household, now: Fixtures.now)
    let chosen: Set<RecipeID> = [soup.id, pancakes.id, RecipeID(rawValue: "not-a-recipe")]
    let listed = try store.recipes(
      matching: RecipeQuery(onlyIDs: chosen, sort: .name), household: household)
    #expect(listed.total == 2)
    #expect(Set(listed.items.map(\.id)) == [soup.id, pancakes.id])
    for sort in [RecipeSort.relevance, .name] {
      let searched = try store.recipes(
        matching: RecipeQuery(text: "tomato", onlyIDs: chosen, sort: sort), household: household)
      #expect(searched.items.map(\.id) == [soup.id], "\(sort)")
      #expect(searched.total == 1)
    }
    let none = try store.recipes(
      matching: RecipeQuery(text: "tomato", onlyIDs: [pancakes.id]), household: household)
    #expect(none.total == 0 && none.items.isEmpty)
    #expect(try store.recipes(matching: RecipeQuery(onlyIDs: []), household: household).total == 0)
    // With the recipes' own favourite filter too, both must hold.
    let both = try store.recipes(
      matching: RecipeQuery(favoritesOnly: true, onlyIDs: chosen), household: household)
    #expect(both.total == 0)
    // Another household's recipe is not listed, even by its ID.
    let elsewhere = try store.recipes(
      matching: RecipeQuery(onlyIDs: chosen), household: HouseholdID(rawValue: "other"))
    #expect(elsewhere.total == 0)
  }
}
