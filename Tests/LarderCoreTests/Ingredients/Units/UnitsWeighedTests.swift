import Foundation
import LarderCore
import Testing

@Suite struct WeighedInMetricTests {
  let catalog = FoodCatalog.bundled

  @Test func cupsOfWhatCooksWeighAreShownInGramsForMetricReaders() throws {
    let flour = try #require(catalog.food(id: "all-purpose-flour"))
    #expect(catalog.isWeighed(flour.id))
    let twoCups = Measure(quantity: 2, unit: .cup)
    #expect(
      twoCups.formatted(.metric, density: flour.densityGramsPerMillilitre, weighed: true)
        == "250 g")
    // US readers keep their cups; spoons stay spoons for everyone.
    #expect(
      twoCups.formatted(.us, density: flour.densityGramsPerMillilitre, weighed: true) == "2 cups")
    #expect(
      Measure(quantity: 1, unit: .tablespoon).formatted(
        .metric, density: flour.densityGramsPerMillilitre, weighed: true) == "1 tbsp")
  }

  @Test func liquidsStayVolumes() throws {
    let milk = try #require(catalog.food(id: "milk"))
    #expect(!catalog.isWeighed(milk.id))
    #expect(
      Measure(quantity: 1, unit: .cup).formatted(
        .metric, density: milk.densityGramsPerMillilitre, weighed: false) == "235 ml")
  }

  @Test func butterAndCheeseAreWeighedThroughTheirKind() {
    #expect(catalog.isWeighed("butter"))
    #expect(catalog.isWeighed("unsalted-butter"))
    #expect(catalog.isWeighed("cheddar"))
    #expect(!catalog.isWeighed("olive-oil"))
    #expect(!catalog.isWeighed("no-such-food"))
  }
}
