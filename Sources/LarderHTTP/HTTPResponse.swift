import Foundation

/// An HTTP response produced by a handler, ready for the transport to send.
public struct HTTPResponse: Sendable {
  /// The status code; the transport answers 500 instead when it is outside 200...599.
  public var status: Int
  /// The response headers by name, sent as given.
  ///
  /// `Content-Length` and `Transfer-Encoding` are ignored because the transport computes them; a
  /// missing `Content-Type` on a non-empty body becomes `application/octet-stream`.
  public var headers: [String: String]
  /// The response body; the transport omits it for `HEAD` requests.
  public var body: Data
  /// Set when the answer comes later (``later(on:_:)``): the transport frees its thread, runs
  /// the work on the executor and sends the work's response instead of this one.
  public var deferred: DeferredAnswer?

  /// Creates a response from its parts.
  public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// Makes a `text/plain; charset=utf-8` response from a string.
  public static func text(_ s: String, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(s.utf8))
  }

  /// Makes a `text/html; charset=utf-8` response from a string.
  public static func html(_ s: String, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(s.utf8))
  }

  /// Makes an `application/json; charset=utf-8` response from already encoded JSON.
  public static func json(_ data: Data, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: data)
  }

  /// Makes a redirect with an empty body; 303 makes browsers follow a form POST with a GET.
  public static func redirect(to location: String, status: Int = 303) -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Location": location])
  }

  /// Returns the value of the header named `name`, compared without regard to case.
  public func headerValue(named name: String) -> String? {
    if let exact = headers[name] { return exact }
    let lowered = name.lowercased()
    return headers.first { $0.key.lowercased() == lowered }?.value
  }
}
