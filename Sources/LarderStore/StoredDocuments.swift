import Foundation
import LarderCore

/// How a household's own food and a user's settings lists are written into text columns, the
/// same in the SQLite and the PostgreSQL stores (so a library copied between them reads alike).
enum StoredDocuments {
  /// A user food as stored: the catalog's `Food` as JSON.
  static func encodeFood(_ food: Food) throws -> String {
    String(decoding: try JSONEncoder().encode(food), as: UTF8.self)
  }

  /// A stored user food; an unreadable one is a corrupt row, named by its id.
  static func decodeFood(_ text: String?, id: String) throws -> Food {
    do {
      return try JSONDecoder().decode(Food.self, from: Data((text ?? "").utf8))
    } catch {
      throw LarderStoreError.corruptDocument(id: "food \(id)", reason: "\(error)")
    }
  }

  /// A settings list (staples, diets) as a JSON array of text.
  static func encodeList(_ list: [String]) -> String {
    let data = (try? JSONEncoder().encode(list)) ?? Data("[]".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  /// A stored settings list; missing or unreadable text reads as empty.
  static func decodeList(_ text: String?) -> [String] {
    guard let text else { return [] }
    return (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
  }
}
