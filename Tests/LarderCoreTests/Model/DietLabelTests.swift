import Foundation
import LarderCore
import Testing

@Suite struct DietLabelTests {
  @Test(arguments: [
    ("https://schema.org/VeganDiet", "vegan"),
    ("http://schema.org/GlutenFreeDiet", "gluten-free"),
    ("schema:LowFatDiet", "low-fat"),
    ("VegetarianDiet", "vegetarian"),
    ("LowCalorieDiet", "low-calorie"),
    ("GlutenFree", "gluten-free"),
    ("Vegan", "vegan"),
    ("vegetarian", "vegetarian"),
    ("gluten free", "gluten-free"),
    ("Gluten-Free", "gluten-free"),
    ("glutenfree", "gluten-free"),
    ("Dairy Free", "dairy-free"),
    ("lactose-free", "dairy-free"),
    ("veggie", "vegetarian"),
    ("Plant-Based", "vegan"),
    ("VEGAN", "vegan"),
    ("GLUTEN FREE", "gluten-free"),
    ("Low FODMAP", "low-fodmap"),
    ("Paleo diet", "paleo"),
    ("  Keto  ", "keto"),
    // Forms close to a stored label, which must still be parsed rather than taken as they are.
    ("paleo-diet", "paleo"), ("plant-based", "vegan"), ("a--b", "a-b"), ("-vegan", "vegan"),
    ("vegan-", "vegan"), ("low-fodmap", "low-fodmap"), ("egg-free", "egg-free"), ("diet", "diet"),
  ])
  func readsLabelsAsSitesAndAppsWriteThem(text: String, label: String) throws {
    let parsed = try #require(DietLabel(parsing: text))
    #expect(parsed.rawValue == label)
  }

  @Test(arguments: ["", "   ", "--", "https://schema.org/"])
  func findsNoLabelInTextWithoutWords(text: String) {
    #expect(DietLabel(parsing: text) == nil)
  }

  @Test(arguments: [
    (DietLabel.vegan, "https://schema.org/VeganDiet"),
    (DietLabel.vegetarian, "https://schema.org/VegetarianDiet"),
    (DietLabel.glutenFree, "https://schema.org/GlutenFreeDiet"),
    (DietLabel(rawValue: "low-salt"), "https://schema.org/LowSaltDiet"),
    (DietLabel.dairyFree, "dairy-free"),
    (DietLabel.nutFree, "nut-free"),
    (DietLabel(rawValue: "keto"), "keto"),
  ])
  func writesSchemaOrgURLsForTheDietsSchemaOrgKnows(label: DietLabel, value: String) {
    #expect(label.schemaOrgValue == value)
  }

  @Test(arguments: [
    "vegan", "vegetarian", "gluten-free", "dairy-free", "nut-free", "egg-free", "diabetic",
    "halal", "hindu", "kosher", "low-calorie", "low-fat", "low-lactose", "low-salt", "keto",
  ])
  func readsBackItsOwnSchemaOrgValue(rawValue: String) {
    let label = DietLabel(rawValue: rawValue)
    #expect(DietLabel(parsing: label.schemaOrgValue) == label)
  }

  @Test func decodesAnyFormAndEncodesTheNormalisedLabel() throws {
    let data = Data(#"["Vegan", "GlutenFreeDiet", "https://schema.org/KosherDiet"]"#.utf8)
    let labels = try LarderJSON.decode([DietLabel].self, from: data)
    #expect(labels == [.vegan, .glutenFree, DietLabel(rawValue: "kosher")])
    let encoded = try LarderJSON.encode(labels)
    #expect(String(decoding: encoded, as: UTF8.self) == #"["vegan","gluten-free","kosher"]"#)
  }

  @Test func refusesToDecodeAnEmptyLabel() {
    let error = #expect(throws: LarderCoreError.self) {
      try LarderJSON.decode([DietLabel].self, from: Data(#"["vegan", " "]"#.utf8))
    }
    #expect(error?.field == "[1]")
  }
}
