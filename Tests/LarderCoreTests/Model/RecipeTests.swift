import Foundation
import LarderCore
import LarderTestSupport
import Testing

@Suite struct RecipeValidationTests {
  @Test func trimsTextAndEmptiesBlankFields() throws {
    let recipe = Recipe(
      name: "  Tomato Soup \n", description: "   ", author: " Ana Ruiz ", sourceURL: "",
      sourceID: " \t", notes: "  Add chilli.  ")
    let valid = try recipe.validated()
    #expect(valid.name == "Tomato Soup")
    #expect(valid.description == nil)
    #expect(valid.author == "Ana Ruiz")
    #expect(valid.sourceURL == nil)
    #expect(valid.sourceID == nil)
    #expect(valid.notes == "Add chilli.")
  }

  @Test(arguments: ["", "   ", "\n\t"])
  func rejectsARecipeWithoutAName(name: String) {
    #expect(throws: LarderCoreError.missingField(field: "name")) {
      try Recipe(name: name).validated()
    }
  }

  @Test func rejectsANameLongerThan500Characters() throws {
    #expect(try Recipe(name: String(repeating: "a", count: 500)).validated().name.count == 500)
    let error = #expect(throws: LarderCoreError.self) {
      try Recipe(name: String(repeating: "a", count: 501)).validated()
    }
    #expect(error?.field == "name")
  }

  @Test(arguments: [1, 3, 5])
  func acceptsRatingsFromOneToFive(rating: Int) throws {
    #expect(try Recipe(name: "Soup", rating: rating).validated().rating == rating)
  }

  @Test(arguments: [0, 6, -1, 10])
  func rejectsRatingsOutsideOneToFive(rating: Int) {
    let error = #expect(throws: LarderCoreError.self) {
      try Recipe(name: "Soup", rating: rating).validated()
    }
    #expect(error?.field == "rating")
    #expect(error?.description.contains("1 to 5") == true)
  }

  @Test(arguments: [0, -2, 100_000])
  func rejectsServingsThatAreNotAPositiveNumber(servings: Double) {
    let error = #expect(throws: LarderCoreError.self) {
      try Recipe(name: "Soup", yield: RecipeYield(servings: servings)).validated()
    }
    #expect(error?.field == "yield.servings")
  }

  @Test func dropsEmptyLinesAndSections() throws {
    let recipe = Recipe(
      name: "Cake",
      ingredientSections: [
        IngredientSection(
          title: "  ",
          lines: [
            IngredientLine(text: " 200 g flour "), IngredientLine(text: "   "),
            IngredientLine(text: "2 eggs"),
          ]),
        IngredientSection(title: "For the glaze", lines: [IngredientLine(text: "")]),
        IngredientSection(title: " To serve ", lines: [IngredientLine(text: "Cream")]),
      ],
      instructionSections: [
        InstructionSection(title: "Empty", steps: [InstructionStep(text: " \n ")]),
        InstructionSection(steps: [
          InstructionStep(text: " Mix. ", name: " "), InstructionStep(text: ""),
          InstructionStep(text: "Bake.", name: " Into the oven "),
        ]),
      ])
    let valid = try recipe.validated()
    #expect(
      valid.ingredientSections == [
        IngredientSection(
          lines: [IngredientLine(text: "200 g flour"), IngredientLine(text: "2 eggs")]),
        IngredientSection(title: "To serve", lines: [IngredientLine(text: "Cream")]),
      ])
    #expect(
      valid.instructionSections == [
        InstructionSection(steps: [
          InstructionStep(text: "Mix."), InstructionStep(text: "Bake.", name: "Into the oven"),
        ])
      ])
  }

  @Test func deduplicatesTagsIgnoringCaseAndKeepsTheFirstSpelling() throws {
    let recipe = Recipe(
      name: "Soup",
      images: ["https://x.example/a.jpg", "https://x.example/A.jpg", " https://x.example/a.jpg"],
      keywords: ["Quick", " quick ", "", "Vegan", "QUICK"], courses: ["Lunch", "lunch", "Dinner"],
      cuisines: [" Italian", "italian "], diets: [.vegetarian, .vegan, .vegetarian])
    let valid = try recipe.validated()
    #expect(valid.keywords == ["Quick", "Vegan"])
    #expect(valid.courses == ["Lunch", "Dinner"])
    #expect(valid.cuisines == ["Italian"])
    #expect(valid.diets == [.vegan, .vegetarian])
    // Image URLs are case-sensitive, so only the exact repeat goes.
    #expect(valid.images == ["https://x.example/a.jpg", "https://x.example/A.jpg"])
  }

  @Test func leavesAValidRecipeUnchanged() throws {
    let recipe = Fixtures.pancakes()
    #expect(try recipe.validated() == recipe)
  }
}

@Suite struct RecipeIdentityTests {
  @Test(arguments: [
    "https://example.com/recipes/pancakes",
    "HTTPS://Example.COM/recipes/pancakes",
    "https://example.com/recipes/pancakes/",
    "https://example.com/recipes/pancakes#recipe",
    "  https://EXAMPLE.com/recipes/pancakes/#comments\n",
  ])
  func recognisesTheSourcePageWrittenDifferently(url: String) {
    let recipe = Recipe(name: "Pancakes", sourceURL: url, sourceID: "ignored")
    #expect(recipe.identityKey == "url:https://example.com/recipes/pancakes")
  }

  @Test func keepsTheCaseOfTheSourcePagePath() {
    let recipe = Recipe(name: "Pancakes", sourceURL: "https://example.com/Recipes/Pancakes")
    #expect(recipe.identityKey == "url:https://example.com/Recipes/Pancakes")
  }

