import Foundation
import LarderApplication
import LarderCore
import LarderStore

/// The `larder` command line: parses arguments, resolves the configuration and runs a command.
/// The executable's `main` only calls ``run(arguments:environment:console:)``.
public enum LarderCommandLine {
  /// Larder's version.
  public static let version = "0.1.0"

  /// Exit status: success.
  public static let exitSuccess: Int32 = 0
  /// Exit status: the command failed (a missing recipe, a file that could not be imported).
  public static let exitFailure: Int32 = 1
  /// Exit status: the command line was wrong.
  public static let exitUsage: Int32 = 2

  /// Every command and option.
  public static let spec = CommandSpec(
    "larder", abstract: "Larder: a self-hosted recipe manager.",
    discussion: """
      Settings come from options, then LARDER_* environment variables (LARDER_DB, LARDER_HOST, \
      LARDER_PORT, ...), then the config file ($XDG_CONFIG_HOME/larder/config, lines of \
      'key = value'). Exit status: 0 success, 1 failure, 2 usage error.
      """,
    options: [
      .option(
        "db", valueName: "PATH", help: "The database file.",
        default: "$XDG_DATA_HOME/larder/larder.sqlite"),
      .option("config", valueName: "PATH", help: "A config file of 'key = value' lines."),
      .option(
        "household", valueName: "ID",
        help: "The household local commands act in, as its owner ('larder users list' shows "
          + "the households).", default: "default"),
      .flag("json", help: "Print JSON for scripts instead of text for people."),
      .flag("version", help: "Print Larder's version."),
    ],
    subcommands: [
      CommandSpec(
        "serve", abstract: "Serve the web app and the JSON API.",
        discussion: "Stops cleanly on Ctrl-C (SIGINT) or SIGTERM.",
        options: [
          .option(
            "host", valueName: "ADDRESS", help: "The address to listen on.", default: "127.0.0.1"),
          .option(
            "port", short: "p", valueName: "PORT", help: "The port to listen on.", default: "8080"),
          .option("threads", valueName: "N", help: "HTTP worker threads.", default: "4"),
          .option(
            "public-url", valueName: "URLS",
            help: "Comma-separated URLs Larder is opened by besides loopback (a phone on the "
              + "LAN: http://192.168.1.20:8080); other Host names are refused."),
          .option(
            "tls-cert", valueName: "FILE",
            help: "Serve HTTPS with this PEM certificate (chain); needs --tls-key."),
          .option("tls-key", valueName: "FILE", help: "The PEM private key of --tls-cert."),
          .option(
            "trusted-proxies", valueName: "ADDRESSES",
            help: "Comma-separated reverse proxy addresses or CIDR blocks (127.0.0.1) whose "
              + "X-Forwarded-For, -Proto and -Host headers are believed."),
          .option(
            "backup-dir", valueName: "FOLDER",
            help: "Back the database up into this folder once a day while serving (and at "
              + "start when the newest backup there is older)."),
          .option(
            "backup-keep", valueName: "N", help: "How many daily backups to keep.", default: "7"),
          maxFileSizeOption,
          .option(
            "max-connections", valueName: "N", help: "Connections served at once.",
            default: "256"),
          .option(
            "max-connections-per-client", valueName: "N",
            help: "Connections one client address may hold (behind trusted proxies, every "
              + "client has the proxy's address: then it defaults to --max-connections).",
            default: "64"),
        ]),
      CommandSpec(
        "import", abstract: "Import recipe files, folders and other apps' exports, or clip URLs.",
        discussion: """
          Reads schema.org JSON-LD, Cooklang (.cook), MealMaster (.mmf, .mxp), MasterCook \
          (.mx2), Gourmet XML (.grmt), recipe CSVs (Plan to Eat, MyRecipeBox), Markdown \
          recipes and Chowdown, and the exports of Mealie, Tandoor, Paprika (.paprikarecipes), \
          Mela (.melarecipes), RecipeSage, Recipe Keeper, Nextcloud Cookbook and Copy Me That, \
          in zip archives or folders. Every recipe is reported: created, updated, unchanged or \
          failed with the reason. Recipes imported before are recognised and updated, not \
          duplicated. Exits 1 if anything failed. http:// and https:// arguments are clipped: \
          the page is fetched, its recipe read and its main image kept; pages on your own \
          network need clip_allow_private (LARDER_CLIP_ALLOW_PRIVATE=1).
          """,
        options: [maxFileSizeOption],
        arguments: [
          ArgumentSpec(
            "path", help: "Files or folders ('-' reads standard input), or web page URLs.",
            arity: .oneOrMore)
        ]),
      AddCommand.spec,
      CommandSpec(
        "extract", abstract: "Find the recipe in a web page (file or URL); print it as JSON-LD.",
        discussion: """
          Reads schema.org Recipe from JSON-LD, microdata or RDFa, else from the page's \
          headings and lists. Prints schema.org JSON-LD (with --json: the recipes, the method \
          used and warnings) and saves nothing. Exit status 1 when the page holds no recipe.
          """,
        options: [
          .option(
            "url", valueName: "URL",
            help: "The page's address, for resolving relative links and as the recipe's source.")
        ],
        arguments: [
          ArgumentSpec(
            "path",
            help: "The HTML file, or an http(s) URL to fetch ('-' reads standard input).")
        ]),
      CommandSpec(
        "export", abstract: "Export recipes as schema.org JSON-LD, Cooklang or Markdown.",
        discussion: """
          Without --output or --dir, prints to standard output. Cooklang holds one recipe per \
          file, so several recipes in Cooklang need --dir.
          """,
        options: [
          .option(
            "format", short: "f", valueName: "FORMAT", help: "jsonld, cooklang or markdown.",
            default: "jsonld"),
          .option(
            "output", short: "o", valueName: "FILE", help: "Write one file with every recipe."),
          .option("dir", valueName: "FOLDER", help: "Write one file per recipe into a folder."),
        ],
        arguments: [
          ArgumentSpec(
            "id", help: "Recipes to export (all when none are given).", arity: .zeroOrMore)
        ]),
      CommandSpec(
        "recipes", abstract: "List recipes.",
        options: listOptions),
      CommandSpec(
        "search", abstract: "Search recipes by title, ingredients, tags and steps.",
        options: listOptions,
        arguments: [ArgumentSpec("words", help: "What to search for.", arity: .oneOrMore)]),
      CommandSpec(
        "show", abstract: "Show one recipe.",
        discussion: """
          With --servings or --units, the ingredient lines are shown scaled and converted, in \
          the recipe's language ("4 EL Olivenöl" for a German recipe).
          """,
        options: ShowCommand.options,
        arguments: [ArgumentSpec("id", help: "The recipe's ID (or a unique start of it).")]),
      NutritionCommand.spec,
      CommandSpec(
        "cook", abstract: "Find recipes you can cook with what you have.",
        discussion: """
          Ranks recipes by how little is missing. Salt, black pepper and water count as \
          staples you always have; optional and "to taste" lines never count as missing; a \
          line Larder cannot read counts as missing and is shown.
          """,
        options: CookCommand.options),
      PantryCommand.spec,
      PlanCommand.spec,
      ShoppingListCommand.spec,
      CommandSpec(
        "ingredients", abstract: "Parse ingredient lines and match them to foods.",
        subcommands: [
          CommandSpec(
            "parse", abstract: "Parse lines from standard input, one JSON object per line.",
            discussion: """
              Each output line has input, isSectionHeader, quantity, quantityMax, unit \
              (canonical), unitText, alternativeAmounts, containerSize, size, name, \
              alternatives, preparation, comment, purpose, isOptional, spans and food (the \
              matched catalog food, or null), as the API's ingredients/parse writes them. \
              Lines are read as English unless --language names another language.
              """,
            options: [
              .option(
                "language", valueName: "CODE",
                help: "The lines' language: en, de, fr, es, it, nl, pt, sv, da, nb, pl or ru.",
                default: "en")
            ]),
          CommandSpec(
            "reparse",
            abstract: "Parse and match every recipe's lines again (after an update)."),
        ]),
      FoodsCommand.spec,
      CommandSpec(
        "delete", abstract: "Delete recipes.",
        arguments: [ArgumentSpec("id", help: "The recipes' IDs.", arity: .oneOrMore)]),
      BackupCommand.backupSpec,
      BackupCommand.restoreSpec,
      DatabaseCommand.spec,
      UsersCommand.spec,
      TokensCommand.spec,
    ])

