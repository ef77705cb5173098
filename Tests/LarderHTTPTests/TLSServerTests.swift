import Foundation
import LarderTestSupport
import Testing

@testable import LarderHTTP

/// HTTPS served by libmicrohttpd itself, with a certificate made for the test by `openssl` and a
/// request made by `curl` that verifies it; skipped, saying why, where either tool is missing
/// (scripts/ensure-deps.sh installs both).
@Suite("HTTPS over a socket")
struct TLSServerTests {
  @Test(
    "a server given a certificate answers HTTPS that verifies, and tells the handler",
    .needsTLSTools)
  func servesHTTPS() throws {
    let pair = try SelfSignedPair.make()
    defer { pair.remove() }
    var configuration = testConfiguration()
    configuration.tls = try TLSCredentials.load(
      certificateFile: pair.certificateFile, privateKeyFile: pair.keyFile)
    try withServer(configuration) { server, _ in
      let result = try TLSTools.curl(
        ["--cacert", pair.certificateFile, "https://127.0.0.1:\(server.boundPort)/echo/secure"])
      #expect(result.status == 0, "curl failed: \(result.errors)")
      let echo = try JSONDecoder().decode(Echo.self, from: Data(result.output.utf8))
      #expect(echo.path == "/echo/secure")
      #expect(echo.isTLS)
      #expect(echo.scheme == "https")
      #expect(echo.remoteAddress == "127.0.0.1")

      // Plain HTTP on the TLS port gets no HTTP answer.
      let plain = try RawHTTPConnection(port: server.boundPort, timeout: 3)
      #expect(throws: (any Error).self) { try plain.request("GET", "/echo/plain") }
    }
  }

  @Test(
    "a certificate whose key is another one's is refused at start, naming both files",
    .needsTLSTools)
  func mismatchedKey() throws {
    let first = try SelfSignedPair.make()
    let second = try SelfSignedPair.make()
    defer {
      first.remove()
      second.remove()
    }
    var configuration = testConfiguration()
    configuration.tls = try TLSCredentials.load(
      certificateFile: first.certificateFile, privateKeyFile: second.keyFile)
    let server = HTTPServer(configuration: configuration, log: discardLog) { _ in .text("no") }
    do {
      try server.start()
      server.stop()
      Issue.record("a mismatched key was accepted")
    } catch let error as HTTPError {
      guard case .invalidTLSCredentials(let message) = error else {
        Issue.record("unexpected error: \(error)")
        return
      }
      #expect(message.contains(first.certificateFile))
      #expect(message.contains(second.keyFile))
    }
  }

  @Test(
    "a certificate file and a key file are read, and unreadable ones are named",
    .needsTLSTools)
  func loadingFiles() throws {
    let pair = try SelfSignedPair.make()
    defer { pair.remove() }
    let credentials = try TLSCredentials.load(
      certificateFile: pair.certificateFile, privateKeyFile: pair.keyFile)
    #expect(credentials.certificatePEM.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
    #expect(credentials.privateKeyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))

    let missing = pair.directory + "/absent.pem"
    #expect(
      throws: HTTPError.invalidTLSCredentials(
        "cannot read the TLS certificate '\(missing)': it does not exist")
    ) {
      try TLSCredentials.load(certificateFile: missing, privateKeyFile: pair.keyFile)
    }
    // Swapped files are reported as such, naming the file.
    #expect {
      try TLSCredentials.load(certificateFile: pair.keyFile, privateKeyFile: pair.certificateFile)
    } throws: { error in
      "\(error)".contains("TLS certificate '\(pair.keyFile)'") && "\(error)".contains("swapped")
    }
  }
}

/// The PEM checks made before a server starts, on text made in the test.
@Suite struct TLSCredentialsTests {
  /// A base64 line decoding to bytes that begin like DER (`0x30`, a SEQUENCE).
  static let der = Data([0x30, 0x82, 0x01, 0x0A] + Array(repeating: 0x41, count: 60))
    .base64EncodedString()

  static func block(_ label: String, _ body: String = der, headers: String = "") -> String {
    "-----BEGIN \(label)-----\n\(headers)\(body)\n-----END \(label)-----\n"
  }

  @Test func blocksShapedRightThatAreNotACertificateAndKeyAreRefusedAtStartWithoutACrash() throws {
    var configuration = testConfiguration()
    configuration.tls = try TLSCredentials(
      certificatePEM: Self.block("CERTIFICATE"), privateKeyPEM: Self.block("PRIVATE KEY"),
      certificateSource: "cert.pem", privateKeySource: "key.pem")
    let server = HTTPServer(configuration: configuration, log: discardLog) { _ in .text("no") }
    #expect {
      try server.start()
    } throws: { error in
      guard case .invalidTLSCredentials(let message) = error as? HTTPError else { return false }
      return message.contains("cert.pem and key.pem were refused by GnuTLS")
    }
  }

  @Test func aCertificateChainAndAKeyAreKeptBlockByBlock() throws {
    let credentials = try TLSCredentials(
      certificatePEM: "subject=CN=x\n" + Self.block("CERTIFICATE") + Self.block("CERTIFICATE"),
      privateKeyPEM: Self.block("EC PARAMETERS") + Self.block("EC PRIVATE KEY"))
    #expect(credentials.certificatePEM.components(separatedBy: "BEGIN CERTIFICATE").count == 3)
    #expect(!credentials.certificatePEM.contains("subject="))
    #expect(credentials.privateKeyPEM.hasPrefix("-----BEGIN EC PRIVATE KEY-----"))
    #expect(!credentials.privateKeyPEM.contains("PARAMETERS"))
  }

  @Test(arguments: [
    ("", "cert.pem holds no PEM certificate"),
    ("not pem at all", "cert.pem holds no PEM certificate"),
    (block("PRIVATE KEY"), "swapped"),
    (
      block("CERTIFICATE", "!!!not base64!!!"),
      "cert.pem, line 1: the 'CERTIFICATE' block that begins there is not valid"
    ),
    ("-----BEGIN CERTIFICATE-----\n\(der)\n", "cert.pem: the 'CERTIFICATE' block has no END"),
  ])
  func aBadCertificateIsNamed(text: String, expected: String) {
    #expect {
      try TLSCredentials(
        certificatePEM: text, privateKeyPEM: Self.block("PRIVATE KEY"),
        certificateSource: "cert.pem", privateKeySource: "key.pem")
    } throws: { error in
      "\(error)".contains(expected)
    }
  }

  @Test(arguments: [
    ("", "key.pem holds no PEM private key"),
    (block("CERTIFICATE"), "swapped"),
    (block("ENCRYPTED PRIVATE KEY"), "key.pem is encrypted"),
    (
      block("RSA PRIVATE KEY", headers: "Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00\n\n"),
      "key.pem is encrypted"
    ),
    (block("PRIVATE KEY") + block("PRIVATE KEY"), "key.pem holds 2 private keys"),
  ])
  func aBadKeyIsNamed(text: String, expected: String) {
    #expect {
      try TLSCredentials(
        certificatePEM: Self.block("CERTIFICATE"), privateKeyPEM: text,
        certificateSource: "cert.pem", privateKeySource: "key.pem")
    } throws: { error in
      "\(error)".contains(expected)
    }
  }
}

extension Trait where Self == ConditionTrait {
  /// Skips a test, saying why, where `openssl` or `curl` is missing.
  static var needsTLSTools: Self {
    .enabled(if: TLSTools.available, Comment(rawValue: TLSTools.missingMessage))
  }
}
