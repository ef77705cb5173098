import LarderCore

/// A catalog food as answers name it: its id and its name, `{"id": "egg", "name": "egg"}`.
/// One type for every answer that points at a food (the finder's matches, a recipe's lines, the
/// aisles), so each writes a food the same way.
public struct FoodReference: Sendable, Hashable, Encodable {
  /// The food's catalog id.
  public var id: String
  /// The food's name (its id when the catalog no longer has it).
  public var name: String

  /// Names a food.
  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }

  /// The food with this id, named as `catalog` names it now.
  public init(id: String, in catalog: FoodCatalog) {
    self.init(id: id, name: catalog.name(id: id) ?? id)
  }
}
