import Foundation
import LarderCore
import Testing

/// Quick add by typing a line, and deducting a cooked recipe from the pantry.
@Suite struct PantryPlanningTests {
  typealias F = PlanningFixtures

  @Test func aTypedLineBecomesAnItemOfACatalogFood() throws {
    let reader = PantryLineReader(catalog: F.catalog)
    let item = try reader.item(
      from: "2 lb chicken thighs", id: PlanningID(rawValue: "a"), addedOn: F.today,
      expiresOn: CalendarDay("2026-12-05"))
    #expect(item.foodID == "chicken-thigh")
    #expect(item.name == "chicken thighs")
    #expect(item.amount == Measure(quantity: 2, unit: .pound))
    #expect(item.location == .fridge)
    #expect(item.expiry(today: F.today)?.text == "expires in 2 days")
    let rice = try reader.item(
      from: "1 kg rice", id: PlanningID(rawValue: "b"), addedOn: F.today, location: .freezer)
    #expect(rice.location == .freezer)
  }

  @Test(arguments: ["", "   ", "2 cups"])
  func aLineWithoutAFoodIsRefusedNamingTheField(line: String) {
    let reader = PantryLineReader(catalog: F.catalog)
    do {
      _ = try reader.item(from: line, id: PlanningID(rawValue: "a"), addedOn: F.today)
      Issue.record("'\(line)' was accepted")
    } catch let error as LarderCoreError {
      #expect(error.field == "line")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func cookingTakesAmountsOffConvertingUnitsAndNeverBelowZero() throws {
    let pantry = try F.pantry("2 lb chicken thighs", "250 ml milk", "12 eggs", "500 g flour")
    let recipe = F.recipe(
      "Bake", "500 g chicken thighs", "2 cups milk", "3 eggs", "1 cup flour", "1 tsp salt",
      "parsley, to garnish")
    let deduction = PantryDeduction.plan(
      RecipePortion(recipe: recipe), pantry: pantry, catalog: F.catalog)
    let byName = Dictionary(uniqueKeysWithValues: deduction.changes.map { ($0.name, $0) })
    let chicken = try #require(byName["chicken thighs"])
    #expect(chicken.after.unit == .pound)
    #expect(abs(chicken.after.quantity - (2 - 500 / 453.59237)) < 1e-9)
    #expect(!chicken.removes)
    let milk = try #require(byName["milk"])
    #expect(milk.after.quantity == 0)
    #expect(milk.used == Measure(quantity: 250, unit: .millilitre))
    #expect(milk.removes)
    #expect(byName["eggs"]?.after == Measure(quantity: 9, unit: nil))
    let flour = try #require(byName["flour"])
    #expect(abs(flour.after.quantity - (500 - 236.5882365 * 0.418)) < 0.01)
    #expect(deduction.skipped.map(\.line) == ["1 tsp salt"])
    #expect(deduction.skipped[0].reason == "not in the pantry")

    let changes = deduction.storeChanges(pantry: pantry)
    #expect(changes.deletePantryItems == [pantry[1].id])
    #expect(changes.savePantryItems.count == 3)
    let onlyEggs = deduction.storeChanges(pantry: pantry, only: [pantry[2].id])
    #expect(onlyEggs.savePantryItems.map(\.amount) == [Measure(quantity: 9, unit: nil)])
    #expect(onlyEggs.deletePantryItems.isEmpty)
  }

  @Test func theItemExpiringSoonestIsUsedFirstAndServingsScale() throws {
    let pantry = try F.pantry(
      "300 ml milk", "300 ml milk ",
      expires: ["300 ml milk": "2026-12-20", "300 ml milk ": "2026-12-04"])
    let recipe = F.recipe("Custard", serves: 2, "200 ml milk")
    let deduction = PantryDeduction.plan(
      RecipePortion(recipe: recipe, servings: 4), pantry: pantry, catalog: F.catalog)
    // 400 ml: all 300 of the one expiring tomorrow, then 100 of the other.
    #expect(deduction.changes.map(\.itemID) == [pantry[1].id, pantry[0].id])
    #expect(deduction.changes[0].removes)
    #expect(deduction.changes[1].after == Measure(quantity: 200, unit: .millilitre))
  }

  @Test func linesThatCannotBeDeductedSayWhy() throws {
    let pantry = try F.pantry("milk", "2 onions")
    let recipe = F.recipe("Soup", "1 cup milk", "200 g onion", "2 frobnicators")
    let deduction = PantryDeduction.plan(
      RecipePortion(recipe: recipe), pantry: pantry, catalog: F.catalog)
    #expect(deduction.changes.isEmpty)
    #expect(deduction.skipped.map(\.line) == ["1 cup milk", "200 g onion", "2 frobnicators"])
    #expect(deduction.skipped[0].reason.contains("has no amount"))
    #expect(deduction.skipped[1].reason.contains("do not convert"))
  }
}

/// The meal plan's days and "fill my week".
@Suite struct MealPlannerTests {
  let monday = CalendarDay("2026-11-30")!

