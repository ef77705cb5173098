import Foundation
import LarderCore
import Testing

/// Shopping amounts a shopper can use (issue 21, item 5): every unit kept through merging,
/// large spoon totals shown by weight or in cups, household items kept apart from foods,
/// checked lines merged into the pantry where they belong.
@Suite struct ShoppingAmountsTests {
  typealias F = PlanningFixtures

  func line(_ lines: [String], format: MeasureFormat) -> [String] {
    F.list(
      lines.enumerated().map { index, text in
        RecipePortion(recipe: F.recipe("Recipe \(index)", text))
      }
    ).map { $0.text(format) }
  }

  @Test func centimetresOfGingerKeepTheirUnitWhenMergedWithPieces() {
    #expect(line(["5 cm ginger", "1 piece ginger"], format: .metric) == ["5 cm + 1 piece ginger"])
    #expect(line(["5cm ginger", "2 cm ginger"], format: .us) == ["7 cm ginger"])
    #expect(line(["2 eggs", "1 egg"], format: .us) == ["3 eggs"])
  }

  @Test(arguments: [
    ("13 tbsp unsalted butter", MeasureFormat.metric, "185 g unsalted butter"),
    ("13 tbsp unsalted butter", MeasureFormat.us, "6½ oz unsalted butter"),
    ("15.5 tbsp sugar", MeasureFormat.metric, "195 g sugar"),
    ("13 tbsp olive oil", MeasureFormat.us, "¾ cup + 1 tbsp olive oil"),
    ("15.5 tbsp olive oil", MeasureFormat.us, "1 cup olive oil"),
    ("13 tbsp olive oil", MeasureFormat.metric, "190 ml olive oil"),
    ("3 tbsp olive oil", MeasureFormat.us, "3 tbsp olive oil"),
    ("3 tbsp sugar", MeasureFormat.metric, "3 tbsp sugar"),
  ])
  func largeSpoonTotalsAreShownByWeightOrInCups(
    text: String, format: MeasureFormat, expected: String
  ) {
    #expect(line([text], format: format) == [expected])
  }

  @Test func theSharedTextShowsTheSameAmounts() {
    let list = F.list([RecipePortion(recipe: F.recipe("Cake", "13 tbsp unsalted butter"))])
    #expect(ShoppingListView(list).plainText(.metric).contains("[ ] 185 g unsalted butter"))
  }
}

/// Household things on a shopping list are not foods.
@Suite struct HouseholdItemsTests {
  @Test(arguments: [
    "kitchen roll", "2 rolls of kitchen roll", "paper towels", "foil", "tin foil", "cling film",
    "bin bags", "washing-up liquid", "Washing up liquid",
  ])
  func householdItemsAreNotMatchedToAFood(name: String) {
    #expect(FoodCatalog.bundled.match(name) == nil)
  }

  @Test(arguments: [
    ("bread roll", "bread-roll"), ("bread rolls", "bread-roll"), ("baby spinach", "baby-spinach"),
    ("banana", "banana"), ("unsalted butter", "unsalted-butter"), ("rolled oats", "oats"),
  ])
  func realFoodsStillMatch(name: String, food: String) {
    #expect(FoodCatalog.bundled.match(name)?.foodID == food)
  }

  /// A household item is a run of whole words of the name, wherever it is: not part of a
  /// word, and not its words apart.
  @Test func aPhraseIsARunOfWholeWords() {
    for name in ["a roll of Tin-Foil, please", "foil", "2 x washing up liquid", "BIN BAGS (50)"] {
      #expect(HouseholdItems.contains(name), "\(name)")
    }
    for name in ["", "kitchen", "foiled", "bin of bags", "liquid washing up"] {
      #expect(!HouseholdItems.contains(name), "\(name)")
    }
  }

  @Test func kitchenRollOnTheListIsFiledUnderOther() {
    let list = PlanningFixtures.list([
      RecipePortion(recipe: PlanningFixtures.recipe("Picnic", "1 kitchen roll", "4 bread rolls"))
    ])
    let roll = list.first { $0.name.contains("kitchen") }
    #expect(roll?.foodID == nil)
    #expect(roll?.aisle == nil)
    #expect(list.contains { $0.foodID == "bread-roll" && $0.aisle == .bakery })
  }
}

/// Checked lines join the pantry where they belong.
@Suite struct CheckedToPantryTests {
  typealias F = PlanningFixtures

  func move(
    _ lines: [String], into pantry: [PantryItem], expiresOn: CalendarDay? = nil
  ) -> PlanningChanges {
    var list = F.list(
      lines.enumerated().map { index, text in
        RecipePortion(recipe: F.recipe("Recipe \(index)", text))
      })
    for index in list.indices { list[index].isChecked = true }
    let counter = F.Counter()
    return ShoppingToPantry.changes(
      items: list, pantry: pantry, today: F.today, catalog: F.catalog, expiresOn: expiresOn,
      makeID: { PlanningID(rawValue: "new\(counter.id())") })
  }

  @Test func aFoodThePantryHasJoinsItsItemWhateverTheAmounts() throws {
    let pantry = try F.pantry("baby spinach", "1 bag rocket", "100 g cheddar")
    let changes = move(["200 g baby spinach", "100 g rocket", "50 g cheddar"], into: pantry)
    #expect(changes.savePantryItems.count == 3)
    #expect(changes.savePantryItems.allSatisfy { $0.id.rawValue.hasPrefix("p") })
    let spinach = try #require(changes.savePantryItems.first { $0.foodID == "baby-spinach" })
    #expect(spinach.amount == Measure(quantity: 200, unit: .gram))
    let rocket = try #require(changes.savePantryItems.first { $0.foodID == "arugula" })
    #expect(rocket.amount?.unit?.id == "bag")
    #expect(rocket.note == "also 100 g")
    let cheddar = try #require(changes.savePantryItems.first { $0.foodID == "cheddar" })
    #expect(cheddar.amount == Measure(quantity: 150, unit: .gram))
  }

  @Test(arguments: [
    ("6 bananas", "counter"), ("4 tomatoes", "counter"), ("200 g baby spinach", "fridge"),
    ("500 g frozen peas", "freezer"), ("1 l milk", "fridge"), ("300 g rice", "cupboard"),
  ])
  func newItemsGoWhereTheFoodIsKept(line: String, location: String) {
    let changes = move([line], into: [])
    #expect(changes.savePantryItems.map(\.location.rawValue) == [location])
  }

  @Test func anExpiryDatesNewItemsAndKeepsTheEarlierDateOnJoinedOnes() throws {
    let pantry = try F.pantry("1 l milk", expires: ["1 l milk": "2026-12-05"])
    let changes = move(
      ["500 ml milk", "200 g baby spinach"], into: pantry, expiresOn: CalendarDay("2026-12-08"))
    let milk = try #require(changes.savePantryItems.first { $0.foodID == "milk" })
    #expect(milk.expiresOn == CalendarDay("2026-12-05"))
    let spinach = try #require(changes.savePantryItems.first { $0.foodID == "baby-spinach" })
    #expect(spinach.expiresOn == CalendarDay("2026-12-08"))
  }
}
