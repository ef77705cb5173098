import Foundation
import LarderApplication
import LarderCore
import Testing

/// `larder tokens create|list|revoke` on the real binary; the tokens it prints are checked the
/// way the server checks a bearer token.
@Suite struct TokensCommandTests {
  /// A sandbox whose first account, ana, owns the default household.
  private func sandboxWithAna() throws -> Sandbox {
    let sandbox = try Sandbox()
    let added = try sandbox.addUser("ana", password: "correct horse", "--owner")
    #expect(added.status == 0, "\(added)")
    return sandbox
  }

  @Test func createPrintsTheTokenAloneOnItsLastLineAndItAuthenticates() throws {
    let sandbox = try sandboxWithAna()
    let created = try sandbox.larder("tokens", "create", "--user", "ana", "--name", "shopping")
    #expect(created.status == 0, "\(created)")
    #expect(created.stdoutLines.count == 2, "\(created)")
    let notice = try #require(created.stdoutLines.first)
    #expect(notice.hasPrefix("Made read-write token 'shopping' (ID "), "\(notice)")
    #expect(notice.hasSuffix(" for ana in household default. It is shown this once; keep it now:"))
    let token = try #require(created.stdoutLines.last)
    #expect(token.hasPrefix(Larder.apiTokenPrefix) && token.count > 40, "\(token)")
    #expect(!token.contains(" "))
    #expect(!created.stderr.contains(token), "the token is printed once")

    let larder = try sandbox.openedLarder()
    let caller = try larder.authenticate(apiToken: token)
    let ana = try sandbox.signIn("ana", "correct horse")
    #expect(caller.user == ana.caller.user)
    #expect(caller.household == .default)
    #expect(caller.role == .owner)
    #expect(caller.may(.change) && !caller.isReadOnly)
    #expect(throws: ApplicationError.self) {
      try larder.authenticate(apiToken: token + "x")
    }

    let listed = try sandbox.larder("tokens", "list", "--user", "ana", "--json")
    #expect(listed.status == 0, "\(listed)")
    let tokens = try listed.decode([APITokenJSON].self)
    #expect(tokens.map(\.name) == ["shopping"])
    #expect(tokens.first?.readOnly == false && tokens.first?.household == "default")
    #expect(tokens.first?.lastUsedAt != nil, "authenticating marked it used")
    #expect(notice.contains("(ID \(tokens[0].id))"), "\(notice)")
    #expect(!listed.stdout.contains(token), "the list never shows the token")
    let text = try sandbox.larder("tokens", "list", "--user", "ana")
    #expect(text.stdoutLines.count == 2, "\(text)")
    #expect(text.stdoutLines.first?.hasPrefix("ID ") == true, "\(text)")
    #expect(text.stdoutLines.last?.hasPrefix(tokens[0].id + "  read-write  default ") == true)
    #expect(text.stdoutLines.last?.hasSuffix("  shopping") == true, "\(text)")
  }

  @Test func scriptsTakeTheTokenWithTail() throws {
    let sandbox = try sandboxWithAna()
    let binary = try LarderBinary.url().path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c",
      "\"$0\" --db \"$1\" tokens create --user ana --name backup --read-only | tail -1",
      binary, sandbox.database,
    ]
    process.environment = sandbox.environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    #expect(token.hasPrefix(Larder.apiTokenPrefix), "\(token)")
    let caller = try sandbox.openedLarder().authenticate(apiToken: token)
    #expect(caller.isReadOnly)
    #expect(!caller.may(.change))
    #expect(throws: ApplicationError.forbidden(reason: "this API token may only read")) {
      try caller.require(.change)
    }
  }

  @Test func aReadOnlyTokenOnlyReads() throws {
    let sandbox = try sandboxWithAna()
    let created = try sandbox.larder(
      "tokens", "create", "--user", "ana", "--name", "dashboard", "--read-only")
    #expect(created.status == 0, "\(created)")
    #expect(created.stdoutLines.first?.hasPrefix("Made read-only token 'dashboard'") == true)
    let larder = try sandbox.openedLarder()
    let caller = try larder.authenticate(apiToken: try #require(created.stdoutLines.last))
    #expect(caller.isReadOnly && caller.role == .owner)
    #expect(try larder.health(as: caller).recipes == 0, "it reads")
    #expect(throws: ApplicationError.forbidden(reason: "this API token may only read")) {
      try larder.addUser(
        NewAccountRequest(login: "eve", password: "long enough"), role: .member, as: caller)
    }
    let listed = try sandbox.larder("tokens", "list", "--user", "ana", "--json")
    #expect(try listed.decode([APITokenJSON].self).map(\.readOnly) == [true])
  }

  @Test func aRevokedTokenNoLongerAuthenticates() throws {
    let sandbox = try sandboxWithAna()
    let created = try sandbox.larder("tokens", "create", "--user", "ana", "--name", "old")
    let token = try #require(created.stdoutLines.last)
    let kept = try sandbox.larder("tokens", "create", "--user", "ana", "--name", "kept")
    let keptToken = try #require(kept.stdoutLines.last)
    let tokens = try sandbox.larder("tokens", "list", "--user", "ana", "--json")
      .decode([APITokenJSON].self)
    let id = try #require(tokens.first { $0.name == "old" }?.id)

    // `--` keeps an ID that starts with '-' from being read as an option.
    let revoked = try sandbox.larder("tokens", "revoke", "--", id)
    #expect(revoked.status == 0, "\(revoked)")
    #expect(revoked.stdout == "Revoked token \(id).\n")
    let larder = try sandbox.openedLarder()
    #expect(
      throws: ApplicationError.notSignedIn(reason: "the API token is unknown or was revoked")
    ) { try larder.authenticate(apiToken: token) }
    #expect(try larder.authenticate(apiToken: keptToken).user != nil, "the other one still works")
    let left = try sandbox.larder("tokens", "list", "--user", "ana", "--json")
    #expect(try left.decode([APITokenJSON].self).map(\.name) == ["kept"])

    let again = try sandbox.larder("tokens", "revoke", "--", id)
    #expect(again.status == 1, "\(again)")
    #expect(again.stderr == "larder: no API token with id '\(id)'\n")
  }

  @Test func createNeedsAUserAndALabel() throws {
    let sandbox = try sandboxWithAna()
    let cases: [(arguments: [String], status: Int32, message: String)] = [
      (["--name", "x"], 2, "larder: option --user is required\n"),
      (["--user", "ana"], 2, "larder: option --name is required\n"),
      (["--user", "nobody", "--name", "x"], 1, "larder: no account with id 'nobody'\n"),
    ]
    for (arguments, status, message) in cases {
      let run = try sandbox.larder(["tokens", "create"] + arguments)
      #expect(run.status == status, "\(run)")
      #expect(run.stderr == message, "\(run)")
      #expect(run.stdout.isEmpty, "\(run)")
    }
    let none = try sandbox.larder("tokens", "list", "--user", "ana")
    #expect(none.status == 0 && none.stdout.isEmpty, "\(none)")
    #expect(none.stderr.hasPrefix("ana has no API tokens"), "\(none)")
  }
}
