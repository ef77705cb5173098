import Dispatch
import Foundation
import LarderApplication
import LarderCore
import LarderStore

#if canImport(Glibc)
  import Glibc
#endif

/// What a user waits for: the release `larder serve` on a generated library, driven over
/// loopback by a load generator written here (keep-alive connections, fixed duration), with
/// the engine-only time of the same finder and search queries measured in this process, so
/// the JSON gives the overhead ratio endpoint ÷ engine (issue 14).
///
/// The library: the starter recipes (parsed and food-matched when the database is made),
/// repeated with a distinct name each and 0–3 extra lines drawn from the others, written
/// through ``SQLiteRecipeStore`` in batches of 1,000 (the importer's path without parsing each
/// line again). An owner account and an API token are made first; every request carries the
/// token.
struct HTTPBenchmark {
  let recipeCount: Int
  let seconds: Double
  let connections: [Int]
  let seed: UInt64
  let larderPath: String
  let databasePath: String?

  /// The finder's pantries are drawn from the foods the corpus uses most.
  static let pantrySizes = [10, 25]
  static let missing = [0, 2]
  /// Searches: common words, one- and two-letter prefixes, rare words, and common words
  /// misspelt, which the store reads as the words its index has (``SearchSpelling``, the
  /// slowest path: the index's words with the first letter are compared with the typo).
  static let searches: [(kind: String, text: String)] = [
    ("common", "chicken"), ("common", "garlic"), ("common", "onion"),
    ("prefix1", "c"), ("prefix1", "s"), ("prefix2", "ch"), ("prefix2", "to"),
    ("rare", "saffron"), ("rare", "cardamom"),
    ("typo", "chiken"), ("typo", "garlik"), ("typo", "onoin"),
  ]

