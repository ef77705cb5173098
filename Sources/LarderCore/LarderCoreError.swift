import Foundation

/// Everything that can go wrong in Larder's pure core, each with a message a user can act on.
public enum LarderCoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A field holds a value that cannot be understood; `item` is the position in a batch, if any.
  case invalidField(field: String, value: String, reason: String, item: Int? = nil)
  /// A required field is missing or empty.
  case missingField(field: String, item: Int? = nil)
  /// A document is not valid JSON (or not UTF-8); `detail` says where.
  case invalidJSON(detail: String)
  /// A document is valid JSON but holds no schema.org Recipe.
  case noRecipeFound
  /// No recipe with this ID exists in the household.
  case recipeNotFound(RecipeID)
  /// The household has no food or synonym by this name.
  case foodNotFound(String)
  /// Bytes offered as an image cannot be stored: `reason` says why (not an image, SVG, too
  /// large).
  case invalidImage(reason: String)
  /// No image with this ID exists in the household.
  case imageNotFound(ImageID)
  /// No pantry item, meal plan entry or shopping list line with this id exists in the
  /// household; `kind` names which ("pantry item").
  case notFound(kind: String, id: String)
  /// Bytes offered as a saved finder index or library summaries cannot be read back:
  /// truncated, damaged, written by another version or on another kind of machine; `reason`
  /// says which.
  case unreadableSnapshot(reason: String)

  /// A sentence naming what is wrong and where.
  public var description: String {
    switch self {
    case .invalidField(let field, let value, let reason, let item):
      let got = value.isEmpty ? "" : " (got '\(value.prefix(80))')"
      return "\(Self.prefix(item))field '\(field)': \(reason)\(got)"
    case .missingField(let field, let item):
      return "\(Self.prefix(item))field '\(field)' is required"
    case .invalidJSON(let detail):
      return "not valid JSON: \(detail)"
    case .noRecipeFound:
      return "no schema.org Recipe found in the document"
    case .recipeNotFound(let id):
      return "no recipe with id '\(id)'"
    case .foodNotFound(let name):
      return "no food or synonym of yours named '\(name)'"
    case .invalidImage(let reason):
      return "not a usable image: \(reason)"
    case .imageNotFound(let id):
      return "no image with id '\(id)'"
    case .notFound(let kind, let id):
      return "no \(kind) with id '\(id)'"
    case .unreadableSnapshot(let reason):
      return "not a usable saved finder index or library: \(reason)"
    }
  }

  private static func prefix(_ item: Int?) -> String {
    item.map { "item \($0 + 1): " } ?? ""
  }
}
