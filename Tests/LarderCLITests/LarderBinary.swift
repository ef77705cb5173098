import Foundation
import LarderApplication
import Testing

/// The built `larder` executable that the end-to-end tests run.
///
/// SwiftPM builds it into the same folder as the test bundle (`.build/<triple>/debug`), so it is
/// looked for next to the running test executable; `LARDER_BINARY` names another one.
enum LarderBinary {
  /// The executable, or why it cannot be found; looked up once per test run.
  static let location = locate(environment: ProcessInfo.processInfo.environment)

  /// Returns the executable, or throws an error saying to build it first.
  static func url() throws -> URL {
    try location.get()
  }

  /// Finds the executable named by `LARDER_BINARY`, or the one next to the test bundle.
  static func locate(environment: [String: String]) -> Result<URL, LarderBinaryError> {
    if let override = environment["LARDER_BINARY"], !override.isEmpty {
      let url = URL(fileURLWithPath: override)
      guard isExecutableFile(url) else {
        return .failure(
          LarderBinaryError(
            description: "LARDER_BINARY is '\(override)', which is not an executable file"))
      }
      return .success(url)
    }
    let folders = testBundleFolders()
    for folder in folders {
      let candidate = folder.appendingPathComponent("larder")
      if isExecutableFile(candidate) { return .success(candidate) }
    }
    let searched = folders.map(\.path).joined(separator: ", ")
    return .failure(
      LarderBinaryError(
        description: """
          cannot find the built 'larder' executable (looked in: \(searched)). \
          Run 'swift build' (or 'swift build --build-tests') first, or set LARDER_BINARY to its path.
          """))
  }

  /// The folders the test bundle was built into: the running executable's own folder and, on
  /// Apple platforms where the executable sits inside `Name.xctest/Contents/MacOS`, the folder
  /// that holds the bundle.
  private static func testBundleFolders() -> [URL] {
    let executables = [
      Bundle.main.executableURL,
      CommandLine.arguments.first.map { URL(fileURLWithPath: $0) },
    ]
    var folders: [URL] = []
    for executable in executables.compactMap({ $0 }) {
      let resolved = executable.standardizedFileURL.resolvingSymlinksInPath()
      var folder = resolved.deletingLastPathComponent()
      var candidates = [folder]
      while folder.pathComponents.count > 1 {
        if folder.pathExtension == "xctest" {
          candidates.append(folder.deletingLastPathComponent())
          break
        }
        folder.deleteLastPathComponent()
      }
      for candidate in candidates where !folders.contains(candidate) {
        folders.append(candidate)
      }
    }
    return folders
  }

  private static func isExecutableFile(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      && !isDirectory.boolValue && FileManager.default.isExecutableFile(atPath: url.path)
  }
}

/// The `larder` executable cannot be found.
struct LarderBinaryError: Error, CustomStringConvertible {
  /// What was searched and how to fix it.
  let description: String
}

/// A run of `larder` did not finish in time and was killed.
struct LarderTimeoutError: Error, CustomStringConvertible {
  /// The run, with what it printed before it was killed.
  let run: LarderRun
  /// How long it was given.
  let timeout: Duration

  var description: String { "still running after \(timeout); killed it.\n\(run)" }
}

/// What one finished run of `larder` did.
struct LarderRun: CustomStringConvertible {
  /// The arguments it was given.
  let arguments: [String]
  /// The exit status, or 128 plus the signal's number if a signal ended it, as shells report.
  let status: Int32
  /// Everything written to standard output.
  let stdout: String
  /// Everything written to standard error.
  let stderr: String

  /// The lines of standard output, without the empty string after the final newline.
  var stdoutLines: [String] { Self.lines(stdout) }
  /// The lines of standard error.
  var stderrLines: [String] { Self.lines(stderr) }

  /// Standard output parsed as JSON.
  func json() throws -> Any {
    try JSONSerialization.jsonObject(with: Data(stdout.utf8))
  }

