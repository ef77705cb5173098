import Foundation

/// An HTTP request as the router and handlers see it, independent of any socket.
///
/// The transport fills every field; tests build requests directly with `init` and hand them to a
/// router or handler, so nothing here refers to libmicrohttpd.
public struct HTTPRequest: Sendable {
  /// The request method, uppercased, such as `"GET"`.
  public var method: String
  /// The percent-decoded path without the query string, such as `"/api/v1/recipes/abc"`.
  ///
  /// A `+` in the path stays a `+`; only the query treats `+` as a space.
  public var path: String
  /// The decoded query parameters; when a name repeats, the last value wins.
  ///
  /// `+` decodes to a space and `%XX` escapes to their bytes, read as UTF-8. A parameter without
  /// `=` (`?draft`) has the empty string as its value.
  public var query: [String: String]
  /// The request headers keyed by lowercased name.
  ///
  /// A header sent several times is joined into one value with `", "` (`"; "` for `cookie`), as
  /// RFC 9110 allows for list-valued fields.
  public var headers: [String: String]
  /// The request body, complete; the transport has already enforced the size limit.
  ///
  /// A body over `HTTPServerConfiguration.bodyFileThresholdBytes` arrived through a
  /// temporary file and is memory-mapped from it: reading it costs page cache, not heap, and
  /// copying it (`Data(body)`, `Array(body)`) would undo that.
  public var body: Data
  /// The values captured by `:name` and `*name` segments of the matched route.
  ///
  /// Empty until `Router.match(_:)` fills it.
  public var pathParameters: [String: String]
  /// The numeric address of the TCP peer (`"127.0.0.1"`, `"::1"`), or `nil` when unknown, as in
  /// requests built by tests. Behind a reverse proxy this is the proxy: checks about the
  /// client read ``clientAddress``.
  public var remoteAddress: String?
  /// Whether the request arrived over TLS on this server's own socket (`--tls-cert`).
  ///
  /// Behind a reverse proxy that ends TLS this is false: checks read ``scheme`` or
  /// ``isSecure``, which also believe a trusted proxy.
  public var isTLS: Bool
  /// What a trusted reverse proxy said about the client (`X-Forwarded-For`, `-Proto`, `-Host`
  /// or `Forwarded`); nil when the request came straight from the client, or from a peer that
  /// is not trusted, whose forwarding headers are then ignored.
  ///
  /// The transport never sets it: LarderServer's `TrustedProxies` does, before any check runs.
  public var forwarded: Forwarding?

  /// Creates a request; the method is uppercased so that routing never depends on its case.
  public init(
    method: String,
    path: String,
    query: [String: String] = [:],
    headers: [String: String] = [:],
    body: Data = Data()
  ) {
    self.method = method.uppercased()
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
    self.pathParameters = [:]
    self.remoteAddress = nil
    self.isTLS = false
    self.forwarded = nil
  }

  // MARK: The client as it sees the request

  /// The client's address: the one a trusted proxy forwarded, else the TCP peer's. The one to
  /// throttle or log by.
  public var clientAddress: String? { forwarded?.clientAddress ?? remoteAddress }

  /// `https` or `http`, as the client's browser used it: what a trusted proxy forwarded, else
  /// whether this server's own socket speaks TLS.
  public var scheme: String { forwarded?.scheme ?? (isTLS ? "https" : "http") }

  /// Whether the client reached Larder over HTTPS (directly or through a trusted proxy): when
  /// cookies may be marked `Secure`.
  public var isSecure: Bool { scheme == "https" }

  /// The host, and port if any, the client addressed (`recipes.example.org`,
  /// `127.0.0.1:8080`): what a trusted proxy forwarded, else the `Host` header; nil when
  /// there is neither.
  public var host: String? { forwarded?.host ?? headers["host"] }
}

/// What a trusted reverse proxy reported about the client it forwards a request for; each
/// field is nil when the proxy did not say.
public struct Forwarding: Sendable, Equatable {
  /// The client's numeric address (`203.0.113.7`, `2001:db8::1`).
  public var clientAddress: String?
  /// `https` or `http`, lowercased.
  public var scheme: String?
  /// The host, and port if any, the client addressed.
  public var host: String?

  /// Makes a report; every field defaults to "not said".
  public init(clientAddress: String? = nil, scheme: String? = nil, host: String? = nil) {
    self.clientAddress = clientAddress
    self.scheme = scheme
    self.host = host
  }
}
