import Foundation
import Testing

@testable import LarderCore

/// What a home cook means by the plain foods in a pantry, read from the shipped catalog's
/// flags through the one rule, ``FoodCatalog/coverage(of:by:kinds:)``.
@Suite struct FoodCatalogPantryKindsTests {
  let catalog = FoodCatalog.bundled

  /// The pantry's food, the recipe's food, how the first gives the second (nil: it does not),
  /// and why a cook would say so.
  static let facts: [(have: String, need: String, gives: PantryCoverage?, why: String)] = [
    // Rice: its varieties are kinds; wild rice, puffed rice and rice flour are not rice.
    ("rice", "basmati-rice", .kind, "basmati is a rice"),
    ("rice", "jasmine-rice", .kind, "jasmine is a rice"),
    ("rice", "white-rice", .kind, "white rice is rice"),
    ("rice", "arborio-rice", .kind, "a risotto rice, shown to the cook as a kind"),
    ("rice", "brown-rice", .kind, "the same grain with its bran"),
    ("basmati-rice", "rice", .specific, "basmati gives a recipe's rice"),
    ("rice", "wild-rice", nil, "wild rice is a grass seed, not rice"),
    ("rice", "puffed-rice", nil, "a cereal made from rice"),
    ("rice", "rice-flour", nil, "a flour"),
    ("rice", "glutinous-rice", nil, "sticky rice is chosen"),
    // Onions and garlic.
    ("onion", "red-onion", .kind, "an onion"),
    ("onion", "white-onion", .kind, "an onion"),
    ("onion", "yellow-onion", .kind, "an onion"),
    ("yellow-onion", "onion", .specific, "a yellow onion is an onion"),
    ("onion", "onion-powder", nil, "a spice, not an onion"),
    ("onion-powder", "onion", nil, "a spice does not give an onion"),
    ("garlic", "minced-garlic", .kind, "the cook minces it"),
    ("garlic", "garlic-powder", nil, "a spice, not garlic"),
    // Salt: its grains are salt; flavoured and curing salts are not.
    ("salt", "kosher-salt", .kind, "kosher salt is salt"),
    ("salt", "sea-salt", .kind, "sea salt is salt"),
    ("salt", "flaky-sea-salt", .kind, "flaky salt is salt"),
    ("flaky-sea-salt", "salt", .specific, "flaky salt gives salt"),
    ("salt", "celery-salt", nil, "celery salt is seasoned"),
    ("celery-salt", "salt", nil, "celery salt does not season like salt"),
    ("salt", "curing-salt", nil, "curing salt holds nitrite"),
    // Potatoes.
    ("potato", "russet-potato", .kind, "a potato"),
    ("potato", "yukon-gold-potato", .kind, "a potato"),
    ("potato", "french-fries", nil, "a frozen product"),
    ("french-fries", "potato", nil, "fries are not potatoes to boil"),
    // Flour: "flour" is all-purpose; bread flour and the others are chosen on purpose.
    ("flour", "all-purpose-flour", .kind, "flour is all-purpose flour"),
    ("all-purpose-flour", "flour", .specific, "all-purpose flour is flour"),
    ("flour", "bread-flour", nil, "a yeast dough wants bread flour's protein"),
    ("bread-flour", "flour", .specific, "bread flour does for a recipe's flour"),
    ("flour", "almond-flour", nil, "ground nuts"),
    ("almond-flour", "flour", nil, "no gluten; not a wheat flour"),
    ("flour", "self-rising-flour", nil, "has baking powder in it"),
    // Dairy.
    ("butter", "unsalted-butter", .kind, "butter"),
    ("butter", "salted-butter", .kind, "butter"),
    ("cheese", "parmesan", nil, "cheese is a group: a recipe's parmesan is chosen"),
    ("parmesan", "cheese", .specific, "parmesan gives a recipe's cheese"),
    ("cheddar", "cheese", .specific, "cheddar gives a recipe's cheese"),
    ("cream-cheese", "cheese", nil, "a fresh spread, not a recipe's cheese"),
    ("milk", "whole-milk", .kind, "milk is whole milk"),
    ("milk", "skim-milk", .kind, "skim milk is milk"),
    ("milk", "buttermilk", nil, "buttermilk is cultured"),
    ("buttermilk", "milk", nil, "buttermilk is sour"),
    ("milk", "sweetened-condensed-milk", nil, "cooked down with sugar"),
    ("cream", "heavy-cream", .kind, "cream"),
    ("cream", "sour-cream", nil, "cultured"),
    ("egg", "egg-yolk", .kind, "an egg gives a yolk"),
    ("egg", "egg-white", .kind, "an egg gives a white"),
    ("egg", "quail-egg", nil, "a recipe names quail eggs for their size"),
    // Meat: chicken covers its parts, not its offal or nuggets; beef is a group of cuts.
    ("chicken", "chicken-thigh", .kind, "a thigh is chicken"),
    ("chicken", "chicken-breast", .kind, "a breast is chicken"),
    ("chicken", "chicken-wing", .kind, "a wing is chicken"),
    ("chicken", "chicken-drumstick", .kind, "a drumstick is chicken"),
    ("chicken-thigh", "chicken", .specific, "a thigh gives chicken"),
    ("chicken-thigh", "poultry", .specific, "a thigh gives poultry"),
    ("chicken", "chicken-liver", nil, "offal"),
    ("chicken-liver", "chicken", nil, "offal does not give chicken meat"),
    ("chicken", "chicken-nuggets", nil, "a frozen product"),
    ("beef", "brisket", nil, "a cut is chosen"),
    // Pepper is black pepper, not a chili; chilies are a group.
    ("pepper", "black-pepper", .kind, "salt and pepper"),
    ("black-pepper", "pepper", .specific, "black pepper is pepper"),
    ("pepper", "jalapeno", nil, "a chili, not pepper"),
    ("pepper", "white-pepper", nil, "white pepper is chosen"),
    ("pepper", "bell-pepper", nil, "a vegetable"),
    ("chili-pepper", "red-chili", .kind, "a recipe's red chili is any red chili"),
    ("chili-pepper", "jalapeno", nil, "a jalapeño is chosen"),
    ("jalapeno", "chili-pepper", .specific, "a jalapeño gives a recipe's chili"),
    // Oils.
    ("olive-oil", "extra-virgin-olive-oil", .kind, "olive oil"),
    ("extra-virgin-olive-oil", "olive-oil", .specific, "extra-virgin is olive oil"),
    ("oil", "vegetable-oil", .kind, "oil is a neutral oil"),
    ("oil", "canola-oil", .kind, "canola is a neutral oil"),
    ("oil", "sunflower-oil", .kind, "sunflower is a neutral oil"),
    ("olive-oil", "oil", .specific, "olive oil gives a recipe's oil"),
    ("oil", "olive-oil", nil, "olive oil is chosen"),
    ("oil", "sesame-oil", nil, "toasted sesame oil is a flavouring"),
    ("sesame-oil", "oil", nil, "nobody fries in toasted sesame oil"),
    // Sugar.
    ("sugar", "caster-sugar", .kind, "fine white sugar"),
    ("sugar", "brown-sugar", nil, "brown sugar is moist with molasses"),
    ("brown-sugar", "sugar", nil, "not white sugar"),
    ("sugar", "powdered-sugar", nil, "ground with starch"),
    // Tomatoes, fruit, mushrooms.
    ("tomato", "cherry-tomato", .kind, "a tomato"),
    ("tomato", "canned-tomato", .kind, "fresh tomatoes do in a cooked dish"),
    ("tomato", "tomato-paste", nil, "a concentrate"),
    ("tomato", "sun-dried-tomato", nil, "dried"),
    ("lemon", "lemon-juice", .kind, "a lemon gives its juice"),
    ("lemon", "lemon-zest", .kind, "a lemon gives its zest"),
    ("lime", "lime-juice", .kind, "a lime gives its juice"),
    ("apple", "granny-smith-apple", .kind, "an apple"),
    ("apple", "applesauce", nil, "a cooked purée"),
    ("mushroom", "button-mushroom", .kind, "mushrooms are button mushrooms"),
    ("mushroom", "shiitake-mushroom", nil, "shiitake are chosen"),
    // Everything else a cook keeps.
    ("vinegar", "white-vinegar", .kind, "vinegar is distilled white"),
    ("vinegar", "balsamic-vinegar", nil, "balsamic is chosen"),
    ("tea", "black-tea", .kind, "tea is black tea"),
    ("tea", "green-tea", nil, "green tea is chosen"),
    ("chocolate", "dark-chocolate", .kind, "baking chocolate is dark"),
    ("bread", "white-bread", .kind, "a sandwich loaf"),
    ("bread", "brioche", nil, "brioche is chosen"),
    ("bread", "bread-crumbs", nil, "crumbs are not a loaf"),
    ("pasta", "spaghetti", .kind, "a shape the cook is shown"),
    ("pasta", "udon-noodles", nil, "udon is not Italian pasta"),
    ("egg-noodles", "pasta", nil, "noodles are not pasta"),
    ("tofu", "firm-tofu", .kind, "a block of tofu"),
    ("tofu", "silken-tofu", nil, "silken tofu is chosen"),
    ("soybeans", "tofu", nil, "tofu is made from soybeans"),
    ("yeast", "nutritional-yeast", nil, "it does not raise bread"),
  ]