  /// Standard output decoded as JSON into `type`.
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try JSONDecoder().decode(type, from: Data(stdout.utf8))
  }

  /// The run as a failure message shows it.
  var description: String {
    """
    larder \(arguments.joined(separator: " ")) -> exit \(status)
    --- stdout ---
    \(stdout)
    --- stderr ---
    \(stderr)
    """
  }

  private static func lines(_ text: String) -> [String] {
    var lines = text.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}

/// A `larder` process that has been started, with its output going to files so that it never
/// blocks on a full pipe and can be read while it runs.
final class LarderProcess {
  /// The arguments it was given.
  let arguments: [String]
  private let process: Process
  private let exit = ExitSignal()
  private let stdoutURL: URL
  private let stderrURL: URL

  /// Starts `executable`; `stdin`, if given, is written to it through a pipe, then closed.
  init(
    executable: URL, arguments: [String], environment: [String: String], directory: URL,
    stdin: Data?, outputFolder: URL
  ) throws {
    self.arguments = arguments
    let name = UUID().uuidString
    stdoutURL = outputFolder.appendingPathComponent("\(name).stdout")
    stderrURL = outputFolder.appendingPathComponent("\(name).stderr")
    for url in [stdoutURL, stderrURL] {
      try Data().write(to: url)
    }
    process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = directory
    process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
    process.standardError = try FileHandle(forWritingTo: stderrURL)
    let input = stdin.map { _ in Pipe() }
    process.standardInput = input ?? FileHandle.nullDevice
    let exit = self.exit
    process.terminationHandler = { _ in exit.markExited() }
    try process.run()
    if let input, let stdin {
      // Written from another thread, as a shell pipeline would, so that a large input arrives
      // in pieces while `larder` reads it. A write to a process that has gone is an error, not
      // a SIGPIPE that would end the test run.
      signal(SIGPIPE, SIG_IGN)
      let writer = input.fileHandleForWriting
      DispatchQueue.global().async {
        try? writer.write(contentsOf: stdin)
        try? writer.close()
      }
    }
  }

  /// The process ID.
  var processIdentifier: Int32 { process.processIdentifier }

  /// Everything written to standard error so far.
  var stderr: String { Self.read(stderrURL) }

  /// Everything written to standard output so far.
  var stdout: String { Self.read(stdoutURL) }

  /// Sends a signal, such as `SIGTERM`.
  func send(_ signalNumber: Int32) {
    kill(process.processIdentifier, signalNumber)
  }

  /// Waits for the process to exit, killing it and throwing if it takes longer than `timeout`.
  func waitForExit(timeout: Duration) throws -> LarderRun {
    if exit.wait(until: Date().addingTimeInterval(Self.seconds(timeout))) {
      return finishedRun()
    }
    throw LarderTimeoutError(run: killed(), timeout: timeout)
  }

  /// Waits without blocking a thread for the process to exit; `nil` if it is still running
  /// after `timeout`.
  func exited(within timeout: Duration) async -> LarderRun? {
    let deadline = ContinuousClock.now + timeout
    while !exit.hasExited {
      guard ContinuousClock.now < deadline else { return nil }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return finishedRun()
  }

  /// Waits for standard error to contain `text`; returns standard error as it then is, or `nil`
  /// if the text has not appeared after `timeout` or the process exited first.
  func stderr(containing text: String, within timeout: Duration) async -> String? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      let current = stderr
      if current.contains(text) { return current }
      if exit.hasExited { return stderr.contains(text) ? stderr : nil }
      try? await Task.sleep(for: .milliseconds(20))
    }
    // One last look: on a busy machine the sleep above can end well after the deadline, and
    // the text may have arrived meanwhile.
    let last = stderr
    return last.contains(text) ? last : nil
  }

  /// Kills the process if it is still running, and returns what it did.
  @discardableResult
  func killed() -> LarderRun {
    if !exit.hasExited {
      kill(process.processIdentifier, SIGKILL)
      _ = exit.wait(until: Date().addingTimeInterval(10))
    }
    return finishedRun()
  }

  private func finishedRun() -> LarderRun {
    // Foundation traps when the termination reason is read before it has reaped the child,
    // which on a loaded machine can come after the exit signal or a killed child's 10 s.
    if process.isRunning { process.waitUntilExit() }
    let status =
      process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
    return LarderRun(arguments: arguments, status: status, stdout: stdout, stderr: stderr)
  }

  private static func read(_ url: URL) -> String {
    String(decoding: FileManager.default.contents(atPath: url.path) ?? Data(), as: UTF8.self)
  }

  private static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}

