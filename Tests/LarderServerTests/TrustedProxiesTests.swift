import Foundation
import LarderHTTP
import Testing

@testable import LarderServer

/// Forwarding headers are believed only from trusted proxies, and read into one view of the
/// client (address, scheme, host) that every later check uses.
@Suite struct TrustedProxiesTests {
  private static func proxies(_ texts: String...) throws -> TrustedProxies {
    TrustedProxies(try texts.map { try #require(TrustedProxies.Network($0)) })
  }

  private static func request(
    from peer: String?, tls: Bool = false, _ headers: [String: String]
  ) -> HTTPRequest {
    var request = HTTPRequest(method: "GET", path: "/", headers: headers)
    request.remoteAddress = peer
    request.isTLS = tls
    return request
  }

  static let spoofing = [
    "host": "127.0.0.1:8080", "x-forwarded-for": "198.51.100.7",
    "x-forwarded-proto": "https", "x-forwarded-host": "recipes.example.org",
  ]

  @Test func aPeerThatIsNotTrustedIsTheClientWhateverItsHeadersSay() throws {
    for proxies in [TrustedProxies(), try Self.proxies("10.0.0.0/8")] {
      let resolved = proxies.resolved(Self.request(from: "203.0.113.9", Self.spoofing))
      #expect(resolved.forwarded == nil)
      #expect(resolved.clientAddress == "203.0.113.9")
      #expect(resolved.scheme == "http")
      #expect(!resolved.isSecure)
      #expect(resolved.host == "127.0.0.1:8080")
    }
  }

  @Test func aTrustedProxyIsBelievedAboutTheClientTheSchemeAndTheHost() throws {
    let resolved = try Self.proxies("127.0.0.1").resolved(
      Self.request(from: "127.0.0.1", Self.spoofing))
    #expect(resolved.clientAddress == "198.51.100.7")
    #expect(resolved.scheme == "https")
    #expect(resolved.isSecure)
    #expect(resolved.host == "recipes.example.org")
    #expect(resolved.remoteAddress == "127.0.0.1", "the peer itself is kept")
  }

  @Test(arguments: [
    ("198.51.100.7", "198.51.100.7"),
    // The client wrote the leftmost entry itself; the proxy appended the real one.
    ("1.2.3.4, 198.51.100.7", "198.51.100.7"),
    ("1.2.3.4, 198.51.100.7, 10.0.0.2", "198.51.100.7"),
    // Every hop a trusted proxy: the chain ends at its leftmost.
    ("10.0.0.3, 10.0.0.2", "10.0.0.3"),
    ("[2001:db8::7]:4711, 10.0.0.2", "2001:db8::7"),
    ("198.51.100.7:5000", "198.51.100.7"),
    // A hop that is no address ends the walk; the proxy stands in for the client.
    ("198.51.100.7, unknown", "127.0.0.1"),
    ("", "127.0.0.1"),
  ])
  func theClientIsTheRightmostAddressThatIsNotATrustedProxy(
    chain: String, client: String
  ) throws {
    let resolved = try Self.proxies("127.0.0.1", "10.0.0.0/8").resolved(
      Self.request(from: "127.0.0.1", ["x-forwarded-for": chain]))
    #expect(resolved.clientAddress == client)
  }

  @Test func aClientsOwnForwardedHeaderIsNeverBelieved() throws {
    // Caddy and nginx pass a client's Forwarded through and write X-Forwarded-For themselves.
    let resolved = try Self.proxies("127.0.0.1").resolved(
      Self.request(
        from: "127.0.0.1",
        [
          "host": "127.0.0.1:8080",
          "forwarded": "for=198.51.100.1;proto=https;host=evil.example",
          "x-forwarded-for": "192.0.2.1",
        ]))
    #expect(resolved.clientAddress == "192.0.2.1")
    #expect(resolved.scheme == "http")
    #expect(resolved.host == "127.0.0.1:8080")
    let alone = try Self.proxies("127.0.0.1").resolved(
      Self.request(from: "127.0.0.1", ["forwarded": "for=198.51.100.1"]))
    #expect(alone.clientAddress == "127.0.0.1")
  }

  @Test func aSchemeThatIsNeitherHTTPNorHTTPSIsNotBelieved() throws {
    let resolved = try Self.proxies("127.0.0.1").resolved(
      Self.request(from: "127.0.0.1", tls: true, ["x-forwarded-proto": "gopher"]))
    #expect(resolved.scheme == "https", "the socket's own TLS stands")
  }

  @Test func aListOfSchemesAsLongAsTheChainIsReadAtTheClientsHop() throws {
    let resolved = try Self.proxies("127.0.0.1", "10.0.0.0/8").resolved(
      Self.request(
        from: "127.0.0.1",
        ["x-forwarded-for": "198.51.100.7, 10.0.0.2", "x-forwarded-proto": "https, http"]))
    #expect(resolved.scheme == "https")
  }

  @Test func aConnectionOverTLSIsSecureWithoutAnyProxy() {
    let resolved = TrustedProxies().resolved(Self.request(from: "127.0.0.1", tls: true, [:]))
    #expect(resolved.scheme == "https")
    #expect(resolved.isSecure)
  }

  @Test func anIPv4MappedPeerIsTrustedAsItsIPv4Address() throws {
    let proxies = try Self.proxies("127.0.0.1")
    #expect(proxies.trusts("::ffff:127.0.0.1"))
    #expect(!proxies.trusts("::ffff:127.0.0.2"))
    #expect(!proxies.trusts(nil))
    #expect(!proxies.trusts("localhost"))
  }

  @Test(arguments: [
    ("127.0.0.1", "127.0.0.1", ["127.0.0.1"], ["127.0.0.2", "::1"]),
    ("10.0.0.0/8", "10.0.0.0/8", ["10.255.1.2", "10.0.0.0"], ["11.0.0.1", "::ffff:11.0.0.1"]),
    ("192.168.1.77/24", "192.168.1.0/24", ["192.168.1.1"], ["192.168.2.1"]),
    ("172.16.0.0/12", "172.16.0.0/12", ["172.31.255.255"], ["172.32.0.0"]),
    ("0.0.0.0/0", "0.0.0.0/0", ["8.8.8.8"], ["::1"]),
    ("::1", "::1", ["::1", "[::1]"], ["::2", "127.0.0.1"]),
    ("fd00::/8", "fd00::/8", ["fd12:3456::1"], ["fe80::1"]),
    ("::ffff:10.0.0.0/104", "10.0.0.0/8", ["10.1.1.1", "::ffff:10.1.1.1"], ["11.1.1.1"]),
  ])
  func networksReadAddressesAndPrefixes(
    text: String, description: String, inside: [String], outside: [String]
  ) throws {
    let network = try #require(TrustedProxies.Network(text))
    #expect(network.description == description)
    let proxies = TrustedProxies([network])
    for address in inside { #expect(proxies.trusts(address), "\(address)") }
    for address in outside { #expect(!proxies.trusts(address), "\(address)") }
  }

  @Test(arguments: [
    "", "localhost", "10.0.0.0/33", "10.0.0.0/-1", "10.0.0.0/", "/8", "::1/129", "10.0.0/8",
    "10.0.0.0/8/8", "proxy.example",
  ])
  func anythingElseIsNotANetwork(text: String) {
    #expect(TrustedProxies.Network(text) == nil)
  }
}
