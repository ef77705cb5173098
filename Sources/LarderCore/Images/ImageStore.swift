import Foundation

/// A stored image's stable identifier: a lowercase UUID string, used in `/images/{id}` URLs.
public struct ImageID: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
  /// The identifier's text.
  public let rawValue: String

  /// Wraps an identifier's text as is.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Makes an identifier from a UUID (callers pass the UUID so the core stays deterministic).
  public init(_ uuid: UUID) { self.rawValue = uuid.uuidString.lowercased() }

  /// The identifier's text.
  public var description: String { rawValue }

  /// The path the server answers this image on, such as `/images/0f3c…`.
  public var path: String { "/images/" + rawValue }

  /// Decodes from a bare JSON string.
  public init(from decoder: Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes as a bare JSON string.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// An image kept by an ``ImageStore``: its bytes, their format and when it was stored.
public struct StoredImage: Hashable, Sendable {
  /// The image's identifier.
  public var id: ImageID
  /// The format its bytes were recognised as.
  public var format: ImageFormat
  /// The bytes, exactly as stored.
  public var data: Data
  /// When it was stored.
  public var createdAt: Date

  /// Makes a stored image.
  public init(id: ImageID, format: ImageFormat, data: Data, createdAt: Date) {
    self.id = id
    self.format = format
    self.data = data
    self.createdAt = createdAt
  }
}

/// Where recipe images are kept, so recipes show them without reaching out to the site they
/// came from. SQLite implements it in LarderStore; the in-memory double in LarderTestSupport
/// implements the same contract.
///
/// Images are immutable: the same bytes stored twice in a household get the same ID, so
/// clipping a page again does not pile up copies.
public protocol ImageStore: Sendable {
  /// Stores bytes already recognised as `format` (see ``ImageFormat/validate(_:declaredType:)``)
  /// and returns their ID; bytes the household already has return the existing ID.
  func putImage(
    _ data: Data, format: ImageFormat, household: HouseholdID, now: Date
  ) throws
    -> ImageID

  /// The image with this ID in the household, or nil.
  func image(id: ImageID, household: HouseholdID) throws -> StoredImage?

  /// Deletes an image; throws ``LarderCoreError/imageNotFound(_:)`` when there is none.
  func deleteImage(id: ImageID, household: HouseholdID) throws
}

extension ImageStore {
  /// Checks bytes with ``ImageFormat/validate(_:declaredType:)`` and stores them: the one way
  /// untrusted bytes (uploads, downloads) enter a store.
  public func putImage(
    _ data: Data, declaredType: String?, household: HouseholdID, now: Date
  ) throws -> ImageID {
    let format = try ImageFormat.validate(data, declaredType: declaredType)
    return try putImage(data, format: format, household: household, now: now)
  }
}

/// The image formats Larder stores, recognised by their first bytes rather than by what a
/// client or a web server claims.
///
/// SVG is deliberately absent: it is a document that can carry scripts, so serving one from
/// Larder's own origin would let a clipped page run code there.
public enum ImageFormat: String, CaseIterable, Codable, Sendable {
  /// JPEG (`FF D8 FF`).
  case jpeg
  /// PNG (the 8-byte PNG signature).
  case png
  /// WebP (`RIFF` … `WEBP`).
  case webp
  /// GIF (`GIF87a` or `GIF89a`).
  case gif
  /// AVIF (an ISO-BMFF `ftyp` box naming the `avif` or `avis` brand).
  case avif

  /// The largest image accepted, in bytes (10 MiB).
  public static let maximumBytes = 10 << 20

  /// The media type to serve it with, such as `image/png`.
  public var contentType: String { "image/" + rawValue }

  /// The format the bytes begin with, or nil when they are none of the supported formats.
  public static func detect(_ data: Data) -> ImageFormat? {
    let bytes = [UInt8](data.prefix(64))
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      bytes.count >= offset + prefix.count
        && Array(bytes[offset..<offset + prefix.count]) == prefix
    }
    if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
    if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
    if starts(Array("ftyp".utf8), at: 4) {
      // The ftyp box: size (4), "ftyp", major brand (4), minor version (4), compatible brands.
      let size = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
      let end = min(max(size, 16), bytes.count)
      var brands: [[UInt8]] = []
      if bytes.count >= 12 { brands.append(Array(bytes[8..<12])) }
      var offset = 16
      while offset + 4 <= end {
        brands.append(Array(bytes[offset..<offset + 4]))
        offset += 4
      }
      if brands.contains(Array("avif".utf8)) || brands.contains(Array("avis".utf8)) {
        return .avif
      }
    }
    return nil
  }

  /// The format of bytes that may be stored, or an error saying why they may not: empty, over
  /// ``maximumBytes``, SVG, or not a supported image. A declared media type, when given, must
  /// be an image type other than SVG; the bytes decide the format.
  public static func validate(_ data: Data, declaredType: String?) throws -> ImageFormat {
    let declared = declaredType.map(Self.mediaType)
    if let declared, declared.contains("svg") {
      throw LarderCoreError.invalidImage(
        reason: "SVG images are refused because they can carry scripts")
    }
    if let declared, !declared.isEmpty, !declared.hasPrefix("image/"),
      declared != "application/octet-stream"
    {
      throw LarderCoreError.invalidImage(reason: "'\(declared)' is not an image type")
    }
    guard !data.isEmpty else { throw LarderCoreError.invalidImage(reason: "the image is empty") }
    guard data.count <= maximumBytes else {
      throw LarderCoreError.invalidImage(
        reason: "the image is \(data.count) bytes; the limit is \(maximumBytes >> 20) MiB")
    }
    if let format = detect(data) { return format }
    if looksLikeSVG(data) {
      throw LarderCoreError.invalidImage(
        reason: "SVG images are refused because they can carry scripts")
    }
    throw LarderCoreError.invalidImage(
      reason: "the bytes are not a JPEG, PNG, WebP, GIF or AVIF image")
  }

  /// The media type without parameters, lowercased: `image/PNG; q=1` is `image/png`.
  static func mediaType(_ text: String) -> String {
    (text.split(separator: ";", maxSplits: 1).first.map(String.init) ?? "")
      .trimmingCharacters(in: .whitespaces).lowercased()
  }

  private static func looksLikeSVG(_ data: Data) -> Bool {
    let head = String(decoding: data.prefix(1024), as: UTF8.self).lowercased()
    return head.contains("<svg")
  }
}
