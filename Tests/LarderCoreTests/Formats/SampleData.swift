import Foundation
import LarderTestSupport

/// The shared sample files beside the repository (`../shared/data`), which tests read when
/// they are there and skip, saying so, when they are not.
enum SampleData {
  /// The URL of a file under `../shared/data`.
  static func url(_ relativePath: String) -> URL {
    SharedData.url(relativePath)
  }

  /// Whether the file is there.
  static func exists(_ relativePath: String) -> Bool {
    SharedData.exists(relativePath)
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
