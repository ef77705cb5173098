import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

@Suite struct ShoppingListUseCaseTests {
  let metric = PlanningDisplay(units: .metric)

  func texts(_ list: ShoppingListAnswer) -> [String] {
    list.groups.flatMap { $0.items.map(\.text) }
  }

  @Test func theListFromThePlanMergesUnitsSubtractsThePantryAndGroupsByAisle() throws {
    let app = try PlanningLarder()
    for (recipe, day) in [("Pancakes", "2026-09-22"), ("Custard", "2026-09-23")] {
      _ = try app.larder.addPlanEntry(
        NewPlanEntry(date: PlanningLarder.day(day), meal: .dinner, recipe: app.id(recipe)),
        as: app.caller)
    }
    try app.stock("3 eggs")
    let generated = try app.larder.generateShoppingList(
      ShoppingListGeneration(), display: metric, as: app.caller)
    #expect(generated.recipeCount == 2)
    #expect(generated.days == PlanningLarder.day("2026-09-21")...PlanningLarder.day("2026-09-27"))
    let list = generated.list
    #expect(list.groups.map(\.title) == ["Dairy & eggs", "Baking"])
    #expect(list.groups[0].items.map(\.text) == ["2 eggs", "485 ml milk"])
    #expect(list.groups[0].items[0].inPantryText == "3")
    #expect(list.groups[1].items.map(\.item.name) == ["flour", "sugar"])
    let withStaples = try app.larder.shoppingList(
      ShoppingListRequest(staples: true), as: app.caller)
    #expect(withStaples.count == 4)
  }

