import CCurl
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a ``PageFetcher`` may do: where it may connect, how long it waits, how much it reads.
public struct FetchConfiguration: Hashable, Sendable {
  /// Which addresses may be connected to, checked for every connection including redirects.
  public var policy: AddressPolicy
  /// Seconds to wait for each connection to be established.
  public var connectTimeout: Double
  /// Seconds for the whole fetch, redirects included.
  public var totalTimeout: Double
  /// How many redirects are followed before giving up.
  public var maximumRedirects: Int
  /// The largest body accepted, in bytes, counted after decompression (so a small compressed
  /// answer cannot expand without bound).
  public var maximumBytes: Int
  /// The User-Agent sent: a browser's, because many recipe sites refuse unknown clients.
  public var userAgent: String

  /// The defaults: public addresses only, 10 s to connect, 30 s in all, 5 redirects, 5 MiB.
  public init(
    policy: AddressPolicy = AddressPolicy(), connectTimeout: Double = 10,
    totalTimeout: Double = 30, maximumRedirects: Int = 5, maximumBytes: Int = 5 << 20,
    userAgent: String = PageFetcher.browserUserAgent
  ) {
    self.policy = policy
    self.connectTimeout = connectTimeout
    self.totalTimeout = totalTimeout
    self.maximumRedirects = maximumRedirects
    self.maximumBytes = maximumBytes
    self.userAgent = userAgent
  }
}

/// When a piece of work that fetches must be over, such as a clip (its page and its image
/// together), and how long it was given, which a timeout names.
public struct FetchDeadline: Hashable, Sendable {
  /// The moment the work must end.
  public var date: Date
  /// How long the work was given, in seconds.
  public var seconds: Double

  /// A deadline `seconds` after `start`.
  public init(seconds: Double, from start: Date = Date()) {
    self.date = start.addingTimeInterval(seconds)
    self.seconds = seconds
  }

  /// Whether the deadline has passed.
  public var hasPassed: Bool { date.timeIntervalSinceNow <= 0 }
}

/// A fetched resource: where it ended up, and its content.
public struct FetchedResource: Hashable, Sendable {
  /// The URL asked for.
  public var requestedURL: URL
  /// The URL the content came from, after redirects.
  public var finalURL: URL
  /// Every URL redirected to, in order (empty without redirects).
  public var redirects: [URL]
  /// The HTTP status of the final response.
  public var status: Int
  /// The media type without parameters, lowercased (`text/html`), when the server sent one.
  public var mediaType: String?
  /// The `charset` parameter of Content-Type, lowercased, when the server sent one.
  public var charset: String?
  /// The body, decompressed.
  public var body: Data
}

/// Fetches web pages and images over HTTP and HTTPS with libcurl, defensively: only http and
/// https, redirects followed one hop at a time (at most ``FetchConfiguration/maximumRedirects``),
/// connect and total timeouts, a size cap that holds even when Content-Length lies, and the
/// ``AddressPolicy`` checked on the address of every connection curl opens.
public struct PageFetcher: Sendable {
  /// A current desktop browser's User-Agent, naming Larder at the end.
  public static let browserUserAgent =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
    + "Chrome/126.0 Safari/537.36 Larder/0.1"
  /// The Accept header for pages.
  public static let acceptPages =
    "text/html,application/xhtml+xml,application/xml;q=0.9,application/ld+json;q=0.8,*/*;q=0.5"
  /// The Accept header for images.
  public static let acceptImages =
    "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.5"

  /// The limits and the address policy.
  public var configuration: FetchConfiguration

  /// Makes a fetcher.
  public init(configuration: FetchConfiguration = FetchConfiguration()) {
    self.configuration = configuration
  }

  /// Checks that `text` is an absolute http or https URL with a host, naming what is wrong.
  public static func validatedURL(_ text: String) throws -> URL {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else {
      throw LarderImportError.invalidURL(url: "''", reason: "the URL is empty")
    }
    guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased() else {
      throw LarderImportError.invalidURL(url: trimmed, reason: "it is not an absolute URL")
    }
    guard scheme == "http" || scheme == "https" else {
      throw LarderImportError.invalidURL(
        url: trimmed, reason: "only http and https are fetched, not '\(scheme)'")
    }
    guard let host = url.host, !host.isEmpty else {
      throw LarderImportError.invalidURL(url: trimmed, reason: "it has no host")
    }
    return url
  }

