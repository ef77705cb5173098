import Foundation
import Testing

@testable import LarderCore

@Suite struct FoodCatalogTests {
  let catalog = FoodCatalog.bundled

  @Test func theBundledCatalogHoldsAtLeastTwoThousandFoods() {
    #expect(catalog.count >= 2000)
    #expect(catalog.foods.count == catalog.count)
  }

  @Test func idsAreUniqueLowerCaseSlugs() {
    var seen: Set<String> = []
    for food in catalog.foods {
      #expect(seen.insert(food.id).inserted, "'\(food.id)' is used twice")
      let isSlug = food.id.unicodeScalars.allSatisfy { scalar in
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
      }
      #expect(isSlug && !food.id.isEmpty, "'\(food.id)' is not a slug")
    }
  }

  @Test func everyParentExistsAndNoParentChainLoops() {
    for food in catalog.foods {
      guard let parentID = food.parentID else { continue }
      #expect(catalog.food(id: parentID) != nil, "\(food.id): parent '\(parentID)' is missing")
      var seen: Set<String> = [food.id]
      var cursor: String? = parentID
      while let id = cursor {
        #expect(seen.insert(id).inserted, "\(food.id): its parents loop at '\(id)'")
        if seen.count > catalog.count { break }
        cursor = catalog.food(id: id)?.parentID
      }
    }
  }