  /// `--max-file-size`, for `import` and `serve`: the `max_file_size` setting.
  static let maxFileSizeOption = OptionSpec.option(
    "max-file-size", valueName: "SIZE",
    help: "The largest file an import reads or an upload may be, for exports you trust "
      + "(200MB, 1GiB); archives and decompression limits follow.", default: "64MiB")

  static let listOptions: [OptionSpec] = [
    .option("limit", short: "n", valueName: "N", help: "How many to show.", default: "24"),
    .option("offset", valueName: "N", help: "How many to skip.", default: "0"),
    .option(
      "sort", valueName: "ORDER",
      help: "One of " + RecipeSort.allCases.map(\.rawValue).joined(separator: ", ") + "."),
    .flag("favorites", help: "Only favourites."),
  ]

  /// The options whose names are not their field's name in kebab case (`maxTime` is
  /// `--max-time` without an entry here).
  static let optionNames = [
    "diets": "diet", "courses": "course", "cuisines": "cuisine", "tags": "tag",
    "favoritesOnly": "favorites",
  ]

  /// The fields whose argument is not named like them, by command path (`[]` for every
  /// command that has the argument): `q` is the argument WORDS.
  static let argumentNames: [[String]: [String: String]] = [
    []: ["q": "words"],
    ["foods", "synonym"]: ["synonym": "name"],
    ["foods", "remove"]: ["id": "food"],
    ["users", "add"]: ["login": "name"],
  ]

