import Foundation

/// A date as ISO 8601 in UTC to the second ("2026-12-06T11:42:38Z"), as Foundation's
/// `ISO8601DateFormatter` and the JSON encoder's `.iso8601` strategy write it (a fraction of
/// a second dropped), without making a formatter per call: a recipe page made two, a tenth
/// of its time.
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
    // Days since 1970-01-01 to a civil date (proleptic Gregorian), by eras of 400 years.
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
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
