import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// Kinds, alternatives, amounts and recipes the finder cannot judge, as every front end sees
/// them: the finder's answer, a recipe's marks, the shopping list and cooking deductions all
/// follow the same rule.
@Suite struct KitchenSenseAnswerTests {
  static let herbSalad = PlanningLarder.recipe(
    "Herb Salad", ["20 g fresh parsley or coriander, chopped", "3 tomatoes"])
  static let pilaf = PlanningLarder.recipe("Basmati Pilaf", ["1 cup basmati rice", "1 onion"])
  static let omelette = PlanningLarder.recipe("Big Omelette", ["6 eggs", "20 g butter"])
  static let empty = PlanningLarder.recipe("Grandma's Secret", [])

  func app() throws -> PlanningLarder {
    try PlanningLarder(recipes: [Self.herbSalad, Self.pilaf, Self.omelette, Self.empty])
  }

  func item(_ answer: FinderAnswer, _ name: String) -> FinderAnswer.Item? {
    answer.items.first { $0.recipe.name == name }
  }

  @Test func aLineOfAlternativesIsMetByTheOneAtHandAndSaysWhich() throws {
    let app = try app()
    let answer = try app.larder.findRecipes(
      FinderRequest(have: ["coriander", "tomatoes"]), as: app.caller)
    let salad = try #require(item(answer, "Herb Salad"))
    #expect(salad.missingCount == 0)
    #expect(salad.choices.map { $0.foods.map(\.id) } == [["parsley", "coriander"]])
    #expect(salad.choices.first?.chosen?.id == "coriander")
  }

  @Test func aPlainFoodStandsForTheKindTheRecipeNamesUnlessTheCookSaysOnly() throws {
    let app = try app()
    let answer = try app.larder.findRecipes(
      FinderRequest(have: ["rice", "onion"]), as: app.caller)
    let pilaf = try #require(item(answer, "Basmati Pilaf"))
    #expect(pilaf.missingCount == 0)
    #expect(pilaf.kindMatches.map(\.food.id) == ["basmati-rice"])
    #expect(pilaf.kindMatches.first?.text == "you have rice — the recipe asks for basmati rice")
    #expect(answer.pantry.map(\.food.id) == ["rice", "onion"])

    // A recipe's marks follow the same rule.
    let marks = try app.larder.recipeLines(
      app.id("Basmati Pilaf"), RecipeLinesRequest(have: ["only rice", "onion"]), as: app.caller)
    #expect(marks.sections.first?.lines.first?.status == .missing)
    let plainMarks = try app.larder.recipeLines(
      app.id("Basmati Pilaf"), RecipeLinesRequest(have: ["rice", "onion"]), as: app.caller)
    #expect(plainMarks.sections.first?.lines.first?.status == .have)

    let only = try app.larder.findRecipes(
      FinderRequest(have: ["only rice", "onion"], missing: 1), as: app.caller)
    let strict = try #require(item(only, "Basmati Pilaf"))
    #expect(strict.missing.map(\.id) == ["basmati-rice"])
    #expect(only.pantry.map(\.food.id) == ["rice", "onion"])
  }

  /// The recipe page marks its lines against the stored pantry: each item's kinds must come
  /// along, or "only rice" would mark basmati as had while the finder says it is missing.
  @Test func aRecipesMarksOverTheStoredPantryAgreeWithTheFinderOnKinds() throws {
    let crunch = PlanningLarder.recipe("Rice Crunch", ["2 cups puffed rice", "1 onion"])
    let app = try PlanningLarder(recipes: [Self.pilaf, crunch])
    func marks(_ name: String) throws -> [RecipeLines.Status?] {
      try app.larder.recipeLines(app.id(name), RecipeLinesRequest(pantry: .stored), as: app.caller)
        .sections.flatMap { $0.lines.map(\.status) }
    }
    func missing(_ name: String) throws -> [String]? {
      try app.larder.findRecipes(FinderRequest(missing: 2), as: app.caller).items
        .first { $0.recipe.name == name }?.missing.map(\.id)
    }
    // No stored pantry: no marks, as the finder offers nothing.
    #expect(try marks("Basmati Pilaf") == [nil, nil])
    #expect(try missing("Basmati Pilaf") == nil)

    // "Only rice" is not basmati rice, for the finder and the marks alike.
    let only = try app.stock("only rice", "onion")
    #expect(only.first?.item.kinds == .only)
    #expect(try missing("Basmati Pilaf") == ["basmati-rice"])
    #expect(try marks("Basmati Pilaf") == [.missing, .have])
    let counts = try app.larder.recipeLines(
      app.id("Basmati Pilaf"), RecipeLinesRequest(pantry: .stored), as: app.caller)
    #expect(counts.have == 1)
    #expect(counts.needed == 2)
    // The request's own `have` still wins over the stored pantry.
    let given = try app.larder.recipeLines(
      app.id("Basmati Pilaf"), RecipeLinesRequest(have: ["rice", "onion"], pantry: .stored),
      as: app.caller)
    #expect(given.sections.first?.lines.first?.status == .have)

    // "Any rice" gives puffed rice, which plain rice does not.
    #expect(try missing("Rice Crunch") == ["puffed-rice"])
    #expect(try marks("Rice Crunch") == [.missing, .have])
    _ = try app.larder.removePantryItems([only[0].item.id.rawValue], as: app.caller)
    #expect(try app.stock("any rice").first?.item.kinds == .any)
    #expect(try missing("Rice Crunch") == [])
    #expect(try marks("Rice Crunch") == [.have, .have])
  }

