import Foundation
import LarderCore

/// Where the photo files a document names (Recipe Keeper's `<img src="images/…">`) are read
/// from: the archive the document came out of, or the folder it is in on this machine.
///
/// A photo's path is read relative to the document and may not climb out of the archive or
/// the folder; a file over ``ImageFormat/maximumBytes`` is refused before it is read, and an
/// archive member is charged to the file's decompression budget like any other.
enum PhotoFiles {
  /// Members of `archive`, relative to `folder` (the document's own folder inside it).
  case archive(ZipArchive, folder: String)
  /// Files on disk, relative to `folder`.
  case folder(String)
  /// The document came alone (standard input, an upload of one file): nothing beside it.
  case none

  /// The items with every ``EmbeddedImage/Content/file(_:)`` photo replaced by its bytes, or
  /// by why it could not be read.
  func resolving(_ items: [FoundRecipe], budget: inout ArchiveBudget) -> [FoundRecipe] {
    items.map { item in
      var item = item
      for position in item.embeddedImages.indices {
        guard case .file(let path) = item.embeddedImages[position].content else { continue }
        item.embeddedImages[position].content = read(path, budget: &budget)
      }
      return item
    }
  }

  private func read(_ path: String, budget: inout ArchiveBudget) -> EmbeddedImage.Content {
    guard let relative = Self.relativePath(path) else {
      return .unreadable("'\(path.prefix(80))' is not a file inside the export")
    }
    let limit = ImageFormat.maximumBytes
    func tooLarge(_ size: Int) -> EmbeddedImage.Content {
      .unreadable("the file is \(size) bytes; the limit is \(limit >> 20) MiB")
    }
    switch self {
    case .none:
      return .unreadable("'\(relative)' did not come with the document (import the whole export)")
    case .archive(let archive, let folder):
      let wanted = folder.isEmpty ? relative : folder + "/" + relative
      let files = archive.files
      guard
        let member = files.first(where: { $0.path == wanted })
          ?? files.first(where: { $0.path.lowercased() == wanted.lowercased() })
      else { return .unreadable("'\(relative)' is not in the export") }
      guard member.uncompressedSize <= limit else { return tooLarge(member.uncompressedSize) }
      do {
        return .bytes(try archive.contents(of: member, budget: &budget))
      } catch {
        return .unreadable(BulkReader.reason(error))
      }
    case .folder(let folder):
      let file = (folder as NSString).appendingPathComponent(relative)
      let attributes = try? FileManager.default.attributesOfItem(atPath: file)
      guard let size = attributes?[.size] as? Int,
        attributes?[.type] as? FileAttributeType != .typeDirectory
      else { return .unreadable("'\(relative)' is not beside the document") }
      guard size <= limit else { return tooLarge(size) }
      guard let data = FileManager.default.contents(atPath: file) else {
        return .unreadable("'\(relative)' cannot be read")
      }
      return .bytes(data)
    }
  }

  /// A document's link to a file as a clean relative path ("images/soup 1.jpg" from
  /// "./images/soup%201.jpg"), or nil when it names no file inside: an absolute path, another
  /// scheme, or one that climbs above the document's folder.
  static func relativePath(_ link: String) -> String? {
    var text = link.trimmingCharacters(in: .whitespaces)
    if let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<end]) }
    text = text.removingPercentEncoding ?? text
    text = text.replacingOccurrences(of: "\\", with: "/")
    guard !text.isEmpty, !text.hasPrefix("/"), !text.contains(":") else { return nil }
    var parts: [Substring] = []
    for part in text.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..":
        guard !parts.isEmpty else { return nil }
        parts.removeLast()
      default: parts.append(part)
      }
    }
    return parts.isEmpty ? nil : parts.joined(separator: "/")
  }
}
