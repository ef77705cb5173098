import Foundation
import LarderCore
import Testing

@Suite struct UserFoodsTests {
  let catalog = FoodCatalog.bundled

  @Test func userFoodIsMatchedAndPlacedInTheTaxonomy() throws {
    let user = UserFoods(foods: [
      Food(
        id: "sudachi", name: "sudachi", pluralName: "sudachis", synonyms: ["sudachi lime"],
        parentID: "citrus")
    ])
    let (custom, problems) = catalog.customized(with: user)
    #expect(problems.isEmpty)
    #expect(catalog.match("sudachi") == nil)
    #expect(custom.match("3 sudachis, juiced")?.foodID == "sudachi")
    #expect(custom.match("sudachi lime")?.foodID == "sudachi")
    #expect(custom.isDescendant("sudachi", of: "fruit"))
    #expect(custom.count == catalog.count + 1)
  }

  @Test func parentsSavedAfterTheirChildrenStillApply() {
    let user = UserFoods(foods: [
      Food(id: "grandmas-spice-mix", name: "grandma's spice mix", parentID: "house-blends"),
      Food(id: "house-blends", name: "house blends"),
    ])
    let (custom, problems) = catalog.customized(with: user)
    #expect(problems.isEmpty)
    #expect(custom.isDescendant("grandmas-spice-mix", of: "house-blends"))
  }

  @Test func whatCannotBeAppliedIsReportedNotDropped() {
    let user = UserFoods(
      foods: [Food(id: "orphan", name: "orphan food", parentID: "no-such-parent")],
      synonyms: [UserSynonym("thing", foodID: "no-such-food")])
    let (custom, problems) = catalog.customized(with: user)
    #expect(problems.count == 2)
    #expect(problems[0].contains("'orphan'") && problems[0].contains("no-such-parent"))
    #expect(problems[1].contains("'thing'") && problems[1].contains("no-such-food"))
    #expect(custom.count == catalog.count)
  }

  @Test func synonymWinsOverTheCatalogsOwnMeaning() throws {
    let tomato = try #require(catalog.match("courgette")).foodID
    #expect(tomato == "zucchini")
    let (custom, _) = catalog.customized(
      with: UserFoods(synonyms: [UserSynonym("courgette", foodID: "cucumber")]))
    #expect(custom.match("courgettes")?.foodID == "cucumber")
  }

  @Test func aUserNameKeepsPriorityWhateverOrderFoodsWereSavedIn() {
    let mine = Food(id: "my-zucchini", name: "zucchini")
    let moved = Food(id: "tomato", name: "tomato", pluralName: "tomatoes", aisle: .canned)
    for order in [[mine, moved], [moved, mine]] {
      let (custom, problems) = catalog.customized(with: UserFoods(foods: order))
      #expect(problems.isEmpty)
      #expect(custom.match("zucchini")?.foodID == "my-zucchini", "\(order.map(\.id))")
      #expect(custom.food(id: "tomato")?.aisle == .canned)
    }
  }

  @Test func slugsAreLowercaseWordsJoinedByDashes() {
    #expect(FoodCatalog.slug(for: "Pink Peppercorn") == "pink-peppercorn")
    #expect(FoodCatalog.slug(for: "  Grandma's  Mix! ") == FoodCatalog.slug(for: "grandma's mix"))
  }
}