  @Test func tooLittleOfAStoredFoodIsPartlyMissingAndSaysHowMuch() throws {
    let app = try app()
    try app.stock("2 eggs", "250 g butter")
    let answer = try app.larder.findRecipes(FinderRequest(missing: 1), as: app.caller)
    #expect(answer.pantrySource == .stored)
    let omelette = try #require(item(answer, "Big Omelette"))
    #expect(omelette.missingCount == 1)
    #expect(omelette.shortfalls.map(\.food.id) == ["egg"])
    #expect(omelette.shortfalls.first?.text == "need 6 eggs, have 2")
    #expect(omelette.shortfalls.first?.have == Measure(quantity: 2, unit: nil))

    // The recipe's marks agree, and say the same; at twice the servings the need doubles.
    func marks(_ servings: Double? = nil) throws -> [RecipeLines.Line] {
      try app.larder.recipeLines(
        app.id("Big Omelette"), RecipeLinesRequest(servings: servings, pantry: .stored),
        as: app.caller
      ).sections.flatMap(\.lines)
    }
    #expect(try marks().map(\.status) == [.missing, .have])
    #expect(try marks().first?.shortfall == "need 6 eggs, have 2")
    #expect(try marks().last?.shortfall == nil)

    try app.stock("4 eggs")
    let enough = try app.larder.findRecipes(FinderRequest(), as: app.caller)
    #expect(item(enough, "Big Omelette")?.shortfalls.isEmpty == true)
    #expect(try marks().map(\.status) == [.have, .have])
    #expect(try marks(4).map(\.status) == [.missing, .have])
    #expect(try marks(4).first?.shortfall == "need 12 eggs, have 6")
    // A `have` list says no amounts: nothing is short.
    let listed = try app.larder.recipeLines(
      app.id("Big Omelette"), RecipeLinesRequest(servings: 4, have: ["eggs", "butter"]),
      as: app.caller)
    #expect(listed.sections.flatMap(\.lines).map(\.status) == [.have, .have])
  }

  @Test func aRecipeWithoutReadableIngredientsIsCountedNotOffered() throws {
    let app = try app()
    let answer = try app.larder.findRecipes(
      FinderRequest(have: ["tomatoes"], missing: 2), as: app.caller)
    #expect(item(answer, "Grandma's Secret") == nil)
    #expect(answer.unjudged.noIngredients == 1)
    #expect(answer.unjudged.total == 1)
    #expect(answer.unjudged.text?.contains("1 recipe with no ingredients") == true)
    let json = try jsonObject(answer)
    let unjudged = try #require(json["unjudged"] as? [String: Any])
    #expect(unjudged["noIngredients"] as? Int == 1)
  }

  @Test func theShoppingListAndCookingTakeTheAlternativeAtHand() throws {
    let app = try app()
    func shopping() throws -> [String] {
      try app.larder.generateShoppingList(
        ShoppingListGeneration(recipes: [ShoppingPortion(recipe: app.id("Herb Salad"))]),
        as: app.caller
      ).list.groups.flatMap { $0.items.map(\.item.name) }
    }
    // Without either herb the list asks for the line's own food.
    #expect(try shopping().contains("parsley"))
    let coriander = try #require(try app.stock("50 g coriander").first)
    let names = try shopping()
    #expect(!names.contains("parsley"))
    #expect(!names.contains("coriander"))
    #expect(names.contains { $0.hasPrefix("tomato") })

    let deduction = try app.larder.previewDeduction(
      DeductionPreviewRequest(recipe: app.id("Herb Salad")), as: app.caller)
    let change = try #require(deduction.changes.first { $0.change.itemID == coriander.item.id })
    #expect(change.change.used == (try Measure(quantity: 20, unitID: "g")))

    let lines = try app.larder.recipeLines(
      app.id("Herb Salad"), RecipeLinesRequest(have: ["coriander"]), as: app.caller)
    let herbs = try #require(lines.sections.first?.lines.first)
    #expect(herbs.status == .have)
    #expect(lines.have == 1)
  }

  @Test func aPantryItemSaysHowFarItStandsForItsKinds() throws {
    let app = try app()
    let any = try #require(try app.stock("any rice").first)
    #expect(any.item.foodID == "rice")
    #expect(any.item.kinds == .any)
    let plain = try #require(try app.stock("1 kg rice").first)
    #expect(plain.item.kinds == .everyday)
    // "Only" before an amount is a small amount, not a kind.
    let little = try #require(try app.stock("only 200 g rice").first)
    #expect(little.item.kinds == .everyday)
    #expect(little.item.amount == (try Measure(quantity: 200, unitID: "g")))
    let changed = try app.larder.editPantryItem(
      id: plain.item.id.rawValue, PantryItemChange(kinds: .only), as: app.caller)
    #expect(changed.item.kinds == .only)
    #expect(try jsonObject(changed)["kinds"] as? String == "only")

    let bad = #expect(throws: ApplicationError.self) {
      try PantryItemChange.decode(json: Data(#"{"kinds": "most"}"#.utf8))
    }
    guard case .invalidValue(let field, let value, let expected) = bad else {
      Issue.record("expected an invalid value, got \(String(describing: bad))")
      return
    }
    #expect(field == Field("kinds", location: .body))
    #expect(value == "most")
    #expect(expected == "everyday, any, only")
    #expect(throws: ApplicationError.missingValue(Field("kinds", location: .body))) {
      try PantryItemChange.decode(json: Data(#"{"kinds": ""}"#.utf8))
    }
  }
}
