import Foundation
import LarderCore
import LarderHTTP
import LarderStore
import LarderTestSupport
import Testing

@testable import LarderServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A few journeys over a real socket: the app behind libmicrohttpd on a free loopback port.
@Suite struct ServerSocketTests {
  /// Starts the app over a fresh SQLite database; stops the server when `body` returns.
  private func withServer(
    maxBodyBytes: Int = 1 << 20, _ body: (URL, SQLiteRecipeStore) throws -> Void
  ) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-server-\(UUID().uuidString)")
    let store = try SQLiteRecipeStore.open(path: folder.appendingPathComponent("db.sqlite").path)
    let app = LarderApp(store: store, clock: { Fixtures.now })
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    configuration.maxBodyBytes = maxBodyBytes
    let server = HTTPServer(
      configuration: configuration, log: { _ in }, handler: { app.respond(to: $0) })
    try server.start()
    defer { server.stop() }
    try body(URL(string: "http://127.0.0.1:\(server.boundPort)")!, store)
  }

  @Test func createListGetAndDeleteOverHTTP() throws {
    try withServer { base, _ in
      let created = try send(
        "POST", base.appendingPathComponent("api/v1/recipes"),
        body: #"{"name": "Socket Soup", "ingredients": ["1 l stock"], "steps": ["Heat."]}"#)
      #expect(created.status == 201)
      let id = try #require(created.json["id"] as? String)
      let list = try send("GET", URL(string: "\(base)/api/v1/recipes?q=socket+soup")!)
      #expect(list.status == 200)
      #expect(list.json["total"] as? Int == 1)
      let page = try send("GET", URL(string: "\(base)/recipes/\(id)")!)
      #expect(page.status == 200)
      #expect(String(decoding: page.body, as: UTF8.self).contains("Socket Soup"))
      #expect(try send("DELETE", URL(string: "\(base)/api/v1/recipes/\(id)")!).status == 204)
      let gone = try send("GET", URL(string: "\(base)/api/v1/recipes/\(id)")!)
      #expect(gone.status == 404)
      #expect((gone.json["error"] as? [String: Any])?["code"] as? String == "not_found")
    }
  }

  @Test func badJSONAndWrongTypesAreClientErrors() throws {
    try withServer { base, store in
      let url = base.appendingPathComponent("api/v1/recipes")
      let syntax = try send("POST", url, body: "{\"name\": ")
      #expect(syntax.status == 400)
      let types = try send("POST", url, body: #"{"name": ["a", "list"]}"#)
      #expect(types.status == 422)
      #expect(
        (types.json["error"] as? [String: Any])?["message"] as? String
          == "field 'name': expected a string")
      #expect(try store.recipeCount(household: .default) == 0)
    }
  }

  @Test func oversizedBodyIs413AndNothingIsStored() throws {
    try withServer(maxBodyBytes: 4096) { base, store in
      let big = #"{"name": "Big", "notes": ""# + String(repeating: "x", count: 10_000) + #""}"#
      let response = try send("POST", base.appendingPathComponent("api/v1/recipes"), body: big)
      #expect(response.status == 413)
      #expect((response.json["error"] as? [String: Any])?["code"] as? String == "payload_too_large")
      #expect(try store.recipeCount(household: .default) == 0)
    }
  }

  @Test func aForeignHostIsRefusedOverTheSocketAndDeletesNothing() throws {
    try withServer { base, store in
      let created = try send(
        "POST", base.appendingPathComponent("api/v1/recipes"),
        body: #"{"name": "Rebind Soup", "ingredients": ["1 l stock"], "steps": ["Heat."]}"#)
      let id = try #require(created.json["id"] as? String)
      let url = URL(string: "\(base)/api/v1/recipes/\(id)")!
      let rebound = try send("DELETE", url, headers: ["Host": "rebind.attacker.example"])
      #expect(rebound.status == 421)
      #expect(
        (rebound.json["error"] as? [String: Any])?["code"] as? String == "misdirected_request")
      #expect(try store.recipeCount(household: .default) == 1)
      #expect(try send("GET", url).status == 200)
    }
  }

  // MARK: - A tiny synchronous HTTP client

  private struct Reply {
    let status: Int
    let body: Data
    var json: [String: Any] {
      (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }
  }

  private func send(
    _ method: String, _ url: URL, body: String? = nil, headers: [String: String] = [:]
  ) throws -> Reply {
    var request = URLRequest(url: url)
    request.httpMethod = method
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    if let body {
      request.httpBody = Data(body.utf8)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    let box = ReplyBox()
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: request) { data, response, error in
      box.set(data: data, status: (response as? HTTPURLResponse)?.statusCode, error: error)
      done.signal()
    }.resume()
    guard done.wait(timeout: .now() + 10) == .success else { throw URLError(.timedOut) }
    return try box.reply()
  }

  /// Carries a response from URLSession's queue to the waiting test.
  private final class ReplyBox: @unchecked Sendable {
    // Safe: written once before the semaphore is signalled, read after it is awaited.
    private var data: Data?
    private var status: Int?
    private var error: Error?
    func set(data: Data?, status: Int?, error: Error?) {
      self.data = data
      self.status = status
      self.error = error
    }
    func reply() throws -> Reply {
      if let error { throw error }
      return Reply(status: status ?? 0, body: data ?? Data())
    }
  }
}
