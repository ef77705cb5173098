import Foundation
import LarderImport
import LarderTestSupport
import Testing

/// The fetcher against real sockets: each refusal is proven with a local server that would
/// have answered, so a refusal cannot be mistaken for a server that was not there.
@Suite struct PageFetcherTests {
  static let loopback = IPAddress("127.0.0.1")!

  /// A fetcher that may connect to the given servers' ports on 127.0.0.1 and nothing else
  /// private, with short limits so that failures come quickly.
  static func fetcher(
    allowing servers: [FixtureHTTPServer], maximumBytes: Int = 1 << 20,
    totalTimeout: Double = 2
  ) -> PageFetcher {
    let endpoints = servers.map { SocketEndpoint(address: loopback, port: $0.port) }
    return PageFetcher(
      configuration: FetchConfiguration(
        policy: AddressPolicy(allowedEndpoints: Set(endpoints)), connectTimeout: 1,
        totalTimeout: totalTimeout, maximumBytes: maximumBytes))
  }

  /// The error a fetch throws; records an issue and returns nil when it succeeds.
  static func failure(_ fetcher: PageFetcher, _ url: URL) -> LarderImportError? {
    do {
      let fetched = try fetcher.fetch(url)
      Issue.record("expected \(url) to fail, got HTTP \(fetched.status)")
      return nil
    } catch let error as LarderImportError {
      return error
    } catch {
      Issue.record("unexpected error \(error)")
      return nil
    }
  }

  static let page = "<html><head><title>Soup</title></head><body>Soup</body></html>"

  @Test func pageFromAnAllowedLoopbackPortIsFetchedWithBrowserHeaders() throws {
    let seen = LockedValue<[String: String]>([:])
    let server = try FixtureHTTPServer { request in
      seen.set(request.headers)
      return .response(
        headers: ["Content-Type": "text/html; charset=ISO-8859-1"], body: Data(Self.page.utf8))
    }
    let fetched = try Self.fetcher(allowing: [server]).fetch(server.url("/soup"))
    #expect(fetched.status == 200)
    #expect(String(decoding: fetched.body, as: UTF8.self) == Self.page)
    #expect(fetched.mediaType == "text/html")
    #expect(fetched.charset == "iso-8859-1")
    #expect(fetched.redirects.isEmpty)
    let headers = seen.get()
    #expect(headers["user-agent"]?.hasPrefix("Mozilla/5.0") == true)
    #expect(headers["accept"]?.contains("text/html") == true)
    #expect(headers["accept-encoding"]?.contains("gzip") == true)
  }

  @Test func loopbackIsRefusedByDefaultBeforeAnyRequestIsSent() throws {
    let server = try FixtureHTTPServer { _ in .html(Self.page) }
    let url = server.url("/soup")
    let error = try #require(Self.failure(PageFetcher(), url))
    guard case .refusedAddress(let failedURL, let address, let reason) = error else {
      Issue.record("expected a refused address, got \(error)")
      return
    }
    #expect(failedURL == url.absoluteString)
    #expect(address == "127.0.0.1:\(server.port)")
    #expect(reason.contains("loopback"))
    #expect(error.description.contains(url.absoluteString))
    #expect(server.requestedPaths.isEmpty, "the server must never see the request")
  }

  @Test func aHostNameIsJudgedByTheAddressItResolvesTo() throws {
    // "localhost" is not an address in the URL; the refusal comes from what it resolved to.
    let server = try FixtureHTTPServer { _ in .html(Self.page) }
    let url = URL(string: "http://localhost:\(server.port)/soup")!
    let error = try #require(Self.failure(PageFetcher(), url))
    guard case .refusedAddress(_, let address, let reason) = error else {
      Issue.record("expected a refused address, got \(error)")
      return
    }
    #expect(["127.0.0.1:\(server.port)", "[::1]:\(server.port)"].contains(address))
    #expect(reason.contains("loopback"))
    #expect(server.requestedPaths.isEmpty)
  }

  @Test func theOptInAllowsLoopback() throws {
    let server = try FixtureHTTPServer { _ in .html(Self.page) }
    let fetcher = PageFetcher(
      configuration: FetchConfiguration(
        policy: AddressPolicy(allowPrivateAddresses: true), totalTimeout: 2))
    #expect(try fetcher.fetch(server.url()).status == 200)
  }

