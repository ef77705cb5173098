import Foundation
import LarderHTTP
import LarderServer
import LarderTestSupport
import Testing

/// `larder ingredients parse` and `larder ingredients reparse`, run as the built binary.
@Suite struct IngredientsCommandTests {
  @Test func parseWritesOneJSONObjectPerInputLineWithEveryField() throws {
    let sandbox = try Sandbox()
    let input =
      "2 large eggs, beaten\n\n1 (14 oz) can diced tomatoes, drained\r\nsalt \"to taste\"\n"
      + "1 cup milk\tor cream \\ half\u{7}"
    let run = try sandbox.larder(
      "ingredients", "parse", stdin: Data(input.utf8), withDatabase: false)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdoutLines.count == 5)
    let objects = try run.stdoutLines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(
      objects.map { $0["input"] as? String } == [
        "2 large eggs, beaten", "", "1 (14 oz) can diced tomatoes, drained", "salt \"to taste\"",
        "1 cup milk\tor cream \\ half\u{7}",
      ])
    let keys: Set<String> = [
      "input", "isSectionHeader", "quantity", "quantityMax", "unit", "unitText",
      "alternativeAmounts", "containerSize", "size", "name", "alternatives", "preparation",
      "comment", "purpose", "isOptional", "spans", "food",
    ]
    for object in objects { #expect(Set(object.keys) == keys) }
    #expect(objects[0]["isOptional"] as? Bool == false)
    #expect(objects[3]["isOptional"] as? Bool == true)
  }

  @Test func parseReadsTheLanguageGivenAndRefusesOneItDoesNotKnow() throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder(
      "ingredients", "parse", "--language", "sv", stdin: Data("2 msk olivolja\n".utf8),
      withDatabase: false)
    #expect(run.status == 0, "\(run)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data((run.stdoutLines.first ?? "").utf8))
        as? [String: Any])
    #expect(object["unit"] as? String == "tbsp")
    #expect((object["food"] as? [String: Any])?["id"] as? String == "olive-oil")
    let wrong = try sandbox.larder(
      "ingredients", "parse", "--language", "xx", stdin: Data("1 egg\n".utf8),
      withDatabase: false)
    #expect(wrong.status != 0)
    #expect(wrong.stderr.contains("--language"), "\(wrong)")
  }

  /// The same lines read by `larder ingredients parse` and by `POST /api/v1/ingredients/parse`
  /// give the same objects, key for key (the command once wrote `optional` and
  /// `sectionHeader` where the API wrote `isOptional` and `isSectionHeader`).
  @Test func parseWritesWhatTheAPIWrites() throws {
    let lines = [
      "2 cups plain flour, sifted", "For the sauce:", "salt to taste", "a glug of zzzz",
      "1 (14 oz) can diced tomatoes, drained", "150g/5½oz butter or margarine, softened",
      "2-3 \"large\" eggs\tbeaten \\ whisked",
    ]
    let sandbox = try Sandbox()
    let run = try sandbox.larder(
      "ingredients", "parse", stdin: Data(lines.joined(separator: "\n").utf8),
      withDatabase: false)
    #expect(run.status == 0, "\(run)")
    let fromCommand = try run.stdoutLines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary)
    }
    let app = LarderApp(store: InMemoryRecipeStore())
    let body = try JSONSerialization.data(withJSONObject: ["lines": lines])
    let response = app.respond(
      to: HTTPRequest(
        method: "POST", path: "/api/v1/ingredients/parse",
        headers: ["content-type": "application/json", "host": "localhost:8080"], body: body))
    #expect(response.status == 200)
    let answer = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    let fromAPI = try #require(answer?["items"] as? [NSDictionary])
    #expect(fromCommand.count == lines.count)
    #expect(fromAPI.count == lines.count)
    for (command, api) in zip(fromCommand, fromAPI) {
      #expect(
        Set(command.allKeys.compactMap { $0 as? String })
          == Set(api.allKeys.compactMap { $0 as? String }))
      #expect(command == api, "\(command) differs from \(api)")
    }
  }

  @Test func parseStreamsLargeInputsToTheEnd() throws {
    let sandbox = try Sandbox()
    let lines = (0..<20_000).map { "\($0 % 9 + 1) cups flour number \($0)" }
    let run = try sandbox.larder(
      "ingredients", "parse", stdin: Data(lines.joined(separator: "\n").utf8), withDatabase: false)
    #expect(run.status == 0)
    #expect(run.stdoutLines.count == 20_000)
    #expect(run.stdoutLines.last?.contains("flour number 19999") == true)
  }

  @Test func reparseReportsTheRecipesAnalysed() throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let run = try sandbox.larder("--json", "ingredients", "reparse")
    #expect(run.status == 0, "\(run)")
    let report = try #require(try run.json() as? [String: Any])
    #expect(report["recipes"] as? Int == 64)
    #expect(report["changed"] as? Int == 0)  // the starter recipes were analysed when loaded
  }

  @Test func ingredientsWithoutASubcommandIsAUsageError() throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder("ingredients", withDatabase: false)
    #expect(run.status == 2)
    #expect(run.stderr.contains("parse"))
  }
}
