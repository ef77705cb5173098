import Testing

@testable import LarderCLI

/// A small `larder` command tree that exercises every kind of option and argument.
private let larder = CommandSpec(
  "larder",
  abstract: "A self-hosted recipe manager.",
  discussion: """
    Keeps every recipe in one SQLite file and serves them to the browsers on your network, \
    with search, scaling and shopping lists.
      larder import https://example.com/soup
    """,
  options: [
    .option(
      "db", short: "d", valueName: "PATH", help: "The recipe database.", default: "larder.db"),
    .flag("json", help: "Print machine-readable JSON instead of text."),
    .flag("version", help: "Print the version."),
  ],
  subcommands: [
    CommandSpec(
      "import",
      abstract: "Import recipes from files, folders or web pages.",
      options: [
        .option(
          "tag", short: "t", valueName: "TAG",
          help: "Add this tag to every imported recipe, so that a batch of imports can be found "
            + "and reviewed together later.",
          repeatable: true),
        .flag("dry-run", short: "n", help: "Show what would be imported without saving it."),
        .flag("verbose", short: "v", help: "Say more; give twice for even more.", repeatable: true),
        .option("limit", valueName: "COUNT", help: "Stop after this many recipes."),
        .option("on-duplicate-title", valueName: "skip|replace|keep-both", help: "What to do."),
      ],
      arguments: [
        ArgumentSpec(
          "source", help: "A file, folder or URL; '-' reads standard input.", arity: .oneOrMore)
      ]),
    CommandSpec(
      "export", abstract: "Export every recipe.",
      arguments: [ArgumentSpec("output", help: "Where to write.", arity: .optional)]),
    CommandSpec(
      "serve", abstract: "Serve the web interface.",
      options: [.option("port", short: "p", valueName: "PORT", help: "The port.", default: "8080")]),
    CommandSpec(
      "scale", abstract: "Scale a recipe.",
      arguments: [
        ArgumentSpec("recipe", help: "The recipe's name."),
        ArgumentSpec("factor", help: "How much to multiply by."),
      ]),
    CommandSpec(
      "tag", abstract: "Tag recipes.",
      arguments: [
        ArgumentSpec("recipes", help: "The recipes.", arity: .oneOrMore),
        ArgumentSpec("tag", help: "The tag."),
      ]),
    CommandSpec(
      "ingredients", abstract: "Work with ingredient lines.",
      subcommands: [
        CommandSpec(
          "parse", abstract: "Parse one ingredient line.",
          arguments: [ArgumentSpec("line", help: "The line, such as '2 cups flour'.")])
      ]),
  ])

extension ParseOutcome {
  /// The parsed command, or `nil` if the outcome is help.
  fileprivate var command: ParsedCommand? {
    if case .run(let command) = self { command } else { nil }
  }
}

/// Parses `arguments` against `larder`, requiring a command to run rather than help.
private func parse(_ arguments: [String]) throws -> ParsedCommand {
  try #require(try larder.parse(arguments).command)
}

/// Parses `arguments` against `larder`, requiring a usage error, and returns it.
private func usageError(_ arguments: [String]) throws -> UsageError {
  try #require(throws: UsageError.self) { try larder.parse(arguments) }
}

/// Tests of `CommandSpec.parse(_:)`, `ParsedCommand`, `UsageError` and `HelpFormatter`.
@Suite("Argument parser")
struct ArgumentParserTests {
  @Suite("Parsing options")
  struct Options {
    /// One command line and the values it should give one option.
    struct Case: Sendable, CustomTestStringConvertible {
      var arguments: [String]
      var option: String
      var values: [String]
      var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(
      "every spelling of an option gives its value",
      arguments: [
        Case(arguments: ["import", "--tag", "soup", "a"], option: "tag", values: ["soup"]),
        Case(arguments: ["import", "--tag=soup", "a"], option: "tag", values: ["soup"]),
        Case(arguments: ["import", "--tag=", "a"], option: "tag", values: [""]),
        Case(arguments: ["import", "--tag=a=b", "a"], option: "tag", values: ["a=b"]),
        Case(arguments: ["import", "-t", "soup", "a"], option: "tag", values: ["soup"]),
        Case(arguments: ["import", "-tsoup", "a"], option: "tag", values: ["soup"]),
        Case(arguments: ["import", "-t=soup", "a"], option: "tag", values: ["soup"]),
        Case(arguments: ["import", "-vtsoup", "a"], option: "tag", values: ["soup"]),
        Case(arguments: ["import", "-vt", "soup", "a"], option: "tag", values: ["soup"]),
        Case(arguments: ["import", "a", "--tag", "soup"], option: "tag", values: ["soup"]),
        Case(arguments: ["import", "--tag", "-", "a"], option: "tag", values: ["-"]),
        Case(arguments: ["serve", "--port", "-1"], option: "port", values: ["-1"]),
        Case(
          arguments: ["import", "-t", "a", "--tag", "b", "-tc", "x"], option: "tag",
          values: ["a", "b", "c"]),
        Case(
          arguments: ["import", "-vv", "-v", "x"], option: "verbose", values: ["", "", ""]),
      ])
    func spellings(_ testCase: Case) throws {
      let parsed = try parse(testCase.arguments)
      #expect(parsed.values(testCase.option) == testCase.values)
    }

