import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// Decides, before any handler runs, whether a request may reach Larder at all: the names it
/// answers to (against DNS rebinding) and, for requests that change something, proof that the
/// request was not sent by another site (against cross-site request forgery).
///
/// Every request must name, in `Host`, a loopback name (`localhost`, `127.0.0.1`, `[::1]`, any
/// port), one of the configured public URLs, or the specific non-loopback address the server is
/// bound to. A `POST`, `PUT`, `PATCH` or `DELETE` must also carry no `Sec-Fetch-Site` other than
/// `same-origin` or `none`, no `Origin` other than its own host or a public URL, and, on the JSON
/// API, a JSON body (`application/json` or `…+json`). The raw uploads (`/api/v1/import`,
/// `/api/v1/images`, `/api/v1/import/photo`) take any file type except the ones an HTML form can send.
///
/// The host and scheme checked are the ones the client used: ``HTTPRequest/host`` and
/// ``HTTPRequest/scheme``, which believe `X-Forwarded-Host` and `X-Forwarded-Proto` (or
/// `Forwarded`) only from ``trustedProxies``; ``LarderApp`` resolves them with
/// ``TrustedProxies/resolved(_:)`` before asking the guard.
///
/// The guard only finds a ``Refusal``; ``ErrorResponses`` gives it its status and code.
public struct RequestGuard: Sendable {
  /// Why a request is refused.
  public enum Refusal: Error, Equatable, Sendable {
    /// The `Host` header (empty when there is none) is not a name this Larder answers to.
    case misdirected(host: String)
    /// The request changes something but says it comes from another site; `reason` says how.
    case crossSite(reason: String)
    /// A JSON API request whose body is not declared JSON (`type` is empty when undeclared).
    case notJSON(type: String)
    /// An upload sent with a type an HTML form can send, which a file upload never needs.
    case formUpload(type: String)
  }

  /// A scheme, host and port, as browsers compare origins.
  public struct Origin: Hashable, Sendable, CustomStringConvertible {
    /// `http` or `https`.
    public var scheme: String
    /// The host, lowercased; IPv6 addresses in brackets.
    public var host: String
    /// The port, with the scheme's default filled in.
    public var port: Int

    /// Reads `scheme://host[:port]` from a URL or an `Origin` header; nil for anything else,
    /// including a path other than `/`, a query, user info and `null`.
    public init?(_ text: String) {
      guard let components = URLComponents(string: text),
        let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
        let host = components.host, !host.isEmpty,
        components.user == nil, components.password == nil,
        components.query == nil, components.fragment == nil,
        components.path.isEmpty || components.path == "/"
      else { return nil }
      let lowered = host.lowercased()
      self.scheme = scheme
      self.host =
        lowered.contains(":") && !lowered.hasPrefix("[") ? "[\(lowered)]" : lowered
      self.port = components.port ?? (scheme == "https" ? 443 : 80)
    }

    /// `scheme://host:port`.
    public var description: String { "\(scheme)://\(host):\(port)" }
  }

  /// The methods that change something and so must prove they are not cross-site.
  public static let stateChangingMethods: Set<String> = ["POST", "PUT", "PATCH", "DELETE"]
  /// Paths whose body is a file in its own type rather than JSON.
  public static let uploadPaths: Set<String> = [
    "/api/v1/import", "/api/v1/images", "/api/v1/import/photo",
  ]
  /// The host names that are always allowed, on any port.
  public static let loopbackNames: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
  /// The media types an HTML form can send without JavaScript, and so without a CORS preflight.
  static let formTypes: Set<String> = [
    "application/x-www-form-urlencoded", "multipart/form-data", "text/plain",
  ]

  /// The public URLs' origins, which may also be named in `Host` (host and port).
  public let publicOrigins: [Origin]
  /// The address the server is bound to, when it is one specific non-loopback address.
  public let boundAddress: String?
  /// The reverse proxies whose forwarding headers are believed (none by default).
  public let trustedProxies: TrustedProxies

  /// Makes a guard allowing loopback names, `publicURLs` and, when `boundHost` is a specific
  /// non-loopback address (not `0.0.0.0` or `::`), that address on any port; the forwarding
  /// headers of `trustedProxies` are believed.
  public init(
    publicURLs: [Origin] = [], boundHost: String? = nil,
    trustedProxies: TrustedProxies = TrustedProxies()
  ) {
    self.publicOrigins = publicURLs
    self.trustedProxies = trustedProxies
    let bound = boundHost.map { host in
      let lowered = host.lowercased()
      return lowered.contains(":") && !lowered.hasPrefix("[") ? "[\(lowered)]" : lowered
    }
    if let bound, !["", "0.0.0.0", "[::]", "*"].contains(bound),
      !Self.loopbackNames.contains(bound)
    {
      self.boundAddress = bound
    } else {
      self.boundAddress = nil
    }
  }

