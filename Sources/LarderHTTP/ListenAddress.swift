import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A resolved socket address to listen on.
struct ListenAddress: Sendable {
  /// The address bytes with the port already set, in a `sockaddr_in` or `sockaddr_in6`.
  let bytes: [UInt8]
  let isIPv6: Bool
  /// The numeric host, such as `127.0.0.1` or `::1`.
  let numericHost: String

  /// `127.0.0.1:8080` or `[::1]:8080`, as users type addresses.
  func description(port: UInt16) -> String {
    isIPv6 ? "[\(numericHost)]:\(port)" : "\(numericHost):\(port)"
  }

  /// Resolves `host` with `getaddrinfo`, preferring IPv4 when a name has both families.
  static func resolve(host: String, port: UInt16) throws(HTTPError) -> ListenAddress {
    // "[::1]" is how IPv6 literals appear in URLs; getaddrinfo wants them bare.
    var name = host
    if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }

    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(name, nil, &hints, &list)
    guard status == 0, let list else {
      let reason =
        status == EAI_SYSTEM
        ? String(cString: strerror(errno)) : String(cString: gai_strerror(status))
      throw .cannotResolveHost(host: host, reason: reason)
    }
    defer { freeaddrinfo(list) }

    var ipv4: ListenAddress?
    var ipv6: ListenAddress?
    var entry: UnsafeMutablePointer<addrinfo>? = list
    while let current = entry {
      let info = current.pointee
      entry = info.ai_next
      guard let address = info.ai_addr else { continue }
      if info.ai_family == AF_INET, ipv4 == nil,
        Int(info.ai_addrlen) >= MemoryLayout<sockaddr_in>.size
      {
        var socketAddress = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in.self)
        socketAddress.sin_port = port.bigEndian
        ipv4 = ListenAddress(
          bytes: withUnsafeBytes(of: socketAddress) { Array($0) }, isIPv6: false,
          numericHost: numericHostString(of: address, length: info.ai_addrlen) ?? name)
      } else if info.ai_family == AF_INET6, ipv6 == nil,
        Int(info.ai_addrlen) >= MemoryLayout<sockaddr_in6>.size
      {
        var socketAddress = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in6.self)
        socketAddress.sin6_port = port.bigEndian
        ipv6 = ListenAddress(
          bytes: withUnsafeBytes(of: socketAddress) { Array($0) }, isIPv6: true,
          numericHost: numericHostString(of: address, length: info.ai_addrlen) ?? name)
      }
    }
    guard let chosen = ipv4 ?? ipv6 else {
      throw .cannotResolveHost(host: host, reason: "no IPv4 or IPv6 address")
    }
    return chosen
  }
}

/// The numeric form of a socket address (`127.0.0.1`, `::1`), or `nil` if it has none.
func numericHostString(of address: UnsafePointer<sockaddr>, length: socklen_t) -> String? {
  var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
  let status = getnameinfo(
    address, length, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST)
  guard status == 0 else { return nil }
  return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The numeric form of a peer address whose length is implied by its family.
func numericHostString(of address: UnsafePointer<sockaddr>) -> String? {
  switch Int32(address.pointee.sa_family) {
  case AF_INET: numericHostString(of: address, length: socklen_t(MemoryLayout<sockaddr_in>.size))
  case AF_INET6: numericHostString(of: address, length: socklen_t(MemoryLayout<sockaddr_in6>.size))
  default: nil
  }
}
