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

  /// A running server's catalog remembers how it read each pantry item, and forgets it when
  /// the catalog is replaced (a food of the household's own then reads as that food).
  @Test func pantryItemsAreReadAsTheCatalogReadsThemNow() {
    let live = LiveFoodCatalog(catalog)
    let list = ["eggs, any rice", " only brown rice ", "sudachi", "", "2 cups milk"]
    let first = live.pantryTerms(list)
    #expect(first == PantryTerm.resolve(list, catalog: catalog))
    #expect(
      first.map(\.input) == ["eggs", "any rice", "only brown rice", "sudachi", "2 cups milk"])
    #expect(first[3].food == nil)
    #expect(live.pantryTerms(list) == first, "read again from memory")
    let (custom, _) = catalog.customized(
      with: UserFoods(foods: [Food(id: "sudachi", name: "sudachi", parentID: "citrus")]))
    live.replace(with: custom)
    let after = live.pantryTerms(list)
    #expect(after[3].food?.foodID == "sudachi")
    #expect(after == PantryTerm.resolve(list, catalog: custom))
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