  @Test func theTableHoldsEnoughFactsBothWays() {
    #expect(Self.facts.filter { $0.gives != nil }.count >= 40)
    #expect(Self.facts.filter { $0.gives == nil }.count >= 40)
  }

  @Test(arguments: FoodCatalogPantryKindsTests.facts.indices)
  func aPantryFoodGivesWhatACookSays(index: Int) throws {
    let fact = Self.facts[index]
    try #require(catalog.food(id: fact.have) != nil, "no food '\(fact.have)'")
    try #require(catalog.food(id: fact.need) != nil, "no food '\(fact.need)'")
    let given = catalog.coverage(of: fact.need, by: fact.have)
    #expect(
      given == fact.gives,
      "\(fact.have) for a recipe's \(fact.need): \(given.map(\.rawValue) ?? "no") (\(fact.why))")
  }

  /// The everyday kinds of the table the flags replace (FoodEquivalents.everyday): each plain
  /// food still gives them.
  @Test(arguments: [
    ("butter", "unsalted-butter"), ("butter", "salted-butter"), ("flour", "all-purpose-flour"),
    ("sugar", "caster-sugar"), ("milk", "whole-milk"), ("olive-oil", "extra-virgin-olive-oil"),
    ("salt", "kosher-salt"), ("salt", "sea-salt"), ("cream", "heavy-cream"),
  ])
  func theOldEverydayPairsHold(have: String, need: String) {
    #expect(catalog.coverage(of: need, by: have) == .kind)
  }

  @Test func anAnyPantryItemCoversEveryKindAndAnOnlyItemNone() {
    #expect(catalog.coverage(of: "parmesan", by: "cheese", kinds: .any) == .kind)
    #expect(catalog.coverage(of: "onion-powder", by: "onion", kinds: .any) == .kind)
    #expect(catalog.coverage(of: "basmati-rice", by: "rice", kinds: .only) == nil)
    #expect(catalog.coverage(of: "rice", by: "basmati-rice", kinds: .only) == .specific)
  }

  @Test func theFlagsAreConsistentWithTheHierarchy() {
    var wrong: [String] = []
    for food in catalog.foods {
      if food.isGroup && catalog.children(of: food.id).isEmpty {
        wrong.append("\(food.id) is a group with nothing under it")
      }
      if food.kinship != .kind && food.parentID == nil {
        wrong.append("\(food.id) is \(food.kinship.rawValue) with no parent")
      }
      if food.kinship == .everyday, let parent = food.parentID,
        catalog.food(id: parent)?.isGroup != true
      {
        wrong.append("\(food.id) is everyday under \(parent), which is not a group")
      }
    }
    #expect(wrong.isEmpty, "\(wrong)")
    #expect(catalog.foods.filter(\.isGroup).count >= 40)
  }

  @Test(arguments: ["vegan-cheese", "plant-based-yogurt", "plant-based-meat", "seitan"])
  func plantBasedFoodsAreNotFiledUnderAnimalFoods(id: String) {
    for animal in ["meat", "dairy", "egg", "seafood"] {
      #expect(!catalog.isDescendant(id, of: animal), "\(id) is under \(animal)")
    }
  }

  @Test func turkeyBaconIsNotPork() {
    #expect(!catalog.isDescendant("turkey-bacon", of: "pork"))
    #expect(catalog.isDescendant("turkey-bacon", of: "poultry"))
  }
}
