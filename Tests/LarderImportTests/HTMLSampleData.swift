import Foundation
import LarderTestSupport
import XCTest

/// The shared recipe-format samples beside the repository (`../shared/data/formats`), which
/// hold real pages; tests that read them skip when they are absent.
enum HTMLSampleData {
  static let formats = SharedData.url("formats")

  /// The folder under `formats`, or a skip saying the samples are not here.
  static func folder(_ relativePath: String) throws -> URL {
    let url = formats.appendingPathComponent(relativePath)
    guard SharedData.exists("formats/\(relativePath)") else {
      throw XCTSkip(
        "skipped: the sample data \(url.path) is not here (it lives beside the repository in "
          + "../shared/data/formats)")
    }
    return url
  }

  /// The `.html` files in a sample folder, sorted.
  static func pages(in relativePath: String) throws -> [URL] {
    let folder = try folder(relativePath)
    return try FileManager.default.contentsOfDirectory(
      at: folder, includingPropertiesForKeys: nil
    )
    .filter { $0.pathExtension == "html" }
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  /// Whitespace collapsed to single spaces.
  static func collapsed(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace || $0 == "\u{A0}" }).joined(separator: " ")
  }
}
