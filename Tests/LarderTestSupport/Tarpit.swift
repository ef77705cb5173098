import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A server on 127.0.0.1 that accepts every connection and never answers: the slowest site a
/// clip can meet. Connections are held open until ``stop()``.
///
/// `@unchecked Sendable`: `held` and `stopped` are only reached while holding `lock`.
public final class Tarpit: @unchecked Sendable {
  /// The port it listens on.
  public let port: UInt16
  private let listener: Int32
  private let lock = NSLock()
  private var held: [Int32] = []
  private var stopped = false

  /// Starts listening on a free port.
  public init() throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw TarpitError("socket() failed") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 128) == 0 else {
      close(listener)
      throw TarpitError("cannot listen on 127.0.0.1")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(listener, $0, &length)
      }
    }
    self.listener = listener
    port = UInt16(bigEndian: address.sin_port)
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  deinit { stop() }

  /// A URL on the tarpit.
  public func url(_ path: String = "/") -> String {
    "http://127.0.0.1:\(port)\(path)"
  }

  /// How many connections it holds now.
  public var connectionCount: Int { lock.withLock { held.count } }

  /// Closes the listening socket and every connection held.
  public func stop() {
    let connections = lock.withLock { () -> [Int32] in
      guard !stopped else { return [] }
      stopped = true
      shutdown(listener, Int32(SHUT_RDWR))
      close(listener)
      defer { held = [] }
      return held
    }
    for connection in connections { close(connection) }
  }

  private func acceptLoop() {
    while true {
      let connection = accept(listener, nil, nil)
      let keep = lock.withLock { () -> Bool in
        guard !stopped, connection >= 0 else { return false }
        held.append(connection)
        return true
      }
      if !keep {
        if connection >= 0 { close(connection) }
        if lock.withLock({ stopped }) { return }
      }
    }
  }
}

/// Why a ``Tarpit`` could not start.
public struct TarpitError: Error, CustomStringConvertible {
  /// What failed.
  public let description: String
  init(_ description: String) { self.description = description }
}
