/// The errors LarderHTTP throws, each with a message a user can act on.
public enum HTTPError: Error, Equatable, CustomStringConvertible {
  /// A configuration value is out of range; the message names the field and the accepted range.
  case invalidConfiguration(String)
  /// The host name did not resolve to an IPv4 or IPv6 address.
  case cannotResolveHost(host: String, reason: String)
  /// Another socket already listens on the address; `address` reads like `127.0.0.1:8080`.
  case addressInUse(address: String)
  /// Listening failed for another reason, such as a privileged port or a foreign address.
  case cannotListen(address: String, reason: String)
  /// `start()` was called on a server that is already running.
  case alreadyRunning(address: String)
  /// A TLS certificate or key cannot be used; the message names the file and what is wrong.
  case invalidTLSCredentials(String)
  /// TLS was asked for, but this machine's libmicrohttpd was built without it.
  case tlsUnavailable

  /// A one-line explanation that says what failed, where, and what to try.
  public var description: String {
    switch self {
    case .invalidConfiguration(let message):
      "invalid HTTP server configuration: \(message)"
    case .cannotResolveHost(let host, let reason):
      "cannot resolve host '\(host)': \(reason); use an IP address such as 127.0.0.1 or ::1"
    case .addressInUse(let address):
      "cannot listen on \(address): address in use (another server is listening there;"
        + " stop it or choose another port)"
    case .cannotListen(let address, let reason):
      "cannot listen on \(address): \(reason)"
    case .alreadyRunning(let address):
      "the HTTP server is already running on \(address); stop it before starting it again"
    case .invalidTLSCredentials(let message):
      message
    case .tlsUnavailable:
      "this libmicrohttpd was built without TLS (GnuTLS), so --tls-cert cannot be served;"
        + " install a libmicrohttpd with TLS (Debian's libmicrohttpd12 has it) or serve"
        + " behind a reverse proxy that ends TLS"
    }
  }
}
