import Foundation

/// The shared sample files beside the repository (`../shared/data`), which tests read when
/// they are there and skip, saying so, when they are not.
enum SampleData {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Formats
    .deletingLastPathComponent()  // LarderCoreTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // repository
    .deletingLastPathComponent()
    .appendingPathComponent("shared/data")

  /// The URL of a file under `../shared/data`.
  static func url(_ relativePath: String) -> URL {
    root.appendingPathComponent(relativePath)
  }

  /// Whether the file is there.
  static func exists(_ relativePath: String) -> Bool {
    FileManager.default.fileExists(atPath: url(relativePath).path)
  }

  /// The file's bytes.
  static func data(_ relativePath: String) throws -> Data {
    try Data(contentsOf: url(relativePath))
  }

  /// The file as UTF-8 text.
  static func text(_ relativePath: String) throws -> String {
    String(decoding: try data(relativePath), as: UTF8.self)
  }
}
