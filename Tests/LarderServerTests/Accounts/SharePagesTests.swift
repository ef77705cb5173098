import Foundation
import LarderApplication
import LarderCore
import LarderHTTP
import LarderServer
import LarderTestSupport
import Testing

/// Share links over HTTP: what a collection's link opens signed out, what it refuses, and that
/// nothing under `/s/` asks to be indexed.
@Suite struct CollectionSharePagesTests {
  /// Ana's household with pancakes (tagged brunch, with a stored picture) and a soup (not);
  /// Bo's own household with a brunch recipe of its own; a link to Ana's brunch collection.
  struct World {
    let web: AccountsApp
    let ana: AccountsApp.Credential
    let bo: AccountsApp.Credential
    let pancakes: Recipe
    let soup: Recipe
    let bosBrunch: Recipe
    let link: String
    let linkID: String
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 7])

    init() throws {
      let web = try AccountsApp()
      self.web = web
      let larder = web.larder
      let owner = try larder.createFirstOwner(
        NewAccountRequest(login: "ana", password: "correct horse"),
        setupCode: larder.accounts!.setupCode,
        client: ClientInfo(address: "127.0.0.1", userAgent: "Tests"))
      ana = try web.credential(session: owner.token)
      let image = try larder.storeImage(
        ImageUpload(data: png, declaredType: "image/png"), as: owner.caller)
      var pictured = Fixtures.pancakes()
      pictured.images = [image.url]
      pancakes = try larder.createRecipe(pictured, as: owner.caller)
      soup = try larder.createRecipe(Fixtures.tomatoSoup(), as: owner.caller)

      let store = try #require(larder.accounts).store
      let other = HouseholdID(rawValue: "b")
      try store.insertHousehold(Household(id: other, name: "B", createdAt: Fixtures.now))
      _ = try larder.addUser(
        NewAccountRequest(login: "bo", password: "bo password"), role: .owner,
        as: .local(household: other))
      bo = try web.signIn("bo", "bo password")
      var brunch = Fixtures.cremeBrulee()
      brunch.keywords = ["brunch"]
      bosBrunch = try larder.createRecipe(brunch, as: .local(household: other))

      let made = web.send(
        "POST", "/api/v1/share-links", json: #"{"collection": "Brunch"}"#, as: ana)
      guard made.status == 201, let path = made.object["path"] as? String,
        let link = made.object["link"] as? [String: Any], let id = link["id"] as? String
      else { throw SetupError.noLink(made.status, made.text) }
      #expect(link["kind"] as? String == "collection")
      #expect(link["collection"] as? String == "brunch")
      #expect(link["recipeID"] == nil)
      self.link = path
      linkID = id
    }
  }

  enum SetupError: Error { case noLink(Int, String) }

  static let robots = #"<meta name="robots" content="noindex, nofollow">"#

  @Test func aCollectionOpensSignedOutWithItsTaggedRecipesOnly() throws {
    let world = try World()
    let page = world.web.send("GET", world.link)
    #expect(page.status == 200)
    #expect(page.headerValue(named: "X-Robots-Tag") == "noindex, nofollow")
    #expect(page.headerValue(named: "Cache-Control") == "no-store")
    #expect(page.text.contains(Self.robots))
    #expect(page.text.contains("<h1>brunch</h1>"))
    let recipePath = "\(world.link)/recipes/\(world.pancakes.id.rawValue)"
    #expect(page.text.contains(#"href="\#(recipePath)""#))
    #expect(page.text.contains(#"src="\#(recipePath)/image""#))
    #expect(page.text.contains(world.pancakes.name))
    #expect(!page.text.contains(world.soup.name))
    #expect(!page.text.contains(world.bosBrunch.name))
    #expect(!page.text.contains(#"href="/recipes/"#))

    let recipe = world.web.send("GET", recipePath)
    #expect(recipe.status == 200)
    #expect(recipe.headerValue(named: "X-Robots-Tag") == "noindex, nofollow")
    #expect(recipe.text.contains(Self.robots))
    #expect(recipe.text.contains(world.pancakes.name))
    #expect(recipe.text.contains(#"src="\#(recipePath)/image""#))
    #expect(recipe.text.contains(#"href="\#(world.link)""#))
    #expect(recipe.text.contains("/login?next="))

    let image = world.web.send("GET", recipePath + "/image")
    #expect(image.status == 200)
    #expect(image.body == world.png)
    #expect(image.headerValue(named: "X-Robots-Tag") == "noindex, nofollow")
    // Checked each time, so a revoked link's picture is not shown from the browser's cache.
    #expect(image.headerValue(named: "Cache-Control") == "private, no-cache")
  }

  @Test func aRecipeLinkShowsItsPictureThroughTheLinkAndIsNotIndexed() throws {
    let world = try World()
    let made = world.web.send(
      "POST", "/api/v1/share-links", json: #"{"recipe": "\#(world.pancakes.id)"}"#, as: world.ana)
    #expect((made.object["link"] as? [String: Any])?["kind"] as? String == "recipe")
    let link = try #require(made.object["path"] as? String)
    let page = world.web.send("GET", link)
    #expect(page.status == 200)
    #expect(page.text.contains(Self.robots))
    #expect(page.headerValue(named: "X-Robots-Tag") == "noindex, nofollow")
    #expect(page.text.contains(#"<img class="hero" src="\#(link)/image""#))
    #expect(!page.text.contains("/images/"))
    #expect(world.web.send("GET", link + "/image").body == world.png)
    // A recipe's link answers at its own address only.
    #expect(
      world.web.send("GET", link + "/recipes/\(world.pancakes.id.rawValue)").status == 404)
  }

  @Test func aSharedRecipesJSONLDShowsWhatThePageShowsAndNothingPrivate() throws {
    let world = try World()
    let marked = world.web.send(
      "PATCH", "/api/v1/recipes/\(world.pancakes.id.rawValue)",
      json: #"{"notes": "Ana's secret: half the sugar", "rating": 2, "isFavorite": true}"#,
      as: world.ana)
    #expect(marked.status == 200, "\(marked.text)")
    let made = world.web.send(
      "POST", "/api/v1/share-links", json: #"{"recipe": "\#(world.pancakes.id)"}"#, as: world.ana)
    let link = try #require(made.object["path"] as? String)
    let collectionRecipe = "\(world.link)/recipes/\(world.pancakes.id.rawValue)"
    for path in [link, collectionRecipe] {
      let html = world.web.send("GET", path).text
      let object = try RecipeStructuredDataTests.jsonLD(in: html)
      #expect(object["name"] as? String == world.pancakes.name, "\(path)")
      // The picture through the link, as the page shows it; no source, which it does not show.
      #expect(object["image"] as? [String] == ["http://127.0.0.1:8080\(path)/image"], "\(path)")
      #expect(object["url"] == nil, "\(path)")
      #expect(object["larder"] == nil && object["@id"] == nil, "\(path)")
      #expect(!html.contains("secret"), "\(path)")
      #expect(!html.contains(world.pancakes.images[0]), "\(path)")
    }
  }

  @Test func aRecipeOutsideTheTagIsNotFound() throws {
    let world = try World()
    for id in [world.soup.id, world.bosBrunch.id, RecipeID(rawValue: "nothing")] {
      for path in ["/recipes/\(id.rawValue)", "/recipes/\(id.rawValue)/image"] {
        let response = world.web.send("GET", world.link + path)
        #expect(response.status == 404, "\(path): \(response.status)")
        #expect(response.headerValue(named: "X-Robots-Tag") == "noindex, nofollow")
        #expect(!response.text.contains(world.soup.name))
      }
      let save = world.web.send(
        "POST", world.link + "/recipes/\(id.rawValue)/save", form: [:], as: world.bo)
      #expect(save.status == 404)
    }
    // A collection's link shows no recipe at the link's own image and save addresses.
    #expect(world.web.send("GET", world.link + "/image").status == 404)
    #expect(world.web.send("POST", world.link + "/save", form: [:], as: world.bo).status == 404)
    let guess = world.web.send("GET", "/s/guess")
    #expect(guess.status == 404)
    #expect(guess.headerValue(named: "X-Robots-Tag") == "noindex, nofollow")
  }

  @Test func aReaderOfAnotherHouseholdSavesOneRecipe() throws {
    let world = try World()
    let path = "\(world.link)/recipes/\(world.pancakes.id.rawValue)"
    let signedOut = world.web.send("POST", path + "/save", form: [:])
    #expect(signedOut.status == 303)
    #expect(
      signedOut.headerValue(named: "Location")
        == "/login?next=" + queryEscaped(path))
    #expect(world.web.send("GET", path, as: world.bo).text.contains("\(path)/save"))
    let forged = world.web.send("POST", path + "/save", form: ["csrf": "forged"], as: world.bo)
    #expect(forged.status == 403)
    let saved = world.web.send("POST", path + "/save", form: [:], as: world.bo)
    #expect(saved.status == 303)
    let location = try #require(saved.headerValue(named: "Location"))
    #expect(location.hasPrefix("/recipes/"))
    let theirs = world.web.send("GET", "/api/v1/recipes", as: world.bo)
    #expect(theirs.object["total"] as? Int == 2)
  }

  @Test func revokingTheLinkStopsEveryAddressUnderIt() throws {
    let world = try World()
    let recipePath = "\(world.link)/recipes/\(world.pancakes.id.rawValue)"
    #expect(world.web.send("GET", recipePath).status == 200)
    let revoked = world.web.send("DELETE", "/api/v1/share-links/\(world.linkID)", as: world.ana)
    #expect(revoked.status == 204)
    for path in [world.link, recipePath, recipePath + "/image"] {
      #expect(world.web.send("GET", path).status == 404, "\(path)")
    }
    #expect(world.web.send("POST", recipePath + "/save", form: [:], as: world.bo).status == 404)
  }

  @Test func theAPIAsksForExactlyOneRecipeOrOneTagARecipeHas() throws {
    let world = try World()
    for body in [
      #"{"collection": "dessert"}"#, #"{"recipe": "\#(world.soup.id)", "collection": "soup"}"#,
      "{}", #"{"collection": "  "}"#, #"{"tag": "soup"}"#,
    ] {
      let response = world.web.send("POST", "/api/v1/share-links", json: body, as: world.ana)
      #expect(response.status == 422, "\(body): \(response.status) \(response.text)")
      #expect(response.errorCode == "invalid_field", "\(body)")
    }
    let refused = world.web.send(
      "POST", "/api/v1/share-links", json: #"{"collection": "dessert"}"#, as: world.ana)
    #expect(refused.errorMessage?.contains("no recipe in this household has this tag") == true)
    // Ana's tag is not Bo's: Bo's household has no soup.
    let bos = world.web.send(
      "POST", "/api/v1/share-links", json: #"{"collection": "soup"}"#, as: world.bo)
    #expect(bos.status == 422)
    let list = world.web.send("GET", "/api/v1/share-links", as: world.ana)
    let links = try #require(list.object["shareLinks"] as? [[String: Any]])
    #expect(links.map { $0["collection"] as? String } == ["brunch"])
  }

  @Test func theLibraryAndTheAccountPageMakeCollectionLinks() throws {
    let world = try World()
    let filtered = world.web.send("GET", "/library", query: ["tag": "brunch"], as: world.ana)
    #expect(filtered.status == 200)
    let form =
      #"<form method="post" action="/account/share-links" id="share-collection" "#
      + #"class="share-collection"><input type="hidden" name="csrf""#
    #expect(filtered.text.contains(form))
    #expect(filtered.text.contains(#"name="collection" value="brunch""#))
    for query in [[:], ["tag": "brunch,soup"]] {
      let page = world.web.send("GET", "/library", query: query, as: world.ana)
      #expect(page.text.contains(#"class="share-collection" hidden>"#), "\(query)")
    }

    let owner = try world.web.larder.authenticate(sessionToken: world.ana.session ?? "")
    let invitation = try world.web.larder.createInvitation(
      NewInvitationRequest(role: .viewer), as: owner)
    let viewer = try world.web.larder.acceptInvitation(
      token: String(invitation.path.dropFirst("/join/".count)),
      newAccount: NewAccountRequest(login: "vi", password: "viewer pass"),
      client: ClientInfo(address: "127.0.0.1", userAgent: "Tests"))
    let viewersLibrary = world.web.send(
      "GET", "/library", query: ["tag": "brunch"],
      as: try world.web.credential(session: viewer.token))
    #expect(viewersLibrary.status == 200)
    #expect(!viewersLibrary.text.contains("share-collection"))

    let made = world.web.send(
      "POST", "/account/share-links", form: ["collection": "soup"], as: world.ana)
    #expect(made.status == 200)
    #expect(made.text.contains("/s/"))
    #expect(made.text.contains("tagged “soup”"))
    let forged = world.web.send(
      "POST", "/account/share-links", form: ["collection": "soup", "csrf": "forged"],
      as: world.ana)
    #expect(forged.status == 403)

    let account = world.web.send("GET", "/account", as: world.ana)
    #expect(account.text.contains(#"<a href="/library?tag=soup">soup</a>"#))
    #expect(account.text.contains(#"<a href="/library?tag=brunch">brunch</a>"#))
    #expect(account.text.contains(#"<select id="s-collection" name="collection">"#))
    #expect(account.text.contains(#"<option value="brunch">"#))
  }
}

/// A query value percent-encoded as the sign-in redirect's `next` is.
private func queryEscaped(_ text: String) -> String {
  var allowed = CharacterSet.alphanumerics
  allowed.insert(charactersIn: "-._~")
  return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
}
