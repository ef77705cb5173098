import CMicroHTTPD
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// libmicrohttpd calls back into Swift from its own threads through plain C function pointers.
// The callbacks below are global functions, not closures: a closure written in a `main.swift`
// inherits the main actor and traps (SIGILL) on its isolation check when a foreign thread calls
// it. Their Swift state comes through the `cls` and `con_cls` pointers, as `Unmanaged`
// references whose owners are documented where they are created.

/// What one running daemon needs in its callbacks.
///
/// Ownership: `startDaemon` passes the daemon one retained reference as `cls` of every
/// callback; `DaemonHandle.stop()` releases it after `MHD_stop_daemon` has joined all threads,
/// so no callback can outlive it.
final class DaemonContext: Sendable {
  let configuration: HTTPServerConfiguration
  let log: @Sendable (String) -> Void
  let handler: @Sendable (HTTPRequest) -> HTTPResponse
  let requestsInFlight: InFlightCounter
  /// The requests waiting, suspended, for a deferred answer (``DeferredAnswer``).
  let suspendedRequests = SuspendedRequests()
  /// Where bodies over ``HTTPServerConfiguration/bodyFileThresholdBytes`` are written.
  let bodyFiles: BodyFileDirectory
  /// The PEM key and certificate handed to libmicrohttpd, which keeps the pointers: they live
  /// as long as this context, which outlives the daemon.
  private let tlsKey: CStringCopy?
  private let tlsCertificate: CStringCopy?
  private let phase = Locked(Phase.starting(messages: []))
  /// The threads running the handler right now, so that `HTTPServer.stop()` can tell when a
  /// handler calls it, and must not wait for that very thread.
  private let handlerThreads = Locked(Set<ObjectIdentifier>())
  private let lastAcceptFailureLogged = Locked<ContinuousClock.Instant?>(nil)

  /// Error messages are held back while starting: if the start fails they explain the error,
  /// and logging them too would say the same thing twice.
  private enum Phase: Sendable {
    case starting(messages: [String])
    case serving
    case stopping
  }

  init(
    configuration: HTTPServerConfiguration,
    log: @escaping @Sendable (String) -> Void,
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse,
    requestsInFlight: InFlightCounter
  ) {
    self.configuration = configuration
    self.log = log
    self.handler = handler
    self.requestsInFlight = requestsInFlight
    self.bodyFiles = BodyFileDirectory(
      parent: configuration.bodyFileDirectory ?? NSTemporaryDirectory())
    self.tlsKey = configuration.tls.map { CStringCopy($0.privateKeyPEM) }
    self.tlsCertificate = configuration.tls.map { CStringCopy($0.certificatePEM) }
  }

  /// Whether every connection speaks TLS.
  var servesTLS: Bool { tlsKey != nil }

  /// Whether responses should close their connection so that keep-alive clients let go.
  var isStopping: Bool {
    phase.withLock {
      if case .stopping = $0 { return true }
      return false
    }
  }

  func beginStopping() {
    phase.withLock { $0 = .stopping }
  }

  /// Whether the calling thread is inside the handler.
  var isRunningHandlerOnCurrentThread: Bool {
    let current = ObjectIdentifier(Thread.current)
    return handlerThreads.withLock { $0.contains(current) }
  }

  /// Calls the handler, marking the thread for `isRunningHandlerOnCurrentThread`.
  func callHandler(_ request: HTTPRequest) -> HTTPResponse {
    let current = ObjectIdentifier(Thread.current)
    handlerThreads.withLock { _ = $0.insert(current) }
    defer { handlerThreads.withLock { _ = $0.remove(current) } }
    return handler(request)
  }

  /// Routes one libmicrohttpd error message.
  func record(errorMessage: String) {
    let held = phase.withLock { phase -> Bool in
      guard case .starting(var messages) = phase else { return false }
      messages.append(errorMessage)
      phase = .starting(messages: messages)
      return true
    }
    if !held { log("libmicrohttpd: \(errorMessage)") }
  }

