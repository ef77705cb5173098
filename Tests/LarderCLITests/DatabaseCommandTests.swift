import Foundation
import Testing

/// A PostgreSQL server to test against (`scripts/with-postgres.sh` sets it), and fresh
/// databases on it, made with psql.
enum TestPostgresServer {
  static let url: String? = {
    let value = ProcessInfo.processInfo.environment["LARDER_TEST_POSTGRES"] ?? ""
    return value.isEmpty ? nil : value
  }()

  /// A new, empty database's address.
  static func freshDatabase() throws -> String {
    let url = try #require(url)
    let name = "c_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    let psql = Process()
    psql.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
    psql.arguments = [url, "-q", "-v", "ON_ERROR_STOP=1", "-c", "CREATE DATABASE \(name)"]
    try psql.run()
    psql.waitUntilExit()
    try #require(psql.terminationStatus == 0, "psql could not make a database")
    return url[..<(url.lastIndex(of: "/") ?? url.endIndex)] + "/" + name
  }
}

/// `larder db copy` on the real binary.
@Suite(
  .enabled(if: TestPostgresServer.url != nil, "needs a PostgreSQL server (LARDER_TEST_POSTGRES)"))
struct DatabaseCommandTests {
  @Test func aLibraryIsCopiedToPostgresAndBackWithEveryTableChecked() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.writeJSON(BackupCommandTests.soups, to: "soups.json")
    #expect(try sandbox.larder("import", file).status == 0)
    let postgres = try TestPostgresServer.freshDatabase()

    let there = try sandbox.larder(
      "db", "copy", "--from", sandbox.path("larder.sqlite"), "--to", postgres,
      withDatabase: false)
    #expect(there.status == 0, "\(there)")
    #expect(there.stdout.contains("Copied the library from "), "\(there)")
    #expect(there.stdout.contains("recipes"), "\(there)")
    #expect(there.stdout.contains("every table matches"), "\(there)")

    let back = sandbox.path("back/larder.sqlite")
    let returned = try sandbox.larder(
      "--json", "db", "copy", "--from", postgres, "--to", back, withDatabase: false)
    #expect(returned.status == 0, "\(returned)")
    let report =
      try JSONSerialization.jsonObject(with: Data(returned.stdout.utf8)) as? [String: Any]
    let tables = report?["tables"] as? [[String: Any]] ?? []
    #expect(tables.first { $0["name"] as? String == "recipes" }?["rows"] as? Int == 2)
    let listed = try sandbox.larder("--db", back, "search", "soup", withDatabase: false)
    #expect(listed.stdout.contains("Nettle Soup") && listed.stdout.contains("Leek Soup"))

    // Never over a library.
    let again = try sandbox.larder(
      "db", "copy", "--from", sandbox.path("larder.sqlite"), "--to", postgres,
      withDatabase: false)
    #expect(again.status == 1)
    #expect(again.stderr.contains("not empty"), "\(again)")
  }

  @Test func aMissingTargetIsAUsageError() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.larder("db", "copy", "--from", "x.sqlite", withDatabase: false)
    #expect(result.status == 2)
    #expect(result.stderr.contains("--to TARGET"), "\(result)")
  }
}
