import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny HTTP/1.1 server on a loopback port for tests that fetch over the network: it answers
/// each connection with whatever bytes the handler returns, including broken answers a real
/// server library would never send (a lying length, no answer at all).
///
/// `@unchecked Sendable`: the listening socket is only closed once, under `lock`, and the
/// handler is `@Sendable`.
public final class FixtureHTTPServer: @unchecked Sendable {
  /// A request as the server read it.
  public struct Request: Sendable {
    /// `GET`, `POST`, ...
    public var method: String
    /// The request target, such as `/recipe?x=1`.
    public var path: String
    /// Headers by lowercased name.
    public var headers: [String: String]
  }

  /// What to send back.
  public enum Reply: Sendable {
    /// These bytes, as is, then the connection is closed.
    case bytes(Data)
    /// Nothing: the connection stays open and silent until the server stops.
    case silence

    /// A complete response with Content-Length and `Connection: close`.
    public static func response(
      status: Int = 200, headers: [String: String] = [:], body: Data = Data()
    ) -> Reply {
      var head = "HTTP/1.1 \(status) \(status < 300 ? "OK" : status < 400 ? "Moved" : "Error")\r\n"
      for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
        head += "\(name): \(value)\r\n"
      }
      head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
      return .bytes(Data(head.utf8) + body)
    }

    /// An HTML page.
    public static func html(_ text: String) -> Reply {
      .response(headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(text.utf8))
    }

    /// A redirect to `location`.
    public static func redirect(to location: String, status: Int = 302) -> Reply {
      .response(status: status, headers: ["Location": location])
    }
  }

  /// The port the server listens on.
  public let port: UInt16
  /// The address it listens on.
  public let host: String
  private let listener: Int32
  private let handler: @Sendable (Request) -> Reply
  private let lock = NSLock()
  private var stopped = false
  private let stopSignal = DispatchSemaphore(value: 0)
  private let requestLog = Recorder<String>()

  /// Starts listening on `host` (an IPv4 loopback address) at a free port and serving.
  public init(host: String = "127.0.0.1", handler: @escaping @Sendable (Request) -> Reply) throws {
    self.host = host
    self.handler = handler
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw FixtureServerError(message: "socket() failed: errno \(errno)") }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    inet_pton(AF_INET, host, &address.sin_addr)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 64) == 0 else {
      close(fd)
      throw FixtureServerError(message: "cannot listen on \(host): errno \(errno)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    port = UInt16(bigEndian: address.sin_port)
    listener = fd
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  deinit { stop() }

  /// `http://host:port` followed by `path`.
  public func url(_ path: String = "/") -> URL {
    URL(string: "http://\(host):\(port)\(path)")!
  }

  /// The paths requested so far, in order.
  public var requestedPaths: [String] { requestLog.all }

  /// Stops accepting, releases silent connections and closes the socket.
  public func stop() {
    lock.lock()
    defer { lock.unlock() }
    guard !stopped else { return }
    stopped = true
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
    for _ in 0..<64 { stopSignal.signal() }
  }

  private var isStopped: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopped
  }

  private func acceptLoop() {
    while !isStopped {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else {
        if isStopped { return }
        continue
      }
      Thread.detachNewThread { [self] in serve(connection) }
    }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(
      connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while received.range(of: Data("\r\n\r\n".utf8)) == nil && received.count < 65536 {
      let count = recv(connection, &buffer, buffer.count, 0)
      guard count > 0 else { return }
      received.append(contentsOf: buffer[0..<count])
    }
    let head = String(decoding: received, as: UTF8.self)
    let lines = head.components(separatedBy: "\r\n")
    let parts = lines.first?.split(separator: " ").map(String.init) ?? []
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    let request = Request(
      method: parts.first ?? "", path: parts.count > 1 ? parts[1] : "/", headers: headers)
    requestLog.append(request.path)
    switch handler(request) {
    case .silence:
      _ = stopSignal.wait(timeout: .now() + 30)
    case .bytes(let data):
      var offset = 0
      while offset < data.count {
        let sent = data[offset...].withUnsafeBytes {
          send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        guard sent > 0 else { return }
        offset += sent
      }
      shutdown(connection, Int32(SHUT_WR))
    }
  }
}

/// The fixture server cannot start.
public struct FixtureServerError: Error, CustomStringConvertible {
  /// What failed.
  public var message: String
  /// The message.
  public var description: String { message }
}
