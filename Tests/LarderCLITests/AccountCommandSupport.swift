import Foundation
import LarderApplication
import LarderCore
import Testing

/// What the account commands' tests share: making accounts through the binary, and looking at
/// the result through the application layer, as the server will.
extension Sandbox {
  /// Runs `larder users add LOGIN --password-stdin ARGUMENTS…` with `password` (and a newline)
  /// on standard input.
  @discardableResult
  func addUser(
    _ login: String, password: String, _ arguments: String...,
    environment: [String: String] = [:]
  ) throws -> LarderRun {
    try larder(
      ["users", "add", login, "--password-stdin"] + arguments,
      stdin: Data((password + "\n").utf8), environment: environment)
  }

  /// The sandbox's database opened as a Larder, acting nowhere in particular: for signing in
  /// and checking tokens the way a server would.
  func openedLarder() throws -> Larder {
    try Larder.open(
      databasePath: database, options: OpeningOptions(seedsStarterRecipes: false),
      caller: .defaultHousehold
    ).larder
  }

  /// Signs in through the application layer.
  func signIn(_ login: String, _ password: String) throws -> SignedIn {
    try openedLarder().signIn(
      SignInRequest(login: login, password: password),
      client: ClientInfo(address: "127.0.0.1", userAgent: "CLI test"))
  }
}

/// One account as `users list --json` prints it.
struct UserListingJSON: Decodable, Equatable {
  /// A household the account belongs to.
  struct Household: Decodable, Equatable {
    let id: String
    let name: String
    let role: String
  }

  let id: String
  let login: String
  let displayName: String
  let households: [Household]
}

/// One token as `tokens list --json` prints it.
struct APITokenJSON: Decodable {
  let id: String
  let name: String
  let readOnly: Bool
  let household: String
  let lastUsedAt: String?
}
