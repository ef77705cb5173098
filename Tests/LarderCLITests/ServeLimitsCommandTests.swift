import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `larder serve --max-file-size` and the connection limits, as a user starts the server.
@Suite struct ServeLimitsCommandTests {
  @Test func theImportUploadLimitIsMaxFileSize() async throws {
    let sandbox = try Sandbox()
    // The upload limit is never below max_body_bytes: lower both so a small body shows it.
    let process = try sandbox.start(
      ["serve", "--port", "0", "--max-file-size", "2KiB", "--max-connections-per-client", "4"],
      environment: ["LARDER_MAX_BODY_BYTES": "1024"])
    defer { process.killed() }
    let stderr = try #require(
      await process.stderr(containing: "Press Ctrl-C to stop.", within: .seconds(60)))
    let match = try #require(stderr.firstMatch(of: #/127\.0\.0\.1:(\d+)/ /#))
    var request = URLRequest(
      url: URL(string: "http://127.0.0.1:\(match.1)/api/v1/import?filename=big.json")!,
      timeoutInterval: 5)
    request.httpMethod = "POST"
    request.httpBody = Data(repeating: UInt8(ascii: " "), count: 3000)
    let (data, response) = try await URLSession.shared.data(for: request)
    #expect((response as? HTTPURLResponse)?.statusCode == 413)
    #expect(String(decoding: data, as: UTF8.self).contains("request body exceeds 2048 bytes"))
  }

  @Test func aPerClientLimitOverTheGlobalOneStopsServeWithExitTwo() throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder(
      "serve", "--port", "0", "--max-connections", "10", "--max-connections-per-client", "20",
      timeout: .seconds(60))
    #expect(run.status == 2, "\(run)")
    #expect(
      run.stderr.contains(
        "option --max-connections-per-client: '20' is more than max_connections (10)"),
      "\(run)")
    #expect(!run.stderr.contains("is serving"), "\(run)")
  }
}
