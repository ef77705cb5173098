import Foundation
import Testing

@testable import LarderCLI

/// `larder serve` refuses to listen beyond loopback until the database has an account.
@Suite struct ServeBindCheckTests {
  @Test(arguments: ["0.0.0.0", "::", "192.168.1.20"])
  func serveRefusesANonLoopbackAddressWithoutAnAccount(host: String) throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder(
      ["serve", "--host", host, "--port", "0"], timeout: .seconds(20))
    #expect(run.status == 1, "\(run)")
    let shown = host.contains(":") ? "[\(host)]" : host
    #expect(
      run.stderr.contains(
        "larder: refusing to listen on \(shown): this Larder has no account yet"), "\(run)")
    #expect(run.stderr.contains("larder users add NAME --owner --password-stdin"), "\(run)")
    #expect(run.stderr.contains("larder serve --host 127.0.0.1"), "\(run)")
    #expect(run.stderr.contains("http://127.0.0.1:8080/setup"), "\(run)")
    #expect(!run.stderr.contains("is serving"), "\(run)")
  }

  @Test func serveListensOnEveryAddressOnceAnAccountExists() async throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.addUser("ana", password: "correct horse", "--owner").status == 0)
    let process = try sandbox.start(["serve", "--host", "0.0.0.0", "--port", "0"])
    defer { process.killed() }
    let stderr = await process.stderr(containing: "Press Ctrl-C to stop.", within: .seconds(60))
    #expect(
      stderr?.contains("is serving 0 recipes at http://0.0.0.0:") == true, "\(process.stderr)")
    #expect(stderr?.contains("refusing") == false)
    process.send(SIGTERM)
    let run = await process.exited(within: .seconds(60))
    #expect(run?.status == 0, "\(String(describing: run))")
  }

  @Test func loopbackServesWithoutAnAccount() async throws {
    let sandbox = try Sandbox()
    let process = try sandbox.start(["serve", "--host", "localhost", "--port", "0"])
    defer { process.killed() }
    let stderr = await process.stderr(containing: "Press Ctrl-C to stop.", within: .seconds(60))
    #expect(
      stderr?.contains("is serving 0 recipes at http://localhost:") == true, "\(process.stderr)")
    process.send(SIGTERM)
    let run = await process.exited(within: .seconds(60))
    #expect(run?.status == 0, "\(String(describing: run))")
  }

  @Test(arguments: [
    ("127.0.0.1", true), ("127.1.2.3", true), ("localhost", true), ("LOCALHOST", true),
    ("::1", true), ("[::1]", true), ("0:0:0:0:0:0:0:1", true), ("::ffff:127.0.0.1", true),
    ("0.0.0.0", false), ("::", false), ("[::]", false), ("192.168.1.20", false),
    ("10.0.0.1", false), ("fe80::1", false), ("::ffff:192.168.1.20", false),
    ("127.example.org", false), ("my-laptop", false), ("128.0.0.1", false),
  ])
  func onlyLoopbackAddressesCountAsLoopback(host: String, isLoopback: Bool) {
    #expect(ServeBindCheck.isLoopback(host) == isLoopback)
  }
}
