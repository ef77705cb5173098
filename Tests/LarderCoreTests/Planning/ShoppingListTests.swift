import Foundation
import LarderCore
import Testing

/// Recipes and pantries built from ingredient lines, read by the real parser and catalog.
enum PlanningFixtures {
  static let catalog = FoodCatalog.bundled
  static let today = CalendarDay("2026-12-03")!

  static func recipe(_ name: String, serves: Double? = nil, _ lines: String...) -> Recipe {
    var recipe = Recipe(name: name)
    recipe.id = RecipeID(rawValue: name.lowercased())
    recipe.yield = serves.map { RecipeYield(servings: $0) }
    recipe.ingredientSections = [IngredientSection(lines: lines.map { IngredientLine(text: $0) })]
    return recipe
  }

  static func pantry(_ lines: String..., expires: [String: String] = [:]) throws -> [PantryItem] {
    let reader = PantryLineReader(catalog: catalog)
    return try lines.enumerated().map { index, line in
      try reader.item(
        from: line, id: PlanningID(rawValue: "p\(index)"), addedOn: today,
        expiresOn: expires[line].flatMap(CalendarDay.init))
    }
  }

  /// Numbered ids, so tests see which line got which.
  final class Counter: @unchecked Sendable {
    // Safe: used from one test's thread only.
    var next = 0
    func id() -> PlanningID {
      next += 1
      return PlanningID(rawValue: "id\(next)")
    }
  }

  static func list(
    _ portions: [RecipePortion], pantry: [PantryItem] = [], staples: Bool = false
  ) -> [ShoppingListItem] {
    let counter = Counter()
    return ShoppingListBuilder(catalog: catalog).build(
      portions, pantry: pantry, includeStaples: staples, makeID: counter.id)
  }
}

/// The shopping list: merging across units, scaling, subtracting the pantry, aisles, sharing.
@Suite struct ShoppingListTests {
  typealias F = PlanningFixtures

  func millilitres(_ measure: Measure, density: Double? = nil) throws -> Double {
    try measure.converted(to: .millilitre, density: density).quantity
  }

  @Test func aCupAndTwoHundredFiftyMillilitresOfMilkAreOneLine() throws {
    let list = F.list([
      RecipePortion(recipe: F.recipe("Pancakes", "1 cup milk")),
      RecipePortion(recipe: F.recipe("Custard", "250 ml milk")),
    ])
    try #require(list.count == 1)
    let milk = list[0]
    #expect(milk.foodID == "milk")
    #expect(milk.amounts.count == 1)
    #expect(abs(try millilitres(milk.amounts[0]) - 486.588) < 0.01)
    #expect(milk.recipes.map(\.name) == ["Pancakes", "Custard"])
    #expect(milk.text(.us) == "2 cups milk")
    #expect(milk.text(.metric).hasSuffix("ml milk"))
  }

  /// The parser names a food with its piece words in the singular ("cocktail stick"); a line
  /// the catalog has no food for is listed in the words the recipe wrote.
  @Test func aRecipeLineWithoutAFoodKeepsItsWordsOnTheList() throws {
    let list = F.list([
      RecipePortion(recipe: F.recipe("Canapés", "24 cocktail sticks", "4 lemon wedges"))
    ])
    let names = Set(list.map(\.name))
    #expect(names.contains("cocktail sticks"), "\(names)")
    #expect(!names.contains("cocktail stick"))
  }