  /// Notes that a connection could not be accepted for want of resources (descriptors,
  /// memory); said at most once a minute, since the accepting thread retries every 0.1 s.
  func acceptFailed(errorNumber: Int32) {
    let now = ContinuousClock.now
    let due = lastAcceptFailureLogged.withLock { last -> Bool in
      if let last, now - last < .seconds(60) { return false }
      last = now
      return true
    }
    if due {
      log(
        "HTTP server: cannot accept a connection (\(String(cString: strerror(errorNumber))));"
          + " retrying")
    }
  }

  /// Listens on `address` and starts libmicrohttpd to serve what is accepted there.
  ///
  /// Larder accepts connections itself, on a thread of its own, rather than letting the pool
  /// threads share the listening socket (see `larder_listener` in the C shim): that spreads
  /// connections opened together across the threads.
  func startDaemon(listeningOn address: ListenAddress) throws(HTTPError) -> DaemonHandle {
    var flags = MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_USE_ERROR_LOG.rawValue
    flags |= MHD_USE_NO_LISTEN_SOCKET.rawValue
    // Wakes a pool thread when a connection is handed to it (MHD_add_connection).
    flags |= MHD_USE_ITC.rawValue
    // Deferred answers suspend their connection and resume it from the executor's thread.
    flags |= MHD_ALLOW_SUSPEND_RESUME.rawValue
    if servesTLS {
      guard MHD_is_feature_supported(.FEATURE_TLS) == .YES else { throw .tlsUnavailable }
      flags |= MHD_USE_TLS.rawValue
    }

    let listenAddress = address.description(port: configuration.port)
    var errorNumber: Int32 = 0
    let listenSocket = address.bytes.withUnsafeBytes { bytes -> Int32 in
      guard let base = bytes.baseAddress?.assumingMemoryBound(to: sockaddr.self) else {
        return -1
      }
      return larder_listen_socket(base, socklen_t(bytes.count), &errorNumber)
    }
    guard listenSocket >= 0 else {
      if errorNumber == EADDRINUSE { throw .addressInUse(address: listenAddress) }
      throw .cannotListen(address: listenAddress, reason: Self.reason(errorNumber, []))
    }

    let retained = Unmanaged.passRetained(self).toOpaque()
    var settings = larder_mhd_settings()
    settings.flags = flags
    settings.thread_pool_size = UInt32(configuration.threadCount)
    settings.connection_timeout = UInt32(configuration.connectionTimeoutSeconds)
    settings.connection_limit = UInt32(configuration.maxConnections)
    settings.per_ip_connection_limit = UInt32(configuration.maxConnectionsPerClient)
    settings.connection_memory_limit = configuration.connectionMemoryLimitBytes
    settings.access_handler = larderAccessHandler
    settings.access_handler_cls = retained
    settings.completed = larderRequestCompleted
    settings.completed_cls = retained
    settings.uri_logger = larderRequestLineReceived
    settings.uri_logger_cls = retained
    settings.error_logger = larderErrorLogger
    settings.error_logger_cls = retained
    settings.https_mem_key = tlsKey.map { UnsafePointer($0.pointer) }
    settings.https_mem_cert = tlsCertificate.map { UnsafePointer($0.pointer) }

    let daemon = larder_mhd_start(&settings, &errorNumber)
    let messages = phase.withLock { phase -> [String] in
      defer { phase = .serving }
      if case .starting(let messages) = phase { return messages }
      return []
    }
    if daemon != nil {
      for message in messages { log("libmicrohttpd: \(message)") }
    }
    guard let daemon else {
      close(listenSocket)
      Unmanaged<DaemonContext>.fromOpaque(retained).release()
      if let tls = configuration.tls, let failure = Self.tlsFailure(messages) {
        throw .invalidTLSCredentials(
          "\(tls.certificateSource) and \(tls.privateKeySource) were refused by GnuTLS"
            + " (libmicrohttpd: '\(failure)'): check that the certificate is one and that the"
            + " key is its own")
      }
      throw .cannotListen(address: listenAddress, reason: Self.reason(errorNumber, messages))
    }
    let handle = DaemonHandle(pointer: daemon, context: retained, listenSocket: listenSocket)
    let started = handle.startAccepting()
    guard started == 0 else {
      handle.stop()
      throw .cannotListen(
        address: listenAddress,
        reason: "no thread to accept connections (\(String(cString: strerror(started))))")
    }
    return handle
  }

