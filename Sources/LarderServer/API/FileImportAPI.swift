import Foundation
import LarderCore
import LarderHTTP
import LarderImport

/// `POST /api/v1/import?filename=NAME`: a recipe file or another app's export as the raw body
/// (a Paprika or Mealie zip, a `.cook` or `.mmf` file, JSON-LD, a CSV, ...), read and stored
/// like `larder import` does. The file name tells the format, as its extension would on disk.
///
/// Answers 200 with the report `larder import --json` prints (counts, then each document and
/// item with what happened and why), or 422 when nothing in the upload could be read.
struct FileImportAPI: Sendable {
  let store: any RecipeStore
  let household: HouseholdID
  let clock: @Sendable () -> Date

  /// The largest upload, also the server's body limit for this path.
  static let maximumBytes = 64 << 20

  func register(in router: inout Router) {
    router.post("/api/v1/import") { request in try upload(request) }
  }

  private func upload(_ request: HTTPRequest) throws -> HTTPResponse {
    guard !request.body.isEmpty else { throw LarderServerError.emptyBody }
    // Only the last path component counts: a name is a hint about the format, never a path.
    let given = (request.query["filename"] ?? "").trimmingCharacters(in: .whitespaces)
    let name = given.isEmpty ? "upload" : (given as NSString).lastPathComponent
    let reader = BulkReader()
    var budget = ArchiveBudget(limits: reader.limits)
    var reports: [ImportDocumentReport] = []
    let now = clock()
    reader.read(request.body, source: ImportSource(file: name), explicit: true, budget: &budget) {
      document in
      reports.append(BulkImporter.store(document, into: store, household: household, now: now))
    }
    let summary = ImportDocumentReport.summary(of: reports)
    let stored = ["created", "updated", "unchanged"].reduce(0) {
      $0 + summary.counts[$1, default: 0]
    }
    if stored == 0 && summary.failed > 0 {
      let reason = reports.lazy.compactMap { report -> String? in
        if case .failed(let why) = report.status { return "\(report.source): \(why)" }
        return report.items.lazy.compactMap(\.error).first.map { "\(report.source): \($0)" }
      }.first
      throw LarderServerError(
        status: 422, code: "import_failed",
        message: reason ?? "\(name): no recipe in it could be read")
    }
    return try JSONValue.response(summary.json)
  }
}
