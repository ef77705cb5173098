import Foundation

/// The kinds of body a request reads, for saying which one was missing or of the wrong type.
public enum BodyKind: String, Sendable, Hashable {
  /// A JSON object.
  case json = "a JSON body"
  /// An image's bytes.
  case image = "the image's bytes"
  /// A recipe file's or an export's bytes.
  case file = "the file's bytes"

  /// The media types a body of this kind is sent as, for a message.
  var mediaTypes: String {
    switch self {
    case .json: return "a JSON body (Content-Type: application/json)"
    case .image:
      return "an image body (Content-Type: image/jpeg, image/png, image/webp, image/gif or "
        + "image/avif)"
    case .file: return "a file's bytes"
    }
  }
}
