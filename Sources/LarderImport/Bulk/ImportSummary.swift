import Foundation

/// The totals of a bulk import and its report as JSON, the same for `larder import --json` and
/// `POST /api/v1/import`.
public struct ImportSummary: @unchecked Sendable {
  // @unchecked Sendable: `json` holds only JSON values (strings, numbers, arrays, dictionaries).
  /// Recipes created, updated, unchanged and failed (documents that failed as a whole count as
  /// failed too).
  public var counts: [String: Int]
  /// Documents skipped because they hold no recipe.
  public var skipped: Int
  /// Documents read or failed.
  public var fileCount: Int
  /// The counts, `skipped`, and `files`: each document's path, format, error or skip reason,
  /// and items (index from 1, status, name, id, error, warnings, source).
  public var json: [String: Any]

  /// How many recipes failed, or documents failed as a whole.
  public var failed: Int { counts["failed", default: 0] }
}

extension ImportDocumentReport {
  /// Totals and JSON for a whole import.
  public static func summary(of reports: [ImportDocumentReport]) -> ImportSummary {
    var counts: [String: Int] = ["created": 0, "updated": 0, "unchanged": 0, "failed": 0]
    var skipped = 0
    var fileCount = 0
    for report in reports {
      switch report.status {
      case .read: fileCount += 1
      case .failed:
        fileCount += 1
        counts["failed", default: 0] += 1
      case .skipped: skipped += 1
      }
      for item in report.items { counts[item.status.rawValue, default: 0] += 1 }
    }
    let files: [[String: Any]] = reports.map { report in
      var file: [String: Any] = [
        "path": report.source.description,
        "items": report.items.map { item -> [String: Any] in
          var value: [String: Any] = [
            "index": item.index + 1, "status": item.status.rawValue,
            "warnings": item.warnings,
            "source": "\(report.source) › item \(item.index + 1)",
          ]
          value["name"] = item.name
          value["id"] = item.recipeID?.rawValue
          value["error"] = item.error
          return value
        },
      ]
      file["format"] = report.format?.rawValue
      switch report.status {
      case .read: break
      case .failed(let reason): file["error"] = reason
      case .skipped(let reason): file["skipped"] = reason
      }
      return file
    }
    var json: [String: Any] = counts
    json["skipped"] = skipped
    json["files"] = files
    return ImportSummary(counts: counts, skipped: skipped, fileCount: fileCount, json: json)
  }
}