    @Test("combined short flags each count")
    func combinedShortFlags() throws {
      let parsed = try parse(["import", "-nv", "a"])
      #expect(parsed.flag("dry-run"))
      #expect(parsed.flag("verbose"))
      #expect(!parsed.flag("json"))
    }

    @Test("a repeatable option's value is the last one given")
    func lastValueWins() throws {
      let parsed = try parse(["import", "-t", "first", "-t", "last", "a"])
      #expect(parsed.value("tag") == "last")
    }

    @Test("an absent option reads as nothing")
    func absentOption() throws {
      let parsed = try parse(["import", "a"])
      #expect(parsed.value("limit") == nil)
      #expect(parsed.values("tag") == [])
      #expect(!parsed.flag("dry-run"))
      #expect(try parsed.int("limit") == nil)
    }

    @Test("defaults are shown in help but not filled in")
    func defaultsAreNotFilledIn() throws {
      #expect(try parse(["serve"]).value("port") == nil)
    }

    @Test("whole numbers are read from option values", arguments: ["8080", "-3", "+7", "0"])
    func wholeNumbers(text: String) throws {
      let parsed = try parse(["serve", "--port", text])
      #expect(try parsed.int("port") == Int(text))
    }

    @Test(
      "a value that is not a whole number is a usage error", arguments: ["abc", "8.5", "", "1e3"])
    func notWholeNumbers(text: String) throws {
      let parsed = try parse(["serve", "--port=\(text)"])
      let error = try #require(throws: UsageError.self) { try parsed.int("port") }
      #expect(error.message == "larder serve: option --port: '\(text)' is not a whole number")
      #expect(error.subcommandPath == ["serve"])
    }
  }

  @Suite("Parsing commands and arguments")
  struct Commands {
    @Test(
      "global options are accepted before or after the subcommand",
      arguments: [
        ["--db", "x.db", "--json", "import", "a"],
        ["import", "--db", "x.db", "--json", "a"],
        ["import", "a", "--db=x.db", "--json"],
        ["-d", "x.db", "import", "--json", "a"],
        ["--json", "import", "-dx.db", "a"],
      ])
    func globalOptions(arguments: [String]) throws {
      let parsed = try parse(arguments)
      #expect(parsed.subcommandPath == ["import"])
      #expect(parsed.value("db") == "x.db")
      #expect(parsed.flag("json"))
      #expect(parsed.arguments("source") == ["a"])
    }

    @Test("nested subcommands give their whole path")
    func nestedSubcommand() throws {
      let parsed = try parse(["ingredients", "--json", "parse", "2 cups flour"])
      #expect(parsed.subcommandPath == ["ingredients", "parse"])
      #expect(parsed.argument("line") == "2 cups flour")
      #expect(parsed.flag("json"))
    }

    @Test("no subcommand gives the root, for the caller to handle --version or show help")
    func noSubcommand() throws {
      #expect(try parse([]) == ParsedCommand(rootName: "larder", subcommandPath: []))
      let parsed = try parse(["--version"])
      #expect(parsed.subcommandPath == [])
      #expect(parsed.flag("version"))
    }

    @Test("'--' ends options, so what follows is arguments")
    func doubleDashEndsOptions() throws {
      let parsed = try parse(["import", "-v", "--", "--tag", "-v", "--", "-"])
      #expect(parsed.arguments("source") == ["--tag", "-v", "--", "-"])
      #expect(parsed.values("verbose") == [""])
      #expect(parsed.values("tag") == [])
    }

