import Foundation
import LarderCore
import LarderHTTP
import LarderImport
import LarderTestSupport
import Testing

@testable import LarderServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Clips to a site that accepts and never answers, over a real socket: they wait on the
/// outbound queue, never on the HTTP server's threads, and each ends at its deadline.
@Suite struct ClipQueueSocketTests {
  /// The app over an in-memory store, clipping only from `tarpit` with a deadline of `deadline`
  /// seconds, behind libmicrohttpd with its usual four threads.
  private func withServer(
    clippingFrom tarpit: Tarpit, deadline: Double, limits: OutboundQueue.Limits,
    _ body: (UInt16, InMemoryRecipeStore, OutboundQueue) throws -> Void
  ) throws {
    let store = InMemoryRecipeStore()
    let fetcher = PageFetcher(
      configuration: FetchConfiguration(
        policy: AddressPolicy(
          allowedEndpoints: [SocketEndpoint(address: IPAddress("127.0.0.1")!, port: tarpit.port)])
      ))
    let queue = OutboundQueue(limits: limits)
    let app = LarderApp(
      store: store, images: InMemoryImageStore(),
      clipper: RecipeClipper(fetcher: fetcher, deadlineSeconds: deadline),
      clock: { Fixtures.now }, outboundQueue: queue)
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    let server = HTTPServer(
      configuration: configuration, log: { _ in }, handler: { app.respond(to: $0) })
    try server.start()
    defer { server.stop() }
    try body(server.boundPort, store, queue)
  }

  @Test func sixteenClipsToATarpitLeaveHealthAnsweringAndTheNextIsTurnedAway() throws {
    let tarpit = try Tarpit()
    defer { tarpit.stop() }
    let limits = OutboundQueue.Limits(running: 4, waiting: 12, retryAfterSeconds: 7)
    try withServer(clippingFrom: tarpit, deadline: 1, limits: limits) { port, store, queue in
      let url = tarpit.url("/recipe")
      let clip = #"{"url": "\#(url)"}"#
      let answers = Recorder<RawReply>()
      let clipsDone = DispatchGroup()
      for _ in 0..<16 {
        clipsDone.enter()
        Thread.detachNewThread {
          defer { clipsDone.leave() }
          // Four rounds of four one-second clips: far within the timeout.
          if let reply = try? rawRequest(
            port: port, "POST", "/api/v1/import/url", json: clip, timeout: 60)
          {
            answers.append(reply)
          }
        }
      }
      let admitted = waitUntil { queue.count == 16 }
      #expect(admitted, "16 clips are under way (\(queue.count))")

      // The seventeenth is turned away at once, saying when to come back.
      let refused = try rawRequest(port: port, "POST", "/api/v1/import/url", json: clip)
      #expect(refused.status == 503)
      #expect(refused.headers["retry-after"] == "7")
      #expect(refused.errorCode == "busy", "\(refused.text)")
      #expect(refused.text.contains("4 at once and 12 waiting"), "\(refused.text)")

      // The server's threads are free: health answers while the sixteen wait.
      let health = try rawRequest(port: port, "GET", "/api/v1/health", timeout: 5)
      #expect(health.status == 200, "\(health.text)")

      #expect(clipsDone.wait(timeout: .now() + 60) == .success)
      let replies = answers.all
      #expect(replies.count == 16)
      for reply in replies {
        #expect(reply.status == 504, "\(reply.text)")
        #expect(reply.errorCode == "upstream_timeout")
        #expect(reply.text.contains("\(url): no complete answer within 1 s"), "\(reply.text)")
      }
      #expect(
        try store.recipeCount(household: .default) == 0, "a clip past its deadline stores nothing")
      // A turn ends just after its answer is sent.
      #expect(waitUntil { queue.count == 0 }, "every turn ended (\(queue.count) left)")
    }
  }

  @Test func aPageThatAnswersWithAnImageThatNeverDoesEndsAtTheDeadlineAndStoresNothing() throws {
    let tarpit = try Tarpit()
    defer { tarpit.stop() }
    let image = tarpit.url("/soup.png")
    let site = try FixtureHTTPServer { _ in .html(ClipAPITests.page(image: image)) }
    let endpoints = [site.port, tarpit.port].map {
      SocketEndpoint(address: IPAddress("127.0.0.1")!, port: $0)
    }
    let fetcher = PageFetcher(
      configuration: FetchConfiguration(policy: AddressPolicy(allowedEndpoints: Set(endpoints))))
    let store = InMemoryRecipeStore()
    let images = InMemoryImageStore()
    let app = LarderApp(
      store: store, images: images,
      clipper: RecipeClipper(fetcher: fetcher, deadlineSeconds: 1), clock: { Fixtures.now })
    let response = ClipAPITests.clip(
      TestClient(app: app, logged: LogRecorder()), site.url("/recipe").absoluteString)
    // The page came at once; the image used up what was left of the one deadline.
    #expect(response.status == 504, "\(response.text)")
    #expect(response.errorCode == "upstream_timeout")
    #expect(response.errorMessage?.contains("\(image): no complete answer within 1 s") == true)
    #expect(try store.recipeCount(household: .default) == 0)
    #expect(images.count == 0)
  }
}