/// Set once, from the thread where Foundation learns that the child exited.
///
/// `@unchecked Sendable`: `condition` guards `isSet`.
private final class ExitSignal: @unchecked Sendable {
  private let condition = NSCondition()
  private var isSet = false

  /// Records the exit and wakes every waiter.
  func markExited() {
    condition.lock()
    isSet = true
    condition.broadcast()
    condition.unlock()
  }

  /// Whether the child has exited.
  var hasExited: Bool {
    condition.lock()
    defer { condition.unlock() }
    return isSet
  }

  /// Blocks until the child exits or `deadline` passes; returns whether it exited.
  func wait(until deadline: Date) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while !isSet {
      if !condition.wait(until: deadline) { return isSet }
    }
    return true
  }
}

/// A temporary folder for one test: its own HOME, XDG folders and database, so that nothing the
/// user has (a config file, a database, a LARDER_* variable) is read or touched. Removed when
/// the test ends.
final class Sandbox {
  /// The folder; relative paths given to `larder` are relative to it.
  let root: URL
  /// The database that `larder(_:)` passes with `--db`.
  let database: String
  /// `$XDG_CONFIG_HOME`; the default config file is `larder/config` inside it.
  let configHome: URL
  /// `$XDG_DATA_HOME`; the default database is `larder/larder.sqlite` inside it.
  let dataHome: URL
  /// The environment of every run: only PATH is taken from the test's own environment.
  var environment: [String: String]
  private let outputFolder: URL

  /// Makes the folders; a new database gets the starter recipes only if `starterRecipes`.
  /// `database` replaces the sandbox's SQLite file (a PostgreSQL database's address).
  init(starterRecipes: Bool = false, database: String? = nil) throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-cli-\(UUID().uuidString)")
    let home = root.appendingPathComponent("home")
    configHome = root.appendingPathComponent("config")
    dataHome = root.appendingPathComponent("data")
    outputFolder = root.appendingPathComponent("output")
    for folder in [home, configHome, dataHome, outputFolder] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    self.database = database ?? root.appendingPathComponent("larder.sqlite").path
    environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": home.path,
      "XDG_CONFIG_HOME": configHome.path,
      "XDG_DATA_HOME": dataHome.path,
      "LANG": "C.UTF-8",
    ]
    if !starterRecipes { environment["LARDER_STARTER_RECIPES"] = "0" }
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  /// The absolute path of `relativePath` inside the sandbox.
  func path(_ relativePath: String) -> String {
    root.appendingPathComponent(relativePath).path
  }

  /// Returns whether a file or folder exists at `relativePath` (or an absolute path).
  func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path.hasPrefix("/") ? path : self.path(path))
  }

  /// Writes `text` to `relativePath`, making folders as needed; returns the absolute path.
  @discardableResult
  func write(_ text: String, to relativePath: String) throws -> String {
    let url = root.appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// Writes a JSON value (dictionaries, arrays, strings, numbers) to `relativePath`.
  @discardableResult
  func writeJSON(_ value: Any, to relativePath: String) throws -> String {
    try write(JSONDocument.text(value), to: relativePath)
  }

  /// Runs `larder` with `--db` pointing into the sandbox (unless `withDatabase` is false) and
  /// waits for it to finish.
  func larder(
    _ arguments: String..., stdin: Data? = nil, environment extra: [String: String] = [:],
    withDatabase: Bool = true, timeout: Duration = .seconds(90)
  ) throws -> LarderRun {
    try larder(
      arguments, stdin: stdin, environment: extra, withDatabase: withDatabase, timeout: timeout)
  }

  /// Runs `larder` with a list of arguments; see `larder(_:stdin:environment:withDatabase:timeout:)`.
  func larder(
    _ arguments: [String], stdin: Data? = nil, environment extra: [String: String] = [:],
    withDatabase: Bool = true, timeout: Duration = .seconds(90)
  ) throws -> LarderRun {
    try start(arguments, stdin: stdin, environment: extra, withDatabase: withDatabase)
      .waitForExit(timeout: timeout)
  }

  /// Starts `larder` like `larder(_:)` and returns without waiting for it.
  func start(
    _ arguments: [String], stdin: Data? = nil, environment extra: [String: String] = [:],
    withDatabase: Bool = true
  ) throws -> LarderProcess {
    try LarderProcess(
      executable: try LarderBinary.url(),
      arguments: (withDatabase ? ["--db", database] : []) + arguments,
      environment: environment.merging(extra) { _, new in new }, directory: root, stdin: stdin,
      outputFolder: outputFolder)
  }
}