  @Test func recipesInOtherLanguagesMergeWithEnglishOnes() throws {
    var kuchen = F.recipe("Kuchen", "250 ml Milch", "2 EL Zucker", "3 Eier")
    kuchen.language = .german
    // Told from its words: "dl", "mjölk" and "socker" read as Swedish.
    let pannkakor = F.recipe(
      "Pannkakor", "2,5 dl mjölk och 1 msk socker", "6 dl mjölk", "1 msk socker", "3 ägg",
      "Vispa mjölk och ägg med mjöl och en nypa salt, stek i smör.")
    let list = F.list([
      RecipePortion(recipe: kuchen), RecipePortion(recipe: pannkakor),
      RecipePortion(recipe: F.recipe("Custard", "1 cup milk")),
    ])
    let milk = try #require(list.first { $0.foodID == "milk" })
    #expect(abs(try millilitres(milk.amounts[0]) - (250 + 600 + 250 + 236.588)) < 0.1)
    let eggs = try #require(list.first { $0.foodID == "egg" })
    #expect(eggs.amounts.map(\.quantity) == [6])
    let sugar = try #require(list.first { $0.foodID == "sugar" })
    #expect(sugar.amounts.count == 1)
  }

  @Test func massAndVolumeOfOneFoodCombineThroughItsDensity() throws {
    let list = F.list([RecipePortion(recipe: F.recipe("Bread", "200 g flour", "1 cup flour"))])
    try #require(list.count == 1)
    #expect(list[0].amounts.count == 1)
    let grams = try list[0].amounts[0].converted(to: .gram, density: list[0].density).quantity
    #expect(abs(grams - (200 + 236.588 * 0.418)) < 0.1)
  }

  @Test func countsAndMassesThatCannotConvertStayApartOnOneLine() throws {
    let list = F.list([
      RecipePortion(recipe: F.recipe("Soup", "2 onions")),
      RecipePortion(recipe: F.recipe("Salsa", "200 g onion")),
    ])
    try #require(list.count == 1)
    #expect(list[0].amounts.count == 2)
    #expect(list[0].text(.metric) == "2 + 200 g onions")
  }

  @Test func servingsScaleByTheRecipesYield() throws {
    let recipe = F.recipe("Omelette", serves: 2, "3 eggs", "100 g cheddar")
    let list = F.list([RecipePortion(recipe: recipe, servings: 4)])
    let eggs = try #require(list.first { $0.foodID == "egg" })
    #expect(eggs.amounts == [Measure(quantity: 6, unit: nil)])
    let cheese = try #require(list.first { $0.foodID == "cheddar" })
    #expect(cheese.amounts == [Measure(quantity: 200, unit: .gram)])
    // Without a yield the recipe is taken as written.
    let unscaled = F.list([RecipePortion(recipe: F.recipe("Eggs", "3 eggs"), servings: 4)])
    #expect(unscaled[0].amounts == [Measure(quantity: 3, unit: nil)])
  }

  @Test func thePantryIsTakenOffPartialAmountsIncluded() throws {
    let pantry = try F.pantry("500 g rice", "2 cups milk")
    let list = F.list(
      [RecipePortion(recipe: F.recipe("Pilaf", "750 g rice", "1 cup milk", "1 onion"))],
      pantry: pantry)
    #expect(list.map(\.name) == ["onion", "rice"])
    let rice = try #require(list.first { $0.foodID == "rice" })
    #expect(rice.amounts == [Measure(quantity: 250, unit: .gram)])
    #expect(rice.inPantry == [Measure(quantity: 500, unit: .gram)])
    #expect(rice.text(.metric) == "250 g rice")
  }

  @Test func aPantryItemOfAKindOfTheFoodCountsButAnAmountlessOneTakesNothingOff() throws {
    let pantry = try F.pantry("200 g cheddar", "eggs")
    let list = F.list(
      [RecipePortion(recipe: F.recipe("Toastie", "300 g cheese", "2 eggs", "salt"))],
      pantry: pantry)
    let cheese = try #require(list.first { $0.foodID == "cheese" })
    #expect(cheese.amounts == [Measure(quantity: 100, unit: .gram)])
    let eggs = try #require(list.first { $0.foodID == "egg" })
    #expect(eggs.amounts == [Measure(quantity: 2, unit: nil)])
    #expect(!list.contains { $0.foodID == "salt" })
  }

  @Test func plainButterInThePantryIsTakenOffUnsaltedButter() throws {
    let pantry = try F.pantry("250 g butter")
    let list = F.list(
      [RecipePortion(recipe: F.recipe("Shortbread", "300 g unsalted butter", "1 onion"))],
      pantry: pantry)
    let butter = try #require(list.first { $0.foodID == "unsalted-butter" })
    #expect(butter.amounts == [Measure(quantity: 50, unit: .gram)])
  }

