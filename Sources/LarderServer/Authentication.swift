import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// How the web app learns who is asking.
public enum Authentication: Sendable {
  /// Every request acts as this caller: an app embedded without accounts, as in tests that
  /// exercise one household's routes.
  case fixed(Caller)
  /// Every request proves who it is with a session cookie (browsers) or a bearer token
  /// (scripts); until the first account exists only the setup page answers. What
  /// `larder serve` uses.
  case accounts
}

/// Reading credentials from requests, and the cookie that carries a session.
enum Credentials {
  /// The session cookie's name over plain HTTP (loopback, a LAN).
  static let cookieName = "larder_session"
  /// Its name over HTTPS: the `__Host-` prefix makes browsers refuse it unless it is Secure,
  /// for the whole site, and set by this host itself, so a sibling subdomain or a plain-HTTP
  /// answer cannot plant a session.
  static let secureCookieName = "__Host-larder_session"

  /// The bearer token of an `Authorization: Bearer …` header, or nil.
  static func bearerToken(_ request: HTTPRequest) -> String? {
    guard let header = request.headers["authorization"] else { return nil }
    let parts = header.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
    let token = parts[1].trimmingWhitespace()
    return token.isEmpty ? nil : token
  }

  /// The session token of the request's cookie, or nil: over HTTPS only the `__Host-` cookie
  /// counts.
  static func sessionToken(_ request: HTTPRequest) -> String? {
    let name = request.isSecure ? secureCookieName : cookieName
    guard let token = request.cookie(named: name), !token.isEmpty else { return nil }
    return token
  }

  /// The `Set-Cookie` value that starts a session: HttpOnly, SameSite=Lax, Secure over TLS,
  /// for as long as the session can last.
  static func sessionCookie(token: String, maxAge: TimeInterval, secure: Bool) -> String {
    let name = secure ? secureCookieName : cookieName
    var cookie = "\(name)=\(token); Path=/; Max-Age=\(Int(maxAge)); HttpOnly; SameSite=Lax"
    if secure { cookie += "; Secure" }
    return cookie
  }

  /// The `Set-Cookie` value that ends a session in the browser.
  static func clearedCookie(secure: Bool) -> String {
    let name = secure ? secureCookieName : cookieName
    var cookie = "\(name)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"
    if secure { cookie += "; Secure" }
    return cookie
  }

  /// The client as sign-in and the list of sessions record it.
  static func client(_ request: HTTPRequest) -> ClientInfo {
    ClientInfo(
      address: request.clientAddress ?? "unknown",
      userAgent: request.headers["user-agent"] ?? "")
  }

  /// Whether the request comes from this machine, by a loopback name, with no proxy in
  /// between: the only way the setup page can be reached.
  static func isFromThisMachine(_ request: HTTPRequest) -> Bool {
    guard let address = request.remoteAddress,
      address == "::1" || address.hasPrefix("127.") || address.hasPrefix("::ffff:127.")
    else { return false }
    guard request.forwarded == nil, request.headers["x-forwarded-for"] == nil,
      request.headers["forwarded"] == nil
    else { return false }
    let host = (request.headers["host"] ?? "").lowercased()
    let name =
      host.hasPrefix("[")
      ? String(host.prefix { $0 != "]" }) + "]" : String(host.prefix { $0 != ":" })
    return RequestGuard.loopbackNames.contains(name)
  }

  /// Where to go after signing in: a path on this site, never another site. Anything with a
  /// control character, whitespace or a backslash is refused outright (browsers drop tabs and
  /// newlines from URLs, so `/\t/evil.example` would become `//evil.example`), as is a second
  /// `/` at the start.
  static func safeNext(_ next: String?) -> String {
    guard let next, next.hasPrefix("/"), !next.hasPrefix("//"),
      next.unicodeScalars.allSatisfy({ scalar in
        scalar.value > 0x20 && scalar.value != 0x7F && scalar != "\\"
          && !CharacterSet.whitespacesAndNewlines.contains(scalar)
          && scalar.properties.generalCategory != .control
          && scalar.properties.generalCategory != .format
      })
    else { return "/" }
    return next
  }
}