  @Test func everyNamePluralAndSynonymMatchesItsOwnFood() {
    var wrong: [String] = []
    for food in catalog.foods {
      for name in [food.name, food.pluralName] + food.synonyms {
        let match = catalog.match(name)
        if match?.foodID != food.id {
          wrong.append("\(food.id): '\(name)' → \(match?.foodID ?? "nothing")")
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.count) names match another food: \(wrong.prefix(20))")
  }

  @Test(
    "synonyms name one food",
    arguments: [
      ("scallion", ["green onion", "spring onion", "scallions", "spring onions"]),
      ("cilantro", ["coriander leaves", "fresh coriander", "Chinese parsley"]),
      ("eggplant", ["aubergine", "aubergines", "brinjal"]),
      ("zucchini", ["courgette", "courgettes"]),
      ("arugula", ["rocket", "roquette"]),
      ("chickpeas", ["garbanzo beans", "chick peas", "chana"]),
      ("beet", ["beetroot", "beets"]),
      ("rutabaga", ["swede"]),
      ("snow-pea", ["mangetout", "mange tout"]),
      ("shrimp", ["prawns", "king prawns"]),
      ("all-purpose-flour", ["plain flour", "AP flour"]),
      ("self-rising-flour", ["self-raising flour"]),
      ("powdered-sugar", ["icing sugar", "confectioners' sugar"]),
      ("caster-sugar", ["superfine sugar"]),
      ("baking-soda", ["bicarbonate of soda", "bicarb"]),
      ("cornstarch", ["cornflour", "corn starch"]),
      ("heavy-cream", ["double cream", "whipping cream"]),
      ("light-cream", ["single cream"]),
      ("ground-beef", ["beef mince", "minced beef"]),
      ("bell-pepper", ["capsicum", "sweet pepper"]),
      ("canola-oil", ["rapeseed oil"]),
      ("golden-raisin", ["sultanas"]),
      ("romaine-lettuce", ["cos lettuce"]),
      ("bok-choy", ["pak choi"]),
      ("napa-cabbage", ["Chinese leaves"]),
      ("fava-bean", ["broad beans"]),
    ] as [(String, [String])])
  func synonymsResolve(id: String, names: [String]) {
    for name in names {
      #expect(catalog.match(name)?.foodID == id, "'\(name)' should be \(id)")
    }
  }

  @Test(
    "ancestors run from the nearest up",
    arguments: [
      ("cheddar", ["cheese", "dairy"]),
      ("chicken-thigh", ["chicken", "poultry", "meat"]),
      ("cherry-tomato", ["tomato", "vegetable"]),
      ("jalapeno", ["chili-pepper", "vegetable"]),
      ("extra-virgin-olive-oil", ["olive-oil", "oil", "fat"]),
      ("basmati-rice", ["long-grain-rice", "white-rice", "rice", "grain"]),
    ])
  func ancestors(id: String, expected: [String]) {
    #expect(catalog.ancestors(of: id).map(\.id) == expected)
  }

  @Test func descendantsGoDownwardOnly() {
    #expect(catalog.isDescendant("cheddar", of: "cheese"))
    #expect(catalog.isDescendant("cheddar", of: "dairy"))
    #expect(!catalog.isDescendant("cheese", of: "cheddar"))
    #expect(!catalog.isDescendant("cheddar", of: "cheddar"))
    #expect(catalog.isDescendant("chicken-thigh", of: "meat"))
    #expect(!catalog.isDescendant("almond-milk", of: "dairy"))
    #expect(!catalog.isDescendant("cheddar", of: "no-such-food"))
    #expect(catalog.ancestors(of: "no-such-food").isEmpty)
  }

  @Test func childrenAreTheFoodsOneLevelDown() {
    let children = catalog.children(of: "cheese").map(\.id)
    #expect(children.contains("cheddar"))
    #expect(children.contains("mozzarella"))
    #expect(!children.contains("fresh-mozzarella"))  // a kind of mozzarella
    #expect(catalog.children(of: "cheddar").map(\.id).contains("white-cheddar"))
    #expect(catalog.children(of: "white-cheddar").isEmpty)
  }

  @Test(
    "densities are plausible",
    arguments: [
      ("water", 0.98...1.02),
      ("all-purpose-flour", 0.5...0.6),
      ("honey", 1.35...1.5),
      ("whole-milk", 1.0...1.06),
      ("olive-oil", 0.88...0.94),
      ("sugar", 0.8...0.9),
      ("butter", 0.9...1.0),
      ("salt", 1.1...1.3),
      ("brown-sugar", 0.85...0.95),
      ("rolled-oats", 0.3...0.4),
      ("maple-syrup", 1.25...1.4),
    ])
  func density(id: String, range: ClosedRange<Double>) throws {
    let food = try #require(catalog.match(id.replacingOccurrences(of: "-", with: " ")))
    let density = try #require(catalog.food(id: food.foodID)?.densityGramsPerMillilitre)
    #expect(range.contains(density), "\(food.foodID): \(density) g/ml")
  }

  @Test func everyDensityIsBetweenAFeatherAndLead() {
    for food in catalog.foods {
      guard let density = food.densityGramsPerMillilitre else { continue }
      #expect((0.02...2.6).contains(density), "\(food.id): \(density) g/ml")
    }
    #expect(catalog.foods.filter { $0.densityGramsPerMillilitre != nil }.count >= 500)
  }

  @Test(
    "common foods sit in the aisle a shopper expects",
    arguments: [
      ("tomato", Aisle.produce), ("onion", .produce), ("cilantro", .produce),
      ("banana", .produce), ("chicken-breast", .meatAndSeafood), ("salmon", .meatAndSeafood),
      ("ground-beef", .meatAndSeafood), ("milk", .dairyAndEggs), ("egg", .dairyAndEggs),
      ("cheddar", .dairyAndEggs), ("butter", .dairyAndEggs), ("bread", .bakery),
      ("all-purpose-flour", .baking), ("sugar", .baking), ("baking-powder", .baking),
      ("cumin", .spices), ("black-pepper", .spices), ("salt", .spices), ("rice", .pantry),
      ("spaghetti", .pantry), ("lentils", .pantry), ("ketchup", .condiments),
      ("soy-sauce", .condiments), ("olive-oil", .oilsAndVinegars),
      ("balsamic-vinegar", .oilsAndVinegars), ("canned-tomato", .canned),
      ("chicken-stock", .canned), ("frozen-peas", .frozen), ("ice-cream", .frozen),
      ("coffee", .drinks), ("red-wine", .alcohol), ("potato-chips", .snacks),
    ])
  func aisle(id: String, aisle: Aisle) {
    #expect(catalog.food(id: id)?.aisle == aisle)
  }

  @Test func everyBundledFoodHasAnAisle() {
    #expect(catalog.foods.allSatisfy { $0.aisle != nil })
  }

  @Test func aislesHaveDisplayNames() {
    #expect(Aisle.meatAndSeafood.displayName == "Meat & seafood")
    #expect(Set(Aisle.allCases.map(\.displayName)).count == Aisle.allCases.count)
  }
}

@Suite struct UserFoodTests {
  let catalog = FoodCatalog.bundled

  @Test func aFoodTheUserAddsIsMatchedAndPlacedInTheHierarchy() throws {
    let kumato = Food(
      id: "kumato", name: "kumato tomato", pluralName: "kumato tomatoes",
      synonyms: ["kumato"], parentID: "tomato", aisle: .produce)
    let extended = try catalog.adding(kumato)
    #expect(extended.count == catalog.count + 1)
    #expect(extended.match("3 kumato tomatoes, sliced")?.foodID == "kumato")
    #expect(extended.match("kumatos")?.foodID == "kumato")
    #expect(extended.isDescendant("kumato", of: "vegetable"))
    #expect(extended.children(of: "tomato").map(\.id).contains("kumato"))
    // The catalog it came from is unchanged.
    #expect(catalog.food(id: "kumato") == nil)
    #expect(catalog.match("kumato tomatoes")?.foodID == "tomato")
  }

  @Test func aSynonymTheUserAddsIsMatched() throws {
    let extended = try catalog.addingSynonym("sugo", to: "pasta-sauce")
    #expect(extended.match("2 cups homemade sugo")?.foodID == "pasta-sauce")
    #expect(extended.food(id: "pasta-sauce")?.synonyms.contains("sugo") == true)
    #expect(catalog.match("sugo") == nil)
  }

  @Test func theUsersNamesWinOverTheCatalogs() throws {
    let extended = try catalog.addingSynonym("pepper", to: "black-pepper")
    #expect(catalog.match("pepper")?.foodID == "pepper")
    #expect(extended.match("pepper")?.foodID == "black-pepper")
    let replaced = try catalog.adding(Food(id: "my-stock", name: "stock", parentID: "stock"))
    #expect(replaced.match("stock")?.foodID == "my-stock")
  }

  @Test func replacingAFoodKeepsItsId() throws {
    var cheddar = try #require(catalog.food(id: "cheddar"))
    cheddar.synonyms.append("rat cheese")
    let extended = try catalog.adding(cheddar)
    #expect(extended.count == catalog.count)
    #expect(extended.match("rat cheese")?.foodID == "cheddar")
    #expect(extended.match("sharp cheddar")?.foodID == "cheddar")
  }

  @Test func aFoodWithAMissingParentOrALoopIsRefused() {
    #expect(throws: LarderCoreError.self) {
      try catalog.adding(Food(id: "x", name: "x food", parentID: "no-such-food"))
    }
    #expect(throws: LarderCoreError.self) {
      try catalog.adding(Food(id: "cheese", name: "cheese", parentID: "cheddar"))
    }
    #expect(throws: LarderCoreError.self) {
      try catalog.adding(Food(id: "", name: "nameless"))
    }
    #expect(throws: LarderCoreError.self) {
      try catalog.addingSynonym("thing", to: "no-such-food")
    }
    #expect(throws: LarderCoreError.self) {
      try catalog.addingSynonym(" - ", to: "cheddar")
    }
  }

  @Test func aSmallCatalogWorksWithoutTheBundledOne() throws {
    let small = FoodCatalog(foods: [
      Food(id: "dairy", name: "dairy"),
      Food(id: "cheese", name: "cheese", parentID: "dairy"),
      Food(id: "cheddar", name: "cheddar", synonyms: ["cheddar cheese"], parentID: "cheese"),
    ])
    #expect(small.match("grated cheddar cheese")?.foodID == "cheddar")
    #expect(small.match("cheese")?.foodID == "cheese")
    #expect(small.ancestors(of: "cheddar").map(\.id) == ["cheese", "dairy"])
  }
}