  @Test func aRedirectToAnotherLoopbackAddressIsRefusedThoughAServerListensThere() throws {
    // Both servers would answer; only the first is allowed.
    let hidden = try FixtureHTTPServer(host: "127.0.0.2") { _ in .html("internal") }
    let target = "http://127.0.0.2:\(hidden.port)/admin"
    let server = try FixtureHTTPServer { _ in .redirect(to: target) }
    let error = try #require(Self.failure(Self.fetcher(allowing: [server]), server.url("/go")))
    guard case .refusedAddress(let url, let address, _) = error else {
      Issue.record("expected a refused address, got \(error)")
      return
    }
    #expect(url == target)
    #expect(address == "127.0.0.2:\(hidden.port)")
    #expect(hidden.requestedPaths.isEmpty)
    #expect(server.requestedPaths == ["/go"])
  }

  @Test(arguments: [
    ("http://10.0.0.1/", "10.0.0.1:80", "private network"),
    ("http://169.254.169.254/latest/meta-data/", "169.254.169.254:80", "cloud metadata"),
    ("http://[::1]:9/", "[::1]:9", "loopback"),
    ("http://0.0.0.0:9/", "0.0.0.0:9", "unspecified"),
    ("http://100.64.0.1/", "100.64.0.1:80", "carrier-grade NAT"),
  ])
  func aRedirectToAForbiddenAddressIsRefused(
    target: String, address: String, words: String
  )
    throws
  {
    let server = try FixtureHTTPServer { _ in .redirect(to: target, status: 301) }
    let started = Date()
    let error = try #require(Self.failure(Self.fetcher(allowing: [server]), server.url("/go")))
    guard case .refusedAddress(let url, let refused, let reason) = error else {
      Issue.record("expected a refused address, got \(error)")
      return
    }
    #expect(url == target)
    #expect(refused == address)
    #expect(reason.contains(words))
    // Refused before connecting: no connect timeout was waited for.
    #expect(Date().timeIntervalSince(started) < 1)
  }

  @Test func redirectsWithinTheLimitAreFollowedHopByHop() throws {
    let server = try FixtureHTTPServer { request in
      let hop = Int(request.path.dropFirst("/hop/".count)) ?? 0
      if request.path == "/final" { return .html(Self.page) }
      return .redirect(
        to: hop >= 4 ? "/final" : "/hop/\(hop + 1)", status: hop % 2 == 0 ? 302 : 307)
    }
    let fetched = try Self.fetcher(allowing: [server]).fetch(server.url("/hop/0"))
    #expect(fetched.finalURL == server.url("/final"))
    #expect(fetched.redirects.count == 5)
    #expect(server.requestedPaths == ["/hop/0", "/hop/1", "/hop/2", "/hop/3", "/hop/4", "/final"])
  }

  @Test func moreThanFiveRedirectsAreRefused() throws {
    let server = try FixtureHTTPServer { request in
      .redirect(to: request.path + "x")
    }
    let url = server.url("/r")
    let error = try #require(Self.failure(Self.fetcher(allowing: [server]), url))
    #expect(error == .tooManyRedirects(url: url.absoluteString, limit: 5))
    #expect(server.requestedPaths.count == 6)
  }

  @Test(arguments: ["file:///etc/passwd", "ftp://example.com/x", "gopher://example.com/"])
  func aRedirectToAnotherSchemeIsRefused(location: String) throws {
    let server = try FixtureHTTPServer { _ in .redirect(to: location) }
    let url = server.url("/go")
    let error = try #require(Self.failure(Self.fetcher(allowing: [server]), url))
    guard case .refusedRedirect(let from, let to, let reason) = error else {
      Issue.record("expected a refused redirect, got \(error)")
      return
    }
    #expect(from == url.absoluteString)
    #expect(to == location)
    #expect(reason.contains("only http and https"))
  }

  @Test(arguments: [
    "file:///etc/passwd", "ftp://example.com/recipe", "gopher://example.com/", "dict://x/",
    "javascript:alert(1)", "example.com/recipe", "http:///nohost",
  ])
  func aURLThatIsNotHTTPIsRefusedBeforeFetching(text: String) throws {
    #expect(throws: LarderImportError.self) { try PageFetcher.validatedURL(text) }
    if let url = URL(string: text) {
      let error = try #require(Self.failure(PageFetcher(), url))
      guard case .invalidURL(let named, _) = error else {
        Issue.record("expected an invalid URL, got \(error)")
        return
      }
      #expect(named == text)
    }
  }

