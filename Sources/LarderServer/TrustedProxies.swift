import Foundation
import LarderHTTP
import LarderImport

/// The reverse proxies whose forwarding headers Larder believes (`trusted_proxies`), and the
/// one place those headers are read.
///
/// Only when the TCP peer (``HTTPRequest/remoteAddress``) is in one of ``networks`` does
/// ``resolved(_:)`` read `X-Forwarded-For`, `X-Forwarded-Proto` and `X-Forwarded-Host` into
/// ``HTTPRequest/forwarded``. From any other peer, and when no proxy is trusted (the default),
/// those headers are ignored: a client could write anything in them. RFC 7239's `Forwarded`
/// is never read: Caddy and nginx rewrite the `X-Forwarded-*` headers but pass a client's own
/// `Forwarded` through unchanged, so believing it would let a client choose its address (and
/// slip past the per-address sign-in throttle).
///
/// The client is the rightmost address of the forwarded chain that is not itself a trusted
/// proxy: each proxy appends the address it received from, so everything left of that was
/// written by the client and proves nothing. The scheme and host are the ones that hop's proxy
/// reported. A hop that is not a numeric address (`unknown`, an obfuscated name) ends the walk:
/// the client's address is then unknown and ``HTTPRequest/clientAddress`` falls back on the
/// proxy's.
///
/// Everything after it reads the result through ``HTTPRequest/clientAddress`` (throttling,
/// logs), ``HTTPRequest/scheme`` and ``HTTPRequest/isSecure`` (cookies' `Secure` flag) and
/// ``HTTPRequest/host`` (the Host allow-list, own-origin checks); never the raw headers.
public struct TrustedProxies: Sendable, Equatable {
  /// An address (`127.0.0.1`, `::1`) or a block of them (`10.0.0.0/8`, `fd00::/8`).
  public struct Network: Hashable, Sendable, CustomStringConvertible {
    /// The network's bytes (4 for IPv4, 16 for IPv6), the bits past the prefix cleared.
    let bytes: [UInt8]
    /// How many leading bits an address must share.
    let prefixLength: Int

    /// Reads `ADDRESS` or `ADDRESS/PREFIX`; nil for anything else, host names included. An
    /// IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) is read as the IPv4 address it maps.
    public init?(_ text: String) {
      let parts = text.trimmingCharacters(in: .whitespaces).split(
        separator: "/", omittingEmptySubsequences: false)
      guard (1...2).contains(parts.count), let address = IPAddress(String(parts[0])) else {
        return nil
      }
      let (bytes, wasMapped) = Self.bytes(of: address)
      let width = bytes.count * 8
      var prefix = width
      if parts.count == 2 {
        guard let given = Int(parts[1]) else { return nil }
        prefix = wasMapped ? given - 96 : given
        guard (0...width).contains(prefix) else { return nil }
      }
      self.bytes = Self.masked(bytes, prefixLength: prefix)
      self.prefixLength = prefix
    }

    /// Whether `address` is in the network.
    public func contains(_ address: IPAddress) -> Bool {
      let (candidate, _) = Self.bytes(of: address)
      return candidate.count == bytes.count
        && Self.masked(candidate, prefixLength: prefixLength) == bytes
    }

    /// `10.0.0.0/8`, or the bare address for a single one.
    public var description: String {
      let address =
        bytes.count == 4
        ? IPAddress.v4(bytes.reduce(0) { $0 << 8 | UInt32($1) }) : IPAddress.v6(bytes)
      return prefixLength == bytes.count * 8 ? "\(address)" : "\(address)/\(prefixLength)"
    }

    /// An address's bytes, an IPv4-mapped IPv6 address as its IPv4 one.
    static func bytes(of address: IPAddress) -> (bytes: [UInt8], wasMapped: Bool) {
      switch address {
      case .v4(let value):
        return ([24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }, false)
      case .v6(let bytes):
        if bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF,
          bytes[11] == 0xFF
        {
          return (Array(bytes[12...]), true)
        }
        return (bytes, false)
      }
    }

    private static func masked(_ bytes: [UInt8], prefixLength: Int) -> [UInt8] {
      bytes.enumerated().map { index, byte in
        let kept = min(max(prefixLength - index * 8, 0), 8)
        return kept == 8 ? byte : byte & ~(0xFF >> UInt8(kept))
      }
    }
  }

