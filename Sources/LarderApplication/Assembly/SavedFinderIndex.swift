import Dispatch
import Foundation
import LarderCore
import LarderStore

/// Where a Larder keeps its pantry finder's index between starts, so the next start answers
/// the finder from it at once instead of reading and indexing every recipe first (seconds at
/// 100,000 recipes).
///
/// The file sits beside the database (`larder.sqlite.warm` beside `larder.sqlite`) and holds
/// one household's finder index as ``FinderEngine/savedIndex()`` writes it and then its
/// library's summaries as ``LibrarySummaries/snapshotBytes()`` writes them (so the library
/// page and API answer at once too), after a header naming the household, the store's library
/// version it was made at (``RecipeStore/libraryVersion(household:)``), the library's stamp and
/// the build of Larder that wrote it. A start uses it only when all of them match what it
/// reads now; otherwise, and when the file is cut short, damaged or unreadable, it is ignored
/// with one log line and the finder and library are read from the database as before (when
/// only the summaries are damaged, only they are). The catalog's facts are not in it: a
/// restored index is given the household's catalog as it is now.
public struct SavedFinderIndex: Sendable, Equatable {
  /// The file's path.
  public let path: String
  /// What distinguishes the Larder that writes and reads the file from other builds (its
  /// version and the binary's size and date, say): a file another build wrote is ignored, as
  /// the index's layout may differ.
  public let build: String

  /// The file beside the database at `databasePath`; nil for an in-memory database (or an
  /// empty path), which has nothing to save beside, and for a PostgreSQL database, whose
  /// processes may run on machines with no folder in common.
  public init?(besideDatabase databasePath: String, build: String) {
    guard !databasePath.isEmpty, databasePath != ":memory:", !databasePath.hasPrefix("file:"),
      !PostgresURL.isPostgres(databasePath)
    else { return nil }
    self.init(path: databasePath + ".warm", build: build)
  }

  /// The file at `path`.
  public init(path: String, build: String) {
    self.path = path
    self.build = build
  }

  /// What the file's header holds.
  struct Header: Codable, Equatable {
    /// The header's own format; bumped when its fields change.
    var format: Int
    var household: String
    var libraryVersion: Int64
    var build: String
    /// The library's stamp when it was saved (its count and most recently updated recipe):
    /// a second check beside the version, for a database put back from a copy whose
    /// version has since come to the same number by other changes.
    var recipes: Int
    var newestRecipe: String?
    var newestUpdate: Date?
    /// How many bytes of finder index follow the header; the library's summaries follow it.
    var indexBytes: Int
    /// How many bytes of library summaries follow the index, to the end of the file.
    var summaryBytes: Int
  }

  /// What a usable file holds: its header, then the finder's index and the library's
  /// summaries as they were written (each still to be checked against its own checksum).
  struct Contents {
    var header: Header
    var index: Data
    var summaries: Data
  }

  static let magic = Data("LARDWARM".utf8)
  static let headerFormat = 2

  /// Why a saved index was not used.
  struct Refusal: Error, CustomStringConvertible {
    let description: String
  }