@Suite struct FoodCatalogReadingTests {
  @Test func aCatalogIsReadFromTabSeparatedLines() throws {
    let tsv = """
      # comment
      id\tname\tplural\tparent\taisle\tdensity\tusda\tsynonyms
      dairy\tdairy\t\t\tdairy-eggs\t\t\t
      milk\tmilk\t\tdairy\tdairy-eggs\t1.03\t01077\tcow's milk;dairy milk
      """
    let catalog = try FoodCatalog(tsv: tsv)
    let milk = try #require(catalog.food(id: "milk"))
    #expect(milk.pluralName == "milk")
    #expect(milk.parentID == "dairy")
    #expect(milk.aisle == .dairyAndEggs)
    #expect(milk.densityGramsPerMillilitre == 1.03)
    #expect(milk.usdaNumber == "01077")
    #expect(milk.synonyms == ["cow's milk", "dairy milk"])
    #expect(catalog.match("cows milk")?.foodID == "milk")
  }

  @Test(arguments: [
    "milk\tmilk\t\t\tdairy-eggs",
    "milk\tmilk\t\t\tfridge\t\t\t",
    "milk\tmilk\t\t\tdairy-eggs\theavy\t\t",
    "\tmilk\t\t\tdairy-eggs\t\t\t",
  ])
  func aBadLineIsReportedWithItsNumber(line: String) {
    let error = #expect(throws: LarderCoreError.self) {
      try FoodCatalog(tsv: "id\tname\tplural\tparent\taisle\tdensity\tusda\tsynonyms\n" + line)
    }
    #expect(error.map { "\($0)".contains("line 2") } == true)
  }

  @Test func foodsAndMatchesRoundTripThroughJSON() throws {
    let food = try #require(FoodCatalog.bundled.food(id: "cheddar"))
    let decodedFood = try JSONDecoder().decode(Food.self, from: JSONEncoder().encode(food))
    #expect(decodedFood == food)
    let match = try #require(FoodCatalog.bundled.match("sharp cheddar"))
    let decodedMatch = try JSONDecoder().decode(
      FoodMatch.self, from: JSONEncoder().encode(match))
    #expect(decodedMatch == match)
  }
}