  func run() throws -> String {
    guard FileManager.default.isExecutableFile(atPath: larderPath) else {
      throw BenchError(
        message: "no larder binary at \(larderPath) (build it: swift build -c release "
          + "--product larder, or pass --larder PATH)")
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-bench-http-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = databasePath ?? folder.appendingPathComponent("larder.sqlite").path
    let made = try makeLibrary(path: path)

    // The engines, in process, on the same database and queries.
    let store = try SQLiteRecipeStore.open(path: path)
    let catalog = FoodCatalog.bundled
    let engine = FinderEngine(catalog: FinderCatalog(foods: catalog))
    engine.build(
      recipes: try store.foodProfiles(household: made.household).map(FinderRecipe.init(profile:)),
      clock: { DispatchTime.now().uptimeNanoseconds })
    var random = SeededRandom(seed: seed)
    let pantries = Dictionary(
      uniqueKeysWithValues: Self.pantrySizes.map { size in
        (
          size,
          (0..<8).map { _ in
            Array(made.commonFoods.prefix(60)).shuffled(using: &random).prefix(size).map { $0 }
          }
        )
      })

    // The server.
    let port = try Self.freePort()
    let serverLog = folder.appendingPathComponent("serve.log")
    var (server, started, firstAnswerSeconds) = try startServer(
      path: path, port: port, folder: folder, log: serverLog)
    defer {
      if server.isRunning {
        server.terminate()
        server.waitUntilExit()
      }
    }

    func request(_ target: String) -> String {
      "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        + "Authorization: Bearer \(made.token)\r\nAccept: application/json\r\n\r\n"
    }
    // The finder may still be building when the server first answers: its first answer is
    // timed from the same start.
    func firstFinderAnswer(since started: UInt64) throws -> Double {
      let firstFinder = try HTTPConnection(port: port).send(
        request("/api/v1/finder?have=egg&missing=0&limit=1"))
      guard firstFinder.status == 200 else {
        throw BenchError(message: "the first finder request answered \(firstFinder.status)")
      }
      return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }
    let firstFinderSeconds = try firstFinderAnswer(since: started)
    // After its first answers a new server still warms up (the library's summaries, the saved
    // index): what follows times a server at rest, so it waits for that to end.
    let warmUpSeconds = Self.waitUntilIdle(pid: server.processIdentifier)
    func escaped(_ text: String) -> String {
      text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    var results: [[String: Any]] = []
    let residentAtStart = Self.residentMB(of: server.processIdentifier)
    // Finder: each pantry size and K, the API against the engine.
    for size in Self.pantrySizes {
      for missing in Self.missing {
        let names = pantries[size]!
        let requests = names.map {
          request(
            "/api/v1/finder?have=\($0.map(escaped).joined(separator: ","))&missing=\(missing)"
              + "&limit=24")
        }
        let queries = names.map { pantry in
          FinderQuery(
            pantryItems: PantryTerm.resolve(pantry, catalog: catalog).compactMap { term in
              term.food.map { FinderQuery.PantryItem(food: $0.foodID, kinds: term.kinds) }
            }, maxMissing: missing, limit: 24)
        }
        var engineTimes = Latencies()
        for _ in 0..<20 { for query in queries { _ = engine.find(query) } }
        var engineTotals: [Int] = []
        for _ in 0..<50 {
          for query in queries {
            engineTotals.append(engineTimes.measure { engine.find(query) }.total)
          }
        }
        // The endpoint answers the same query as the engine: the same total.
        let checker = try HTTPConnection(port: port)
        let endpointTotals = try requests.map { request -> Int in
          let response = try checker.send(request, keepingBody: true)
          let object = try JSONSerialization.jsonObject(with: Data(response.body))
          return (object as? [String: Any])?["total"] as? Int ?? -1
        }
        var entry = try drive(
          name: "finder", detail: ["pantry": size, "missing": missing], requests: requests,
          port: port, engine: engineTimes)
        entry["engineTotals"] = Array(engineTotals.prefix(queries.count))
        entry["endpointTotals"] = endpointTotals
        entry["totalsAgree"] = endpointTotals == Array(engineTotals.prefix(queries.count))
        results.append(entry)
      }
    }
    // Search: the API's search against the store's full-text search.
    for kind in ["common", "prefix1", "prefix2", "rare", "typo"] {
      let texts = Self.searches.filter { $0.kind == kind }.map(\.text)
      var engineTimes = Latencies()
      // What each search was run as: a typo's correction ("chicken" for "chiken"), or as typed.
      var searchedAs: [String] = []
      for round in 0..<3 {
        for text in texts {
          let page = try store.recipes(
            matching: RecipeQuery(text: text, limit: 24), household: made.household)
          if round == 0 { searchedAs.append(page.correctedQuery ?? text) }
        }
      }
      for _ in 0..<10 {
        for text in texts {
          _ = try engineTimes.measure {
            try store.recipes(
              matching: RecipeQuery(text: text, limit: 24), household: made.household)
          }
        }
      }
      results.append(
        try drive(
          name: "search", detail: ["words": kind, "queries": texts, "searchedAs": searchedAs],
          requests: texts.map { request("/api/v1/search?q=\(escaped($0))&limit=24") }, port: port,
          engine: engineTimes))
    }
    results.append(
      try drive(name: "library page", detail: [:], requests: [request("/library")], port: port))
    results.append(
      try drive(
        name: "recipe page", detail: [:],
        requests: made.sampleIDs.map { request("/recipes/\($0.rawValue)") }, port: port))
    results.append(try drive(name: "GET /", detail: [:], requests: [request("/")], port: port))

    let memory = Self.residentMB(of: server.processIdentifier)

    // A second start on the same database, as after a restart: the first saved its finder's
    // index beside the database once its warm-up was done (long before now), so this one
    // answers the finder from that file. Stopped with SIGTERM, as an operator would.
    server.terminate()
    server.waitUntilExit()
    let savedIndexBytes =
      (try? FileManager.default.attributesOfItem(atPath: path + ".warm"))?[.size] as? Int
    (server, started, firstAnswerSeconds) = try startServer(
      path: path, port: port, folder: folder, log: serverLog)
    let restartFinderSeconds = try firstFinderAnswer(since: started)
    let restartHealthSeconds = firstAnswerSeconds
    let restartResident = Self.residentMB(of: server.processIdentifier)
    // A recipe's page reads the food names of every language and the nutrient tables, which
    // the server loads as it starts: a page opened at once waits for them, never for the
    // library's summaries.
    let firstPage = try HTTPConnection(port: port).send(
      request("/recipes/\(made.sampleIDs[0].rawValue)"))
    guard firstPage.status == 200 else {
      throw BenchError(message: "the first recipe page answered \(firstPage.status)")
    }
    let restartRecipePageSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    // The library's summaries are read after the finder's index, in the background; until
    // they are in, a plain page comes from the database with its facets still to come
    // (`facetsPartial`). Both moments are reported: the first page, and the first whole one.
    let library = try HTTPConnection(port: port).send(
      request("/api/v1/library?limit=24"), keepingBody: true)
    guard library.status == 200 else {
      throw BenchError(message: "the first library request answered \(library.status)")
    }
    let restartLibrarySeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    var whole = library
    for _ in 0..<60_000
    where !String(decoding: whole.body, as: UTF8.self).contains(
      "\"facetsPartial\":false")
    {
      usleep(10_000)
      whole = try HTTPConnection(port: port).send(
        request("/api/v1/library?limit=24"), keepingBody: true)
    }
    let restartWholeLibrarySeconds =
      Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    // The server tells where its finder and library came from once its warm-up is done.
    var restartLog = ""
    for _ in 0..<600
    where !restartLog.contains("Library read from") && !restartLog.contains("Pantry finder ready") {
      usleep(100_000)
      restartLog = (try? String(contentsOf: serverLog, encoding: .utf8)) ?? ""
    }
    let readFromFile = restartLog.contains("Pantry finder read from")
    let libraryFromFile = restartLog.contains("Library read from \(path).warm")
    let report: [String: Any] = [
      "benchmark": "http", "recipes": recipeCount, "seed": seed, "machine": Machine.description,
      "secondsPerMeasurement": seconds, "connections": connections,
      "library": ["seconds": round3(made.seconds)],
      "startToFirstAnswerSeconds": round3(firstAnswerSeconds ?? 0),
      "startToFirstFinderAnswerSeconds": round3(firstFinderSeconds),
      "warmUpAfterFirstFinderAnswerSeconds": round3(warmUpSeconds),
      "secondStart": [
        "startToFirstAnswerSeconds": round3(restartHealthSeconds ?? 0),
        "startToFirstFinderAnswerSeconds": round3(restartFinderSeconds),
        "startToFirstLibraryAnswerSeconds": round3(restartLibrarySeconds),
        "startToFirstLibraryAnswerWithFacetsSeconds": round3(restartWholeLibrarySeconds),
        "startToFirstRecipePageSeconds": round3(restartRecipePageSeconds),
        "finderReadFromSavedIndex": readFromFile,
        "libraryReadFromSavedIndex": libraryFromFile,
        "savedIndexMB": savedIndexBytes.map { round3(Double($0) / 1_048_576) } as Any,
        "serverResidentMBAtFirstFinderAnswer": restartResident as Any,
      ],
      "serverResidentMB": memory as Any, "serverResidentMBAtFirstAnswer": residentAtStart as Any,
      "results": results,
    ]
    let data = try JSONSerialization.data(
      withJSONObject: report, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
  }

  /// Starts `larder serve` on the database at `path` and waits for its first `200` from
  /// `/api/v1/health`; returns the process, when it was spawned and how long that took.
  private func startServer(
    path: String, port: Int, folder: URL, log serverLog: URL
  ) throws -> (Process, UInt64, Double?) {
    let started = DispatchTime.now().uptimeNanoseconds
    let server = Process()
    server.executableURL = URL(fileURLWithPath: larderPath)
    server.arguments = ["serve"]
    var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LARDER_") }
    environment["LARDER_DB"] = path
    environment["LARDER_HOST"] = "127.0.0.1"
    environment["LARDER_PORT"] = String(port)
    environment["XDG_CONFIG_HOME"] = folder.path
    server.environment = environment
    FileManager.default.createFile(atPath: serverLog.path, contents: nil)
    let logHandle = try FileHandle(forWritingTo: serverLog)
    server.standardOutput = logHandle
    server.standardError = logHandle
    try server.run()
    Self.serverPID = server.processIdentifier
    let health = "GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
    var firstAnswerSeconds: Double?
    while firstAnswerSeconds == nil {
      guard server.isRunning else {
        let log = (try? String(contentsOf: serverLog, encoding: .utf8)) ?? ""
        throw BenchError(message: "larder serve stopped:\n\(log)", exitCode: 1)
      }
      if let connection = try? HTTPConnection(port: port),
        (try? connection.send(health))?.status == 200
      {
        firstAnswerSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
      } else {
        usleep(5_000)
        if Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 > 600 {
          server.terminate()
          throw BenchError(message: "larder serve did not answer in 600 s", exitCode: 1)
        }
      }
    }
    return (server, started, firstAnswerSeconds)
  }

  /// One endpoint: single-request latency on one connection, then throughput and latency at
  /// each concurrency, every response checked to be 200.
  private func drive(
    name: String, detail: [String: Any], requests: [String], port: Int,
    engine: Latencies? = nil
  ) throws -> [String: Any] {
    let serverPID = Self.serverPID
    let single = try LoadRun.run(
      requests: requests, port: port, connections: 1, seconds: seconds)
    var entry: [String: Any] = detail
    entry["endpoint"] = name
    entry["single"] = single.summary
    entry["bytesPerResponse"] = single.bytes / max(single.latencies.samples.count, 1)
    var loads: [[String: Any]] = []
    for count in connections {
      let run = try LoadRun.run(
        requests: requests, port: port, connections: count, seconds: seconds)
      var summary = run.summary
      summary["connections"] = count
      loads.append(summary)
    }
    entry["load"] = loads
    entry["serverResidentMBAfter"] = Self.residentMB(of: serverPID) as Any
    if let engine {
      entry["engine"] = [
        "p50Ms": round3(engine.percentile(0.5)), "p99Ms": round3(engine.percentile(0.99)),
      ]
      entry["overheadP50EndpointOverEngine"] = round3(
        single.latencies.percentile(0.5) / max(engine.percentile(0.5), 1e-6))
    }
    return entry
  }

  /// What was made: the household, an API token, recipe IDs for the recipe page, and the
  /// corpus's foods by use (their catalog names) for the pantries.
  struct Made {
    var household: HouseholdID
    var token: String
    var sampleIDs: [RecipeID]
    var commonFoods: [String]
    var seconds: Double
  }

  func makeLibrary(path: String) throws -> Made {
    let start = DispatchTime.now().uptimeNanoseconds
    var bases: [Recipe] = []
    let household: HouseholdID
    let token: String
    do {
      let larder = try Larder.open(
        databasePath: path, options: OpeningOptions(passwordHashing: .interactive),
        caller: .defaultHousehold
      ).larder
      let owner = try larder.createFirstOwner(
        NewAccountRequest(login: "bench", password: "bench password"),
        setupCode: larder.accounts!.setupCode,
        client: ClientInfo(address: "127.0.0.1", userAgent: "larder-bench"))
      token = try larder.createAPIToken(NewAPITokenRequest(name: "bench"), as: owner.caller).token
      household = owner.caller.household
    }
    let store = try SQLiteRecipeStore.open(path: path)
    for summary in try store.recipes(
      matching: RecipeQuery(sort: .name, limit: RecipeQuery.maximumLimit), household: household
    ).items {
      if let recipe = try store.recipe(id: summary.id, household: household) {
        bases.append(recipe)
      }
    }
    guard !bases.isEmpty else { throw BenchError(message: "no starter recipes", exitCode: 1) }
    var use: [String: Int] = [:]
    for line in bases.flatMap(\.ingredientLines) {
      if let food = line.facts?.foodID { use[food, default: 0] += 1 }
    }
    let catalog = FoodCatalog.bundled
    let commonFoods = use.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      .compactMap { catalog.food(id: $0.key)?.name }

    var random = SeededRandom(seed: seed)
    let variations = StarterVariations(bases: bases)
    var sampleIDs: [RecipeID] = []
    let extra = max(0, recipeCount - bases.count)
    for batch in stride(from: 0, to: extra, by: 1000) {
      let recipes = (batch..<min(batch + 1000, extra)).map { index -> Recipe in
        var recipe = variations.recipe(
          index, sourceID: "urn:larder:bench-http:\(seed):\(index)", random: &random)
        recipe.sourceURL = nil
        return recipe
      }
      let outcomes = try store.importRecipes(recipes, household: household, now: Date())
      if sampleIDs.count < 64 { sampleIDs += outcomes.prefix(8).map(\.recipeID) }
    }
    if sampleIDs.isEmpty { sampleIDs = bases.prefix(8).map(\.id) }
    return Made(
      household: household, token: token, sampleIDs: sampleIDs, commonFoods: commonFoods,
      seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }

  /// The server being driven, for its memory after each request's runs.
  nonisolated(unsafe) static var serverPID: Int32 = 0

  static func freePort() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw BenchError(message: "no socket", exitCode: 1) }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
      }
    }
    guard bound else { throw BenchError(message: "no free port", exitCode: 1) }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// The server's resident memory (VmRSS) in MB, from /proc.
  /// Waits until the process uses under a tenth of a core over a second (at most 300 s);
  /// returns how long that took.
  static func waitUntilIdle(pid: Int32) -> Double {
    func cpuSeconds() -> Double? {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
      else { return nil }
      // After the command's closing parenthesis: state is field 3; utime and stime 14 and 15.
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12])
      else { return nil }
      return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
    let start = DispatchTime.now().uptimeNanoseconds
    func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
    while elapsed() < 300, let before = cpuSeconds() {
      sleep(1)
      guard let after = cpuSeconds() else { break }
      if after - before < 0.1 { break }
    }
    return elapsed()
  }