  /// Reads the file's header and the index and summaries after it; nil when there is no file.
  /// Throws a ``Refusal`` saying what is wrong with a file that cannot be used for
  /// `household` at `libraryVersion` and `stamp`.
  func read(
    household: HouseholdID, libraryVersion: Int64, stamp: LibraryIndex.Stamp
  ) throws -> Contents? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
    } catch {
      throw Refusal(description: "cannot read it (\(error.localizedDescription))")
    }
    let (header, payloadStart) = try Self.header(of: data)
    guard header.household == household.rawValue else {
      throw Refusal(description: "it holds household '\(header.household)'")
    }
    guard header.build == build else {
      throw Refusal(description: "another build of Larder wrote it (\(header.build))")
    }
    guard header.libraryVersion == libraryVersion else {
      throw Refusal(
        description: "the recipes or foods changed since it was saved (library version "
          + "\(header.libraryVersion), the database is at \(libraryVersion))")
    }
    guard
      header.recipes == stamp.count, header.newestRecipe == stamp.newestID?.rawValue,
      header.newestUpdate == stamp.newestUpdate
    else {
      throw Refusal(
        description: "the recipes changed since it was saved (\(header.recipes) recipes then, "
          + "\(stamp.count) now, or another most recent change)")
    }
    guard header.indexBytes >= 0, header.summaryBytes >= 0,
      header.indexBytes <= data.endIndex - payloadStart,
      header.summaryBytes == data.endIndex - payloadStart - header.indexBytes
    else { throw Refusal(description: "it is cut short or has bytes left over") }
    let summaryStart = payloadStart + header.indexBytes
    return Contents(
      header: header, index: data[payloadStart..<summaryStart], summaries: data[summaryStart...])
  }

  /// The header alone, read from the start of the file; nil when there is no usable file.
  func readHeader() -> Header? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let start = try? handle.read(upToCount: Self.magic.count + 4),
      start.count == Self.magic.count + 4
    else { return nil }
    let length = Self.headerLength(in: start)
    guard length < 1 << 16, let rest = try? handle.read(upToCount: length), rest.count == length
    else { return nil }
    return try? Self.header(of: start + rest).header
  }

  /// Writes `index` and `summaries` under a header for `household` at `libraryVersion`: to a
  /// file of its own first, flushed to disk, then renamed over the old one, so a reader never
  /// sees half a file.
  func write(
    index: Data, summaries: Data, household: HouseholdID, libraryVersion: Int64,
    stamp: LibraryIndex.Stamp
  ) throws {
    let header = Header(
      format: Self.headerFormat, household: household.rawValue, libraryVersion: libraryVersion,
      build: build, recipes: stamp.count, newestRecipe: stamp.newestID?.rawValue,
      newestUpdate: stamp.newestUpdate, indexBytes: index.count, summaryBytes: summaries.count)
    let json = try JSONEncoder().encode(header)
    var length = UInt32(json.count).littleEndian
    var start = Self.magic
    start.append(Data(bytes: &length, count: 4))
    start.append(json)
    let temporary = path + ".\(UUID().uuidString).tmp"
    guard FileManager.default.createFile(atPath: temporary, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary])
    }
    do {
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temporary))
      defer { try? handle.close() }
      try handle.write(contentsOf: start)
      try handle.write(contentsOf: index)
      try handle.write(contentsOf: summaries)
      try handle.synchronize()
      guard rename(temporary, path) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
      }
    } catch {
      try? FileManager.default.removeItem(atPath: temporary)
      throw error
    }
  }

  private static func headerLength(in start: Data) -> Int {
    start.dropFirst(magic.count).prefix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
  }

  private static func header(of data: Data) throws -> (header: Header, payloadStart: Int) {
    let base = data.startIndex
    guard data.count >= magic.count + 4, data.prefix(magic.count) == magic else {
      throw Refusal(description: "it is not a saved finder index")
    }
    let length = headerLength(in: data.prefix(magic.count + 4))
    let headerStart = base + magic.count + 4
    guard length <= data.count - magic.count - 4 else {
      throw Refusal(description: "it is cut short")
    }
    guard
      let header = try? JSONDecoder().decode(
        Header.self, from: data[headerStart..<headerStart + length]),
      header.format == headerFormat
    else { throw Refusal(description: "its header is damaged or of another format") }
    return (header, headerStart + length)
  }
}

