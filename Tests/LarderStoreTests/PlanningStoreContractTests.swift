import Foundation
import LarderCore
import LarderTestSupport
import Testing

/// The behaviour every PlanningStore must have, checked against each implementation.
@Suite struct PlanningStoreContractTests {
  let household = HouseholdID.default
  let today = CalendarDay("2026-12-01")!

  func item(_ name: String, expires: String? = nil, id: String? = nil) -> PantryItem {
    PantryItem(
      id: PlanningID(rawValue: id ?? name), name: name, foodID: name,
      amount: Measure(quantity: 500, unit: .gram), location: .fridge, addedOn: today,
      expiresOn: expires.flatMap(CalendarDay.init))
  }

  func entry(_ id: String, _ date: String, _ meal: Meal) -> MealPlanEntry {
    MealPlanEntry(
      id: PlanningID(rawValue: id), date: CalendarDay(date)!, meal: meal,
      recipeID: RecipeID(rawValue: "r-\(id)"), servings: 2, note: "n")
  }

  @Test(arguments: StoreKind.allCases)
  func pantryItemsReadBackSoonestExpiryFirstAndUndatedLast(kind: StoreKind) throws {
    let store = try kind.makePlanningStore()
    var changes = PlanningChanges()
    changes.savePantryItems = [
      item("rice"), item("milk", expires: "2026-12-05"), item("cream", expires: "2026-12-02"),
      item("apple"),
    ]
    try store.apply(changes, household: household)
    let read = try store.pantryItems(household: household)
    #expect(read.map(\.name) == ["cream", "milk", "apple", "rice"])
    #expect(read[1] == item("milk", expires: "2026-12-05"))
  }

