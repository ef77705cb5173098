import Dispatch
import Foundation
import LarderApplication
import LarderHTTP
import LarderImport
import LarderServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether slow outbound work starves the server: `larder serve`'s HTTP server (four threads,
/// the default outbound queue of 4 running and 12 waiting) with `clips` clips to a tarpit (a
/// local socket that accepts and never answers) in flight, timing `GET /api/v1/health` over a
/// fresh connection each time; the peer is the same server with no clips in flight, measured
/// in the same run.
struct ClipQueueBenchmark {
  let clips: Int
  let rounds: Int

  func run() throws -> String {
    let tarpit = try BenchTarpit()
    defer { tarpit.stop() }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "larder-bench-clips-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let fetcher = PageFetcher(
      configuration: FetchConfiguration(
        policy: AddressPolicy(
          allowedEndpoints: [SocketEndpoint(address: IPAddress("127.0.0.1")!, port: tarpit.port)]
        )))
    let larder = try Larder.open(
      databasePath: folder.appendingPathComponent("larder.sqlite").path,
      clipper: RecipeClipper(fetcher: fetcher, deadlineSeconds: 120),
      caller: .defaultHousehold
    ).larder
    let queue = OutboundQueue()
    let app = LarderApp(
      larder: larder, caller: .defaultHousehold, rematching: .postponed, outboundQueue: queue)
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    configuration.shutdownGracePeriodSeconds = 0.5
    let server = HTTPServer(
      configuration: configuration, log: { _ in }, handler: { app.respond(to: $0) })
    try server.start()
    defer { server.stop() }
    let port = server.boundPort

    let idle = try measureHealth(port: port)
    let clip = #"{"url": "http://127.0.0.1:\#(tarpit.port)/recipe"}"#
    let statuses = Locked503Counter()
    for _ in 0..<clips {
      Thread.detachNewThread {
        let status = try? benchRequest(port: port, "POST", "/api/v1/import/url", json: clip)
        statuses.record(status?.status ?? 0)
      }
    }
    let admitted = min(clips, queue.limits.running + queue.limits.waiting)
    let settle = Date(timeIntervalSinceNow: 10)
    while (queue.count < admitted || tarpit.connectionCount < queue.limits.running)
      && Date() < settle
    {
      Thread.sleep(forTimeInterval: 0.01)
    }
    guard queue.count == admitted else {
      throw BenchError(
        message: "only \(queue.count) of \(admitted) clips got under way", exitCode: 1)
    }
    let loaded = try measureHealth(port: port)
    let inFlight = queue.count
    let report: [String: Any] = [
      "suite": "clips", "machine": Machine.description, "rounds": rounds,
      "clipsSent": clips, "clipsInFlight": inFlight,
      "tarpitConnections": tarpit.connectionCount,
      "clipsTurnedAway503": statuses.count(of: 503),
      "httpThreads": configuration.threadCount,
      "queue": ["running": queue.limits.running, "waiting": queue.limits.waiting],
      "results": [
        loaded.summary(engine: "\(inFlight) clips to a tarpit in flight", operation: "health"),
        idle.summary(engine: "no clips (peer)", operation: "health"),
      ],
      "maxMs": [
        "loaded": round3(loaded.percentile(1)), "idle": round3(idle.percentile(1)),
      ],
    ]
    let data = try JSONSerialization.data(
      withJSONObject: report, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
  }

  /// Times `rounds` health requests, each on a fresh connection, after a tenth to warm up.
  private func measureHealth(port: UInt16) throws -> Latencies {
    var latencies = Latencies()
    for round in 0..<(rounds + rounds / 10) {
      let counted = round >= rounds / 10
      let start = DispatchTime.now().uptimeNanoseconds
      let reply = try benchRequest(port: port, "GET", "/api/v1/health")
      if counted { latencies.samples.append(DispatchTime.now().uptimeNanoseconds - start) }
      guard reply.status == 200 else {
        throw BenchError(message: "/api/v1/health answered \(reply.status)", exitCode: 1)
      }
    }
    return latencies
  }
}

/// Counts the statuses clips ended with.
///
/// `@unchecked Sendable`: `statuses` is only reached while holding `lock`.
private final class Locked503Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var statuses: [Int] = []

  func record(_ status: Int) { lock.withLock { statuses.append(status) } }
  func count(of status: Int) -> Int { lock.withLock { statuses.filter { $0 == status }.count } }
}

/// A socket on 127.0.0.1 that accepts connections and never answers them.
///
/// `@unchecked Sendable`: `held` and `stopped` are only reached while holding `lock`.
private final class BenchTarpit: @unchecked Sendable {
  let port: UInt16
  private let listener: Int32
  private let lock = NSLock()
  private var held: [Int32] = []
  private var stopped = false

  init() throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let listening = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && listen(listener, 128) == 0
          && getsockname(listener, $0, &length) == 0
      }
    }
    guard listener >= 0, listening else {
      throw BenchError(message: "the tarpit cannot listen on 127.0.0.1", exitCode: 1)
    }
    self.listener = listener
    port = UInt16(bigEndian: address.sin_port)
    Thread.detachNewThread { [self] in
      while true {
        let connection = accept(listener, nil, nil)
        let keep = lock.withLock {
          if !stopped && connection >= 0 { held.append(connection) }
          return !stopped
        }
        if !keep { return }
      }
    }
  }

  var connectionCount: Int { lock.withLock { held.count } }

  func stop() {
    let connections = lock.withLock { () -> [Int32] in
      guard !stopped else { return [] }
      stopped = true
      shutdown(listener, Int32(SHUT_RDWR))
      close(listener)
      return held
    }
    for connection in connections { close(connection) }
  }
}

/// One request on a fresh connection to 127.0.0.1 with `Connection: close`, read to its end.
private func benchRequest(
  port: UInt16, _ method: String, _ path: String, json: String? = nil
) throws -> (status: Int, body: Data) {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard fd >= 0 else { throw BenchError(message: "socket() failed", exitCode: 1) }
  defer { close(fd) }
  var time = timeval(tv_sec: 180, tv_usec: 0)
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
  var one: Int32 = 1
  setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  address.sin_port = port.bigEndian
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  guard connected == 0 else {
    throw BenchError(message: "cannot connect to port \(port)", exitCode: 1)
  }
  let body = Data((json ?? "").utf8)
  var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
  if json != nil { head += "Content-Type: application/json\r\n" }
  head += "Content-Length: \(body.count)\r\n\r\n"
  let request = Data(head.utf8) + body
  _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  var received = Data()
  var buffer = [UInt8](repeating: 0, count: 16384)
  while true {
    let count = recv(fd, &buffer, buffer.count, 0)
    if count <= 0 { break }
    received.append(contentsOf: buffer[0..<count])
  }
  let statusLine = String(decoding: received.prefix(32), as: UTF8.self)
  let parts = statusLine.split(separator: " ")
  guard parts.count >= 2, let status = Int(parts[1]) else {
    throw BenchError(message: "\(method) \(path) got no HTTP answer", exitCode: 1)
  }
  return (status, received)
}
