import Foundation
import LarderApplication
import LarderCore
import LarderHTTP
import LarderServer
import LarderTestSupport
import Testing

/// What another site could make a signed-in browser send: each is refused and nothing changes,
/// although the browser carries a valid session cookie.
@Suite struct CrossSiteProbeTests {
  struct Probe: CustomTestStringConvertible, Sendable {
    let name: String
    let method: String
    let path: String
    let headers: [String: String]
    let body: String
    let status: Int
    /// Whether the probe carries the page's form token (it must still fail for another reason).
    var withFormToken = false

    var testDescription: String { name }
  }

  static let recipe = #"{"name": "Forged Toast", "ingredients": ["1 slice bread"]}"#

  static let probes: [Probe] = [
    Probe(
      name: "JSON without a Content-Type", method: "POST", path: "/api/v1/recipes", headers: [:],
      body: recipe, status: 415),
    Probe(
      name: "text/plain; charset=json", method: "POST", path: "/api/v1/recipes",
      headers: ["content-type": "text/plain; charset=json"], body: recipe, status: 415),
    Probe(
      name: "an HTML form to the API", method: "POST", path: "/api/v1/recipes",
      headers: ["content-type": "application/x-www-form-urlencoded"], body: "name=Forged",
      status: 415),
    Probe(
      name: "a foreign Origin", method: "POST", path: "/api/v1/recipes",
      headers: ["content-type": "application/json", "origin": "https://evil.example"],
      body: recipe, status: 403),
    Probe(
      name: "Sec-Fetch-Site cross-site", method: "DELETE", path: "/api/v1/recipes/any",
      headers: ["sec-fetch-site": "cross-site"], body: "", status: 403),
    Probe(
      name: "a rebinding Host", method: "POST", path: "/api/v1/recipes",
      headers: ["content-type": "application/json", "host": "rebind.attacker.example"],
      body: recipe, status: 421),
    Probe(
      name: "a form post without the form token", method: "POST", path: "/account/tokens",
      headers: ["content-type": "application/x-www-form-urlencoded"], body: "name=stolen",
      status: 403),
    Probe(
      name: "an upload sent as a form", method: "POST", path: "/api/v1/import",
      headers: ["content-type": "multipart/form-data; boundary=x"], body: "--x--", status: 415,
      withFormToken: true),
    Probe(
      name: "an upload without the form token", method: "POST", path: "/api/v1/import",
      headers: ["content-type": "application/json"], body: recipe, status: 403),
    Probe(
      name: "a foreign Origin on a page form", method: "POST", path: "/logout",
      headers: [
        "content-type": "application/x-www-form-urlencoded", "origin": "https://evil.example",
      ], body: "", status: 403),
  ]

  @Test(arguments: probes)
  func refusedWithNothingChanged(probe: Probe) throws {
    let web = try AccountsApp()
    let owner = try web.larder.createFirstOwner(
      NewAccountRequest(login: "ana", password: "correct horse"),
      setupCode: web.larder.accounts!.setupCode,
      client: ClientInfo(address: "127.0.0.1", userAgent: ""))
    let ana = try web.credential(session: owner.token)
    let recipesBefore = try web.larder.health(as: owner.caller).recipes
    var headers = probe.headers
    if probe.withFormToken { headers["x-larder-form-token"] = ana.formToken ?? "" }
    let response = web.send(
      probe.method, probe.path, body: Data(probe.body.utf8), headers: headers, as: ana)
    #expect(response.status == probe.status, "\(response.text.prefix(200))")
    #expect(try web.larder.health(as: owner.caller).recipes == recipesBefore)
    #expect(try web.larder.apiTokens(as: owner.caller).isEmpty)
    #expect(try web.larder.authenticate(sessionToken: owner.token).user == owner.caller.user)
  }
}
