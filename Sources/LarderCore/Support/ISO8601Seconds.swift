import Foundation

/// A date as ISO 8601 in UTC to the second ("2026-12-06T11:42:38Z"), as the JSON encoder's
/// `.iso8601` strategy and `Date.ISO8601FormatStyle` write it (a fraction of a second
/// dropped), without making a formatter per call: a recipe page made two
/// `ISO8601DateFormatter`s, a tenth of its time. (That formatter rounds to the millisecond
/// first, so for a fraction of .9995 or more it wrote the next second; the page's schema.org
/// dates now agree with the API's.)
public enum ISO8601Seconds {
  /// How many bytes ``write(_:to:)`` writes.
  public static let length = 20

  /// Writes the date's text, ``length`` bytes, at `destination`, for a year from 0 to 9999
  /// (every date a recipe has); returns false, writing nothing, for any other year. JSON
  /// answers write their dates this way, with no string made for each.
  public static func write(_ date: Date, to destination: UnsafeMutablePointer<UInt8>) -> Bool {
    let interval = date.timeIntervalSince1970
    // Years 0 to 9999.
    guard interval >= -62_167_219_200, interval < 253_402_300_800 else { return false }
    let (calendarDay, secondOfDay) = parts(Int(interval.rounded(.down)))
    guard (0...9999).contains(calendarDay.year) else { return false }
    var at = destination
    func digits(_ value: Int, _ width: Int) {
      var scale = 1
      for _ in 1..<width { scale *= 10 }
      var value = value
      for _ in 0..<width {
        at.pointee = UInt8(ascii: "0") + UInt8(value / scale)
        at += 1
        value %= scale
        scale /= 10
      }
    }
    func mark(_ character: Unicode.Scalar) {
      at.pointee = UInt8(ascii: character)
      at += 1
    }
    digits(calendarDay.year, 4)
    mark("-")
    digits(calendarDay.month, 2)
    mark("-")
    digits(calendarDay.day, 2)
    mark("T")
    digits(secondOfDay / 3600, 2)
    mark(":")
    digits(secondOfDay / 60 % 60, 2)
    mark(":")
    digits(secondOfDay % 60, 2)
    mark("Z")
    return true
  }

  /// The day and the second of that day (0 to 86,399) of a time in whole seconds since 1970.
  private static func parts(_ seconds: Int) -> (day: CalendarDay, second: Int) {
    var days = seconds / 86_400
    var secondOfDay = seconds % 86_400
    if secondOfDay < 0 {
      secondOfDay += 86_400
      days -= 1
    }
    return (CalendarDay(dayNumber: days), secondOfDay)
  }

  /// The date's text.
  public static func string(from date: Date) -> String {
    let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) {
      buffer -> String? in
      guard write(date, to: buffer.baseAddress!) else { return nil }
      return String(decoding: buffer, as: UTF8.self)
    }
    if let written { return written }
    let (calendarDay, secondOfDay) = parts(Int(date.timeIntervalSince1970.rounded(.down)))
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
