import Foundation
import LarderCore
import LarderStore
import LarderTestSupport
import Testing

@testable import LarderApplication

/// The PostgreSQL server the tests may use (`scripts/with-postgres.sh` sets it).
private let postgresURL: String? = {
  let value = ProcessInfo.processInfo.environment["LARDER_TEST_POSTGRES"] ?? ""
  return value.isEmpty ? nil : value
}()

/// Two Larders on one PostgreSQL schema stand for two processes on one database.
@Suite(.enabled(if: postgresURL != nil, "needs a PostgreSQL server (LARDER_TEST_POSTGRES)"))
struct OtherProcessesTests {
  let caller = Caller.defaultHousehold

  private func twoLarders() throws -> (
    follower: Larder, followerStore: PostgresRecipeStore, writer: Larder
  ) {
    let url = try #require(postgresURL)
    let schema = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    let first = try PostgresRecipeStore.open(url: url, schema: schema, maximumConnections: 2)
    let second = try PostgresRecipeStore.open(url: url, schema: schema, maximumConnections: 2)
    return (
      Larder(recipes: first, analysis: .householdFoods, foodStore: first, clock: { Fixtures.now }),
      first,
      Larder(recipes: second, analysis: .householdFoods, foodStore: second, clock: { Fixtures.now })
    )
  }

  /// Asks `answer` until it gives `expected`, for up to five seconds.
  private func eventually<T: Equatable>(_ expected: T, _ answer: () throws -> T) rethrows -> T {
    let deadline = Date().addingTimeInterval(5)
    var last = try answer()
    while last != expected && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
      last = try answer()
    }
    return last
  }

  @Test func recipesWrittenByAnotherProcessReachThisOnesFinder() throws {
    let (follower, store, writer) = try twoLarders()
    try follower.followChanges(of: store)
    defer { store.stopFollowingChanges() }
    let request = FinderRequest(have: ["milk", "eggs", "sugar"])
    func found() throws -> [String] {
      try follower.findRecipes(request, as: caller).items.map(\.recipe.name)
    }
    // The finder is built now, empty; nothing but the notices can bring the custard in.
    #expect(try found() == [])
    let custard = try writer.createRecipe(
      Fixtures.dinner("Custard", ["2 cups milk", "3 eggs", "50 g sugar"]), as: caller)
    #expect(try eventually(["Custard"], found) == ["Custard"])
    try writer.deleteRecipe(custard.id, as: caller)
    #expect(try eventually([], found) == [])
  }

  @Test func changesThatMayHaveBeenMissedReloadTheFinder() throws {
    let (follower, store, writer) = try twoLarders()
    let request = FinderRequest(have: ["milk", "eggs", "sugar"])
    #expect(try follower.findRecipes(request, as: caller).items.isEmpty)
    // Written while the follower was not following: only a reload finds it.
    _ = try writer.createRecipe(
      Fixtures.dinner("Custard", ["2 cups milk", "3 eggs", "50 g sugar"]), as: caller)
    #expect(try follower.findRecipes(request, as: caller).items.isEmpty)
    try follower.followChanges(of: store)
    defer { store.stopFollowingChanges() }
    follower.applyChangesFromElsewhere([.unknown])
    #expect(try follower.findRecipes(request, as: caller).items.map(\.recipe.name) == ["Custard"])
  }
}