  @Test(arguments: StoreKind.allCases)
  func updatesAtOnceReadAndWriteWithoutLosingOne(kind: StoreKind) throws {
    let store = try kind.makePlanningStore()
    try store.savePantryItem(item("rice"), household: household)
    let failures = Recorder<String>()
    // Eight writers each take 2 g twenty times: read, work out, write. Any write between
    // another's read and write would lose a deduction.
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<20 {
        do {
          try store.update(household: household) { stored in
            var rice = try #require(stored.pantry.first { $0.id.rawValue == "rice" })
            rice.amount = Measure(quantity: (rice.amount?.quantity ?? 0) - 2, unit: .gram)
            return (PlanningChanges(savePantryItems: [rice]), ())
          }
        } catch {
          failures.append("\(error)")
        }
      }
    }
    #expect(failures.all.isEmpty, "\(failures.all)")
    let rice = try #require(
      try store.pantryItem(id: PlanningID(rawValue: "rice"), household: household))
    #expect(rice.amount == Measure(quantity: 500 - 8 * 20 * 2, unit: .gram))
  }

  @Test(arguments: StoreKind.allCases)
  func anUpdateThatThrowsChangesNothing(kind: StoreKind) throws {
    let store = try kind.makePlanningStore()
    try store.savePantryItem(item("rice"), household: household)
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      try store.update(household: household) { stored -> (PlanningChanges, Void) in
        #expect(stored.pantry.map(\.name) == ["rice"])
        throw Refused()
      }
    }
    #expect(throws: LarderCoreError.self) {
      try store.update(household: household) { _ in
        (
          PlanningChanges(
            savePantryItems: [item("milk")], deletePantryItems: [PlanningID(rawValue: "gone")]), ()
        )
      }
    }
    #expect(try store.pantryItems(household: household).map(\.name) == ["rice"])
  }

  @Test(arguments: StoreKind.allCases)
  func savingAKnownIdReplacesTheItem(kind: StoreKind) throws {
    let store = try kind.makePlanningStore()
    try store.savePantryItem(item("milk"), household: household)
    var changed = item("milk")
    changed.amount = Measure(quantity: 1, unit: .litre)
    changed.location = PantryLocation(rawValue: "Cellar")!
    try store.savePantryItem(changed, household: household)
    let read = try store.pantryItems(household: household)
    #expect(read == [changed])
    #expect(read[0].location.rawValue == "cellar")
  }

  @Test(arguments: StoreKind.allCases)
  func aFailedChangeSetChangesNothing(kind: StoreKind) throws {
    let store = try kind.makePlanningStore()
    try store.savePantryItem(item("milk"), household: household)
    var changes = PlanningChanges()
    changes.savePantryItems = [item("eggs")]
    changes.deletePantryItems = [PlanningID(rawValue: "milk"), PlanningID(rawValue: "ghost")]
    #expect(throws: LarderCoreError.notFound(kind: "pantry item", id: "ghost")) {
      try store.apply(changes, household: household)
    }
    #expect(try store.pantryItems(household: household).map(\.name) == ["milk"])
  }

  @Test(arguments: StoreKind.allCases)
  func invalidRecordsAreRefusedWithTheirField(kind: StoreKind) throws {
    let store = try kind.makePlanningStore()
    #expect(throws: LarderCoreError.missingField(field: "name")) {
      try store.savePantryItem(item("  ", id: "blank"), household: household)
    }
    var bad = entry("e", "2026-12-01", .dinner)
    bad.servings = 0
    #expect(throws: LarderCoreError.self) {
      try store.saveMealPlanEntry(bad, household: household)
    }
    #expect(try store.pantryItems(household: household).isEmpty)
  }

  @Test(arguments: StoreKind.allCases)
  func mealPlanIsReadByInclusiveDateRangeInDayAndMealOrder(kind: StoreKind) throws {
    let store = try kind.makePlanningStore()
    var changes = PlanningChanges()
    changes.saveMealPlanEntries = [
      entry("a", "2026-12-02", .dinner), entry("b", "2026-12-02", .breakfast),
      entry("c", "2026-12-01", .snack), entry("d", "2026-12-08", .lunch),
      entry("e", "2026-11-30", .lunch),
    ]
    try store.apply(changes, household: household)
    let week = try store.mealPlanEntries(
      from: CalendarDay("2026-12-01")!, through: CalendarDay("2026-12-07")!,
      household: household)
    #expect(week.map(\.id.rawValue) == ["c", "b", "a"])
    #expect(week[2] == entry("a", "2026-12-02", .dinner))
    try store.deleteMealPlanEntry(id: PlanningID(rawValue: "b"), household: household)
    #expect(
      try store.mealPlanEntries(
        from: CalendarDay("2026-01-01")!, through: CalendarDay("2026-12-31")!,
        household: household
      ).map(\.id.rawValue) == ["e", "c", "a", "d"])
  }

  @Test(arguments: StoreKind.allCases)
  func shoppingListKeepsItsOrderAndRegeneratingKeepsManualLines(kind: StoreKind) throws {
    let store = try kind.makePlanningStore()
    let milk = ShoppingListItem(
      id: PlanningID(rawValue: "1"), name: "milk", foodID: "milk", aisle: .dairyAndEggs,
      amounts: [Measure(quantity: 1, unit: .cup), Measure(quantity: 2, unit: nil)],
      density: 1.03, recipes: [ShoppingRecipeRef(id: RecipeID(rawValue: "r"), name: "Pancakes")])
    let candles = ShoppingListItem(id: PlanningID(rawValue: "2"), name: "candles", isManual: true)
    let eggs = ShoppingListItem(id: PlanningID(rawValue: "3"), name: "eggs")
    try store.saveShoppingListItems([milk, candles, eggs], household: household)
    var checked = milk
    checked.isChecked = true
    try store.saveShoppingListItems([checked], household: household)
    #expect(try store.shoppingListItems(household: household) == [checked, candles, eggs])

    var regenerate = PlanningChanges()
    regenerate.clearGeneratedShoppingItems = true
    let flour = ShoppingListItem(id: PlanningID(rawValue: "4"), name: "flour")
    regenerate.saveShoppingListItems = [flour]
    try store.apply(regenerate, household: household)
    #expect(try store.shoppingListItems(household: household) == [candles, flour])
  }

  @Test(arguments: StoreKind.allCases)
  func recordsBelongToTheirHousehold(kind: StoreKind) throws {
    let store = try kind.makePlanningStore()
    let other = HouseholdID(rawValue: "other")
    try store.savePantryItem(item("milk"), household: household)
    try store.saveMealPlanEntry(entry("a", "2026-12-02", .dinner), household: household)
    #expect(try store.pantryItems(household: other).isEmpty)
    #expect(
      try store.mealPlanEntries(
        from: CalendarDay("2026-12-01")!, through: CalendarDay("2026-12-31")!, household: other
      ).isEmpty)
    #expect(throws: LarderCoreError.notFound(kind: "pantry item", id: "milk")) {
      try store.deletePantryItem(id: PlanningID(rawValue: "milk"), household: other)
    }
    #expect(throws: LarderCoreError.self) {
      try store.savePantryItem(item("milk"), household: other)
    }
    #expect(try store.pantryItems(household: household) == [item("milk")])
  }
}
