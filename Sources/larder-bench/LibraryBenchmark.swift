import Foundation
import LarderApplication
import LarderCore
import LarderStore

/// The library's use cases on the store benchmark's database, as the command line (the
/// recipes' own favourites and ratings) and as a signed-in member with marks of their own (one
/// recipe in 50 a favourite, one in 20 rated), in the same run: what a member's marks cost a
/// library page, "favourites only", "top rated" and a search among favourites.
struct LibraryBenchmark {
  let path: String
  /// The corpus's recipes, in corpus order.
  let recipeIDs: [RecipeID]
  let queryCount: Int
  let searches: [String]

  /// One summary per operation and caller.
  func run(_ random: inout SeededRandom) throws -> [[String: Any]] {
    let larder = try Larder.open(
      databasePath: path, options: OpeningOptions(seedsStarterRecipes: false),
      caller: .defaultHousehold
    ).larder
    let store = try SQLiteRecipeStore.open(path: path)
    let accounts = SQLiteAccountStore(sharing: store)
    let user = UserID(rawValue: "bench-member")
    try accounts.insertUser(
      UserAccount(
        id: user, login: "bench", displayName: "Bench", passwordHash: "-", createdAt: Date()))
    try accounts.saveMembership(
      Membership(householdID: .default, userID: user, role: .member, joinedAt: Date()))
    for (index, id) in recipeIDs.enumerated() where index % 50 == 7 || index % 20 == 3 {
      try store.saveMark(
        RecipeMark(
          recipeID: id, isFavorite: index % 50 == 7,
          rating: index % 20 == 3 ? 1 + index % 5 : nil),
        user: user, household: .default)
    }
    let member = Caller(
      household: .default, user: user, role: .member, credential: .session(id: "bench"))
    let callers: [(name: String, caller: Caller)] = [
      ("larder-app-command-line", .defaultHousehold), ("larder-app-member", member),
    ]
    let favourites = LibraryFilters(favoritesOnly: true)
    let operations: [(name: String, request: (Int) -> LibraryRequest)] = [
      ("library-page-by-name", { LibraryRequest(sort: .name, offset: $0, limit: 24) }),
      ("library-favourites", { _ in LibraryRequest(sort: .name, filters: favourites) }),
      ("library-top-rated", { _ in LibraryRequest(sort: .rating) }),
      (
        "library-search-favourites",
        { round in
          LibraryRequest(text: searches[round % searches.count], filters: favourites)
        }
      ),
    ]
    var latencies = [[Latencies]](
      repeating: [Latencies](repeating: Latencies(), count: callers.count),
      count: operations.count)
    // Warm the library index once, then alternate callers so both meet the same caches.
    _ = try larder.browseLibrary(LibraryRequest(), as: .defaultHousehold)
    for round in 0..<queryCount {
      let offset = Int.random(in: 0..<max(1, recipeIDs.count - 24), using: &random)
      for (operation, entry) in operations.enumerated() {
        let request = entry.request(operation == 0 ? offset : round)
        for (index, caller) in callers.enumerated() {
          _ = try latencies[operation][index].measure {
            try larder.browseLibrary(request, as: caller.caller)
          }
        }
      }
    }
    return operations.indices.flatMap { operation in
      callers.indices.map { index in
        latencies[operation][index].summary(
          engine: callers[index].name, operation: operations[operation].name)
      }
    }
  }
}