  /// The fields whose option is not named like them in one command only, by command path.
  static let commandOptionNames: [[String]: [String: String]] = [
    ["list", "generate"]: ["recipes": "recipe"],
    ["users", "add"]: ["password": "password-stdin"],
    ["users", "passwd"]: ["newPassword": "password-stdin"],
  ]

  /// How errors name fields for `command`: its arguments as arguments (a field named like one
  /// of them, or mapped to one in ``argumentNames``), everything else as options.
  static func naming(for command: ParsedCommand) -> FieldNaming {
    let running = spec.commandChain(at: command.subcommandPath).last ?? spec
    let declared = Set(running.arguments.map(\.name))
    var arguments: [String: String] = [:]
    for name in declared { arguments[name] = name }
    for (field, argument) in argumentNames[[], default: [:]]
      .merging(argumentNames[command.subcommandPath, default: [:]], uniquingKeysWith: { $1 })
    where declared.contains(argument) {
      arguments[field] = argument
    }
    let options = optionNames.merging(
      commandOptionNames[command.subcommandPath, default: [:]], uniquingKeysWith: { $1 })
    return .commandLine(options: options, arguments: arguments)
  }

  /// The error's message for `command`, naming a field of a list's item (`recipes[0].servings`)
  /// by the option or argument that gave the item (`--recipe`).
  static func message(for error: ApplicationError, in command: ParsedCommand) -> String {
    func given(_ field: Field) -> Field {
      guard let end = field.name.firstIndex(where: { $0 == "[" || $0 == "." }) else {
        return field
      }
      return Field(String(field.name[..<end]), location: field.location, item: field.item)
    }
    let naming = naming(for: command)
    switch error {
    case .invalidValue(let field, let value, let expected):
      return ApplicationError.invalidValue(given(field), value: value, expected: expected)
        .message(naming: naming)
    case .refusedValue(let field, let value, let reason):
      return ApplicationError.refusedValue(given(field), value: value, reason: reason)
        .message(naming: naming)
    case .missingValue(let field):
      return ApplicationError.missingValue(given(field)).message(naming: naming)
    case .unknownField(let field, let allowed):
      return ApplicationError.unknownField(given(field), allowed: allowed).message(naming: naming)
    case .unknownFood(let field, let name):
      return ApplicationError.unknownFood(given(field), name: name).message(naming: naming)
    default:
      return error.message(naming: naming)
    }
  }

