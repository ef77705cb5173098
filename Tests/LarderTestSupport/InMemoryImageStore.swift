import Foundation
import LarderCore

/// An ``ImageStore`` held in memory: the double for code above the store, and a second
/// implementation the image store contract tests check alongside SQLite.
///
/// `@unchecked Sendable`: all state is reached only while holding `lock`.
public final class InMemoryImageStore: ImageStore, @unchecked Sendable {
  private let lock = NSLock()
  private var images: [(household: HouseholdID, image: StoredImage)] = []

  /// Makes an empty store.
  public init() {}

  /// Stores the bytes, or returns the ID of identical bytes stored before in the household.
  public func putImage(
    _ data: Data, format: ImageFormat, household: HouseholdID, now: Date
  ) throws -> ImageID {
    lock.lock()
    defer { lock.unlock() }
    if let existing = images.first(where: { $0.household == household && $0.image.data == data }) {
      return existing.image.id
    }
    let id = ImageID(UUID())
    images.append((household, StoredImage(id: id, format: format, data: data, createdAt: now)))
    return id
  }

  /// The image with this ID in the household, or nil.
  public func image(id: ImageID, household: HouseholdID) throws -> StoredImage? {
    lock.lock()
    defer { lock.unlock() }
    return images.first { $0.household == household && $0.image.id == id }?.image
  }

  /// Deletes the image, or throws ``LarderCoreError/imageNotFound(_:)``.
  public func deleteImage(id: ImageID, household: HouseholdID) throws {
    lock.lock()
    defer { lock.unlock() }
    guard let index = images.firstIndex(where: { $0.household == household && $0.image.id == id })
    else { throw LarderCoreError.imageNotFound(id) }
    images.remove(at: index)
  }

  /// How many images are stored, across households.
  public var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return images.count
  }
}
