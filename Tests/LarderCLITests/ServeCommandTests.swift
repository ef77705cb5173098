import Foundation
import LarderTestSupport
import Testing

@testable import LarderCLI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `larder serve` as a user runs it: on a free port, answering HTTP, logging each request and
/// stopping cleanly on a signal.
@Suite struct ServeCommandTests {
  /// A running server and where it listens.
  struct RunningServer {
    let process: LarderProcess
    let port: Int
    /// The "is serving" line.
    let banner: String

    /// The server's address for `path`.
    func url(_ path: String) -> URL {
      URL(string: "http://127.0.0.1:\(port)\(path)")!
    }
  }

  /// Starts `serve` with `arguments` and waits for it to say where it is serving.
  private func startServer(
    in sandbox: Sandbox, _ arguments: [String] = ["--port", "0"],
    environment: [String: String] = [:], withDatabase: Bool = true
  ) async throws -> RunningServer {
    let process = try sandbox.start(
      ["serve"] + arguments, environment: environment, withDatabase: withDatabase)
    guard
      let stderr = await process.stderr(containing: "Press Ctrl-C to stop.", within: .seconds(60))
    else {
      let run = process.killed()
      throw ServeTestError(description: "serve did not start:\n\(run)")
    }
    let serving = #/is serving \d+ recipes at https?://127\.0\.0\.1:(\d+)/ /#
    guard let banner = stderr.split(separator: "\n").first(where: { $0.contains("is serving") }),
      let match = banner.firstMatch(of: serving), let port = Int(match.1)
    else {
      let run = process.killed()
      throw ServeTestError(description: "no port in serve's banner:\n\(run)")
    }
    return RunningServer(process: process, port: port, banner: String(banner))
  }

  /// Fetches `url`, returning the status and body.
  private func get(
    _ url: URL, host: String? = nil, token: String? = nil
  ) async throws -> (status: Int, body: String) {
    var request = URLRequest(
      url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 5)
    if let host { request.setValue(host, forHTTPHeaderField: "Host") }
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    let (data, response) = try await URLSession.shared.data(for: request)
    let status = try #require(response as? HTTPURLResponse).statusCode
    return (status, String(decoding: data, as: UTF8.self))
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func serveAnswersLogsAndStopsCleanlyOnASignal(signal: Int32) async throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let token = try sandbox.ownerToken()
    let server = try await startServer(in: sandbox)
    defer { server.process.killed() }
    #expect(server.port > 0)
    #expect(
      server.banner
        == "Larder \(LarderCommandLine.version) is serving 64 recipes at "
        + "http://127.0.0.1:\(server.port)/ (database: \(sandbox.database))")

    // Signed out, the server answers only that it is up, and asks to sign in.
    let anonymous = try await get(server.url("/api/v1/recipes"))
    #expect(anonymous.status == 401)
    #expect(anonymous.body.contains("not_signed_in"))
    let health = try await get(server.url("/api/v1/health"), token: token)
    #expect(health.status == 200)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(health.body.utf8)) as? [String: Any])
    #expect(json["status"] as? String == "ok")
    #expect(json["recipes"] as? Int == 64)

    let home = try await get(server.url("/"), token: token)
    #expect(home.status == 200)
    #expect(home.body.contains("<title>Cook · Larder</title>"), "\(home.body.prefix(300))")

    let missing = try await get(server.url("/api/v1/no-such-thing"), token: token)
    #expect(missing.status == 404)

    for line in [
      #"127.0.0.1 "GET /api/v1/health" 200 "#, #"127.0.0.1 "GET /" 200 "#,
      #"127.0.0.1 "GET /api/v1/no-such-thing" 404 "#, #"127.0.0.1 "GET /api/v1/recipes" 401 "#,
    ] {
      let logged = await server.process.stderr(containing: "\n" + line, within: .seconds(60))
      #expect(logged != nil, "no access-log line '\(line)':\n\(server.process.stderr)")
    }

