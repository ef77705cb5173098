import LarderImport
import Testing

/// Every fetch error names the URL first and says what went wrong.
@Suite struct FetchErrorMessageTests {
  static let url = "https://example.com/soup"

  @Test(arguments: [
    (
      LarderImportError.invalidURL(url: url, reason: "it has no host"),
      "https://example.com/soup: not a URL Larder can fetch: it has no host"
    ),
    (
      .refusedAddress(url: url, address: "10.0.0.1:80", reason: "a private network address"),
      "https://example.com/soup: refused to connect to 10.0.0.1:80: a private network address"
    ),
    (
      .refusedRedirect(url: url, location: "file:///etc/passwd", reason: "not http"),
      "https://example.com/soup: refused to follow the redirect to file:///etc/passwd: not http"
    ),
    (.tooManyRedirects(url: url, limit: 5), "https://example.com/soup: more than 5 redirects"),
    (
      .tooLarge(url: url, limit: 5 << 20),
      "https://example.com/soup: the response is larger than the 5 MiB limit"
    ),
    (
      .tooLarge(url: url, limit: 100_000),
      "https://example.com/soup: the response is larger than the 100000-byte limit"
    ),
    (.timedOut(url: url, seconds: 30), "https://example.com/soup: no complete answer within 30 s"),
    (.httpStatus(url: url, status: 503), "https://example.com/soup: the server answered HTTP 503"),
    (
      .unreachable(url: url, reason: "Could not resolve host"),
      "https://example.com/soup: cannot be reached: Could not resolve host"
    ),
    (
      .notAPage(url: url, contentType: "image/png"),
      "https://example.com/soup: is 'image/png', not a web page"
    ),
  ])
  func messageNamesTheURLAndTheReason(error: LarderImportError, message: String) {
    #expect(error.description == message)
  }
}
