import Foundation
import LarderCore

/// Follows the changes other processes commit to a PostgreSQL database: a connection of its
/// own listens on the schema's channel (see ``PostgresMigrations``), and a thread of its own
/// hands each batch to the handler. A lost connection is opened again; since notifications
/// sent meanwhile are lost, the handler is then told ``StoreChange/unknown``.
///
/// `@unchecked Sendable`: `handler`, `thread` and `stopped` are read and written only while
/// holding `lock`; the connection is used by the listening thread alone.
final class PostgresChangeListener: @unchecked Sendable {
  private let database: PostgresDatabase
  private let lock = NSLock()
  /// Held while a batch is handled, so stopping waits for a handler already running.
  private let handling = NSLock()
  private var handler: (@Sendable ([StoreChange]) -> Void)?
  private var running = false
  private var stopped = false
  private let finished = DispatchSemaphore(value: 0)

  init(database: PostgresDatabase) {
    self.database = database
  }

  /// Starts listening, or replaces the handler when already listening. Connects once before
  /// returning, so a change committed after this returns is reported.
  func start(_ handler: @escaping @Sendable ([StoreChange]) -> Void) throws {
    lock.lock()
    self.handler = handler
    stopped = false
    let alreadyRunning = running
    running = true
    lock.unlock()
    guard !alreadyRunning else { return }
    let connection: PostgresConnection
    do {
      connection = try listeningConnection()
    } catch {
      lock.lock()
      running = false
      lock.unlock()
      throw error
    }
    // Handed to the thread, which alone uses it from then on.
    let handOver = HandOver(connection: connection)
    let thread = Thread { [self] in listen(from: handOver.connection) }
    thread.name = "larder-postgres-changes"
    thread.start()
  }

  /// Stops listening; no batch is handed over after this returns.
  func stop() {
    lock.lock()
    let wasRunning = running && !stopped
    stopped = true
    handler = nil
    lock.unlock()
    // A batch being handled finishes first.
    handling.lock()
    handling.unlock()
    if wasRunning { finished.wait() }
  }

  private var isStopped: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopped
  }

  private func listeningConnection() throws -> PostgresConnection {
    let connection = try PostgresConnection(url: database.url, schema: database.schema)
    let schema =
      try connection.query("SELECT current_schema()", operation: "following changes") {
        $0.string(0) ?? "public"
      }.first ?? "public"
    try connection.execute(
      "LISTEN " + PostgresMigrations.quotedIdentifier("larder_changes_" + schema),
      operation: "following changes")
    return connection
  }

  private func listen(from first: PostgresConnection) {
    var connection: PostgresConnection? = first
    while !isStopped {
      guard let current = connection else {
        // Reconnect after a pause; whatever happened meanwhile is unknown.
        Thread.sleep(forTimeInterval: 0.5)
        if let fresh = try? listeningConnection() {
          connection = fresh
          deliver([.unknown])
        }
        continue
      }
      do {
        let payloads = try current.notifications(waitingUpTo: 0.2)
        let changes = payloads.compactMap(change(from:))
        if !changes.isEmpty { deliver(changes) }
      } catch {
        connection = nil
      }
    }
    lock.lock()
    running = false
    lock.unlock()
    finished.signal()
  }

  private func deliver(_ changes: [StoreChange]) {
    handling.lock()
    defer { handling.unlock() }
    lock.lock()
    let handler = stopped ? nil : self.handler
    lock.unlock()
    handler?(changes)
  }

  private final class HandOver: @unchecked Sendable {
    let connection: PostgresConnection
    init(connection: PostgresConnection) { self.connection = connection }
  }

  private struct Payload: Decodable {
    /// The origin: which process made the change.
    var o: String?
    /// The kind: "r" a recipe, "f" a household's foods.
    var k: String
    /// The household.
    var h: String
    /// The recipe's ID.
    var id: String?
    /// Whether the recipe was deleted.
    var d: Bool?
  }

  /// The change a notification names, or nil for this process's own and for any it cannot
  /// read.
  private func change(from payload: String) -> StoreChange? {
    guard let decoded = try? JSONDecoder().decode(Payload.self, from: Data(payload.utf8)),
      decoded.o != database.origin
    else { return nil }
    let household = HouseholdID(rawValue: decoded.h)
    switch decoded.k {
    case "r":
      guard let id = decoded.id else { return nil }
      return .recipe(RecipeID(rawValue: id), household: household, deleted: decoded.d ?? false)
    case "f": return .foods(household)
    default: return nil
    }
  }
}

extension PostgresRecipeStore: StoreChangeFeed {
  /// Starts reporting the changes other processes commit (see ``PostgresChangeListener``).
  public func followChanges(_ handler: @escaping @Sendable ([StoreChange]) -> Void) throws {
    try changeListener.start(handler)
  }

  /// Stops reporting changes.
  public func stopFollowingChanges() {
    changeListener.stop()
  }
}
