import Foundation
import Testing

/// Where the binary takes its settings from: options, then LARDER_* variables, then the config
/// file, then the defaults.
@Suite struct ConfigTests {
  /// Runs `list` without `--db` and returns the run.
  private func list(
    in sandbox: Sandbox, _ arguments: [String] = [], environment: [String: String] = [:]
  ) throws -> LarderRun {
    try sandbox.larder(["recipes"] + arguments, environment: environment, withDatabase: false)
  }

  @Test func theDefaultDatabaseIsInXDGDataHome() throws {
    let sandbox = try Sandbox()
    let run = try list(in: sandbox)
    #expect(run.status == 0, "\(run)")
    #expect(sandbox.exists(sandbox.dataHome.appendingPathComponent("larder/larder.sqlite").path))
  }

  @Test func theDefaultDatabaseFallsBackToHomeWithoutXDGDataHome() throws {
    let sandbox = try Sandbox()
    sandbox.environment["XDG_DATA_HOME"] = nil
    let run = try list(in: sandbox)
    #expect(run.status == 0, "\(run)")
    #expect(sandbox.exists("home/.local/share/larder/larder.sqlite"), "\(run)")
  }

  @Test func larderDBIsUsedWithoutTheOption() throws {
    let sandbox = try Sandbox()
    let database = sandbox.path("from-environment.sqlite")
    let run = try list(in: sandbox, environment: ["LARDER_DB": database])
    #expect(run.status == 0, "\(run)")
    #expect(sandbox.exists(database))
    #expect(!sandbox.exists(sandbox.dataHome.appendingPathComponent("larder").path))
  }

  @Test func theOptionBeatsLarderDB() throws {
    let sandbox = try Sandbox()
    let fromOption = sandbox.path("from-option.sqlite")
    let fromEnvironment = sandbox.path("from-environment.sqlite")
    let run = try list(
      in: sandbox, ["--db", fromOption], environment: ["LARDER_DB": fromEnvironment])
    #expect(run.status == 0, "\(run)")
    #expect(sandbox.exists(fromOption))
    #expect(!sandbox.exists(fromEnvironment))
  }

  @Test func theDefaultConfigFileIsRead() throws {
    let sandbox = try Sandbox()
    sandbox.environment["LARDER_STARTER_RECIPES"] = nil
    let database = sandbox.path("from-config.sqlite")
    try sandbox.write(
      """
      # Written by the test.
      db = \(database)
      starter_recipes = no   # an empty database
      """, to: "config/larder/config")
    let run = try list(in: sandbox)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout == "No recipes.\n", "starter_recipes = no was read: \(run)")
    #expect(sandbox.exists(database))
  }

  @Test func theConfigOptionNamesAnotherFile() throws {
    let sandbox = try Sandbox()
    try sandbox.write("db = \(sandbox.path("default.sqlite"))\n", to: "config/larder/config")
    let file = try sandbox.write("db = \(sandbox.path("chosen.sqlite"))\n", to: "chosen.conf")
    let run = try list(in: sandbox, ["--config", file])
    #expect(run.status == 0, "\(run)")
    #expect(sandbox.exists("chosen.sqlite"))
    #expect(!sandbox.exists("default.sqlite"))
  }

  @Test func larderDBBeatsTheConfigFile() throws {
    let sandbox = try Sandbox()
    try sandbox.write("db = \(sandbox.path("from-config.sqlite"))\n", to: "config/larder/config")
    let run = try list(in: sandbox, environment: ["LARDER_DB": sandbox.path("from-env.sqlite")])
    #expect(run.status == 0, "\(run)")
    #expect(sandbox.exists("from-env.sqlite"))
    #expect(!sandbox.exists("from-config.sqlite"))
  }

  @Test func anUnknownKeyInTheConfigFileExitsTwoNamingTheLine() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(
      """
      # Larder settings
      port = 8090
      colour = green
      """, to: "config/larder/config")
    let run = try list(in: sandbox, ["--db", sandbox.database])
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("\(file):3: unknown setting 'colour'"), "\(run)")
    #expect(!sandbox.exists(sandbox.database), "\(run)")
  }

  @Test func aLineWithoutEqualsExitsTwoNamingTheLine() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write("\nport 8090\n", to: "larder.conf")
    let run = try list(in: sandbox, ["--config", file])
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("\(file):2: expected 'key = value'"), "\(run)")
  }

  @Test func aMissingConfigFileExitsTwo() throws {
    let sandbox = try Sandbox()
    let missing = sandbox.path("no-such.conf")
    let run = try list(in: sandbox, ["--config", missing, "--db", sandbox.database])
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("config file '\(missing)' cannot be read"), "\(run)")
    #expect(!sandbox.exists(sandbox.database))
  }

  /// Bad settings for `serve`, where each came from, and what the error must name.
  static let badServeSettings:
    [(arguments: [String], environment: [String: String], source: String)] = [
      ([], ["LARDER_PORT": "abc"], "environment variable LARDER_PORT: 'abc'"),
      ([], ["LARDER_PORT": "70000"], "environment variable LARDER_PORT: '70000'"),
      ([], ["LARDER_THREADS": "0"], "environment variable LARDER_THREADS: '0'"),
      ([], ["LARDER_HOST": "local host"], "environment variable LARDER_HOST: 'local host'"),
      ([], ["LARDER_STARTER_RECIPES": "maybe"], "environment variable LARDER_STARTER_RECIPES"),
      (["--port", "eighty"], [:], "option --port: 'eighty'"),
      (["--port", "abc"], ["LARDER_PORT": "8081"], "option --port: 'abc'"),
    ]

  @Test(arguments: badServeSettings)
  func aBadSettingStopsServeWithExitTwoNamingWhereItCameFrom(
    arguments: [String], environment: [String: String], source: String
  ) throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder(
      ["serve"] + arguments, environment: environment, timeout: .seconds(60))
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains(source), "\(run)")
    #expect(!run.stderr.contains("serving"), "\(run)")
    #expect(!sandbox.exists(sandbox.database), "checked before the database is opened")
  }

  @Test func aBadValueInTheConfigFileNamesTheFileAndLine() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write("host = 127.0.0.1\nport = -1\n", to: "config/larder/config")
    let run = try sandbox.larder("serve", timeout: .seconds(60))
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("\(file):2: '-1' is not a whole number from 0 to 65535"), "\(run)")
  }
}
