import Foundation

/// A command's file argument, or standard input for `-`, read whole but never past a limit, so a
/// huge file or an endless pipe costs at most `limit + 1` bytes.
enum CommandInput {
  /// Why the input could not be read; each command words it for its own users.
  enum Failure: Error, Equatable {
    /// No file at the path.
    case missing
    /// The path is a folder.
    case folder
    /// More than the limit; `size` is the file's size when it is known before reading.
    case tooLarge(size: Int?)
    /// The file exists but cannot be read.
    case unreadable
  }

  /// The bytes of `path` (`-` for standard input), at most `limit` of them.
  static func read(_ path: String, limit: Int) -> Result<Data, Failure> {
    if path == "-" {
      var data = Data()
      while data.count <= limit,
        let chunk = try? FileHandle.standardInput.read(
          upToCount: min(1 << 16, limit + 1 - data.count)),
        !chunk.isEmpty
      {
        data += chunk
      }
      return data.count > limit ? .failure(.tooLarge(size: nil)) : .success(data)
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return .failure(.missing)
    }
    guard !isDirectory.boolValue else { return .failure(.folder) }
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    if let size = attributes?[.size] as? Int, size > limit {
      return .failure(.tooLarge(size: size))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(.unreadable)
    }
    return data.count > limit ? .failure(.tooLarge(size: data.count)) : .success(data)
  }
}
