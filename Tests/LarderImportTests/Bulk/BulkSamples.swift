import Foundation
import LarderTestSupport

/// The app-export samples beside the repository (`../shared/data/formats`).
enum BulkSamples {
  static let formats = SharedData.url("formats")

  /// The absolute path of a sample.
  static func path(_ relativePath: String) -> String {
    formats.appendingPathComponent(relativePath).path
  }

  /// Whether the samples are there.
  static var arePresent: Bool {
    FileManager.default.fileExists(atPath: path("app-exports/mealie-migrations/paprika.zip"))
  }
}
