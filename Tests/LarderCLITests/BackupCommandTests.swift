import Foundation
import Testing

/// `larder backup FILE` and `larder restore FILE` on the real binary.
@Suite struct BackupCommandTests {
  static var soups: [String: Any] {
    JSONDocument.graph([
      JSONDocument.recipe("Nettle Soup", ingredients: ["200 g nettle tops", "1 potato"]),
      JSONDocument.recipe("Leek Soup", ingredients: ["3 leeks", "1 l stock"]),
    ])
  }

  @Test func aBackupRestoresIntoAnotherDatabase() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.writeJSON(Self.soups, to: "soups.json")
    #expect(try sandbox.larder("import", file).status == 0)

    let backup = try sandbox.larder("backup", "soups-backup.sqlite")
    #expect(backup.status == 0, "\(backup)")
    #expect(backup.stdout.hasPrefix("Backed up 2 recipes to soups-backup.sqlite (schema version "))

    let other = sandbox.path("elsewhere/larder.sqlite")
    let restore = try sandbox.larder(
      "--db", other, "--json", "restore", "soups-backup.sqlite", withDatabase: false)
    #expect(restore.status == 0, "\(restore)")
    #expect(restore.stdout.contains("\"recipes\" : 2"), "\(restore)")
    let listed = try sandbox.larder("--db", other, "search", "soup", withDatabase: false)
    #expect(listed.stdout.contains("Nettle Soup") && listed.stdout.contains("Leek Soup"))
  }

  @Test func aRestoreKeepsTheDatabaseItReplacesBesideIt() throws {
    let sandbox = try Sandbox()
    let peas = try sandbox.writeJSON(
      JSONDocument.recipe("Pea Soup", ingredients: ["500 g peas"]), to: "peas.json")
    let other = sandbox.path("other/larder.sqlite")
    #expect(try sandbox.larder("--db", other, "import", peas, withDatabase: false).status == 0)
    #expect(
      try sandbox.larder("--db", other, "backup", "peas.sqlite", withDatabase: false).status == 0)
    let file = try sandbox.writeJSON(Self.soups, to: "soups.json")
    #expect(try sandbox.larder("import", file).status == 0)

    let restore = try sandbox.larder("restore", "peas.sqlite")
    #expect(restore.status == 0, "\(restore)")
    let kept = sandbox.database + ".before-restore"
    #expect(restore.stderr.contains("The database as it was is kept in \(kept)."))
    let listed = try sandbox.larder("--db", kept, "search", "soup", withDatabase: false)
    #expect(listed.stdout.contains("Nettle Soup") && listed.stdout.contains("Leek Soup"))
  }

  @Test func aRestoreRefusesAFileThatIsNotALarderDatabaseAndKeepsTheDatabase() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.writeJSON(Self.soups, to: "soups.json")
    #expect(try sandbox.larder("import", file).status == 0)
    let notes = try sandbox.write("my shopping list\n", to: "notes.txt")

    let restore = try sandbox.larder("restore", notes)
    #expect(restore.status == 1, "\(restore)")
    #expect(
      restore.stderr == "larder: '\(notes)' is not a Larder database: it is not a SQLite file\n")
    #expect(try sandbox.listedRecipes().total == 2)
    #expect(
      !sandbox.exists(sandbox.database + ".before-restore"), "a refused restore keeps no copy")

    let backup = try sandbox.larder("backup", notes)
    #expect(backup.status == 1, "\(backup)")
    #expect(backup.stderr.contains("it exists and is not an earlier backup; not replacing it"))
    #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my shopping list\n")
  }

  @Test func helpListsBothCommands() throws {
    let sandbox = try Sandbox()
    let help = try sandbox.larder("--help", withDatabase: false)
    #expect(help.stdout.contains("backup") && help.stdout.contains("restore"), "\(help)")
  }
}