  /// Runs the command line (without the program name) and returns the exit status.
  public static func run(
    arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
    console: Console = Console()
  ) -> Int32 {
    let parsed: ParsedCommand
    do {
      switch try spec.parse(arguments) {
      case .help(let path):
        console.print(HelpFormatter().help(for: spec, subcommandPath: path))
        return exitSuccess
      case .run(let command):
        parsed = command
      }
    } catch {
      console.printError(error.message)
      console.printError(HelpFormatter().usage(for: spec, subcommandPath: error.subcommandPath))
      console.printError(
        "Run 'larder \((error.subcommandPath + ["--help"]).joined(separator: " "))' for more.")
      return exitUsage
    }
    // `--version` is global, so `larder serve --version` prints it too rather than serving.
    if parsed.flag("version") {
      console.print("larder \(version)")
      return exitSuccess
    }
    if parsed.subcommandPath.isEmpty {
      console.printError(HelpFormatter().help(for: spec, subcommandPath: []))
      return exitUsage
    }
    do {
      var flags: [String: String] = [:]
      for key in ["db", "host", "port", "threads", "household"] { flags[key] = parsed.value(key) }
      for key in [
        "public_url", "tls_cert", "tls_key", "trusted_proxies", "backup_dir", "backup_keep",
        "max_file_size", "max_connections", "max_connections_per_client",
      ] {
        flags[key] = parsed.value(key.replacingOccurrences(of: "_", with: "-"))
      }
      let config = try Config.resolve(
        flags: flags, environment: environment, configPath: parsed.value("config"))
      let context = CommandContext(
        command: parsed, config: config, console: console, json: parsed.flag("json"))
      switch parsed.subcommandPath[0] {
      case "serve": return try ServeCommand.run(context)
      case "import": return try ImportCommand.run(context)
      case "add": return try AddCommand.run(context)
      case "export": return try ExportCommand.run(context)
      case "extract": return try ExtractCommand.run(context)
      case "recipes", "search": return try ListCommand.run(context)
      case "pantry": return try PantryCommand.run(context)
      case "plan": return try PlanCommand.run(context)
      case "list": return try ShoppingListCommand.run(context)
      case "show": return try ShowCommand.run(context)
      case "nutrition": return try NutritionCommand.run(context)
      case "delete": return try DeleteCommand.run(context)
      case "ingredients": return try IngredientsCommand.run(context)
      case "cook": return try CookCommand.run(context)
      case "foods": return try FoodsCommand.run(context)
      case "backup": return try BackupCommand.runBackup(context)
      case "restore": return try BackupCommand.runRestore(context)
      case "db": return try DatabaseCommand.run(context)
      case "users": return try UsersCommand.run(context)
      case "tokens": return try TokensCommand.run(context)
      default: return exitUsage
      }
    } catch let error as UsageError {
      console.printError(error.message)
      return exitUsage
    } catch let error as ApplicationError {
      // The use case's own words, with fields named as options; a bad option value is a
      // usage error (2), anything else a failure (1).
      console.printError("larder: " + message(for: error, in: parsed))
      return error.isAboutAField ? exitUsage : exitFailure
    } catch let error as ConfigError {
      console.printError("larder: \(error.message)")
      return exitUsage
    } catch {
      console.printError("larder: \(error)")
      return exitFailure
    }
  }
}

