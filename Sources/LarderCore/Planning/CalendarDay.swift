import Foundation

/// A day on the calendar ("2026-12-03"), without a time or a time zone: what an expiry date or
/// a planned meal means.
///
/// Days count by pure arithmetic on the proleptic Gregorian calendar, so "in 3 days" never
/// depends on daylight saving: a day is a day whether it has 23, 24 or 25 hours. Which day an
/// instant falls on depends on the time zone, and is asked with ``init(_:in:)``.
public struct CalendarDay: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The year, such as 2026.
  public let year: Int
  /// The month, 1 to 12.
  public let month: Int
  /// The day of the month, 1 to 31.
  public let day: Int

  /// Makes a day; nil when the month or day does not exist (February 30).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), (1...31).contains(day),
      (-9999...9999).contains(year),
      day <= Self.daysIn(month: month, year: year)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Reads "YYYY-MM-DD"; nil for anything else.
  public init?(_ text: String) {
    let parts = text.trimmingCharacters(in: .whitespaces).split(
      separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// The day an instant falls on in a time zone: 23:30 on 3 December in Los Angeles is
  /// 3 December there, though it is already 4 December in UTC.
  public init(_ date: Date, in timeZone: TimeZone) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    self.init(dayNumber: Self.dayNumber(year: parts.year!, month: parts.month!, day: parts.day!))
  }

  /// The day `dayNumber` days after 1970-01-01.
  public init(dayNumber: Int) {
    // Howard Hinnant's civil-from-days algorithm.
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    self.year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    self.month = month
    self.day = day
  }

  /// Days since 1970-01-01 (negative before).
  public var dayNumber: Int { Self.dayNumber(year: year, month: month, day: day) }

  /// The day `days` later (earlier when negative).
  public func adding(days: Int) -> CalendarDay { CalendarDay(dayNumber: dayNumber + days) }

  /// How many days from `other` to this day: positive when this day is later.
  public func days(since other: CalendarDay) -> Int { dayNumber - other.dayNumber }

  /// The day of the week.
  public var weekday: Weekday {
    // 1970-01-01 was a Thursday.
    let index = ((dayNumber % 7) + 7 + 3) % 7
    return Weekday.allCases[index]
  }

  /// The first day of the week holding this day, for weeks starting on `firstWeekday`.
  public func startOfWeek(firstWeekday: Weekday = .monday) -> CalendarDay {
    let offset = (weekday.index - firstWeekday.index + 7) % 7
    return adding(days: -offset)
  }

  /// "2026-12-03".
  public var description: String {
    String(format: "%04d-%02d-%02d", year, month, day)
  }

  /// Orders days by the calendar.
  public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
    lhs.dayNumber < rhs.dayNumber
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  private static func dayNumber(year: Int, month: Int, day: Int) -> Int {
    // Howard Hinnant's days-from-civil algorithm.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }
}

extension CalendarDay: Codable {
  /// Reads "YYYY-MM-DD".
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let day = CalendarDay(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "expected a date as YYYY-MM-DD, got '\(text)'")
    }
    self = day
  }

  /// Writes "YYYY-MM-DD".
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

/// A day of the week, Monday first as ISO 8601 counts them.
public enum Weekday: String, Hashable, Sendable, Codable, CaseIterable {
  /// Monday.
  case monday
  /// Tuesday.
  case tuesday
  /// Wednesday.
  case wednesday
  /// Thursday.
  case thursday
  /// Friday.
  case friday
  /// Saturday.
  case saturday
  /// Sunday.
  case sunday

  /// 0 for Monday to 6 for Sunday.
  public var index: Int { Weekday.allCases.firstIndex(of: self)! }
}

/// How far a day is from today, in words a person reads at a glance.
public struct ExpiryStatus: Hashable, Sendable, Codable {
  /// Days from today to the expiry day: 0 today, negative once passed.
  public var daysLeft: Int
  /// "expires today", "expires tomorrow", "expires in 3 days", "expired yesterday",
  /// "expired 2 days ago".
  public var text: String

  /// The status of something expiring on `expiresOn`, seen on `today`.
  public init(expiresOn: CalendarDay, today: CalendarDay) {
    let days = expiresOn.days(since: today)
    daysLeft = days
    switch days {
    case 0: text = "expires today"
    case 1: text = "expires tomorrow"
    case 2...: text = "expires in \(days) days"
    case -1: text = "expired yesterday"
    default: text = "expired \(-days) days ago"
    }
  }

  /// Whether the day has passed.
  public var isExpired: Bool { daysLeft < 0 }

  /// How urgent the expiry is, the one rule every front end shows: passed, soon (within
  /// ``soonDays`` days), or not yet.
  public var kind: Kind {
    isExpired ? .expired : daysLeft <= Self.soonDays ? .soon : .ok
  }

  /// The most days left for an expiry to count as soon.
  public static let soonDays = 3

  /// How urgent an expiry is.
  public enum Kind: String, Hashable, Sendable, Codable {
    /// The day has passed.
    case expired
    /// Within ``ExpiryStatus/soonDays`` days.
    case soon
    /// Further off.
    case ok
  }

  private enum CodingKeys: String, CodingKey {
    case daysLeft, text, kind
  }

  /// Reads `daysLeft` and `text`; `kind` follows from them.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    daysLeft = try container.decode(Int.self, forKey: .daysLeft)
    text = try container.decode(String.self, forKey: .text)
  }

  /// Writes `daysLeft`, `text` and `kind`, so a page's script shows the same badge as the
  /// server's pages without its own rule.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(daysLeft, forKey: .daysLeft)
    try container.encode(text, forKey: .text)
    try container.encode(kind, forKey: .kind)
  }
}