/// Builds the JSON-LD documents the tests import.
enum JSONDocument {
  /// A schema.org Recipe object; `name: nil` leaves the name out.
  static func recipe(
    _ name: String?, ingredients: [String], steps: [String] = ["Combine everything.", "Serve."],
    description: String? = nil, withContext: Bool = true
  ) -> [String: Any] {
    var object: [String: Any] = [
      "@type": "Recipe", "recipeIngredient": ingredients, "recipeInstructions": steps,
    ]
    if withContext { object["@context"] = "https://schema.org" }
    object["name"] = name
    object["description"] = description
    return object
  }

  /// A document whose `@graph` holds `objects`, as many sites publish them.
  static func graph(_ objects: [[String: Any]]) -> [String: Any] {
    ["@context": "https://schema.org", "@graph": objects]
  }

  /// A JSON value as pretty text.
  static func text(_ value: Any) throws -> String {
    let data = try JSONSerialization.data(
      withJSONObject: value, options: [.prettyPrinted, .sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }
}

/// A page of recipes as `list --json` and `search --json` print it.
struct RecipePageJSON: Decodable {
  /// One recipe in the page.
  struct Item: Decodable {
    let id: String
    let name: String
  }

  let items: [Item]
  let total: Int
  let offset: Int
  let limit: Int

  /// The names, in order.
  var names: [String] { items.map(\.name) }
}

extension Sandbox {
  /// Every recipe in the sandbox's database, through `list --json`.
  func listedRecipes() throws -> RecipePageJSON {
    let run = try larder("recipes", "--json", "--limit", "100")
    #expect(run.status == 0, "\(run)")
    return try run.decode(RecipePageJSON.self)
  }
}

extension Sandbox {
  /// Makes the database's first account (an owner) and returns an API token of theirs, so a
  /// test can call a served Larder as a script would (`Authorization: Bearer …`).
  func ownerToken() throws -> String {
    let larder = try Larder.open(
      databasePath: database,
      options: OpeningOptions(
        seedsStarterRecipes: environment["LARDER_STARTER_RECIPES"] != "0",
        passwordHashing: .leastForTests),
      caller: .defaultHousehold
    ).larder
    _ = try larder.addUser(
      NewAccountRequest(login: "owner", password: "owner password"), role: .owner,
      as: .defaultHousehold)
    return try larder.createAPIToken(
      NewAPITokenRequest(name: "tests"), login: "owner", as: .defaultHousehold
    ).token
  }
}
