import Foundation
import LarderCore
import LarderStore
import LarderTestSupport
import Testing

/// The store implementations that must behave alike. PostgreSQL is among them when a server
/// is there to test against (``TestPostgres``).
enum StoreKind: String, CaseIterable, CustomStringConvertible, Sendable {
  case sqlite
  case memory
  case postgres

  /// Every kind that can be tested here: PostgreSQL only with a server.
  static var allCases: [StoreKind] {
    TestPostgres.url == nil ? [.sqlite, .memory] : [.sqlite, .memory, .postgres]
  }

  var description: String { rawValue }

  /// A fresh, empty store of this kind.
  func makeStore() throws -> any RecipeStore {
    switch self {
    case .sqlite:
      return try SQLiteRecipeStore.open(path: TemporaryFolder.make().appending("larder.sqlite"))
    case .memory: return InMemoryRecipeStore()
    case .postgres: return try TestPostgres.makeStore()
    }
  }

  /// A fresh, empty food store of this kind.
  func makeFoodStore() throws -> any FoodStore {
    switch self {
    case .sqlite:
      return try SQLiteRecipeStore.open(path: TemporaryFolder.make().appending("larder.sqlite"))
    case .memory: return InMemoryFoodStore()
    case .postgres: return try TestPostgres.makeStore()
    }
  }

  /// A fresh, empty planning store of this kind.
  func makePlanningStore() throws -> any PlanningStore {
    switch self {
    case .sqlite:
      return SQLitePlanningStore(
        sharing: try SQLiteRecipeStore.open(
          path: TemporaryFolder.make().appending("larder.sqlite")))
    case .memory: return InMemoryPlanningStore()
    case .postgres: return PostgresPlanningStore(sharing: try TestPostgres.makeStore())
    }
  }
}

/// A new folder under the system's temporary directory for one test.
enum TemporaryFolder {
  static func make() throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-store-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}

extension String {
  /// This path with a component appended.
  func appending(_ component: String) -> String {
    (self as NSString).appendingPathComponent(component)
  }
}

/// The PostgreSQL server the tests may use: `LARDER_TEST_POSTGRES` names it
/// (`scripts/with-postgres.sh` starts a private one and sets it; `make test` runs the suite
/// that way). Each store gets a schema of its own in that database, so tests run in parallel.
enum TestPostgres {
  /// The server's address, or nil when there is none to test against.
  static let url: String? = {
    let value = ProcessInfo.processInfo.environment["LARDER_TEST_POSTGRES"] ?? ""
    return value.isEmpty ? nil : value
  }()

  /// A fresh schema's name.
  static func freshSchema() -> String {
    "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
  }

  /// A fresh, empty PostgreSQL store in a schema of its own.
  static func makeStore(
    exactSearchLimit: Int = RecipeQuery.exactSearchLimit
  ) throws -> PostgresRecipeStore {
    guard let url else { throw NoServer() }
    return try PostgresRecipeStore.open(
      url: url, schema: freshSchema(), maximumConnections: 4, exactSearchLimit: exactSearchLimit)
  }

  struct NoServer: Error, CustomStringConvertible {
    var description: String { "no PostgreSQL server: set LARDER_TEST_POSTGRES" }
  }
}

/// Whether the PostgreSQL store was tested: `make test` asks for it (LARDER_REQUIRE_POSTGRES),
/// so a server that could not be started fails the run instead of skipping its tests unseen.
@Suite struct PostgresAvailabilityTests {
  @Test func postgresIsThereWhenTheRunAsksForIt() {
    let required = ProcessInfo.processInfo.environment["LARDER_REQUIRE_POSTGRES"] == "1"
    if TestPostgres.url == nil {
      #expect(
        !required,
        "LARDER_REQUIRE_POSTGRES=1 but LARDER_TEST_POSTGRES is not set: run the suite through scripts/with-postgres.sh"
      )
      if !required {
        print(
          "note: no PostgreSQL server (LARDER_TEST_POSTGRES unset): the PostgreSQL store's "
            + "contract tests are skipped; scripts/with-postgres.sh starts one")
      }
    } else {
      #expect(StoreKind.allCases.contains(.postgres))
    }
  }
}
