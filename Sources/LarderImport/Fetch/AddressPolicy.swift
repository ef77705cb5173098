import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An IPv4 or IPv6 address, as a socket is about to connect to it.
public enum IPAddress: Hashable, Sendable, CustomStringConvertible {
  /// An IPv4 address, most significant byte first (`127.0.0.1` is `0x7F00_0001`).
  case v4(UInt32)
  /// An IPv6 address: exactly 16 bytes in network order.
  case v6([UInt8])

  /// Parses numeric text: `203.0.113.7`, `2001:db8::1`, `[::1]`, `::ffff:10.0.0.1`; nil for
  /// anything else (host names are not resolved here).
  public init?(_ text: String) {
    var text = text
    if text.hasPrefix("[") && text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
    var v4 = in_addr()
    if inet_pton(AF_INET, text, &v4) == 1 {
      self = .v4(UInt32(bigEndian: v4.s_addr))
      return
    }
    var v6 = in6_addr()
    if inet_pton(AF_INET6, text, &v6) == 1 {
      self = .v6(withUnsafeBytes(of: &v6) { Array($0) })
      return
    }
    return nil
  }

  /// Conventional text: dotted quad, or RFC 5952 IPv6 without brackets.
  public var description: String {
    switch self {
    case .v4(let value):
      return [24, 16, 8, 0].map { String((value >> UInt32($0)) & 0xFF) }.joined(separator: ".")
    case .v6(let bytes):
      var address = in6_addr()
      withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: bytes.prefix(16)) }
      var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
      guard inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count)) != nil else {
        return bytes.map { String($0, radix: 16) }.joined(separator: ":")
      }
      return String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
  }
}

/// What kind of address an ``IPAddress`` is, as far as fetching a recipe page is concerned.
public enum AddressCategory: String, Sendable, CaseIterable {
  /// A global unicast address: the internet.
  case global
  /// 127.0.0.0/8 and ::1: this machine.
  case loopback
  /// 10/8, 172.16/12, 192.168/16: a private network.
  case privateNetwork
  /// 100.64.0.0/10: carrier-grade NAT, shared between a provider's customers.
  case sharedAddressSpace
  /// 169.254/16 and fe80::/10: the local link only.
  case linkLocal
  /// fc00::/7: IPv6 unique local addresses, the IPv6 private networks.
  case uniqueLocal
  /// fec0::/10: the deprecated IPv6 site-local range.
  case siteLocal
  /// 169.254.169.254 and fd00:ec2::254: cloud instance metadata, which hands out credentials.
  case cloudMetadata
  /// 0.0.0.0/8 and ::, which connect to this machine on many systems.
  case unspecified
  /// 224/4, 255.255.255.255 and ff00::/8.
  case multicastOrBroadcast
  /// 198.18.0.0/15: network benchmarking.
  case benchmarking
  /// 192.0.2/24, 198.51.100/24, 203.0.113/24, 2001:db8::/32: examples in documentation.
  case documentation
  /// ::ffff:0:0/96: an IPv4 address in IPv6 form, refused so that IPv4 rules cannot be
  /// sidestepped.
  case ipv4Mapped
  /// Anything else set aside by IANA: 192.0.0/24, 240/4, IPv4-compatible and NAT64 local-use
  /// IPv6, Teredo, discard-only.
  case reserved

  /// Words for a refusal message: "a loopback address".
  public var phrase: String {
    switch self {
    case .global: return "a public address"
    case .loopback: return "a loopback address (this machine)"
    case .privateNetwork: return "a private network address"
    case .sharedAddressSpace: return "a carrier-grade NAT address (100.64.0.0/10)"
    case .linkLocal: return "a link-local address"
    case .uniqueLocal: return "an IPv6 unique local address (fc00::/7)"
    case .siteLocal: return "an IPv6 site-local address (fec0::/10)"
    case .cloudMetadata: return "a cloud metadata address"
    case .unspecified: return "an unspecified address (0.0.0.0 or ::)"
    case .multicastOrBroadcast: return "a multicast or broadcast address"
    case .benchmarking: return "a benchmarking address (198.18.0.0/15)"
    case .documentation: return "a documentation address"
    case .ipv4Mapped: return "an IPv4-mapped IPv6 address"
    case .reserved: return "a reserved address"
    }
  }

  /// Whether ``AddressPolicy/allowPrivateAddresses`` lets Larder connect to it: the ranges a
  /// self-hosted recipe site can live in. Metadata, multicast and the reserved ranges stay
  /// refused whatever the setting.
  public var isPrivateUse: Bool {
    switch self {
    case .loopback, .privateNetwork, .sharedAddressSpace, .linkLocal, .uniqueLocal, .siteLocal:
      return true
    default:
      return false
    }
  }

  /// The category of an address.
  public init(_ address: IPAddress) {
    switch address {
    case .v4(let value): self = Self.categorize(v4: value)
    case .v6(let bytes): self = Self.categorize(v6: bytes)
    }
  }

