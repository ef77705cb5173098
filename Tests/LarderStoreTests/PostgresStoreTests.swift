import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// What only the PostgreSQL store does: several processes on one database. Two stores opened
/// on one schema stand for two processes (each has its own connections and origin).
@Suite(.enabled(if: TestPostgres.url != nil, "needs a PostgreSQL server (LARDER_TEST_POSTGRES)"))
struct PostgresStoreTests {
  let household = HouseholdID.default

  /// Collects the changes a store reports.
  final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var changes: [StoreChange] = []

    func add(_ batch: [StoreChange]) {
      lock.lock()
      changes += batch
      lock.unlock()
    }

    var all: [StoreChange] {
      lock.lock()
      defer { lock.unlock() }
      return changes
    }

    /// Waits up to `seconds` for `count` changes.
    func wait(for count: Int, seconds: Double = 5) -> [StoreChange] {
      let deadline = Date().addingTimeInterval(seconds)
      while all.count < count && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
      return all
    }
  }

  private func twoProcesses() throws -> (PostgresRecipeStore, PostgresRecipeStore) {
    let url = try #require(TestPostgres.url)
    let schema = TestPostgres.freshSchema()
    return (
      try PostgresRecipeStore.open(url: url, schema: schema, maximumConnections: 2),
      try PostgresRecipeStore.open(url: url, schema: schema, maximumConnections: 2)
    )
  }

  @Test func aVersionFiveSchemaAsksForOneMoreAnalysisWithMisspeltNames() throws {
    let url = try #require(TestPostgres.url)
    let schema = TestPostgres.freshSchema()
    do {
      let database = try PostgresDatabase(url: url, schema: schema, maximumConnections: 1)
      #expect(try PostgresMigrations.migrate(database, upTo: 5) == 0)
      let old = PostgresRecipeStore(database: database, previousVersion: 5)
      _ = try old.createRecipe(Fixtures.pancakes(), household: .default, now: Fixtures.now)
      #expect(try old.householdsAwaitingAnalysis().isEmpty)
    }
    let store = try PostgresRecipeStore.open(url: url, schema: schema, maximumConnections: 1)
    #expect(store.previousSchemaVersion == 5)
    #expect(try store.householdsAwaitingAnalysis() == [.default])
  }

  @Test func aChangeMadeByOneProcessIsReportedToTheOtherAndNotToItself() throws {
    let (first, second) = try twoProcesses()
    let seenByFirst = Collected()
    let seenBySecond = Collected()
    try first.followChanges { seenByFirst.add($0) }
    try second.followChanges { seenBySecond.add($0) }
    defer {
      first.stopFollowingChanges()
      second.stopFollowingChanges()
    }
    var recipe = try second.createRecipe(
      Fixtures.pancakes(), household: household, now: Fixtures.now)
    recipe.name = "Thin Pancakes"
    _ = try second.updateRecipe(recipe, household: household, now: Fixtures.now)
    try second.deleteRecipe(id: recipe.id, household: household)
    try second.saveSynonym(
      UserSynonym("flapjack mix", foodID: "flour"), household: household, now: Fixtures.now)
    let expected: [StoreChange] = [
      .recipe(recipe.id, household: household, deleted: false),
      .recipe(recipe.id, household: household, deleted: false),
      .recipe(recipe.id, household: household, deleted: true),
      .foods(household),
    ]
    #expect(seenByFirst.wait(for: expected.count) == expected)
    // The writer's own changes are not reported back to it.
    Thread.sleep(forTimeInterval: 0.3)
    #expect(seenBySecond.all.isEmpty)
  }

  @Test func stoppingEndsTheReports() throws {
    let (first, second) = try twoProcesses()
    let seen = Collected()
    try first.followChanges { seen.add($0) }
    first.stopFollowingChanges()
    _ = try second.createRecipe(Fixtures.pancakes(), household: household, now: Fixtures.now)
    Thread.sleep(forTimeInterval: 0.5)
    #expect(seen.all.isEmpty)
  }

  @Test func aWrongAddressOrDatabaseSaysWhereWithoutThePassword() throws {
    #expect {
      try PostgresRecipeStore.open(url: "postgres://larder:s3cret@127.0.0.1:1/none")
    } throws: { error in
      let text = "\(error)"
      return text.contains("127.0.0.1") && !text.contains("s3cret") && text.contains("***")
    }
  }

  @Test func failedSignInsCountedByOneProcessSlowTheOther() throws {
    let (first, second) = try twoProcesses()
    let one = PostgresAccountStore(sharing: first)
    let other = PostgresAccountStore(sharing: second)
    let rule = SignInWaitRule(freeFailures: 2, window: 86_400, longestWait: 900)
    let keys = ["login:ana", "client:10.0.0.7"]
    let now = Fixtures.now
    // Two free failures through the first process.
    for _ in 0..<2 { #expect(try one.beginSignInAttempt(keys, now: now, rule: rule) == 0) }
    // The second process sees them: the next attempt must wait a second (2^(2-2)).
    #expect(try other.beginSignInAttempt(keys, now: now, rule: rule) == 1)
    #expect(try other.beginSignInAttempt(["login:bo"], now: now, rule: rule) == 0)
    // After the wait, an attempt is let through; a success forgets the name's failures, and
    // the address keeps the others.
    let later = now.addingTimeInterval(1)
    #expect(try other.beginSignInAttempt(keys, now: later, rule: rule) == 0)
    try other.takeBackSignInAttempt(keys)
    #expect(try one.beginSignInAttempt(["login:ana"], now: later, rule: rule) == 0)
    #expect(try one.beginSignInAttempt(["client:10.0.0.7"], now: later, rule: rule) > 0)
    // A day later everything is forgotten.
    let tomorrow = now.addingTimeInterval(86_401 + 10)
    #expect(try one.beginSignInAttempt(["client:10.0.0.7"], now: tomorrow, rule: rule) == 0)
  }

  @Test func aBackgroundJobRunsInOneProcessAtATime() throws {
    let (first, second) = try twoProcesses()
    var ranInside = true
    let ran = try first.runExclusively("analysis catch-up") {
      ranInside = try second.runExclusively("analysis catch-up") {}
      // Another job's name is another lock.
      #expect(try second.runExclusively("backups") {})
    }
    #expect(ran)
    #expect(!ranInside)
    #expect(try second.runExclusively("analysis catch-up") {})
  }

  @Test func anAnswerKeptByOneProcessIsReplayedByTheOtherForADay() throws {
    let (first, second) = try twoProcesses()
    let answer = StoredAnswer(
      status: 201, headers: ["Content-Type": "application/json"], body: Data(#"{"id":"x"}"#.utf8))
    let now = Fixtures.now
    try first.keepAnswer(answer, key: "k1", at: now, forgetBefore: now.addingTimeInterval(-86_400))
    #expect(
      try second.replayedAnswer(key: "k1", notBefore: now.addingTimeInterval(-86_400)) == answer)
    #expect(try second.replayedAnswer(key: "k2", notBefore: now.addingTimeInterval(-86_400)) == nil)
    // A day on it is forgotten, and a newer answer under the key replaces it.
    let later = now.addingTimeInterval(86_401)
    #expect(
      try second.replayedAnswer(key: "k1", notBefore: later.addingTimeInterval(-86_400)) == nil)
    try second.keepAnswer(
      answer, key: "k3", at: later, forgetBefore: later.addingTimeInterval(-86_400))
    #expect(try first.replayedAnswer(key: "k1", notBefore: .distantPast) == nil)
  }

  @Test func aSearchBeyondTheLimitListsTitleMatchesFirstNewestFirstAsOnSQLite() throws {
    let store = try TestPostgres.makeStore(exactSearchLimit: 5)
    for (index, recipe) in LargeSearchTests.chicken.enumerated() {
      _ = try store.createRecipe(
        Fixtures.dinner(recipe.name, recipe.lines), household: recipe.household,
        now: Fixtures.now.addingTimeInterval(Double(index)))
    }
    let page = try store.recipes(
      matching: RecipeQuery(text: "chicken", limit: 4), household: .default)
    #expect(!page.totalIsExact)
    #expect(page.items.map(\.name) == ["Chicken Curry", "Roast Chicken", "Chicken Soup", "Gravy"])
    var names: [String] = []
    var query = RecipeQuery(text: "chick", limit: 3)
    while true {
      let next = try store.recipes(matching: query, household: .default)
      names += next.items.map(\.name)
      guard next.hasMore else { break }
      query.offset += 3
      try #require(query.offset < 50, "the pages never end")
    }
    #expect(
      names == [
        "Chicken Curry", "Roast Chicken", "Chicken Soup", "Gravy", "Pilaf", "Paella", "Risotto",
        "Lentil Stew",
      ])
    // A renamed recipe moves between the tiers.
    var gravy = try #require(
      try store.recipes(matching: RecipeQuery(text: "gravy"), household: .default).items.first)
    var recipe = try #require(try store.recipe(id: gravy.id, household: .default))
    recipe.name = "Chicken Gravy"
    _ = try store.updateRecipe(recipe, household: .default, now: Fixtures.now)
    gravy = try #require(
      try store.recipes(matching: RecipeQuery(text: "chicken", limit: 4), household: .default)
        .items.first)
    #expect(gravy.name == "Chicken Gravy")
  }

  @Test func writesFromTwoProcessesAtOnceAreAllKept() throws {
    let (first, second) = try twoProcesses()
    DispatchQueue.concurrentPerform(iterations: 20) { index in
      let store = index.isMultiple(of: 2) ? first : second
      var recipe = Fixtures.tomatoSoup()
      recipe.name = "Soup \(index)"
      _ = try? store.createRecipe(recipe, household: household, now: Fixtures.now)
    }
    #expect(try first.recipeCount(household: household) == 20)
    #expect(
      try second.recipes(matching: RecipeQuery(text: "soup", limit: 50), household: household).total
        == 20)
  }
}
