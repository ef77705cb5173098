import Foundation

/// Runs the slow part of a deferred answer off the HTTP server's threads.
///
/// `HTTPServer` calls ``execute(_:)`` exactly once for each ``DeferredAnswer`` a handler
/// returns, from one of its threads; the executor must run the job exactly once, later and on a
/// thread of its own (running it before returning would hold the server's thread again).
public protocol DeferredWorkExecutor: Sendable {
  /// Runs `job` once, on another thread.
  func execute(_ job: @escaping @Sendable () -> Void)
}

/// An answer a handler gives later: the work that makes the response, and the executor it runs
/// on. Returned inside an ``HTTPResponse`` (``HTTPResponse/later(on:_:)``), it frees the server's
/// thread at once; the connection waits, suspended, until the work has made its response.
///
/// What the work throws becomes a logged 500, unless a ``recovering(_:)`` step turns it into
/// an answer first.
public struct DeferredAnswer: Sendable {
  /// Where the work runs.
  public let executor: any DeferredWorkExecutor
  private let work: @Sendable () throws -> HTTPResponse

  /// Makes a deferred answer: `work` runs on `executor`, and its response is sent.
  public init(
    on executor: any DeferredWorkExecutor, _ work: @escaping @Sendable () throws -> HTTPResponse
  ) {
    self.executor = executor
    self.work = work
  }

  /// Runs the work on the calling thread (the executor's): its response, or what it threw.
  public func run() -> Result<HTTPResponse, any Error> {
    Result { try work() }
  }

  /// The same answer with `transform` applied to the response the work makes, such as headers
  /// every response gets.
  public func map(
    _ transform: @escaping @Sendable (HTTPResponse) -> HTTPResponse
  ) -> DeferredAnswer {
    let work = self.work
    return DeferredAnswer(on: executor) { transform(try work()) }
  }

  /// The same answer with what the work throws turned into a response by `answer`.
  public func recovering(
    _ answer: @escaping @Sendable (any Error) -> HTTPResponse
  ) -> DeferredAnswer {
    let work = self.work
    return DeferredAnswer(on: executor) {
      do {
        return try work()
      } catch {
        return answer(error)
      }
    }
  }
}

extension HTTPResponse {
  /// A response given later: `work` runs on `executor` and makes the response sent, while the
  /// server's thread goes on to other requests.
  ///
  /// Anything set on the returned value other than through ``DeferredAnswer/map(_:)`` is not
  /// sent: the work's response is.
  public static func later(
    on executor: any DeferredWorkExecutor, _ work: @escaping @Sendable () throws -> HTTPResponse
  ) -> HTTPResponse {
    var response = HTTPResponse(status: 202)
    response.deferred = DeferredAnswer(on: executor, work)
    return response
  }

  /// The response as a client gets it: a deferred one is run on its executor and waited for
  /// (what its work throws becomes a 500); any other is returned as it is. For callers without
  /// a socket, such as tests; the server never blocks on it.
  public func waitingForDeferredAnswer() -> HTTPResponse {
    guard let deferred else { return self }
    let done = DispatchSemaphore(value: 0)
    let answer = Locked<HTTPResponse?>(nil)
    deferred.executor.execute {
      let response = (try? deferred.run().get()) ?? .text("internal server error", status: 500)
      answer.withLock { $0 = response }
      done.signal()
    }
    done.wait()
    return answer.withLock { $0 } ?? .text("internal server error", status: 500)
  }
}