  private static func categorize(v4 value: UInt32) -> AddressCategory {
    func within(_ network: UInt32, _ prefix: UInt32) -> Bool {
      let mask: UInt32 = prefix == 0 ? 0 : ~UInt32(0) << (32 - prefix)
      return value & mask == network & mask
    }
    if value == 0xA9FE_A9FE { return .cloudMetadata }  // 169.254.169.254
    if within(0x0000_0000, 8) { return .unspecified }
    if within(0x7F00_0000, 8) { return .loopback }
    if within(0x0A00_0000, 8) || within(0xAC10_0000, 12) || within(0xC0A8_0000, 16) {
      return .privateNetwork
    }
    if within(0x6440_0000, 10) { return .sharedAddressSpace }
    if within(0xA9FE_0000, 16) { return .linkLocal }
    if within(0xC612_0000, 15) { return .benchmarking }
    if within(0xC000_0200, 24) || within(0xC633_6400, 24) || within(0xCB00_7100, 24) {
      return .documentation
    }
    if within(0xE000_0000, 4) || value == 0xFFFF_FFFF { return .multicastOrBroadcast }
    if within(0xC000_0000, 24) || within(0xF000_0000, 4) || within(0xC058_6300, 24) {
      return .reserved
    }
    return .global
  }

  private static func categorize(v6 bytes: [UInt8]) -> AddressCategory {
    guard bytes.count == 16 else { return .reserved }
    func v4(at offset: Int) -> UInt32 {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
    let first = bytes[0]
    let leadingZeros = bytes[0..<10].allSatisfy { $0 == 0 }
    if bytes.allSatisfy({ $0 == 0 }) { return .unspecified }
    if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return .loopback }
    if leadingZeros && bytes[10] == 0xFF && bytes[11] == 0xFF { return .ipv4Mapped }
    if leadingZeros && bytes[10] == 0 && bytes[11] == 0 { return .reserved }  // IPv4-compatible
    // fd00:ec2::254, AWS's IPv6 instance metadata service.
    if bytes == [0xFD, 0x00, 0x0E, 0xC2] + [UInt8](repeating: 0, count: 10) + [0x02, 0x54] {
      return .cloudMetadata
    }
    if first == 0xFF { return .multicastOrBroadcast }
    if first & 0xFE == 0xFC { return .uniqueLocal }
    if first == 0xFE && bytes[1] & 0xC0 == 0x80 { return .linkLocal }
    if first == 0xFE && bytes[1] & 0xC0 == 0xC0 { return .siteLocal }
    if bytes[0..<4] == [0x20, 0x01, 0x0D, 0xB8] { return .documentation }
    // 64:ff9b::/96 (NAT64) and 2002::/16 (6to4) carry an IPv4 address that a gateway will
    // connect to: they are what that address is.
    if Array(bytes[0..<12]) == [0x00, 0x64, 0xFF, 0x9B] + [UInt8](repeating: 0, count: 8) {
      return categorize(v4: v4(at: 12))
    }
    if bytes[0..<2] == [0x20, 0x02] { return categorize(v4: v4(at: 2)) }
    if bytes[0..<6] == [0x00, 0x64, 0xFF, 0x9B, 0x00, 0x01] { return .reserved }  // 64:ff9b:1::/48
    if bytes[0..<4] == [0x20, 0x01, 0x00, 0x00] { return .reserved }  // Teredo
    if bytes[0..<8] == [0x01, 0x00, 0, 0, 0, 0, 0, 0] { return .reserved }  // 100::/64 discard
    return .global
  }
}

/// An address and port, as in a socket address.
public struct SocketEndpoint: Hashable, Sendable, CustomStringConvertible {
  /// The address.
  public var address: IPAddress
  /// The TCP port.
  public var port: UInt16

  /// Makes an endpoint.
  public init(address: IPAddress, port: UInt16) {
    self.address = address
    self.port = port
  }

  /// `203.0.113.7:443` or `[2001:db8::1]:443`.
  public var description: String {
    if case .v6 = address { return "[\(address)]:\(port)" }
    return "\(address):\(port)"
  }
}

/// Which addresses Larder may connect to when it fetches a page or an image on a user's behalf.
///
/// A URL typed into a recipe manager must not become a way to reach the machine it runs on or
/// the network behind it (server-side request forgery): by default only global addresses are
/// allowed. The check is made on the address a socket is about to connect to, for the first
/// request and every redirect, so a host name that resolves differently the second time (DNS
/// rebinding) gains nothing.
public struct AddressPolicy: Hashable, Sendable {
  /// Also allow loopback, private, link-local, carrier-grade NAT, unique-local and site-local
  /// addresses, for recipe sites hosted on the same network. Off by default; cloud metadata,
  /// multicast and reserved addresses stay refused.
  public var allowPrivateAddresses: Bool
  /// Exact address-and-port pairs allowed whatever their category: for tests, which serve
  /// pages on one loopback port without opening the rest of the machine.
  public var allowedEndpoints: Set<SocketEndpoint>

  /// Makes a policy; the defaults refuse every address that is not global.
  public init(allowPrivateAddresses: Bool = false, allowedEndpoints: Set<SocketEndpoint> = []) {
    self.allowPrivateAddresses = allowPrivateAddresses
    self.allowedEndpoints = allowedEndpoints
  }

  /// A policy that refuses everything but global addresses, plus `endpoints` exactly.
  public static func allowing(_ endpoints: SocketEndpoint...) -> AddressPolicy {
    AddressPolicy(allowedEndpoints: Set(endpoints))
  }

  /// Nil when Larder may connect to `address` on `port`, otherwise the reason it may not.
  public func refusal(for address: IPAddress, port: UInt16) -> String? {
    if allowedEndpoints.contains(SocketEndpoint(address: address, port: port)) { return nil }
    let category = AddressCategory(address)
    if category == .global { return nil }
    if category.isPrivateUse {
      if allowPrivateAddresses { return nil }
      return "\(category.phrase); set clip_allow_private (LARDER_CLIP_ALLOW_PRIVATE=1) to "
        + "clip from your own network"
    }
    return "\(category.phrase), which Larder never connects to"
  }
}
