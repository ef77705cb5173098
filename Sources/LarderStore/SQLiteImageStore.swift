import Foundation
import LarderCore

/// Images in the same SQLite database as the recipes, so a backup of the file is a backup of
/// everything. Get one from ``SQLiteRecipeStore/imageStore``.
public final class SQLiteImageStore: ImageStore {
  private let database: SQLiteDatabase

  init(database: SQLiteDatabase) {
    self.database = database
  }

  /// Stores the bytes, or returns the ID of identical bytes stored before in the household.
  public func putImage(
    _ data: Data, format: ImageFormat, household: HouseholdID, now: Date
  ) throws -> ImageID {
    let digest = Self.digest(data)
    return try database.write("storing an image") { connection in
      let existing = try connection.query(
        "SELECT id FROM images WHERE household_id = ? AND digest = ? AND bytes = ?",
        [.text(household.rawValue), .text(digest), .blob(data)],
        operation: "looking for an identical image"
      ) { $0.string(0) ?? "" }
      if let id = existing.first { return ImageID(rawValue: id) }
      let id = ImageID(UUID())
      try connection.run(
        """
        INSERT INTO images (id, household_id, format, byte_count, digest, created_at, bytes)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """,
        [
          .text(id.rawValue), .text(household.rawValue), .text(format.rawValue),
          .integer(Int64(data.count)), .text(digest), .real(now.timeIntervalSince1970),
          .blob(data),
        ], operation: "storing an image")
      return id
    }
  }

  /// The image with this ID in the household, or nil.
  public func image(id: ImageID, household: HouseholdID) throws -> StoredImage? {
    try database.read("reading an image") { connection in
      try connection.query(
        "SELECT format, created_at, bytes FROM images WHERE id = ? AND household_id = ?",
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
      let found = try connection.query(
        "SELECT seq FROM images WHERE id = ? AND household_id = ?",
        [.text(id.rawValue), .text(household.rawValue)], operation: "finding an image"
      ) { $0.int(0) }
      guard let seq = found.first else { throw LarderCoreError.imageNotFound(id) }
      try connection.run(
        "DELETE FROM images WHERE seq = ?", [.integer(seq)], operation: "deleting an image")
    }
  }

  /// FNV-1a (64-bit) of the bytes, in hex: a lookup key, not a security boundary.
  static func digest(_ data: Data) -> String { ImageDigest.fnv1a(data) }
}

extension SQLiteRecipeStore {
  /// The images kept in this store's database.
  public var imageStore: SQLiteImageStore { SQLiteImageStore(database: database) }
}
