import Foundation
import LarderCore
import Testing

/// A scaled or converted line of a recipe in another language is written in that language:
/// its unit words, its decimal comma, the writer's own unit while the amount stays in it.
@Suite struct ScaledLineLanguageTests {
  let parser = IngredientParser()

  struct Case: CustomStringConvertible, Sendable {
    var line: String
    var language: RecipeLanguage
    var factor: Double
    var format: MeasureFormat? = nil
    var shown: String
    var description: String { "\(language.rawValue): \(line) ×\(factor) → \(shown)" }
  }

  @Test(arguments: [
    Case(line: "2 EL Olivenöl", language: .german, factor: 2, shown: "4 EL Olivenöl"),
    Case(line: "1 Dose Tomaten", language: .german, factor: 2, shown: "2 Dosen Tomaten"),
    Case(line: "1 Prise Salz", language: .german, factor: 3, shown: "3 Prisen Salz"),
    Case(line: "1 kg Mehl", language: .german, factor: 1.5, shown: "1,5 kg Mehl"),
    Case(line: "1 Pfund Hackfleisch", language: .german, factor: 0.5, shown: "250 g Hackfleisch"),
    Case(line: "2 Knoblauchzehen", language: .german, factor: 2, shown: "4 Knoblauchzehen"),
    Case(line: "Zucker 100 g", language: .german, factor: 1.5, shown: "Zucker 150 g"),
    Case(
      line: "2 c. à s. d'huile d'olive", language: .french, factor: 2,
      shown: "4 c. à s. d'huile d'olive"),
    Case(
      line: "1 cucharada de aceite", language: .spanish, factor: 3,
      shown: "3 cucharadas de aceite"),
    Case(line: "2 eetlepels olie", language: .dutch, factor: 2, shown: "4 eetlepels olie"),
    Case(line: "1 łyżka cukru", language: .polish, factor: 2, shown: "2 łyżki cukru"),
    Case(line: "1 łyżka cukru", language: .polish, factor: 5, shown: "5 łyżek cukru"),
    Case(line: "1 стакан молока", language: .russian, factor: 2, shown: "2 стакана молока"),
    Case(line: "1 стакан молока", language: .russian, factor: 5, shown: "5 стаканов молока"),
    Case(line: "Сахар — 100 г", language: .russian, factor: 1.5, shown: "Сахар — 150 г"),
    Case(
      line: "1 стакан молока", language: .russian, factor: 1, format: .metric,
      shown: "235 мл молока"),
    Case(line: "  2,5 dl mjölk", language: .swedish, factor: 2, shown: "  5 dl mjölk"),
    Case(line: "1 l latte", language: .italian, factor: 1.5, shown: "1,5 l latte"),
    // Converted: a cup of milk in metric is millilitres, a German spoon stays a spoon.
    Case(
      line: "1 Tasse Milch", language: .german, factor: 1, format: .metric,
      shown: "235 ml Milch"),
    Case(line: "3 TL Zucker", language: .german, factor: 2, format: .us, shown: "2 EL Zucker"),
    // English lines are written as before.
    Case(line: "2 tbsp olive oil", language: .english, factor: 2, shown: "4 tbsp olive oil"),
    Case(line: "1 kg flour", language: .english, factor: 1.5, shown: "1.5 kg flour"),
  ])
  func aScaledLineIsWrittenInItsLanguage(_ example: Case) {
    let parsed = parser.parse(example.line, language: example.language)
    #expect(
      parsed.text(
        scaledBy: example.factor, shownIn: example.format, density: nil,
        language: example.language) == example.shown)
  }

  @Test func aLineLeftAsItWasIsWrittenAsItWas() {
    let parsed = parser.parse("2,5 EL Olivenöl", language: .german)
    #expect(parsed.text(scaledBy: 1, shownIn: nil, density: nil, language: .german) == parsed.input)
  }
}
