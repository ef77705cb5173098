import Foundation
import LarderCore
import LarderHTTP
import LarderTestSupport
import Testing

@testable import LarderServer

/// The pantry, meal plan and shopping list pages: HTML under the strict policy with their
/// module, in the navigation, what is stored rendered (escaped) for reading without
/// JavaScript, and a plain notice when the server keeps no planning data.
@Suite struct PlanningPagesTests {
  @Test(arguments: [
    ("/pantry", "pantry.js", "Pantry"), ("/plan", "plan.js", "Plan"),
    ("/list", "list.js", "List"),
  ])
  func pagesAreHTMLWithAStrictPolicyTheirModuleAndANavEntry(
    path: String, script: String, label: String
  ) throws {
    let planning = try PlanningClient()
    let response = planning.send("GET", path)
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
    let policy = response.headers["Content-Security-Policy"] ?? ""
    #expect(policy.contains("script-src 'self'"))
    #expect(!policy.contains("unsafe-inline"))
    let html = response.text
    #expect(html.contains(#"<script type="module" src="/static/\#(script)"></script>"#))
    #expect(html.contains(#"<link rel="stylesheet" href="/static/planning.css">"#))
    #expect(html.contains(#"<a href="\#(path)" aria-current="page">\#(label)</a>"#))
    #expect(!html.contains("<script>"))
    #expect(!html.contains("style=\""))
    #expect(!html.contains("onclick="))
    #expect(html.contains(#"aria-live="polite""#))
  }

  @Test func everyPageLinksThePlanningPages() throws {
    let (client, _) = try TestClient.make()
    let html = client.send("GET", "/library").text
    for path in ["/pantry", "/plan", "/list"] {
      #expect(html.contains(#"<a href="\#(path)">"#))
    }
  }

  @Test func pantryPageRendersItemsEscapedWithTheirExpiry() throws {
    let planning = try PlanningClient()
    // Fixtures.now is Monday 2026-09-21 in Los Angeles.
    let added = planning.send(
      "POST", "/api/v1/pantry",
      json: #"{"name": "<script>alert(1)</script> \"beans\"", "quantity": 2, "unit": "lb", "#
        + #""location": "<b>shed</b>", "expiresOn": "2026-09-24"}"#)
    #expect(added.status == 201)
    let html = planning.send("GET", "/pantry").text
    #expect(!html.contains("<script>alert(1)</script>"))
    #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &quot;beans&quot;"))
    #expect(html.contains("&lt;b&gt;shed&lt;/b&gt;"))
    #expect(!html.contains("<b>shed</b>"))
    #expect(html.contains(#"<span class="badge soon">expires in 3 days</span>"#))
    #expect(html.contains(#"<span class="item-amount">2 lb</span>"#))
  }

  @Test func listPageRendersLinesByAisleEscaped() throws {
    let planning = try PlanningClient()
    #expect(
      planning.send(
        "POST", "/api/v1/shopping-list/items", json: #"{"line": "Tom & Jerry \"<i>mix</i>\""}"#
      ).status == 201)
    let html = planning.send("GET", "/list").text
    #expect(html.contains("Tom &amp; Jerry &quot;&lt;i&gt;mix&lt;/i&gt;&quot;"))
    #expect(!html.contains("<i>mix</i>"))
    #expect(html.contains(#"<section class="aisle-group" aria-labelledby="aisle-0""#))
    #expect(html.contains(#"<h2 id="aisle-0" data-group="title">"#))
  }

  @Test func withoutAPlanningStoreThePagesSaySo() throws {
    let (client, _) = try TestClient.make()
    for path in ["/pantry", "/plan", "/list"] {
      let response = client.send("GET", path)
      #expect(response.status == 200)
      #expect(response.text.contains("This server keeps no pantry, plan or list"))
    }
  }

  @Test func planningFilesAreServedAndKeptForOffline() throws {
    let (client, _) = try TestClient.make()
    for name in ["pantry.js", "plan.js", "list.js", "planning.js"] {
      let response = client.send("GET", "/static/\(name)")
      #expect(response.status == 200)
      #expect(response.headers["Content-Type"] == "text/javascript; charset=utf-8")
    }
    #expect(
      client.send("GET", "/static/planning.css").headers["Content-Type"]
        == "text/css; charset=utf-8")
    let worker = client.send("GET", "/sw.js").text
    for path in ["/pantry", "/plan", "/list", "/static/planning.css", "/static/planning.js"] {
      #expect(worker.contains("'\(path)'"))
    }
  }
}
