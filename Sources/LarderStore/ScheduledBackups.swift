import Foundation

/// The server's daily backups: a ``DatabaseBackup`` into one folder, at most once per
/// interval, keeping the newest few.
///
/// Backups are named `larder-YYYYMMDD-HHMMSS.sqlite` in UTC, so they sort by age and a
/// restarted server knows from the folder alone when the last one was taken: it backs up at
/// once when the newest is older than the interval (or there is none), and not again until the
/// interval has passed. After each backup the oldest backups beyond ``keep`` are deleted; no
/// other file in the folder is ever touched, so the folder may be shared with anything else.
public struct ScheduledBackups: Sendable {
  /// The folder backups are written to; created when missing.
  public var directory: String
  /// How many backups are kept (the newest); at least 1.
  public var keep: Int
  /// How often a backup is taken, in seconds: a day by default.
  public var interval: TimeInterval

  /// A schedule writing into `directory`, keeping `keep` backups, one every `interval`
  /// seconds.
  public init(directory: String, keep: Int, interval: TimeInterval = 86_400) {
    self.directory = directory
    self.keep = max(1, keep)
    self.interval = interval
  }

  /// One backup in the folder.
  public struct Backup: Sendable, Equatable {
    /// The file.
    public var path: String
    /// When it was taken, read from its name.
    public var takenAt: Date
  }

  /// The backups in the folder, oldest first: only files named as this schedule names them.
  public func backups() -> [Backup] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.compactMap { name in
      Self.date(fromName: name).map {
        Backup(path: (directory as NSString).appendingPathComponent(name), takenAt: $0)
      }
    }.sorted { $0.takenAt < $1.takenAt }
  }

  /// When the next backup is due: now when there is none yet, else an interval after the
  /// newest.
  public func nextDue(now: Date) -> Date {
    guard let newest = backups().last else { return now }
    return min(now.addingTimeInterval(interval), newest.takenAt.addingTimeInterval(interval))
  }

  /// Backs the database at `databasePath` up when one is due at `now`, then deletes the
  /// oldest backups beyond ``keep``; returns the backup's report, or nil when none was due.
  ///
  /// - Throws: ``LarderStoreError/backupFailed(path:reason:)`` when the folder cannot be made,
  ///   and what ``DatabaseBackup/backUp(databasePath:to:)`` throws; earlier backups are then
  ///   kept as they are.
  @discardableResult
  public func runIfDue(databasePath: String, now: Date) throws -> DatabaseCopyReport? {
    guard nextDue(now: now) <= now else { return nil }
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw LarderStoreError.backupFailed(
        path: directory,
        reason: "the backup folder cannot be created (\(error.localizedDescription))")
    }
    let path = (directory as NSString).appendingPathComponent(Self.name(for: now))
    let report = try DatabaseBackup.backUp(databasePath: databasePath, to: path)
    for old in backups().dropLast(keep) {
      try? FileManager.default.removeItem(atPath: old.path)
    }
    return report
  }

  // MARK: - Names

  private static let prefix = "larder-"
  private static let suffix = ".sqlite"

  /// `larder-20261202-041500.sqlite` for 2026-12-02 04:15:00 UTC.
  static func name(for date: Date) -> String {
    let parts = utcCalendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String {
      let text = String(value ?? 0)
      return text.count < 2 ? "0" + text : text
    }
    return prefix + String(parts.year ?? 0) + two(parts.month) + two(parts.day) + "-"
      + two(parts.hour) + two(parts.minute) + two(parts.second) + suffix
  }

  /// The time in a backup's name, or nil for any other file.
  static func date(fromName name: String) -> Date? {
    guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
    let stamp = name.dropFirst(prefix.count).dropLast(suffix.count)
    let pieces = stamp.split(separator: "-", omittingEmptySubsequences: false)
    guard pieces.count == 2, pieces[0].count == 8, pieces[1].count == 6,
      pieces.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
    else { return nil }
    let day = Array(pieces[0]).map { Int(String($0))! }
    let time = Array(pieces[1]).map { Int(String($0))! }
    func number(_ digits: ArraySlice<Int>) -> Int { digits.reduce(0) { $0 * 10 + $1 } }
    var components = DateComponents()
    components.year = number(day[0..<4])
    components.month = number(day[4..<6])
    components.day = number(day[6..<8])
    components.hour = number(time[0..<2])
    components.minute = number(time[2..<4])
    components.second = number(time[4..<6])
    guard let date = utcCalendar.date(from: components), name == self.name(for: date) else {
      return nil
    }
    return date
  }

  private static let utcCalendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()
}
