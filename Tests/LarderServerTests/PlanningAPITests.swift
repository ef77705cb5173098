import Foundation
import LarderCore
import LarderHTTP
import LarderTestSupport
import Testing

@testable import LarderServer

/// The pantry, meal plan and shopping list over the API, with analysed recipes, a finder kept
/// current, the in-memory planning store, and "now" on Monday 2026-09-21 at 07:13 in Los
/// Angeles.
struct PlanningClient {
  let client: TestClient
  let planning: InMemoryPlanningStore
  var recipes: [String: Recipe] = [:]

  init(recipes: [Recipe] = PlanningClient.defaultRecipes) throws {
    let analyzer = RecipeAnalyzer(matchFood: { FoodCatalog.bundled.match($0)?.foodID })
    let store = AnalyzingRecipeStore(base: InMemoryRecipeStore(), analyzer: analyzer)
    for recipe in recipes {
      let stored = try store.createRecipe(recipe, household: .default, now: Fixtures.now)
      self.recipes[stored.name] = stored
    }
    planning = InMemoryPlanningStore()
    let counter = SequentialIDs()
    let app = LarderApp(
      store: store, planning: planning,
      timeZone: TimeZone(identifier: "America/Los_Angeles")!, makeID: { counter.next() },
      clock: { Fixtures.now })
    client = TestClient(app: app, logged: LogRecorder())
  }

  static func recipe(
    _ name: String, serves: Double = 2, minutes: Int = 30, _ lines: [String]
  ) -> Recipe {
    Fixtures.dinner(name, serves: serves, minutes: minutes, lines)
  }

  static let defaultRecipes = Fixtures.plannedRecipes

  func id(_ name: String) -> String { recipes[name]!.id.rawValue }

  func send(
    _ method: String, _ path: String, query: [String: String] = [:], json: String? = nil
  ) -> HTTPResponse {
    client.send(method, path, query: query, json: json)
  }
}