  func entry(_ day: Int, _ meal: Meal, _ recipe: String) -> MealPlanEntry {
    MealPlanEntry(
      id: PlanningID(rawValue: "\(day)-\(meal)"), date: monday.adding(days: day), meal: meal,
      recipeID: RecipeID(rawValue: recipe))
  }

  @Test func daysListEveryDayWithItsEntriesAndTotalTime() {
    let entries = [entry(0, .dinner, "stew"), entry(0, .breakfast, "eggs"), entry(2, .lunch, "x")]
    let minutes = ["stew": 90, "eggs": 10]
    let days = MealPlanner.days(
      from: monday, through: monday.adding(days: 6), entries: entries,
      minutes: { minutes[$0.rawValue] })
    #expect(days.count == 7)
    #expect(days[0].entries.map(\.recipeID.rawValue) == ["eggs", "stew"])
    #expect(days[0].totalMinutes == 100)
    #expect(days[2].totalMinutes == 0)
    #expect(days[6].date == CalendarDay("2026-12-06"))
  }

  @Test func fillingTheWeekSkipsPlannedMealsAndNeverRepeatsARecipe() {
    let planned = [entry(1, .dinner, "stew"), entry(3, .lunch, "soup")]
    var counter = 0
    let filled = MealPlanner.fill(
      days: (0..<7).map { monday.adding(days: $0) }, meal: .dinner, planned: planned,
      candidates: ["stew", "curry", "curry", "soup", "pie", "tacos"].map(RecipeID.init(rawValue:)),
      servings: 3,
      makeID: {
        counter += 1
        return PlanningID(rawValue: "n\(counter)")
      })
    #expect(filled.map(\.date) == [0, 2, 3].map { monday.adding(days: $0) })
    #expect(filled.map(\.recipeID.rawValue) == ["curry", "pie", "tacos"])
    #expect(filled.allSatisfy { $0.meal == .dinner && $0.servings == 3 })
  }
}

/// The finder's "use it up" mode.
@Suite struct UseItUpTests {
  @Test func recipesUsingWhatExpiresSoonestComeFirstAmongThoseMissingAsMuch() {
    let recipes = [
      FinderRecipe(id: "rice-and-beans", requiredFoods: ["rice", "beans", "onion"], rating: 5),
      FinderRecipe(id: "spinach-omelette", requiredFoods: ["spinach", "egg"]),
      FinderRecipe(id: "cheese-toast", requiredFoods: ["cheese", "bread"]),
      FinderRecipe(id: "steak", requiredFoods: ["steak", "spinach"]),
    ]
    let catalog = FinderCatalog(taxonomy: FinderTaxonomy(parents: ["cheddar": "cheese"]))
    let day = { (offset: Double) in Date(timeIntervalSince1970: 1_790_000_000 + offset * 86_400) }
    let pantry = [
      FinderQuery.PantryItem(food: "rice"), FinderQuery.PantryItem(food: "beans"),
      FinderQuery.PantryItem(food: "onion"), FinderQuery.PantryItem(food: "egg", expiresOn: day(9)),
      FinderQuery.PantryItem(food: "spinach", expiresOn: day(2)),
      FinderQuery.PantryItem(food: "cheddar", expiresOn: day(1)),
      FinderQuery.PantryItem(food: "bread"),
    ]
    let engine = FinderEngine(catalog: catalog)
    engine.build(recipes: recipes, clock: { 0 })
    let scan = FinderScan(recipes: recipes, catalog: catalog)
    var query = FinderQuery(pantryItems: pantry, maxMissing: 1)
    #expect(engine.find(query).items.map(\.recipeID).first == "rice-and-beans")
    query.useItUp = true
    let ranked = engine.find(query)
    #expect(
      ranked.items.map(\.recipeID) == [
        "cheese-toast", "spinach-omelette", "rice-and-beans", "steak",
      ])
    #expect(scan.find(query) == ranked)
    query.offset = 1
    query.limit = 2
    #expect(engine.find(query).items.map(\.recipeID) == ["spinach-omelette", "rice-and-beans"])
    #expect(engine.find(query).total == 4)
  }