extension Larder {
  /// The caller's household's finder and library loaded for serving, as ``warmUp(as:)``
  /// does, but with the finder's index, and then the library's summaries, read from
  /// `savedIndex` when the file there is the household's at the library version and stamp the
  /// store has now. A file that cannot be used is ignored (one line to ``log``) and the finder
  /// is built from the store as usual, then saved there with the summaries for the next start;
  /// summaries that cannot be read are read from the store after the restored finder, which
  /// answers meanwhile. Nil `savedIndex` (an in-memory database) saves nothing.
  ///
  /// A write meanwhile is not lost: the version is read while the finder holds its writes
  /// back, so a write before that read makes the file's version stale (and the finder is
  /// built from the store), and a write after it reaches the restored index once it is in
  /// place. The library restored from the file carries the stamp read before that version, so
  /// a write after it (by any process) makes the library's first use reload from the store.
  @discardableResult
  public func warmUp(as caller: Caller, savedIndex: SavedFinderIndex?) throws -> WarmUpReport {
    let household = try household(caller)
    let clock = { DispatchTime.now().uptimeNanoseconds }
    var restored = false
    var libraryRestored = false
    var problem: String?
    var toSave: (index: Data, version: Int64, stamp: LibraryIndex.Stamp)?
    var summariesToSave: LibrarySummaries?
    var librarySeconds = 0.0
    let report = try library.whileLoading {
      var profiles: [RecipeFoodProfile] = []
      var stamp: LibraryIndex.Stamp?
      var version: Int64?
      var saved: (summaries: Data, stamp: LibraryIndex.Stamp)?
      let report = try household.finder.rebuild(
        catalog: { household.finderCatalog },
        restoring: { engine in
          guard let savedIndex else { return nil }
          do {
            // The version last: every write after it reaches the engine filled here.
            let stamp = try library.stamp(store: recipes, household: caller.household)
            guard let current = try recipes.libraryVersion(household: caller.household),
              let contents = try savedIndex.read(
                household: caller.household, libraryVersion: current, stamp: stamp)
            else { return nil }
            let report = try engine.restore(savedIndex: contents.index, clock: clock)
            restored = true
            saved = (contents.summaries, stamp)
            return report
          } catch {
            problem = "\(error)"
            log(
              "Ignoring the saved finder index \(savedIndex.path): \(error); building the "
                + "finder from the database.")
            return nil
          }
        },
        load: {
          // Inside the build, so a write waits for it rather than slipping between the read
          // and the build; the version and stamp before the read, so a write before it shows
          // as a change.
          if savedIndex != nil { version = try recipes.libraryVersion(household: caller.household) }
          stamp = try library.stamp(store: recipes, household: caller.household)
          profiles = try recipes.foodProfiles(household: caller.household)
          return profiles.map(FinderRecipe.init(profile:))
        },
        built: { engine, _ in
          // Still holding writes back: the index saved is the one the version describes.
          // The summaries are written from the same profiles once writes go on again.
          if let version, let stamp { toSave = (engine.savedIndex(), version, stamp) }
        }, clock: clock)
      let libraryStart = clock()
      if let saved, let savedIndex {
        // The library's summaries from the same file, saved with the index at the version
        // and stamp just checked: what the store would give now.
        do {
          let summaries = try saved.summaries.withUnsafeBytes {
            try LibrarySummaries(snapshot: $0)
          }
          library.prime(with: summaries, stamp: saved.stamp, household: caller.household)
          libraryRestored = true
        } catch {
          problem = "\(error)"
          log(
            "Ignoring the library saved in \(savedIndex.path): \(error); reading it from the "
              + "database.")
        }
      }
      if restored && !libraryRestored {
        // The library's summaries, while the finder answers from the restored index.
        stamp = try library.stamp(store: recipes, household: caller.household)
        profiles = try recipes.foodProfiles(household: caller.household)
      }
      if !libraryRestored, let stamp {
        let summaries = LibrarySummaries(profiles: profiles)
        library.prime(with: summaries, stamp: stamp, household: caller.household)
        if toSave != nil { summariesToSave = summaries }
      }
      librarySeconds = Double(clock() &- libraryStart) / 1e9
      return report
    }
    if let savedIndex, let toSave, let summariesToSave {
      do {
        try savedIndex.write(
          index: toSave.index, summaries: summariesToSave.snapshotBytes(),
          household: caller.household,
          libraryVersion: toSave.version, stamp: toSave.stamp)
      } catch {
        log("error: saving the finder index to \(savedIndex.path): \(error)")
      }
    }
    return WarmUpReport(
      finderBuild: report, restored: restored, savedIndexProblem: problem,
      libraryRestored: libraryRestored, librarySeconds: librarySeconds)
  }

  /// Saves the caller's household's finder index and library summaries to `savedIndex` when
  /// the store's library version has moved on from the file's (or there is no file): for a
  /// server to call now and then, so its next start finds a current file. Returns whether it
  /// wrote.
  ///
  /// The index saved is built apart from the running finder, from the household's recipes
  /// read after the version: the running finder cannot be proved to hold what the version
  /// describes (another process may have written since it was built), so saving it could
  /// make a later start serve stale results. This costs a read of every recipe (seconds at
  /// 100,000), only when something changed. The summaries are those same recipes'.
  @discardableResult
  public func refreshSavedFinderIndex(
    as caller: Caller, savedIndex: SavedFinderIndex
  ) throws -> Bool {
    let household = try household(caller)
    guard let version = try recipes.libraryVersion(household: caller.household) else {
      return false
    }
    if let header = savedIndex.readHeader(), header.household == caller.household.rawValue,
      header.build == savedIndex.build, header.libraryVersion == version
    {
      return false
    }
    let stamp = try library.stamp(store: recipes, household: caller.household)
    let profiles = try recipes.foodProfiles(household: caller.household)
    let engine = FinderEngine(catalog: household.finderCatalog)
    engine.build(
      recipes: profiles.map(FinderRecipe.init(profile:)),
      clock: { DispatchTime.now().uptimeNanoseconds })
    try savedIndex.write(
      index: engine.savedIndex(),
      summaries: LibrarySummaries(profiles: profiles).snapshotBytes(),
      household: caller.household, libraryVersion: version, stamp: stamp)
    return true
  }
}

/// What warming a Larder up for serving did.
public struct WarmUpReport: Sendable {
  /// What loading the finder took: reading the saved index, or building it from the store.
  public var finderBuild: FinderBuildReport
  /// Whether the finder's index was read from the saved file.
  public var restored: Bool
  /// Why a saved file (or the library's summaries in it) was ignored; nil when it was used
  /// or there was none.
  public var savedIndexProblem: String?
  /// Whether the library's summaries were read from the saved file rather than the store.
  public var libraryRestored: Bool = false
  /// How long the library took to load once the finder was in place, in seconds: reading its
  /// summaries from the file (or from the store, when a restored finder's file held none it
  /// could use) and indexing them.
  public var librarySeconds: Double = 0
}