/// A response read off a socket.
struct RawReply: Sendable {
  var status: Int
  var headers: [String: String]
  var body: Data

  var text: String { String(decoding: body, as: UTF8.self) }

  var errorCode: String? {
    let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    return (object?["error"] as? [String: Any])?["code"] as? String
  }
}

/// Polls `condition` every 10 ms for up to `seconds`; whether it came true.
func waitUntil(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
  let deadline = Date(timeIntervalSinceNow: seconds)
  while !condition() {
    if Date() >= deadline { return false }
    Thread.sleep(forTimeInterval: 0.01)
  }
  return true
}

/// Sends one request on a fresh connection to 127.0.0.1 (`Connection: close`) and reads the
/// response to its end, waiting at most `timeout` seconds for each read.
func rawRequest(
  port: UInt16, _ method: String, _ path: String, json: String? = nil, timeout: Int = 10
) throws -> RawReply {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard fd >= 0 else { throw RawRequestError.socket }
  defer { close(fd) }
  var time = timeval(tv_sec: timeout, tv_usec: 0)
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  address.sin_port = port.bigEndian
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  guard connected == 0 else { throw RawRequestError.connect }
  let body = Data((json ?? "").utf8)
  var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
  if json != nil { head += "Content-Type: application/json\r\n" }
  head += "Content-Length: \(body.count)\r\n\r\n"
  let request = Data(head.utf8) + body
  let sent = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  guard sent == request.count else { throw RawRequestError.send }
  var received = Data()
  var buffer = [UInt8](repeating: 0, count: 16384)
  while true {
    let count = recv(fd, &buffer, buffer.count, 0)
    if count == 0 { break }
    guard count > 0 else { throw RawRequestError.timedOut }
    received.append(contentsOf: buffer[0..<count])
  }
  guard let end = received.range(of: Data("\r\n\r\n".utf8)) else { throw RawRequestError.malformed }
  let lines = String(decoding: received[..<end.lowerBound], as: UTF8.self)
    .components(separatedBy: "\r\n")
  let statusParts = lines.first?.split(separator: " ") ?? []
  guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
    throw RawRequestError.malformed
  }
  var headers: [String: String] = [:]
  for line in lines.dropFirst() {
    guard let colon = line.firstIndex(of: ":") else { continue }
    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
      .trimmingCharacters(in: .whitespaces)
  }
  return RawReply(status: status, headers: headers, body: Data(received[end.upperBound...]))
}

/// Why ``rawRequest(port:_:_:json:timeout:)`` got no response.
enum RawRequestError: Error {
  case socket, connect, send, timedOut, malformed
}
