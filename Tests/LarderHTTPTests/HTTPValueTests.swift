import Foundation
import Testing

@testable import LarderHTTP

@Suite("Requests, responses and errors")
struct HTTPValueTests {
  @Test("a request uppercases its method and starts without path parameters")
  func requestNormalizesMethod() {
    let request = HTTPRequest(method: "patch", path: "/x")
    #expect(request.method == "PATCH")
    #expect(request.pathParameters.isEmpty)
    #expect(request.remoteAddress == nil)
  }

  @Test(
    "response helpers set status, content type and body",
    arguments: [
      (HTTPResponse.text("hé", status: 201), 201, "text/plain; charset=utf-8", "hé"),
      (HTTPResponse.html("<p>", status: 200), 200, "text/html; charset=utf-8", "<p>"),
      (
        HTTPResponse.json(Data("{}".utf8), status: 422), 422, "application/json; charset=utf-8",
        "{}"
      ),
    ])
  func responseHelpers(response: HTTPResponse, status: Int, contentType: String, body: String) {
    #expect(response.status == status)
    #expect(response.headerValue(named: "content-type") == contentType)
    #expect(response.body == Data(body.utf8))
  }

  @Test("a redirect is a 303 with a Location and no body by default")
  func redirect() {
    let response = HTTPResponse.redirect(to: "/recipes/7")
    #expect(response.status == 303)
    #expect(response.headers == ["Location": "/recipes/7"])
    #expect(response.body.isEmpty)
    #expect(HTTPResponse.redirect(to: "/", status: 301).status == 301)
  }

  @Test(
    "request paths are percent-decoded, and an encoded NUL is refused",
    arguments: [
      ("/plain", "/plain"),
      ("/a%20b?x=%20", "/a b"),
      ("/caf%C3%A9", "/café"),
      ("/a+b", "/a+b"),
      ("/100%", "/100%"),
      ("/%zz%4", "/%zz%4"),
      ("/%2Fslash", "//slash"),
      ("/%FF", "/\u{FFFD}"),
      ("/frag#x", "/frag"),
      ("/nul%00byte", nil),
    ] as [(String, String?)])
  func pathDecoding(target: String, expected: String?) {
    #expect(decodePath(ofTarget: target) == expected)
  }

  @Test(
    "response headers that could break framing are recognized",
    arguments: [
      ("X-Larder", "yes", true),
      ("Set-Cookie", "a=1; Path=/; HttpOnly", true),
      ("X-Unicode", "café", true),
      ("X-Empty", "", true),
      ("", "x", false),
      ("Bad Name", "x", false),
      ("Bad:Name", "x", false),
      ("X-Split", "a\r\nInjected: 1", false),
      ("X-Newline", "a\nb", false),
      ("X-Nul", "a\u{0}b", false),
    ])
  func headerValidation(name: String, value: String, isValid: Bool) {
    #expect(isValidHeader(name: name, value: value) == isValid)
  }

  @Test("client text in the access log cannot break the line")
  func logEscaping() {
    #expect(escapedForLog("/a\"b\\c\nd\u{7F}é") == #"/a\x22b\x5Cc\x0Ad\x7Fé"#)
  }

  @Test(
    "configuration values out of range are named in the error",
    arguments: [
      (HTTPServerConfiguration(threadCount: 0), "threadCount"),
      (HTTPServerConfiguration(maxBodyBytes: -1), "maxBodyBytes"),
      (HTTPServerConfiguration(connectionTimeoutSeconds: -5), "connectionTimeoutSeconds"),
      (HTTPServerConfiguration(maxConnections: 0), "maxConnections"),
      (HTTPServerConfiguration(connectionMemoryLimitBytes: 100), "connectionMemoryLimitBytes"),
      (HTTPServerConfiguration(shutdownGracePeriodSeconds: -1), "shutdownGracePeriodSeconds"),
      (HTTPServerConfiguration(host: ""), "host"),
    ])
  func invalidConfiguration(configuration: HTTPServerConfiguration, field: String) {
    let server = HTTPServer(configuration: configuration, log: discardLog) { _ in .text("") }
    #expect {
      try server.start()
    } throws: { error in
      guard case .invalidConfiguration(let message) = error as? HTTPError else { return false }
      return message.hasPrefix(field) && "\(error)".hasPrefix("invalid HTTP server configuration")
    }
  }

  @Test(
    "upload and connection settings out of range are named in the error",
    arguments: [
      ("maxConnectionsPerClient", "300"), ("maxConnectionsPerClient", "-1"),
      ("bodyFileThresholdBytes", "0"), ("bodyFileDirectory", "/no/such/folder"),
    ])
  func invalidUploadAndConnectionSettings(field: String, value: String) {
    var configuration = HTTPServerConfiguration()
    switch field {
    case "maxConnectionsPerClient": configuration.maxConnectionsPerClient = Int(value)!
    case "bodyFileThresholdBytes": configuration.bodyFileThresholdBytes = Int(value)!
    default: configuration.bodyFileDirectory = value
    }
    #expect {
      try configuration.validate()
    } throws: { error in
      guard case .invalidConfiguration(let message) = error as? HTTPError else { return false }
      return message.hasPrefix(field) && message.contains(value)
    }
  }

  @Test("the default configuration is valid")
  func defaultConfigurationIsValid() throws {
    try HTTPServerConfiguration().validate()
  }

  @Test("error messages say where and what to do")
  func errorDescriptions() {
    #expect(
      HTTPError.addressInUse(address: "127.0.0.1:8080").description.hasPrefix(
        "cannot listen on 127.0.0.1:8080: address in use"))
    #expect(
      HTTPError.cannotListen(address: "[::1]:80", reason: "permission denied").description
        == "cannot listen on [::1]:80: permission denied")
    #expect(
      HTTPError.alreadyRunning(address: "127.0.0.1:1").description.contains("already running"))
  }
}
