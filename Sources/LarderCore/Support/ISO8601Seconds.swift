import Foundation

/// A date as ISO 8601 in UTC to the second ("2026-12-06T11:42:38Z"), as the JSON encoder's
/// `.iso8601` strategy and `Date.ISO8601FormatStyle` write it (a fraction of a second
/// dropped), without making a formatter per call: a recipe page made two
/// `ISO8601DateFormatter`s, a tenth of its time. (That formatter rounds to the millisecond
/// first, so for a fraction of .9995 or more it wrote the next second; the page's schema.org
/// dates now agree with the API's.)
public enum ISO8601Seconds {
  /// The date's text.
  public static func string(from date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    var days = seconds / 86_400
    var secondOfDay = seconds % 86_400
    if secondOfDay < 0 {
      secondOfDay += 86_400
      days -= 1
    }
    let calendarDay = CalendarDay(dayNumber: days)
    let (year, month, day) = (calendarDay.year, calendarDay.month, calendarDay.day)
    var text = ""
    text.reserveCapacity(20)
    func digits(_ value: Int, _ width: Int) {
      let written = String(value)
      if written.utf8.count < width {
        text += String(repeating: "0", count: width - written.utf8.count)
      }
      text += written
    }
    digits(year, 4)
    text += "-"
    digits(month, 2)
    text += "-"
    digits(day, 2)
    text += "T"
    digits(secondOfDay / 3600, 2)
    text += ":"
    digits(secondOfDay / 60 % 60, 2)
    text += ":"
    digits(secondOfDay % 60, 2)
    text += "Z"
    return text
  }
}
