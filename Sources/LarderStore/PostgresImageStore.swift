import Foundation
import LarderCore

/// Images in the same PostgreSQL database as the recipes, as `bytea`. Behaves as
/// ``SQLiteImageStore`` does: the same contract tests run on both. Get one from
/// ``PostgresRecipeStore/imageStore``.
public final class PostgresImageStore: ImageStore {
  private let database: PostgresDatabase

  init(database: PostgresDatabase) {
    self.database = database
  }

  /// Stores the bytes, or returns the ID of identical bytes stored before in the household.
  public func putImage(
    _ data: Data, format: ImageFormat, household: HouseholdID, now: Date
  ) throws -> ImageID {
    let digest = ImageDigest.fnv1a(data)
    // Under the write lock: two processes storing the same bytes at once keep one copy.
    return try database.write("storing an image") { connection in
      let existing = try connection.query(
        "SELECT id FROM images WHERE household_id = $1 AND digest = $2 AND bytes = $3",
        [.text(household.rawValue), .text(digest), .bytes(data)],
        operation: "looking for an identical image"
      ) { $0.string(0) ?? "" }
      if let id = existing.first { return ImageID(rawValue: id) }
      let id = ImageID(UUID())
      try connection.run(
        """
        INSERT INTO images (id, household_id, format, byte_count, digest, created_at, bytes)
        VALUES ($1, $2, $3, $4, $5, $6, $7)
        """,
        [
          .text(id.rawValue), .text(household.rawValue), .text(format.rawValue),
          .integer(Int64(data.count)), .text(digest), .real(now.timeIntervalSince1970),
          .bytes(data),
        ], operation: "storing an image")
      return id
    }
  }

  /// The image with this ID in the household, or nil.
  public func image(id: ImageID, household: HouseholdID) throws -> StoredImage? {
    try database.read("reading an image") { connection in
      try connection.query(
        "SELECT format, created_at, bytes FROM images WHERE id = $1 AND household_id = $2",
        [.text(id.rawValue), .text(household.rawValue)], operation: "reading an image"
      ) { row -> StoredImage in
        let text = row.string(0) ?? ""
        guard let format = ImageFormat(rawValue: text) else {
          throw LarderStoreError.corruptDocument(
            id: id.rawValue, reason: "unknown image format '\(text)'")
        }
        return StoredImage(
          id: id, format: format, data: row.data(2),
          createdAt: Date(timeIntervalSince1970: row.double(1)))
      }.first
    }
  }

  /// Deletes the image, or throws ``LarderCoreError/imageNotFound(_:)``.
  public func deleteImage(id: ImageID, household: HouseholdID) throws {
    try database.write("deleting an image") { connection in
      let deleted = try connection.run(
        "DELETE FROM images WHERE id = $1 AND household_id = $2",
        [.text(id.rawValue), .text(household.rawValue)], operation: "deleting an image")
      guard deleted > 0 else { throw LarderCoreError.imageNotFound(id) }
    }
  }
}

extension PostgresRecipeStore {
  /// The images kept in this store's database.
  public var imageStore: PostgresImageStore { PostgresImageStore(database: database) }
}
