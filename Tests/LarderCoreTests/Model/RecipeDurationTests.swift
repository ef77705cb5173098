import Foundation
import LarderCore
import Testing

@Suite struct RecipeDurationTests {
  // MARK: - Reading ISO-8601

  @Test(arguments: [
    ("PT20M", 20 * 60),
    ("PT1H30M", 90 * 60),
    ("P0DT1H20M", 80 * 60),
    ("PT0.5H", 30 * 60),
    ("PT1,5H", 90 * 60),
    ("PT1H30M0.000S", 90 * 60),
    ("P0Y0M0DT0H35M0.000S", 35 * 60),
    ("pt20m", 20 * 60),
    ("P1D", 24 * 3600),
    ("P1DT2H", 26 * 3600),
    ("P1W", 7 * 24 * 3600),
    ("PT90S", 90),
    ("PT2H", 2 * 3600),
    ("  PT45M\n", 45 * 60),
  ])
  func readsISO8601Durations(text: String, seconds: Int) {
    #expect(RecipeDuration.parse(text)?.seconds == seconds)
  }

  @Test(arguments: ["PT", "P0D", "PT0M", "PT0S", "P"])
  func readsAnISO8601DurationWithoutTimeAsZero(text: String) {
    #expect(RecipeDuration.parse(text) == RecipeDuration(seconds: 0))
  }

  // MARK: - Reading free forms

  @Test(arguments: [
    ("20 minutes", 20 * 60),
    ("20 mins", 20 * 60),
    ("20 min", 20 * 60),
    ("25 mins.", 25 * 60),
    ("10 Minutes", 10 * 60),
    ("20m", 20 * 60),
    ("1 hr 20 mins", 80 * 60),
    ("1 hour and 20 minutes", 80 * 60),
    ("2 hrs, 30 mins", 150 * 60),
    ("1h20m", 80 * 60),
    ("1h 20", 80 * 60),
    ("1:20", 80 * 60),
    ("1½ hours", 90 * 60),
    ("1 ½ hours", 90 * 60),
    ("1 1/2 hours", 90 * 60),
    ("1.5 hours", 90 * 60),
    ("1/2 hour", 30 * 60),
    ("½ hour", 30 * 60),
    ("half an hour", 30 * 60),
    ("a half hour", 30 * 60),
    ("half a day", 12 * 3600),
    ("an hour", 60 * 60),
    ("about an hour", 60 * 60),
    ("an hour and a half", 90 * 60),
    ("1 hour and a half", 90 * 60),
    ("one and a half hours", 90 * 60),
    ("2 and a half hours", 150 * 60),
    ("1-1/2 hours", 90 * 60),
    ("three hours", 180 * 60),
    ("about 45 minutes", 45 * 60),
    ("approx. 2 hrs", 120 * 60),
    ("(about 10 minutes)", 10 * 60),
    ("2 days", 2 * 24 * 3600),
    ("1 day 2 hours", 26 * 3600),
    ("90 seconds", 90),
    ("45", 45 * 60),
  ])
  func readsFreeFormDurations(text: String, seconds: Int) {
    #expect(RecipeDuration.parse(text)?.seconds == seconds)
  }

  @Test(arguments: [
    ("20-30 minutes", 30 * 60),
    ("20 – 30 minutes", 30 * 60),
    ("20 to 30 min", 30 * 60),
    ("1-2 hours", 2 * 3600),
    ("4 to 6 hours", 6 * 3600),
    ("1 1/2 - 2 hours", 2 * 3600),
    ("1 hr 20-30 min", 90 * 60),
    ("45 minutes to 1 hour", 60 * 60),
    ("1 hr 20 min - 1 hr 40 min", 100 * 60),
    ("½-1 hour", 60 * 60),
  ])
  func readsARangeAsItsUpperBound(text: String, seconds: Int) {
    #expect(RecipeDuration.parse(text)?.seconds == seconds)
  }

