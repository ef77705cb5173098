import CMicroHTTPD
import Foundation

/// One request waiting, its connection suspended, for a deferred answer.
///
/// Who resumes the connection: whichever comes first of the work's answer and the server's stop
/// (``SuspendedRequests/close(answering:)``); the other finds it answered and does nothing.
///
/// `@unchecked Sendable` is safe because `state` is only reached while holding `lock`, and the
/// connection pointer is used only while the state is `.waiting`: libmicrohttpd neither times
/// out nor frees a suspended connection, and the state leaves `.waiting` (under the lock) in the
/// same step that resumes it.
final class PendingAnswer: @unchecked Sendable {
  private let lock = NSLock()
  private var state: State

  private enum State {
    case waiting(connection: OpaquePointer)
    case answered(HTTPResponse)
    case taken
  }

  init(connection: OpaquePointer) {
    state = .waiting(connection: connection)
  }

  /// Registers the request in `requests` and suspends its connection; false, without
  /// suspending, once the server is stopping. Called from the access handler, the only place
  /// libmicrohttpd allows `MHD_suspend_connection`.
  func suspend(in requests: SuspendedRequests) -> Bool {
    lock.withLock {
      guard case .waiting(let connection) = state, requests.insert(self) else { return false }
      MHD_suspend_connection(connection)
      return true
    }
  }

  /// Keeps `response` and resumes the connection, whose access handler then sends it; false
  /// when the request was answered already (by the stop).
  @discardableResult
  func answer(_ response: HTTPResponse, removingFrom requests: SuspendedRequests) -> Bool {
    lock.withLock {
      guard case .waiting(let connection) = state else { return false }
      state = .answered(response)
      requests.remove(self)
      MHD_resume_connection(connection)
      return true
    }
  }

  /// The answer, once, after the connection was resumed.
  func takeAnswer() -> HTTPResponse? {
    lock.withLock {
      guard case .answered(let response) = state else { return nil }
      state = .taken
      return response
    }
  }
}

/// The requests of one daemon waiting for deferred answers, so that a stop can answer them:
/// `MHD_stop_daemon` must not find a connection still suspended.
final class SuspendedRequests: Sendable {
  private let state = Locked(State())

  private struct State: Sendable {
    var isClosed = false
    var waiting: [ObjectIdentifier: PendingAnswer] = [:]
  }

  /// How many requests are waiting now.
  var count: Int { state.withLock { $0.waiting.count } }

  fileprivate func insert(_ pending: PendingAnswer) -> Bool {
    state.withLock { state in
      guard !state.isClosed else { return false }
      state.waiting[ObjectIdentifier(pending)] = pending
      return true
    }
  }

  fileprivate func remove(_ pending: PendingAnswer) {
    state.withLock { _ = $0.waiting.removeValue(forKey: ObjectIdentifier(pending)) }
  }

  /// Takes no more requests and answers every waiting one with `response`; returns how many
  /// it answered. Their work goes on, and its answer is dropped.
  func close(answering response: HTTPResponse) -> Int {
    let waiting = state.withLock { state -> [PendingAnswer] in
      state.isClosed = true
      defer { state.waiting = [:] }
      return Array(state.waiting.values)
    }
    return waiting.filter { $0.answer(response, removingFrom: self) }.count
  }
}