  /// GETs `url`, following redirects, and returns the final 2xx response.
  ///
  /// - Parameters:
  ///   - accept: the Accept header (``acceptPages`` by default).
  ///   - maximumBytes: a cap for this fetch, instead of the configuration's.
  ///   - deadline: when the work this fetch is part of must be over; each transfer (each
  ///     redirect hop) gets only the time left, and a timeout names the deadline's seconds
  ///     when it comes before ``FetchConfiguration/totalTimeout``.
  /// - Throws: ``LarderImportError`` naming the URL and the reason: `invalidURL`,
  ///   `refusedAddress`, `refusedRedirect`, `tooManyRedirects`, `tooLarge`, `timedOut`,
  ///   `httpStatus` or `unreachable`.
  public func fetch(
    _ url: URL, accept: String = PageFetcher.acceptPages, maximumBytes: Int? = nil,
    deadline: FetchDeadline? = nil
  ) throws -> FetchedResource {
    let start = try Self.validatedURL(url.absoluteString)
    let transfer = try CurlTransfer(
      configuration: configuration, accept: accept,
      maximumBytes: maximumBytes ?? configuration.maximumBytes)
    let own = FetchDeadline(seconds: configuration.totalTimeout)
    let deadline = deadline.map { $0.date < own.date ? $0 : own } ?? own
    var current = start
    var redirects: [URL] = []
    while true {
      let hop = try transfer.get(current, deadline: deadline)
      guard (300..<400).contains(hop.status), let location = hop.redirectURL else {
        guard (200..<300).contains(hop.status) else {
          throw LarderImportError.httpStatus(url: current.absoluteString, status: hop.status)
        }
        return FetchedResource(
          requestedURL: start, finalURL: current, redirects: redirects, status: hop.status,
          mediaType: hop.mediaType, charset: hop.charset, body: hop.body)
      }
      guard redirects.count < configuration.maximumRedirects else {
        throw LarderImportError.tooManyRedirects(
          url: start.absoluteString, limit: configuration.maximumRedirects)
      }
      let next: URL
      do {
        next = try Self.validatedURL(location)
      } catch LarderImportError.invalidURL(_, let reason) {
        throw LarderImportError.refusedRedirect(
          url: current.absoluteString, location: location, reason: reason)
      }
      redirects.append(next)
      current = next
    }
  }
}

/// One response, before redirects are decided on.
private struct Hop {
  var status: Int
  var redirectURL: String?
  var mediaType: String?
  var charset: String?
  var body: Data
}

/// One curl easy handle and the state its callbacks write to.
///
/// The handle and the error buffer are freed in `deinit`. Callbacks receive the transfer
/// through an unretained `Unmanaged` pointer: the transfer owns the handle, so it outlives
/// every callback, which only run inside `curl_easy_perform` on the calling thread.
private final class CurlTransfer {
  private static let globalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_ALL))

  private let handle: UnsafeMutableRawPointer
  private let configuration: FetchConfiguration
  private let maximumBytes: Int
  private let errorBuffer: UnsafeMutablePointer<CChar>
  private var headers: UnsafeMutablePointer<curl_slist>?
  fileprivate var body = Data()
  fileprivate var exceeded = false
  fileprivate var refusal: (endpoint: SocketEndpoint, reason: String)?

  init(configuration: FetchConfiguration, accept: String, maximumBytes: Int) throws {
    guard Self.globalInit == CURLE_OK, let handle = curl_easy_init() else {
      throw LarderImportError.unreachable(url: "(none)", reason: "libcurl cannot start")
    }
    self.handle = handle
    self.configuration = configuration
    self.maximumBytes = maximumBytes
    errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    headers = curl_slist_append(nil, "Accept: \(accept)")
    headers = curl_slist_append(headers, "Accept-Language: en;q=0.9, *;q=0.5")
    try setUp()
  }

  deinit {
    curl_easy_cleanup(handle)
    curl_slist_free_all(headers)
    errorBuffer.deallocate()
  }

  private func setUp() throws {
    let context = Unmanaged.passUnretained(self).toOpaque()
    var codes: [CURLcode] = [
      larder_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1),
      larder_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0),
      larder_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
      larder_curl_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
      // An empty proxy turns off http_proxy and friends: a proxy would connect on our behalf
      // to addresses the policy never sees.
      larder_curl_setopt_string(handle, CURLOPT_PROXY, ""),
      larder_curl_setopt_string(handle, CURLOPT_USERAGENT, configuration.userAgent),
      larder_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "gzip, deflate"),
      larder_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headers)),
      larder_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer)),
      larder_curl_setopt_long(handle, CURLOPT_MAXFILESIZE, maximumBytes),
      larder_curl_setopt_write(handle, curlWrite),
      larder_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context),
      larder_curl_setopt_opensocket(handle, curlOpenSocket),
      larder_curl_setopt_pointer(handle, CURLOPT_OPENSOCKETDATA, context),
    ]
    codes.removeAll { $0 == CURLE_OK }
    if let failed = codes.first {
      throw LarderImportError.unreachable(
        url: "(none)",
        reason: "libcurl refused an option: \(String(cString: curl_easy_strerror(failed)))")
    }
  }

  /// Body bytes from curl: appended until the cap, then the transfer is stopped.
  fileprivate func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard body.count + bytes.count <= maximumBytes else {
      exceeded = true
      return false
    }
    body.append(contentsOf: bytes)
    return true
  }

  /// The policy's verdict on a connection curl is about to open.
  fileprivate func check(_ endpoint: SocketEndpoint) -> Bool {
    guard let reason = configuration.policy.refusal(for: endpoint.address, port: endpoint.port)
    else { return true }
    refusal = (endpoint, reason)
    return false
  }

  func get(_ url: URL, deadline: FetchDeadline) throws -> Hop {
    let text = url.absoluteString
    let remaining = deadline.date.timeIntervalSinceNow
    guard remaining > 0 else {
      throw LarderImportError.timedOut(url: text, seconds: deadline.seconds)
    }
    body = Data()
    exceeded = false
    refusal = nil
    errorBuffer[0] = 0
    let connectMilliseconds = Int(min(configuration.connectTimeout, remaining) * 1000)
    _ = larder_curl_setopt_string(handle, CURLOPT_URL, text)
    _ = larder_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, max(1, Int(remaining * 1000)))
    _ = larder_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, max(1, connectMilliseconds))
    let code = curl_easy_perform(handle)
    if code != CURLE_OK { throw error(for: code, url: text, seconds: deadline.seconds) }
    var status = 0
    _ = larder_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
    var hop = Hop(status: status, body: body)
    var pointer: UnsafeMutablePointer<CChar>?
    if larder_curl_getinfo_string(handle, CURLINFO_REDIRECT_URL, &pointer) == CURLE_OK,
      let pointer
    {
      hop.redirectURL = String(cString: pointer)
    }
    pointer = nil
    if larder_curl_getinfo_string(handle, CURLINFO_CONTENT_TYPE, &pointer) == CURLE_OK,
      let pointer
    {
      (hop.mediaType, hop.charset) = Self.parseContentType(String(cString: pointer))
    }
    return hop
  }

  private func error(for code: CURLcode, url: String, seconds: Double) -> LarderImportError {
    if let refusal {
      return .refusedAddress(
        url: url, address: refusal.endpoint.description, reason: refusal.reason)
    }
    switch code {
    case CURLE_WRITE_ERROR where exceeded, CURLE_FILESIZE_EXCEEDED:
      return .tooLarge(url: url, limit: maximumBytes)
    case CURLE_OPERATION_TIMEDOUT:
      return .timedOut(url: url, seconds: seconds)
    case CURLE_UNSUPPORTED_PROTOCOL:
      return .invalidURL(url: url, reason: "only http and https are fetched")
    default:
      let detail = String(cString: errorBuffer)
      return .unreachable(
        url: url,
        reason: detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)
    }
  }

  /// `text/html; charset=ISO-8859-1` is (`text/html`, `iso-8859-1`).
  static func parseContentType(_ text: String) -> (String?, String?) {
    let parts = text.split(separator: ";").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let media = parts.first.map { $0.lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
    var charset: String?
    for part in parts.dropFirst() {
      let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
      if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" {
        charset = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"' ")).lowercased()
      }
    }
    return (media, charset)
  }
}