  @Test(arguments: [
    "overnight", "", "   ", "soon", "minutes", "an", "P1X", "PTM", "PT1H30", "1:",
    "10 min per side",
  ])
  func findsNoDurationInTextWithoutOne(text: String) {
    #expect(RecipeDuration.parse(text) == nil)
  }

  @Test(arguments: ["PT999999999H", "99999999999 minutes"])
  func rejectsDurationsTooLongToBeReal(text: String) {
    #expect(RecipeDuration.parse(text) == nil)
  }

  // MARK: - Writing

  @Test(arguments: [
    (0, "PT0M", "0 min"),
    (45 * 60, "PT45M", "45 min"),
    (3600, "PT1H", "1 hr"),
    (80 * 60, "PT1H20M", "1 hr 20 min"),
    (90, "PT1M30S", "2 min"),
    (59 * 60 + 30, "PT59M30S", "1 hr"),
    (119 * 60 + 30, "PT1H59M30S", "2 hr"),
    (24 * 3600, "P1D", "1 day"),
    (2 * 24 * 3600, "P2D", "2 days"),
    (24 * 3600 + 3600 + 60, "P1DT1H1M", "1 day 1 hr 1 min"),
  ])
  func writesISO8601AndAsACookWouldSayIt(seconds: Int, iso8601: String, description: String) {
    let duration = RecipeDuration(seconds: seconds)
    #expect(duration.iso8601 == iso8601)
    #expect(duration.description == description)
  }

  @Test(arguments: [0, 59, 60, 90, 1200, 4800, 86_400, 90_061, 7 * 86_400])
  func readsBackItsOwnISO8601(seconds: Int) {
    let duration = RecipeDuration(seconds: seconds)
    #expect(RecipeDuration.parse(duration.iso8601) == duration)
  }

  @Test func countsMinutesRoundingUp() {
    #expect(RecipeDuration(seconds: 0).minutes == 0)
    #expect(RecipeDuration(seconds: 60).minutes == 1)
    #expect(RecipeDuration(seconds: 61).minutes == 2)
    #expect(RecipeDuration(minutes: 45).seconds == 2700)
  }

  @Test func neverGoesNegative() {
    #expect(RecipeDuration(seconds: -30).seconds == 0)
  }

  @Test func addsAndOrdersByLength() {
    let prep = RecipeDuration(minutes: 10)
    let cook = RecipeDuration(minutes: 25)
    #expect(prep + cook == RecipeDuration(minutes: 35))
    #expect(prep < cook)
    #expect([cook, prep].sorted() == [prep, cook])
  }

  // MARK: - Codable

  private struct Times: Codable, Equatable {
    var prep: RecipeDuration
  }

  @Test(arguments: [
    (#"{"prep": "PT20M"}"#, 20 * 60),
    (#"{"prep": "1 hr 20 min"}"#, 80 * 60),
    (#"{"prep": 20}"#, 20 * 60),
    (#"{"prep": 1.5}"#, 90),
  ])
  func decodesFromAStringOrANumberOfMinutes(json: String, seconds: Int) throws {
    let times = try LarderJSON.decode(Times.self, from: Data(json.utf8))
    #expect(times.prep.seconds == seconds)
  }

  @Test(arguments: [#"{"prep": "soon"}"#, #"{"prep": -5}"#, #"{"prep": true}"#])
  func refusesToDecodeWhatIsNotADuration(json: String) {
    let error = #expect(throws: LarderCoreError.self) {
      try LarderJSON.decode(Times.self, from: Data(json.utf8))
    }
    #expect(error?.field == "prep")
  }

  @Test func encodesAsAnISO8601String() throws {
    let data = try LarderJSON.encode(Times(prep: RecipeDuration(minutes: 80)))
    #expect(String(decoding: data, as: UTF8.self) == #"{"prep":"PT1H20M"}"#)
  }
}
