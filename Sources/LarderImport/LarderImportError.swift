import Foundation

/// What can go wrong while getting recipes into Larder from outside: pages, files and archives.
/// Each case names what failed and where, so a report can point a user at the item to fix.
public enum LarderImportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A document cannot be read at all (`source` is a file name, archive member or URL).
  case unreadable(source: String, reason: String)
  /// A document was read but holds no recipe.
  case noRecipe(source: String)
  /// A URL that cannot be fetched as given: malformed, or not http or https.
  case invalidURL(url: String, reason: String)
  /// The address `url`'s host resolved to is one Larder does not connect to (loopback, private,
  /// link-local, cloud metadata, ...); `reason` names the kind of address.
  case refusedAddress(url: String, address: String, reason: String)
  /// A redirect from `url` pointed somewhere Larder does not follow (another scheme).
  case refusedRedirect(url: String, location: String, reason: String)
  /// Following `url` took more than `limit` redirects.
  case tooManyRedirects(url: String, limit: Int)
  /// The response from `url` was larger than `limit` bytes (after decompression).
  case tooLarge(url: String, limit: Int)
  /// `url` did not answer within `seconds`.
  case timedOut(url: String, seconds: Double)
  /// `url` answered with an HTTP error status.
  case httpStatus(url: String, status: Int)
  /// `url` could not be reached: the name did not resolve, the connection or TLS failed.
  case unreachable(url: String, reason: String)
  /// `url` answered with something that is not a web page, such as an image.
  case notAPage(url: String, contentType: String)
  /// A file or archive member would be larger than `limit` bytes; it was not read, so that a
  /// hostile file (a zip bomb, a 1 GB line) cannot exhaust memory.
  case documentTooLarge(source: String, limit: Int)
  /// An archive member expands more than `ratio` times its compressed size: a "zip bomb".
  case suspiciousCompression(source: String, ratio: Int)
  /// A file named for import is `size` bytes, more than the `limit` for one file; it was not
  /// read. A user raises the limit for a file they trust (`max_file_size`).
  case fileTooLarge(source: String, size: Int, limit: Int)
  /// Expanding `source` would take the decompressed bytes of one import file (every archive
  /// member and gzip layer in it) past `budget`; it was not expanded, and neither is anything
  /// after it in that file.
  case importBudgetExceeded(source: String, budget: Int)
  /// Reading a photo needs a tool (Tesseract, ImageMagick) or language data that is not
  /// installed; `reason` says what to install.
  case ocrUnavailable(reason: String)

  /// A sentence naming what failed and where.
  public var description: String {
    switch self {
    case .unreadable(let source, let reason):
      return "\(source): cannot be read: \(reason)"
    case .noRecipe(let source):
      return "\(source): no recipe found"
    case .invalidURL(let url, let reason):
      return "\(url): not a URL Larder can fetch: \(reason)"
    case .refusedAddress(let url, let address, let reason):
      return "\(url): refused to connect to \(address): \(reason)"
    case .refusedRedirect(let url, let location, let reason):
      return "\(url): refused to follow the redirect to \(location): \(reason)"
    case .tooManyRedirects(let url, let limit):
      return "\(url): more than \(limit) redirects"
    case .tooLarge(let url, let limit):
      return "\(url): the response is larger than the \(Self.size(limit)) limit"
    case .timedOut(let url, let seconds):
      return "\(url): no complete answer within \(Self.seconds(seconds))"
    case .httpStatus(let url, let status):
      return "\(url): the server answered HTTP \(status)"
    case .unreachable(let url, let reason):
      return "\(url): cannot be reached: \(reason)"
    case .notAPage(let url, let contentType):
      return "\(url): is '\(contentType)', not a web page"
    case .documentTooLarge(let source, let limit):
      let size = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit)"
      return "\(source): refused: larger than the limit of \(size) (a guard against hostile files)"
    case .suspiciousCompression(let source, let ratio):
      return
        "\(source): refused: expands more than \(ratio) times its compressed size "
        + "(zip bomb protection)"
    case .fileTooLarge(let source, let size, let limit):
      return
        "\(source): refused: the file is \(size) bytes, larger than the limit of "
        + "\(Self.amount(limit)) for one file (a guard against hostile files); for a file you "
        + "trust, raise it with --max-file-size or the max_file_size setting"
    case .importBudgetExceeded(let source, let budget):
      return
        "\(source): refused: expanding it would pass the budget of \(Self.amount(budget)) of "
        + "decompressed data for one import file (all its archive members and gzip layers "
        + "together); nothing after it in the file was read"
    case .ocrUnavailable(let reason):
      return reason
    }
  }

  /// `bytes` in MiB or KiB when it is a whole number of them, else in bytes (and MiB).
  static func amount(_ bytes: Int) -> String {
    if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return size(bytes) }
    if bytes >= 1 << 20 {
      return String(format: "%d bytes (%.1f MiB)", bytes, Double(bytes) / Double(1 << 20))
    }
    return "\(bytes) bytes"
  }

  private static func size(_ bytes: Int) -> String {
    if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes)-byte"
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
  }
}
