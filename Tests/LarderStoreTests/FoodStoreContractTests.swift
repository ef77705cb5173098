import Foundation
import LarderCore
import LarderTestSupport
import Testing

/// The behaviour every FoodStore must have, checked against each implementation.
@Suite struct FoodStoreContractTests {
  let household = HouseholdID.default
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  @Test(arguments: StoreKind.allCases)
  func newStoreHasNoUserFoods(kind: StoreKind) throws {
    let store = try kind.makeFoodStore()
    #expect(try store.userFoods(household: household).isEmpty)
  }

  @Test(arguments: StoreKind.allCases)
  func savedFoodsReadBackWholeAndInOrder(kind: StoreKind) throws {
    let store = try kind.makeFoodStore()
    let sumac = Food(
      id: "sumac-blend", name: "sumac blend", synonyms: ["house sumac"], parentID: "spice",
      aisle: .spices, densityGramsPerMillilitre: 0.5)
    let yuzu = Food(id: "yuzu-kosho", name: "yuzu kosho", aisle: .condiments)
    try store.saveUserFood(sumac, household: household, now: now)
    try store.saveUserFood(yuzu, household: household, now: now)
    #expect(try store.userFoods(household: household).foods == [sumac, yuzu])
  }

  @Test(arguments: StoreKind.allCases)
  func savingTheSameIDReplacesTheFood(kind: StoreKind) throws {
    let store = try kind.makeFoodStore()
    try store.saveUserFood(Food(id: "tomato", name: "tomato"), household: household, now: now)
    let moved = Food(id: "tomato", name: "tomato", aisle: .canned)
    try store.saveUserFood(moved, household: household, now: now)
    #expect(try store.userFoods(household: household).foods == [moved])
  }

  @Test(arguments: StoreKind.allCases)
  func synonymsAreUniqueWithoutRegardToCase(kind: StoreKind) throws {
    let store = try kind.makeFoodStore()
    try store.saveSynonym(
      UserSynonym("Courgette", foodID: "zucchini"), household: household, now: now)
    try store.saveSynonym(
      UserSynonym("courgette", foodID: "cucumber"), household: household, now: now)
    let synonyms = try store.userFoods(household: household).synonyms
    #expect(synonyms.count == 1)
    #expect(synonyms.first?.foodID == "cucumber")
    try store.deleteSynonym("COURGETTE", household: household)
    #expect(try store.userFoods(household: household).synonyms.isEmpty)
  }

  @Test(arguments: StoreKind.allCases)
  func deletingAFoodDeletesItsSynonymsOnly(kind: StoreKind) throws {
    let store = try kind.makeFoodStore()
    try store.saveUserFood(Food(id: "nduja", name: "nduja"), household: household, now: now)
    try store.saveSynonym(
      UserSynonym("spreadable salami", foodID: "nduja"), household: household, now: now)
    try store.saveSynonym(
      UserSynonym("courgette", foodID: "zucchini"), household: household, now: now)
    try store.deleteUserFood(id: "nduja", household: household)
    let user = try store.userFoods(household: household)
    #expect(user.foods.isEmpty)
    #expect(user.synonyms == [UserSynonym("courgette", foodID: "zucchini")])
  }

  @Test(arguments: StoreKind.allCases)
  func deletingWhatIsNotThereNamesIt(kind: StoreKind) throws {
    let store = try kind.makeFoodStore()
    #expect(throws: LarderCoreError.foodNotFound("nope")) {
      try store.deleteUserFood(id: "nope", household: household)
    }
    #expect(throws: LarderCoreError.foodNotFound("nada")) {
      try store.deleteSynonym("nada", household: household)
    }
  }
}
