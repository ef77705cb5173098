import Dispatch
import Foundation
import LarderCore
import LarderHTTP
import LarderImport
import LarderServer
import LarderStore

/// `larder serve`: the web app and the API until SIGINT or SIGTERM.
enum ServeCommand {
  static func run(_ context: CommandContext) throws -> Int32 {
    let config = context.config
    let console = context.console
    let database = try context.openStore()
    let foods = LiveFoodCatalog(try context.foodCatalog(database))
    let engine = FinderEngine(catalog: FinderCatalog(foods: foods.current))
    // Lines are matched with the catalog as it is at each write, so a food added through the
    // API counts for recipes saved after it.
    let analyzer = RecipeAnalyzer(matchFood: { foods.current.match($0)?.foodID })
    let analyzing = AnalyzingRecipeStore(base: database, analyzer: analyzer)
    let store = FinderIndexedStore(base: analyzing, engine: engine)
    let build = try store.rebuildEngine(clock: { DispatchTime.now().uptimeNanoseconds })
    console.printError(
      "Pantry finder ready: \(build.recipeCount) recipes, \(build.foodCount) foods in "
        + String(format: "%.1f ms", build.seconds * 1000))
    let rematch = Rematcher(analyzing: analyzing, store: store, log: { console.printError($0) })
    let app = LarderApp(
      store: store, finder: engine, foods: foods, foodStore: database,
      foodsChanged: { catalog in
        engine.setCatalog(FinderCatalog(foods: catalog))
        rematch.start()
      },
      images: database.imageStore, clipper: ClipCommandSupport.clipper(for: config),
      planning: SQLitePlanningStore(sharing: database),
      timeZone: config.timeZone ?? .current, unitSystem: config.unitSystem,
      firstWeekday: config.firstWeekday, log: { console.printError($0) })
    var server = HTTPServerConfiguration()
    server.host = config.host
    server.port = UInt16(config.port)
    server.threadCount = config.threads
    server.maxBodyBytes = config.maxBodyBytes
    // Uploads of exports and photos may be larger than other requests (never smaller).
    server.bodyLimitsByPath = LarderApp.fileBodyLimits.mapValues { max($0, config.maxBodyBytes) }
    server.connectionTimeoutSeconds = config.timeoutSeconds
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
    try http.start()
    let count = try store.recipeCount(household: .default)
    let shownHost = config.host.contains(":") ? "[\(config.host)]" : config.host
    console.printError(
      "Larder \(LarderCommandLine.version) is serving \(count) recipes at "
        + "http://\(shownHost):\(http.boundPort)/ (database: \(config.databasePath))")
    console.printError("Press Ctrl-C to stop.")
    stopped.wait()
    console.printError("Shutting down: finishing requests in progress…")
    http.stop()
    sources.forEach { $0.cancel() }
    console.printError("Stopped.")
    return LarderCommandLine.exitSuccess
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

/// Matches every stored recipe's lines again after a food change, one pass at a time in the
/// background, then reloads the finder; changes that arrive during a pass start one more.
final class Rematcher: @unchecked Sendable {
  private let analyzing: AnalyzingRecipeStore
  private let store: FinderIndexedStore
  private let log: @Sendable (String) -> Void
  private let queue = DispatchQueue(label: "larder.rematch")
  private let lock = NSLock()
  private var pending = false

  init(
    analyzing: AnalyzingRecipeStore, store: FinderIndexedStore,
    log: @escaping @Sendable (String) -> Void
  ) {
    self.analyzing = analyzing
    self.store = store
    self.log = log
  }

  /// Asks for a pass; several asks while one is waiting make one pass.
  func start() {
    lock.lock()
    defer { lock.unlock() }
    guard !pending else { return }
    pending = true
    queue.async { [self] in
      lock.lock()
      pending = false
      lock.unlock()
      do {
        let changed = try analyzing.reanalyzeAll(household: .default)
        try store.rebuildEngine(clock: { DispatchTime.now().uptimeNanoseconds })
        log("Foods changed: matched recipes again, \(changed) changed.")
      } catch {
        log("error: matching recipes again after a food change failed: \(error)")
      }
    }
  }
}
