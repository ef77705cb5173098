import Foundation

/// The app-export samples beside the repository (`../shared/data/formats`).
enum BulkSamples {
  static let formats = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Bulk
    .deletingLastPathComponent()  // LarderImportTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // repository
    .deletingLastPathComponent()
    .appendingPathComponent("shared/data/formats")

  /// The absolute path of a sample.
  static func path(_ relativePath: String) -> String {
    formats.appendingPathComponent(relativePath).path
  }

  /// Whether the samples are there.
  static var arePresent: Bool {
    FileManager.default.fileExists(atPath: path("app-exports/mealie-migrations/paprika.zip"))
  }
}
