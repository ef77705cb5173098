import Foundation
import LarderCore
import LarderTestSupport
import Testing

/// The hand-written JSON of the answers served most often must be the very bytes Foundation's
/// encoder writes with Larder's settings: clients and tests read one API, whichever writer
/// wrote it.
@Suite struct JSONOutputTests {
  /// What Foundation's encoder writes, with Larder's settings, for comparison.
  private func foundation<Value: Encodable>(_ value: Value) throws -> String {
    String(decoding: try LarderJSON.encoder().encode(value), as: UTF8.self)
  }

  private func written<Value: JSONWritable>(_ value: Value) -> String {
    String(decoding: JSONOutput.encode(value), as: UTF8.self)
  }

  /// A string of JSON's awkward characters: quotes, backslashes, slashes, every control
  /// character, non-ASCII letters, an emoji and the line separators JavaScript dislikes.
  static let awkward: String = {
    var text = "Tom's \"best\" soup / ½ \\ crème brûlée 🍅 \u{2028}\u{2029}\u{7F} <b>&amp;</b>"
    for scalar in 0..<0x20 { text.unicodeScalars.append(Unicode.Scalar(UInt8(scalar))) }
    return text
  }()

  @Test func stringsAreEscapedAsFoundationEscapesThem() throws {
    var random = SystemRandomNumberGenerator()
    let pieces = Array(Self.awkward.unicodeScalars)
    var samples = [Self.awkward, "", "plain"]
    for _ in 0..<200 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0..<12, using: &random) {
        text.append(pieces.randomElement(using: &random)!)
      }
      samples.append(String(text))
    }
    // Longer ones, so that escapes fall anywhere in the eight-byte words the writer scans,
    // and runs of plain text between them.
    for _ in 0..<300 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0..<60, using: &random) {
        if Int.random(in: 0..<4, using: &random) == 0 {
          text.append(pieces.randomElement(using: &random)!)
        } else {
          text.append(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random)))
        }
      }
      samples.append(String(text))
    }
    for sample in samples {
      #expect(written(RecipeID(rawValue: sample)) == (try foundation(RecipeID(rawValue: sample))))
    }
  }

  /// A whole number under a key, for the writer's integers.
  private struct Counted: JSONWritable {
    var value: Int
    func write(to json: inout JSONOutput) {
      json.beginObject()
      json.field("value", value)
      json.endObject()
    }
  }

  @Test func wholeNumbersAreWrittenAsFoundationWritesThem() throws {
    var values = [
      0, 1, 9, 10, 11, 99, 100, 101, -1, -9, -10, 1_000_000, Int.max, Int.min + 1, Int.min,
    ]
    var random = SystemRandomNumberGenerator()
    for digits in 1...18 {
      let scale = (0..<digits).reduce(1) { value, _ in value * 10 }
      values.append(Int.random(in: -scale...scale, using: &random))
    }
    for value in values {
      #expect(written(Counted(value: value)) == (try foundation(Counted(value: value))), "\(value)")
    }
  }

  @Test func numbersAreWrittenAsFoundationWritesThem() throws {
    var values: [Double] = [
      0, -0.0, 1, 8, 0.1, 1.5, 2.0 / 3.0, 100, 1e15, 1e16, 1e21, 1.5e-7, 1e-5, 123.456, -42.25,
      0.333, 12_345_678.9,
    ]
    var random = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      values.append(Double.random(in: -1e6...1e6, using: &random))
      values.append(Double(Int.random(in: -100_000...100_000, using: &random)) / 8)
    }
    for value in values {
      let measure = Measure(
        quantity: value, quantityMax: value + 1, unit: IngredientUnit.unit(id: "g"))
      #expect(written(measure) == (try foundation(measure)), "\(value)")
    }
    let bare = Measure(quantity: 3, unit: nil)
    #expect(written(bare) == (try foundation(bare)))
    #expect(written(bare) == #"{"quantity":3}"#)
  }

  @Test func datesAreWrittenAsTheISO8601StrategyWritesThem() throws {
    var dates = [
      Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1),
      Date(timeIntervalSince1970: 1_765_000_000.999), Date(timeIntervalSince1970: 951_782_400),
      Date(timeIntervalSince1970: -2_208_988_800.5), Date(timeIntervalSince1970: 4_102_444_799),
    ]
    var random = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      dates.append(Date(timeIntervalSince1970: Double.random(in: -3e9...5e9, using: &random)))
    }
    for date in dates {
      var summary = RecipeSummary(Recipe(name: "Soup"))
      summary.createdAt = date
      summary.updatedAt = date.addingTimeInterval(86_399.5)
      #expect(written(summary) == (try foundation(summary)), "\(date.timeIntervalSince1970)")
    }
  }

  /// Summaries with every optional field set and unset, and pages of them.
  @Test func summariesAndPagesAreTheEncodersBytes() throws {
    var summaries: [RecipeSummary] = []
    for variant in 0..<32 {
      let recipe = Recipe(
        id: RecipeID(rawValue: "r-\(variant)"), name: "Soup \(variant) " + Self.awkward,
        description: variant & 1 == 0 ? nil : "A \"soup\"\n/ for two",
        images: variant & 2 == 0 ? [] : ["https://example.org/a/b.jpg"],
        yield: variant & 4 == 0
          ? nil : RecipeYield(servings: variant & 8 == 0 ? nil : 2.5, text: "2–3 bowls"),
        totalTime: variant & 8 == 0 ? nil : RecipeDuration(minutes: 95),
        keywords: variant & 16 == 0 ? [] : ["quick", "winter"],
        courses: ["Dinner", "Soup"], cuisines: variant & 1 == 0 ? [] : ["Italian"],
        diets: variant & 2 == 0 ? [] : [.vegan, .glutenFree],
        rating: variant & 16 == 0 ? nil : 4, isFavorite: variant & 4 != 0,
        createdAt: Date(timeIntervalSince1970: 1_765_000_000 + Double(variant)),
        updatedAt: Date(timeIntervalSince1970: 1_765_100_000))
      summaries.append(RecipeSummary(recipe))
    }
    for summary in summaries {
      #expect(written(summary) == (try foundation(summary)))
    }
    let page = Page(items: summaries, total: 1_234, totalIsExact: false, offset: 24, limit: 24)
    #expect(written(page) == (try foundation(page)))
    var corrected = page
    corrected.correctedQuery = "chicken"
    corrected.items = []
    #expect(written(corrected) == (try foundation(corrected)))
    // The API's one way of writing answers takes the fast path with the same bytes.
    #expect(try LarderJSON.encode(page) == LarderJSON.encoder().encode(page))
  }
}
