import Foundation
import LarderTestSupport
import Testing

@testable import LarderServer

/// Every answer says what it is and may not be framed or sniffed, not only the pages.
@Suite struct SecurityHeadersTests {
  @Test func jsonAnswersAndErrorsCarryAPolicyUnderWhichNothingRuns() throws {
    let (client, _) = try TestClient.make(recipes: [Fixtures.tomatoSoup()])
    for response in [
      client.send("GET", "/api/v1/recipes"), client.send("GET", "/api/v1/recipes/nope"),
      client.send("GET", "/api/v1/no-such-endpoint"),
    ] {
      #expect(response.headerValue(named: "X-Content-Type-Options") == "nosniff")
      #expect(response.headerValue(named: "Referrer-Policy") == "same-origin")
      let policy = try #require(response.headerValue(named: "Content-Security-Policy"))
      #expect(policy.contains("default-src 'none'") && policy.contains("frame-ancestors 'none'"))
    }
  }

  @Test func pagesKeepTheirPolicyAndScriptsGetNoneThatWouldBindTheServiceWorker() throws {
    let (client, _) = try TestClient.make()
    let page = client.send("GET", "/library")
    #expect(
      page.headerValue(named: "Content-Security-Policy")?.contains("script-src 'self'") == true)
    let worker = client.send("GET", "/sw.js")
    #expect(worker.status == 200)
    #expect(worker.headerValue(named: "X-Content-Type-Options") == "nosniff")
    #expect(worker.headerValue(named: "Content-Security-Policy") == nil)
  }
}
