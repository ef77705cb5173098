import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failure of the test client, with what it was doing.
struct ClientError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// A response as read off the wire.
struct RawResponse {
  var status: Int
  /// Lowercased names; a repeated header keeps its last value.
  var headers: [String: String]
  var body: Data
  /// Interim (1xx) statuses received before this response, such as 100.
  var interimStatuses: [Int] = []

  var text: String { String(decoding: body, as: UTF8.self) }
}

/// A deliberately small HTTP/1.1 client over a blocking POSIX socket.
///
/// URLSession hides what the tests need to see — which connection a request used, interim
/// responses, exact bytes — so the socket tests speak HTTP by hand.
final class RawHTTPConnection {
  private let socket: Int32
  private var buffer: [UInt8] = []

  /// Connects to a numeric IPv4 or IPv6 address; reads time out after `timeout` seconds so a
  /// broken server fails a test instead of hanging it. `from` binds the client's end to another
  /// IPv4 loopback address (`127.0.0.2`), so that one test can be several clients.
  init(host: String = "127.0.0.1", port: UInt16, timeout: Int = 5, from: String? = nil) throws {
    var hints = addrinfo()
    hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list?.pointee else {
      throw ClientError("cannot resolve \(host)")
    }
    defer { freeaddrinfo(list) }
    let fd = Glibc.socket(info.ai_family, info.ai_socktype, info.ai_protocol)
    guard fd >= 0 else { throw ClientError("socket() failed: errno \(errno)") }
    var limit = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    if let from {
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      inet_pton(AF_INET, from, &local.sin_addr)
      let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0 else {
        Glibc.close(fd)
        throw ClientError("bind to \(from) failed: \(String(cString: strerror(errno)))")
      }
    }
    guard connect(fd, info.ai_addr, info.ai_addrlen) == 0 else {
      let code = errno
      Glibc.close(fd)
      throw ClientError("connect to \(host):\(port) failed: \(String(cString: strerror(code)))")
    }
    socket = fd
  }

  deinit {
    Glibc.close(socket)
  }

  /// Sends all bytes; MSG_NOSIGNAL turns a closed peer into an error instead of SIGPIPE.
  func send(_ data: Data) throws {
    try data.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let sent = Glibc.send(
          socket, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
        guard sent > 0 else { throw ClientError("send failed: errno \(errno)") }
        offset += sent
      }
    }
  }

  func send(_ text: String) throws {
    try send(Data(text.utf8))
  }

  /// Reads one response; a `HEAD` response has headers only, whatever its Content-Length says.
  func readResponse(toHead: Bool = false) throws -> RawResponse {
    var interim: [Int] = []
    while true {
      let head = try readHead()
      if (100...199).contains(head.status) {
        interim.append(head.status)
        continue
      }
      var response = RawResponse(status: head.status, headers: head.headers, body: Data())
      response.interimStatuses = interim
      if toHead || head.status == 204 || head.status == 304 { return response }
      if head.headers["transfer-encoding"]?.lowercased() == "chunked" {
        response.body = try readChunkedBody()
      } else if let length = head.headers["content-length"].flatMap({ Int($0) }) {
        response.body = Data(try readExactly(length))
      } else {
        response.body = readUntilClosed()
      }
      return response
    }
  }

  /// Whether the server has closed the connection (a read returns end of file or a reset).
  func isClosedByPeer() -> Bool {
    guard buffer.isEmpty else { return false }
    var byte: UInt8 = 0
    let count = recv(socket, &byte, 1, 0)
    if count == 1 { buffer.append(byte) }
    return count == 0 || (count < 0 && errno == ECONNRESET)
  }

  /// Sends a request with `Connection: keep-alive` semantics (HTTP/1.1's default).
  func request(
    _ method: String, _ target: String, headers: [String: String] = [:], body: Data = Data()
  ) throws -> RawResponse {
    var text = "\(method) \(target) HTTP/1.1\r\nHost: test\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    if !body.isEmpty || method == "POST" || method == "PUT" {
      text += "Content-Length: \(body.count)\r\n"
    }
    text += "\r\n"
    try send(Data(text.utf8) + body)
    return try readResponse(toHead: method == "HEAD")
  }

  // MARK: - Reading

  private func fill() throws {
    var chunk = [UInt8](repeating: 0, count: 16 << 10)
    let count = recv(socket, &chunk, chunk.count, 0)
    if count > 0 {
      buffer.append(contentsOf: chunk[..<count])
    } else if count == 0 {
      throw ClientError("connection closed by the server")
    } else {
      throw ClientError("recv failed: \(String(cString: strerror(errno)))")
    }
  }

  private func readHead() throws -> (status: Int, headers: [String: String]) {
    let terminator: [UInt8] = Array("\r\n\r\n".utf8)
    var end: Int?
    while end == nil {
      end = buffer.firstRange(of: terminator)?.upperBound
      if end == nil { try fill() }
    }
    let headText = String(decoding: buffer[..<end!], as: UTF8.self)
    buffer.removeFirst(end!)
    var lines = headText.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    guard !lines.isEmpty else { throw ClientError("empty response head") }
    let statusLine = lines.removeFirst().split(separator: " ")
    guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
      throw ClientError("bad status line in \(headText)")
    }
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] =
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return (status, headers)
  }

  private func readExactly(_ count: Int) throws -> [UInt8] {
    while buffer.count < count { try fill() }
    defer { buffer.removeFirst(count) }
    return Array(buffer[..<count])
  }

  private func readLine() throws -> String {
    let crlf: [UInt8] = [13, 10]
    while buffer.firstRange(of: crlf) == nil { try fill() }
    let range = buffer.firstRange(of: crlf)!
    defer { buffer.removeFirst(range.upperBound) }
    return String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
  }

  private func readChunkedBody() throws -> Data {
    var body = Data()
    while true {
      let sizeLine = try readLine()
      guard let size = Int(sizeLine.split(separator: ";")[0], radix: 16) else {
        throw ClientError("bad chunk size \(sizeLine)")
      }
      if size == 0 {
        while try !readLine().isEmpty {}
        return body
      }
      body.append(contentsOf: try readExactly(size))
      _ = try readLine()
    }
  }

  private func readUntilClosed() -> Data {
    while (try? fill()) != nil {}
    defer { buffer.removeAll() }
    return Data(buffer)
  }
}

/// Frames `body` as chunked transfer coding, `chunkSize` bytes a chunk.
func chunked(_ body: Data, chunkSize: Int) -> Data {
  var result = Data()
  var offset = 0
  while offset < body.count {
    let end = min(offset + chunkSize, body.count)
    result.append(Data(String(end - offset, radix: 16).utf8) + Data("\r\n".utf8))
    result.append(body[offset..<end])
    result.append(Data("\r\n".utf8))
    offset = end
  }
  result.append(Data("0\r\n\r\n".utf8))
  return result
}
