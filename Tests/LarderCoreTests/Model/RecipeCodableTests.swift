import Foundation
import LarderCore
import LarderTestSupport
import Testing

@Suite struct RecipeCodableTests {
  /// A recipe with every field set, as the store would hand it out.
  static func storedRecipe() throws -> Recipe {
    var recipe = Fixtures.pancakes()
    recipe.id = RecipeID(try #require(UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")))
    recipe.householdID = HouseholdID(rawValue: "family")
    recipe.sourceID = "https://example.com/pancakes#recipe"
    recipe.totalTime = RecipeDuration(seconds: 35 * 60 + 30)
    recipe.diets = [.nutFree, .vegetarian]
    var nutrition = Nutrition()
    nutrition.calories = "410 kcal"
    nutrition.proteinContent = "12 g"
    recipe.nutrition = nutrition
    recipe.sourceRating = AggregateRating(value: 4.5, count: 87, best: 5)
    recipe.instructionSections[0].steps[1].name = "Cook"
    recipe.rating = 4
    recipe.isFavorite = true
    recipe.notes = "Half the sugar."
    recipe.createdAt = Fixtures.now
    recipe.updatedAt = Fixtures.now.addingTimeInterval(3600)
    return recipe
  }

  @Test func roundTripsThroughJSON() throws {
    let recipe = try Self.storedRecipe()
    let data = try LarderJSON.encode(recipe)
    #expect(try LarderJSON.decode(Recipe.self, from: data) == recipe)
    let pretty = try LarderJSON.encode(recipe, pretty: true)
    #expect(try LarderJSON.decode(Recipe.self, from: pretty) == recipe)
  }

  @Test func writesDurationsDatesAndDietsReadably() throws {
    let json = String(decoding: try LarderJSON.encode(Self.storedRecipe()), as: UTF8.self)
    #expect(json.contains(#""prepTime":"PT10M""#))
    #expect(json.contains(#""totalTime":"PT35M30S""#))
    #expect(json.contains(#""createdAt":"2026-09-21T"#))
    #expect(json.contains(#""diets":["nut-free","vegetarian"]"#))
    #expect(json.contains(#""sourceURL":"https://example.com/pancakes""#))
    // Keys are sorted, so the same recipe always encodes to the same bytes.
    #expect(json.hasPrefix(#"{"author":"Larder Kitchen","cookTime":"PT20M""#))
  }

  @Test func leavesOutAbsentOptionals() throws {
    let json = String(decoding: try LarderJSON.encode(Recipe(name: "Toast")), as: UTF8.self)
    #expect(!json.contains("description"))
    #expect(!json.contains("rating"))
    #expect(json.contains(#""name":"Toast""#))
  }

  @Test func needsOnlyAName() throws {
    let recipe = try decodeRecipe(#"{"name": "Toast"}"#)
    #expect(recipe == Recipe(name: "Toast"))
    #expect(recipe.id == .unassigned)
    #expect(recipe.householdID == .default)
    #expect(recipe.createdAt == Date(timeIntervalSince1970: 0))
  }

  @Test func acceptsFlatListsOfIngredientsAndSteps() throws {
    let recipe = try decodeRecipe(
      #"""
      {"name": "Toast", "ingredients": ["2 slices bread", "butter"],
       "steps": ["Toast the bread.", "Butter it."]}
      """#)
    #expect(
      recipe.ingredientSections == [
        IngredientSection(lines: [
          IngredientLine(text: "2 slices bread"), IngredientLine(text: "butter"),
        ])
      ])
    #expect(recipe.steps.map(\.text) == ["Toast the bread.", "Butter it."])
  }

  @Test func prefersSectionsOverTheFlatShorthand() throws {
    let recipe = try decodeRecipe(
      #"""
      {"name": "Toast", "ingredients": ["ignored"],
       "ingredientSections": [{"title": "Bread", "lines": [{"text": "2 slices bread"}]}]}
      """#)
    #expect(recipe.ingredientSections.map(\.title) == ["Bread"])
    #expect(recipe.ingredientLines.map(\.text) == ["2 slices bread"])
  }

  @Test func readsLenientValuesForTimesAndDiets() throws {
    let recipe = try decodeRecipe(
      #"""
      {"name": "Salad", "prepTime": "20 minutes", "cookTime": 5, "totalTime": null,
       "diets": ["Vegan", "GlutenFreeDiet"], "yield": {"servings": 2}, "rating": null}
      """#)
    #expect(recipe.prepTime == RecipeDuration(minutes: 20))
    #expect(recipe.cookTime == RecipeDuration(minutes: 5))
    #expect(recipe.totalTime == nil)
    #expect(recipe.diets == [.vegan, .glutenFree])
    #expect(recipe.yield == RecipeYield(servings: 2))
    #expect(recipe.rating == nil)
  }

  @Test(arguments: [
    (#"{"name": 3}"#, "name"),
    (#"{"name": null}"#, "name"),
    (#"{"name": "x", "rating": "five"}"#, "rating"),
    (#"{"name": "x", "rating": 4.5}"#, "rating"),
    (#"{"name": "x", "prepTime": "soon"}"#, "prepTime"),
    (#"{"name": "x", "isFavorite": "yes"}"#, "isFavorite"),
    (#"{"name": "x", "createdAt": "yesterday"}"#, "createdAt"),
    (#"{"name": "x", "ingredients": "flour"}"#, "ingredients"),
    (#"{"name": "x", "keywords": ["soup", 2]}"#, "keywords[1]"),
    (#"{"name": "x", "yield": {"servings": "four"}}"#, "yield.servings"),
    (#"{"name": "x", "sourceRating": {"value": 4, "count": 2.5, "best": 5}}"#, "sourceRating"),
    (
      #"{"name": "x", "ingredientSections": [{"lines": [{"text": "a"}, {"text": 5}]}]}"#,
      "ingredientSections[0].lines[1].text"
    ),
  ])
  func namesTheFieldPathOfAWrongType(json: String, field: String) {
    let error = #expect(throws: LarderCoreError.self) { try decodeRecipe(json) }
    #expect(error?.field == field)
    #expect(error?.description.hasPrefix("field '\(field)'") == true)
  }

  @Test func explainsWhatAWholeNumberOrADateShouldLookLike() {
    let rating = #expect(throws: LarderCoreError.self) {
      try decodeRecipe(#"{"name": "x", "rating": 4.5}"#)
    }
    #expect(rating?.description == "field 'rating': expected a whole number")
    let date = #expect(throws: LarderCoreError.self) {
      try decodeRecipe(#"{"name": "x", "createdAt": "last Tuesday"}"#)
    }
    #expect(
      date?.description
        == "field 'createdAt': expected an ISO-8601 date such as 2025-01-31T18:00:00Z")
  }

  @Test func namesTheItemOfABatchInThePath() {
    let error = #expect(throws: LarderCoreError.self) {
      try LarderJSON.decode(
        [Recipe].self, from: Data(#"[{"name": "a"}, {"name": "b", "rating": 4.5}]"#.utf8))
    }
    #expect(error?.field == "[1].rating")
  }

  @Test(arguments: [
    (#"{}"#, "name"),
    (#"{"description": "no title"}"#, "name"),
    (#"{"name": "x", "instructionSections": [{"title": "Bake"}]}"#, "instructionSections[0].steps"),
  ])
  func namesTheMissingField(json: String, field: String) {
    #expect(throws: LarderCoreError.missingField(field: field)) { try decodeRecipe(json) }
  }

  @Test(arguments: [#"{"name": "#, "", "not json", #"{"name": "x" "rating": 4}"#])
  func saysWhenTheTextIsNotJSON(json: String) {
    let error = #expect(throws: LarderCoreError.self) { try decodeRecipe(json) }
    #expect(error?.isInvalidJSON == true)
    #expect(error?.description.hasPrefix("not valid JSON") == true)
  }
}