  @Test func foodsTheCatalogDoesNotKnowMergeAndSubtractByName() throws {
    let pantry = [
      PantryItem(
        id: PlanningID(rawValue: "f"), name: "frobnicator", amount: Measure(quantity: 1, unit: nil),
        addedOn: F.today)
    ]
    let list = F.list(
      [
        RecipePortion(recipe: F.recipe("A", "2 frobnicator")),
        RecipePortion(recipe: F.recipe("B", "2 Frobnicator")),
      ], pantry: pantry)
    try #require(list.count == 1)
    #expect(list[0].foodID == nil)
    #expect(list[0].amounts == [Measure(quantity: 3, unit: nil)])
  }

  @Test func staplesAndOptionalLinesAreLeftOutUnlessAsked() throws {
    let recipe = F.recipe("Soup", "1 tsp salt", "1 onion", "parsley, for garnish")
    #expect(F.list([RecipePortion(recipe: recipe)]).map(\.name) == ["onion"])
    let withStaples = F.list([RecipePortion(recipe: recipe)], staples: true)
    #expect(withStaples.map(\.name) == ["onion", "salt"])
    #expect(withStaples.first { $0.name == "salt" }?.isStaple == true)
  }

  @Test func linesComeGroupedByAisleInShopOrder() throws {
    let recipe = F.recipe(
      "Everything", "1 cup flour", "2 eggs", "1 tomato", "500 g chicken thighs", "frobnicator")
    let list = F.list([RecipePortion(recipe: recipe)])
    #expect(list.map(\.aisle) == [.produce, .meatAndSeafood, .dairyAndEggs, .baking, nil])
    let view = ShoppingListView(list)
    #expect(
      view.groups.map(\.title) == ["Produce", "Meat & seafood", "Dairy & eggs", "Baking", "Other"])
  }

  @Test func theListSharesAsPlainText() throws {
    var list = F.list([
      RecipePortion(recipe: F.recipe("Soup", "2 onions", "1 cup milk", "1 tsp salt"))
    ])
    list[0].isChecked = true
    list.append(ShoppingListItem(id: PlanningID(rawValue: "m"), name: "candles", isManual: true))
    let text = ShoppingListView(list).plainText(.us)
    #expect(
      text == """
        Shopping list

        Produce
        [x] 2 onions

        Dairy & eggs
        [ ] 1 cup milk

        Other
        [ ] candles

        """)
    #expect(ShoppingListView([]).plainText(.metric).contains("Nothing to buy."))
  }

  @Test func checkedLinesMoveIntoThePantryJoiningItemsOfTheSameFood() throws {
    let pantry = try F.pantry("500 ml milk")
    var list = F.list([
      RecipePortion(recipe: F.recipe("Pilaf", "1 l milk", "300 g rice", "2 onions"))
    ])
    for index in list.indices where list[index].foodID != "onion" { list[index].isChecked = true }
    let counter = F.Counter()
    let changes = ShoppingToPantry.changes(
      items: list, pantry: pantry, today: F.today, catalog: F.catalog,
      makeID: { PlanningID(rawValue: "new\(counter.id())") })
    #expect(Set(changes.deleteShoppingListItems) == Set(list.filter(\.isChecked).map(\.id)))
    let milk = try #require(changes.savePantryItems.first { $0.foodID == "milk" })
    #expect(milk.id == pantry[0].id)
    #expect(abs(try millilitres(milk.amount!) - 1500) < 0.001)
    let rice = try #require(changes.savePantryItems.first { $0.foodID == "rice" })
    #expect(rice.amount == Measure(quantity: 300, unit: .gram))
    #expect(rice.location == .cupboard)
    #expect(rice.addedOn == F.today)
    #expect(!changes.savePantryItems.contains { $0.foodID == "onion" })
  }
}
