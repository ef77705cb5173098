import Foundation
import LarderTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `larder import URL` and `larder serve` clipping from a recipe site on this machine, which
/// only the clip_allow_private opt-in lets them reach.
@Suite struct ClipCommandTests {
  static let png =
    Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]) + Data("IHDR".utf8)

  static func site() throws -> FixtureHTTPServer {
    try FixtureHTTPServer { request in
      switch request.path {
      case "/recipe":
        return .html(
          """
          <html><head><script type="application/ld+json">
          {"@context": "https://schema.org", "@type": "Recipe", "name": "Terminal Tomato Tart",
           "image": "/tart.png", "recipeIngredient": ["1 sheet puff pastry", "4 tomatoes"],
           "recipeInstructions": "Bake at 200C for 25 minutes."}
          </script></head><body>Tart</body></html>
          """)
      case "/tart.png": return .response(headers: ["Content-Type": "image/png"], body: png)
      default: return .response(status: 404)
      }
    }
  }

  struct Report: Decodable {
    struct File: Decodable {
      struct Item: Decodable {
        let status: String
        let name: String?
        let id: String?
        let warnings: [String]
      }
      let path: String
      let error: String?
      let items: [Item]
    }
    let created: Int
    let updated: Int
    let unchanged: Int
    let failed: Int
    let files: [File]
  }

  @Test func importOfAURLClipsThePageAndAgainChangesNothing() throws {
    let site = try Self.site()
    let sandbox = try Sandbox()
    let url = site.url("/recipe").absoluteString
    let optIn = ["LARDER_CLIP_ALLOW_PRIVATE": "1"]
    let run = try sandbox.larder("import", url, environment: optIn)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdoutLines.first?.hasPrefix("created: Terminal Tomato Tart (") == true, "\(run)")
    #expect(run.stdoutLines.last == "Imported 1 URL: 1 created, 0 updated, 0 unchanged, 0 failed.")
    #expect(try sandbox.listedRecipes().names == ["Terminal Tomato Tart"])

    let again = try sandbox.larder("import", "--json", url, environment: optIn)
    #expect(again.status == 0, "\(again)")
    let report = try again.decode(Report.self)
    #expect(report.unchanged == 1 && report.created == 0 && report.failed == 0)
    #expect(report.files.first?.path == url)
    #expect(report.files.first?.items.first?.name == "Terminal Tomato Tart")
    #expect(try sandbox.listedRecipes().names == ["Terminal Tomato Tart"])

    // The image was kept locally: the recipe's first image is a /images/ path.
    let id = try #require(report.files.first?.items.first?.id)
    let shown = try sandbox.larder("show", "--json", id)
    let recipe = try #require(try shown.json() as? [String: Any], "\(shown)")
    let images = try #require(recipe["images"] as? [String])
    #expect(images.first?.hasPrefix("/images/") == true, "\(images)")
    #expect(images.last == site.url("/tart.png").absoluteString)
  }

  @Test func extractFetchesAURLWithTheSamePolicyAndSavesNothing() throws {
    let site = try Self.site()
    let sandbox = try Sandbox()
    let url = site.url("/recipe").absoluteString
    let refused = try sandbox.larder("extract", url)
    #expect(refused.status == 1, "\(refused)")
    #expect(refused.stderr.contains("refused to connect to 127.0.0.1"), "\(refused)")
    #expect(site.requestedPaths.isEmpty)

    let run = try sandbox.larder(
      "extract", url, environment: ["LARDER_CLIP_ALLOW_PRIVATE": "1"])
    #expect(run.status == 0, "\(run)")
    let object = try #require(try run.json() as? [String: Any], "\(run)")
    #expect(object["name"] as? String == "Terminal Tomato Tart")
    // Relative links resolve against the fetched page.
    #expect(
      (object["image"] as? [String])?.first == site.url("/tart.png").absoluteString
        || object["image"] as? String == site.url("/tart.png").absoluteString, "\(object)")
    #expect(try sandbox.listedRecipes().names.isEmpty)
  }

  @Test func withoutTheOptInAPageOnThisMachineIsRefused() throws {
    let site = try Self.site()
    let sandbox = try Sandbox()
    let url = site.url("/recipe").absoluteString
    let run = try sandbox.larder("import", url)
    #expect(run.status == 1, "\(run)")
    #expect(
      run.stderr.contains(
        "error: \(url): refused to connect to 127.0.0.1:\(site.port): a loopback address"),
      "\(run)")
    #expect(run.stderr.contains("LARDER_CLIP_ALLOW_PRIVATE=1"))
    #expect(run.stdoutLines.last == "Imported 1 URL: 0 created, 0 updated, 0 unchanged, 1 failed.")
    #expect(site.requestedPaths.isEmpty)
  }

  @Test func theOptInCanComeFromTheConfigFile() throws {
    let site = try Self.site()
    let sandbox = try Sandbox()
    try sandbox.write("clip_allow_private = yes\n", to: "config/larder/config")
    let run = try sandbox.larder("import", site.url("/recipe").absoluteString)
    #expect(run.status == 0, "\(run)")
  }

  @Test func aBadOptInValueIsAUsageError() throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder(
      "import", "https://example.com/", environment: ["LARDER_CLIP_ALLOW_PRIVATE": "maybe"])
    #expect(run.status == 2, "\(run)")
    #expect(
      run.stderr.contains("environment variable LARDER_CLIP_ALLOW_PRIVATE: 'maybe' is not true"))
  }

  @Test func urlsAndFilesCannotBeMixed() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.writeJSON(
      JSONDocument.recipe("Toast", ingredients: ["1 slice bread"]), to: "toast.json")
    let run = try sandbox.larder("import", "https://example.com/recipe", file)
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("give either URLs or files"), "\(run)")
    #expect(try sandbox.listedRecipes().names.isEmpty)
  }

  @Test func serveClipsWithTheOptInAndServesTheImage() async throws {
    let site = try Self.site()
    let sandbox = try Sandbox()
    let token = try sandbox.ownerToken()
    let process = try sandbox.start(
      ["serve", "--port", "0"], environment: ["LARDER_CLIP_ALLOW_PRIVATE": "true"])
    defer { process.killed() }
    let stderr = try #require(
      await process.stderr(containing: "Press Ctrl-C to stop.", within: .seconds(60)),
      "\(process.stderr)")
    let port = try #require(
      stderr.firstMatch(of: #/http://127\.0\.0\.1:(\d+)/ /#).map { String($0.1) })
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/api/v1/import/url")!)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    request.httpBody = try JSONSerialization.data(
      withJSONObject: ["url": site.url("/recipe").absoluteString])
    // A debug server's first clip also loads the food catalog; on a loaded machine that has
    // taken more than ten seconds. The clip's own deadline is 45 s.
    request.timeoutInterval = 60
    let (data, response) = try await URLSession.shared.data(for: request)
    let body = String(decoding: data, as: UTF8.self)
    #expect((response as? HTTPURLResponse)?.statusCode == 201, "\(body)")
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let recipe = try #require(object["recipe"] as? [String: Any])
    let image = try #require((recipe["images"] as? [String])?.first)
    var imageRequest = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(image)")!)
    imageRequest.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    let (imageData, imageResponse) = try await URLSession.shared.data(for: imageRequest)
    let http = try #require(imageResponse as? HTTPURLResponse)
    #expect(http.statusCode == 200)
    #expect(http.value(forHTTPHeaderField: "Content-Type") == "image/png")
    #expect(imageData == Self.png)
    process.send(SIGTERM)
    _ = await process.exited(within: .seconds(60))
  }
}

/// `larder import URL` keeps to `clip_deadline`, as the server does.
@Suite struct ClipDeadlineCommandTests {
  @Test func aClipFromASiteThatNeverAnswersEndsAtTheDeadlineAndStoresNothing() throws {
    let tarpit = try Tarpit()
    defer { tarpit.stop() }
    let sandbox = try Sandbox()
    let url = tarpit.url("/recipe")
    let run = try sandbox.larder(
      "import", url,
      environment: ["LARDER_CLIP_ALLOW_PRIVATE": "1", "LARDER_CLIP_DEADLINE": "1"])
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("error: \(url): no complete answer within 1 s"), "\(run)")
    #expect(try sandbox.listedRecipes().names.isEmpty)
  }

  @Test func aDeadlineOutOfRangeIsAUsageError() throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder(
      "import", "https://example.com/", environment: ["LARDER_CLIP_DEADLINE": "0"])
    #expect(run.status == 2, "\(run)")
    #expect(
      run.stderr.contains(
        "environment variable LARDER_CLIP_DEADLINE: '0' is not a whole number from 1 to 600"),
      "\(run)")
  }
}
