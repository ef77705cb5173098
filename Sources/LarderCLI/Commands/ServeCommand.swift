import Dispatch
import Foundation
import LarderApplication
import LarderHTTP
import LarderServer
import LarderStore

/// `larder serve`: the web app and the API until SIGINT or SIGTERM.
enum ServeCommand {
  static func run(_ context: CommandContext) throws -> Int32 {
    let config = context.config
    let console = context.console
    // The certificate and key are checked before anything is opened, naming the bad file.
    var tls: TLSCredentials?
    if let certificate = config.tlsCertificatePath, let key = config.tlsKeyPath {
      do {
        tls = try TLSCredentials.load(certificateFile: certificate, privateKeyFile: key)
      } catch {
        throw ConfigError(message: error.description)
      }
    }
    if config.backupDirectory != nil, PostgresURL.isPostgres(config.databasePath) {
      throw ConfigError(
        message: "backup_dir backs up SQLite databases; back a PostgreSQL database up with "
          + "pg_dump, or copy it to a SQLite file with 'larder db copy'")
    }
    // The finder is built once the server listens (below) and kept current by every write; a
    // food change matches stored recipes again in the background.
    let larder = try context.openLarder(buildsFinder: false, announcesFinder: true).larder
    try ServeBindCheck.requireAccount(toListenOn: config.host, larder: larder, port: config.port)
    // Only loopback names, the public URLs and a specific bound address reach the handlers,
    // and every request must prove who it is (the setup page asks for the first account).
    let app = LarderApp(
      larder: larder, caller: context.caller, authentication: .accounts,
      requestGuard: RequestGuard(
        publicURLs: config.publicURLs, boundHost: config.host,
        trustedProxies: config.trustedProxies),
      outboundQueue: OutboundQueue(
        limits: OutboundQueue.Limits(running: config.clipWorkers, waiting: config.clipQueue)))
    var server = HTTPServerConfiguration()
    server.host = config.host
    server.port = UInt16(config.port)
    server.threadCount = config.threads
    server.maxBodyBytes = config.maxBodyBytes
    // Uploads of exports and photos may be larger than other requests (never smaller).
    server.bodyLimitsByPath = app.fileBodyLimits.mapValues { max($0, config.maxBodyBytes) }
    server.maxConnections = config.maxConnections
    server.maxConnectionsPerClient = config.maxConnectionsPerClient
    server.connectionTimeoutSeconds = config.timeoutSeconds
    server.redactForLog = LarderApp.redactedForLog
    server.tls = tls
    let http = HTTPServer(
      configuration: server, log: { console.printError($0) },
      handler: { request in app.respond(to: request) })

    // Signals are turned into events on a queue, so shutdown runs as ordinary code.
    signal(SIGINT, SIG_IGN)
    signal(SIGTERM, SIG_IGN)
    let stopped = DispatchSemaphore(value: 0)
    let queue = DispatchQueue(label: "larder.signals")
    let signals = SignalCounter()
    let sources = [SIGINT, SIGTERM].map { number in
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      // The first signal stops gracefully; a second one, while waiting, quits at once.
      source.setEventHandler {
        if signals.next() == 0 {
          stopped.signal()
        } else {
          console.printError("Second interrupt: quitting without waiting.")
          exit(130)
        }
      }
      source.resume()
      return source
    }
    do {
      try http.start()
    } catch HTTPError.invalidTLSCredentials(let message) {
      throw ConfigError(message: message)
    }
    let count = try larder.health(as: context.caller).recipes
    let shownHost = config.host.contains(":") ? "[\(config.host)]" : config.host
    let scheme = tls == nil ? "http" : "https"
    console.printError(
      "Larder \(LarderCommandLine.version) is serving \(count) recipes at "
        + "\(scheme)://\(shownHost):\(http.boundPort)/ (database: "
        + "\(PostgresURL.redacted(config.databasePath)))")
    if tls == nil, config.trustedProxies.networks.isEmpty,
      config.publicURLs.contains(where: { $0.scheme == "https" })
    {
      console.printError(
        "public_url is https but Larder serves plain HTTP and trusts no proxy: behind a reverse "
          + "proxy that ends TLS, set trusted_proxies (--trusted-proxies 127.0.0.1) to its "
          + "address so requests are known to be HTTPS.")
    }
    if !config.publicURLs.isEmpty {
      console.printError(
        "Also answering at " + config.publicURLs.map(\.description).joined(separator: ", "))
    } else if app.requestGuard.boundAddress == nil, !RequestGuard.loopbackNames.contains(shownHost),
      !shownHost.hasPrefix("127.")
    {
      console.printError(
        "Only loopback names are answered; to open Larder from another device, set public_url "
          + "(--public-url \(scheme)://ADDRESS:\(http.boundPort)) to the address you type there.")
    }
    if try !larder.hasAccounts(), let code = larder.accounts?.setupCode {
      console.printError(
        "No account yet: open \(scheme)://\(shownHost):\(http.boundPort)/setup?code=\(code) on this "
          + "machine to create the first one (or run 'larder users add NAME --owner "
          + "--password-stdin').")
    }
    var backups: ServeBackups?
    if let folder = config.backupDirectory {
      console.printError(
        "Backing the database up daily into \(folder), keeping the newest \(config.backupKeep).")
      backups = ServeBackups(
        schedule: ScheduledBackups(directory: folder, keep: config.backupKeep),
        databasePath: config.databasePath, log: { console.printError($0) })
      backups?.start()
    }
    // Building the finder and the library index reads every recipe (seconds at 100,000
    // recipes), so it happens while the server already answers: pages, search and the API at
    // once, a finder request meanwhile once the build is done (HouseholdFinder makes it wait
    // for the build, not start another), and a write to recipes after it.
    // A finder index and library saved beside the database by an earlier start, when they
    // are still the database's, are read instead (well under a second at 100,000 recipes).
    // The shipped tables a recipe page reads are loaded now, not by the first page.
    DispatchQueue.global(qos: .userInitiated).async { Larder.loadShippedTables() }
    let caller = context.caller
    let savedIndex = SavedFinderIndex(
      besideDatabase: config.databasePath, build: Self.buildIdentity())
    DispatchQueue.global(qos: .userInitiated).async {
      do {
        let warm = try larder.warmUp(as: caller, savedIndex: savedIndex)
        if warm.restored, let savedIndex {
          console.printError(
            "Pantry finder read from \(savedIndex.path): \(warm.finderBuild.recipeCount) recipes "
              + String(format: "in %.1f ms", warm.finderBuild.seconds * 1000))
          console.printError(
            (warm.libraryRestored
              ? "Library read from \(savedIndex.path)" : "Library read from the database")
              + String(format: " in %.1f ms", warm.librarySeconds * 1000))
        } else {
          for line in OpeningNotes(finderBuild: warm.finderBuild).lines(
            databasePath: config.databasePath)
          {
            console.printError(line)
          }
        }
        if let savedIndex { Self.keepSaving(savedIndex, larder: larder, caller: caller, console) }
      } catch {
        console.printError("error: building the pantry finder: \(error)")
      }
    }
    console.printError("Press Ctrl-C to stop.")
    stopped.wait()
    console.printError("Shutting down: finishing requests in progress…")
    http.stop()
    backups?.stop()
    sources.forEach { $0.cancel() }
    console.printError("Stopped.")
    return LarderCommandLine.exitSuccess
  }
}

