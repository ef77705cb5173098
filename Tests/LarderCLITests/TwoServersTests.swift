import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Two `larder serve` processes on one PostgreSQL database, as an installation behind a load
/// balancer runs them: what one is told, the other shows.
@Suite(
  .enabled(if: TestPostgresServer.url != nil, "needs a PostgreSQL server (LARDER_TEST_POSTGRES)"))
struct TwoServersTests {
  struct Server {
    let process: LarderProcess
    let port: Int

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }
  }

  private func start(_ sandbox: Sandbox) async throws -> Server {
    let process = try sandbox.start(["serve", "--port", "0"])
    guard
      let stderr = await process.stderr(containing: "Press Ctrl-C to stop.", within: .seconds(60)),
      let match = stderr.firstMatch(of: #/is serving \d+ recipes at http://127\.0\.0\.1:(\d+)/ /#),
      let port = Int(match.1)
    else {
      let run = process.killed()
      throw ServeTestError(description: "serve did not start:\n\(run)")
    }
    #expect(!stderr.contains("error"), "\(stderr)")
    return Server(process: process, port: port)
  }

  private func send(
    _ method: String, _ url: URL, token: String, json: String? = nil
  ) async throws -> (status: Int, body: [String: Any]) {
    var request = URLRequest(
      url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 10)
    request.httpMethod = method
    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    if let json {
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.httpBody = Data(json.utf8)
    }
    let (data, response) = try await URLSession.shared.data(for: request)
    let status = try #require(response as? HTTPURLResponse).statusCode
    let body = (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    return (status, body)
  }

  private func names(_ body: [String: Any], card: Bool) -> [String] {
    (body["items"] as? [[String: Any]] ?? []).compactMap {
      card ? ($0["recipe"] as? [String: Any])?["name"] as? String : $0["name"] as? String
    }
  }

  /// Asks until `answer` gives `expected` or five seconds pass; returns the last answer and
  /// how long it took.
  private func eventually(
    _ expected: [String], _ answer: () async throws -> [String]
  ) async throws -> (answer: [String], seconds: Double) {
    let start = Date()
    var last = try await answer()
    while last != expected && Date().timeIntervalSince(start) < 5 {
      try await Task.sleep(for: .milliseconds(50))
      last = try await answer()
    }
    return (last, Date().timeIntervalSince(start))
  }

  @Test func aRecipeCreatedChangedAndDeletedThroughOneIsFoundChangedAndGoneInTheOther()
    async throws
  {
    let sandbox = try Sandbox(database: try TestPostgresServer.freshDatabase())
    let token = try sandbox.ownerToken()
    let first = try await start(sandbox)
    defer { _ = first.process.killed() }
    let second = try await start(sandbox)
    defer { _ = second.process.killed() }
    let finder = second.url("/api/v1/finder?have=milk,eggs,sugar&limit=5")
    let found = { [self] in names(try await send("GET", finder, token: token).body, card: true) }
    let searched = { [self] (word: String) in
      names(
        try await send("GET", second.url("/api/v1/search?q=\(word)"), token: token).body,
        card: false)
    }
    // The second server's finder is built (and empty) before the first is told anything.
    #expect(try await eventually([], found).answer == [])

    let created = try await send(
      "POST", first.url("/api/v1/recipes"), token: token,
      json: #"{"name": "Zebra Custard", "ingredients": ["2 cups milk", "3 eggs", "50 g sugar"]}"#)
    #expect(created.status == 201, "\(created.body)")
    let id = try #require(created.body["id"] as? String)
    let arrived = try await eventually(["Zebra Custard"], found)
    #expect(arrived.answer == ["Zebra Custard"])
    print("the second server's finder had the new recipe after \(arrived.seconds) s")
    #expect(try await searched("zebra") == ["Zebra Custard"])

    let renamed = try await send(
      "PATCH", first.url("/api/v1/recipes/\(id)"), token: token,
      json: #"{"name": "Quagga Custard"}"#)
    #expect(renamed.status == 200, "\(renamed.body)")
    #expect(try await eventually(["Quagga Custard"], found).answer == ["Quagga Custard"])
    #expect(try await searched("quagga") == ["Quagga Custard"])
    #expect(try await searched("zebra") == [])

    let deleted = try await send("DELETE", first.url("/api/v1/recipes/\(id)"), token: token)
    #expect(deleted.status == 204 || deleted.status == 200, "\(deleted.body)")
    #expect(try await eventually([], found).answer == [])
    #expect(try await searched("quagga") == [])
  }
}