    @Test("'-' alone is an argument, meaning standard input")
    func dashIsAnArgument() throws {
      #expect(try parse(["import", "-", "b"]).arguments("source") == ["-", "b"])
    }

    @Test("a negative number is an argument, not an option")
    func negativeNumberArgument() throws {
      let parsed = try parse(["scale", "soup", "-2"])
      #expect(parsed.argument("recipe") == "soup")
      #expect(parsed.argument("factor") == "-2")
    }

    @Test("an optional argument may be left out")
    func optionalArgument() throws {
      #expect(try parse(["export"]).argument("output") == nil)
      #expect(try parse(["export", "out.json"]).argument("output") == "out.json")
    }

    @Test("a variadic argument leaves enough words for the required ones after it")
    func variadicBeforeRequired() throws {
      let parsed = try parse(["tag", "soup", "stew", "winter"])
      #expect(parsed.arguments("recipes") == ["soup", "stew"])
      #expect(parsed.argument("tag") == "winter")
    }

    @Test("a caller's own check makes an error about the parsed command")
    func callerMadeError() throws {
      let error = try parse(["import", "a"]).usageError(
        .invalidValue(for: "argument <source>", value: "a", expected: "a file or URL"))
      #expect(error.message == "larder import: argument <source>: 'a' is not a file or URL")
    }
  }

  @Suite("Usage errors")
  struct Errors {
    /// One command line and the message of the usage error it should raise.
    struct Case: Sendable, CustomTestStringConvertible {
      var arguments: [String]
      var message: String
      var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(
      "each mistake has a message naming the command",
      arguments: [
        Case(
          arguments: ["--jsno"], message: "larder: unknown option '--jsno'; did you mean '--json'?"),
        Case(
          arguments: ["--JSON"], message: "larder: unknown option '--JSON'; did you mean '--json'?"),
        Case(
          arguments: ["--hlep"], message: "larder: unknown option '--hlep'; did you mean '--help'?"),
        Case(
          arguments: ["import", "--verison"],
          message: "larder import: unknown option '--verison'; did you mean '--version'?"),
        Case(
          arguments: ["import", "--dry-rn=1", "a"],
          message: "larder import: unknown option '--dry-rn'; did you mean '--dry-run'?"),
        Case(arguments: ["--frobnicate"], message: "larder: unknown option '--frobnicate'"),
        Case(arguments: ["--x"], message: "larder: unknown option '--x'"),
        Case(arguments: ["--tag", "x", "import"], message: "larder: unknown option '--tag'"),
        Case(arguments: ["import", "-x", "a"], message: "larder import: unknown option '-x'"),
        Case(arguments: ["import", "-vx", "a"], message: "larder import: unknown option '-x'"),
        Case(
          arguments: ["import", "a", "--tag"],
          message: "larder import: missing value for option --tag"),
        Case(
          arguments: ["import", "a", "-t"], message: "larder import: missing value for option -t"),
        Case(
          arguments: ["import", "--tag", "--json", "a"],
          message: "larder import: missing value for option --tag"),
        Case(
          arguments: ["--db", "--", "import"], message: "larder: missing value for option --db"),
        Case(
          arguments: ["--json=yes"],
          message: "larder: option --json does not take a value (got 'yes')"),
        Case(
          arguments: ["--db", "a", "-d", "b"], message: "larder: option -d given more than once"),
        Case(
          arguments: ["--json", "--json"], message: "larder: option --json given more than once"),
        Case(arguments: ["import"], message: "larder import: missing argument <source>"),
        Case(arguments: ["import", "-v"], message: "larder import: missing argument <source>"),
        Case(arguments: ["scale", "soup"], message: "larder scale: missing argument <factor>"),
        Case(arguments: ["tag", "winter"], message: "larder tag: missing argument <tag>"),
        Case(
          arguments: ["scale", "soup", "2", "extra"],
          message: "larder scale: unexpected argument 'extra'"),
        Case(arguments: ["serve", "now"], message: "larder serve: unexpected argument 'now'"),
        Case(arguments: ["--", "import"], message: "larder: unexpected argument 'import'"),
        Case(
          arguments: ["imprt"], message: "larder: unknown command 'imprt'; did you mean 'import'?"),
        Case(
          arguments: ["--json", "exprot", "x"],
          message: "larder: unknown command 'exprot'; did you mean 'export'?"),
        Case(
          arguments: ["ingredients", "prase", "x"],
          message: "larder ingredients: unknown command 'prase'; did you mean 'parse'?"),
        Case(arguments: ["bake"], message: "larder: unknown command 'bake'"),
        Case(arguments: ["-2"], message: "larder: unknown command '-2'"),
      ])
    func messages(_ testCase: Case) throws {
      let error = try usageError(testCase.arguments)
      #expect(error.message == testCase.message)
      #expect(error.description == testCase.message)
      #expect(error.exitCode == 2)
    }