  /// The message GnuTLS gave through libmicrohttpd when it refused the certificate or key.
  private static func tlsFailure(_ messages: [String]) -> String? {
    messages.last { message in
      let lowered = message.lowercased()
      return lowered.contains("x509") || lowered.contains("certificate")
        || lowered.contains("key") || lowered.contains("tls") || lowered.contains("gnutls")
    }
  }

  private static func reason(_ errorNumber: Int32, _ messages: [String]) -> String {
    switch errorNumber {
    case EACCES:
      return "permission denied (ports below 1024 need privileges; choose a port above 1023)"
    case EADDRNOTAVAIL:
      return "the address does not belong to this machine"
    case EAFNOSUPPORT:
      return "this machine does not support that address family (is IPv6 disabled?)"
    default:
      if let last = messages.last { return last }
      if errorNumber != 0 { return String(cString: strerror(errorNumber)) }
      return "libmicrohttpd could not start (unsupported options for this build?)"
    }
  }
}

/// A running libmicrohttpd daemon and the socket and thread that accept its connections.
///
/// `@unchecked Sendable` is safe because it is only used by `HTTPServer` under its lifecycle
/// lock, and `MHD_stop_daemon` may be called from any thread.
final class DaemonHandle: @unchecked Sendable {
  let pointer: OpaquePointer
  private var context: UnsafeMutableRawPointer?
  /// Open until `stopAccepting()`; -1 after.
  private var listenSocket: Int32
  /// Read by the accepting thread until `larder_listener_stop` has joined it.
  private let listener: UnsafeMutablePointer<larder_listener>
  private var isAccepting = false

  init(pointer: OpaquePointer, context: UnsafeMutableRawPointer, listenSocket: Int32) {
    self.pointer = pointer
    self.context = context
    self.listenSocket = listenSocket
    listener = .allocate(capacity: 1)
    listener.initialize(to: larder_listener())
    listener.pointee.listen_fd = listenSocket
    listener.pointee.daemon = pointer
    listener.pointee.accept_failed = larderAcceptFailed
    listener.pointee.accept_failed_cls = context
    listener.pointee.wake_fd = -1
  }

  /// The port the socket is bound to (the real one when 0 was asked for), or 0 if unknown.
  var port: UInt16 {
    listenSocket >= 0 ? larder_socket_port(listenSocket) : 0
  }

  /// Starts the accepting thread; returns 0, or the errno value that stopped it.
  func startAccepting() -> Int32 {
    let result = larder_listener_start(listener)
    isAccepting = result == 0
    return result
  }

  /// Stops accepting and closes the socket, so that new connections are refused at once;
  /// those already accepted are served on.
  func stopAccepting() {
    if isAccepting {
      larder_listener_stop(listener)
      isAccepting = false
    }
    if listenSocket >= 0 {
      close(listenSocket)
      listenSocket = -1
    }
  }

  /// Stops accepting, stops the daemon, joining its threads, then releases the context the
  /// callbacks used.
  func stop() {
    stopAccepting()
    guard let context else { return }
    self.context = nil
    MHD_stop_daemon(pointer)
    Unmanaged<DaemonContext>.fromOpaque(context).release()
  }

  deinit {
    stop()
    listener.deinitialize(count: 1)
    listener.deallocate()
  }
}

/// A C string copied once and freed with the object.
///
/// `@unchecked Sendable` is safe because the bytes are written only in `init` and never change;
/// libmicrohttpd only reads them.
final class CStringCopy: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<CChar>

  init(_ text: String) {
    let bytes = Array(text.utf8CString)
    pointer = .allocate(capacity: bytes.count)
    pointer.initialize(from: bytes, count: bytes.count)
  }

  deinit {
    pointer.deallocate()
  }
}

/// The state of one request, from its request line to its completion.
///
/// Ownership: created in `larderRequestLineReceived`, whose result libmicrohttpd stores in the
/// request's `con_cls` slot; that slot holds one retained reference, which
/// `larderRequestCompleted` takes back. libmicrohttpd serves a connection on one thread at a
/// time, so the mutable fields need no lock.
final class RequestContext {
  let rawTarget: String
  let startedAt = ContinuousClock.now
  var method = "-"
  var remoteAddress: String?
  var hasSeenHeaders = false
  /// The body while it is small; once it passes the threshold it moves to ``bodyFile``.
  var body = Data()
  /// The body once it is too large to keep in memory; closed (and its space freed) when this
  /// request is, whether it completed, failed or its connection dropped.
  var bodyFile: BodyFile?
  var bodyTooLarge = false
  /// Set when the body could not be written to its file: the request is answered 500.
  var bodyStorageFailed = false
  var status: Int?
  var bytesSent = 0
  /// Set while the request waits for a deferred answer, and when it is called back after.
  var pendingAnswer: PendingAnswer?

