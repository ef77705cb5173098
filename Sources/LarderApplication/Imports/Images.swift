import Foundation
import LarderCore

/// An image's bytes offered for storing, with the media type they came with.
public struct ImageUpload: Sendable, Equatable {
  /// The bytes.
  public var data: Data
  /// The media type declared for them ("image/png", parameters allowed); it must be an
  /// image's, and the bytes decide what is stored.
  public var declaredType: String

  /// Makes an upload.
  public init(data: Data, declaredType: String) {
    self.data = data
    self.declaredType = declaredType
  }
}

/// An image as stored, as `POST /api/v1/images` answers it.
public struct UploadedImage: Codable, Sendable, Equatable {
  /// The image's ID.
  public var id: ImageID
  /// Where it is served (`/images/{id}`).
  public var url: String
  /// Its media type, as read from the bytes.
  public var contentType: String
  /// How many bytes it has.
  public var bytes: Int
}

extension Larder {
  /// Stores an image's bytes, checked to be an image of a kind Larder serves.
  ///
  /// - Throws: ``ApplicationError/unsupportedMediaType(_:expected:)`` when the declared type
  ///   is not an image's, ``ApplicationError/emptyBody(_:)`` when there are no bytes, and
  ///   ``ApplicationError/invalidImage(reason:)`` when they are not an image Larder serves.
  public func storeImage(_ upload: ImageUpload, as caller: Caller) throws -> UploadedImage {
    try caller.require(.change)
    let media = RequestDecoding.essence(upload.declaredType)
    guard media.hasPrefix("image/") else {
      throw ApplicationError.unsupportedMediaType(upload.declaredType, expected: .image)
    }
    guard !upload.data.isEmpty else { throw ApplicationError.emptyBody(.image) }
    let store = try imageStore()
    let id = try ApplicationError.translating {
      try store.putImage(
        upload.data, declaredType: media, household: caller.household, now: clock())
    }
    let format = try ApplicationError.translating {
      try store.image(id: id, household: caller.household)?.format
    }
    return UploadedImage(
      id: id, url: id.path, contentType: format?.contentType ?? media,
      bytes: upload.data.count)
  }

  /// The stored image with this ID.
  ///
  /// - Throws: ``ApplicationError/notFound(_:id:)`` when there is none, or this Larder keeps
  ///   no images.
  public func image(_ id: ImageID, as caller: Caller) throws -> StoredImage {
    let store = try imageStore()
    let found = try ApplicationError.translating {
      try store.image(id: id, household: caller.household)
    }
    guard let image = found else {
      throw ApplicationError.notFound(.image, id: id.rawValue)
    }
    return image
  }

  /// Deletes the stored image with this ID.
  public func deleteImage(_ id: ImageID, as caller: Caller) throws {
    try caller.require(.change)
    let store = try imageStore()
    try ApplicationError.translating { try store.deleteImage(id: id, household: caller.household) }
  }

  private func imageStore() throws -> any ImageStore {
    guard let images else {
      throw ApplicationError.nothingMatches("this Larder does not store images")
    }
    return images
  }
}
