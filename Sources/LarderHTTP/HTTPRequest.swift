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
  public var body: Data
  /// The values captured by `:name` and `*name` segments of the matched route.
  ///
  /// Empty until `Router.match(_:)` fills it.
  public var pathParameters: [String: String]
  /// The numeric address of the client (`"127.0.0.1"`, `"::1"`), or `nil` when unknown, as in
  /// requests built by tests.
  public var remoteAddress: String?

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
  }
}