  @Test func aBodyOverTheCapIsRefusedWhenContentLengthSaysSo() throws {
    let server = try FixtureHTTPServer { _ in
      .response(headers: ["Content-Type": "text/html"], body: Data(count: 200_000))
    }
    let url = server.url("/big")
    let error = try #require(
      Self.failure(Self.fetcher(allowing: [server], maximumBytes: 100_000), url))
    #expect(error == .tooLarge(url: url.absoluteString, limit: 100_000))
  }

  @Test func aBodyOverTheCapIsRefusedWithoutContentLength() throws {
    // No Content-Length: the body runs until the connection closes, so only counting the bytes
    // as they arrive can stop it.
    let server = try FixtureHTTPServer { _ in
      .bytes(
        Data("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n".utf8)
          + Data(repeating: 0x61, count: 300_000))
    }
    let url = server.url("/stream")
    let error = try #require(
      Self.failure(Self.fetcher(allowing: [server], maximumBytes: 100_000), url))
    #expect(error == .tooLarge(url: url.absoluteString, limit: 100_000))
  }

  @Test func aBodyUnderTheCapWithoutContentLengthIsRead() throws {
    let server = try FixtureHTTPServer { _ in
      .bytes(
        Data("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n".utf8)
          + Data(repeating: 0x61, count: 50_000))
    }
    let fetched = try Self.fetcher(allowing: [server], maximumBytes: 100_000).fetch(server.url())
    #expect(fetched.body.count == 50_000)
  }

  @Test func gzipIsAcceptedAndDecoded() throws {
    let server = try FixtureHTTPServer { _ in
      .response(
        headers: ["Content-Type": "text/html", "Content-Encoding": "gzip"],
        body: GzipFixtures.page)
    }
    let fetched = try Self.fetcher(allowing: [server]).fetch(server.url())
    #expect(String(decoding: fetched.body, as: UTF8.self) == GzipFixtures.pageText)
  }

  @Test func theCapCountsDecompressedBytes() throws {
    let server = try FixtureHTTPServer { _ in
      .response(
        headers: ["Content-Type": "text/html", "Content-Encoding": "gzip"],
        body: GzipFixtures.threeMiBOfZeros)
    }
    let url = server.url("/bomb")
    let error = try #require(Self.failure(Self.fetcher(allowing: [server]), url))
    #expect(error == .tooLarge(url: url.absoluteString, limit: 1 << 20))
  }

  @Test func aServerThatNeverAnswersTimesOut() throws {
    let server = try FixtureHTTPServer { _ in .silence }
    defer { server.stop() }
    let url = server.url("/slow")
    let started = Date()
    let error = try #require(Self.failure(Self.fetcher(allowing: [server], totalTimeout: 1), url))
    #expect(error == .timedOut(url: url.absoluteString, seconds: 1))
    #expect(Date().timeIntervalSince(started) < 2.5)
  }

  @Test func anHTTPErrorStatusNamesTheURLAndStatus() throws {
    let server = try FixtureHTTPServer { _ in .response(status: 404) }
    let url = server.url("/missing")
    let error = try #require(Self.failure(Self.fetcher(allowing: [server]), url))
    #expect(error == .httpStatus(url: url.absoluteString, status: 404))
    #expect(error.description == "\(url.absoluteString): the server answered HTTP 404")
  }

  @Test func aClosedPortIsUnreachable() throws {
    let server = try FixtureHTTPServer { _ in .html("") }
    let url = server.url("/")
    let fetcher = Self.fetcher(allowing: [server])
    server.stop()
    let error = try #require(Self.failure(fetcher, url))
    guard case .unreachable(let named, _) = error else {
      Issue.record("expected unreachable, got \(error)")
      return
    }
    #expect(named == url.absoluteString)
  }
}

/// A value shared with a server thread.
///
/// `@unchecked Sendable`: `value` is only touched while holding `lock`.
final class LockedValue<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func set(_ newValue: Value) {
    lock.lock()
    value = newValue
    lock.unlock()
  }
  func get() -> Value {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}
