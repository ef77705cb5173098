import Foundation
import LarderApplication
import LarderCore
import LarderHTTP
import LarderServer
import LarderTestSupport
import Testing

/// The Cook page's pantry is the household's stored one: an owner may change it from the page,
/// a viewer cooks from it and is told why the page offers no way to change it.
@Suite struct CookPagePantryTests {
  /// A household of an owner (ana) and a viewer (vi) with one recipe, pancakes.
  func household() throws -> (
    web: AccountsApp, ana: AccountsApp.Credential, vi: AccountsApp.Credential, recipe: Recipe
  ) {
    let web = try AccountsApp()
    let larder = web.larder
    let owner = try larder.createFirstOwner(
      NewAccountRequest(login: "ana", password: "correct horse"),
      setupCode: larder.accounts!.setupCode,
      client: ClientInfo(address: "127.0.0.1", userAgent: "Tests"))
    let ana = try web.credential(session: owner.token)
    let recipe = try larder.createRecipe(Fixtures.pancakes(), as: owner.caller)
    let invitation = try larder.createInvitation(
      NewInvitationRequest(role: .viewer), as: try larder.authenticate(sessionToken: owner.token))
    let viewer = try larder.acceptInvitation(
      token: String(invitation.path.dropFirst("/join/".count)),
      newAccount: NewAccountRequest(login: "vi", password: "viewer pass"),
      client: ClientInfo(address: "127.0.0.1", userAgent: "Tests"))
    return (web, ana, try web.credential(session: viewer.token), recipe)
  }

  @Test func aViewerCooksFromTheHouseholdsPantryAndIsToldItCannotChangeIt() throws {
    let (web, ana, vi, _) = try household()

    let ownersPage = web.send("GET", "/", as: ana)
    #expect(ownersPage.status == 200)
    #expect(ownersPage.text.contains(#"data-can-change="true""#))
    #expect(!ownersPage.text.contains("pantry-read-only"))

    let viewersPage = web.send("GET", "/", as: vi)
    #expect(viewersPage.status == 200)
    #expect(viewersPage.text.contains(#"data-can-change="false""#))
    #expect(viewersPage.text.contains(#"id="pantry-read-only""#))
    #expect(viewersPage.text.contains(#"<div class="pantry-entry" hidden>"#))

    // The owner's chip is a stored item; the viewer's finder reads it, and may not add one.
    let added = web.send(
      "POST", "/api/v1/pantry", json: #"{"name": "egg", "food": "egg"}"#, as: ana)
    #expect(added.status == 201)
    let found = web.send("POST", "/api/v1/finder", json: #"{"missing": 5}"#, as: vi)
    #expect(found.object["pantrySource"] as? String == "stored")
    let refused = web.send(
      "POST", "/api/v1/pantry", json: #"{"name": "milk", "food": "milk"}"#, as: vi)
    #expect(refused.status == 403)
  }

  /// A viewer's pantry, list, plan and recipe pages show the household's data with none of the
  /// forms and buttons whose requests the server refuses a viewer (403).
  @Test func aViewersPlanningAndRecipePagesOfferNothingTheServerWouldRefuse() throws {
    let (web, ana, vi, recipe) = try household()
    #expect(web.send("POST", "/api/v1/pantry", json: #"{"line": "6 eggs"}"#, as: ana).status == 201)
    #expect(
      web.send("POST", "/api/v1/shopping-list/items", json: #"{"line": "2 lemons"}"#, as: ana)
        .status == 201)

    func count(_ text: String, in html: String) -> Int {
      html.components(separatedBy: text).count - 1
    }
    for path in ["/pantry", "/list", "/plan"] {
      let owners = web.send("GET", path, as: ana).text
      #expect(owners.contains(#"data-can-change="true""#), "\(path)")
      #expect(!owners.contains(#"id="read-only-note""#), "\(path)")
      let viewers = web.send("GET", path, as: vi).text
      #expect(viewers.contains(#"data-can-change="false""#), "\(path)")
      #expect(viewers.contains(#"id="read-only-note""#), "\(path)")
    }
    // The stored rows have no buttons for a viewer (the template for the script keeps them).
    #expect(count(#"data-action="edit""#, in: web.send("GET", "/pantry", as: ana).text) == 2)
    #expect(count(#"data-action="edit""#, in: web.send("GET", "/pantry", as: vi).text) == 1)
    #expect(count(#"data-line="remove""#, in: web.send("GET", "/list", as: ana).text) == 2)
    #expect(count(#"data-line="remove""#, in: web.send("GET", "/list", as: vi).text) == 1)

    let owners = web.send("GET", "/recipes/\(recipe.id.rawValue)", as: ana).text
    let viewers = web.send("GET", "/recipes/\(recipe.id.rawValue)", as: vi).text
    for part in [#"id="favorite""#, #"role="radiogroup""#, #"id="notes-form""#] {
      #expect(owners.contains(part))
      #expect(!viewers.contains(part), "\(part)")
    }
    #expect(viewers.contains(#"id="cook-mode-open""#))
    // Adding and editing: a note for a viewer, not a form the server would refuse.
    for path in ["/add", "/recipes/\(recipe.id.rawValue)/edit"] {
      let ownersForm = web.send("GET", path, as: ana).text
      #expect(ownersForm.contains(#"id="save""#), "\(path)")
      let viewersNote = web.send("GET", path, as: vi).text
      #expect(!viewersNote.contains(#"id="save""#), "\(path)")
      #expect(!viewersNote.contains(#"id="recipe-form""#), "\(path)")
      #expect(!viewersNote.contains(#"id="clip-form""#), "\(path)")
      #expect(viewersNote.contains(#"id="read-only-note""#), "\(path)")
    }
    let refused = web.send(
      "PATCH", "/api/v1/recipes/\(recipe.id.rawValue)", json: #"{"isFavorite": true}"#, as: vi)
    #expect(refused.status == 403)
  }
}