/// CURLOPT_WRITEFUNCTION: hands the bytes to the transfer; a short count stops curl.
private func curlWrite(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
  _ context: UnsafeMutableRawPointer?
) -> Int {
  guard let context else { return 0 }
  let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
  let length = size * count
  guard let data, length > 0 else { return length }
  return transfer.receive(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// CURLOPT_OPENSOCKETFUNCTION: the one place every connection passes, after name resolution
/// and before connecting. A refused address gets no socket, so curl cannot connect to it.
private func curlOpenSocket(
  _ context: UnsafeMutableRawPointer?, _ purpose: curlsocktype,
  _ address: UnsafeMutablePointer<curl_sockaddr>?
) -> curl_socket_t {
  guard let context, let address else { return CURL_SOCKET_BAD }
  let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
  guard let endpoint = socketEndpoint(address) else {
    transfer.refusal = (
      SocketEndpoint(address: .v4(0), port: 0), "not an IPv4 or IPv6 address"
    )
    return CURL_SOCKET_BAD
  }
  guard transfer.check(endpoint) else { return CURL_SOCKET_BAD }
  return socket(address.pointee.family, address.pointee.socktype, address.pointee.protocol)
}

/// The address and port in curl's socket address, for IPv4 and IPv6 only.
private func socketEndpoint(_ address: UnsafeMutablePointer<curl_sockaddr>) -> SocketEndpoint? {
  guard let offset = MemoryLayout<curl_sockaddr>.offset(of: \curl_sockaddr.addr) else {
    return nil
  }
  // curl allocates room for the largest address family behind `addr`; `addrlen` says how much
  // of it is filled.
  let raw = UnsafeRawPointer(address).advanced(by: offset)
  let length = Int(address.pointee.addrlen)
  switch address.pointee.family {
  case AF_INET where length >= MemoryLayout<sockaddr_in>.size:
    let v4 = raw.loadUnaligned(as: sockaddr_in.self)
    return SocketEndpoint(
      address: .v4(UInt32(bigEndian: v4.sin_addr.s_addr)), port: UInt16(bigEndian: v4.sin_port))
  case AF_INET6 where length >= MemoryLayout<sockaddr_in6>.size:
    let v6 = raw.loadUnaligned(as: sockaddr_in6.self)
    var bytes = v6.sin6_addr
    return SocketEndpoint(
      address: .v6(withUnsafeBytes(of: &bytes) { Array($0) }),
      port: UInt16(bigEndian: v6.sin6_port))
  default:
    return nil
  }
}
