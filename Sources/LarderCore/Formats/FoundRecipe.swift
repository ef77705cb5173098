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

  /// Makes an item.
  public init(
    index: Int, name: String?, result: Result<Recipe, LarderCoreError>, warnings: [String] = []
  ) {
    self.index = index
    self.name = name
    self.result = result
    self.warnings = warnings
  }
}