  @Test(arguments: 1...4)
  func theEngineAndTheScanAgreeInUseItUpMode(seed: UInt64) {
    var world = FinderRandomWorld(seed: 500 + seed)
    let recipes = world.recipes(count: 200)
    let scan = FinderScan(recipes: recipes, catalog: world.catalog)
    let engine = FinderEngine(catalog: world.catalog)
    engine.build(recipes: recipes, clock: { 0 })
    for round in 0..<20 {
      var query = world.query()
      query.useItUp = true
      for index in query.pantry.indices where (index + round) % 3 != 0 {
        query.pantry[index].expiresOn = Date(
          timeIntervalSince1970: Double((index * 7919) % 13) * 86_400)
      }
      #expect(engine.find(query) == scan.find(query), "seed \(seed): \(query)")
    }
  }
}

/// A line typed into the pantry in another language is read in that language.
@Suite struct PantryLineLanguageTests {
  typealias F = PlanningFixtures

  struct Case: CustomStringConvertible, Sendable {
    var line: String
    var food: String
    var amount: Measure
    var language: RecipeLanguage
    var description: String { line }
  }

  @Test(arguments: [
    Case(
      line: "2 l Milch", food: "milk", amount: Measure(quantity: 2, unit: .litre), language: .german
    ),
    Case(
      line: "500 g Mehl", food: "flour", amount: Measure(quantity: 500, unit: .gram),
      language: .german),
    Case(line: "6 Eier", food: "egg", amount: Measure(quantity: 6, unit: nil), language: .german),
    Case(
      line: "1 Pfund Hackfleisch", food: "ground-meat", amount: Measure(quantity: 500, unit: .gram),
      language: .german),
    Case(
      line: "2,5 dl mjölk", food: "milk", amount: Measure(quantity: 2.5, unit: .decilitre),
      language: .swedish),
    // English lines stay English.
    Case(
      line: "200 g butter", food: "butter", amount: Measure(quantity: 200, unit: .gram),
      language: .english),
    Case(
      line: "2 lb chicken thighs", food: "chicken-thigh",
      amount: Measure(quantity: 2, unit: .pound), language: .english),
  ])
  func aTypedLineIsReadInItsLanguage(_ example: Case) throws {
    let reader = PantryLineReader(catalog: F.catalog)
    let item = try reader.item(from: example.line, id: PlanningID(rawValue: "a"), addedOn: F.today)
    #expect(item.foodID == example.food)
    #expect(item.amount == example.amount)
    #expect(reader.read(example.line).language == example.language)
  }

  @Test func aLanguageGivenWins() {
    let reader = PantryLineReader(catalog: F.catalog)
    let reading = reader.read("2 EL Olivenöl", language: .german)
    #expect(reading.language == .german)
    #expect(reading.foodID == "olive-oil")
    #expect(reading.parsed.unit == "tbsp")
  }

  @Test func aLineNoLanguageKnowsStaysEnglishWithoutAFood() throws {
    let reader = PantryLineReader(catalog: F.catalog)
    let reading = reader.read("3 birthday candles")
    #expect(reading.language == .english)
    #expect(reading.foodID == nil)
  }
}
