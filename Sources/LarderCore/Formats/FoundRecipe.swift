import Foundation

/// One recipe found in a document of any format a reader takes (schema.org, Cooklang,
/// MealMaster, an app's export, ...): the recipe or why it could not be read, and warnings
/// about fields that were left empty because their value made no sense.
public struct FoundRecipe: Sendable {
  /// The recipe's position among the recipes found in the document, from 0.
  public var index: Int
  /// The recipe's name, when it has one, to identify it in a report.
  public var name: String?
  /// The recipe, or the error that stopped it being read.
  public var result: Result<Recipe, LarderCoreError>
  /// Fields that were ignored, each naming the field and the value.
  public var warnings: [String]
  /// Photos that came inside the document, in the order the recipe gives them; the import
  /// stores them and puts their addresses first in the recipe's images.
  public var embeddedImages: [EmbeddedImage]

  /// Makes an item.
  public init(
    index: Int, name: String?, result: Result<Recipe, LarderCoreError>, warnings: [String] = [],
    embeddedImages: [EmbeddedImage] = []
  ) {
    self.index = index
    self.name = name
    self.result = result
    self.warnings = warnings
    self.embeddedImages = embeddedImages
  }

  /// The item with `images` as its embedded photos.
  public func embedding(_ images: [EmbeddedImage]) -> FoundRecipe {
    var item = self
    item.embeddedImages = images
    return item
  }
}

extension FoundRecipe {
  /// The item `read` makes of the recipe at `index`, or why it could not: a
  /// ``LarderCoreError`` as thrown, any other error as an invalid `field` naming the recipe.
  /// The warnings `read` gathered are kept either way.
  public static func reading(
    index: Int, name: String?, field: String,
    _ read: (inout [String]) throws -> Recipe
  ) -> FoundRecipe {
    var warnings: [String] = []
    do {
      let recipe = try read(&warnings)
      return FoundRecipe(index: index, name: name, result: .success(recipe), warnings: warnings)
    } catch let error as LarderCoreError {
      return FoundRecipe(index: index, name: name, result: .failure(error), warnings: warnings)
    } catch {
      let failure = LarderCoreError.invalidField(
        field: field, value: name ?? "", reason: "\(error)", item: index)
      return FoundRecipe(index: index, name: name, result: .failure(failure), warnings: warnings)
    }
  }
}