  static func residentMB(of pid: Int32) -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return round3(kilobytes / 1024)
  }
}

/// N keep-alive connections, each sending the requests in turn until the time is up.
struct LoadRun {
  var latencies = Latencies()
  var bytes = 0
  var seconds = 0.0

  var summary: [String: Any] {
    [
      "requests": latencies.samples.count, "p50Ms": round3(latencies.percentile(0.5)),
      "p99Ms": round3(latencies.percentile(0.99)),
      "requestsPerSecond": round3(Double(latencies.samples.count) / max(seconds, 1e-9)),
    ]
  }

  static func run(
    requests: [String], port: Int, connections: Int, seconds: Double
  ) throws
    -> LoadRun
  {
    try run(
      requests.map { request in { @Sendable _ in request } }, ports: [port],
      connections: connections, seconds: seconds, accepting: 200...200)
  }

  /// A fixed-duration load over keep-alive connections spread evenly across `ports`, each
  /// request made for the port it goes to; a status outside `accepting` fails the run. A short
  /// warm-up (each request once on each port) is not counted.
  static func run(
    _ requests: [@Sendable (Int) -> String], ports: [Int], connections: Int, seconds: Double,
    accepting: ClosedRange<Int>
  ) throws -> LoadRun {
    for port in ports {
      let warm = try HTTPConnection(port: port)
      for request in requests { _ = try warm.send(request(port)) }
    }
    let runs = BenchLocked<[LoadRun]>([])
    let failures = BenchLocked<[String]>([])
    let start = DispatchTime.now().uptimeNanoseconds
    let deadline = start + UInt64(seconds * 1e9)
    DispatchQueue.concurrentPerform(iterations: connections) { client in
      var run = LoadRun()
      do {
        let port = ports[client % ports.count]
        let connection = try HTTPConnection(port: port)
        var next = client % requests.count
        while DispatchTime.now().uptimeNanoseconds < deadline {
          let request = requests[next](port)
          let sent = DispatchTime.now().uptimeNanoseconds
          let response = try connection.send(request)
          run.latencies.samples.append(DispatchTime.now().uptimeNanoseconds - sent)
          guard accepting.contains(response.status) else {
            throw BenchError(
              message: "\(request.prefix(120)) answered \(response.status)", exitCode: 1)
          }
          run.bytes += response.bodyBytes
          next = (next + 1) % requests.count
        }
      } catch {
        failures.withLock { $0.append("\(error)") }
      }
      runs.withLock { $0.append(run) }
    }
    if let failure = failures.withLock({ $0.first }) {
      throw BenchError(message: failure, exitCode: 1)
    }
    var total = LoadRun()
    total.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    for run in runs.withLock({ $0 }) {
      total.latencies.samples += run.latencies.samples
      total.bytes += run.bytes
    }
    return total
  }
}

