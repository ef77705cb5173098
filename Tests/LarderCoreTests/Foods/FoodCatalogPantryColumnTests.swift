import Foundation
import Testing

@testable import LarderCore

/// The pantry column of a catalog file: `group`, `everyday` and `distinct` read into
/// ``Food/isGroup`` and ``Food/kinship``.
@Suite struct FoodCatalogPantryColumnTests {
  static let header = "id\tname\tplural\tparent\taisle\tdensity\tusda\tsynonyms\tpantry\n"

  @Test func flagsAreReadFromTheNinthColumn() throws {
    let catalog = try FoodCatalog(
      tsv: Self.header + """
        flour\tflour\t\t\tbaking\t\t\t\tgroup
        all-purpose-flour\tall-purpose flour\t\tflour\t\t\t\tplain flour\teveryday
        bread-flour\tbread flour\t\tflour\t\t\t\t\t
        almond-flour\talmond flour\t\tflour\t\t\t\t\tdistinct
        noodle\tnoodle\t\tflour\t\t\t\t\tgroup;distinct
        """)
    let flour = try #require(catalog.food(id: "flour"))
    #expect(flour.isGroup && flour.kinship == .kind)
    let plain = try #require(catalog.food(id: "all-purpose-flour"))
    #expect(!plain.isGroup && plain.kinship == .everyday)
    #expect(plain.synonyms == ["plain flour"])
    let bread = try #require(catalog.food(id: "bread-flour"))
    #expect(!bread.isGroup && bread.kinship == .kind)
    #expect(catalog.food(id: "almond-flour")?.kinship == .distinct)
    let both = try #require(catalog.food(id: "noodle"))
    #expect(both.isGroup && both.kinship == .distinct)
    #expect(catalog.coverage(of: "all-purpose-flour", by: "flour") == .kind)
    #expect(catalog.coverage(of: "bread-flour", by: "flour") == nil)
    #expect(catalog.coverage(of: "flour", by: "bread-flour") == .specific)
    #expect(catalog.coverage(of: "flour", by: "almond-flour") == nil)
  }

  @Test func linesOfEightColumnsStillReadAsPlainKinds() throws {
    let catalog = try FoodCatalog(
      tsv: """
        id\tname\tplural\tparent\taisle\tdensity\tusda\tsynonyms
        dairy\tdairy\t\t\tdairy-eggs\t\t\t
        milk\tmilk\t\tdairy\tdairy-eggs\t1.03\t01077\tcow's milk
        """)
    let milk = try #require(catalog.food(id: "milk"))
    #expect(!milk.isGroup && milk.kinship == .kind)
    #expect(milk.densityGramsPerMillilitre == 1.03)
    #expect(milk.synonyms == ["cow's milk"])
    #expect(catalog.food(id: "dairy")?.isGroup == false)
  }

  @Test func eightAndNineColumnLinesMixInOneFile() throws {
    let catalog = try FoodCatalog(
      tsv: Self.header + """
        dairy\tdairy\t\t\tdairy-eggs\t\t\t\tgroup
        milk\tmilk\t\tdairy\tdairy-eggs\t\t\t
        buttermilk\tbuttermilk\t\tmilk\t\t\t\t\tdistinct\tlater columns are ignored
        """)
    #expect(catalog.food(id: "dairy")?.isGroup == true)
    #expect(catalog.food(id: "milk")?.kinship == .kind)
    #expect(catalog.food(id: "buttermilk")?.kinship == .distinct)
  }

  @Test(arguments: [
    ("onion-powder\tonion powder\t\tonion\t\t\t\t\tproduct", "product"),
    ("onion-powder\tonion powder\t\tonion\t\t\t\t\tdistinct;Group", "Group"),
    ("onion-powder\tonion powder\t\tonion\t\t\t\t\teveryday;distinct", "not both"),
  ])
  func aBadFlagIsReportedWithItsLine(line: String, mentions: String) {
    let tsv = Self.header + "onion\tonion\t\t\t\t\t\t\t\n" + line
    let error = #expect(throws: LarderCoreError.self) { try FoodCatalog(tsv: tsv) }
    let message = error.map { "\($0)" } ?? ""
    #expect(message.contains("line 3"), "\(message)")
    #expect(message.contains(mentions), "\(message)")
  }
}