    server.process.send(signal)
    let run = try #require(
      await server.process.exited(within: .seconds(60)),
      "still running 5 s after signal \(signal):\n\(server.process.stderr)")
    #expect(run.status == 0, "\(run)")
    #expect(run.stderrLines.last == "Stopped.", "\(run)")
    #expect(run.stderr.contains("Shutting down"), "\(run)")
    await #expect(throws: (any Error).self, "the port is closed") {
      try await get(server.url("/api/v1/health"))
    }
  }

  @Test func aSecondServerOnTheSamePortFailsWithExitOne() async throws {
    let sandbox = try Sandbox()
    let first = try await startServer(in: sandbox)
    defer { first.process.killed() }

    let second = try sandbox.larder(
      "--db", sandbox.path("second.sqlite"), "serve", "--port", String(first.port),
      withDatabase: false, timeout: .seconds(60))
    #expect(second.status == 1, "\(second)")
    #expect(
      second.stderr.contains("cannot listen on 127.0.0.1:\(first.port): address in use"),
      "\(second)")
    #expect(!second.stderr.contains("is serving"), "\(second)")

    #expect(try await get(first.url("/api/v1/health")).status == 200, "the first one still serves")
    first.process.send(SIGTERM)
    let run = await first.process.exited(within: .seconds(60))
    #expect(run?.status == 0, "\(String(describing: run))")
  }

  @Test func serveWithABackupFolderBacksUpAtStartAndKeepsOnlyTheNewest() async throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let folder = sandbox.path("backups")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try #require(try sandbox.larder("recipes").status == 0, "makes the database")
    // Two backups from long ago: the server finds them overdue, backs up, and keeps two.
    for name in ["larder-20200101-000000.sqlite", "larder-20200102-000000.sqlite"] {
      let old = try sandbox.larder("backup", (folder as NSString).appendingPathComponent(name))
      try #require(old.status == 0, "\(old)")
    }
    let server = try await startServer(
      in: sandbox, ["--port", "0", "--backup-dir", folder, "--backup-keep", "2"])
    defer { server.process.killed() }
    let logged = await server.process.stderr(
      containing: "Backed up 64 recipes to ", within: .seconds(60))
    #expect(logged != nil, "\(server.process.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(names.count == 2, "\(names)")
    #expect(names.first == "larder-20200102-000000.sqlite", "\(names)")
    let restored = try sandbox.larder(
      "--db", sandbox.path("restored.sqlite"), "restore",
      (folder as NSString).appendingPathComponent(try #require(names.last)),
      withDatabase: false)
    #expect(restored.status == 0, "\(restored)")
    #expect(restored.stdout.contains("Restored 64 recipes"), "\(restored)")
  }

  @Test func aBackupKeepThatIsNotANumberStopsServeNamingTheOption() throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder(
      "serve", "--port", "0", "--backup-dir", sandbox.path("b"), "--backup-keep", "none",
      timeout: .seconds(60))
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("option --backup-keep: 'none' is not a whole number"), "\(run)")
  }

  @Test func serveTakesItsAddressFromTheConfigFileAndEnvironment() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("host = 127.0.0.1\nport = 8\nthreads = 2\n", to: "config/larder/config")
    let server = try await startServer(in: sandbox, [], environment: ["LARDER_PORT": "0"])
    defer { server.process.killed() }
    #expect(server.port > 0, "LARDER_PORT=0 beat port = 8: \(server.banner)")
    #expect(server.banner.contains("serving 0 recipes"), "\(server.banner)")
    #expect(try await get(server.url("/api/v1/health")).status == 200)
    server.process.send(SIGTERM)
    let run = await server.process.exited(within: .seconds(60))
    #expect(run?.status == 0, "\(String(describing: run))")
  }

  @Test func serveAnswersItsPublicURLAndRefusesOtherNames() async throws {
    let sandbox = try Sandbox()
    let server = try await startServer(
      in: sandbox, ["--port", "0", "--public-url", "https://recipes.example.org"])
    defer { server.process.killed() }
    #expect(server.process.stderr.contains("Also answering at https://recipes.example.org:443"))
    let health = server.url("/api/v1/health")
    #expect(try await get(health, host: "recipes.example.org").status == 200)
    let rebound = try await get(health, host: "rebind.attacker.example")
    #expect(rebound.status == 421)
    #expect(rebound.body.contains("misdirected_request"), "\(rebound.body)")
    server.process.send(SIGTERM)
    let run = await server.process.exited(within: .seconds(60))
    #expect(run?.status == 0, "\(String(describing: run))")
  }

  @Test(.enabled(if: TLSTools.available, Comment(rawValue: TLSTools.missingMessage)))
  func serveWithACertificateAnswersHTTPS() async throws {
    let pair = try SelfSignedPair.make()
    defer { pair.remove() }
    let sandbox = try Sandbox()
    let server = try await startServer(
      in: sandbox,
      ["--port", "0", "--tls-cert", pair.certificateFile, "--tls-key", pair.keyFile])
    defer { server.process.killed() }
    #expect(server.banner.contains("at https://127.0.0.1:"), "\(server.banner)")
    let health = try TLSTools.curl([
      "--cacert", pair.certificateFile, "https://127.0.0.1:\(server.port)/api/v1/health",
    ])
    #expect(health.status == 0, "\(health.errors)")
    #expect(health.output.contains(#""status":"ok""#), "\(health.output)")
    server.process.send(SIGTERM)
    let run = await server.process.exited(within: .seconds(60))
    #expect(run?.status == 0, "\(String(describing: run))")
  }

  @Test func aCertificateThatIsNotOneStopsServeWithExitTwoNamingTheFile() throws {
    let sandbox = try Sandbox()
    let certificate = try sandbox.write("not a certificate\n", to: "cert.pem")
    let key = try sandbox.write("not a key\n", to: "key.pem")
    let run = try sandbox.larder(
      "serve", "--port", "0", "--tls-cert", certificate, "--tls-key", key,
      timeout: .seconds(60))
    #expect(run.status == 2, "\(run)")
    #expect(
      run.stderr.contains("TLS certificate '\(certificate)' holds no PEM certificate"), "\(run)")
    #expect(!run.stderr.contains("is serving"), "\(run)")
    #expect(!sandbox.exists(sandbox.database), "checked before the database is opened")
  }

  @Test func aPublicURLThatIsNotOneStopsServeWithExitTwo() throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder(
      "serve", "--port", "0", "--public-url", "192.168.1.20:8080", timeout: .seconds(60))
    #expect(run.status == 2, "\(run)")
    #expect(
      run.stderr.contains("option --public-url: '192.168.1.20:8080' is not a public URL"),
      "\(run)")
    #expect(!run.stderr.contains("is serving"), "\(run)")
  }
}

/// The server could not be started for a test.
struct ServeTestError: Error, CustomStringConvertible {
  /// What happened, with the server's output.
  let description: String
}