    @Test("an error carries the command it is about and what is wrong")
    func errorFields() throws {
      let error = try usageError(["ingredients", "parse", "--jsno", "x"])
      #expect(error.rootName == "larder")
      #expect(error.subcommandPath == ["ingredients", "parse"])
      #expect(error.commandName == "larder ingredients parse")
      #expect(error.reason == .unknownOption("--jsno", suggestion: "--json"))
    }

    @Test("an error names the command reached when the mistake was found")
    func errorBeforeSubcommand() throws {
      let error = try usageError(["--limit", "3", "import", "a"])
      #expect(error.subcommandPath == [])
      #expect(error.reason == .unknownOption("--limit", suggestion: nil))
    }
  }

  @Suite("Asking for help")
  struct HelpRequests {
    @Test(
      "--help or -h anywhere asks for help on the deepest command named",
      arguments: [
        (["--help"], []),
        (["-h"], []),
        (["--json", "-h"], []),
        (["import", "--help"], ["import"]),
        (["--help", "import"], ["import"]),
        (["import", "a", "-vh"], ["import"]),
        (["import", "-hv", "--bogus"], ["import"]),
        (["import", "--no-such-option", "--help"], ["import"]),
        (["import", "--help", "--no-such-option"], ["import"]),
        (["import", "--tag", "--help"], ["import"]),
        (["imprt", "--help"], []),
        (["--bogus", "import", "--help"], []),
        (["scale", "-h", "soup", "2", "extra"], ["scale"]),
        (["ingredients", "parse", "-h"], ["ingredients", "parse"]),
        (["ingredients", "-h", "parse"], ["ingredients", "parse"]),
      ] as [([String], [String])])
    func helpAnywhere(arguments: [String], subcommandPath: [String]) throws {
      #expect(try larder.parse(arguments) == .help(subcommandPath: subcommandPath))
    }

    @Test("--help after '--' is an argument")
    func helpAfterDoubleDash() throws {
      #expect(try parse(["import", "--", "--help"]).arguments("source") == ["--help"])
    }

    @Test("--help does not take a value")
    func helpWithValue() throws {
      let error = try usageError(["--help=yes"])
      #expect(error.message == "larder: option --help does not take a value (got 'yes')")
    }
  }

  @Suite("Help text")
  struct HelpText {
    let formatter = HelpFormatter()

    @Test("the root's help lists its options and commands")
    func rootHelp() {
      let expected = """
        Usage: larder [options] <command>

        A self-hosted recipe manager.

        Keeps every recipe in one SQLite file and serves them to the browsers on your
        network, with search, scaling and shopping lists.
          larder import https://example.com/soup

        Options:
          -d, --db <PATH>  The recipe database. (default: larder.db)
              --json       Print machine-readable JSON instead of text.
              --version    Print the version.
          -h, --help       Show help for this command.

        Commands:
          import           Import recipes from files, folders or web pages.
          export           Export every recipe.
          serve            Serve the web interface.
          scale            Scale a recipe.
          tag              Tag recipes.
          ingredients      Work with ingredient lines.

        Run 'larder <command> --help' for help on a command.
        """
      #expect(formatter.help(for: larder, subcommandPath: []) == expected)
    }

    @Test("a subcommand's help lists its arguments, its options and the global options")
    func subcommandHelp() {
      let expected = """
        Usage: larder import [options] <source>...

        Import recipes from files, folders or web pages.

        Arguments:
          <source>...          A file, folder or URL; '-' reads standard input.

        Options:
          -t, --tag <TAG>      Add this tag to every imported recipe, so that a batch of
                               imports can be found and reviewed together later.
                               (repeatable)
          -n, --dry-run        Show what would be imported without saving it.
          -v, --verbose        Say more; give twice for even more. (repeatable)
              --limit <COUNT>  Stop after this many recipes.
              --on-duplicate-title <skip|replace|keep-both>
                               What to do.
          -h, --help           Show help for this command.

        Global options:
          -d, --db <PATH>      The recipe database. (default: larder.db)
              --json           Print machine-readable JSON instead of text.
              --version        Print the version.
        """
      #expect(formatter.help(for: larder, subcommandPath: ["import"]) == expected)
    }