  init(rawTarget: String) {
    self.rawTarget = rawTarget
  }
}

// MARK: - Callbacks

/// Called with the raw request target before anything is parsed: the one place that sees the
/// query as the client sent it, which the access log wants.
private func larderRequestLineReceived(
  _ cls: UnsafeMutableRawPointer?, _ uri: UnsafePointer<CChar>?, _ connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
  guard let cls else { return nil }
  let server = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
  return server.makeRequestContext(target: uri, connection: connection)
}

/// libmicrohttpd's access handler: called once when the headers are in, once per piece of body,
/// and once more with no data, when the request is complete.
private func larderAccessHandler(
  _ cls: UnsafeMutableRawPointer?,
  _ connection: OpaquePointer?,
  _ url: UnsafePointer<CChar>?,
  _ method: UnsafePointer<CChar>?,
  _ version: UnsafePointer<CChar>?,
  _ uploadData: UnsafePointer<CChar>?,
  _ uploadDataSize: UnsafeMutablePointer<Int>?,
  _ requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
  guard let cls, let connection, let uploadDataSize, let requestSlot else { return .NO }
  let server = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
  let request: RequestContext
  if let existing = requestSlot.pointee {
    request = Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue()
  } else {
    // The request-line callback always runs first; this only guards against a future MHD
    // that skips it.
    let created = server.makeRequestContext(target: url, connection: connection)
    requestSlot.pointee = created
    request = Unmanaged<RequestContext>.fromOpaque(created).takeUnretainedValue()
  }

  if !request.hasSeenHeaders {
    // First call: the headers are in, the body is not. Only set up (unless the declared body
    // is already too large): answering now makes MHD skip the body and close the connection,
    // which would break keep-alive.
    request.hasSeenHeaders = true
    request.method = method.map { String(cString: $0) } ?? "-"
    return server.checkDeclaredLength(of: request, on: connection)
  }

  let pending = uploadDataSize.pointee
  if pending > 0 {
    if let uploadData { server.receive(uploadData, count: pending, into: request) }
    uploadDataSize.pointee = 0
    return .YES
  }
  return server.respond(to: request, on: connection)
}

/// Frees the request's state and writes its access-log line.
private func larderRequestCompleted(
  _ cls: UnsafeMutableRawPointer?,
  _ connection: OpaquePointer?,
  _ requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
  _ termination: MHD_RequestTerminationCode
) {
  guard let cls, let requestSlot, let raw = requestSlot.pointee else { return }
  requestSlot.pointee = nil
  let server = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
  let request = Unmanaged<RequestContext>.fromOpaque(raw).takeRetainedValue()
  if request.status == nil, let connection {
    // MHD refused the request itself (malformed header, chunk too large...): log its status.
    let status = larder_mhd_queued_status(connection)
    if status != 0 { request.status = Int(status) }
  }
  server.log(
    accessLogLine(
      for: request, termination: termination.rawValue,
      redacting: server.configuration.redactForLog))
  server.requestsInFlight.decrement()
}

/// Receives libmicrohttpd's printf-style error messages.
private func larderErrorLogger(
  _ cls: UnsafeMutableRawPointer?, _ format: UnsafePointer<CChar>?, _ arguments: CVaListPointer?
) {
  guard let cls, let format, let arguments else { return }
  let server = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
  var buffer = [CChar](repeating: 0, count: 1024)
  let written = vsnprintf(&buffer, buffer.count, format, arguments)
  guard written >= 0 else { return }
  let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
  let message = String(decoding: bytes, as: UTF8.self)
    .trimmingCharacters(in: .whitespacesAndNewlines)
  if !message.isEmpty { server.record(errorMessage: message) }
}

