import Foundation
import LarderApplication
import LarderCore
import Testing

@testable import LarderCLI

/// `--household ID` (or LARDER_HOUSEHOLD, or `household` in the config file): which household
/// local commands act in, as its owner.
@Suite struct HouseholdOptionTests {
  /// A sandbox with ana, owner of the default household and of a second one, "Cabin", made
  /// through the application layer as the web app will; returns the second one's id.
  private func sandboxWithTwoHouseholds() throws -> (Sandbox, cabin: String) {
    let sandbox = try Sandbox()
    #expect(try sandbox.addUser("ana", password: "correct horse", "--owner").status == 0)
    let ana = try sandbox.signIn("ana", "correct horse")
    let cabin = try sandbox.openedLarder().createHousehold(
      HouseholdNameRequest(name: "Cabin"), as: ana.caller)
    #expect(cabin.id != HouseholdID.default.rawValue)
    return (sandbox, cabin.id)
  }

  @Test func commandsActInTheChosenHousehold() throws {
    let (sandbox, cabin) = try sandboxWithTwoHouseholds()
    let soup = try sandbox.writeJSON(
      JSONDocument.recipe("Cabin Soup", ingredients: ["2 leeks"]), to: "soup.json")
    // `--household=ID`: an id may start with '-', which a separate word would not allow.
    let imported = try sandbox.larder("--household=\(cabin)", "import", soup)
    #expect(imported.status == 0, "\(imported)")
    let inCabin = try sandbox.larder("--household=\(cabin)", "recipes", "--json")
    #expect(try inCabin.decode(RecipePageJSON.self).names == ["Cabin Soup"], "\(inCabin)")
    #expect(try sandbox.listedRecipes().total == 0, "the default household has none")

    let fromEnvironment = try sandbox.larder(
      ["recipes", "--json"], environment: ["LARDER_HOUSEHOLD": cabin])
    #expect(try fromEnvironment.decode(RecipePageJSON.self).total == 1, "\(fromEnvironment)")
    try sandbox.write("household = \(cabin)\n", to: "config/larder/config")
    #expect(try sandbox.listedRecipes().total == 1, "the config file's household")
    let flagWins = try sandbox.larder("--household", "default", "recipes", "--json")
    #expect(try flagWins.decode(RecipePageJSON.self).total == 0, "\(flagWins)")
  }

  @Test func usersAndTokensBelongToTheChosenHousehold() throws {
    let (sandbox, cabin) = try sandboxWithTwoHouseholds()
    let added = try sandbox.addUser("cy", password: "battery staple", "--household=\(cabin)")
    #expect(added.status == 0, "\(added)")
    #expect(added.stdout == "Added cy as member of household Cabin (\(cabin)).\n")
    let accounts = try sandbox.larder("users", "list", "--json").decode([UserListingJSON].self)
    #expect(
      accounts.map(\.households) == [
        [
          .init(id: "default", name: "Home", role: "owner"),
          .init(id: cabin, name: "Cabin", role: "owner"),
        ],
        [.init(id: cabin, name: "Cabin", role: "member")],
      ])

    let outside = try sandbox.larder("tokens", "create", "--user", "cy", "--name", "x")
    #expect(outside.status == 2, "\(outside)")
    #expect(
      outside.stderr == "larder: option --user: does not belong to household 'default' (got 'cy')\n"
    )
    let created = try sandbox.larder(
      "--household=\(cabin)", "tokens", "create", "--user", "cy", "--name", "cabin script")
    #expect(created.status == 0, "\(created)")
    #expect(created.stdoutLines.first?.contains("for cy in household \(cabin).") == true)
    let caller = try sandbox.openedLarder().authenticate(
      apiToken: try #require(created.stdoutLines.last))
    #expect(caller.household == HouseholdID(rawValue: cabin))
    #expect(caller.role == .member)
    let listed = try sandbox.larder("tokens", "list", "--user", "cy", "--json")
    #expect(try listed.decode([APITokenJSON].self).map(\.household) == [cabin])
  }

  @Test func anUnknownHouseholdIsRefusedAndNothingIsCreated() throws {
    let (sandbox, _) = try sandboxWithTwoHouseholds()
    let message =
      "larder: household 'nope' (from --household, LARDER_HOUSEHOLD or 'household' in the "
      + "config file) is not in \(sandbox.database); 'larder users list' shows each account's "
      + "households\n"
    for arguments in [
      ["recipes"], ["users", "list"], ["foods", "mine"], ["tokens", "list", "--user", "ana"],
    ] {
      let run = try sandbox.larder(["--household", "nope"] + arguments)
      #expect(run.status == 2, "\(run)")
      #expect(run.stderr == message, "\(run)")
    }
    let fromEnvironment = try sandbox.larder(
      ["foods", "search", "egg"], environment: ["LARDER_HOUSEHOLD": "nope"])
    #expect(fromEnvironment.status == 2, "\(fromEnvironment)")
    #expect(fromEnvironment.stderr == message, "\(fromEnvironment)")

    let fresh = sandbox.path("fresh.sqlite")
    let onNew = try sandbox.larder(
      "--db", fresh, "--household", "nope", "recipes", withDatabase: false)
    #expect(onNew.status == 2, "\(onNew)")
    #expect(onNew.stderr.hasPrefix("larder: household 'nope' "), "\(onNew)")
    #expect(!sandbox.exists(fresh), "no database is made for a household it would not hold")

    let blank = try sandbox.larder("--household", "", "recipes")
    #expect(blank.status == 2, "\(blank)")
    #expect(blank.stderr.hasPrefix("larder: option --household: '' is not a household id"))
  }

  @Test func theConfigReadsTheHouseholdLikeEverySetting() throws {
    func resolve(
      file: String = "", environment: [String: String] = [:], flags: [String: String] = [:]
    ) throws(ConfigError) -> Config {
      try Config.resolve(
        flags: flags, environment: environment.merging(["HOME": "/nonexistent"]) { a, _ in a },
        configPath: "/etc/larder-test-config", readFile: { _ in file })
    }
    #expect(try resolve().household == .default)
    #expect(try resolve(file: "household = from-file\n").household.rawValue == "from-file")
    let environment = ["LARDER_HOUSEHOLD": "from-environment"]
    #expect(
      try resolve(file: "household = from-file\n", environment: environment).household.rawValue
        == "from-environment")
    #expect(
      try resolve(environment: environment, flags: ["household": "from-flag"]).household.rawValue
        == "from-flag")
    #expect(throws: ConfigError.self) { try resolve(flags: ["household": "two words"]) }
  }
}
