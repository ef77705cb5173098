import Foundation
import Testing

@testable import LarderCore

/// The parser names a food with the words a cook counts it by in the singular ("mint leaves" →
/// "mint leaf"), and leaves every other word, plurals included, as written.
struct IngredientNameFormTests {
  @Test(arguments: [
    ("fresh mint leaves", "fresh mint leaf"),
    ("Bay Leaves", "Bay Leaf"),
    ("ICE CUBES", "ICE CUBE"),
    ("mushroom pieces and stems", "mushroom piece and stem"),
    ("lemon wedges", "lemon wedge"),
    ("cinnamon sticks", "cinnamon stick"),
    ("green cardamom pods", "green cardamom pod"),
    ("flat-leaf parsley leaves", "flat-leaf parsley leaf"),
    ("canned bamboo shoots", "canned bamboo shoot"),
    ("Earl Grey tea bags", "Earl Grey tea bag"),
    // Not piece words: the food's own plural, containers, cuts sold as the food.
    ("tomatoes", "tomatoes"),
    ("salmon fillets", "salmon fillets"),
    ("canned tomatoes in jars", "canned tomatoes in jars"),
    ("broccoli florets", "broccoli florets"),
    // Whole words only.
    ("leavesy barsoom", "leavesy barsoom"),
  ])
  func singularisesPieceWords(written: String, expected: String) {
    #expect(IngredientNameForm.canonical(written) == expected)
  }

  @Test(arguments: [
    ("2 tbsp chopped fresh mint leaves", "fresh mint leaf"),
    ("4 lemon wedges, to serve", "lemon wedge"),
    ("¼ c ice cubes", "ice cube"),
    ("2 handfuls of pea shoots", "pea shoot"),
    ("4 green tea bags", "green tea bag"),
    ("2 bags baby spinach", "baby spinach"),
    ("3 ripe tomatoes, chopped", "ripe tomatoes"),
    ("2 salmon fillets", "salmon fillets"),
  ])
  func parsedNamesUseTheForm(line: String, name: String) {
    #expect(IngredientParser().parse(line).name == name)
  }

  @Test func alternativesUseTheFormAndTheSpanKeepsTheWords() throws {
    let line = "6 perilla or shiso leaves"
    let parsed = IngredientParser().parse(line)
    #expect(parsed.name == "perilla")
    #expect(parsed.alternatives == ["shiso leaf"])
    // The line's own words are still there for whoever shows them.
    let span = try #require(parsed.spans["alternatives"])
    let utf16 = Array(line.utf16)[span.start..<span.end]
    #expect(String(decoding: utf16, as: UTF16.self).hasSuffix("leaves"))
    // The benchmark scores the whole choice in the same form.
    #expect(IngredientEvaluation.Prediction(parsed).name == "perilla or shiso leaf")
  }

  @Test(arguments: [
    ("2 tbsp chopped fresh mint leaves", "fresh mint leaf", "fresh mint leaves"),
    ("4 lemon wedges, to serve", "lemon wedge", "lemon wedges"),
    ("2 onions", "onions", "onions"),
    // A name picked out of the line's words stays the name.
    ("40 g caster (superfine) sugar", "caster superfine sugar", "caster superfine sugar"),
  ])
  func theWrittenNameIsTheLinesOwnWords(line: String, name: String, written: String) {
    let parsed = IngredientParser().parse(line)
    #expect(parsed.name == name)
    #expect(parsed.writtenName == written)
  }

  @Test func cooklangMarksUpTheFoodAsTheLineWordsIt() {
    let markup = Cooklang.ingredientMarkup(
      IngredientLine(text: "2 tbsp fresh mint leaves"), parser: IngredientParser())
    #expect(markup == "@fresh mint leaves{2%tbsp}")
  }

  /// "such as" opens examples of the food, not the food or its alternatives.
  @Test(arguments: [
    ("1 tablespoon vegetable oil, such as grapeseed, corn or olive", "vegetable oil"),
    ("2 cups chopped nuts: such as walnuts, pecans or toasted almonds", "nuts"),
    ("1 bottle dry red wine, such as Zinfandel, Merlot, or Burgundy", "dry red wine"),
  ])
  func examplesAfterSuchAsAreNotTheFood(line: String, name: String) throws {
    let parsed = IngredientParser().parse(line)
    #expect(parsed.name == name)
    #expect(parsed.alternatives.isEmpty)
    #expect(IngredientEvaluation.Prediction(parsed).name == name)
    // The examples are kept, in the comment.
    let comment = try #require(parsed.comment)
    #expect(comment.contains("such as"))
  }
}
