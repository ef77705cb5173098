import Foundation
import Testing

@testable import LarderHTTP

/// Runs each job on a thread of its own and counts the jobs it was given.
final class ThreadExecutor: DeferredWorkExecutor {
  let jobsReceived = Locked(0)

  func execute(_ job: @escaping @Sendable () -> Void) {
    jobsReceived.withLock { $0 += 1 }
    Thread.detachNewThread { job() }
  }

  /// Waits up to 5 s until `count` jobs have arrived; whether they did.
  func waitForJobs(_ count: Int) -> Bool {
    let deadline = Date(timeIntervalSinceNow: 5)
    while jobsReceived.withLock({ $0 }) < count && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    return jobsReceived.withLock { $0 } >= count
  }
}

/// Answers given later (``HTTPResponse/later(on:_:)``) over a real socket: the connection waits
/// suspended while the server's threads serve others.
@Suite("Deferred answers over a socket")
struct DeferredAnswerTests {
  /// A router whose `/later` answers through `executor` once `gate` opens, and `/later/now`
  /// at once, with the other test routes beside them.
  private func handler(
    executor: ThreadExecutor, gate: DispatchSemaphore? = nil
  ) -> @Sendable (HTTPRequest) -> HTTPResponse {
    let routes = serve(makeTestRouter())
    return { request in
      switch request.path {
      case "/later":
        return .later(on: executor) {
          if let gate {
            _ = gate.wait(timeout: .now() + 10)
            gate.signal()  // the gate stays open for the others
          }
          var response = HTTPResponse.text("answered later", status: 201)
          response.headers["X-Later"] = "yes"
          return response
        }
      case "/later/now":
        return .later(on: executor) { .text("at once") }
      case "/later/throws":
        return .later(on: executor) { throw HTTPError.invalidConfiguration("thrown") }
      default:
        return routes(request)
      }
    }
  }

  @Test("a deferred answer is sent with its status and headers, and logged once it is sent")
  func deferredAnswerIsSent() throws {
    let executor = ThreadExecutor()
    try withServer(handler: handler(executor: executor)) { server, recorder in
      let connection = try RawHTTPConnection(port: server.boundPort)
      let response = try connection.request("GET", "/later")
      #expect(response.status == 201)
      #expect(response.text == "answered later")
      #expect(response.headers["x-later"] == "yes")
      // The same keep-alive connection serves an answer that is ready before the handler's
      // thread has even let go of the request, then an ordinary one.
      #expect(try connection.request("GET", "/later/now").text == "at once")
      #expect(try connection.request("GET", "/hello").text == "hello world")
      let line = recorder.waitForLine { $0.contains("\"GET /later\"") }
      #expect(line?.contains("\" 201 14B ") == true, "\(line ?? "no line")")
      #expect(executor.jobsReceived.withLock { $0 } == 2)
    }
  }

  @Test("deferred work that throws is answered 500 and logged")
  func thrownErrorIsA500() throws {
    let executor = ThreadExecutor()
    try withServer(handler: handler(executor: executor)) { server, recorder in
      let response = try RawHTTPConnection(port: server.boundPort).request("GET", "/later/throws")
      #expect(response.status == 500)
      #expect(recorder.waitForLine { $0.contains("a deferred handler threw") } != nil)
    }
  }

  @Test("while deferred answers wait, every thread is free for other requests")
  func otherRequestsAreServedMeanwhile() throws {
    let executor = ThreadExecutor()
    let gate = DispatchSemaphore(value: 0)
    var configuration = testConfiguration()
    configuration.threadCount = 1
    try withServer(configuration, handler: handler(executor: executor, gate: gate)) { server, _ in
      let port = server.boundPort
      let answers = Locked<[String]>([])
      let clientsDone = DispatchGroup()
      for _ in 0..<6 {
        clientsDone.enter()
        Thread.detachNewThread {
          defer { clientsDone.leave() }
          let text = (try? RawHTTPConnection(port: port, timeout: 15).request("GET", "/later"))
            .map { "\($0.status) \($0.text)" }
          answers.withLock { $0.append(text ?? "no answer") }
        }
      }
      #expect(executor.waitForJobs(6), "all six are waiting on the executor")
      // Six requests wait on a server with one thread, which still answers.
      let hello = try RawHTTPConnection(port: port, timeout: 5).request("GET", "/hello")
      #expect(hello.status == 200)
      #expect(answers.withLock { $0.isEmpty })
      gate.signal()
      #expect(clientsDone.wait(timeout: .now() + 10) == .success)
      #expect(answers.withLock { $0 } == Array(repeating: "201 answered later", count: 6))
    }
  }

  @Test("stop() ends a deferred answer that is still waiting with 503 and returns")
  func stopWhileWaiting() throws {
    let executor = ThreadExecutor()
    let gate = DispatchSemaphore(value: 0)
    defer { gate.signal() }  // lets the abandoned work finish; its answer is dropped
    var configuration = testConfiguration()
    configuration.shutdownGracePeriodSeconds = 0.2
    let recorder = LogRecorder()
    let server = HTTPServer(
      configuration: configuration, log: recorder.record,
      handler: handler(executor: executor, gate: gate))
    try server.start()
    let port = server.boundPort
    let result = Locked("no answer")
    let clientDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      defer { clientDone.signal() }
      if let response = try? RawHTTPConnection(port: port, timeout: 10).request("GET", "/later") {
        result.withLock {
          $0 = "\(response.status) \(response.headers["retry-after"] ?? "-") \(response.text)"
        }
      }
    }
    #expect(executor.waitForJobs(1))
    server.stop()
    #expect(clientDone.wait(timeout: .now() + 5) == .success)
    let answer = result.withLock { $0 }
    #expect(answer.hasPrefix("503 10 "), "\(answer)")
    #expect(answer.contains("shutting_down"))
    #expect(server.requestsInFlight.current == 0)
    #expect(recorder.waitForLine { $0.contains("\"GET /later\" 503") } != nil)
  }

  @Test("a client that leaves while its answer is deferred costs nothing once the answer comes")
  func clientLeavesWhileWaiting() throws {
    let executor = ThreadExecutor()
    let gate = DispatchSemaphore(value: 0)
    try withServer(handler: handler(executor: executor, gate: gate)) { server, recorder in
      do {
        let connection = try RawHTTPConnection(port: server.boundPort)
        try connection.send("GET /later HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(executor.waitForJobs(1))
      }  // the connection closes here, before the answer
      gate.signal()
      let line = recorder.waitForLine(timeout: 5) { $0.contains("\"GET /later\"") }
      #expect(line != nil, "the request completes and is logged")
      let deadline = Date(timeIntervalSinceNow: 5)
      while server.requestsInFlight.current != 0 && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.01)
      }
      #expect(server.requestsInFlight.current == 0)
      #expect(try RawHTTPConnection(port: server.boundPort).request("GET", "/hello").status == 200)
    }
  }

  @Test("without a socket, waitingForDeferredAnswer runs the work and returns its response")
  func waitingWithoutASocket() {
    let executor = ThreadExecutor()
    let response = HTTPResponse.later(on: executor) { .text("done", status: 200) }
      .waitingForDeferredAnswer()
    #expect(response.status == 200)
    #expect(String(decoding: response.body, as: UTF8.self) == "done")
    let mapped = HTTPResponse(status: 200, body: Data()).waitingForDeferredAnswer()
    #expect(mapped.deferred == nil)
  }
}
