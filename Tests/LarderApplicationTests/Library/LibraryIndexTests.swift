import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderApplication

/// The library's in-memory orders stay what a full sort would give after each write.
@Suite struct LibraryIndexTests {
  static func entries(_ count: Int) -> [LibraryEntry] {
    (0..<count).map { index in
      var recipe = Fixtures.tomatoSoup()
      recipe.id = RecipeID(rawValue: String(format: "id-%03d", index))
      recipe.name = ["Soup", "Stew", "Salad", "Bread", "Cake"][index % 5] + " \(index % 7)"
      recipe.rating = index % 3 == 0 ? nil : index % 6
      recipe.prepTime = RecipeDuration(minutes: (index * 13) % 50)
      recipe.cookTime = nil
      recipe.createdAt = Fixtures.now.addingTimeInterval(Double((index * 37) % 11))
      recipe.updatedAt = recipe.createdAt
      return LibraryEntry(RecipeSummary(recipe))
    }
  }

  @Test(arguments: RecipeSort.allCases)
  func patchedOrdersMatchAFullSort(sort: RecipeSort) {
    var entries = Self.entries(40)
    var order = LibrarySorting.sorted(Array(entries.indices), entries, by: sort)
    // A change in place: rename and re-rate one recipe.
    var summary = entries[7].summary
    summary.name = "Aardvark Pie"
    summary.rating = 5
    entries[7] = LibraryEntry(summary)
    order = LibrarySorting.patched(order, entries, by: sort, placed: 7)
    #expect(order == LibrarySorting.sorted(Array(entries.indices), entries, by: sort))
    // A new recipe at the end.
    entries.append(Self.entries(41)[40])
    order = LibrarySorting.patched(order, entries, by: sort, placed: 40)
    #expect(order == LibrarySorting.sorted(Array(entries.indices), entries, by: sort))
    // A deletion in the middle.
    entries.remove(at: 12)
    order = LibrarySorting.patched(order, entries, by: sort, removed: 12)
    #expect(order == LibrarySorting.sorted(Array(entries.indices), entries, by: sort))
  }
}
