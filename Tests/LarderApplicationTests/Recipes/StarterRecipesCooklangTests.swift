import Foundation
import LarderCore
import Testing

@testable import LarderApplication

/// Every starter recipe written as Cooklang and read back by Larder is the same recipe, as far
/// as Cooklang carries one (scripts/interop/check_cooklang.py reads the same files with the
/// official parser).
@Suite struct StarterRecipesCooklangTests {
  /// The recipe as Cooklang carries it: no diets, nutrition, ratings, images' sizes, step
  /// names or identifiers, which `.cook` files have no place for.
  static func carried(_ recipe: Recipe) throws -> Recipe {
    var copy = try recipe.validated().importedContent
    copy.sourceID = nil
    copy.diets = []
    copy.nutrition = nil
    copy.sourceRating = nil
    for section in copy.instructionSections.indices {
      for step in copy.instructionSections[section].steps.indices {
        copy.instructionSections[section].steps[step].name = nil
      }
    }
    for section in copy.ingredientSections.indices {
      for line in copy.ingredientSections[section].lines.indices {
        copy.ingredientSections[section].lines[line].facts = nil
      }
    }
    return copy
  }

  @Test func everyStarterRecipeReadsBackFromItsCooklangExport() throws {
    let recipes = try StarterRecipes.load()
    #expect(recipes.count >= 60)
    let parser = IngredientParser()
    for recipe in recipes {
      let written = Cooklang.write(recipe, parser: parser)
      let items = Cooklang.readRecipes(from: written, fileName: nil)
      let read = try #require(items.first).result.get()
      #expect(items.count == 1)
      let (got, expected) = (try Self.carried(read), try Self.carried(recipe))
      #expect(got.ingredientSections == expected.ingredientSections, "\(recipe.name)")
      #expect(got.instructionSections == expected.instructionSections, "\(recipe.name)")
      #expect(got.yield == expected.yield, "\(recipe.name)")
      #expect(got == expected, "\(recipe.name):\n\(written)")
      // Read back verbatim, a recipe writes the same file again.
      #expect(Cooklang.write(read, parser: parser) == written, "\(recipe.name)")
    }
  }
}