  @Test func chosenRecipesAtChosenServingsScale() throws {
    let app = try PlanningLarder()
    let generated = try app.larder.generateShoppingList(
      ShoppingListGeneration(recipes: [ShoppingPortion(recipe: app.id("Chicken Bake"), servings: 4)]
      ),
      as: app.caller)
    #expect(generated.days == nil)
    #expect(texts(generated.list) == ["4 onions", "2¼ lb chicken thigh", "2 cups rice"])
    let ghost = #expect(throws: ApplicationError.self) {
      try app.larder.generateShoppingList(
        ShoppingListGeneration(recipes: [ShoppingPortion(recipe: RecipeID(rawValue: "ghost"))]),
        as: app.caller)
    }
    #expect(ghost == .notFound(.recipe, id: "ghost"))
  }

  @Test func addingARecipePutsOnlyWhatThePantryLacksOntoTheListAndKeepsTheRest() throws {
    let app = try PlanningLarder()
    _ = try app.larder.addPlanEntry(
      NewPlanEntry(
        date: PlanningLarder.day("2026-09-22"), meal: .dinner, recipe: app.id("Chicken Bake")),
      as: app.caller)
    _ = try app.larder.generateShoppingList(ShoppingListGeneration(), as: app.caller)
    _ = try app.larder.addShoppingItem(NewShoppingItem(line: "candles"), as: app.caller)
    try app.stock("2 eggs")
    let before = texts(try app.larder.shoppingList(ShoppingListRequest(), as: app.caller))
    #expect(before == ["2 onions", "1.1 lb chicken thigh", "1 cup rice", "candles"])

    // Pancakes for 4 (twice its 2): 4 eggs less the 2 in the pantry.
    let pancakes = try app.larder.addRecipesToShoppingList(
      ShoppingListAddition(recipes: [ShoppingPortion(recipe: app.id("Pancakes"), servings: 4)]),
      as: app.caller)
    #expect(pancakes.added.map(\.text) == ["2 eggs", "2 cups milk", "2 cups flour"])
    #expect(pancakes.added[0].notes == ["for Pancakes", "you have 2"])
    #expect(
      texts(pancakes.list) == [
        "2 onions", "1.1 lb chicken thigh", "2 eggs", "2 cups milk", "1 cup rice", "2 cups flour",
        "candles",
      ])

    // Custard adds onto the Pancakes' milk and eggs; the plan's lines and "candles" stay.
    let custard = try app.larder.addRecipesToShoppingList(
      ShoppingListAddition(recipes: [ShoppingPortion(recipe: app.id("Custard"))]),
      display: metric, as: app.caller)
    #expect(custard.added.map(\.text) == ["3 eggs", "725 ml milk", "50 g sugar"])
    #expect(custard.added[1].notes == ["for Pancakes, Custard"])
    #expect(texts(custard.list).count == 8)

    // Making the list again from the plan keeps what was added from recipes.
    let again = try app.larder.generateShoppingList(ShoppingListGeneration(), as: app.caller)
    #expect(texts(again.list).contains("3 eggs"))
    #expect(texts(again.list).contains("candles"))
  }

  @Test func addingNeedsARecipeAndARightToChange() throws {
    let app = try PlanningLarder()
    let empty = #expect(throws: ApplicationError.self) {
      try app.larder.addRecipesToShoppingList(
        try ShoppingListAddition.decode(json: Data(#"{"recipes": []}"#.utf8)), as: app.caller)
    }
    #expect(empty?.description.hasPrefix("field 'recipes'") == true)
    let missing = #expect(throws: ApplicationError.self) {
      try ShoppingListAddition.decode(json: Data("{}".utf8))
    }
    #expect(missing?.description == "field 'recipes' is required")
    let viewer = Caller(
      household: .default, user: UserID(rawValue: "v"), role: .viewer, credential: .local)
    #expect(throws: ApplicationError.self) {
      try app.larder.addRecipesToShoppingList(
        ShoppingListAddition(recipes: [ShoppingPortion(recipe: app.id("Custard"))]), as: viewer)
    }
    #expect(try app.larder.shoppingList(ShoppingListRequest(), as: app.caller).count == 0)
  }

  @Test func aBadPortionIsNamedByItsPlaceInTheList() throws {
    let app = try PlanningLarder()
    let request = try ShoppingListGeneration.decode(
      json: Data(#"{"recipes": ["\#(app.id("Custard"))", {"recipe": "x", "servings": -2}]}"#.utf8))
    #expect(request.recipes?.count == 2)
    let error = #expect(throws: ApplicationError.self) {
      try app.larder.generateShoppingList(request, as: app.caller)
    }
    #expect(error?.description.hasPrefix("field 'recipes[1].servings'") == true)
    let wrongType = #expect(throws: ApplicationError.self) {
      try ShoppingListGeneration.decode(
        json: Data(#"{"recipes": [{"recipe": "x", "servings": "two"}]}"#.utf8))
    }
    #expect(wrongType?.description.hasPrefix("field 'recipes[0].servings'") == true)
    let empty = #expect(throws: ApplicationError.self) {
      try app.larder.generateShoppingList(ShoppingListGeneration(recipes: []), as: app.caller)
    }
    #expect(empty?.isAboutAField == true)
  }

  @Test func aLineTypedInAnotherLanguageFindsItsFood() throws {
    let app = try PlanningLarder()
    let flour = try app.larder.addShoppingItem(NewShoppingItem(line: "500 g Mehl"), as: app.caller)
    #expect(flour.item.foodID == "flour")
    #expect(flour.item.amounts == [Measure(quantity: 500, unit: .gram)])
    let milk = try app.larder.addShoppingItem(NewShoppingItem(line: "1 l lait"), as: app.caller)
    #expect(milk.item.foodID == "milk")
  }

  @Test func aTypedLineKeepsItsWordsThoughTheParsedNameIsSingular() throws {
    let app = try PlanningLarder()
    let wedges = try app.larder.addShoppingItem(
      NewShoppingItem(line: "4 lemon wedges"), as: app.caller)
    #expect(wedges.item.name == "lemon wedges")
  }

  @Test func manualLinesSurviveRegeneratingAndCheckedLinesMoveToThePantry() throws {
    let app = try PlanningLarder()
    let lemons = try app.larder.addShoppingItem(NewShoppingItem(line: "2 lemons"), as: app.caller)
    #expect(lemons.item.isManual)
    #expect(lemons.item.aisle == .produce)
    _ = try app.larder.addShoppingItem(NewShoppingItem(line: "birthday candles"), as: app.caller)
    _ = try app.larder.generateShoppingList(
      ShoppingListGeneration(recipes: [ShoppingPortion(recipe: app.id("Custard"))]), as: app.caller)
    #expect(try app.larder.shoppingList(ShoppingListRequest(), as: app.caller).count == 5)

    let checked = try app.larder.changeShoppingItem(
      id: lemons.item.id.rawValue, ShoppingItemChange(checked: true), as: app.caller)
    #expect(checked.item.isChecked)
    let milk = try #require(
      try app.planning.shoppingListItems(household: .default).first { $0.foodID == "milk" })
    let both = try app.larder.checkShoppingItems(
      CheckShoppingItems(items: [milk.id.rawValue]), display: metric, as: app.caller)
    #expect(both.changed.map(\.text) == ["250 ml milk"])
    #expect(both.list.checked == 2)

    let text = try app.larder.shoppingListText(
      ShoppingListRequest(), display: metric, as: app.caller)
    #expect(text.contains("[x] 2 lemons"))
    #expect(text.contains("[x] 250 ml milk"))
    #expect(text.contains("[ ] birthday candles"))

    let moved = try app.larder.moveCheckedToPantry(as: app.caller)
    #expect(Set(moved.moved.compactMap(\.item.foodID)) == ["lemon", "milk"])
    #expect(moved.moved.first { $0.item.foodID == "milk" }?.item.location == .fridge)
    #expect(moved.list.count == 3)
    #expect(moved.list.checked == 0)
    #expect(
      Set(try app.planning.pantryItems(household: .default).compactMap(\.foodID)) == [
        "lemon", "milk",
      ])
  }

  @Test func linesAreRemovedByIDAndUnknownOnesAreNotFound() throws {
    let app = try PlanningLarder()
    let candles = try app.larder.addShoppingItem(NewShoppingItem(line: "candles"), as: app.caller)
    let removed = try app.larder.removeShoppingItems([candles.item.id.rawValue], as: app.caller)
    #expect(removed.map(\.name) == ["candles"])
    #expect(throws: ApplicationError.notFound(.shoppingListItem, id: "nope")) {
      try app.larder.checkShoppingItems(CheckShoppingItems(items: ["nope"]), as: app.caller)
    }
    #expect(throws: ApplicationError.missingValue(Field("items"))) {
      try app.larder.checkShoppingItems(CheckShoppingItems(items: []), as: app.caller)
    }
    #expect(throws: ApplicationError.missingValue(Field("line"))) {
      try app.larder.addShoppingItem(NewShoppingItem(line: "  "), as: app.caller)
    }
  }

  @Test func theListsViewsKeepTheAPIsKeys() throws {
    let app = try PlanningLarder()
    _ = try app.larder.addShoppingItem(NewShoppingItem(line: "candles"), as: app.caller)
    let object = try jsonObject(try app.larder.shoppingList(ShoppingListRequest(), as: app.caller))
    #expect(Set(object.keys) == ["groups", "count", "checked"])
    let group = try #require((object["groups"] as? [[String: Any]])?.first)
    #expect(group["aisle"] is NSNull)
    #expect(group["title"] as? String == "Other")
    let item = try #require((group["items"] as? [[String: Any]])?.first)
    #expect(item["name"] as? String == "candles")
    #expect(item["text"] as? String == "candles")
    #expect(item["amountText"] as? String == "")
    #expect(item["inPantryText"] as? String == "")
    #expect(item["isManual"] as? Bool == true)
  }
}

