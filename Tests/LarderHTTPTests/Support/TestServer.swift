import Foundation

@testable import LarderHTTP

/// Collects the server's log lines so tests can look for the access-log line.
final class LogRecorder: Sendable {
  private let lines = Locked<[String]>([])

  var all: [String] { lines.withLock { $0 } }

  func record(_ line: String) {
    lines.withLock { $0.append(line) }
  }

  /// Waits up to `timeout` seconds for a line satisfying `predicate`: the access log is written
  /// when a request completes, which is just after the client has read the response.
  func waitForLine(timeout: Double = 3, where predicate: (String) -> Bool) -> String? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    repeat {
      if let line = all.first(where: predicate) { return line }
      Thread.sleep(forTimeInterval: 0.01)
    } while Date() < deadline
    return nil
  }
}

/// What the `/echo` route sends back: the request as the handler saw it.
struct Echo: Codable, Equatable {
  var method: String
  var path: String
  var query: [String: String]
  var headers: [String: String]
  var body: String
  var remoteAddress: String?
  var isTLS: Bool = false
  var scheme: String = "http"
}

/// A router with the routes the socket tests use.
func makeTestRouter(calls: Locked<Int>? = nil) -> Router {
  var router = Router()
  router.get("/hello") { _ in .text("hello world") }
  router.get("/echo/*rest") { request in
    calls?.withLock { $0 += 1 }
    let echo = Echo(
      method: request.method, path: request.path, query: request.query,
      headers: request.headers, body: String(decoding: request.body, as: UTF8.self),
      remoteAddress: request.remoteAddress, isTLS: request.isTLS, scheme: request.scheme)
    return .json(try JSONEncoder().encode(echo))
  }
  router.post("/body") { request in
    calls?.withLock { $0 += 1 }
    return HTTPResponse(
      status: 200, headers: ["Content-Type": "application/octet-stream"], body: request.body)
  }
  router.get("/headers") { _ in
    HTTPResponse(
      status: 201, headers: ["X-Larder": "yes", "X-Bad": "a\r\nInjected: 1"], body: Data("x".utf8))
  }
  router.get("/status/:code") { request in
    HTTPResponse(status: Int(request.pathParameters["code"] ?? "") ?? 500)
  }
  return router
}

/// Adapts a router to the server's total handler, as LarderServer does with its own errors.
func serve(_ router: Router) -> @Sendable (HTTPRequest) -> HTTPResponse {
  { request in
    switch router.match(request) {
    case .found(let handler, let request):
      do { return try handler(request) } catch { return .text("error: \(error)", status: 500) }
    case .notFound:
      return .text("not found", status: 404)
    case .methodNotAllowed(let allowed):
      var response = HTTPResponse.text("method not allowed", status: 405)
      response.headers["Allow"] = allowed.joined(separator: ", ")
      return response
    }
  }
}

/// A configuration for tests: loopback, a free port, few threads.
func testConfiguration(
  host: String = "127.0.0.1", maxBodyBytes: Int = 1 << 20
) -> HTTPServerConfiguration {
  HTTPServerConfiguration(
    host: host, port: 0, threadCount: 2, maxBodyBytes: maxBodyBytes, connectionTimeoutSeconds: 10,
    maxConnections: 64, shutdownGracePeriodSeconds: 3)
}

/// Runs `body` against a started server and stops it afterwards, even when `body` throws.
func withServer(
  _ configuration: HTTPServerConfiguration = testConfiguration(),
  handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse = serve(makeTestRouter()),
  _ body: (HTTPServer, LogRecorder) throws -> Void
) throws {
  let recorder = LogRecorder()
  let server = HTTPServer(configuration: configuration, log: recorder.record, handler: handler)
  try server.start()
  defer { server.stop() }
  try body(server, recorder)
}

/// Whether this machine can listen on the IPv6 loopback address.
let isIPv6LoopbackAvailable: Bool = {
  let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
  guard fd >= 0 else { return false }
  defer { close(fd) }
  var address = sockaddr_in6()
  address.sin6_family = sa_family_t(AF_INET6)
  address.sin6_addr = in6addr_loopback
  return withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
    }
  }
}()

/// A log for servers whose output a test does not look at.
let discardLog: @Sendable (String) -> Void = { _ in }
