import Dispatch
import Foundation
import LarderApplication
import LarderCore
import LarderHTTP
import LarderServer

/// What proving who is asking costs a request: the same requests answered in process by the
/// web app as every request acting for one household (`fixed`), with a session cookie
/// (`session`) and with an API token (`token`), on a database with the starter recipes.
struct RequestBenchmark {
  let rounds: Int

  func run() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "larder-bench-requests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let larder = try Larder.open(
      databasePath: folder.appendingPathComponent("larder.sqlite").path,
      options: OpeningOptions(buildsFinder: true), caller: .defaultHousehold
    ).larder
    let owner = try larder.createFirstOwner(
      NewAccountRequest(login: "bench", password: "bench password"),
      setupCode: larder.accounts!.setupCode,
      client: ClientInfo(address: "127.0.0.1", userAgent: "larder-bench"))
    let token = try larder.createAPIToken(NewAPITokenRequest(name: "bench"), as: owner.caller)
    let recipe = try larder.listRecipes(RecipeListRequest(limit: 1), as: owner.caller).items[0]
    let fixed = LarderApp(larder: larder, caller: .defaultHousehold, rematching: .postponed)
    let accounts = LarderApp(
      larder: larder, caller: .defaultHousehold, authentication: .accounts,
      rematching: .postponed)
    let requests: [(String, String, [String: String])] = [
      ("health", "/api/v1/health", [:]),
      ("recipe", "/api/v1/recipes/\(recipe.id.rawValue)", [:]),
      ("finder", "/api/v1/finder", ["have": "egg,flour,milk,butter,onion,garlic"]),
      ("library page", "/library", [:]),
    ]
    let modes: [(String, LarderApp, [String: String])] = [
      ("fixed", fixed, [:]),
      ("session", accounts, ["cookie": "larder_session=\(owner.token)"]),
      ("token", accounts, ["authorization": "Bearer \(token.token)"]),
    ]
    var results: [[String: Any]] = []
    for (name, path, query) in requests {
      for (mode, app, credential) in modes {
        var request = HTTPRequest(
          method: "GET", path: path, query: query,
          headers: credential.merging(["host": "127.0.0.1:8080"]) { $1 })
        request.remoteAddress = "127.0.0.1"
        var latencies = Latencies()
        for round in 0..<(rounds + rounds / 10) {
          // The first tenth warms caches and is not counted.
          if round < rounds / 10 {
            _ = app.respond(to: request)
            continue
          }
          let response = latencies.measure { app.respond(to: request) }
          guard response.status == 200 else {
            throw BenchError(message: "\(mode) \(path) answered \(response.status)", exitCode: 1)
          }
        }
        results.append(latencies.summary(engine: mode, operation: name))
      }
    }
    let report: [String: Any] = [
      "suite": "requests", "machine": Machine.description, "rounds": rounds,
      "recipes": try larder.health(as: owner.caller).recipes, "results": results,
    ]
    let data = try JSONSerialization.data(
      withJSONObject: report, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
  }
}
