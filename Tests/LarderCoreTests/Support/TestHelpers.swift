import Foundation
import LarderCore
import Testing

extension LarderCoreError {
  /// The field an error names, so tests can check where a problem was found.
  var field: String? {
    switch self {
    case .invalidField(let field, _, _, _), .missingField(let field, _): return field
    default: return nil
    }
  }

  /// Whether the error says the document is not JSON.
  var isInvalidJSON: Bool {
    if case .invalidJSON = self { return true }
    return false
  }
}

/// Reading JSON-LD documents written as string literals in the tests.
enum JSONLD {
  /// Every item readRecipes finds in the document.
  static func items(in document: String) throws -> [FoundRecipe] {
    try SchemaOrg.readRecipes(from: Data(document.utf8))
  }

  /// The one recipe in the document, which must have been read without error.
  static func onlyRecipe(in document: String) throws -> Recipe {
    let items = try items(in: document)
    try #require(items.count == 1)
    return try items[0].result.get()
  }

  /// A recipe object named "Test Recipe" with the given extra properties (a JSON fragment).
  static func recipe(with properties: String) throws -> Recipe {
    try onlyRecipe(
      in: """
        {"@context": "https://schema.org", "@type": "Recipe", "name": "Test Recipe", \(properties)}
        """)
  }
}

/// Decodes a recipe from JSON text with Larder's conventions.
func decodeRecipe(_ json: String) throws -> Recipe {
  try LarderJSON.decode(Recipe.self, from: Data(json.utf8))
}
