import Foundation

/// A SQLite database shared by many threads: one writer connection and a pool of readers.
///
/// In WAL mode readers never block the writer and see the last committed state, so HTTP
/// requests read in parallel while writes are serialised (SQLite allows one writer at a time
/// anyway; serialising them here avoids busy waits). Other processes on the same file are
/// coordinated by SQLite's file locks and the busy timeout.
///
/// `@unchecked Sendable`: every connection is reached only under `writerLock` (the writer) or
/// after being taken out of `idleReaders` under `readerCondition`, so no connection is ever
/// used by two threads at once.
final class SQLiteDatabase: @unchecked Sendable {
  /// The database file's path (":memory:" for a private in-memory database).
  let path: String
  private let writer: SQLiteConnection
  private let writerLock = NSLock()
  private let readerCondition = NSCondition()
  private var idleReaders: [SQLiteConnection] = []
  private var openedReaders = 0
  private let maximumReaders: Int

  /// Opens the database, creating the file and its folder if needed, and switches it to WAL.
  init(path: String, maximumReaders: Int = 4) throws {
    self.path = path
    let inMemory = path == ":memory:" || path.isEmpty
    if !inMemory {
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        throw LarderStoreError.cannotOpen(
          path: path,
          reason: "cannot create the folder '\(folder.path)' (\(Self.reason(for: error)))")
      }
    }
    writer = try SQLiteConnection(path: inMemory ? ":memory:" : path)
    // An in-memory database is private to its connection: the writer serves reads too.
    self.maximumReaders = inMemory ? 0 : max(1, maximumReaders)
    if !inMemory {
      do {
        try writer.execute("PRAGMA journal_mode = WAL", operation: "enabling WAL")
      } catch LarderStoreError.sqlite(let code, let message, _) {
        // The first statement is where SQLite notices a file that is not a database.
        throw LarderStoreError.cannotOpen(
          path: path,
          reason: code & 0xff == 26 ? "the file is not a SQLite database" : message)
      }
      try writer.execute("PRAGMA synchronous = NORMAL", operation: "setting synchronous mode")
    }
  }

  /// A short reason for a file-system error, without Foundation's domain and code dump.
  private static func reason(for error: Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let posix = underlying, posix.domain == NSPOSIXErrorDomain,
      let code = POSIXErrorCode(rawValue: Int32(posix.code))
    {
      return String(cString: strerror(code.rawValue))
    }
    var isDirectory: ObjCBool = false
    var ancestor = URL(
      fileURLWithPath: (error as NSError).userInfo[NSFilePathErrorKey] as? String ?? "")
    while ancestor.path != "/" && !ancestor.path.isEmpty {
      if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
        return isDirectory.boolValue
          ? "permission denied or read-only" : "'\(ancestor.path)' is a file"
      }
      ancestor.deleteLastPathComponent()
    }
    return (error as NSError).localizedDescription
  }

  /// Runs `body` on the writer connection inside an immediate transaction, committing when it
  /// returns and rolling back when it throws.
  func write<T>(_ operation: String, _ body: (SQLiteConnection) throws -> T) throws -> T {
    writerLock.lock()
    defer { writerLock.unlock() }
    try writer.execute("BEGIN IMMEDIATE", operation: operation)
    do {
      let result = try body(writer)
      // Recipes indexed in this write have their words listed before anyone can search them.
      if writer.hasStagedWords { try SearchIndex.collectWords(connection: writer) }
      try writer.execute("COMMIT", operation: operation)
      return result
    } catch {
      writer.hasStagedWords = false
      if writer.isInTransaction {
        try? writer.execute("ROLLBACK", operation: "rolling back after failed \(operation)")
      }
      throw error
    }
  }

  /// Runs `body` on a reader connection inside a read transaction, so that several queries see
  /// one consistent snapshot.
  func read<T>(_ operation: String, _ body: (SQLiteConnection) throws -> T) throws -> T {
    guard maximumReaders > 0 else {
      writerLock.lock()
      defer { writerLock.unlock() }
      return try body(writer)
    }
    let connection = try takeReader()
    defer { returnReader(connection) }
    try connection.execute("BEGIN", operation: operation)
    defer { try? connection.execute("COMMIT", operation: operation) }
    return try body(connection)
  }

  private func takeReader() throws -> SQLiteConnection {
    readerCondition.lock()
    defer { readerCondition.unlock() }
    while true {
      if let connection = idleReaders.popLast() { return connection }
      if openedReaders < maximumReaders {
        openedReaders += 1
        do {
          return try SQLiteConnection(path: path, create: false)
        } catch {
          openedReaders -= 1
          throw error
        }
      }
      readerCondition.wait()
    }
  }

  private func returnReader(_ connection: SQLiteConnection) {
    readerCondition.lock()
    idleReaders.append(connection)
    readerCondition.signal()
    readerCondition.unlock()
  }
}
