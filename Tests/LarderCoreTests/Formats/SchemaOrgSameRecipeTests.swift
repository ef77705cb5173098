import Foundation
import LarderCore
import Testing

/// A JSON-LD document that describes one recipe in several nodes reads as one recipe; nodes
/// of one name that disagree stay apart.
@Suite struct SchemaOrgSameRecipeTests {
  static let full = #"""
    {"@type": "Recipe", "name": "Green Shakshuka", "url": "https://cook.example/shakshuka",
     "recipeIngredient": ["2 leeks", "200 g spinach", "4 eggs"],
     "recipeInstructions": "Soften the leeks. Wilt the spinach. Poach the eggs."}
    """#

  struct Example: Sendable, CustomStringConvertible {
    let description: String
    let nodes: [String]
    /// The names read, in order, and each one's ingredient count.
    let recipes: [String: Int]
    let count: Int
  }

  static let examples: [Example] = [
    Example(
      description: "an empty twin",
      nodes: [full, #"{"@type": "Recipe", "name": "Green Shakshuka"}"#],
      recipes: ["Green Shakshuka": 3], count: 1),
    Example(
      description: "an empty twin first",
      nodes: [#"{"@type": "Recipe", "name": "Green Shakshuka"}"#, full],
      recipes: ["Green Shakshuka": 3], count: 1),
    Example(
      description: "a partial twin in other case and spacing",
      nodes: [
        full,
        #"{"@type": "Recipe", "name": "green  shakshuka", "image": "https://cook.example/s.jpg"}"#,
      ], recipes: ["Green Shakshuka": 3], count: 1),
    Example(
      description: "a twin with the same lines and only steps",
      nodes: [
        full,
        #"{"@type": "Recipe", "name": "Green Shakshuka", "recipeIngredient": ["2 leeks", "200 g spinach", "4 eggs"]}"#,
      ], recipes: ["Green Shakshuka": 3], count: 1),
    Example(
      description: "a same-named recipe with other ingredients",
      nodes: [
        full,
        #"{"@type": "Recipe", "name": "Green Shakshuka", "recipeIngredient": ["1 courgette", "3 eggs"]}"#,
      ], recipes: ["Green Shakshuka": 3], count: 2),
    Example(
      description: "two recipes of different names",
      nodes: [full, #"{"@type": "Recipe", "name": "Flatbread", "recipeIngredient": ["flour"]}"#],
      recipes: ["Green Shakshuka": 3, "Flatbread": 1], count: 2),
  ]

  @Test(arguments: examples)
  func nodesOfOneRecipeMerge(_ example: Example) throws {
    let items = try JSONLD.items(
      in:
        #"{"@context": "https://schema.org", "@graph": [\#(example.nodes.joined(separator: ","))]}"#
    )
    #expect(items.count == example.count)
    #expect(items.map(\.index) == Array(0..<items.count), "items are numbered again")
    let first = try #require(items.first).result.get()
    #expect(first.ingredientLines.count == example.recipes[first.name])
    #expect(first.steps.count == 1)
  }

  @Test func recipesOfALarderExportWithTheirOwnIDsNeverMerge() throws {
    // A library may hold a stub beside the full recipe of the same name; its export says so.
    let items = try JSONLD.items(
      in: #"""
        [{"@type": "Recipe", "name": "Green Shakshuka", "recipeIngredient": ["2 leeks"],
          "larder": {"id": "7d0c1a52-0000-4000-8000-000000000001"}},
         {"@type": "Recipe", "name": "Green Shakshuka",
          "larder": {"id": "7d0c1a52-0000-4000-8000-000000000002", "notes": "try with feta"}}]
        """#)
    #expect(items.count == 2)
  }

  @Test func theMergedItemHasEveryNodesFieldsAndSaysSo() throws {
    let items = try JSONLD.items(
      in: """
        [\(Self.full),
         {"@type": "Recipe", "name": "Green Shakshuka", "description": "Spring in a pan.",
          "image": "https://cook.example/s.jpg", "recipeYield": "2"}]
        """)
    let item = try #require(items.first)
    #expect(items.count == 1)
    let recipe = try item.result.get()
    #expect(recipe.description == "Spring in a pan.")
    #expect(recipe.images == ["https://cook.example/s.jpg"])
    #expect(recipe.yield?.servings == 2)
    #expect(
      item.warnings == [
        "node 2 is the same recipe, 'Green Shakshuka': merged into this one (it gave: "
          + "description, images, yield)"
      ])
  }

  @Test func anImportThatLeavesAFieldEmptyKeepsTheStoredOneButNotTheUsersOwn() throws {
    var stored = try JSONLD.onlyRecipe(in: Self.full)
    stored.notes = "Add feta"
    stored.rating = 5
    let again = Recipe(name: "Green Shakshuka", sourceURL: "https://cook.example/shakshuka")
    let (merged, kept) = again.replacing(stored)
    #expect(kept == [.ingredients, .steps])
    #expect(merged.ingredientLines == stored.ingredientLines)
    #expect(merged.notes == "Add feta")
    #expect(merged.rating == 5)
    #expect(
      RecipeField.keptWarning(kept)
        == "kept the stored ingredients, steps: the import left them empty")
    #expect(RecipeField.keptWarning([]) == nil)
  }
}
