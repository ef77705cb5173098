import Foundation
import LarderHTTP

/// A small bounded queue for the work that waits on other servers: clipping a page, keeping a
/// recipe's remote image. Each piece runs on one of a few threads of its own, so that the HTTP
/// server's threads stay free for everyone else (``HTTPResponse/later(on:_:)``), and at most
/// ``Limits/running`` run at once while ``Limits/waiting`` more wait their turn, first come
/// first served. Past that a request is refused at once, 503 with `Retry-After`
/// (``ErrorResponses/outboundQueueFull(_:)``), rather than piling up.
///
/// Each piece of work is bounded by its own deadline (the clipper's ``RecipeClipper/deadlineSeconds``),
/// which starts when it runs, so a piece waits at most about `waiting / running` deadlines.
///
/// `@unchecked Sendable` is safe because `admitted`, `running` and `jobs` are only reached while
/// holding `lock`.
public final class OutboundQueue: @unchecked Sendable {
  /// How much outbound work is taken at once.
  public struct Limits: Equatable, Sendable {
    /// How many pieces run at once: 4 by default.
    public var running: Int
    /// How many more may wait for a turn: 12 by default, so 16 clips can be under way at once.
    public var waiting: Int
    /// The `Retry-After` a refused request is told, in seconds: 15 by default.
    public var retryAfterSeconds: Int

    /// Limits with the defaults documented on each property.
    public init(running: Int = 4, waiting: Int = 12, retryAfterSeconds: Int = 15) {
      self.running = running
      self.waiting = waiting
      self.retryAfterSeconds = retryAfterSeconds
    }
  }

  /// The limits this queue keeps.
  public let limits: Limits
  private let lock = NSLock()
  /// Pieces taken and not yet finished, running or waiting (or reserved and not yet handed
  /// over by the HTTP server).
  private var admitted = 0
  /// Threads running pieces now.
  private var running = 0
  private var jobs: [@Sendable () -> Void] = []

  /// Makes a queue; its threads start when work comes and end when none is left. Limits below
  /// 1 running or 0 waiting are raised to those.
  public init(limits: Limits = Limits()) {
    var limits = limits
    limits.running = max(1, limits.running)
    limits.waiting = max(0, limits.waiting)
    self.limits = limits
  }

  /// How many pieces are taken and not yet finished, running or waiting.
  public var count: Int { lock.withLock { admitted } }

  /// An answer given later: `work` runs on this queue and makes the response.
  ///
  /// - Throws: ``LarderServerError`` 503 `busy` with `Retry-After` when ``Limits/running``
  ///   pieces run and ``Limits/waiting`` wait already.
  public func answerLater(
    _ work: @escaping @Sendable () throws -> HTTPResponse
  ) throws -> HTTPResponse {
    try lock.withLock {
      guard admitted < limits.running + limits.waiting else {
        throw ErrorResponses.outboundQueueFull(limits)
      }
      admitted += 1
    }
    return .later(on: Turn(queue: self), work)
  }

  /// One admitted piece's turn: the HTTP server hands it the piece's job exactly once.
  private struct Turn: DeferredWorkExecutor {
    let queue: OutboundQueue

    func execute(_ job: @escaping @Sendable () -> Void) {
      queue.enqueue(job)
    }
  }

  private func enqueue(_ job: @escaping @Sendable () -> Void) {
    let startsThread = lock.withLock {
      jobs.append(job)
      guard running < limits.running else { return false }
      running += 1
      return true
    }
    if startsThread {
      let thread = Thread { [self] in runJobs() }
      thread.name = "larder.outbound"
      thread.start()
    }
  }

  /// One worker thread: runs waiting jobs in order until none is left.
  private func runJobs() {
    while let job = nextJob() {
      job()
      lock.withLock { admitted -= 1 }
    }
  }

  private func nextJob() -> (@Sendable () -> Void)? {
    lock.withLock {
      guard !jobs.isEmpty else {
        running -= 1
        return nil
      }
      return jobs.removeFirst()
    }
  }
}
