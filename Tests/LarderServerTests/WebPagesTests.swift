import Foundation
import LarderCore
import LarderHTTP
import LarderTestSupport
import Testing

@testable import LarderServer

/// The web app's pages and files: each page answers HTML with a strict Content-Security-Policy,
/// loads its module, and escapes recipe text; static files carry types and ETags.
@Suite struct WebPagesTests {
  @Test(arguments: [
    ("/", "cook.js"), ("/library", "library.js"), ("/add", "edit.js"),
    ("/settings", "settings.js"),
  ])
  func pagesAreHTMLWithAStrictPolicyAndTheirModule(path: String, script: String) throws {
    let (client, _) = try TestClient.make(recipes: [Fixtures.pancakes()])
    let response = client.send("GET", path)
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
    let policy = response.headers["Content-Security-Policy"] ?? ""
    #expect(policy.contains("script-src 'self'"))
    #expect(!policy.contains("unsafe-inline"))
    #expect(response.headers["X-Content-Type-Options"] == "nosniff")
    let html = response.text
    #expect(html.contains(#"<script type="module" src="/static/\#(script)"></script>"#))
    #expect(html.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
    // No inline script or style: everything comes from files the policy allows.
    #expect(!html.contains("<script>"))
    #expect(!html.contains("style=\""))
    #expect(!html.contains("onclick="))
  }

  @Test func errorPagesCarryThePolicyToo() throws {
    let (client, _) = try TestClient.make()
    let response = client.send("GET", "/recipes/nope")
    #expect(response.status == 404)
    #expect(response.headers["Content-Security-Policy"] != nil)
    // JSON gets a policy of its own, not the page's (issue 12: headers on every answer).
    let json = client.send("GET", "/api/v1/recipes").headers["Content-Security-Policy"]
    #expect(json?.contains("script-src") == false)
  }

  @Test func recipePageRendersContentAndControlsWithoutJavaScript() throws {
    let (client, stored) = try TestClient.make(recipes: [Fixtures.pancakes()])
    let html = client.send("GET", "/recipes/\(stored[0].id)").text
    #expect(html.contains(#"data-recipe-id="\#(stored[0].id)" data-servings="4""#))
    #expect(html.contains(#"<li data-line="3"><span class="line-text">Maple syrup</span></li>"#))
    #expect(html.contains(#"<ol class="steps"><li>Whisk the flour"#))
    #expect(html.contains(#"<div class="scaler" id="scaler" hidden>"#))
    #expect(html.contains(#"id="servings" type="number""#))
    #expect(html.contains(#"<script type="module" src="/static/recipe.js"></script>"#))
  }

  @Test func editPageFillsTheFormEscaped() throws {
    var hostile = Fixtures.tomatoSoup()
    hostile.name = "Soup \"<b>bold</b>\""
    hostile.notes = "</textarea><script>alert(1)</script>"
    let (client, stored) = try TestClient.make(recipes: [hostile])
    let html = client.send("GET", "/recipes/\(stored[0].id)/edit").text
    #expect(html.contains(#"value="Soup &quot;&lt;b&gt;bold&lt;/b&gt;&quot;""#))
    #expect(html.contains("&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(html.contains("800 g canned tomatoes\n1 onion, chopped"))
    #expect(!html.contains("<script>alert"))
    #expect(client.send("GET", "/recipes/nope/edit").status == 404)
  }

  @Test func homeIsTheCookPageAndTheHeaderSearchesTheLibrary() throws {
    let (client, _) = try TestClient.make()
    let html = client.send("GET", "/").text
    #expect(html.contains(#"<input id="food-input""#))
    #expect(html.contains(#"aria-live="polite""#))
    #expect(html.contains(#"<a href="/" aria-current="page">Cook</a>"#))
    #expect(html.contains(#"action="/library""#))
  }

  @Test(arguments: [
    ("/static/larder.css", "text/css; charset=utf-8"),
    ("/static/app.js", "text/javascript; charset=utf-8"),
    ("/static/cook.js", "text/javascript; charset=utf-8"),
    ("/static/icon.svg", "image/svg+xml"), ("/static/icon-192.png", "image/png"),
    ("/manifest.webmanifest", "application/manifest+json"),
    ("/sw.js", "text/javascript; charset=utf-8"),
  ])
  func staticFilesHaveTypesAndETags(path: String, type: String) throws {
    let (client, _) = try TestClient.make()
    let response = client.send("GET", path)
    #expect(response.status == 200, "\(path)")
    #expect(response.headers["Content-Type"] == type)
    let etag = try #require(response.headers["ETag"])
    #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
    #expect(response.headers["Cache-Control"] == "no-cache")
    let again = client.send("GET", path, headers: ["if-none-match": etag])
    #expect(again.status == 304)
    #expect(again.body.isEmpty)
  }

  @Test func unknownStaticFilesAndEscapesAre404s() throws {
    let (client, _) = try TestClient.make()
    #expect(client.send("GET", "/static/nope.js").status == 404)
    #expect(client.send("GET", "/static/../Package.swift").status == 404)
  }

  @Test func theOfflinePageIsAStyledPhonePageAnyoneMayOpen() throws {
    let (client, _) = try TestClient.make()
    let response = client.send("GET", "/offline")
    #expect(response.status == 200)
    #expect(response.headers["Content-Security-Policy"]?.contains("script-src 'self'") == true)
    let html = response.text
    #expect(html.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
    #expect(html.contains(#"<link rel="stylesheet" href="/static/larder.css">"#))
    #expect(html.contains(#"<script type="module" src="/static/app.js"></script>"#))
    #expect(html.contains("<h1>You are offline</h1>"))
    #expect(html.contains(#"<a href="/library">Library</a>"#))
    #expect(html.contains(#"id="offline-back" hidden"#))
    #expect(html.contains(#"<meta name="robots" content="noindex, nofollow">"#))
  }

  @Test func serviceWorkerMayControlTheWholeApp() throws {
    let (client, _) = try TestClient.make()
    #expect(client.send("GET", "/sw.js").headers["Service-Worker-Allowed"] == "/")
    let manifest = client.send("GET", "/manifest.webmanifest").object
    #expect(manifest["start_url"] as? String == "/")
    #expect((manifest["icons"] as? [[String: Any]])?.count == 3)
  }
}