  /// The proxies believed; empty (the default) believes none.
  public var networks: [Network]

  /// Trusts the proxies in `networks`; none by default.
  public init(_ networks: [Network] = []) {
    self.networks = networks
  }

  /// Whether a numeric address is one of the trusted proxies.
  public func trusts(_ address: String?) -> Bool {
    guard let address, let parsed = IPAddress(address) else { return false }
    return trusts(parsed)
  }

  private func trusts(_ address: IPAddress) -> Bool {
    networks.contains { $0.contains(address) }
  }

  /// `request` with ``HTTPRequest/forwarded`` set from its forwarding headers when its peer is
  /// a trusted proxy, and cleared otherwise.
  public func resolved(_ request: HTTPRequest) -> HTTPRequest {
    var request = request
    request.forwarded = nil
    guard !networks.isEmpty, trusts(request.remoteAddress) else { return request }
    request.forwarded = forwarding(
      forwardedFor: request.headers["x-forwarded-for"],
      proto: request.headers["x-forwarded-proto"], host: request.headers["x-forwarded-host"])
    return request
  }

  /// One hop of a forwarded chain: who the proxy received the request from, and the scheme and
  /// host it received it with.
  private struct Hop {
    var node: String
    var scheme: String?
    var host: String?
  }

  /// The hop that faced the client: the rightmost whose node is not a trusted proxy. Returns
  /// its address (nil when the node is not a numeric address) with its scheme and host.
  private func clientHop(_ hops: [Hop]) -> Forwarding? {
    guard !hops.isEmpty else { return nil }
    for hop in hops.reversed() {
      guard let address = Self.address(ofNode: hop.node) else {
        return Forwarding(scheme: hop.scheme, host: hop.host)
      }
      if !trusts(address) {
        return Forwarding(clientAddress: "\(address)", scheme: hop.scheme, host: hop.host)
      }
    }
    // Every hop is a trusted proxy: the leftmost is as far as the chain goes.
    let first = hops[0]
    return Forwarding(
      clientAddress: Self.address(ofNode: first.node).map { "\($0)" }, scheme: first.scheme,
      host: first.host)
  }

  /// `X-Forwarded-For: client, proxy1` with `X-Forwarded-Proto` and `X-Forwarded-Host`. Those
  /// two are usually one value, which the trusted proxy set; a list of as many values as the
  /// chain is read hop by hop, any other list by its last value (the trusted proxy's).
  private func forwarding(forwardedFor: String?, proto: String?, host: String?) -> Forwarding? {
    let nodes = Self.list(forwardedFor)
    let schemes = Self.list(proto)
    let hosts = Self.list(host)
    guard !nodes.isEmpty else {
      guard schemes.last != nil || hosts.last != nil else { return nil }
      return Forwarding(scheme: Self.scheme(schemes.last), host: hosts.last)
    }
    let hops = nodes.indices.map { index in
      Hop(
        node: nodes[index],
        scheme: Self.scheme(schemes.count == nodes.count ? schemes[index] : schemes.last),
        host: hosts.count == nodes.count ? hosts[index] : hosts.last)
    }
    return clientHop(hops)
  }

  /// A comma-separated header's non-empty values, trimmed.
  private static func list(_ header: String?) -> [String] {
    (header ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  /// `https` or `http`, lowercased; nil for anything else.
  private static func scheme(_ text: String?) -> String? {
    guard let lowered = text?.lowercased(), ["http", "https"].contains(lowered) else { return nil }
    return lowered
  }

  /// The address of a chain's node: `203.0.113.7`, `203.0.113.7:4711`, `2001:db8::1`,
  /// `[2001:db8::1]:4711`; nil for `unknown`, obfuscated names and anything else.
  static func address(ofNode node: String) -> IPAddress? {
    let text = node.trimmingCharacters(in: .whitespaces)
    if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
      return IPAddress(String(text[text.index(after: text.startIndex)..<close]))
    }
    if let address = IPAddress(text) { return address }
    // IPv4 with a port: exactly one colon.
    let parts = text.split(separator: ":")
    guard parts.count == 2, parts[1].allSatisfy(\.isNumber) else { return nil }
    return IPAddress(String(parts[0]))
  }

}
