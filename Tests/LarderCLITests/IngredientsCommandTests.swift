import Foundation
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
      "input", "quantity", "quantityMax", "unit", "unitText", "size", "name", "preparation",
      "comment", "purpose", "optional", "alternatives", "sectionHeader", "food",
    ]
    for object in objects { #expect(Set(object.keys) == keys) }
    #expect(objects[0]["optional"] as? Bool == false)
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