/// A minimal lock for the load generator's results.
final class BenchLocked<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()
  init(_ value: Value) { self.value = value }
  func withLock<T>(_ body: (inout Value) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}

/// One keep-alive HTTP/1.1 connection over loopback: sends a request, reads the response
/// (Content-Length or chunked).
final class HTTPConnection {
  private let socket: Int32
  private var buffer: [UInt8] = []
  private var chunk = [UInt8](repeating: 0, count: 65_536)

  struct Response {
    var status: Int
    var bodyBytes: Int
    /// The body, when asked for.
    var body: [UInt8] = []
  }

  init(port: Int) throws {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw BenchError(message: "no socket", exitCode: 1) }
    var yes: Int32 = 1
    setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else {
      close(socket)
      throw BenchError(message: "cannot connect to port \(port)", exitCode: 1)
    }
  }

  deinit { close(socket) }

  func send(_ request: String, keepingBody: Bool = false) throws -> Response {
    var bytes = Array(request.utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeMutableBytes {
        Glibc.send(socket, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { throw BenchError(message: "send failed", exitCode: 1) }
      sent += count
    }
    // Headers.
    var headerEnd: Int?
    while headerEnd == nil {
      headerEnd = Self.find([13, 10, 13, 10], in: buffer)
      if headerEnd == nil { try fill() }
    }
    let head = String(decoding: buffer[0..<headerEnd!], as: UTF8.self)
    buffer.removeFirst(headerEnd! + 4)
    let lines = head.split(separator: "\r\n")
    let statusWords = lines.first?.split(separator: " ") ?? []
    let status = statusWords.count > 1 ? Int(statusWords[1]) ?? 0 : 0
    var length: Int?
    var chunked = false
    for line in lines.dropFirst() {
      let lower = line.lowercased()
      if lower.hasPrefix("content-length:") {
        length = Int(lower.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
      } else if lower.hasPrefix("transfer-encoding:") && lower.contains("chunked") {
        chunked = true
      }
    }
    if chunked {
      var total = 0
      while true {
        var lineEnd = Self.find([13, 10], in: buffer)
        while lineEnd == nil {
          try fill()
          lineEnd = Self.find([13, 10], in: buffer)
        }
        let sizeText =
          String(decoding: buffer[0..<lineEnd!], as: UTF8.self)
          .split(separator: ";").first.map(String.init) ?? "0"
        let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) ?? 0
        buffer.removeFirst(lineEnd! + 2)
        while buffer.count < size + 2 { try fill() }
        buffer.removeFirst(size + 2)
        total += size
        if size == 0 { break }
      }
      return Response(status: status, bodyBytes: total)
    }
    let body = length ?? 0
    while buffer.count < body { try fill() }
    let kept = keepingBody ? Array(buffer[0..<body]) : []
    buffer.removeFirst(body)
    return Response(status: status, bodyBytes: body, body: kept)
  }

  private func fill() throws {
    let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress!, $0.count, 0) }
    guard count > 0 else { throw BenchError(message: "connection closed", exitCode: 1) }
    buffer.append(contentsOf: chunk[0..<count])
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for start in 0...(haystack.count - needle.count) {
      var matched = true
      for offset in 0..<needle.count where haystack[start + offset] != needle[offset] {
        matched = false
        break
      }
      if matched { return start }
    }
    return nil
  }
}
