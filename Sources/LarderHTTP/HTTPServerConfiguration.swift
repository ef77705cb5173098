import Foundation

/// How an `HTTPServer` listens and what it tolerates from clients.
///
/// Every field has a working default; `HTTPServer.start()` validates the values and throws
/// `HTTPError.invalidConfiguration` naming the first field that is out of range.
public struct HTTPServerConfiguration: Sendable {
  /// The address to listen on: an IPv4 or IPv6 literal, or a name such as `"localhost"`.
  ///
  /// A name is resolved with `getaddrinfo`; when it has both IPv4 and IPv6 addresses the IPv4
  /// one is used, because one listening socket serves one family.
  public var host: String = "127.0.0.1"
  /// The TCP port; 0 asks the system for a free one, readable afterwards from
  /// `HTTPServer.boundPort`.
  public var port: UInt16 = 8080
  /// How many threads serve connections; handlers run on them, so a slow handler holds one.
  public var threadCount: Int = 4
  /// The largest request body accepted; larger ones are answered 413 without being buffered.
  public var maxBodyBytes: Int = 1 << 20
  /// Bodies larger than this are written to an unnamed temporary file as they arrive, instead
  /// of growing in memory, and reach the handler as memory-mapped `Data` (see `BodyFile`).
  public var bodyFileThresholdBytes: Int = 4 << 20
  /// Where those files go (a private folder is made inside); nil is the system's temporary
  /// folder (`TMPDIR`, else `/tmp`). Choose one on disk: on a RAM-backed `tmpfs` the bytes
  /// still take memory, if swappable memory.
  public var bodyFileDirectory: String?
  /// Larger limits for the few paths that take files (an app's export, a photo), by exact path.
  public var bodyLimitsByPath: [String: Int] = [:]

  /// The largest body accepted for a request to `path`.
  public func bodyLimit(for path: String) -> Int {
    bodyLimitsByPath[path] ?? maxBodyBytes
  }
  /// How long an idle connection, including an idle keep-alive connection, is kept open.
  public var connectionTimeoutSeconds: Int = 30
  /// How many connections are served at once; further clients wait in the listen backlog.
  public var maxConnections: Int = 256
  /// How many of those one client address may hold; its further connections are closed as
  /// soon as they are accepted. 0 sets no limit of its own (only ``maxConnections``).
  ///
  /// The address is the TCP peer's: behind a reverse proxy every client has the proxy's, so
  /// there this should be ``maxConnections`` and the proxy should limit each client.
  public var maxConnectionsPerClient: Int = 0
  /// The memory each connection may use for the request line, headers and I/O buffers.
  ///
  /// Requests whose headers do not fit are refused by libmicrohttpd (431 or a closed
  /// connection). The body is not counted here: it has `maxBodyBytes`.
  public var connectionMemoryLimitBytes: Int = 64 << 10
  /// How long `HTTPServer.stop()` waits for requests in flight before closing connections.
  public var shutdownGracePeriodSeconds: Double = 10
  /// How a request's target (path and query, as sent) is written in the access log: the
  /// application leaves out what must not be logged (links that work as passwords).
  public var redactForLog: @Sendable (String) -> String = { $0 }
  /// The certificate and key to serve HTTPS with, through libmicrohttpd's GnuTLS; nil serves
  /// plain HTTP. Every request then has `HTTPRequest.isTLS` set.
  public var tls: TLSCredentials?

  /// Creates a configuration; every argument has the default documented on its property.
  public init(
    host: String = "127.0.0.1",
    port: UInt16 = 8080,
    threadCount: Int = 4,
    maxBodyBytes: Int = 1 << 20,
    connectionTimeoutSeconds: Int = 30,
    maxConnections: Int = 256,
    connectionMemoryLimitBytes: Int = 64 << 10,
    shutdownGracePeriodSeconds: Double = 10
  ) {
    self.host = host
    self.port = port
    self.threadCount = threadCount
    self.maxBodyBytes = maxBodyBytes
    self.connectionTimeoutSeconds = connectionTimeoutSeconds
    self.maxConnections = maxConnections
    self.connectionMemoryLimitBytes = connectionMemoryLimitBytes
    self.shutdownGracePeriodSeconds = shutdownGracePeriodSeconds
  }

  /// Throws `HTTPError.invalidConfiguration` for the first value libmicrohttpd cannot take.
  func validate() throws(HTTPError) {
    func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(HTTPError) {
      if !condition { throw .invalidConfiguration(message()) }
    }
    try require(!host.isEmpty, "host must not be empty")
    try require(
      (1...1024).contains(threadCount), "threadCount must be between 1 and 1024, not \(threadCount)"
    )
    try require(maxBodyBytes >= 0, "maxBodyBytes must not be negative, not \(maxBodyBytes)")
    try require(
      (0...86_400).contains(connectionTimeoutSeconds),
      "connectionTimeoutSeconds must be between 0 (no timeout) and 86400,"
        + " not \(connectionTimeoutSeconds)")
    try require(
      (1...1_000_000).contains(maxConnections),
      "maxConnections must be between 1 and 1000000, not \(maxConnections)")
    try require(
      (0...maxConnections).contains(maxConnectionsPerClient),
      "maxConnectionsPerClient must be between 0 (no limit) and maxConnections"
        + " (\(maxConnections)), not \(maxConnectionsPerClient)")
    try require(
      bodyFileThresholdBytes >= 1,
      "bodyFileThresholdBytes must be at least 1, not \(bodyFileThresholdBytes)")
    if let directory = bodyFileDirectory {
      var isDirectory: ObjCBool = false
      try require(
        FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory)
          && isDirectory.boolValue,
        "bodyFileDirectory '\(directory)' is not an existing folder")
    }
    try require(
      (4096...(64 << 20)).contains(connectionMemoryLimitBytes),
      "connectionMemoryLimitBytes must be between 4096 and 67108864,"
        + " not \(connectionMemoryLimitBytes)")
    try require(
      shutdownGracePeriodSeconds >= 0 && shutdownGracePeriodSeconds <= 3600,
      "shutdownGracePeriodSeconds must be between 0 and 3600, not \(shutdownGracePeriodSeconds)")
  }
}
