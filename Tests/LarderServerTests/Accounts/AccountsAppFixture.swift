import Foundation
import LarderApplication
import LarderCore
import LarderHTTP
import LarderServer
import LarderTestSupport

/// The app as `larder serve` runs it (accounts on), over a fresh SQLite file, with a clock
/// tests move and cheap password hashes.
struct AccountsApp {
  let app: LarderApp
  let larder: Larder
  let clock: TestClock

  init(requestGuard: RequestGuard = RequestGuard()) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "larder-accounts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let clock = TestClock()
    self.clock = clock
    larder = try Larder.open(
      databasePath: folder.appendingPathComponent("larder.sqlite").path,
      options: OpeningOptions(seedsStarterRecipes: false, passwordHashing: .leastForTests),
      caller: .defaultHousehold, clock: { clock.now }
    ).larder
    app = LarderApp(
      larder: larder, caller: .defaultHousehold, authentication: .accounts,
      rematching: .postponed, requestGuard: requestGuard)
  }

  /// A browser's or a script's credentials.
  struct Credential {
    /// The session cookie's token.
    var session: String?
    /// An API token.
    var bearer: String?
    /// The session's form token, for forms and uploads.
    var formToken: String?

    static let none = Credential()
  }

  /// Sends a request as a browser on this machine would, with the credential.
  func send(
    _ method: String, _ path: String, query: [String: String] = [:], json: String? = nil,
    form: [String: String]? = nil, body: Data? = nil, headers: [String: String] = [:],
    as credential: Credential = .none, from address: String = "127.0.0.1"
  ) -> HTTPResponse {
    var allHeaders = headers
    if allHeaders["host"] == nil { allHeaders["host"] = "127.0.0.1:8080" }
    var data = body ?? Data()
    if let json {
      data = Data(json.utf8)
      allHeaders["content-type"] = allHeaders["content-type"] ?? "application/json"
    }
    if var form {
      if form["csrf"] == nil, let token = credential.formToken { form["csrf"] = token }
      data = Data(
        form.sorted { $0.key < $1.key }.map {
          "\(escape($0.key))=\(escape($0.value))"
        }.joined(separator: "&").utf8)
      allHeaders["content-type"] = "application/x-www-form-urlencoded"
    }
    if let session = credential.session {
      allHeaders["cookie"] = "theme=dark; larder_session=\(session)"
    }
    if let bearer = credential.bearer { allHeaders["authorization"] = "Bearer \(bearer)" }
    var request = HTTPRequest(
      method: method, path: path, query: query, headers: allHeaders, body: data)
    request.remoteAddress = address
    return app.respond(to: request).waitingForDeferredAnswer()
  }

  private func escape(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
  }

  /// Signs in through the login form; the session's credential.
  func signIn(_ login: String, _ password: String) throws -> Credential {
    let response = send(
      "POST", "/login", form: ["login": login, "password": password, "next": "/"])
    guard response.status == 303, let token = Self.sessionToken(response) else {
      throw FixtureError.signInFailed(response.status, response.text)
    }
    return try credential(session: token)
  }

  /// The credential of a session token, with its form token.
  func credential(session token: String) throws -> Credential {
    let caller = try larder.authenticate(sessionToken: token)
    return Credential(session: token, formToken: Larder.formToken(for: caller))
  }

  /// The session token a response's `Set-Cookie` starts.
  static func sessionToken(_ response: HTTPResponse) -> String? {
    guard let cookie = response.headerValue(named: "Set-Cookie"),
      cookie.hasPrefix("larder_session=")
    else { return nil }
    let value = cookie.dropFirst("larder_session=".count).prefix { $0 != ";" }
    return value.isEmpty ? nil : String(value)
  }

  enum FixtureError: Error {
    case signInFailed(Int, String)
  }
}
