import Foundation
import LarderApplication
import LarderCore
import LarderHTTP
import LarderTestSupport
import Testing

@testable import LarderServer

/// A change a phone kept offline may be sent twice (the page closed before it heard the
/// answer); sent with the same `Idempotency-Key` it is made once, and the cross-site checks
/// still come first.
@Suite struct ReplayedChangesTests {
  static let toast = #"{"name": "Offline Toast"}"#
  static let ownPage = ["origin": "http://127.0.0.1:8080", "sec-fetch-site": "same-origin"]

  @Test func aChangeSentAgainWithItsKeyIsMadeOnceAndAnsweredAlike() throws {
    let store = InMemoryRecipeStore()
    let (client, _) = try TestClient.make(store: store)
    var headers = Self.ownPage
    headers["idempotency-key"] = "2f1d6c1e-queued-1"
    let first = client.send("POST", "/api/v1/recipes", json: Self.toast, headers: headers)
    #expect(first.status == 201)
    let again = client.send("POST", "/api/v1/recipes", json: Self.toast, headers: headers)
    #expect(again.status == 201)
    #expect(again.object["id"] as? String == first.object["id"] as? String)
    #expect(again.headers["Idempotent-Replayed"] == "true")
    #expect(try store.recipeCount(household: .default) == 1)
    // Another key is another change; no key at all is never replayed.
    headers["idempotency-key"] = "2f1d6c1e-queued-2"
    #expect(
      client.send("POST", "/api/v1/recipes", json: Self.toast, headers: headers).status == 201)
    #expect(
      client.send("POST", "/api/v1/recipes", json: Self.toast, headers: Self.ownPage).status == 201)
    #expect(
      client.send("POST", "/api/v1/recipes", json: Self.toast, headers: Self.ownPage).status == 201)
    #expect(try store.recipeCount(household: .default) == 4)
  }

  @Test func aKeyDoesNotGetPastTheCrossSiteChecks() throws {
    let store = InMemoryRecipeStore()
    let (client, _) = try TestClient.make(store: store)
    var headers = Self.ownPage
    headers["idempotency-key"] = "kept-offline-1"
    #expect(
      client.send("POST", "/api/v1/recipes", json: Self.toast, headers: headers).status == 201)
    // Another site replaying the same key is refused before any kept answer is looked at.
    headers["origin"] = "https://attacker.example"
    let forged = client.send("POST", "/api/v1/recipes", json: Self.toast, headers: headers)
    #expect(forged.status == 403)
    #expect(forged.errorCode == "cross_site")
    #expect(try store.recipeCount(household: .default) == 1)
  }

  @Test func aRefusedChangeIsAnsweredAlikeAndAFailureIsNotKept() throws {
    let replays = ReplayedChanges(capacity: 2)
    let now = Date(timeIntervalSince1970: 1_000_000)
    var made = 0
    let refused = {
      made += 1
      return HTTPResponse(status: made == 1 ? 503 : 404)
    }
    #expect(replays.answer(for: "a", now: now, refused).status == 503)
    #expect(replays.answer(for: "a", now: now, refused).status == 404)  // tried again
    #expect(replays.answer(for: "a", now: now, refused).status == 404)  // kept
    #expect(made == 2)
    // A day later the key is forgotten; beyond the capacity the oldest goes.
    #expect(replays.answer(for: "a", now: now + 86_401, refused).status == 404)
    #expect(made == 3)
    _ = replays.answer(for: "b", now: now + 86_402) { HTTPResponse(status: 201) }
    _ = replays.answer(for: "c", now: now + 86_403) { HTTPResponse(status: 201) }
    #expect(replays.answer(for: "a", now: now + 86_404) { HTTPResponse(status: 200) }.status == 200)
  }
}

/// Answers kept in one place for several apps, as PostgreSQL keeps them for several processes.
final class SharedAnswers: ReplayedAnswerStore, @unchecked Sendable {
  private let lock = NSLock()
  private var kept: [String: (at: Date, answer: StoredAnswer)] = [:]

  func replayedAnswer(key: String, notBefore: Date) throws -> StoredAnswer? {
    lock.withLock { kept[key].flatMap { $0.at >= notBefore ? $0.answer : nil } }
  }

  func keepAnswer(_ answer: StoredAnswer, key: String, at: Date, forgetBefore: Date) throws {
    lock.withLock {
      kept = kept.filter { $0.value.at >= forgetBefore }
      kept[key] = (at, answer)
    }
  }
}

@Suite struct SharedReplayedChangesTests {
  @Test func aChangeSentAgainToAnotherProcessIsStillMadeOnce() throws {
    let store = InMemoryRecipeStore()
    let answers = SharedAnswers()
    func app() -> TestClient {
      var larder = Larder(recipes: store, clock: { Fixtures.now })
      larder.replayedAnswers = answers
      return TestClient(
        app: LarderApp(larder: larder, caller: .defaultHousehold), logged: LogRecorder())
    }
    let (first, second) = (app(), app())
    var headers = ReplayedChangesTests.ownPage
    headers["idempotency-key"] = "phone-queued-7"
    let made = first.send(
      "POST", "/api/v1/recipes", json: ReplayedChangesTests.toast, headers: headers)
    #expect(made.status == 201)
    let again = second.send(
      "POST", "/api/v1/recipes", json: ReplayedChangesTests.toast, headers: headers)
    #expect(again.status == 201)
    #expect(again.headers["Idempotent-Replayed"] == "true")
    #expect(again.object["id"] as? String == made.object["id"] as? String)
    #expect(try store.recipeCount(household: .default) == 1)
  }
}
