import Dispatch
import Foundation
import LarderApplication
import LarderCore
import LarderStore

#if canImport(Glibc)
  import Glibc
#endif

/// SQLite against PostgreSQL with one and with two serving processes, in one run on one
/// library (issue 17): the library `larder-bench http` makes, copied into an empty PostgreSQL
/// database with `DatabaseTransfer` (as `larder db copy` does), then the release `larder
/// serve` on each, driven over loopback with the same requests: searches, the finder, recipe
/// pages and writes (a new recipe each), one connection and then several (split evenly across
/// the processes when there are two). With two processes it also times how long a recipe
/// created through one takes to be found by the other's finder.
struct PostgresBenchmark {
  let recipeCount: Int
  let seconds: Double
  let connections: Int
  let seed: UInt64
  let larderPath: String
  let postgresURL: String
  let databasePath: String?

  func run() throws -> String {
    guard FileManager.default.isExecutableFile(atPath: larderPath) else {
      throw BenchError(message: "no larder binary at \(larderPath) (or pass --larder PATH)")
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-bench-postgres-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = databasePath ?? folder.appendingPathComponent("larder.sqlite").path
    let library = HTTPBenchmark(
      recipeCount: recipeCount, seconds: seconds, connections: [connections], seed: seed,
      larderPath: larderPath, databasePath: path)
    let made = try library.makeLibrary(path: path)
    let copyStart = DispatchTime.now().uptimeNanoseconds
    let copied = try DatabaseTransfer.copy(from: path, to: postgresURL)
    let copySeconds = Double(DispatchTime.now().uptimeNanoseconds - copyStart) / 1e9

    var random = SeededRandom(seed: seed)
    let pantries = (0..<8).map { _ in
      Array(made.commonFoods.prefix(60)).shuffled(using: &random).prefix(25).map { $0 }
    }
    func escaped(_ text: String) -> String {
      text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
    var configurations: [[String: Any]] = []
    for (database, processes) in [(path, 1), (postgresURL, 1), (postgresURL, 2)] {
      let servers = try (0..<processes).map { index in
        try Server.start(
          larderPath: larderPath, database: database, folder: folder, name: "serve-\(index)")
      }
      defer { servers.forEach { $0.stop() } }
      let ports = servers.map(\.port)
      var firstFinder: [Double] = []
      for server in servers {
        firstFinder.append(try server.firstFinderAnswer(token: made.token))
      }
      func get(_ target: String) -> @Sendable (Int) -> String {
        { port in
          "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            + "Authorization: Bearer \(made.token)\r\nAccept: application/json\r\n\r\n"
        }
      }
      let counter = BenchLocked(0)
      @Sendable func write(_ port: Int) -> String {
        let number = counter.withLock { value -> Int in
          value += 1
          return value
        }
        let body =
          #"{"name": "Bench Stew \#(number)-\#(port)", "ingredients": ["2 onions", "1 kg beef", "#
          + #""500 ml stock", "2 carrots"], "steps": ["Brown the beef.", "Simmer."]}"#
        return "POST /api/v1/recipes HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
          + "Authorization: Bearer \(made.token)\r\nContent-Type: application/json\r\n"
          + "Content-Length: \(body.utf8.count)\r\n\r\n" + body
      }
      let groups: [(name: String, requests: [@Sendable (Int) -> String])] = [
        ("search common", ["chicken", "garlic", "onion"].map { get("/api/v1/search?q=\($0)") }),
        ("search rare", ["saffron", "cardamom"].map { get("/api/v1/search?q=\($0)") }),
        (
          "finder 25 foods K=2",
          pantries.map {
            get("/api/v1/finder?have=\($0.map(escaped).joined(separator: ","))&missing=2&limit=24")
          }
        ),
        ("recipe page", made.sampleIDs.map { get("/recipes/\($0.rawValue)") }),
        ("write (create a recipe)", [write]),
      ]
      var results: [[String: Any]] = []
      for group in groups {
        let single = try LoadRun.run(
          group.requests, ports: [ports[0]], connections: 1, seconds: seconds,
          accepting: 200...299)
        let loaded = try LoadRun.run(
          group.requests, ports: ports, connections: connections, seconds: seconds,
          accepting: 200...299)
        results.append([
          "request": group.name, "single": single.summary,
          "connections\(connections)": loaded.summary,
        ])
      }
      var entry: [String: Any] = [
        "store": PostgresURL.isPostgres(database) ? "postgresql" : "sqlite",
        "processes": processes, "startToFirstFinderAnswerSeconds": firstFinder.map(round3),
        "results": results,
        "serverResidentMB": servers.map { HTTPBenchmark.residentMB(of: $0.pid) as Any },
      ]
      if processes == 2 {
        entry["createdThroughOneFoundByTheOthersFinderMs"] = try propagation(
          from: ports[0], to: ports[1], token: made.token)
      }
      configurations.append(entry)
    }
    let report: [String: Any] = [
      "benchmark": "postgres", "recipes": recipeCount, "seed": seed,
      "machine": Machine.description, "secondsPerMeasurement": seconds,
      "connections": connections, "librarySeconds": round3(made.seconds),
      "copyToPostgresSeconds": round3(copySeconds),
      "copiedTables": copied.tables.map { ["table": $0.name, "rows": $0.rows] },
      "configurations": configurations,
    ]
    let data = try JSONSerialization.data(
      withJSONObject: report, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
  }

  /// Milliseconds from a recipe's creation through the first server (its answer) to the
  /// second server's finder listing it, for five recipes each with a food no other has.
  private func propagation(from first: Int, to second: Int, token: String) throws -> [Double] {
    var times: [Double] = []
    for round in 0..<5 {
      let name = "Propagation Test \(round) \(UUID().uuidString.prefix(8))"
      let body = #"{"name": "\#(name)", "ingredients": ["1 durian", "2 eggs"]}"#
      let post =
        "POST /api/v1/recipes HTTP/1.1\r\nHost: 127.0.0.1:\(first)\r\n"
        + "Authorization: Bearer \(token)\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\n\r\n" + body
      let query =
        "GET /api/v1/finder?have=durian,egg&missing=0&limit=200 HTTP/1.1\r\n"
        + "Host: 127.0.0.1:\(second)\r\nAuthorization: Bearer \(token)\r\n\r\n"
      let writer = try HTTPConnection(port: first)
      let reader = try HTTPConnection(port: second)
      let created = try writer.send(post)
      guard created.status == 201 else {
        throw BenchError(message: "creating a recipe answered \(created.status)", exitCode: 1)
      }
      let start = DispatchTime.now().uptimeNanoseconds
      while true {
        let answer = try reader.send(query, keepingBody: true)
        if String(decoding: answer.body, as: UTF8.self).contains(name) { break }
        if Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 > 10 {
          throw BenchError(message: "the second server never found \(name)", exitCode: 1)
        }
      }
      times.append(round3(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6))
    }
    return times
  }

  /// A `larder serve` process on a free port.
  struct Server {
    let process: Process
    let port: Int
    let started: UInt64
    var pid: Int32 { process.processIdentifier }

    static func start(
      larderPath: String, database: String, folder: URL, name: String
    ) throws -> Server {
      let port = try HTTPBenchmark.freePort()
      let process = Process()
      process.executableURL = URL(fileURLWithPath: larderPath)
      process.arguments = ["serve"]
      var environment = ProcessInfo.processInfo.environment.filter {
        !$0.key.hasPrefix("LARDER_")
      }
      environment["LARDER_DB"] = database
      environment["LARDER_HOST"] = "127.0.0.1"
      environment["LARDER_PORT"] = String(port)
      environment["XDG_CONFIG_HOME"] = folder.path
      process.environment = environment
      let log = folder.appendingPathComponent("\(name)-\(port).log")
      FileManager.default.createFile(atPath: log.path, contents: nil)
      let handle = try FileHandle(forWritingTo: log)
      process.standardOutput = handle
      process.standardError = handle
      let started = DispatchTime.now().uptimeNanoseconds
      try process.run()
      let server = Server(process: process, port: port, started: started)
      let health = "GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
      while true {
        guard process.isRunning else {
          let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
          throw BenchError(message: "larder serve stopped:\n\(text)", exitCode: 1)
        }
        if let connection = try? HTTPConnection(port: port),
          (try? connection.send(health))?.status == 200
        {
          return server
        }
        usleep(5_000)
      }
    }

    /// Seconds from the start to the finder's first answer.
    func firstFinderAnswer(token: String) throws -> Double {
      let request =
        "GET /api/v1/finder?have=egg&missing=0&limit=1 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        + "Authorization: Bearer \(token)\r\n\r\n"
      let answer = try HTTPConnection(port: port).send(request)
      guard answer.status == 200 else {
        throw BenchError(message: "the first finder request answered \(answer.status)")
      }
      return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }

    func stop() {
      if process.isRunning {
        process.terminate()
        process.waitUntilExit()
      }
    }
  }
}