/// Called by the accepting thread when accept fails for want of resources.
private func larderAcceptFailed(_ cls: UnsafeMutableRawPointer?, _ errorNumber: Int32) {
  guard let cls else { return }
  Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
    .acceptFailed(errorNumber: errorNumber)
}

/// Copies one request header or query argument into a `KeyValueCollector`.
private func larderCollectKeyValue(
  _ cls: UnsafeMutableRawPointer?,
  _ kind: MHD_ValueKind,
  _ key: UnsafePointer<CChar>?,
  _ keySize: Int,
  _ value: UnsafePointer<CChar>?,
  _ valueSize: Int
) -> MHD_Result {
  guard let cls, let key else { return .YES }
  let collector = Unmanaged<KeyValueCollector>.fromOpaque(cls).takeUnretainedValue()
  collector.add(
    key: decodeUTF8(key, count: keySize), value: value.map { decodeUTF8($0, count: valueSize) })
  return .YES
}

private func decodeUTF8(_ pointer: UnsafePointer<CChar>, count: Int) -> String {
  String(decoding: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self)
}

/// Gathers the values libmicrohttpd iterates over.
///
/// Ownership: lives on the stack of `collect(_:from:)`, which passes it unretained and keeps
/// it alive for the whole synchronous iteration.
private final class KeyValueCollector {
  let isHeaders: Bool
  var values: [String: String] = [:]

  init(isHeaders: Bool) {
    self.isHeaders = isHeaders
  }

  func add(key: String, value: String?) {
    let value = value ?? ""
    guard isHeaders else {
      values[key] = value  // query: the last value wins
      return
    }
    let name = key.lowercased()
    if let earlier = values[name] {
      values[name] = earlier + (name == "cookie" ? "; " : ", ") + value
    } else {
      values[name] = value
    }
  }

  static func collect(_ kind: MHD_ValueKind, from connection: OpaquePointer) -> [String: String] {
    let collector = KeyValueCollector(isHeaders: kind == .HEADER_KIND)
    withExtendedLifetime(collector) {
      _ = MHD_get_connection_values_n(
        connection, kind, larderCollectKeyValue, Unmanaged.passUnretained(collector).toOpaque())
    }
    return collector.values
  }
}

// MARK: - Request handling

extension DaemonContext {
  /// Creates the state of a new request and returns it retained, for the `con_cls` slot.
  fileprivate func makeRequestContext(
    target: UnsafePointer<CChar>?, connection: OpaquePointer?
  ) -> UnsafeMutableRawPointer {
    let request = RequestContext(rawTarget: target.map { String(cString: $0) } ?? "")
    if let connection {
      request.remoteAddress = larder_mhd_client_address(connection).flatMap {
        numericHostString(of: $0)
      }
    }
    requestsInFlight.increment()
    return Unmanaged.passRetained(request).toOpaque()
  }

  /// The body limit for the request's path (the target without its query).
  private func limit(for request: RequestContext) -> Int {
    let path = request.rawTarget.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
    return configuration.bodyLimit(for: path)
  }

  /// Rejects a body announced larger than the limit before any of it is read.
  ///
  /// Answering on the first call makes MHD skip `100 Continue` and close the connection after
  /// the response; a client that sends its body without waiting may see the connection reset.
  fileprivate func checkDeclaredLength(
    of request: RequestContext, on connection: OpaquePointer
  ) -> MHD_Result {
    guard let header = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length"),
      let declared = UInt64(String(cString: header).trimmingCharacters(in: .whitespaces))
    else { return .YES }
    if declared > UInt64(limit(for: request)) {
      request.bodyTooLarge = true
      return queue(payloadTooLarge(limit(for: request)), for: request, on: connection)
    }
    // Capped so that clients announcing large bodies they never send cannot reserve much.
    request.body.reserveCapacity(min(Int(declared), 64 << 10))
    return .YES
  }