/// What a command needs: its parsed arguments, the configuration and the console.
struct CommandContext {
  let command: ParsedCommand
  let config: Config
  let console: Console
  let json: Bool

  /// The installation's defaults for days, weeks and units, from the configuration.
  var settings: LarderSettings {
    LarderSettings(
      timeZone: config.timeZone ?? .current, unitSystem: config.unitSystem,
      firstWeekday: config.firstWeekday, maximumImportFileBytes: config.maxFileBytes)
  }

  /// The caller every command acts as: the owner of the chosen household (`--household`),
  /// since whoever can run the binary can read the database file anyway.
  var caller: Caller { .local(household: config.household) }

  /// Runs `body`, turning "no such household" about the chosen household into a usage error
  /// that says where the choice came from and where to look for households.
  private func inChosenHousehold<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch ApplicationError.notFound(.household, let id) where id == config.household.rawValue {
      throw ConfigError(
        message: "household '\(id)' (from --household, LARDER_HOUSEHOLD or 'household' in the "
          + "config file) is not in \(PostgresURL.redacted(config.databasePath)); 'larder users "
          + "list' shows each "
          + "account's households")
    }
  }

  /// Opens the configured database as a running Larder (a new one gets the starter recipes
  /// when configured to), printing what opening it found on standard error: the household's
  /// foods that no longer apply, always; the starter recipes a new database got, unless the
  /// output is JSON; the finder's build time when `announcesFinder` (the server says it; a
  /// command that only finds recipes need not).
  func openLarder(buildsFinder: Bool = false, announcesFinder: Bool = false) throws -> OpenedLarder
  {
    let opened = try inChosenHousehold {
      try Larder.open(
        databasePath: config.databasePath, settings: settings,
        clipper: ClipCommandSupport.clipper(for: config),
        options: OpeningOptions(
          seedsStarterRecipes: config.starterRecipes, buildsFinder: buildsFinder,
          analysisCatchUp: announcesFinder ? .inBackground : buildsFinder ? .now : .later,
          followsOtherProcesses: announcesFinder),
        caller: caller, log: { [console] in console.printError($0) })
    }
    var notes = opened.notes
    if json { notes.starterRecipes = nil }
    if !announcesFinder { notes.finderBuild = nil }
    for line in notes.lines(databasePath: config.databasePath) { console.printError(line) }
    return opened
  }

  /// The household's foods when the database exists, else the bundled ones, for looking up
  /// only: never creates a database. Foods that no longer apply are named on standard error.
  func foodLookup() throws -> FoodLookup {
    let lookup = try inChosenHousehold {
      try Larder.foodLookup(databasePath: config.databasePath, as: caller)
    }
    for warning in lookup.warnings { console.printError("warning: \(warning)") }
    return lookup
  }

  /// The configured Larder when its database exists, else one on a private in-memory database
  /// with the bundled foods: for previews, which must not create a database.
  func previewLarder() throws -> Larder {
    if PostgresURL.isPostgres(config.databasePath)
      || FileManager.default.fileExists(atPath: config.databasePath)
    {
      return try openLarder().larder
    }
    return try inChosenHousehold {
      try Larder.open(
        databasePath: ":memory:", settings: settings,
        options: OpeningOptions(seedsStarterRecipes: false), caller: caller
      ).larder
    }
  }

  /// Today in the configured time zone.
  var today: CalendarDay { CalendarDay(Date(), in: config.timeZone ?? .current) }

  /// The configured units.
  var measureFormat: MeasureFormat {
    MeasureFormat(system: config.unitSystem, fractionStyle: .unicode)
  }

  /// Prints a value as pretty JSON on standard output.
  func printJSON<T: Encodable>(_ value: T) throws {
    console.print(String(decoding: try LarderJSON.encode(value, pretty: true), as: UTF8.self))
  }
}

/// A command failed for a reason worth telling the user as is.
struct CLIError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
