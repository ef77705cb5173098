import Foundation
import LarderApplication
import LarderCore

/// `larder tokens`: personal API tokens for scripts and other apps, made for an account in the
/// chosen household (`--household`), shown once and kept only as a hash.
enum TokensCommand {
  /// The `tokens` command and its subcommands.
  static let spec = CommandSpec(
    "tokens", abstract: "Make, list and revoke personal API tokens.",
    discussion: """
      A token acts as its account in the household it was made in (--household), with the \
      account's role there, or only reads with --read-only. Send it as 'Authorization: Bearer \
      TOKEN'. It is shown once, on the last line of 'tokens create', so scripts can take it \
      with tail -1:
        TOKEN=$(larder tokens create --user ana --name backup | tail -1)
      """,
    subcommands: [
      CommandSpec(
        "create", abstract: "Make a token; prints it alone on the last line.",
        options: [
          userOption,
          .option("name", valueName: "LABEL", help: "What it is for (\"shopping script\")."),
          .flag("read-only", help: "It may only read, whatever the account's role."),
        ]),
      CommandSpec(
        "list", abstract: "List an account's tokens (never the tokens themselves).",
        options: [userOption]),
      CommandSpec(
        "revoke", abstract: "Revoke a token at once.",
        discussion: "An ID that starts with '-' goes after '--': larder tokens revoke -- -x1.",
        arguments: [ArgumentSpec("id", help: "The token's ID, as 'tokens list' shows it.")]),
    ])

  private static let userOption = OptionSpec.option(
    "user", valueName: "NAME", help: "The account's login name (required).")

  static func run(_ context: CommandContext) throws -> Int32 {
    guard let subcommand = context.command.subcommandPath.dropFirst().first else {
      context.console.printError(
        HelpFormatter().help(for: LarderCommandLine.spec, subcommandPath: ["tokens"]))
      return LarderCommandLine.exitUsage
    }
    switch subcommand {
    case "create": return try create(context)
    case "list": return try list(context)
    case "revoke": return try revoke(context)
    default: return LarderCommandLine.exitUsage
    }
  }

  // MARK: - Subcommands

  private static func create(_ context: CommandContext) throws -> Int32 {
    let command = context.command
    let login = try user(command)
    let request = NewAPITokenRequest(
      name: command.text("name") ?? "", readOnly: command.flag("read-only"))
    try request.validate()
    let larder = try context.openLarder().larder
    let created = try larder.createAPIToken(request, login: login, as: context.caller)
    if context.json {
      try context.printJSON(created)
      return LarderCommandLine.exitSuccess
    }
    let token = created.apiToken
    let access = token.readOnly ? "read-only" : "read-write"
    context.console.print(
      "Made \(access) token '\(token.name)' (ID \(token.id)) for \(login) in household "
        + "\(token.household). It is shown this once; keep it now:")
    context.console.print(created.token)
    return LarderCommandLine.exitSuccess
  }

  private static func list(_ context: CommandContext) throws -> Int32 {
    let login = try user(context.command)
    let larder = try context.openLarder().larder
    let tokens = try larder.apiTokens(login: login, as: context.caller)
    if context.json {
      try context.printJSON(tokens)
      return LarderCommandLine.exitSuccess
    }
    guard !tokens.isEmpty else {
      context.console.printError(
        "\(login) has no API tokens; make one with: larder tokens create --user \(login) "
          + "--name LABEL")
      return LarderCommandLine.exitSuccess
    }
    let idWidth = max(2, tokens.map(\.id.count).max() ?? 0)
    let householdWidth = max(9, tokens.map(\.household.count).max() ?? 0)
    context.console.print(
      [
        PlanningContext.pad("ID", idWidth), PlanningContext.pad("ACCESS", 10),
        PlanningContext.pad("HOUSEHOLD", householdWidth), PlanningContext.pad("CREATED", 16),
        PlanningContext.pad("LAST USED", 16), "NAME",
      ].joined(separator: "  "))
    for token in tokens {
      context.console.print(
        [
          PlanningContext.pad(token.id, idWidth),
          PlanningContext.pad(token.readOnly ? "read-only" : "read-write", 10),
          PlanningContext.pad(token.household, householdWidth),
          PlanningContext.pad(time(token.createdAt, context), 16),
          PlanningContext.pad(token.lastUsedAt.map { time($0, context) } ?? "never", 16),
          token.name,
        ].joined(separator: "  "))
    }
    return LarderCommandLine.exitSuccess
  }

  private static func revoke(_ context: CommandContext) throws -> Int32 {
    let id = context.command.argument("id") ?? ""
    let larder = try context.openLarder().larder
    try larder.revokeAPIToken(id, as: context.caller)
    if !context.json { context.console.print("Revoked token \(id).") }
    return LarderCommandLine.exitSuccess
  }

  // MARK: - Helpers

  /// The `--user` option, which every subcommand but `revoke` needs.
  private static func user(_ command: ParsedCommand) throws -> String {
    guard let login = command.text("user"), !login.isEmpty else {
      throw ApplicationError.missingValue(Field("user"))
    }
    return login
  }

  /// A moment as `2026-12-03 18:30`, in the configured time zone.
  private static func time(_ date: Date, _ context: CommandContext) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = context.config.timeZone ?? .current
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter.string(from: date)
  }
}
