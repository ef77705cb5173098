import Foundation
import LarderApplication
import LarderCore

/// `larder users`: the accounts that sign in to Larder, managed from the machine that holds the
/// database. Like every local command it acts as the owner of the chosen household
/// (`--household`): whoever can run the binary can read the database file anyway.
enum UsersCommand {
  /// The `users` command and its subcommands.
  static let spec = CommandSpec(
    "users", abstract: "Add, list and remove accounts; set their passwords.",
    discussion: """
      Passwords are read from standard input (--password-stdin), one line, never from an \
      argument where other users of the machine could see it; at a terminal they are typed \
      without echo. The first account must be an owner: it owns every household already \
      stored. Later accounts join the household chosen with --household (default: default). \
      For example:
        printf '%s\\n' "$PASSWORD" | larder users add ana --owner --password-stdin
      """,
    subcommands: [
      CommandSpec(
        "add", abstract: "Add an account to the household.",
        options: [
          .flag("owner", help: "Make it an owner (the first account must be one)."),
          .option(
            "role", valueName: "ROLE",
            help: "member (everything but managing members) or viewer (read-only).",
            default: "member"),
          .option(
            "display-name", valueName: "TEXT", help: "The name shown to others (the login name)."),
          passwordFlag,
        ],
        arguments: [ArgumentSpec("name", help: "The login name: letters, digits, . _ - @.")]),
      CommandSpec(
        "list", abstract: "List every account with its households and roles."),
      CommandSpec(
        "passwd", abstract: "Set an account's password; signs it out everywhere.",
        options: [passwordFlag],
        arguments: [ArgumentSpec("name", help: "The account's login name.")]),
      CommandSpec(
        "remove", abstract: "Remove an account, its sessions and its API tokens.",
        discussion: """
          The last owner of a household that has other members is kept: make another member \
          an owner first.
          """,
        arguments: [ArgumentSpec("name", help: "The account's login name.")]),
    ])

  private static let passwordFlag = OptionSpec.flag(
    "password-stdin", help: "Read the password from standard input (required).")

  static func run(_ context: CommandContext) throws -> Int32 {
    guard let subcommand = context.command.subcommandPath.dropFirst().first else {
      context.console.printError(
        HelpFormatter().help(for: LarderCommandLine.spec, subcommandPath: ["users"]))
      return LarderCommandLine.exitUsage
    }
    // The options are checked before the database is opened or created.
    switch subcommand {
    case "add": return try add(context)
    case "list": return try list(context)
    case "passwd": return try changePassword(context)
    case "remove": return try remove(context)
    default: return LarderCommandLine.exitUsage
    }
  }

  // MARK: - Subcommands

  private static func add(_ context: CommandContext) throws -> Int32 {
    let command = context.command
    let login = command.argument("name") ?? ""
    let role = try self.role(command)
    let password = try readPassword(context, for: login, confirming: true)
    let request = NewAccountRequest(
      login: login, displayName: command.text("display-name") ?? "", password: password)
    try request.validate()
    let larder = try context.openLarder().larder
    let wasFirst = try !larder.hasAccounts()
    let account = try larder.addUser(request, role: role, as: context.caller)
    if context.json {
      try context.printJSON(account)
      return LarderCommandLine.exitSuccess
    }
    let shown = account.displayName == account.login ? "" : " (\(account.displayName))"
    if wasFirst {
      context.console.print(
        "Added \(account.login)\(shown), the first account: owner of every household.")
    } else {
      let household = try larder.whoAmI(as: context.caller).household
      context.console.print(
        "Added \(account.login)\(shown) as \(role.rawValue) of household "
          + "\(describe(id: household.id, name: household.name)).")
    }
    return LarderCommandLine.exitSuccess
  }

  /// What `users list --json` prints for each account.
  struct Listing: Encodable {
    /// A household the account belongs to.
    struct Household: Encodable {
      var id: String
      var name: String
      var role: Role
    }

    var id: String
    var login: String
    var displayName: String
    var createdAt: Date
    var households: [Household]
  }

  private static func list(_ context: CommandContext) throws -> Int32 {
    let larder = try context.openLarder().larder
    let names = Dictionary(
      try larder.allHouseholds(as: context.caller).map { ($0.id.rawValue, $0.name) },
      uniquingKeysWith: { first, _ in first })
    let listings = try larder.allUsers(as: context.caller).map { account, memberships in
      Listing(
        id: account.id, login: account.login, displayName: account.displayName,
        createdAt: account.createdAt,
        households: memberships.map {
          let id = $0.householdID.rawValue
          return Listing.Household(id: id, name: names[id] ?? id, role: $0.role)
        })
    }
    if context.json {
      try context.printJSON(listings)
      return LarderCommandLine.exitSuccess
    }
    guard !listings.isEmpty else {
      context.console.printError(
        "No accounts yet; add the first with: larder users add NAME --owner --password-stdin")
      return LarderCommandLine.exitSuccess
    }
    func name(_ listing: Listing) -> String {
      listing.displayName == listing.login
        ? listing.login : "\(listing.login) (\(listing.displayName))"
    }
    let width = listings.map { name($0).count }.max() ?? 0
    for listing in listings {
      let households =
        listing.households.isEmpty
        ? "no household"
        : listing.households.map {
          "\($0.role.rawValue) of \(describe(id: $0.id, name: $0.name))"
        }.joined(separator: ", ")
      context.console.print(PlanningContext.pad(name(listing), width) + "  " + households)
    }
    return LarderCommandLine.exitSuccess
  }

  private static func changePassword(_ context: CommandContext) throws -> Int32 {
    let login = context.command.argument("name") ?? ""
    let password = try readPassword(context, for: login, confirming: true)
    let request = ChangePasswordRequest(newPassword: password)
    try request.validate()
    let larder = try context.openLarder().larder
    try larder.changePassword(request, login: login, as: context.caller)
    if !context.json {
      context.console.print("Changed the password of \(login); their sessions are signed out.")
    }
    return LarderCommandLine.exitSuccess
  }

  private static func remove(_ context: CommandContext) throws -> Int32 {
    let login = context.command.argument("name") ?? ""
    let larder = try context.openLarder().larder
    try larder.removeUser(login: login, as: context.caller)
    if !context.json {
      context.console.print("Removed \(login), with their sessions and API tokens.")
    }
    return LarderCommandLine.exitSuccess
  }

  // MARK: - Helpers

  /// The role `--owner` or `--role` asks for: member when neither does.
  private static func role(_ command: ParsedCommand) throws -> Role {
    let chosen = try command.choice("role", as: Role.self)
    if command.flag("owner") {
      if let chosen, chosen != .owner {
        throw command.usageError(
          .needs("--owner and --role \(chosen.rawValue) disagree; give one of them"))
      }
      return .owner
    }
    return chosen ?? .member
  }

  /// The password from standard input; `--password-stdin` must say so, so a password is never
  /// expected where it is not being read.
  private static func readPassword(
    _ context: CommandContext, for login: String, confirming: Bool
  ) throws -> String {
    guard context.command.flag("password-stdin") else {
      throw context.command.usageError(
        .needs(
          "give the password on standard input with --password-stdin; Larder never takes one "
            + "as an argument, where other users of this machine could see it"))
    }
    return try PasswordInput.read(
      for: login, confirming: confirming, command: context.command, console: context.console)
  }

  /// `Home (default)`, or the id alone when the household has no other name.
  static func describe(id: String, name: String) -> String {
    name.isEmpty || name == id ? id : "\(name) (\(id))"
  }
}