@Suite struct PantryAPITests {
  @Test func quickAddReadsTheLineAndListsSoonestExpiryFirst() throws {
    let app = try PlanningClient()
    let added = app.send(
      "POST", "/api/v1/pantry",
      json: #"{"line": "2 lb chicken thighs", "expiresOn": "2026-09-24"}"#)
    #expect(added.status == 201, "\(added.text)")
    #expect(added.headers["Location"] == "/api/v1/pantry/id-0001")
    #expect(added.object["foodID"] as? String == "chicken-thigh")
    #expect(added.object["location"] as? String == "fridge")
    #expect(added.object["amountText"] as? String == "2 lb")
    #expect((added.object["expiry"] as? [String: Any])?["text"] as? String == "expires in 3 days")
    _ = app.send(
      "POST", "/api/v1/pantry",
      json: #"{"name": "Milk", "quantity": 1, "unit": "litre", "expiresOn": "2026-09-20"}"#)
    _ = app.send("POST", "/api/v1/pantry", json: #"{"line": "1 kg rice", "location": "Cellar"}"#)
    let list = app.send("GET", "/api/v1/pantry", query: ["units": "metric"])
    #expect(list.status == 200)
    #expect(list.object["today"] as? String == "2026-09-21")
    let items = try #require(list.object["items"] as? [[String: Any]])
    #expect(items.compactMap { $0["name"] as? String } == ["Milk", "chicken thighs", "rice"])
    #expect((items[0]["expiry"] as? [String: Any])?["text"] as? String == "expired yesterday")
    #expect(items[0]["foodID"] as? String == "milk")
    #expect(items[1]["amountText"] as? String == "2 lb")
    #expect(items[2]["amountText"] as? String == "1 kg")
    #expect(items[2]["location"] as? String == "cellar")
    // At 07:13 in Los Angeles it is already the 22nd in Kiritimati (UTC+14).
    let kiritimati = app.send("GET", "/api/v1/pantry", query: ["tz": "Pacific/Kiritimati"])
    #expect(kiritimati.object["today"] as? String == "2026-09-22")
  }

  @Test func aLineIsReadInTheLanguageItIsTypedInOrTheOneGiven() throws {
    let app = try PlanningClient()
    let milk = app.send("POST", "/api/v1/pantry", json: #"{"line": "2 l Milch"}"#)
    #expect(milk.status == 201, "\(milk.text)")
    #expect(milk.object["foodID"] as? String == "milk")
    #expect(milk.object["amountText"] as? String == "2 l")
    let given = app.send(
      "POST", "/api/v1/pantry", json: #"{"line": "2 EL Olivenöl", "language": "de"}"#)
    #expect(given.status == 201, "\(given.text)")
    #expect(given.object["foodID"] as? String == "olive-oil")
    let listed = app.send(
      "POST", "/api/v1/shopping-list/items", json: #"{"line": "500 g Mehl", "language": "German"}"#)
    #expect(listed.status == 201, "\(listed.text)")
    #expect(listed.object["foodID"] as? String == "flour")
    for path in ["/api/v1/pantry", "/api/v1/shopping-list/items"] {
      let wrong = app.send("POST", path, json: #"{"line": "2 l Milch", "language": "klingon"}"#)
      #expect(wrong.status == 422, "\(wrong.text)")
      #expect(wrong.errorCode == "invalid_field", "\(wrong.text)")
    }
  }

  @Test func changingOnlyTheUnitKeepsAStoredRange() throws {
    let app = try PlanningClient()
    _ = app.send("POST", "/api/v1/pantry", json: #"{"line": "2-3 lb potatoes"}"#)
    let patched = app.send("PATCH", "/api/v1/pantry/id-0001", json: #"{"unit": "kg"}"#)
    #expect(patched.status == 200, "\(patched.text)")
    let amount = patched.object["amount"] as? [String: Any]
    #expect(amount?["quantity"] as? Double == 2)
    #expect(amount?["quantityMax"] as? Double == 3)
    #expect(amount?["unit"] as? String == "kg")
    let backwards = app.send(
      "PATCH", "/api/v1/pantry/id-0001", json: #"{"quantity": 5, "quantityMax": 4}"#)
    #expect(backwards.status == 422)
    #expect(backwards.errorMessage?.contains("'quantityMax'") == true, "\(backwards.text)")
  }

  @Test func itemsAreReadChangedAndDeletedByID() throws {
    let app = try PlanningClient()
    _ = app.send("POST", "/api/v1/pantry", json: #"{"line": "500 g flour"}"#)
    let patched = app.send(
      "PATCH", "/api/v1/pantry/id-0001",
      json: #"{"quantity": 250, "expiresOn": "2026-10-01", "note": "open bag"}"#)
    #expect(patched.status == 200, "\(patched.text)")
    #expect(
      patched.object["amount"] as? [String: Any] as NSObject? == ["quantity": 250, "unit": "g"]
        as NSObject)
    #expect(patched.object["note"] as? String == "open bag")
    #expect(
      app.send("GET", "/api/v1/pantry/id-0001").object["expiresOn"] as? String == "2026-10-01")
    #expect(app.send("DELETE", "/api/v1/pantry/id-0001").status == 204)
    let gone = app.send("GET", "/api/v1/pantry/id-0001")
    #expect(gone.status == 404)
    #expect(gone.errorMessage == "no pantry item with id 'id-0001'")
  }

  @Test(arguments: [
    (#"{"line": "2 cups"}"#, 422, "line"),
    (#"{"line": "   "}"#, 422, "line"),
    (#"{"name": "milk", "expiresOn": "2026-02-30"}"#, 422, "expiresOn"),
    (#"{"name": "milk", "quantity": -1}"#, 422, "quantity"),
    (#"{"name": "milk", "quantity": "lots"}"#, 422, "quantity"),
    (#"{"name": "milk", "unit": "bucketful"}"#, 422, "unit"),
    (#"{"name": "milk", "location": ""}"#, 422, "location"),
    (#"{"name": "milk", "food": "unobtainium"}"#, 422, "food"),
    (#"{"nmae": "milk"}"#, 422, "nmae"),
    (#"{"quantity": 2}"#, 422, "name"),
    (#"[1, 2]"#, 400, "object"),
  ])
  func badItemsAreRefusedNamingTheField(body: String, status: Int, field: String) throws {
    let app = try PlanningClient()
    let response = app.send("POST", "/api/v1/pantry", json: body)
    #expect(response.status == status, "\(response.text)")
    #expect(response.errorMessage?.contains(field) == true, "\(response.text)")
    #expect(try app.planning.pantryItems(household: .default).isEmpty)
  }

  @Test func deductingPreviewsFirstThenTakesOnlyWhatWasConfirmed() throws {
    let app = try PlanningClient()
    _ = app.send("POST", "/api/v1/pantry", json: #"{"line": "2 lb chicken thighs"}"#)
    _ = app.send("POST", "/api/v1/pantry", json: #"{"line": "3 onions"}"#)
    _ = app.send("POST", "/api/v1/pantry", json: #"{"line": "100 g rice"}"#)
    let body = #"{"recipe": "\#(app.id("Chicken Bake"))", "servings": 2}"#
    let preview = app.send("POST", "/api/v1/pantry/deduct/preview", json: body)
    #expect(preview.status == 200, "\(preview.text)")
    #expect(preview.object["applied"] as? Bool == false)
    let changes = try #require(preview.object["changes"] as? [[String: Any]])
    #expect(changes.compactMap { $0["itemID"] as? String } == ["id-0001", "id-0002", "id-0003"])
    #expect(changes[1]["afterText"] as? String == "1")
    #expect(changes[2]["removes"] as? Bool == true)
    // Nothing changed yet.
    #expect(try app.planning.pantryItems(household: .default).count == 3)

    let confirm = app.send(
      "POST", "/api/v1/pantry/deduct",
      json: #"{"recipe": "\#(app.id("Chicken Bake"))", "items": ["id-0002", "id-0003"]}"#)
    #expect(confirm.status == 200, "\(confirm.text)")
    #expect(confirm.object["applied"] as? Bool == true)
    let pantry = try app.planning.pantryItems(household: .default)
    #expect(pantry.map(\.id.rawValue) == ["id-0001", "id-0002"])
    #expect(pantry[0].amount == Measure(quantity: 2, unit: .pound))
    #expect(pantry[1].amount == Measure(quantity: 1, unit: nil))
  }

  /// The API says how urgent each expiry is, so the page's script shows the badge the
  /// server's page shows without a rule of its own.
  @Test func eachExpirySaysHowUrgentItIs() throws {
    let app = try PlanningClient()
    for (name, day) in [("Milk", "2026-09-20"), ("Cream", "2026-09-24"), ("Butter", "2026-09-25")] {
      _ = app.send("POST", "/api/v1/pantry", json: #"{"name": "\#(name)", "expiresOn": "\#(day)"}"#)
    }
    let items = try #require(app.send("GET", "/api/v1/pantry").object["items"] as? [[String: Any]])
    let kinds = items.map { ($0["expiry"] as? [String: Any])?["kind"] as? String }
    #expect(kinds == ["expired", "soon", "ok"])
  }

  @Test func deductingWithItemsNullTakesEveryChange() throws {
    let app = try PlanningClient()
    _ = app.send("POST", "/api/v1/pantry", json: #"{"line": "3 onions"}"#)
    _ = app.send("POST", "/api/v1/pantry", json: #"{"line": "100 g rice"}"#)
    let confirm = app.send(
      "POST", "/api/v1/pantry/deduct",
      json: #"{"recipe": "\#(app.id("Chicken Bake"))", "items": null}"#)
    #expect(confirm.status == 200, "\(confirm.text)")
    let pantry = try app.planning.pantryItems(household: .default)
    // The onions go down by two, the rice is used up: null confirms every change.
    #expect(pantry.map(\.id.rawValue) == ["id-0001"])
    #expect(pantry.first?.amount == Measure(quantity: 1, unit: nil))
  }

  @Test func deductingAnUnknownRecipeIs404AndBadServingsAre422() throws {
    let app = try PlanningClient()
    #expect(
      app.send("POST", "/api/v1/pantry/deduct/preview", json: #"{"recipe": "nope"}"#).status == 404)
    let bad = app.send(
      "POST", "/api/v1/pantry/deduct",
      json: #"{"recipe": "\#(app.id("Custard"))", "servings": 0}"#)
    #expect(bad.status == 422)
    #expect(bad.errorMessage?.contains("servings") == true)
  }
}

@Suite struct MealPlanAPITests {
  @Test func theWeekStartsOnMondayAndTotalsEachDaysTime() throws {
    let app = try PlanningClient()
    for (recipe, date, meal) in [
      ("Pancakes", "2026-09-23", "breakfast"), ("Chicken Bake", "2026-09-23", "dinner"),
      ("Custard", "2026-09-27", "snack"), ("Custard", "2026-09-28", "snack"),
    ] {
      let added = app.send(
        "POST", "/api/v1/plan",
        json:
          #"{"recipe": "\#(app.id(recipe))", "date": "\#(date)", "meal": "\#(meal)", "servings": 4}"#
      )
      #expect(added.status == 201, "\(added.text)")
    }
    let week = app.send("GET", "/api/v1/plan/week", query: ["date": "2026-09-25"])
    #expect(week.status == 200, "\(week.text)")
    #expect(week.object["from"] as? String == "2026-09-21")
    #expect(week.object["to"] as? String == "2026-09-27")
    let days = try #require(week.object["days"] as? [[String: Any]])
    #expect(days.count == 7)
    #expect(days[0]["weekday"] as? String == "monday")
    #expect(days[2]["totalMinutes"] as? Int == 80)
    let wednesday = try #require(days[2]["entries"] as? [[String: Any]])
    #expect(wednesday.compactMap { $0["recipeName"] as? String } == ["Pancakes", "Chicken Bake"])
    #expect(days[6]["totalMinutes"] as? Int == 45)

    let sundayWeek = app.send(
      "GET", "/api/v1/plan/week", query: ["date": "2026-09-25", "weekStart": "sunday"])
    #expect(sundayWeek.object["from"] as? String == "2026-09-20")
    let list = app.send("GET", "/api/v1/plan", query: ["from": "2026-09-27", "to": "2026-09-28"])
    #expect((list.object["days"] as? [[String: Any]])?.count == 2)
  }

  @Test func entriesAreChangedAndDeletedAndBadOnesRefused() throws {
    let app = try PlanningClient()
    let added = app.send(
      "POST", "/api/v1/plan",
      json: #"{"recipe": "\#(app.id("Custard"))", "date": "2026-09-22", "meal": "lunch"}"#)
    let id = try #require(added.object["id"] as? String)
    let moved = app.send(
      "PATCH", "/api/v1/plan/\(id)", json: #"{"date": "2026-09-24", "meal": "dinner"}"#)
    #expect(moved.object["date"] as? String == "2026-09-24")
    #expect(moved.object["meal"] as? String == "dinner")
    #expect(app.send("DELETE", "/api/v1/plan/\(id)").status == 204)
    #expect(app.send("GET", "/api/v1/plan/\(id)").status == 404)

    let badMeal = app.send(
      "POST", "/api/v1/plan",
      json: #"{"recipe": "\#(app.id("Custard"))", "date": "2026-09-22", "meal": "brunch"}"#)
    #expect(badMeal.status == 422)
    #expect(badMeal.errorMessage?.contains("'meal'") == true)
    let noRecipe = app.send(
      "POST", "/api/v1/plan", json: #"{"recipe": "ghost", "date": "2026-09-22", "meal": "lunch"}"#)
    #expect(noRecipe.status == 404)
    let noDate = app.send(
      "POST", "/api/v1/plan", json: #"{"recipe": "\#(app.id("Custard"))", "meal": "lunch"}"#)
    #expect(noDate.status == 422)
    #expect(noDate.errorMessage == "field 'date' is required")
    let badRange = app.send(
      "GET", "/api/v1/plan", query: ["from": "2026-09-28", "to": "2026-09-01"])
    #expect(badRange.status == 422)
    #expect(badRange.errorMessage?.contains("'to'") == true)
  }

  @Test func theAPIFillsTheWeekWithoutMissingAsWithMissingFifty() throws {
    let stew = PlanningClient.recipe(
      "Long Stew",
      [
        "2 carrots", "2 celery stalks", "500 g potatoes", "2 leeks", "3 garlic cloves",
        "1 tsp thyme", "2 bay leaves", "500 g beef", "400 g tomatoes", "100 g barley",
        "1 bunch parsley", "200 g peas",
      ])
    let app = try PlanningClient(recipes: PlanningClient.defaultRecipes + [stew])
    func names(_ body: String) -> [String] {
      let entries = app.send("POST", "/api/v1/plan/fill", json: body).object["entries"]
      return (entries as? [[String: Any]] ?? []).compactMap { $0["recipeName"] as? String }
    }
    let byDefault = names("{}")
    #expect(byDefault.contains("Long Stew"), "\(byDefault)")
    #expect(byDefault == names(#"{"missing": 50}"#))
    #expect(!names(#"{"missing": 10}"#).contains("Long Stew"))
    #expect(names(#"{"missing": 0}"#).isEmpty)
  }

  @Test func fillingTheWeekSuggestsUnplannedRecipesForEmptyDays() throws {
    let app = try PlanningClient()
    _ = app.send(
      "POST", "/api/v1/plan",
      json: #"{"recipe": "\#(app.id("Custard"))", "date": "2026-09-22", "meal": "dinner"}"#)
    let preview = app.send("POST", "/api/v1/plan/fill", json: #"{"date": "2026-09-24"}"#)
    #expect(preview.status == 200, "\(preview.text)")
    let entries = try #require(preview.object["entries"] as? [[String: Any]])
    // Two recipes left for six empty dinners; Custard is already planned that week.
    #expect(entries.compactMap { $0["date"] as? String } == ["2026-09-21", "2026-09-23"])
    #expect(
      Set(entries.compactMap { $0["recipeName"] as? String }) == ["Pancakes", "Chicken Bake"])
    #expect(
      try app.planning.mealPlanEntries(
        from: CalendarDay("2026-09-21")!, through: CalendarDay("2026-09-27")!, household: .default
      ).count == 1)
    let filtered = app.send(
      "POST", "/api/v1/plan/fill", json: #"{"save": true, "maxTime": 30, "meal": "lunch"}"#)
    let saved = try #require(filtered.object["entries"] as? [[String: Any]])
    #expect(saved.compactMap { $0["recipeName"] as? String } == ["Pancakes"])
    #expect(
      try app.planning.mealPlanEntries(
        from: CalendarDay("2026-09-21")!, through: CalendarDay("2026-09-27")!, household: .default
      ).count == 2)
    let bad = app.send("POST", "/api/v1/plan/fill", json: #"{"weekStart": "someday"}"#)
    #expect(bad.status == 422)
  }
}

@Suite struct ShoppingListAPITests {
  @Test func theListFromThePlanMergesUnitsSubtractsThePantryAndGroupsByAisle() throws {
    let app = try PlanningClient()
    for (recipe, date) in [("Pancakes", "2026-09-22"), ("Custard", "2026-09-23")] {
      _ = app.send(
        "POST", "/api/v1/plan",
        json: #"{"recipe": "\#(app.id(recipe))", "date": "\#(date)", "meal": "dinner"}"#)
    }
    _ = app.send("POST", "/api/v1/pantry", json: #"{"line": "3 eggs"}"#)
    let generated = app.send(
      "POST", "/api/v1/shopping-list/generate", query: ["units": "metric"],
      json: #"{"from": "2026-09-21", "to": "2026-09-27"}"#)
    #expect(generated.status == 200, "\(generated.text)")
    let groups = try #require(generated.object["groups"] as? [[String: Any]])
    #expect(groups.compactMap { $0["title"] as? String } == ["Dairy & eggs", "Baking"])
    let dairy = try #require(groups[0]["items"] as? [[String: Any]])
    #expect(dairy.compactMap { $0["text"] as? String } == ["2 eggs", "485 ml milk"])
    let milk = dairy[1]
    #expect(
      (milk["recipes"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        == ["Pancakes", "Custard"])
    #expect(dairy[0]["inPantryText"] as? String == "3")
    let baking = try #require(groups[1]["items"] as? [[String: Any]])
    #expect(baking.compactMap { $0["name"] as? String } == ["flour", "sugar"])

    let withStaples = app.send("GET", "/api/v1/shopping-list", query: ["staples": "true"])
    #expect(withStaples.object["count"] as? Int == 4)
  }

  @Test func chosenRecipesAtChosenServingsScale() throws {
    let app = try PlanningClient()
    let response = app.send(
      "POST", "/api/v1/shopping-list/generate",
      json: #"{"recipes": [{"recipe": "\#(app.id("Chicken Bake"))", "servings": 4}]}"#)
    #expect(response.status == 200, "\(response.text)")
    let texts = (response.object["groups"] as? [[String: Any]] ?? []).flatMap {
      ($0["items"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }
    #expect(texts == ["4 onions", "2¼ lb chicken thigh", "2 cups rice"])
    let bad = app.send(
      "POST", "/api/v1/shopping-list/generate", json: #"{"recipes": [{"recipe": "ghost"}]}"#)
    #expect(bad.status == 404)
    let badServings = app.send(
      "POST", "/api/v1/shopping-list/generate",
      json: #"{"recipes": [{"recipe": "\#(app.id("Custard"))", "servings": -2}]}"#)
    #expect(badServings.status == 422)
    #expect(badServings.errorMessage?.contains("recipes[0].servings") == true)
  }

  @Test func anUnknownFieldOfAChosenRecipeIsRefused() throws {
    let app = try PlanningClient()
    let response = app.send(
      "POST", "/api/v1/shopping-list/generate",
      json: #"{"recipes": [{"recipe": "\#(app.id("Custard"))", "serving": 4}]}"#)
    #expect(response.status == 422, "\(response.text)")
    #expect(response.errorCode == "invalid_field")
    #expect(
      response.errorMessage
        == "unknown field 'recipes[0].serving'; expected one of recipe, servings")
  }

  @Test func manualLinesSurviveRegeneratingAndCheckedLinesMoveToThePantry() throws {
    let app = try PlanningClient()
    let manual = app.send("POST", "/api/v1/shopping-list/items", json: #"{"line": "2 lemons"}"#)
    #expect(manual.status == 201, "\(manual.text)")
    #expect(manual.object["isManual"] as? Bool == true)
    #expect(manual.object["aisle"] as? String == "produce")
    _ = app.send(
      "POST", "/api/v1/shopping-list/items", json: #"{"line": "birthday candles"}"#)
    _ = app.send(
      "POST", "/api/v1/shopping-list/generate",
      json: #"{"recipes": ["\#(app.id("Custard"))"]}"#)
    let list = app.send("GET", "/api/v1/shopping-list")
    #expect(list.object["count"] as? Int == 5)

    let lemons = try #require(manual.object["id"] as? String)
    let checked = app.send(
      "PATCH", "/api/v1/shopping-list/items/\(lemons)", json: #"{"checked": true}"#)
    #expect(checked.object["isChecked"] as? Bool == true)
    let items = try app.planning.shoppingListItems(household: .default)
    let milk = try #require(items.first { $0.foodID == "milk" })
    _ = app.send(
      "POST", "/api/v1/shopping-list/check", json: #"{"items": ["\#(milk.id)"], "checked": true}"#)

    let text = app.send("GET", "/api/v1/shopping-list/text", query: ["units": "metric"])
    #expect(text.status == 200)
    #expect(text.text.contains("[x] 2 lemons"))
    #expect(text.text.contains("[x] 250 ml milk"))
    #expect(text.text.contains("[ ] birthday candles"))

    let moved = app.send("POST", "/api/v1/shopping-list/to-pantry")
    #expect(moved.status == 200, "\(moved.text)")
    let pantry = try app.planning.pantryItems(household: .default)
    #expect(Set(pantry.compactMap(\.foodID)) == ["lemon", "milk"])
    #expect(pantry.first { $0.foodID == "milk" }?.location == .fridge)
    #expect(pantry.first { $0.foodID == "milk" }?.addedOn == CalendarDay("2026-09-21"))
    let left = try app.planning.shoppingListItems(household: .default)
    #expect(left.count == 3)
    #expect(!left.contains { $0.isChecked })

    #expect(app.send("DELETE", "/api/v1/shopping-list/items/\(lemons)").status == 404)
    let badCheck = app.send(
      "PATCH", "/api/v1/shopping-list/items/\(left[0].id)", json: #"{"checked": "yes"}"#)
    #expect(badCheck.status == 422)
    #expect(badCheck.errorMessage?.contains("'checked'") == true)
  }
}

@Suite struct FinderPantryAPITests {
  @Test func withoutHaveTheStoredPantryIsUsedAndUseItUpRanksByExpiry() throws {
    let app = try PlanningClient(recipes: [
      PlanningClient.recipe("Rice Bowl", ["1 cup rice", "2 eggs", "1 onion"]),
      PlanningClient.recipe("Milk Pudding", ["2 cups milk", "50 g sugar"]),
    ])
    for line in [
      #"{"line": "1 kg rice"}"#, #"{"line": "6 eggs"}"#, #"{"line": "1 onion"}"#,
      #"{"line": "1 l milk", "expiresOn": "2026-09-22"}"#, #"{"line": "1 kg sugar"}"#,
    ] {
      #expect(app.send("POST", "/api/v1/pantry", json: line).status == 201)
    }
    let plain = app.send("GET", "/api/v1/finder")
    #expect(plain.object["pantrySource"] as? String == "stored")
    #expect(FinderAPITests.names(plain) == ["Rice Bowl", "Milk Pudding"])
    let useItUp = app.send("GET", "/api/v1/finder", query: ["useItUp": "true"])
    #expect(FinderAPITests.names(useItUp) == ["Milk Pudding", "Rice Bowl"])
    #expect(useItUp.object["useItUp"] as? Bool == true)
    // A `have` list still wins over the stored pantry.
    let have = app.send("GET", "/api/v1/finder", query: ["have": "milk, sugar"])
    #expect(have.object["pantrySource"] as? String == "have")
    #expect(FinderAPITests.names(have) == ["Milk Pudding"])
    #expect(app.send("GET", "/api/v1/finder", query: ["useItUp": "soon"]).status == 422)
  }

  @Test func anEmptyStoredPantryAnswersNoneWithNoRecipes() throws {
    let app = try PlanningClient(recipes: [
      PlanningClient.recipe("Milk Pudding", ["2 cups milk", "50 g sugar"])
    ])
    let empty = app.send("POST", "/api/v1/finder", json: #"{"have": [], "missing": 2}"#)
    #expect(empty.status == 200)
    #expect(empty.object["pantrySource"] as? String == "none")
    #expect(empty.object["total"] as? Int == 0)
    #expect(FinderAPITests.names(empty).isEmpty)
    let milk = app.send("POST", "/api/v1/pantry", json: #"{"name": "milk", "food": "milk"}"#)
    #expect(milk.status == 201)
    let stored = app.send("POST", "/api/v1/finder", json: #"{"have": [], "missing": 2}"#)
    #expect(stored.object["pantrySource"] as? String == "stored")
    #expect(FinderAPITests.names(stored) == ["Milk Pudding"])
  }
}
