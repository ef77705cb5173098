import Foundation

/// A photo that came inside an imported file rather than as a web address: Gourmet's base64
/// `<image>`, Mela's base64 `images`, Paprika's `photo_data`, or a photo file of Recipe
/// Keeper's export named from its HTML.
///
/// A reader only says what it found and where; the import checks the bytes as an upload's are
/// checked (``ImageFormat/validate(_:declaredType:)``) and stores them, so a bad photo becomes
/// a warning on its recipe rather than a failed recipe.
public struct EmbeddedImage: Sendable, Equatable {
  /// What a reader found.
  public enum Content: Sendable, Equatable {
    /// The photo's bytes, not yet checked to be an image.
    case bytes(Data)
    /// A file travelling with the document (in the same archive or folder), by the relative
    /// path the document gives; the bulk reader replaces it with its bytes or a problem.
    case file(String)
    /// Why the photo cannot be read ("not valid base64"), in words for a warning.
    case unreadable(String)
  }

  /// Where in the recipe it was found, as a warning names it: `<image>`, `images[2]`,
  /// `photo_data`, `photo0 (images/soup.jpg)`.
  public var field: String
  /// The bytes, the file to read them from, or why they cannot be read.
  public var content: Content

  /// Makes an embedded image.
  public init(field: String, content: Content) {
    self.field = field
    self.content = content
  }

  /// The photo in base64 text (whitespace and line breaks ignored), or why it is not one:
  /// empty, not valid base64, or longer than ``ImageFormat/maximumBytes`` once decoded, which
  /// is decided from the text's length before anything is decoded.
  public static func base64(_ text: String, field: String) -> EmbeddedImage {
    let compact = text.filter { !$0.isWhitespace }
    guard !compact.isEmpty else {
      return EmbeddedImage(field: field, content: .unreadable("empty"))
    }
    let decodedBytes = compact.utf8.count / 4 * 3
    if decodedBytes > ImageFormat.maximumBytes + 3 {
      return EmbeddedImage(
        field: field,
        content: .unreadable(
          "about \(decodedBytes) bytes; the limit is \(ImageFormat.maximumBytes >> 20) MiB"))
    }
    guard let data = Data(base64Encoded: compact), !data.isEmpty else {
      return EmbeddedImage(field: field, content: .unreadable("not valid base64"))
    }
    return EmbeddedImage(field: field, content: .bytes(data))
  }

  /// The warning an import gives when this photo is left out: the recipe, the field and the
  /// problem, such as "photo_data of 'Soup': not valid base64; not imported".
  public static func warning(field: String, recipe: String, problem: String) -> String {
    "\(field) of '\(recipe)': \(problem); not imported"
  }
}
