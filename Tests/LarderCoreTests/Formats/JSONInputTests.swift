import Foundation
import LarderCore
import Testing

/// Stored summaries are read without Foundation's decoder; what is read must be what the
/// decoder reads, and anything the reader is unsure of must be left to the decoder (nil).
@Suite struct JSONInputTests {
  private func decoded(_ text: String) -> RecipeSummary? {
    try? LarderJSON.decode(RecipeSummary.self, from: Data(text.utf8))
  }

  /// Summaries with every optional field set and unset and awkward text, as stored.
  @Test func storedSummariesReadAsTheDecoderReadsThem() throws {
    var random = SystemRandomNumberGenerator()
    let awkward = Array(JSONOutputTests.awkward.unicodeScalars)
    func text() -> String {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0..<16, using: &random) {
        scalars.append(awkward.randomElement(using: &random)!)
      }
      return String(scalars)
    }
    for variant in 0..<200 {
      let recipe = Recipe(
        id: RecipeID(rawValue: "r-\(variant)-" + text()), name: text(),
        description: variant & 1 == 0 ? nil : text(),
        images: variant & 2 == 0 ? [] : ["/images/" + text()],
        yield: variant & 4 == 0
          ? nil
          : RecipeYield(
            servings: variant & 8 == 0 ? nil : Double(variant % 13) / 4,
            text: variant & 32 == 0 ? nil : text()),
        totalTime: variant & 8 == 0 ? nil : RecipeDuration(minutes: variant * 7),
        keywords: (0..<variant % 4).map { _ in text() }, courses: [text()],
        cuisines: variant & 16 == 0 ? [] : [text(), text()],
        diets: variant & 2 == 0 ? [] : [.vegan, .glutenFree],
        rating: variant & 16 == 0 ? nil : variant % 6, isFavorite: variant & 4 != 0,
        createdAt: Date(timeIntervalSince1970: Double.random(in: -2e9...4e9, using: &random)),
        updatedAt: Date(timeIntervalSince1970: Double.random(in: 0...4e9, using: &random)))
      let stored = String(decoding: try LarderJSON.encode(RecipeSummary(recipe)), as: UTF8.self)
      let read = try #require(RecipeSummary.readingStoredJSON(stored), "\(stored)")
      #expect(read == decoded(stored), "\(stored)")
    }
  }

  /// JSON written another way (spaces, nulls, escaped slashes and characters, extra keys)
  /// reads as the decoder reads it.
  @Test func otherWritingsReadAsTheDecoderReadsThem() throws {
    let texts = [
      #"{ "id" : "a\/b", "name": "Cr\u00e8me \ud83c\udf45 \"br\u00fbl\u00e9e\"\n", "description": null,"#
        + #" "image": null, "totalTime": "PT1H5M", "yield": {"servings": 2.5e0, "text": null},"#
        + #" "courses": [], "cuisines": [ "Fran\u00e7aise" ], "diets": ["Vegan"], "keywords": [],"#
        + #" "ingredientCount": 0, "isFavorite": true, "rating": null, "extra": {"a": [1, 2.5, null, true, "x"]},"#
        + #" "createdAt": "2000-02-29T23:59:59Z", "updatedAt": "1969-12-31T00:00:00Z" }"#,
      #"{"id":"x","name":"","courses":[],"cuisines":[],"diets":[],"keywords":[],"ingredientCount":3,"#
        + #""isFavorite":false,"createdAt":"2026-12-06T11:42:38Z","updatedAt":"2026-12-06T11:42:38Z","#
        + #""yield":{"servings":4}}"#,
    ]
    for text in texts {
      let read = try #require(RecipeSummary.readingStoredJSON(text))
      #expect(read == decoded(text))
    }
  }

  /// What the reader leaves to the decoder: a duplicated key, a time in minutes, a day the
  /// month does not have, a missing field, a fraction where a count belongs, trailing bytes,
  /// a lone surrogate and broken JSON.
  @Test func whatItIsUnsureOfIsLeftToTheDecoder() {
    let base =
      #"{"id":"x","name":"Soup","courses":[],"cuisines":[],"diets":[],"keywords":[],"#
      + #""ingredientCount":3,"isFavorite":false,"createdAt":"2026-12-06T11:42:38Z","#
      + #""updatedAt":"2026-12-06T11:42:38Z""#
    #expect(RecipeSummary.readingStoredJSON(base + "}") != nil)
    for unsure in [
      base + #","name":"Stew"}"#,
      base + #","totalTime":45}"#,
      base.replacingOccurrences(of: "2026-12-06T11", with: "2026-02-30T11") + "}",
      base.replacingOccurrences(of: #""isFavorite":false,"#, with: "") + "}",
      base.replacingOccurrences(of: #""ingredientCount":3"#, with: #""ingredientCount":3.5"#) + "}",
      base + "} x",
      base + #","description":"\ud83c"}"#,
      base + ",\"description\":\"tab\tinside\"}",
      base,
      "",
      "[]",
    ] {
      #expect(RecipeSummary.readingStoredJSON(unsure) == nil, "\(unsure)")
    }
  }
}
