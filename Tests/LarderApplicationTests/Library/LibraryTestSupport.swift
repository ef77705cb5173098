import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport

/// A Larder over an in-memory store holding pancakes, tomato soup and crème brûlée.
struct LibraryFixture {
  let larder: Larder
  let pancakes: Recipe
  let soup: Recipe
  let cremeBrulee: Recipe

  init() throws {
    let larder = Larder(recipes: InMemoryRecipeStore(), clock: { Fixtures.now })
    let stored = try [Fixtures.pancakes(), Fixtures.tomatoSoup(), Fixtures.cremeBrulee()].map {
      try larder.recipes.createRecipe($0, household: .default, now: Fixtures.now)
    }
    self.larder = larder
    (pancakes, soup, cremeBrulee) = (stored[0], stored[1], stored[2])
  }

  /// The names on a library page, in order.
  func names(_ request: LibraryRequest) throws -> [String] {
    try larder.browseLibrary(request, as: .defaultHousehold).items.map(\.name)
  }
}
