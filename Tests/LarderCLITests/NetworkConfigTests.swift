import Foundation
import LarderServer
import Testing

@testable import LarderCLI

/// `tls_cert` and `tls_key` (served HTTPS) and `trusted_proxies` (a reverse proxy in front),
/// read like `public_url` and checked at start.
@Suite struct NetworkConfigTests {
  func resolve(
    file: String = "", environment: [String: String] = [:], flags: [String: String] = [:],
    readable: Set<String> = ["/etc/larder/cert.pem", "/etc/larder/key.pem"]
  ) throws(ConfigError) -> Config {
    try Config.resolve(
      flags: flags, environment: environment.merging(["HOME": "/nonexistent"]) { a, _ in a },
      configPath: "/etc/larder-test-config", readFile: { _ in file },
      isReadable: { readable.contains($0) })
  }

  private func message(_ body: () throws -> Config) -> String? {
    do {
      _ = try body()
      return nil
    } catch {
      return (error as? ConfigError)?.message
    }
  }

  // MARK: - trusted_proxies

  @Test func byDefaultNoProxyIsTrusted() throws {
    #expect(try resolve().trustedProxies.networks.isEmpty)
  }

  @Test func theFileTheEnvironmentAndTheOptionTakeACommaSeparatedList() throws {
    let file = "trusted_proxies = 127.0.0.1, ::1, 10.0.0.0/8\n"
    #expect(
      try resolve(file: file).trustedProxies.networks.map(\.description) == [
        "127.0.0.1", "::1", "10.0.0.0/8",
      ])
    let environment = ["LARDER_TRUSTED_PROXIES": "192.168.1.2"]
    #expect(
      try resolve(file: file, environment: environment).trustedProxies.networks.map(
        \.description) == ["192.168.1.2"])
    let flagged = try resolve(
      file: file, environment: environment, flags: ["trusted_proxies": "fd00::/8"])
    #expect(flagged.trustedProxies.networks.map(\.description) == ["fd00::/8"])
    #expect(flagged.trustedProxies.trusts("fd00::7"))
  }

  @Test(arguments: [
    (["LARDER_TRUSTED_PROXIES": "127.0.0.1, proxy.lan"], [:], "environment variable "),
    ([:], ["trusted_proxies": "10.0.0.0/40"], "option --trusted-proxies: '10.0.0.0/40'"),
  ])
  func aBadProxyIsNamedWithWhereItCameFrom(
    environment: [String: String], flags: [String: String], expected: String
  ) {
    let message = message { try resolve(environment: environment, flags: flags) }
    #expect(message?.hasPrefix(expected) == true, "\(message ?? "no error")")
    #expect(message?.contains("CIDR") == true)
  }

  @Test func aBadProxyInTheFileNamesTheLine() {
    let message = message { try resolve(file: "# proxies\ntrusted_proxies = localhost\n") }
    #expect(
      message?.hasPrefix("/etc/larder-test-config:2: 'localhost' is not a proxy's address")
        == true, "\(message ?? "no error")")
  }

  // MARK: - tls_cert and tls_key

  @Test func withoutTLSSettingsLarderServesPlainHTTP() throws {
    let config = try resolve()
    #expect(config.tlsCertificatePath == nil)
    #expect(config.tlsKeyPath == nil)
  }

  @Test func aCertificateAndItsKeyAreTakenFromAnyOfTheThreePlaces() throws {
    let fromFile = try resolve(
      file: "tls_cert = /etc/larder/cert.pem\ntls_key = /etc/larder/key.pem\n")
    #expect(fromFile.tlsCertificatePath == "/etc/larder/cert.pem")
    #expect(fromFile.tlsKeyPath == "/etc/larder/key.pem")
    let mixed = try resolve(
      environment: ["LARDER_TLS_CERT": "/etc/larder/cert.pem"],
      flags: ["tls_key": "/etc/larder/key.pem"])
    #expect(mixed.tlsCertificatePath == "/etc/larder/cert.pem")
    #expect(mixed.tlsKeyPath == "/etc/larder/key.pem")
  }

  @Test func aCertificateWithoutAKeyOrAKeyWithoutACertificateIsRefused() {
    let certificateOnly = message { try resolve(flags: ["tls_cert": "/etc/larder/cert.pem"]) }
    #expect(
      certificateOnly?.hasPrefix("option --tls-cert gives a TLS certificate without its key")
        == true, "\(certificateOnly ?? "no error")")
    let keyOnly = message { try resolve(environment: ["LARDER_TLS_KEY": "/etc/larder/key.pem"]) }
    #expect(
      keyOnly?.hasPrefix(
        "environment variable LARDER_TLS_KEY gives a TLS key without its certificate") == true,
      "\(keyOnly ?? "no error")")
  }

  @Test func aFileThatCannotBeReadIsNamed() {
    let message = message {
      try resolve(
        file: "tls_cert = /etc/larder/cert.pem\ntls_key = /root/key.pem\n",
        readable: ["/etc/larder/cert.pem"])
    }
    #expect(
      message?.hasPrefix(
        "/etc/larder-test-config:2: the TLS key file '/root/key.pem' cannot be read")
        == true, "\(message ?? "no error")")
  }
}
