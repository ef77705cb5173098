import Foundation
import LarderApplication
import LarderCore
import Testing

@testable import LarderCLI

/// `larder users add|list|passwd|remove` on the real binary, checked through the application
/// layer the server signs in with.
@Suite struct UsersCommandTests {
  @Test func addListChangePasswordAndRemoveRoundTrip() throws {
    let sandbox = try Sandbox()
    let first = try sandbox.addUser("ana", password: "correct horse", "--owner")
    #expect(first.status == 0, "\(first)")
    #expect(first.stdout == "Added ana, the first account: owner of every household.\n")

    let second = try sandbox.addUser(
      "bo", password: "battery staple", "--role", "viewer", "--display-name", "Bo Diddley")
    #expect(second.status == 0, "\(second)")
    #expect(second.stdout == "Added bo (Bo Diddley) as viewer of household Home (default).\n")

    let listed = try sandbox.larder("users", "list", "--json")
    #expect(listed.status == 0, "\(listed)")
    let accounts = try listed.decode([UserListingJSON].self)
    #expect(accounts.map(\.login) == ["ana", "bo"])
    #expect(accounts.map(\.displayName) == ["ana", "Bo Diddley"])
    #expect(
      accounts.map(\.households) == [
        [.init(id: "default", name: "Home", role: "owner")],
        [.init(id: "default", name: "Home", role: "viewer")],
      ])
    let text = try sandbox.larder("users", "list")
    #expect(
      text.stdoutLines == [
        "ana              owner of Home (default)",
        "bo (Bo Diddley)  viewer of Home (default)",
      ], "\(text)")

    let session = try sandbox.signIn("bo", "battery staple")
    #expect(session.caller.role == .viewer)
    let changed = try sandbox.larder(
      ["users", "passwd", "bo", "--password-stdin"], stdin: Data("new secret 42\n".utf8))
    #expect(changed.status == 0, "\(changed)")
    #expect(changed.stdout == "Changed the password of bo; their sessions are signed out.\n")
    #expect(throws: ApplicationError.signInRefused) {
      try sandbox.signIn("bo", "battery staple")
    }
    #expect(try sandbox.signIn("bo", "new secret 42").user.login == "bo")
    #expect(
      throws: ApplicationError.notSignedIn(reason: "you are not signed in, or your session ended")
    ) {
      try sandbox.openedLarder().authenticate(sessionToken: session.token)
    }

    let removed = try sandbox.larder("users", "remove", "bo")
    #expect(removed.status == 0, "\(removed)")
    #expect(removed.stdout == "Removed bo, with their sessions and API tokens.\n")
    let after = try sandbox.larder("users", "list", "--json").decode([UserListingJSON].self)
    #expect(after.map(\.login) == ["ana"])
    let again = try sandbox.larder("users", "remove", "bo")
    #expect(again.status == 1, "\(again)")
    #expect(again.stderr == "larder: no account with id 'bo'\n")
  }

  @Test func theFirstAccountMustBeAnOwnerAndOwnsWhatIsStored() throws {
    let sandbox = try Sandbox(starterRecipes: true)
    let member = try sandbox.addUser("ana", password: "correct horse")
    #expect(member.status == 2, "\(member)")
    #expect(
      member.stderr.hasSuffix(
        "\nlarder: option --role: the first account must be an owner "
          + "(larder users add NAME --owner) (got 'member')\n"), "\(member)")
    #expect(try sandbox.larder("users", "list", "--json").decode([UserListingJSON].self) == [])

    #expect(try sandbox.addUser("ana", password: "correct horse", "--owner").status == 0)
    let owner = try sandbox.signIn("ana", "correct horse")
    #expect(owner.caller.household == .default && owner.caller.role == .owner)
    #expect(try sandbox.openedLarder().health(as: owner.caller).recipes == 64)
  }

  @Test func aPasswordIsTakenOnlyFromStandardInput() throws {
    let sandbox = try Sandbox()
    // As an option or an argument, a password is refused before anything is stored.
    let asOption = try sandbox.larder("users", "add", "ana", "--owner", "--password", "hunter22")
    #expect(asOption.status == 2, "\(asOption)")
    #expect(asOption.stderr.contains("unknown option '--password'"), "\(asOption)")
    let asArgument = try sandbox.larder(
      ["users", "add", "ana", "hunter22", "--owner", "--password-stdin"],
      stdin: Data("correct horse\n".utf8))
    #expect(asArgument.status == 2, "\(asArgument)")
    #expect(asArgument.stderr.contains("unexpected argument 'hunter22'"), "\(asArgument)")
    let withoutFlag = try sandbox.larder(
      ["users", "add", "ana", "--owner"], stdin: Data("correct horse\n".utf8))
    #expect(withoutFlag.status == 2, "\(withoutFlag)")
    #expect(
      withoutFlag.stderr
        == "larder users add: give the password on standard input with --password-stdin; "
        + "Larder never takes one as an argument, where other users of this machine could see "
        + "it\n")
    #expect(!sandbox.exists(sandbox.database), "nothing was opened or created")

    // Empty standard input (no terminal: the test's is /dev/null) is refused, saying how.
    let empty = try sandbox.larder("users", "add", "ana", "--owner", "--password-stdin")
    #expect(empty.status == 2, "\(empty)")
    #expect(
      empty.stderr.hasPrefix("larder users add: no password on standard input; pipe it in"),
      "\(empty)")
    let twoLines = try sandbox.larder(
      ["users", "add", "ana", "--owner", "--password-stdin"],
      stdin: Data("correct horse\nbattery staple\n".utf8))
    #expect(twoLines.status == 2, "\(twoLines)")
    #expect(twoLines.stderr.contains("standard input holds 2 lines"), "\(twoLines)")
    let short = try sandbox.addUser("ana", password: "short", "--owner")
    #expect(short.status == 2, "\(short)")
    #expect(short.stderr == "larder: option --password-stdin: needs at least 8 characters\n")
    #expect(try sandbox.larder("users", "list", "--json").decode([UserListingJSON].self) == [])

    // Only the line ending is taken off: "\r\n" too, never the spaces a password may have.
    let added = try sandbox.larder(
      ["users", "add", "ana", "--owner", "--password-stdin"],
      stdin: Data("  spaced out  \r\n".utf8))
    #expect(added.status == 0, "\(added)")
    #expect(try sandbox.signIn("ana", "  spaced out  ").user.login == "ana")
    #expect(throws: ApplicationError.signInRefused) { try sandbox.signIn("ana", "spaced out") }
  }

  @Test func badNamesAndRolesAreUsageErrors() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.addUser("ana", password: "correct horse", "--owner").status == 0)
    let cases: [(arguments: [String], status: Int32, message: String)] = [
      (
        ["a b"], 2,
        "larder: argument NAME: use 1 to 64 letters (a–z), digits, '.', '_', '-' or '@' (got 'a b')\n"
      ),
      (["ana"], 2, "larder: argument NAME: is already taken (got 'ana')\n"),
      (
        ["cy", "--role", "chef"], 2,
        "larder: option --role: 'chef' is not one of viewer, member, owner\n"
      ),
      (
        ["cy", "--owner", "--role", "viewer"], 2,
        "larder users add: --owner and --role viewer disagree; give one of them\n"
      ),
    ]
    for (arguments, status, message) in cases {
      let run = try sandbox.larder(
        ["users", "add"] + arguments + ["--password-stdin"], stdin: Data("correct horse\n".utf8))
      #expect(run.status == status, "\(run)")
      #expect(run.stderr == message, "\(run)")
    }
    #expect(try sandbox.larder("users", "list", "--json").decode([UserListingJSON].self).count == 1)
  }

  @Test func theLastOwnerOfAHouseholdWithMembersStays() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.addUser("ana", password: "correct horse", "--owner").status == 0)
    #expect(try sandbox.addUser("bo", password: "battery staple").status == 0)
    let refused = try sandbox.larder("users", "remove", "ana")
    #expect(refused.status == 1, "\(refused)")
    #expect(
      refused.stderr == "larder: a household needs an owner: make another member an owner first\n")
    #expect(try sandbox.larder("users", "remove", "bo").status == 0)
    #expect(try sandbox.larder("users", "remove", "ana").status == 0)
    let none = try sandbox.larder("users", "list")
    #expect(none.stdout.isEmpty && none.stderr.hasPrefix("No accounts yet"), "\(none)")
  }

  @Test(arguments: [
    ("correct horse\n", "correct horse"), ("correct horse", "correct horse"),
    ("correct horse\r\n", "correct horse"), (" two words \n", " two words "),
  ])
  func thePasswordIsTheOneLineWithoutItsEnding(input: String, password: String) throws {
    let command = ParsedCommand(rootName: "larder", subcommandPath: ["users", "add"])
    #expect(try PasswordInput.password(in: Data(input.utf8), command: command) == password)
  }

  @Test(arguments: ["", "\n", "\r\n", "one\ntwo", "one\n\n"])
  func emptyOrSeveralLinesAreRefused(input: String) throws {
    let command = ParsedCommand(rootName: "larder", subcommandPath: ["users", "add"])
    #expect(throws: UsageError.self) {
      try PasswordInput.password(in: Data(input.utf8), command: command)
    }
  }
}
