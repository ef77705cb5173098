import Foundation
import LarderApplication
import LarderCore
import LarderHTTP
import LarderServer
import LarderTestSupport
import Testing

/// Each signed-in member's favourites, ratings and notes through the API and the pages, as
/// `larder serve` answers them: the same JSON shapes, each member's own values.
@Suite struct RecipeMarksAPITests {
  let web: AccountsApp
  let ana: AccountsApp.Credential
  let bo: AccountsApp.Credential
  let soup: Recipe
  let omelette: Recipe

  init() throws {
    let web = try AccountsApp()
    self.web = web
    let client = ClientInfo(address: "127.0.0.1", userAgent: "Marks")
    let owner = try web.larder.createFirstOwner(
      NewAccountRequest(login: "ana", password: "correct horse"),
      setupCode: web.larder.accounts!.setupCode, client: client)
    ana = try web.credential(session: owner.token)
    let invitation = try web.larder.createInvitation(
      NewInvitationRequest(role: .member), as: owner.caller)
    _ = try web.larder.acceptInvitation(
      token: String(invitation.path.dropFirst("/join/".count)),
      newAccount: NewAccountRequest(login: "bo", password: "bo password"), client: client)
    bo = try web.signIn("bo", "bo password")
    func recipe(_ name: String, _ line: String) throws -> Recipe {
      try web.larder.createRecipe(
        Recipe(
          name: name, ingredientSections: [IngredientSection(lines: [IngredientLine(text: line)])]),
        as: owner.caller)
    }
    soup = try recipe("Tomato Soup", "800 g tomatoes")
    omelette = try recipe("Omelette", "3 eggs")
  }

  private func patch(
    _ recipe: Recipe, _ json: String, as credential: AccountsApp.Credential
  )
    -> HTTPResponse
  {
    web.send("PATCH", "/api/v1/recipes/\(recipe.id)", json: json, as: credential)
  }

  private func names(_ response: HTTPResponse) -> [String] {
    ((response.object["items"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
  }

  @Test func aPatchedStarRatingAndNoteAreTheSignedInMembersOwn() throws {
    let patched = patch(soup, #"{"isFavorite": true, "rating": 5, "notes": "more basil"}"#, as: ana)
    #expect(patched.status == 200, "\(patched.text)")
    #expect(patched.object["isFavorite"] as? Bool == true)
    #expect(patched.object["rating"] as? Int == 5)
    #expect(patched.object["notes"] as? String == "more basil")
    #expect(patch(soup, #"{"notes": "less salt"}"#, as: bo).status == 200)

    let bos = web.send("GET", "/api/v1/recipes/\(soup.id)", as: bo)
    #expect(bos.status == 200)
    #expect(bos.object["isFavorite"] as? Bool == false)
    #expect(bos.object["rating"] == nil)
    #expect(bos.object["notes"] as? String == "less salt")
    let anas = web.send("GET", "/api/v1/recipes/\(soup.id)", as: ana)
    #expect(anas.object["notes"] as? String == "more basil")

    // The recipe page and its cards show each member their own.
    let anasPage = web.send("GET", "/recipes/\(soup.id)", as: ana).text
    #expect(anasPage.contains(#"id="favorite" class="secondary" aria-pressed="true""#))
    #expect(anasPage.contains("more basil") && !anasPage.contains("less salt"))
    let bosPage = web.send("GET", "/recipes/\(soup.id)", as: bo).text
    #expect(bosPage.contains(#"id="favorite" class="secondary" aria-pressed="false""#))
    #expect(bosPage.contains("less salt") && !bosPage.contains("more basil"))
    // The library page's cards (beside the one template card the script copies, starred).
    func stars(_ credential: AccountsApp.Credential) -> Int {
      web.send("GET", "/library", as: credential).text
        .components(separatedBy: #"data-card="star""#).count - 1
    }
    #expect(stars(ana) == stars(bo) + 1)
  }

  @Test func favouritesOnlyAnswersEachMemberWithTheirOwn() throws {
    #expect(patch(soup, #"{"isFavorite": true}"#, as: ana).status == 200)
    #expect(patch(omelette, #"{"isFavorite": true}"#, as: bo).status == 200)
    for (credential, expected) in [(ana, ["Tomato Soup"]), (bo, ["Omelette"])] {
      let listed = web.send("GET", "/api/v1/recipes", query: ["favorites": "true"], as: credential)
      #expect(names(listed) == expected)
      let library = web.send("GET", "/api/v1/library", query: ["favorites": "1"], as: credential)
      #expect(names(library) == expected)
      #expect(library.object["total"] as? Int == 1)
      let page = web.send("GET", "/library", query: ["favorites": "1"], as: credential).text
      #expect(page.contains(expected[0]))
    }
    let finder = web.send(
      "GET", "/api/v1/finder", query: ["have": "eggs, tomatoes", "favorites": "true"], as: bo)
    #expect(finder.status == 200, "\(finder.text)")
    let found = (finder.object["items"] as? [[String: Any]] ?? []).compactMap {
      ($0["recipe"] as? [String: Any])?["name"] as? String
    }
    #expect(found == ["Omelette"])
  }

  @Test func aMarkOnAnotherHouseholdsRecipeIsNotFound() throws {
    let store = try #require(web.larder.accounts).store
    try store.insertHousehold(
      Household(id: HouseholdID(rawValue: "b"), name: "B", createdAt: Fixtures.now))
    _ = try web.larder.addUser(
      NewAccountRequest(login: "cy", password: "cy password"), role: .owner,
      as: .local(household: HouseholdID(rawValue: "b")))
    let cy = try web.signIn("cy", "cy password")
    #expect(patch(soup, #"{"isFavorite": true}"#, as: cy).status == 404)
    #expect(
      web.send("GET", "/api/v1/recipes/\(soup.id)", as: ana).object["isFavorite"] as? Bool == false)
  }
}
