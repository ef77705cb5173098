import CMicroHTTPD
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Serves one total handler over HTTP/1.1 with libmicrohttpd.
///
/// The handler never throws: the caller maps its errors to responses before handing it over.
/// It runs on libmicrohttpd's threads, several at a time, so it must be safe to call
/// concurrently; it receives complete requests (bodies are buffered up to
/// `HTTPServerConfiguration.maxBodyBytes`) and returns complete responses. Slow work (fetching
/// from another server) returns ``HTTPResponse/later(on:_:)`` instead: the connection waits,
/// suspended, while the work runs on its executor, and the thread serves other requests. A
/// client that goes away meanwhile is noticed only once the answer is sent.
///
/// ```swift
/// let server = HTTPServer(configuration: config, log: { print($0) }) { request in
///   .text("hello \(request.path)")
/// }
/// try server.start()
/// // …
/// server.stop()
/// ```
public final class HTTPServer: Sendable {
  private let configuration: HTTPServerConfiguration
  private let log: @Sendable (String) -> Void
  private let handler: @Sendable (HTTPRequest) -> HTTPResponse
  /// Shared with every daemon this server runs, so that tests can see requests settle.
  let requestsInFlight = InFlightCounter()
  /// Serializes `start()` and `stop()`; `state` has its own lock so that `boundPort` stays
  /// readable while a graceful stop waits.
  private let lifecycle = NSLock()
  private let state = Locked(State())

  private struct State {
    var running: RunningDaemon?
    var boundPort: UInt16 = 0
  }

  /// Creates a server that is not yet listening.
  ///
  /// - Parameters:
  ///   - configuration: where to listen and the limits to apply; validated by `start()`.
  ///   - log: receives one access-log line per request and libmicrohttpd's error messages;
  ///     called from the server's threads.
  ///   - handler: answers every request; called from the server's threads.
  public init(
    configuration: HTTPServerConfiguration,
    log: @escaping @Sendable (String) -> Void,
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) {
    self.configuration = configuration
    self.log = log
    self.handler = handler
  }

  deinit {
    stop()
  }

  /// The port the server listens on, which differs from the configured one when that was 0.
  ///
  /// It is 0 before the first successful `start()` and keeps its value after `stop()`.
  public var boundPort: UInt16 {
    state.withLock { $0.boundPort }
  }

  /// Starts listening and serving; returns once the socket is bound.
  ///
  /// - Throws: `HTTPError.invalidConfiguration`, `.cannotResolveHost`, `.addressInUse`,
  ///   `.cannotListen` or `.alreadyRunning`, each with a message naming the address; with
  ///   `tls` set, `.tlsUnavailable` or `.invalidTLSCredentials` naming the certificate and key.
  public func start() throws {
    lifecycle.lock()
    defer { lifecycle.unlock() }
    if let running = state.withLock({ $0.running }) {
      throw HTTPError.alreadyRunning(address: running.address.description(port: boundPort))
    }
    try configuration.validate()
    let address = try ListenAddress.resolve(host: configuration.host, port: configuration.port)
    let context = DaemonContext(
      configuration: configuration, log: log, handler: handler, requestsInFlight: requestsInFlight)
    let daemon = try context.startDaemon(listeningOn: address)
    let port = daemon.port
    state.withLock {
      $0.running = RunningDaemon(daemon: daemon, context: context, address: address)
      $0.boundPort = port != 0 ? port : configuration.port
    }
  }

  /// Stops gracefully: stops accepting connections, lets requests in flight finish (up to
  /// `shutdownGracePeriodSeconds`), answers requests still waiting for a deferred answer 503
  /// (`shutting_down`, with `Retry-After`), then closes every connection and joins the threads.
  ///
  /// Calling it again, or on a server that never started, does nothing. Called from inside the
  /// handler, it cannot wait for its own thread: it starts the stop on another thread and
  /// returns at once, and the stop completes after the handler has returned.
  public func stop() {
    // Checked before taking `lifecycle`: a stop already under way holds it while waiting for
    // this very handler to finish.
    if let running = state.withLock({ $0.running }),
      running.context.isRunningHandlerOnCurrentThread
    {
      Thread.detachNewThread { self.stop() }
      return
    }
    lifecycle.lock()
    defer { lifecycle.unlock() }
    guard let running = state.withLock({ $0.running }) else { return }
    running.context.beginStopping()
    running.daemon.stopAccepting()
    let deadline = Date(timeIntervalSinceNow: configuration.shutdownGracePeriodSeconds)
    if !requestsInFlight.waitUntilZero(before: deadline) {
      log(
        "HTTP server: \(requestsInFlight.current) request(s) still running after"
          + " \(configuration.shutdownGracePeriodSeconds)s; closing their connections")
    }
    // A deferred answer still being worked on is answered now: MHD_stop_daemon must find no
    // connection suspended, and its work may run until its own deadline.
    let answered = running.context.suspendedRequests.close(
      answering: DaemonContext.stoppingResponse)
    if answered > 0 {
      log("HTTP server: answered \(answered) deferred request(s) 503 to stop")
      _ = requestsInFlight.waitUntilZero(before: Date(timeIntervalSinceNow: 1))
    }
    running.daemon.stop()
    state.withLock { $0.running = nil }
  }
}

/// A daemon and what it points at, kept together so they are released together.
private struct RunningDaemon: Sendable {
  let daemon: DaemonHandle
  let context: DaemonContext
  let address: ListenAddress
}
