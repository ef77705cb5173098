import Foundation
import LarderCore
import Testing

/// A line's amount rescaled and converted in place, the words around it kept.
@Suite struct ScaledTextTests {
  let parser = IngredientParser()

  @Test(arguments: [
    ("about 2 tbsp olive oil, divided", 3.0, MeasureFormat.us, "about 6 tbsp olive oil, divided"),
    ("2 eggs", 2.0, MeasureFormat.us, "4 eggs"),
    ("Maple syrup", 2.0, MeasureFormat.metric, "Maple syrup"),
    ("For the sauce:", 2.0, MeasureFormat.us, "For the sauce:"),
    // The fraction after the measure is part of the amount it rescales.
    ("a cup and a half of flour", 2.0, MeasureFormat.us, "3 cups of flour"),
    ("2 pounds and a half beef", 2.0, MeasureFormat.us, "5 lb beef"),
    ("a third cup sugar", 3.0, MeasureFormat.us, "1 cup sugar"),
    (
      "1 stick and a half (½ cup) softened butter", 2.0, MeasureFormat.us,
      "3 sticks (½ cup) softened butter"
    ),
    // Here "stick" is read as the name, between the amount and its fraction: the line is
    // shown as written rather than with a number that disagrees with its words.
    (
      "1 stick and a half (½ cup) or more softened butter", 2.0, MeasureFormat.us,
      "1 stick and a half (½ cup) or more softened butter"
    ),
    // The article that stands for the amount goes with it.
    ("a cup of sugar", 2.0, MeasureFormat.us, "2 cups of sugar"),
    ("a pinch of salt", 2.0, MeasureFormat.us, "2 pinches of salt"),
  ])
  func scalingKeepsTheWordsAroundTheAmount(
    line: String, factor: Double, format: MeasureFormat, expected: String
  ) {
    let shown = parser.parse(line).text(scaledBy: factor, shownIn: format, density: nil)
    #expect(shown == expected)
  }

  @Test func aLineShownAsWrittenIsUnchanged() {
    let line = "about 2 tbsp olive oil, divided"
    #expect(parser.parse(line).text(scaledBy: 1, shownIn: nil, density: nil) == line)
  }

  @Test func theOriginalUnitsKeepTheirSystemWhenRescaled() {
    let shown = parser.parse("100 g butter, soft").text(scaledBy: 2, shownIn: nil, density: nil)
    #expect(shown == "200 g butter, soft")
  }
}
