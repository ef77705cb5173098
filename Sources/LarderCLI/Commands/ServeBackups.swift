import Dispatch
import Foundation
import LarderStore

/// The daily backup `larder serve` takes when `backup_dir` is set: checked at start and then
/// at least hourly on a background queue, so serving never waits for it; each backup, and
/// each failure, is logged (a failure keeps the earlier backups and is tried again at the
/// next check).
///
/// `@unchecked Sendable`: every property is immutable, and the one reference type,
/// the Dispatch timer, is safe to use from any thread.
final class ServeBackups: @unchecked Sendable {
  private let schedule: ScheduledBackups
  private let databasePath: String
  private let log: @Sendable (String) -> Void
  private let queue = DispatchQueue(label: "larder.backups", qos: .utility)
  private let timer: DispatchSourceTimer
  /// The longest wait between two checks: a machine that slept still backs up on waking.
  private static let longestWait: TimeInterval = 3600

  init(
    schedule: ScheduledBackups, databasePath: String, log: @escaping @Sendable (String) -> Void
  ) {
    self.schedule = schedule
    self.databasePath = databasePath
    self.log = log
    timer = DispatchSource.makeTimerSource(queue: queue)
  }

  /// Starts checking: the first check runs now.
  func start() {
    timer.setEventHandler { [self] in check() }
    timer.schedule(deadline: .now())
    timer.resume()
  }

  /// Stops checking; a backup in progress finishes first.
  func stop() {
    timer.cancel()
    queue.sync {}
  }

  private func check() {
    let now = Date()
    do {
      if let report = try schedule.runIfDue(databasePath: databasePath, now: now) {
        let recipes = report.recipeCount == 1 ? "1 recipe" : "\(report.recipeCount) recipes"
        log("Backed up \(recipes) to \(report.path) (keeping the newest \(schedule.keep)).")
      }
    } catch {
      log("Daily backup into \(schedule.directory) failed: \(error); trying again in an hour.")
      timer.schedule(deadline: .now() + Self.longestWait)
      return
    }
    let wait = min(Self.longestWait, max(1, schedule.nextDue(now: Date()).timeIntervalSinceNow))
    timer.schedule(deadline: .now() + wait)
  }
}