extension ServeCommand {
  /// What tells this build of Larder from others for the saved finder index: the version and
  /// the running binary's size and modification time, so a rebuilt binary (whose index layout
  /// may differ) never reads an index an older one saved.
  static func buildIdentity() -> String {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
    let attributes = try? FileManager.default.attributesOfItem(atPath: executable)
    let size = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
    let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    return "\(LarderCommandLine.version) \(size) \(Int64(modified))"
  }

  /// Saves the finder's index again now and then when the recipes or foods changed, so the
  /// next start (after a crash too) finds a current file. Each save reads every recipe, so
  /// the pause between them is at least ten minutes and at least twenty times the last
  /// save's time: under 5% of a core even at a million recipes.
  static func keepSaving(
    _ savedIndex: SavedFinderIndex, larder: Larder, caller: Caller, _ console: Console,
    after pause: Double = 600
  ) {
    DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + pause) {
      let started = DispatchTime.now().uptimeNanoseconds
      do {
        try larder.refreshSavedFinderIndex(as: caller, savedIndex: savedIndex)
      } catch {
        console.printError("error: saving the finder index to \(savedIndex.path): \(error)")
      }
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
      keepSaving(savedIndex, larder: larder, caller: caller, console, after: max(600, 20 * seconds))
    }
  }
}

/// Counts signals; touched only on the serial signal queue.
private final class SignalCounter: @unchecked Sendable {
  // Safe: every call happens on the one serial queue the signal sources use.
  private var count = 0
  func next() -> Int {
    defer { count += 1 }
    return count
  }
}
