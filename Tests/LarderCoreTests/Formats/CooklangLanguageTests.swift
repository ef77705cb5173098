import Foundation
import Testing

@testable import LarderCore

/// A recipe in another language exported as Cooklang: each line marked up from its parse in
/// the recipe's language (the number with its decimal comma, the unit and food as written),
/// the language kept as `locale`, and the file read back as the same recipe.
@Suite struct CooklangLanguageTests {
  let parser = IngredientParser()

  func readBack(_ text: String) throws -> Recipe {
    let items = Cooklang.readRecipes(from: text, fileName: "Test")
    #expect(items.count == 1)
    return try #require(items.first).result.get()
  }

  @Test func aGermanRecipesLinesAreMarkedUpAsGermanAndReadBack() throws {
    let lines = [
      "2,5 EL Olivenöl", "500 g Mehl", "2 Knoblauchzehen", "1 Prise Salz",
      "100 g Butter, weich",
    ]
    var recipe = Recipe(
      name: "Knoblauchbrot",
      ingredientSections: [IngredientSection(lines: lines.map { IngredientLine(text: $0) })],
      instructionSections: [
        InstructionSection(steps: [InstructionStep(text: "Alles verrühren und backen.")])
      ])
    recipe.language = .german
    let written = Cooklang.write(recipe, parser: parser)
    #expect(written.contains("\nlocale: de\n"), "\(written)")
    for markup in [
      "@Olivenöl{2,5%EL}", "@Mehl{500%g}", "@Knoblauchzehen{2}", "@Salz{1%Prise}",
      "@Butter{100%g}(weich)",
    ] {
      #expect(written.contains(markup + "\\\n") || written.contains(markup + "\\"), "\(markup)")
    }
    let read = try readBack(written)
    #expect(read.ingredientLines.map(\.text) == lines)
    #expect(read.language == .german)
    #expect(Cooklang.write(read, parser: parser) == written)
  }

  @Test func aRecipeToldFromItsWordsIsWrittenInItsLanguage() throws {
    let lines = ["2,5 dl mjölk", "3 ägg", "1 msk smör", "1 krm salt"]
    let recipe = Recipe(
      name: "Pannkakor",
      ingredientSections: [IngredientSection(lines: lines.map { IngredientLine(text: $0) })],
      instructionSections: [
        InstructionSection(steps: [
          InstructionStep(
            text:
              "Vispa ihop mjölk och ägg med salt. Stek i smör på medelvärme tills de är gyllene."
          )
        ])
      ])
    #expect(recipe.language == nil)
    let written = Cooklang.write(recipe, parser: parser)
    #expect(written.contains("\nlocale: sv\n"), "\(written)")
    #expect(written.contains("@mjölk{2,5%dl}"), "\(written)")
    #expect(written.contains("@smör{1%msk}"), "\(written)")
    let read = try readBack(written)
    #expect(read.ingredientLines.map(\.text) == lines)
    #expect(read.language == .swedish)
  }

  @Test func aFoodAfterAJoiningWordIsMarkedUpWhereItStands() throws {
    let line = "100 gr di zucchero"
    let markup = Cooklang.ingredientMarkup(
      IngredientLine(text: line), parser: parser, language: .italian)
    #expect(markup == "100 gr di @zucchero{100%gr}")
    // Read as English, the line has no food Larder knows: it would be written whole.
    #expect(
      Cooklang.ingredientMarkup(IngredientLine(text: line), parser: parser)
        != "100 gr di @zucchero{100%gr}")
  }

  @Test func anEnglishRecipeSaysNoLocaleUnlessItWasGivenOne() throws {
    var recipe = Recipe(
      name: "Toast",
      ingredientSections: [IngredientSection(lines: [IngredientLine(text: "2 slices bread")])])
    #expect(!Cooklang.write(recipe, parser: parser).contains("locale:"))
    recipe.language = .english
    #expect(Cooklang.write(recipe, parser: parser).contains("\nlocale: en\n"))
  }

  @Test(arguments: ["locale: de_DE", "lang: German", "language: de-AT"])
  func aLocaleIsReadAsTheRecipesLanguage(_ line: String) throws {
    let read = try readBack("---\ntitle: Suppe\n\(line)\n---\n\n@Salz{1%Prise}\\\n")
    #expect(read.language == .german)
  }

  @Test func aLocaleLarderDoesNotReadLeavesTheLanguageToBeTold() throws {
    let read = try readBack("---\ntitle: Soup\nlocale: ja_JP\n---\n\n@salt{1%pinch}\\\n")
    #expect(read.language == nil)
  }
}
