import LarderCore
import Testing

@Suite struct FoodSearchTests {
  let catalog = FoodCatalog.bundled

  @Test func wholeNameComesFirstThenPrefixes() {
    let found = FoodSearch.search("chicken", in: catalog, limit: 5).map(\.id)
    #expect(found.first == "chicken")
    #expect(found.count == 5)
    #expect(found.dropFirst().allSatisfy { $0.contains("chicken") })
  }

  @Test func synonymsFindTheFood() {
    #expect(FoodSearch.search("courgette", in: catalog).map(\.id).contains("zucchini"))
  }

  @Test func caseAndAccentsDoNotMatter() {
    let plain = FoodSearch.search("creme fraiche", in: catalog).map(\.id)
    #expect(!plain.isEmpty)
    #expect(FoodSearch.search("CRÈME FRAÎCHE", in: catalog).map(\.id) == plain)
  }

  @Test func emptyOrUnknownTextFindsNothing() {
    #expect(FoodSearch.search("   ", in: catalog).isEmpty)
    #expect(FoodSearch.search("qqqzzz", in: catalog).isEmpty)
    #expect(FoodSearch.search("salt", in: catalog, limit: 0).isEmpty)
  }
}