  @Test func usesTheSourceIdentifierWhenThereIsNoPage() {
    let recipe = Recipe(name: "Pancakes", sourceURL: "  ", sourceID: "urn:larder:42")
    #expect(recipe.identityKey == "id:urn:larder:42")
  }

  @Test func fingerprintsTheContentWhenThereIsNoIdentifier() {
    let recipe = Recipe(name: "Pancakes", sourceID: "")
    #expect(recipe.identityKey == "content:" + recipe.contentFingerprint)
  }

  @Test func fingerprintIsFNV1aOfTheText() {
    // Published FNV-1a 64-bit test vectors: the fingerprint must not drift between releases.
    #expect(Recipe(name: "").contentFingerprint == "cbf29ce484222325")
    #expect(Recipe(name: "a").contentFingerprint == "af63dc4c8601ec8c")
    #expect(Recipe(name: "foobar").contentFingerprint == "85944171f73967e8")
  }

  @Test func fingerprintIgnoresCaseAndSpacing() {
    let plain = Recipe(
      name: "Tomato Soup",
      ingredientSections: [
        IngredientSection(lines: [
          IngredientLine(text: "800 g canned tomatoes"), IngredientLine(text: "1 onion"),
        ])
      ])
    let messy = Recipe(
      name: "  TOMATO   soup ",
      ingredientSections: [
        IngredientSection(lines: [IngredientLine(text: "800 g\tCanned  Tomatoes ")]),
        IngredientSection(title: "Also", lines: [IngredientLine(text: " 1 ONION")]),
      ],
      instructionSections: [InstructionSection(steps: [InstructionStep(text: "Simmer.")])])
    #expect(plain.contentFingerprint == messy.contentFingerprint)
    #expect(plain.identityKey == messy.identityKey)
  }

  @Test func fingerprintChangesWithTheIngredients() {
    let soup = Recipe(
      name: "Soup", ingredientSections: [IngredientSection(lines: [IngredientLine(text: "leek")])])
    var other = soup
    other.ingredientSections[0].lines[0].text = "leeks"
    #expect(soup.contentFingerprint != other.contentFingerprint)
    // Moving a word from the name into the lines is a different recipe too.
    let moved = Recipe(
      name: "Soup leek", ingredientSections: [IngredientSection(lines: [])])
    #expect(soup.contentFingerprint != moved.contentFingerprint)
    #expect(soup.contentFingerprint.count == 16)
  }
}

@Suite struct RecipeTotalTimeTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var total: Int?
    var prep: Int?
    var cook: Int?
    var expected: Int?
    var testDescription: String {
      "total \(String(describing: total)), prep \(String(describing: prep)), "
        + "cook \(String(describing: cook))"
    }
  }

  @Test(arguments: [
    Case(total: 50, prep: 10, cook: 20, expected: 50),
    Case(total: nil, prep: 10, cook: 20, expected: 30),
    Case(total: 0, prep: 10, cook: 20, expected: 30),
    Case(total: nil, prep: 10, cook: nil, expected: 10),
    Case(total: nil, prep: nil, cook: 15, expected: 15),
    Case(total: 0, prep: nil, cook: nil, expected: 0),
    Case(total: nil, prep: nil, cook: nil, expected: nil),
  ])
  func isTheTotalGivenOrElsePrepPlusCook(example: Case) {
    let recipe = Recipe(
      name: "Soup", prepTime: example.prep.map(RecipeDuration.init(minutes:)),
      cookTime: example.cook.map(RecipeDuration.init(minutes:)),
      totalTime: example.total.map(RecipeDuration.init(minutes:)))
    #expect(recipe.effectiveTotalTime == example.expected.map(RecipeDuration.init(minutes:)))
  }
}

@Suite struct RecipeContentTests {
  @Test func listsLinesAndStepsAcrossSections() {
    let recipe = Fixtures.pancakes()
    #expect(
      recipe.ingredientLines.map(\.text) == [
        "2 cups plain flour", "2 eggs", "1 1/2 cups buttermilk", "Maple syrup",
      ])
    #expect(recipe.steps.count == 2)
  }

  @Test func importedContentLeavesOutWhatTheUserAndServerOwn() {
    var stored = Fixtures.pancakes()
    stored.id = RecipeID(rawValue: "abc")
    stored.householdID = HouseholdID(rawValue: "family")
    stored.rating = 5
    stored.isFavorite = true
    stored.notes = "Double it."
    stored.createdAt = Fixtures.now
    stored.updatedAt = Fixtures.now
    #expect(stored.importedContent == Fixtures.pancakes())
    #expect(stored.importedContent.name == "Buttermilk Pancakes")
  }

  @Test func recipeIDsAreLowercaseUUIDs() throws {
    let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    #expect(RecipeID(uuid).rawValue == "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
    #expect(RecipeID.unassigned.rawValue.isEmpty)
    #expect(HouseholdID.default.rawValue == "default")
  }

  @Test func nutritionListsItsEntriesInDisplayOrder() {
    var nutrition = Nutrition()
    #expect(nutrition.isEmpty)
    nutrition.set("proteinContent", to: "12 g")
    nutrition.set("calories", to: "240 kcal")
    nutrition.set("madeUpContent", to: "3 g")
    #expect(nutrition.entries.map(\.name) == ["calories", "proteinContent"])
    #expect(nutrition.entries.map(\.value) == ["240 kcal", "12 g"])
    #expect(!nutrition.isEmpty)
  }
}
