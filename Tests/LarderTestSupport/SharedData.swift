import Foundation

/// The data kept beside the repository in `../shared/data` (open datasets, other apps' sample
/// exports, labelled lines), which tests read when it is there and skip, saying so, when it is
/// not: a user who clones the repository has no `../shared`.
///
/// `LARDER_SHARED_DATA` overrides where it is looked for: a folder, or `none` to run the suite
/// as that user would even when the folder is there (`.ci/run` runs the suite both ways).
public enum SharedData {
  /// The folder, or nil when it is absent or switched off.
  public static let root: URL? = {
    let environment = ProcessInfo.processInfo.environment["LARDER_SHARED_DATA"]
    if environment == "none" { return nil }
    let folder =
      environment.map { URL(fileURLWithPath: $0) }
      ?? URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // LarderTestSupport
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()  // repository
      .deletingLastPathComponent()
      .appendingPathComponent("shared/data")
    var isFolder: ObjCBool = false
    let present = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder)
    return present && isFolder.boolValue ? folder : nil
  }()

  /// The URL of `relativePath` under the folder; when the folder is absent, a path that does
  /// not exist, so `exists` is false and reading it fails.
  public static func url(_ relativePath: String) -> URL {
    (root ?? URL(fileURLWithPath: "/nonexistent/larder-shared-data"))
      .appendingPathComponent(relativePath)
  }

  /// Whether `relativePath` is there.
  public static func exists(_ relativePath: String) -> Bool {
    root != nil && FileManager.default.fileExists(atPath: url(relativePath).path)
  }
}
