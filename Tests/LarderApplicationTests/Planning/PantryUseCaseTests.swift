import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

@Suite struct PantryUseCaseTests {
  @Test func aTypedLineIsReadAndKeptWhereItsFoodUsuallyIs() throws {
    let app = try PlanningLarder()
    let added = try app.larder.addPantryItem(
      .line("2 lb chicken thighs", expiresOn: PlanningLarder.day("2026-09-24")), as: app.caller)
    #expect(added.item.id.rawValue == "id-0001")
    #expect(added.item.foodID == "chicken-thigh")
    #expect(added.item.location == .fridge)
    #expect(added.amountText == "2 lb")
    #expect(added.expiry?.text == "expires in 3 days")
    #expect(try app.planning.pantryItems(household: .default).count == 1)
  }

  @Test func aTypedLineKeepsItsWordsThoughTheParsedNameIsSingular() throws {
    let app = try PlanningLarder()
    let added = try app.larder.addPantryItem(.line("6 cinnamon sticks"), as: app.caller)
    #expect(added.item.name == "cinnamon sticks")
  }

  @Test func aLineTypedInGermanIsReadInGerman() throws {
    let app = try PlanningLarder()
    let milk = try app.larder.addPantryItem(.line("2 l Milch"), as: app.caller)
    #expect(milk.item.foodID == "milk")
    #expect(milk.item.name == "Milch")
    #expect(milk.item.location == .fridge)
    #expect(milk.item.amount == Measure(quantity: 2, unit: .litre))
    let flour = try app.larder.addPantryItem(.line("500 g Mehl"), as: app.caller)
    #expect(flour.item.foodID == "flour")
    #expect(flour.item.amount == Measure(quantity: 500, unit: .gram))
  }

  @Test func aLanguageGivenWithTheLineIsTheOneItIsReadIn() throws {
    let app = try PlanningLarder()
    // "2 el olie" reads as Dutch only when told: alone it says too little.
    let oil = try app.larder.addPantryItem(
      NewPantryItem(line: "2 el olie", language: .dutch), as: app.caller)
    #expect(oil.item.amount == Measure(quantity: 2, unit: .tablespoon))
    #expect(oil.item.foodID != nil)
  }

  @Test func anItemGivenByNameIsMatchedToAFood() throws {
    let app = try PlanningLarder()
    let added = try app.larder.addPantryItem(
      NewPantryItem(
        fields: PantryItemChange(
          name: "Milk", quantity: 1,
          unit: .set(try FieldValues.unit("litre", field: Field("unit"))),
          note: .set("semi-skimmed"))),
      display: PlanningDisplay(units: .metric), as: app.caller)
    #expect(added.item.foodID == "milk")
    #expect(added.item.location == .fridge)
    #expect(added.item.addedOn == PlanningLarder.day("2026-09-21"))
    #expect(added.amountText == "1 l")
    #expect(added.item.note == "semi-skimmed")
  }

