import Foundation
import LarderApplication

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `larder serve` refuses to listen beyond loopback while the database has no account: until
/// then nobody signs in, so anyone on the network could take the Larder over (or create its
/// first account before its owner does).
enum ServeBindCheck {
  /// Throws, saying what to do, when `host` is not a loopback address and `larder` has no
  /// account yet; loopback addresses always pass.
  static func requireAccount(toListenOn host: String, larder: Larder, port: Int) throws {
    guard !isLoopback(host), try !larder.hasAccounts() else { return }
    let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    let loopbackPort = port == 0 ? 8080 : port
    throw CLIError(
      """
      refusing to listen on \(shown): this Larder has no account yet, so anyone who can reach \
      it could read and change everything. Create the first account, then serve again:
        larder users add NAME --owner --password-stdin   (reads the password from standard input)
      or start on this machine only and create it in the browser:
        larder serve --host 127.0.0.1 --port \(loopbackPort), then open \
      http://127.0.0.1:\(loopbackPort)/setup
      """)
  }

  /// Whether `host` names only this machine: `localhost`, an address in 127.0.0.0/8, `::1`
  /// (bracketed or not) or an IPv4-mapped loopback address. Anything else, a name included, is
  /// taken as reachable from elsewhere, which errs on the safe side.
  static func isLoopback(_ host: String) -> Bool {
    var name = host.lowercased()
    if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
    if name == "localhost" { return true }
    var ipv4 = in_addr()
    if inet_pton(AF_INET, name, &ipv4) == 1 {
      return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127
    }
    var ipv6 = in6_addr()
    guard inet_pton(AF_INET6, name, &ipv6) == 1 else { return false }
    let bytes = withUnsafeBytes(of: ipv6) { Array($0) }
    let loopback = [UInt8](repeating: 0, count: 15) + [1]
    let mappedPrefix = [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF]
    return bytes == loopback || (Array(bytes.prefix(12)) == mappedPrefix && bytes[12] == 127)
  }
}
