import Foundation
import Testing

/// How the command line names a mistake: a command's arguments as arguments, its options as
/// options, with the use case's own words, so the same value gets the same message as from the
/// API (which names fields instead).
@Suite struct FieldErrorsCommandTests {
  /// One bad command line, the exit status and the exact first line of standard error.
  struct Case: CustomStringConvertible, Sendable {
    var arguments: [String]
    var status: Int32
    var message: String
    var description: String { arguments.joined(separator: " ") }
  }

  static let arguments: [Case] = [
    Case(
      arguments: ["foods", "add", ""], status: 2, message: "larder: argument NAME is required"),
    Case(
      arguments: ["foods", "synonym", " ", "tomato"], status: 2,
      message: "larder: argument NAME is required"),
    Case(
      arguments: ["foods", "synonym", "love apple", "unobtainium"], status: 2,
      message: "larder: argument FOOD: no food has this id or name (got 'unobtainium')"),
    Case(
      arguments: ["list", "add", " "], status: 2, message: "larder: argument LINE is required"),
    Case(
      arguments: ["foods", "show", "unobtainium"], status: 2,
      message:
        "larder: argument FOOD: no food has this id or name (try 'larder foods search') "
        + "(got 'unobtainium')"),
  ]

  @Test(arguments: arguments)
  func argumentsAreNamedAsArguments(_ bad: Case) throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder(bad.arguments)
    #expect(run.status == bad.status, "\(run)")
    #expect(run.stderr.split(separator: "\n").first.map(String.init) == bad.message, "\(run)")
  }

  static let options: [Case] = [
    // Two readers used to word these differently: the option's reader, then the range.
    Case(
      arguments: ["cook", "--have", "eggs", "--missing", "abc"], status: 2,
      message: "larder: option --missing: 'abc' is not a whole number from 0 to 50"),
    Case(
      arguments: ["cook", "--have", "eggs", "--missing", "99"], status: 2,
      message: "larder: option --missing: '99' is not a whole number from 0 to 50"),
    Case(
      arguments: ["cook", "--have", "eggs", "--max-time", "soon"], status: 2,
      message: "larder: option --max-time: 'soon' is not a whole number from 1 to 100000"),
    Case(
      arguments: ["recipes", "--limit", "lots"], status: 2,
      message: "larder: option --limit: 'lots' is not a whole number from 1 to 200"),
    Case(
      arguments: ["recipes", "--sort", "tastiest"], status: 2,
      message:
        "larder: option --sort: 'tastiest' is not one of relevance, name, newest, updated, "
        + "rating, time"),
    Case(
      arguments: ["foods", "search", "chick", "--limit", "0"], status: 2,
      message: "larder: option --limit: '0' is not a whole number from 1 to 50"),
    Case(
      arguments: ["foods", "search", "chick", "--limit", "many"], status: 2,
      message: "larder: option --limit: 'many' is not a whole number from 1 to 50"),
    Case(
      arguments: ["foods", "add", "sudachi", "--density", "heavy"], status: 2,
      message: "larder: option --density: 'heavy' is not a number from 0 to 25"),
    Case(
      arguments: ["foods", "add", "sudachi", "--density", "30"], status: 2,
      message: "larder: option --density: '30' is not a number from 0 to 25"),
    Case(
      arguments: ["plan", "show", "--date", "2026-02-30"], status: 2,
      message: "larder: option --date: '2026-02-30' is not a date as YYYY-MM-DD"),
    Case(
      arguments: ["list", "generate", "--recipe", "nope:0"], status: 2,
      message: "larder: option --recipe: '0' is not a number from 0.01 to 1000"),
    Case(
      arguments: ["list", "generate", "--recipe", "nope:plenty"], status: 2,
      message: "larder: option --recipe: 'plenty' is not a number from 0.01 to 1000"),
  ]

  @Test(arguments: options)
  func optionValuesAreReadAsTheAPIReadsThem(_ bad: Case) throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder(bad.arguments)
    #expect(run.status == bad.status, "\(run)")
    #expect(run.stderr.split(separator: "\n").first.map(String.init) == bad.message, "\(run)")
  }

  @Test func removingAFoodOthersAreKindsOfNamesTheArgument() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.larder("foods", "add", "sudachi", "--no-reparse").status == 0)
    let kind = try sandbox.larder(
      "foods", "add", "green sudachi", "--parent", "sudachi", "--no-reparse")
    #expect(kind.status == 0, "\(kind)")
    let run = try sandbox.larder("foods", "remove", "sudachi", "--no-reparse")
    #expect(run.status == 2, "\(run)")
    #expect(
      run.stderr.split(separator: "\n").first.map(String.init)
        == "larder: argument FOOD: your foods green-sudachi are kinds of it; remove or change "
        + "them first (got 'sudachi')", "\(run)")
  }

  @Test func relativeDaysAreReadAndTheHelpSaysSo() throws {
    let sandbox = try Sandbox()
    for day in ["today", "tomorrow", "yesterday", "Yesterday"] {
      let run = try sandbox.larder("plan", "show", "--date", day)
      #expect(run.status == 0, "\(day): \(run)")
    }
    let help = try sandbox.larder("pantry", "--help")
    let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("YYYY-MM-DD, today, tomorrow or yesterday"), "\(help)")
  }

  @Test func cookingWithAnEmptyPantrySaysWhatToGive() throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder("cook")
    #expect(run.status == 2, "\(run)")
    #expect(
      run.stderr.split(separator: "\n").first
        == "larder cook: the pantry is empty; say what you have with --have FOODS", "\(run)")
  }

  @Test func namesAndNotesAreTrimmedAndAnEmptyNoteIsKeptAsTheAPIKeepsIt() throws {
    let sandbox = try Sandbox()
    let added = try sandbox.larder("--json", "pantry", "add", "2 lemons")
    let items = try #require(try added.json() as? [[String: Any]])
    let id = try #require(items.first?["id"] as? String)
    let named = try sandbox.larder(
      "--json", "pantry", "edit", id, "--name", "  Meyer lemons ", "--note", "  for tart ")
    let item = try #require((try named.json() as? [[String: Any]])?.first)
    #expect(item["name"] as? String == "Meyer lemons", "\(named)")
    #expect(item["note"] as? String == "for tart", "\(named)")
    // The API stores the empty text it is sent (null clears); so does the command line.
    let emptied = try sandbox.larder("--json", "pantry", "edit", id, "--note", "")
    let after = try #require((try emptied.json() as? [[String: Any]])?.first)
    #expect(after["note"] as? String == "", "\(emptied)")
  }
}