  /// Appends a piece of body, or drops it once the body is known to be too large; a body past
  /// the threshold moves to a temporary file and grows there.
  fileprivate func receive(
    _ data: UnsafePointer<CChar>, count: Int, into request: RequestContext
  ) {
    guard !request.bodyTooLarge, !request.bodyStorageFailed else { return }
    let received = (request.bodyFile?.count ?? request.body.count) + count
    if received > limit(for: request) {
      // Nothing more is kept: the memory and the file (with its disk space) go at once.
      request.bodyTooLarge = true
      request.body = Data()
      request.bodyFile = nil
      return
    }
    do {
      if request.bodyFile == nil, received > configuration.bodyFileThresholdBytes {
        let file = try BodyFile(in: bodyFiles.path())
        try file.append(request.body)
        request.bodyFile = file
        request.body = Data()
      }
      if let file = request.bodyFile {
        try file.append(UnsafeRawPointer(data), count: count)
      } else {
        request.body.append(
          UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: count)
      }
    } catch {
      log("HTTP server: \(error); answering 500")
      request.bodyStorageFailed = true
      request.body = Data()
      request.bodyFile = nil
    }
  }

  /// The complete body: in memory, or mapped from its file (which this closes).
  private func completeBody(of request: RequestContext) throws(BodyFileError) -> Data {
    guard let file = request.bodyFile else { return request.body }
    request.bodyFile = nil
    return try file.mappedContents()
  }

  /// Builds the `HTTPRequest`, calls the handler and queues its response.
  fileprivate func respond(to request: RequestContext, on connection: OpaquePointer) -> MHD_Result {
    if let pending = request.pendingAnswer {
      // Called again once the connection was resumed: the deferred answer is in.
      request.pendingAnswer = nil
      let response =
        pending.takeAnswer()
        ?? errorResponse(500, code: "internal_error", message: "internal server error")
      return queue(response, for: request, on: connection)
    }
    if request.bodyTooLarge {
      return queue(payloadTooLarge(limit(for: request)), for: request, on: connection)
    }
    let storageFailure = errorResponse(
      500, code: "internal_error", message: "the server could not store the request body")
    if request.bodyStorageFailed { return queue(storageFailure, for: request, on: connection) }
    let body: Data
    do {
      body = try completeBody(of: request)
    } catch {
      log("HTTP server: \(error); answering 500")
      return queue(storageFailure, for: request, on: connection)
    }

    // The path is decoded here from the raw target rather than taken from MHD's `url`, which
    // MHD decodes into a C string that silently ends at an encoded NUL.
    let path: String
    switch decodePath(ofTarget: request.rawTarget) {
    case .some(let decoded):
      path = decoded
    case .none:
      let response = errorResponse(
        400, code: "bad_request", message: "the request path contains an encoded NUL byte (%00)")
      return queue(response, for: request, on: connection)
    }

    var httpRequest = HTTPRequest(
      method: request.method, path: path,
      query: KeyValueCollector.collect(.GET_ARGUMENT_KIND, from: connection),
      headers: KeyValueCollector.collect(.HEADER_KIND, from: connection),
      body: body)
    httpRequest.remoteAddress = request.remoteAddress
    httpRequest.isTLS = servesTLS
    request.body = Data()

    var response = callHandler(httpRequest)
    if let deferred = response.deferred {
      return answerLater(deferred, for: request, on: connection)
    }
    if !(200...599).contains(response.status) {
      log("HTTP server: the handler returned status \(response.status); answering 500")
      response = errorResponse(500, code: "internal_error", message: "internal server error")
    }
    return queue(response, for: request, on: connection)
  }

  /// Suspends the connection and hands the deferred work to its executor, freeing this thread;
  /// the work's answer resumes the connection, and the access handler, called again, sends it.
  /// Once the server is stopping, answers 503 at once and the work does not run.
  private func answerLater(
    _ deferred: DeferredAnswer, for request: RequestContext, on connection: OpaquePointer
  ) -> MHD_Result {
    let pending = PendingAnswer(connection: connection)
    guard pending.suspend(in: suspendedRequests) else {
      // The executor still gets its one job, so that whatever it holds for the work is freed.
      deferred.executor.execute {}
      return queue(Self.stoppingResponse, for: request, on: connection)
    }
    request.pendingAnswer = pending
    deferred.executor.execute { [self] in
      var response: HTTPResponse
      switch deferred.run() {
      case .success(let answer):
        response = answer
      case .failure(let error):
        log("HTTP server: a deferred handler threw (\(error)); answering 500")
        response = errorResponse(500, code: "internal_error", message: "internal server error")
      }
      if !(200...599).contains(response.status) {
        log("HTTP server: the handler returned status \(response.status); answering 500")
        response = errorResponse(500, code: "internal_error", message: "internal server error")
      }
      response.deferred = nil
      pending.answer(response, removingFrom: suspendedRequests)
    }
    return .YES
  }

