import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// `POST /api/v1/import?filename=NAME`: a recipe file or another app's export as the raw body
/// (a Paprika or Mealie zip, a `.cook` or `.mmf` file, JSON-LD, a CSV, ...), read and stored
/// like `larder import` does. The file name tells the format, as its extension would on disk.
///
/// Answers 200 with the report `larder import --json` prints (counts, then each document and
/// item with what happened and why), or 422 when nothing in the upload could be read.
struct FileImportAPI: Sendable {
  let larder: Larder

  /// The path; its body limit is the Larder's `maximumUploadBytes` (`max_file_size`).
  static let path = "/api/v1/import"

  func register(in router: inout AppRouter) {
    router.post(Self.path) { request, caller in
      let query = try UploadImportQuery.decode(query: request.query)
      let report = try larder.importUpload(
        UploadImportRequest(data: request.body, filename: query.filename), as: caller)
      return try encodedJSON(report)
    }
  }
}