  /// Why `request` must not be handled, or nil when it may be. Give it a request that
  /// ``TrustedProxies/resolved(_:)`` has seen, or forwarding headers are not believed.
  public func refusal(for request: HTTPRequest) -> Refusal? {
    let hostHeader = request.host?.trimmingWhitespace() ?? ""
    guard let host = Self.hostAndPort(hostHeader), isAllowed(host: host) else {
      return .misdirected(host: hostHeader)
    }
    guard Self.stateChangingMethods.contains(request.method) else { return nil }
    if let site = request.headers["sec-fetch-site"]?.lowercased(),
      site != "same-origin", site != "none"
    {
      return .crossSite(reason: "Sec-Fetch-Site is '\(site)'")
    }
    if let originHeader = request.headers["origin"] {
      guard let origin = Origin(originHeader),
        publicOrigins.contains(origin)
          || isOwnOrigin(origin, host: host, scheme: request.scheme)
      else {
        return .crossSite(
          reason: "Origin '\(originHeader)' is not this Larder"
            + (Self.cameThroughUntrustedProxy(request)
              ? " (the request came through a proxy not in trusted_proxies, so its"
                + " X-Forwarded-Proto and X-Forwarded-Host were not believed)" : ""))
      }
    }
    guard request.path.hasPrefix("/api/") else { return nil }
    let type = request.headers["content-type"] ?? ""
    let essence = RequestDecoding.essence(type)
    if Self.uploadPaths.contains(request.path) {
      return Self.formTypes.contains(essence) ? .formUpload(type: type) : nil
    }
    if essence.isEmpty && request.body.isEmpty { return nil }
    return RequestDecoding.isJSON(type) ? nil : .notJSON(type: type)
  }

  /// Whether `origin` is the loopback name or bound address the request was sent to, with the
  /// scheme it was sent with: a page Larder served there. A public URL's name is its own origin
  /// only with its own scheme.
  private func isOwnOrigin(
    _ origin: Origin, host: (name: String, port: Int?), scheme: String
  ) -> Bool {
    guard Self.loopbackNames.contains(host.name) || host.name == boundAddress else { return false }
    return origin.scheme == scheme && origin.host == host.name
      && origin.port == (host.port ?? (scheme == "https" ? 443 : 80))
  }

  /// Whether the request carries forwarding headers that were not believed.
  private static func cameThroughUntrustedProxy(_ request: HTTPRequest) -> Bool {
    request.forwarded == nil
      && ["forwarded", "x-forwarded-for", "x-forwarded-proto", "x-forwarded-host"].contains {
        request.headers[$0] != nil
      }
  }

  /// Whether a `Host` header's name (and port) is one this Larder answers to.
  private func isAllowed(host: (name: String, port: Int?)) -> Bool {
    if Self.loopbackNames.contains(host.name) || host.name == boundAddress { return true }
    return publicOrigins.contains { origin in
      origin.host == host.name
        && origin.port == (host.port ?? (origin.scheme == "https" ? 443 : 80))
    }
  }

  /// A `Host` header's name, lowercased (IPv6 in brackets), and port; nil when it is not one.
  static func hostAndPort(_ header: String) -> (name: String, port: Int?)? {
    guard !header.isEmpty, !header.contains(where: { $0.isWhitespace || $0 == "/" || $0 == "@" })
    else { return nil }
    let lowered = header.lowercased()
    var name = lowered
    var portText: Substring?
    if lowered.hasPrefix("[") {
      guard let close = lowered.firstIndex(of: "]") else { return nil }
      name = String(lowered[...close])
      let rest = lowered[lowered.index(after: close)...]
      if !rest.isEmpty {
        guard rest.hasPrefix(":") else { return nil }
        portText = rest.dropFirst()
      }
    } else if let colon = lowered.firstIndex(of: ":") {
      name = String(lowered[..<colon])
      portText = lowered[lowered.index(after: colon)...]
    }
    guard !name.isEmpty else { return nil }
    guard let portText else { return (name, nil) }
    guard let port = Int(portText), (0...65535).contains(port) else { return nil }
    return (name, port)
  }
}