/// Issue 21, item 5: what "Checked → pantry" does with produce and foods already stocked, and
/// household things added by hand.
@Suite struct CheckedToPantryUseCaseTests {
  @Test func checkedLinesJoinPantryItemsAndProduceIsNotPutInTheCupboard() throws {
    let app = try PlanningLarder()
    _ = try app.stock("baby spinach")
    for line in ["6 bananas", "200 g baby spinach", "kitchen roll"] {
      let added = try app.larder.addShoppingItem(NewShoppingItem(line: line), as: app.caller)
      _ = try app.larder.changeShoppingItem(
        id: added.item.id.rawValue, ShoppingItemChange(checked: true), as: app.caller)
    }
    let roll = try #require(
      try app.planning.shoppingListItems(household: .default).first { $0.name == "kitchen roll" })
    #expect(roll.foodID == nil)
    #expect(roll.aisle == nil)
    _ = try app.larder.moveCheckedToPantry(as: app.caller)
    let pantry = try app.planning.pantryItems(household: .default)
    #expect(pantry.filter { $0.foodID == "baby-spinach" }.count == 1)
    #expect(pantry.first { $0.foodID == "baby-spinach" }?.amount?.quantity == 200)
    #expect(pantry.first { $0.foodID == "banana" }?.location.rawValue == "counter")
  }

  @Test func movingCanDateWhatIsMoved() throws {
    let app = try PlanningLarder()
    let added = try app.larder.addShoppingItem(NewShoppingItem(line: "1 l milk"), as: app.caller)
    _ = try app.larder.changeShoppingItem(
      id: added.item.id.rawValue, ShoppingItemChange(checked: true), as: app.caller)
    let body = Data(#"{"expiresOn": "2026-12-10"}"#.utf8)
    let moved = try app.larder.moveCheckedToPantry(
      try MoveToPantry.decode(json: body, contentType: "application/json"), as: app.caller)
    #expect(moved.moved.map(\.item.expiresOn) == [CalendarDay("2026-12-10")])
  }
}