    @Test("a nested command group's help points at its own commands")
    func groupHelp() {
      let expected = """
        Usage: larder ingredients [options] <command>

        Work with ingredient lines.

        Options:
          -h, --help       Show help for this command.

        Global options:
          -d, --db <PATH>  The recipe database. (default: larder.db)
              --json       Print machine-readable JSON instead of text.
              --version    Print the version.

        Commands:
          parse            Parse one ingredient line.

        Run 'larder ingredients <command> --help' for help on a command.
        """
      #expect(formatter.help(for: larder, subcommandPath: ["ingredients"]) == expected)
    }

    @Test(
      "usage lines show each kind of argument",
      arguments: [
        ([], "Usage: larder [options] <command>"),
        (["import"], "Usage: larder import [options] <source>..."),
        (["export"], "Usage: larder export [options] [<output>]"),
        (["scale"], "Usage: larder scale [options] <recipe> <factor>"),
        (["ingredients", "parse"], "Usage: larder ingredients parse [options] <line>"),
        (["no-such-command"], "Usage: larder [options] <command>"),
      ] as [([String], String)])
    func usageLines(subcommandPath: [String], expected: String) {
      #expect(formatter.usage(for: larder, subcommandPath: subcommandPath) == expected)
    }

    @Test("zero-or-more arguments are shown as optional and repeated")
    func zeroOrMoreUsage() {
      let command = CommandSpec(
        "rm", abstract: "", arguments: [ArgumentSpec("id", help: "", arity: .zeroOrMore)])
      #expect(
        formatter.help(for: command, subcommandPath: []) == "Usage: rm [options] [<id>...]\n\n"
          + "Arguments:\n  [<id>...]\n\nOptions:\n  -h, --help  Show help for this command.")
    }

    @Test("long usage lines wrap under the command")
    func wrappedUsage() {
      let arguments = (1...8).map { ArgumentSpec("argument-\($0)", help: "") }
      let command = CommandSpec("tool", abstract: "", arguments: arguments)
      let expected = """
        Usage: tool [options] <argument-1> <argument-2> <argument-3> <argument-4>
               <argument-5> <argument-6> <argument-7> <argument-8>
        """
      #expect(formatter.usage(for: command, subcommandPath: []) == expected)
    }

    @Test("no line is wider than the formatter's width", arguments: [40, 60, 80])
    func linesFitTheWidth(width: Int) {
      let help = HelpFormatter(width: width).help(for: larder, subcommandPath: ["import"])
      let overlong = help.split(separator: "\n").filter {
        $0.count > width && !$0.contains("--on-duplicate-title")
      }
      #expect(overlong == [])
    }
  }

  @Suite("Spelling suggestions")
  struct Suggestions {
    @Test(
      "edit distance counts insertions, deletions, substitutions and swaps",
      arguments: [
        ("json", "json", 0),
        ("jsno", "json", 1),
        ("jsn", "json", 1),
        ("jsonn", "json", 1),
        ("jdon", "json", 1),
        ("", "json", 4),
        ("json", "", 4),
        ("kitten", "sitting", 3),
        ("ca", "abc", 3),
      ] as [(String, String, Int)])
    func distance(source: String, target: String, expected: Int) {
      #expect(Spelling.distance(source, target) == expected)
      #expect(Spelling.distance(target, source) == expected)
    }

    @Test(
      "the closest candidate is suggested only when it is a likely typo",
      arguments: [
        ("jsno", "json"),
        ("dv", "db"),
        ("x", nil),
        ("jsnoo", nil),
        ("verison", "version"),
        ("ingrdeints", "ingredients"),
        ("Import", "import"),
        ("serv", "serve"),
      ] as [(String, String?)])
    func closest(word: String, expected: String?) {
      let candidates = ["db", "json", "version", "import", "ingredients", "serve", "scale"]
      #expect(Spelling.closest(to: word, among: candidates) == expected)
    }

    @Test("ties go to the earliest candidate")
    func ties() {
      #expect(Spelling.closest(to: "cat", among: ["bat", "hat"]) == "bat")
      #expect(Spelling.closest(to: "cat", among: ["hat", "bat"]) == "hat")
    }
  }
}
