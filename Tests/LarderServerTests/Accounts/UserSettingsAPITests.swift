import Foundation
import LarderApplication
import LarderCore
import LarderHTTP
import LarderServer
import LarderTestSupport
import Testing

/// `GET` and `PUT /api/v1/settings`: each signed-in user's own staples, diets and units.
@Suite struct UserSettingsAPITests {
  @Test func settingsSavedInOneSessionAreReadInAnotherAndBadFieldsAreNamed() throws {
    let web = try AccountsApp()
    let larder = web.larder
    _ = try larder.createFirstOwner(
      NewAccountRequest(login: "ana", password: "correct horse"),
      setupCode: larder.accounts!.setupCode,
      client: ClientInfo(address: "127.0.0.1", userAgent: "Tests"))
    let phone = try web.signIn("ana", "correct horse")
    let laptop = try web.signIn("ana", "correct horse")

    let first = web.send("GET", "/api/v1/settings", as: laptop)
    #expect(first.status == 200)
    #expect(first.object["isStored"] as? Bool == false)
    #expect(first.object["staples"] as? [String] == ["salt", "black pepper", "water"])

    let saved = web.send(
      "PUT", "/api/v1/settings",
      json: """
        {"staples": ["salt", "blak peper", "olive oil"], "diets": ["vegetarian"], "units": "metric"}
        """,
      as: phone)
    #expect(saved.status == 200, "\(saved.text)")
    #expect(saved.object["unknownStaples"] as? [String] == ["blak peper"])

    let read = web.send("GET", "/api/v1/settings", as: laptop)
    #expect(read.object["staples"] as? [String] == ["salt", "olive oil"])
    #expect(read.object["diets"] as? [String] == ["vegetarian"])
    #expect(read.object["units"] as? String == "metric")
    #expect(read.object["isStored"] as? Bool == true)

    for (body, field) in [
      (#"{"diets": ["carnivore"]}"#, "diets"), (#"{"units": "imperial"}"#, "units"),
      (#"{"theme": "dark"}"#, "theme"),
    ] {
      let refused = web.send("PUT", "/api/v1/settings", json: body, as: phone)
      #expect(refused.status == 422, "\(body)")
      #expect(refused.errorCode == "invalid_field", "\(body): \(refused.text)")
      #expect(refused.text.contains(field), "\(body): \(refused.text)")
    }
    // A refused save changes nothing.
    #expect(web.send("GET", "/api/v1/settings", as: laptop).text == read.text)
  }
}
