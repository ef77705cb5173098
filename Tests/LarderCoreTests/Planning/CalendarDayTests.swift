import Foundation
import LarderCore
import Testing

/// Calendar days, weeks and "expires in 3 days", across time zones and daylight saving.
@Suite struct CalendarDayTests {
  /// An instant from an ISO 8601 text with its offset.
  func instant(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text))
  }

  @Test func anItemExpiringTodaySaysSoAt2330InUTCMinus8() throws {
    // 23:30 in Los Angeles on 3 December is already 4 December in UTC.
    let now = try instant("2026-12-04T07:30:00Z")
    let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
    let today = CalendarDay(now, in: losAngeles)
    #expect(today == CalendarDay("2026-12-03"))
    #expect(
      ExpiryStatus(expiresOn: CalendarDay("2026-12-03")!, today: today).text == "expires today")
    #expect(CalendarDay(now, in: TimeZone(identifier: "UTC")!) == CalendarDay("2026-12-04"))
  }

  @Test func dayBoundariesFallAtLocalMidnight() throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    #expect(
      CalendarDay(try instant("2026-12-03T22:59:59Z"), in: berlin) == CalendarDay("2026-12-03"))
    #expect(
      CalendarDay(try instant("2026-12-03T23:00:00Z"), in: berlin) == CalendarDay("2026-12-04"))
  }

  @Test func daysCountWholeAcrossADaylightSavingChange() throws {
    // 2026-03-08 has 23 hours in New York; noon to noon across it is still one day, and
    // 00:30 on the 9th is the 9th.
    let newYork = try #require(TimeZone(identifier: "America/New_York"))
    let saturdayNight = CalendarDay(try instant("2026-03-08T04:30:00Z"), in: newYork)
    let mondayJustAfterMidnight = CalendarDay(try instant("2026-03-09T04:30:00Z"), in: newYork)
    #expect(saturdayNight == CalendarDay("2026-03-07"))
    #expect(mondayJustAfterMidnight == CalendarDay("2026-03-09"))
    #expect(mondayJustAfterMidnight.days(since: saturdayNight) == 2)
    let status = ExpiryStatus(expiresOn: CalendarDay("2026-03-10")!, today: saturdayNight)
    #expect(status.text == "expires in 3 days")
    // Europe falls back in October: a 25-hour day is still one day.
    let paris = try #require(TimeZone(identifier: "Europe/Paris"))
    let before = CalendarDay(try instant("2026-10-24T22:30:00Z"), in: paris)
    let after = CalendarDay(try instant("2026-10-25T23:30:00Z"), in: paris)
    #expect(before == CalendarDay("2026-10-25"))
    #expect(after == CalendarDay("2026-10-26"))
  }

  @Test(arguments: [
    ("2026-12-03", "expires today", 0), ("2026-12-04", "expires tomorrow", 1),
    ("2026-12-06", "expires in 3 days", 3), ("2026-12-02", "expired yesterday", -1),
    ("2026-12-01", "expired 2 days ago", -2), ("2027-01-02", "expires in 30 days", 30),
  ])
  func expiryReadsAsWords(expires: String, text: String, days: Int) {
    let status = ExpiryStatus(expiresOn: CalendarDay(expires)!, today: CalendarDay("2026-12-03")!)
    #expect(status.text == text)
    #expect(status.daysLeft == days)
    #expect(status.isExpired == (days < 0))
  }

  @Test(arguments: ["2026-02-29", "2026-13-01", "26-12-01", "2026-12-1", "tomorrow", ""])
  func impossibleOrMalformedDatesAreRefused(text: String) {
    #expect(CalendarDay(text) == nil)
  }

  @Test func dayNumbersRoundTripAcrossCenturiesAndLeapDays() {
    #expect(CalendarDay("1970-01-01")!.dayNumber == 0)
    #expect(CalendarDay("2024-02-29")!.adding(days: 1) == CalendarDay("2024-03-01"))
    #expect(CalendarDay("2000-02-28")!.adding(days: 1) == CalendarDay("2000-02-29"))
    #expect(CalendarDay("2100-02-28")!.adding(days: 1) == CalendarDay("2100-03-01"))
    for number in stride(from: -800_000, through: 800_000, by: 997) {
      #expect(CalendarDay(dayNumber: number).dayNumber == number)
    }
  }

  @Test func weeksStartOnMondayOrTheConfiguredDay() {
    let thursday = CalendarDay("2026-12-03")!
    #expect(thursday.weekday == .thursday)
    #expect(thursday.startOfWeek() == CalendarDay("2026-11-30"))
    #expect(thursday.startOfWeek(firstWeekday: .sunday) == CalendarDay("2026-11-29"))
    #expect(thursday.startOfWeek(firstWeekday: .thursday) == thursday)
    #expect(CalendarDay("2026-11-29")!.startOfWeek() == CalendarDay("2026-11-23"))
  }

  @Test func daysEncodeAsPlainDates() throws {
    let data = try LarderJSON.encode(["d": CalendarDay("2026-12-03")!])
    #expect(String(decoding: data, as: UTF8.self) == #"{"d":"2026-12-03"}"#)
    // A bad date names its field.
    #expect(throws: LarderCoreError.self) {
      try LarderJSON.decode([String: CalendarDay].self, from: Data(#"{"d":"2026-02-30"}"#.utf8))
    }
    do {
      _ = try LarderJSON.decode([String: CalendarDay].self, from: Data(#"{"d":"2026-02-30"}"#.utf8))
    } catch let error as LarderCoreError {
      #expect(error.field == "d")
    }
  }
}