  /// The answer to a request whose deferred answer the stopping server will not wait for.
  static let stoppingResponse: HTTPResponse = {
    let json =
      #"{"error":{"code":"shutting_down","message":"the server is shutting down before this "#
      + #"request was answered; try again shortly"}}"#
    var response = HTTPResponse.json(Data(json.utf8), status: 503)
    response.headers["Retry-After"] = "10"
    return response
  }()

  private func payloadTooLarge(_ limit: Int) -> HTTPResponse {
    errorResponse(
      413, code: "payload_too_large", message: "request body exceeds \(limit) bytes")
  }

  private func errorResponse(_ status: Int, code: String, message: String) -> HTTPResponse {
    let json = #"{"error":{"code":"\#(code)","message":"\#(message)"}}"#
    return .json(Data(json.utf8), status: status)
  }

  /// Hands a response to libmicrohttpd, which copies the body and sends it (without the body
  /// for `HEAD`).
  private func queue(
    _ response: HTTPResponse, for request: RequestContext, on connection: OpaquePointer
  ) -> MHD_Result {
    let hasNoBody = response.status == 204 || response.status == 304
    let body = hasNoBody ? Data() : response.body
    let created = body.withUnsafeBytes { larder_mhd_response_copying($0.baseAddress, $0.count) }
    guard let mhdResponse = created else {
      log("HTTP server: libmicrohttpd could not allocate a response; closing the connection")
      return .NO
    }
    defer { MHD_destroy_response(mhdResponse) }

    var hasContentType = false
    for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) {
      let lowered = name.lowercased()
      // MHD writes these itself from the body it holds; a second copy would corrupt framing.
      if lowered == "content-length" || lowered == "transfer-encoding" { continue }
      guard isValidHeader(name: name, value: value),
        MHD_add_response_header(mhdResponse, name, value) == .YES
      else {
        log("HTTP server: dropped response header '\(escapedForLog(name))': invalid name or value")
        continue
      }
      if lowered == "content-type" { hasContentType = true }
    }
    if !hasContentType && !body.isEmpty {
      _ = MHD_add_response_header(mhdResponse, "Content-Type", "application/octet-stream")
    }
    if isStopping {
      _ = MHD_add_response_header(mhdResponse, "Connection", "close")
    }

    request.status = response.status
    request.bytesSent = request.method == "HEAD" ? 0 : body.count
    return MHD_queue_response(connection, UInt32(response.status), mhdResponse)
  }
}

/// Whether a header can be sent as is: the name an RFC 9110 token, the value free of the CR, LF
/// and NUL bytes that would end it early or inject another header.
func isValidHeader(name: String, value: String) -> Bool {
  let tokenSymbols = Set("!#$%&'*+-.^_`|~".utf8)
  let nameIsToken =
    !name.isEmpty
    && name.utf8.allSatisfy { byte in
      (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || tokenSymbols.contains(byte)
    }
  return nameIsToken && !value.utf8.contains { $0 == 13 || $0 == 10 || $0 == 0 }
}

/// Percent-decodes the path part of a request target; `nil` when it decodes to a NUL byte,
/// which C code downstream would silently cut the path at.
func decodePath(ofTarget target: String) -> String? {
  let path = target.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
  var bytes: [UInt8] = []
  bytes.reserveCapacity(path.count)
  var index = path.startIndex
  while index != path.endIndex {
    let byte = path[index]
    if byte == UInt8(ascii: "%"),
      let high = path.index(index, offsetBy: 1, limitedBy: path.endIndex),
      high != path.endIndex,
      let low = path.index(high, offsetBy: 1, limitedBy: path.endIndex),
      low != path.endIndex,
      let value = hexValue(path[high]).flatMap({ h in hexValue(path[low]).map { h << 4 | $0 } })
    {
      if value == 0 { return nil }
      bytes.append(value)
      index = path.index(after: low)
    } else {
      if byte == 0 { return nil }
      bytes.append(byte)
      index = path.index(after: index)
    }
  }
  return String(decoding: bytes, as: UTF8.self)
}

private func hexValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
  default: nil
  }
}