  @Test(arguments: [
    (NewPantryItem(), ApplicationError.missingValue(Field("name"))),
    (
      NewPantryItem(line: "2 eggs", fields: PantryItemChange(name: "eggs")),
      ApplicationError.refusedValue(
        Field("name"), value: "eggs", reason: "give either 'line' or 'name', not both")
    ),
    (
      NewPantryItem(fields: PantryItemChange(name: "milk", food: .set("unobtainium"))),
      ApplicationError.unknownFood(Field("food"), name: "unobtainium")
    ),
    (
      NewPantryItem(fields: PantryItemChange(name: "milk", quantity: -1)),
      ApplicationError.invalidValue(
        Field("quantity"), value: "-1", expected: "a number from 0 to 1000000")
    ),
  ])
  func aBadItemIsRefusedNamingTheField(request: NewPantryItem, expected: ApplicationError) throws {
    let app = try PlanningLarder()
    let error = #expect(throws: ApplicationError.self) {
      try app.larder.addPantryItem(request, as: app.caller)
    }
    #expect(error == expected)
    #expect(try app.planning.pantryItems(household: .default).isEmpty)
  }

  @Test func aLineLarderCannotReadNamesTheLine() throws {
    let app = try PlanningLarder()
    let error = #expect(throws: ApplicationError.self) {
      try app.larder.addPantryItem(.line("2 cups"), as: app.caller)
    }
    #expect(error?.description.contains("'line'") == true, "\(String(describing: error))")
  }

  @Test func thePantryIsListedSoonestExpiryFirstAsOfTheCallersToday() throws {
    let app = try PlanningLarder()
    try app.stock("1 kg rice")
    _ = try app.larder.addPantryItem(
      .line("1 l milk", expiresOn: PlanningLarder.day("2026-09-20")), as: app.caller)
    _ = try app.larder.addPantryItem(
      .line("6 eggs", location: PantryLocation(rawValue: "Cellar")), as: app.caller)
    let list = try app.larder.pantry(PantryListRequest(), as: app.caller)
    #expect(list.today == PlanningLarder.day("2026-09-21"))
    #expect(list.items.map(\.item.name) == ["milk", "eggs", "rice"])
    #expect(list.items[0].expiry?.text == "expired yesterday")
    let cellar = try app.larder.pantry(
      PantryListRequest(location: PantryLocation(rawValue: "cellar")), as: app.caller)
    #expect(cellar.items.map(\.item.name) == ["eggs"])
    // At 07:13 in Los Angeles it is already the 22nd in Kiritimati (UTC+14).
    let kiritimati = try app.larder.pantry(
      PantryListRequest(),
      display: PlanningDisplay(timeZone: TimeZone(identifier: "Pacific/Kiritimati")),
      as: app.caller)
    #expect(kiritimati.today == PlanningLarder.day("2026-09-22"))
  }

  @Test func anItemIsFoundByAUniqueStartOfItsID() throws {
    let app = try PlanningLarder()
    try app.stock("1 kg rice", "6 eggs")
    #expect(try app.larder.pantryItem(id: "id-0002", as: app.caller).item.name == "eggs")
    let ambiguous = #expect(throws: ApplicationError.self) {
      try app.larder.pantryItem(id: "id-0", as: app.caller)
    }
    #expect(ambiguous == .ambiguousID(.pantryItem, id: "id-0", matches: 2))
    let missing = #expect(throws: ApplicationError.self) {
      try app.larder.pantryItem(id: "nope", as: app.caller)
    }
    #expect(missing == .notFound(.pantryItem, id: "nope"))
  }

  @Test func changingOnlyTheUnitKeepsAStoredRange() throws {
    let app = try PlanningLarder()
    try app.stock("2-3 lb potatoes")
    let kilograms = try app.larder.editPantryItem(
      id: "id-0001", PantryItemChange(unit: .set(.kilogram)), as: app.caller)
    #expect(kilograms.item.amount == Measure(quantity: 2, quantityMax: 3, unit: .kilogram))
    // A new quantity replaces the range unless a new upper end comes with it.
    let four = try app.larder.editPantryItem(
      id: "id-0001", PantryItemChange(quantity: 4), as: app.caller)
    #expect(four.item.amount == Measure(quantity: 4, unit: .kilogram))
    let backwards = #expect(throws: ApplicationError.self) {
      try app.larder.editPantryItem(
        id: "id-0001", PantryItemChange(quantity: 5, quantityMax: 4), as: app.caller)
    }
    #expect(backwards?.description.contains("'quantityMax'") == true)
  }

  @Test func aUnitIsReadByItsAliasesFromJSONAndFromText() throws {
    let app = try PlanningLarder()
    try app.stock("2 tbsp butter")
    let json = try PantryItemChange.decode(json: Data(#"{"unit": "teaspoons"}"#.utf8))
    #expect(json.unit == .set(IngredientUnit.unit(id: "tsp")!))
    let typed = PantryItemChange(
      unit: .set(try FieldValues.unit("tablespoons", field: Field("unit"))))
    let edited = try app.larder.editPantryItem(id: "id-0001", typed, as: app.caller)
    #expect(edited.item.amount?.unit == .tablespoon)
  }

  @Test func anEditChangesOnlyWhatItNamesAndNullClearsTheExpiryAndNote() throws {
    let app = try PlanningLarder()
    _ = try app.larder.addPantryItem(
      .line("500 g flour", expiresOn: PlanningLarder.day("2026-10-01")), as: app.caller)
    let noted = try app.larder.editPantryItem(
      id: "id-0001", try PantryItemChange.decode(json: Data(#"{"note": "open bag"}"#.utf8)),
      as: app.caller)
    #expect(noted.item.note == "open bag")
    #expect(noted.item.expiresOn == PlanningLarder.day("2026-10-01"))
    #expect(noted.item.amount == Measure(quantity: 500, unit: .gram))
    let cleared = try app.larder.editPantryItem(
      id: "id-0001",
      try PantryItemChange.decode(json: Data(#"{"note": null, "expiresOn": null}"#.utf8)),
      as: app.caller)
    #expect(cleared.item.note == nil)
    #expect(cleared.item.expiresOn == nil)
    #expect(cleared.expiry == nil)
    #expect(try app.planning.pantryItems(household: .default)[0].note == nil)
  }

  @Test func removingItemsReturnsWhatWasRemoved() throws {
    let app = try PlanningLarder()
    try app.stock("1 kg rice", "6 eggs", "1 onion")
    let removed = try app.larder.removePantryItems(["id-0001", "id-0003"], as: app.caller)
    #expect(removed.map(\.name) == ["rice", "onion"])
    #expect(try app.planning.pantryItems(household: .default).map(\.name) == ["eggs"])
  }

  @Test func deductingPreviewsFirstThenTakesOnlyWhatWasConfirmed() throws {
    let app = try PlanningLarder()
    try app.stock("2 lb chicken thighs", "3 onions", "100 g rice")
    let recipe = app.id("Chicken Bake")
    let preview = try app.larder.previewDeduction(
      DeductionPreviewRequest(recipe: recipe, servings: 2), as: app.caller)
    #expect(!preview.applied)
    #expect(preview.recipeName == "Chicken Bake")
    #expect(preview.changes.map(\.change.itemID.rawValue) == ["id-0001", "id-0002", "id-0003"])
    #expect(preview.changes[1].afterText == "1")
    #expect(preview.changes[2].change.removes)
    #expect(try app.planning.pantryItems(household: .default).count == 3)

    let done = try app.larder.deduct(
      DeductionRequest(
        recipe: recipe, items: [PlanningID(rawValue: "id-0002"), PlanningID(rawValue: "id-0003")]),
      as: app.caller)
    #expect(done.applied)
    let pantry = try app.planning.pantryItems(household: .default)
    #expect(pantry.map(\.id.rawValue) == ["id-0001", "id-0002"])
    #expect(pantry[0].amount == Measure(quantity: 2, unit: .pound))
    #expect(pantry[1].amount == Measure(quantity: 1, unit: nil))
  }

  @Test func deductionsAtTheSameTimeAllCount() throws {
    let app = try PlanningLarder()
    let onions = try #require(try app.stock("1000 onions").first).item.id
    let recipe = app.id("Chicken Bake")
    let failures = Recorder<String>()
    // Eight cooks at once, ten times each; each takes 2 onions.
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<10 {
        do {
          _ = try app.larder.deduct(
            DeductionRequest(recipe: recipe, items: [onions]), as: app.caller)
        } catch {
          failures.append("\(error)")
        }
      }
    }
    #expect(failures.all.isEmpty, "\(failures.all)")
    let left = try #require(try app.planning.pantryItem(id: onions, household: .default))
    #expect(left.amount == Measure(quantity: 1000 - 8 * 10 * 2, unit: nil))
  }

  @Test func deductingAnUnknownRecipeOrBadServingsIsRefused() throws {
    let app = try PlanningLarder()
    let unknown = #expect(throws: ApplicationError.self) {
      try app.larder.previewDeduction(
        DeductionPreviewRequest(recipe: RecipeID(rawValue: "nope")), as: app.caller)
    }
    #expect(unknown == .notFound(.recipe, id: "nope"))
    let servings = #expect(throws: ApplicationError.self) {
      try app.larder.deduct(
        DeductionRequest(recipe: app.id("Custard"), servings: 0), as: app.caller)
    }
    #expect(
      servings?.message(naming: .commandLine(options: [:]))
        == "option --servings: '0' is not a number from 0.01 to 1000")
  }

  @Test func theViewsKeepTheAPIsKeysAndWriteNulls() throws {
    let app = try PlanningLarder()
    let item = try app.larder.addPantryItem(
      NewPantryItem(fields: PantryItemChange(name: "candles")), as: app.caller)
    let object = try jsonObject(item)
    #expect(object["name"] as? String == "candles")
    #expect(object["id"] as? String == "id-0001")
    #expect(object["amountText"] is NSNull)
    #expect(object["expiry"] is NSNull)
    let deduction = try app.larder.previewDeduction(
      DeductionPreviewRequest(recipe: app.id("Custard")), as: app.caller)
    #expect(Set(try jsonObject(deduction).keys) == ["changes", "skipped", "applied"])
  }

  @Test func aLarderWithoutAPlanningStoreSaysSo() throws {
    let app = try PlanningLarder(planning: false)
    let error = #expect(throws: ApplicationError.self) {
      try app.larder.pantry(PantryListRequest(), as: app.caller)
    }
    guard case .conflict = error else {
      Issue.record("expected a conflict, got \(String(describing: error))")
      return
    }
  }
}
