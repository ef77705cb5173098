import Foundation
import LarderStore

/// `larder db copy --from SOURCE --to TARGET`: moving a library between a SQLite file and a
/// PostgreSQL database (either way), with every table counted and checksummed after.
enum DatabaseCommand {
  /// `larder db`.
  static let spec = CommandSpec(
    "db", abstract: "Move a library between SQLite and PostgreSQL.",
    subcommands: [
      CommandSpec(
        "copy", abstract: "Copy a whole library into an empty database.",
        discussion: """
          Copies every household, recipe, food, pantry item, plan entry, shopping list item, \
          image, account, session, token, invitation, share link, mark and setting from \
          --from to --to, each a SQLite file's path or a postgres://user@host:port/name \
          address (a password comes from PGPASSFILE or ~/.pgpass, never the command line), \
          and builds the search index again in the target's own way.
          The target must be empty: a new database, or one holding nothing a new one does \
          not. The copy is one transaction; afterwards every table is counted and \
          checksummed on both sides, and any difference undoes it. Stop 'larder serve' on the \
          source first, so nothing is written meanwhile.
            larder db copy --from larder.sqlite --to postgres://larder@db.home:5432/larder
          """,
        options: [
          .option("from", valueName: "SOURCE", help: "The library to copy."),
          .option("to", valueName: "TARGET", help: "The empty database to copy it into."),
        ])
    ])

  private static func needs(_ what: String, _ context: CommandContext) -> UsageError {
    UsageError(
      rootName: "larder", subcommandPath: context.command.subcommandPath,
      reason: .needs("'larder db copy' needs " + what))
  }

  static func run(_ context: CommandContext) throws -> Int32 {
    guard context.command.subcommandPath.count == 2, context.command.subcommandPath[1] == "copy"
    else {
      throw needs("a command: larder db copy --from SOURCE --to TARGET", context)
    }
    guard let source = context.command.value("from"), !source.isEmpty else {
      throw needs("the library to copy: --from SOURCE (a SQLite file or postgres://…)", context)
    }
    guard let target = context.command.value("to"), !target.isEmpty else {
      throw needs("the empty database to copy into: --to TARGET", context)
    }
    let report = try DatabaseTransfer.copy(
      from: source, to: target,
      progress: { line in if !context.json { context.console.printError("copied " + line) } })
    if context.json {
      try context.printJSON(report)
      return LarderCommandLine.exitSuccess
    }
    let recipes = report.tables.first { $0.name == "recipes" }?.rows ?? 0
    context.console.print(
      "Copied the library from \(report.source) to \(report.target): \(recipes) "
        + (recipes == 1 ? "recipe" : "recipes") + "; every table matches:")
    let width = report.tables.map(\.name.count).max() ?? 0
    for table in report.tables {
      let name = table.name.padding(toLength: width, withPad: " ", startingAt: 0)
      context.console.print("  \(name)  \(table.rows) rows  checksum \(table.checksum)")
    }
    return LarderCommandLine.exitSuccess
  }
}
