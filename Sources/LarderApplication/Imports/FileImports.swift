import Foundation
import LarderCore
import LarderImport

/// What to import: files, folders and bytes already read (standard input, an upload), in
/// order.
public struct FileImportRequest: Sendable, Equatable {
  /// One thing to import.
  public enum Input: Sendable, Equatable {
    /// A file or a folder on this machine; every recipe file under a folder is read.
    case path(String)
    /// Bytes already read, named as a file would be (the name tells the format).
    case bytes(Data, name: String)
    /// Input that could not be read, with the reason (standard input over the limit).
    case unreadable(name: String, reason: String)
  }

  /// What to import, in order.
  public var inputs: [Input]

  /// Makes a request.
  public init(inputs: [Input]) {
    self.inputs = inputs
  }
}

/// How far an import has come: the file being read, and the archive member being stored.
public struct ImportProgress: Sendable, Equatable {
  /// The file being read, counting from 1.
  public var fileNumber: Int
  /// How many files there are.
  public var fileCount: Int
  /// The file's name (its last path component).
  public var fileName: String
  /// The archive member being stored, when the file is an archive.
  public var member: String?
}

/// A recipe file or another app's export sent as one upload, as `POST /api/v1/import` takes
/// it.
public struct UploadImportRequest: Sendable, Equatable {
  /// The file's bytes.
  public var data: Data
  /// The file's name as the client gave it; only its last path component counts, as a hint
  /// about the format.
  public var filename: String?

  /// Makes a request.
  public init(data: Data, filename: String? = nil) {
    self.data = data
    self.filename = filename
  }
}

/// The query of `POST /api/v1/import`: the upload's file name, read with the shared readers so
/// a parameter the endpoint does not have is refused.
public struct UploadImportQuery: RequestFields, Equatable {
  /// The file's name as the client gave it.
  public var filename: String?

  /// Makes a query.
  public init(filename: String? = nil) {
    self.filename = filename
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case filename
  }

  /// `filename`.
  public static var fieldNames: [String] { CodingKeys.allCases.map(\.stringValue) }

  /// Reads `filename`.
  public init(from decoder: Decoder) throws {
    filename = try decoder.container(keyedBy: CodingKeys.self).text(.filename)
  }
}

extension Larder {
  /// The largest upload `POST /api/v1/import` takes: ``LarderSettings/maximumImportFileBytes``.
  public var maximumUploadBytes: Int { settings.maximumImportFileBytes }

  /// The reader imports use, under ``LarderSettings/maximumImportFileBytes`` and the limits
  /// that follow from it.
  public var importReader: BulkReader {
    BulkReader(allowingFilesUpTo: settings.maximumImportFileBytes)
  }

  /// Imports recipe files, folders and other apps' exports, reporting every document and
  /// item. Each document is stored in batches, so a bad document or item loses nothing from
  /// the others, and importing again is idempotent because the store recognises recipes
  /// imported before. A folder holding no recipe file fails: the wrong place was given.
  ///
  /// Each file (and each input of bytes) has its own decompression budget,
  /// `ArchiveLimits.budget(forFileBytes:)`: past it the member that would exceed it fails,
  /// naming the file and the budget, the rest of that file is not read, and what was stored
  /// before stays.
  public func importFiles(
    _ request: FileImportRequest, progress: (ImportProgress) -> Void = { _ in },
    as caller: Caller
  ) throws -> ImportReport {
    try caller.require(.change)
    let reader = importReader
    // For each input, in order: the files found under it, or why it cannot be read.
    let found: [Result<[String], LarderImportError>] = request.inputs.map { input in
      guard case .path(let path) = input else { return .success([]) }
      do {
        return .success(try reader.files(at: path))
      } catch let error as LarderImportError {
        return .failure(error)
      } catch {
        return .failure(.unreadable(source: path, reason: "\(error)"))
      }
    }
    let fileCount = found.reduce(0) { $0 + ((try? $1.get()) ?? []).count }
    let now = clock()
    let store = importStore(for: caller)
    var reports: [ImportDocumentReport] = []
    var fileNumber = 0
    var fileName = ""
    for (input, result) in zip(request.inputs, found) {
      var recipeDocuments = 0
      func record(_ document: ImportDocument) {
        if document.skipReason == nil { recipeDocuments += 1 }
        if let member = document.source.members.last {
          progress(
            ImportProgress(
              fileNumber: fileNumber, fileCount: fileCount, fileName: fileName, member: member))
        }
        reports.append(
          BulkImporter.store(
            document, into: store, images: images, household: caller.household, now: now,
            log: log))
      }
      switch input {
      case .unreadable(let name, let reason):
        record(
          ImportDocument(source: ImportSource(file: name), format: nil, status: .failed(reason)))
      case .bytes(let data, let name):
        fileName = name
        var budget = ArchiveBudget(limits: reader.limits)
        reader.read(data, source: ImportSource(file: name), explicit: true, budget: &budget, record)
      case .path(let path):
        let files: [String]
        switch result {
        case .success(let list): files = list
        case .failure(let error):
          reports.append(
            ImportDocumentReport(
              source: ImportSource(file: path), format: nil, status: .failed(error.reason)))
          continue
        }
        for file in files {
          fileNumber += 1
          fileName = (file as NSString).lastPathComponent
          progress(
            ImportProgress(
              fileNumber: fileNumber, fileCount: fileCount, fileName: fileName, member: nil))
          var budget = ArchiveBudget(limits: reader.limits)
          reader.readFile(file, explicit: file == path, budget: &budget, record)
        }
        // A folder where nothing was a recipe is an error: the user pointed at the wrong place.
        if files != [path], recipeDocuments == 0 {
          reports.append(
            ImportDocumentReport(
              source: ImportSource(file: path), format: nil,
              status: .failed("no recipe files in this folder")))
        }
      }
    }
    return ImportReport(documents: reports)
  }

  /// Imports one uploaded file or export, read as ``importFiles(_:progress:as:)`` reads a file.
  ///
  /// - Throws: ``ApplicationError/emptyBody(_:)`` for no bytes, and
  ///   ``ApplicationError/nothingImported(reason:)`` when nothing in it could be read or
  ///   stored, naming the first failure.
  public func importUpload(
    _ request: UploadImportRequest, as caller: Caller
  ) throws -> ImportReport {
    try caller.require(.change)
    guard !request.data.isEmpty else { throw ApplicationError.emptyBody(.file) }
    // Only the last path component counts: a name is a hint about the format, never a path.
    let given = (request.filename ?? "").trimmingCharacters(in: .whitespaces)
    let name = given.isEmpty ? "upload" : (given as NSString).lastPathComponent
    let report = try importFiles(
      FileImportRequest(inputs: [.bytes(request.data, name: name)]), as: caller)
    if report.storedNothing {
      throw ApplicationError.nothingImported(
        reason: report.firstFailure ?? "\(name): no recipe in it could be read")
    }
    return report
  }
}
